//! Stores and single items: `pegar_lojas`, `start_site`, `pegar_produto_url_site`,
//! `pegar_anuncio_url_site`, `pegar_dadosforn` and `validar_cupom`. A hidden supplier's store is
//! in maintenance, and its products, data and coupons are not found.

use super::{
    ads_of,
    answers::{
        AdDetail, AdminReadyStore, AdminStoreSupplier, AdminStorefrontView, CouponCheck, Exists,
        MaintenanceSupplier, ModeratedProduct, ProductDetail, ProductPage, ReadyStore, StoreCard,
        StoreLook, Storefront, Stores, SupplierData,
    },
    lookups, products_of, queries,
    rows::{AdRow, ProductRow, StoreRow, SupplierRow},
};
use crate::{
    auth::MaybeAuthUser,
    db::now_ms,
    domain::{
        coupons::{self, CouponRow},
        delivery_days, reviews,
    },
    error::{ApiError, ApiResult},
    messages::{ANUNCIO_NAO_ENCONTRADO, FORNECEDOR_NAO_ENCONTRADO, PRODUTO_NAO_ENCONTRADO},
    rpc::{
        fields::Reais,
        shapes::{Product, PublicSupplier, True},
    },
    state::AppState,
};
use serde::Deserialize;
use sqlx::AnyConnection;
use wasm_core::{coupon::CouponCode, messages::CUPOM_NAO_ENCONTRADO};

/// `start_site`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StartSite {
    pub urlforn: String,
}

/// `pegar_produto_url_site` and `pegar_anuncio_url_site`: ids are unique, so `userforn` and
/// `categoria` (kept for the spec's clients) are not needed.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = ItemById)]
pub struct ItemRef {
    pub id: String,
}

/// `pegar_dadosforn`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SupplierRef {
    pub usuario: String,
}

/// `validar_cupom`: the typed code travels as `cupom` (`codigo` names the action).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CheckCoupon {
    pub userforn: String,
    pub cupom: String,
}

/// `pegar_lojas`: `regiao` (optional) the buyer's region.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct StoreList {
    #[serde(default)]
    pub regiao: Option<String>,
}

/// `pegar_lojas`: visible stores with a URL and their city; with a region, those that serve it
/// first (`atende`), each group best sellers first; without one, best sellers first.
pub async fn stores(state: &AppState, req: StoreList) -> ApiResult<Stores> {
    let region = req
        .regiao
        .as_deref()
        .filter(|r| !r.trim().is_empty())
        .map(super::region)
        .transpose()?;
    let (label, uf) = region
        .as_ref()
        .map_or(("", ""), |r| (r.label.as_str(), r.uf.as_str()));
    let rows: Vec<StoreRow> = sqlx::query_as(queries::STORES)
        .bind(false)
        .bind(label)
        .bind(uf)
        .fetch_all(&state.db)
        .await?;
    let ids: Vec<&str> = rows.iter().map(|s| s.user_id.as_str()).collect();
    let ratings = reviews::ratings(&state.db, &ids).await?;
    let stores = rows
        .into_iter()
        .map(|s| StoreCard {
            rating: ratings.get(&s.user_id).copied().unwrap_or_default().into(),
            id: s.user_id,
            url: s.url,
            name: s.nomeforn,
            icon: s.iconeforn,
            sales: s.vendasforn,
            city: s.cidade,
            serves: region.as_ref().map(|_| s.atende != 0),
        })
        .collect();
    Ok(Stores { stores })
}

/// A supplier's public `dadosforn` (places and store categories included).
async fn public_supplier(conn: &mut AnyConnection, s: &SupplierRow) -> ApiResult<PublicSupplier> {
    let places = lookups::supplier_places(conn, &s.user_id).await?;
    let categories = lookups::store_categories(conn, &s.user_id).await?;
    let rating = reviews::rating(&mut *conn, &s.user_id).await?;
    let days = delivery_days::load(&mut *conn, &s.user_id).await?;
    let mut supplier = PublicSupplier::new(s, &places, &categories).rated(rating.into());
    supplier.extensions.delivery = supplier.extensions.delivery.with_days(days);
    Ok(supplier)
}

/// `start_site`: the storefront at `/{urlforn}`: not found, in maintenance (hidden supplier),
/// or ready with every enabled product, best sellers first.
pub async fn start_site(state: &AppState, req: StartSite) -> ApiResult<Storefront> {
    let url = req.urlforn.trim().to_lowercase();
    let mut conn = state.db.acquire().await?;
    let supplier: Option<SupplierRow> = sqlx::query_as(queries::SUPPLIER_BY_URL)
        .bind(&url)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(s) = supplier else {
        return Ok(Storefront::Missing { exist: Exists });
    };
    if s.hidden != 0 {
        return Ok(Storefront::Maintenance {
            exist: Exists,
            manutencao: True,
            dadosforn: MaintenanceSupplier {
                name: s.nomeforn,
                icon: s.iconeforn,
            },
        });
    }
    Ok(Storefront::Ready(Box::new(
        ready_store(&mut conn, &s).await?,
    )))
}

/// A ready storefront: the palette, the supplier's data and every enabled product, best sellers
/// first.
async fn ready_store(conn: &mut AnyConnection, s: &SupplierRow) -> ApiResult<ReadyStore> {
    let products: Vec<ProductRow> = sqlx::query_as(queries::STORE_PRODUCTS)
        .bind(&s.user_id)
        .bind(false)
        .fetch_all(&mut *conn)
        .await?;
    Ok(ReadyStore {
        exist: Exists,
        infos: StoreLook { palette: s.paleta },
        dadosforn: public_supplier(conn, s).await?,
        products: products_of(&lookups::products(conn, products, lookups::by_sales).await?),
    })
}

/// `start_site_admin`: the storefront of the supplier whose URL or user id is `key`,
/// ready even when the supplier is hidden (`dadosforn.oculto` says whether it is, by itself or by the admin); `exist: 0`
/// when there is none. Only the admin's handler calls it.
pub async fn admin_storefront(state: &AppState, key: &str) -> ApiResult<AdminStorefrontView> {
    let mut conn = state.db.acquire().await?;
    let by_url: Option<SupplierRow> = sqlx::query_as(queries::SUPPLIER_BY_URL)
        .bind(key.trim().to_lowercase())
        .fetch_optional(&mut *conn)
        .await?;
    let supplier = match by_url {
        Some(s) => Some(s),
        None => {
            sqlx::query_as(queries::SUPPLIER_BY_ID)
                .bind(key.trim())
                .fetch_optional(&mut *conn)
                .await?
        }
    };
    match supplier {
        Some(s) => {
            let store = ready_store(&mut conn, &s).await?;
            let moderation: Vec<ModeratedProduct> = sqlx::query_as(
                "SELECT id, titulo, categoria, icone, \
                 CAST(CASE WHEN desabilitado THEN 1 ELSE 0 END AS BIGINT) AS desabilitado, \
                 CASE WHEN moderado_em IS NULL THEN NULL \
                 ELSE COALESCE(moderado_motivo, '') END AS moderacao \
                 FROM products WHERE supplier_id = $1 ORDER BY titulo, id",
            )
            .bind(&s.user_id)
            .fetch_all(&mut *conn)
            .await?;
            Ok(AdminStorefrontView::Ready(Box::new(AdminReadyStore {
                exist: store.exist,
                infos: store.infos,
                dadosforn: AdminStoreSupplier {
                    public: store.dadosforn,
                    hidden: s.hidden != 0,
                },
                products: store.products,
                moderation,
            })))
        }
        None => Ok(AdminStorefrontView::Missing { exist: Exists }),
    }
}

/// `pegar_produto_url_site`: a product of a visible supplier, with its `dadosforn`; one its
/// supplier disabled answers with `status: true` (its page says 'Indisponível', decisions.md §26).
pub async fn product_detail(state: &AppState, req: ItemRef) -> ApiResult<ProductDetail> {
    let not_found = || ApiError::NotFound(PRODUTO_NAO_ENCONTRADO.into());
    let mut conn = state.db.acquire().await?;
    let rows: Vec<ProductRow> = sqlx::query_as(queries::PRODUCT_BY_ID)
        .bind(req.id.trim())
        .bind(false)
        .fetch_all(&mut *conn)
        .await?;
    let p = lookups::products(&mut conn, rows, lookups::by_sales)
        .await?
        .pop()
        .ok_or_else(not_found)?;
    let s: SupplierRow = sqlx::query_as(queries::SUPPLIER_BY_ID)
        .bind(&p.item.supplier_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(not_found)?;
    let disabled: i64 = sqlx::query_scalar(
        "SELECT CASE WHEN desabilitado THEN 1 ELSE 0 END FROM products WHERE id = $1",
    )
    .bind(&p.item.id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(ProductDetail {
        item: ProductPage {
            product: Product::new(&p.item, &p.photos, disabled != 0),
            dadosforn: public_supplier(&mut conn, &s).await?,
        },
    })
}

/// `pegar_anuncio_url_site`: one direct ad (not one the moderation hid).
pub async fn ad_detail(state: &AppState, req: ItemRef) -> ApiResult<AdDetail> {
    let mut conn = state.db.acquire().await?;
    let rows: Vec<AdRow> = sqlx::query_as(queries::AD_BY_ID)
        .bind(req.id.trim())
        .fetch_all(&mut *conn)
        .await?;
    let hidden: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM ads WHERE id = $1 AND moderado_em IS NOT NULL")
            .bind(req.id.trim())
            .fetch_one(&mut *conn)
            .await?;
    let rows = if hidden > 0 { Vec::new() } else { rows };
    let item = ads_of(&lookups::ads(&mut conn, rows).await?)
        .pop()
        .ok_or_else(|| ApiError::NotFound(ANUNCIO_NAO_ENCONTRADO.into()))?;
    Ok(AdDetail { item })
}

/// `pegar_dadosforn`: a visible supplier's public data.
pub async fn supplier_data(state: &AppState, req: SupplierRef) -> ApiResult<SupplierData> {
    let mut conn = state.db.acquire().await?;
    let s: SupplierRow = sqlx::query_as(queries::SUPPLIER_BY_ID)
        .bind(req.usuario.trim())
        .fetch_optional(&mut *conn)
        .await?
        .filter(|s: &SupplierRow| s.hidden == 0)
        .ok_or_else(|| ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()))?;
    Ok(SupplierData {
        dadosforn: public_supplier(&mut conn, &s).await?,
    })
}

/// `validar_cupom`: the coupon of a visible supplier whose code the buyer typed (upper-cased
/// first), as `{codigo, tipo, valor}` with `valor` in percent or reais, and its rules. Its days
/// and uses are checked now (decisions.md §32: `Cupom expirado.`, `Este cupom já foi usado.`
/// for a signed-in buyer who used a coupon of one use per buyer, …); its minimum is the
/// checkout's, which knows the bag.
pub async fn check_coupon(
    state: &AppState,
    caller: MaybeAuthUser,
    req: CheckCoupon,
) -> ApiResult<CouponCheck> {
    let not_found = || ApiError::NotFound(CUPOM_NAO_ENCONTRADO.into());
    let code = CouponCode::parse(&req.cupom).map_err(|_| not_found())?;
    let supplier = req.userforn.trim();
    let row: CouponRow = sqlx::query_as(queries::COUPON.as_str())
        .bind(supplier)
        .bind(code.as_str())
        .bind(false)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(not_found)?;
    let coupon = row.coupon().ok_or_else(not_found)?;
    let buyer = caller.user.as_ref().map(|u| u.id.as_str());
    let uses = coupons::uses(&state.db, supplier, code.as_str(), row.criado_em, buyer).await?;
    let rules = coupon.rules();
    rules.check_time(now_ms()).map_err(coupons::refusal)?;
    rules.check_uses(uses).map_err(coupons::refusal)?;
    Ok(CouponCheck {
        codigo: coupon.code().as_str().to_owned(),
        tipo: coupon.kind().as_str().to_owned(),
        valor: Reais::from_centavos(coupon.value_hundredths()),
        validade_inicio: rules.validade_inicio.map(|d| d.iso()),
        validade_fim: rules.validade_fim.map(|d| d.iso()),
        pedido_minimo: rules
            .pedido_minimo_centavos
            .map(|m| Reais::from_centavos(m.centavos())),
        um_por_cliente: rules.um_por_cliente,
    })
}

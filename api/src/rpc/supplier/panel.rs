//! `loading_forn_site` and the panel's JSON shapes (docs/rpc.md, "The supplier panel"): the
//! supplier's private `dadosforn` (the public one plus `cpf`, `email`, `oculto`, coupons, the
//! Pix key and the start address) and the panel product (with its real `status`).

use super::{FORNECEDOR_NAO_ENCONTRADO, deliveries, events, own_supplier};
use crate::{
    auth::AuthUser,
    db::Db,
    domain::{
        coupons::{COUPON_COLUMNS, CouponRow},
        delivery_days, ledger,
    },
    error::{ApiError, ApiResult},
    messages::PRODUTO_NAO_ENCONTRADO,
    rpc::{
        catalog,
        fields::Reais,
        shapes::{
            Categories, Coupon, Coupons, Delivery, PanelDelivery, PanelExtensions, PanelPayments,
            PanelSite, PanelSupplier, Product, SupplierCore,
        },
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `loading_forn_site`: `usuario`, when sent, must be the session's user.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoadPanel {
    #[serde(rename = "usuario", default)]
    pub user_id: Option<String>,
}

/// `loading_forn_site`'s `infos`: the private `dadosforn` and the panel's figures.
#[derive(Debug, Serialize, ToSchema)]
pub struct PanelInfos {
    #[serde(flatten)]
    pub supplier: PanelSupplier,
    /// Every product, newest first, disabled ones included.
    #[serde(rename = "produtos")]
    pub products: Vec<Product>,
    /// Deliveries awaiting.
    #[serde(rename = "pendentes")]
    pub pending: i64,
    /// The balance: the open items (decisions.md §9).
    #[serde(rename = "saldo")]
    pub balance: Reais,
    /// The history's years: the first order's year to the current one.
    #[serde(rename = "anos")]
    pub years: Vec<i32>,
    /// The new store's steps; the panel shows them until every one is done.
    pub checklist: SetupChecklist,
    /// Why the administrator hid the store, while hidden (its owner is told why).
    pub motivo_invisivel: Option<String>,
}

/// A new store's steps ('Sua loja em poucos minutos'), each done or not.
#[derive(Debug, Serialize, ToSchema)]
pub struct SetupChecklist {
    /// The store's URL confirmed in 'Loja online'.
    pub url: bool,
    /// The payment options chosen in 'Pagamentos', with the Pix key when Pix is on.
    pub pagamentos: bool,
    /// Delivery or pickup set in 'Delivery'.
    pub entrega: bool,
    /// A product with a photo on sale.
    pub produto: bool,
    /// Every step done.
    pub completo: bool,
}

impl From<crate::domain::stores::Checklist> for SetupChecklist {
    fn from(c: crate::domain::stores::Checklist) -> Self {
        Self {
            url: c.url,
            pagamentos: c.payments,
            entrega: c.delivery,
            produto: c.product,
            completo: c.complete(),
        }
    }
}

/// `loading_forn_site`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PanelLoad {
    pub infos: PanelInfos,
}

/// The supplier as the panel reads it: the catalogue's row and the private columns.
#[derive(Debug, sqlx::FromRow)]
struct SupplierRow {
    #[sqlx(flatten)]
    public: catalog::rows::SupplierRow,
    documento: String,
    email: String,
    modelo: Option<String>,
    oculto: i64,
    invisivel: i64,
    pix_chave: Option<String>,
    entrega_rua: Option<String>,
    entrega_numero: Option<String>,
    entrega_cidade: Option<String>,
    entrega_cep: Option<String>,
    entrega_bairro: Option<String>,
}

/// A product as the panel reads it: the catalogue's row, whether it is disabled, and why the
/// moderation hid it.
#[derive(Debug, sqlx::FromRow)]
struct ProductRow {
    #[sqlx(flatten)]
    item: catalog::rows::ProductRow,
    desabilitado: i64,
    moderado_em: Option<i64>,
    moderado_motivo: Option<String>,
}

const PRODUCT_SELECT: &str = "SELECT p.id, p.supplier_id, p.categoria, p.subcategoria, p.titulo, \
     p.descricao, p.icone, p.preco_centavos, p.preco_promo_centavos, p.minimo_promo, p.minimo, \
     p.estoque, p.opcoes, CAST(CASE WHEN p.desabilitado THEN 1 ELSE 0 END AS BIGINT) AS desabilitado, \
     p.vendas, p.criado_em, s.nomeforn, s.url AS urlforn, p.moderado_em, p.moderado_motivo, \
     CAST(CASE WHEN p.aceita_observacao THEN 1 ELSE 0 END AS BIGINT) AS aceita_observacao, \
     CAST(CASE WHEN p.organico THEN 1 ELSE 0 END AS BIGINT) AS organico \
     FROM products p JOIN suppliers s ON s.user_id = p.supplier_id ";

fn product_of(p: &ProductRow, photos: &[(String, String)]) -> Product {
    let mut product = Product::new(&p.item, photos, p.desabilitado != 0);
    if p.moderado_em.is_some() {
        product.moderation = Some(p.moderado_motivo.clone().unwrap_or_default());
    }
    product
}

/// The supplier's products (newest first), disabled ones included.
pub async fn products(db: &Db, supplier_id: &str) -> ApiResult<Vec<Product>> {
    let rows: Vec<ProductRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{PRODUCT_SELECT} WHERE p.supplier_id = $1 ORDER BY p.criado_em DESC, p.id"
    )))
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    let photos: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT f.product_id, f.id, f.url FROM product_photos f \
         JOIN products p ON p.id = f.product_id WHERE p.supplier_id = $1 \
         ORDER BY f.criado_em, f.id",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .iter()
        .map(|p| {
            let mine: Vec<(String, String)> = photos
                .iter()
                .filter(|(pid, _, _)| *pid == p.item.id)
                .map(|(_, id, url)| (id.clone(), url.clone()))
                .collect();
            product_of(p, &mine)
        })
        .collect())
}

/// One product as the panel shows it.
pub async fn product(db: &Db, product_id: &str) -> ApiResult<Product> {
    let row: ProductRow = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{PRODUCT_SELECT} WHERE p.id = $1"
    )))
    .bind(product_id)
    .fetch_optional(db)
    .await?
    .ok_or_else(|| ApiError::NotFound(PRODUTO_NAO_ENCONTRADO.into()))?;
    let photos: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, url FROM product_photos WHERE product_id = $1 ORDER BY criado_em, id",
    )
    .bind(product_id)
    .fetch_all(db)
    .await?;
    Ok(product_of(&row, &photos))
}

/// The store categories as `{name: name}`.
pub async fn categories(db: &Db, supplier_id: &str) -> ApiResult<Categories> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT nome FROM store_categories WHERE supplier_id = $1 ORDER BY nome",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    Ok(Categories::of(names))
}

/// The coupons as `{code: {codigo, tipo, valor, …rules, usos}}` (`valor` in percent or reais).
pub async fn coupons(db: &Db, supplier_id: &str) -> ApiResult<Coupons> {
    let rows: Vec<CouponRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COUPON_COLUMNS} FROM coupons c WHERE c.supplier_id = $1 ORDER BY c.codigo"
    )))
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    Ok(Coupons(
        rows.into_iter()
            .map(|r| {
                let coupon = Coupon {
                    code: r.codigo.clone(),
                    kind: r.tipo,
                    value: Reais::from_centavos(r.valor),
                    validade_inicio: r.validade_inicio,
                    validade_fim: r.validade_fim,
                    limite_usos: r.limite_usos,
                    um_por_cliente: r.um_por_cliente != 0,
                    pedido_minimo: r.pedido_minimo_centavos.map(Reais::from_centavos),
                    usos: r.usos,
                    todas_entregas: r.todas_entregas != 0,
                };
                (r.codigo, coupon)
            })
            .collect(),
    ))
}

/// The `delivery` object of `dadosforn.extensoes` (panel view: with the start address).
fn delivery_of(s: &SupplierRow) -> PanelDelivery {
    PanelDelivery {
        delivery: Delivery::new(&s.public),
        street: s.entrega_rua.clone(),
        number: s.entrega_numero.clone(),
        city: s.entrega_cidade.clone(),
        cep: s
            .entrega_cep
            .as_deref()
            .and_then(|c| wasm_core::cep::Cep::parse(c).ok())
            .map(|c| c.masked()),
        district: s.entrega_bairro.clone(),
    }
}

async fn supplier_row(db: &Db, supplier_id: &str) -> ApiResult<SupplierRow> {
    sqlx::query_as(
        "SELECT user_id, nomeforn, descricaoforn, telefone, instagram, documento, email, \
         iconeforn, fundoforn, url, paleta, modelo, \
         CAST(CASE WHEN oculto THEN 1 ELSE 0 END AS BIGINT) AS oculto, \
         CAST(CASE WHEN invisivel THEN 1 ELSE 0 END AS BIGINT) AS invisivel, \
         CAST(CASE WHEN oculto OR invisivel THEN 1 ELSE 0 END AS BIGINT) AS hidden, \
         CAST(CASE WHEN compras_fechadas THEN 1 ELSE 0 END AS BIGINT) AS compras, \
         local, vendasforn, pagamento_opcoes, pix_chave, entrega_opcoes, descricao_entrega, \
         descricao_retirada, taxa_tipo, taxa_entrega_centavos, taxa_por_km_centavos, \
         entrega_rua, entrega_numero, entrega_cidade, entrega_latitude, entrega_longitude, \
         pedido_minimo_entrega_centavos, pedido_minimo_retirada_centavos, distancia_maxima_km, \
         entrega_cep, entrega_bairro FROM suppliers WHERE user_id = $1",
    )
    .bind(supplier_id)
    .fetch_optional(db)
    .await?
    .ok_or_else(|| ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()))
}

/// The delivery settings as `dadosforn.extensoes.delivery`.
pub async fn delivery(db: &Db, supplier_id: &str) -> ApiResult<PanelDelivery> {
    let mut delivery = delivery_of(&supplier_row(db, supplier_id).await?);
    let days = delivery_days::load(&mut *db.acquire().await?, supplier_id).await?;
    delivery.delivery = delivery.delivery.with_days(days);
    Ok(delivery)
}

/// The private `dadosforn` of the panel.
pub async fn dadosforn(db: &Db, supplier_id: &str) -> ApiResult<PanelSupplier> {
    let s = supplier_row(db, supplier_id).await?;
    let places: Vec<String> = sqlx::query_scalar(
        "SELECT place FROM supplier_places WHERE supplier_id = $1 ORDER BY place",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    // supplier-panel.md §3: `rua`, `numero`, `cidade` are the supplier's own address (the
    // user's, as the address wizard saved it).
    let (rua, numero, cidade): (Option<String>, Option<String>, Option<String>) =
        sqlx::query_as("SELECT rua, numero, cidade FROM users WHERE id = $1")
            .bind(supplier_id)
            .fetch_optional(db)
            .await?
            .unwrap_or_default();
    let cpf = wasm_core::document::TaxId::parse(&s.documento)
        .map_or_else(|_| s.documento.clone(), |t| t.formatted());
    Ok(PanelSupplier {
        core: SupplierCore::new(&s.public, &places),
        cpf,
        email: s.email.clone(),
        hidden: s.oculto != 0,
        hidden_by_admin: s.invisivel != 0,
        street: rua,
        number: numero,
        city: cidade,
        extensions: PanelExtensions {
            payments: PanelPayments {
                options: s.public.pagamento_opcoes.clone(),
                pix: s.pix_chave.clone(),
            },
            delivery: delivery(db, supplier_id).await?,
            categories: categories(db, supplier_id).await?,
            coupons: coupons(db, supplier_id).await?,
            site: PanelSite {
                url: s.public.url.clone(),
                palette: s.public.paleta,
                template: s.modelo.clone(),
            },
        },
    })
}

/// `loading_forn_site`: `{infos: dadosforn + produtos, pendentes, saldo, anos}`.
pub async fn load(state: &AppState, user: AuthUser, req: LoadPanel) -> ApiResult<PanelLoad> {
    if req
        .user_id
        .as_deref()
        .is_some_and(|u| !u.is_empty() && u != user.id)
    {
        return Err(ApiError::Forbidden);
    }
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    Ok(PanelLoad {
        infos: PanelInfos {
            supplier: dadosforn(db, &supplier_id).await?,
            products: products(db, &supplier_id).await?,
            pending: events::pending_count(db, &supplier_id).await?,
            balance: Reais::from_centavos(ledger::balance(db, &supplier_id).await?),
            years: deliveries::years(db, &supplier_id).await?,
            checklist: crate::domain::stores::checklist(db, &supplier_id)
                .await?
                .into(),
            motivo_invisivel: sqlx::query_scalar(
                "SELECT invisivel_motivo FROM suppliers WHERE user_id = $1 AND invisivel = $2",
            )
            .bind(&supplier_id)
            .bind(true)
            .fetch_optional(db)
            .await?
            .flatten(),
        },
    })
}

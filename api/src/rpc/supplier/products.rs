//! The supplier's products (supplier-panel.md §2 Produtos, §5): `adicionar_produto`,
//! `pegar_produtos_fornecedor`, `editar_produto_site`, `adicionar_promocao` /
//! `remover_promocao`, `habilitar_produto` / `desabilitar_produto`, `excluir_produto`, and the
//! store category of a product (`adicionar_categoria_produto` / `remover_categoria_produto`).
//! Validation is wasm-core's `ProductForm` and `promotion`; every action checks ownership.
//!
//! The product form (`adicionar_produto`, `pegar_produtos_fornecedor`, `editar_produto_site`)
//! is here; `changes` holds the actions on one product of the panel's list (its promotion,
//! enabled or disabled, its removal, its store category).

mod changes;

pub use changes::*;

use super::{bad, own_supplier, owned_product, panel};
use crate::{
    auth::AuthUser,
    db::{begin_write, insert, new_id, now_ms},
    domain::stock::{self, StockEdit},
    error::{ApiError, ApiResult},
    media::decode_photo,
    rpc::{
        fields::{ItemRef, PhotoField, Text},
        shapes::Product,
    },
    state::AppState,
};
use feira_photo::PhotoKind;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use wasm_core::forms::{ProductForm, promotion};

/// A promotional price not below the price. *Gap* (the badge would show no discount).
pub const PROMO_ACIMA: &str = "O preço promocional deve ser menor que o preço.";

/// `adicionar_produto`: `iconeurl` (base64 JPEG or `false`) and `infos`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddProduct {
    #[serde(rename = "iconeurl", default)]
    pub icon: Option<PhotoField>,
    /// The wizard's fields.
    #[serde(rename = "infos")]
    pub form: WizardForm,
}

/// The wizard's fields: the product form and its flags.
#[derive(Debug, Deserialize, ToSchema)]
pub struct WizardForm {
    #[serde(flatten)]
    pub form: ProductForm,
    #[serde(flatten)]
    pub flags: ProductFlags,
}

/// The product's flags the store ticks in the wizard; absent: false on a new product, kept on an
/// edit (the spec's clients send neither).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProductFlags {
    /// 'Aceita observação': the buyer may write a note on its line.
    #[serde(rename = "aceitaobs", default)]
    #[schema(nullable = false)]
    pub accepts_note: Option<bool>,
    /// 'Orgânico'.
    #[serde(rename = "organico", default)]
    #[schema(nullable = false)]
    pub organic: Option<bool>,
}

/// `editar_produto_site`: `produto` (the old one; its id) and `newproduto` (the form).
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditProduct {
    /// The product (or its id).
    #[serde(rename = "produto")]
    pub product: ItemRef,
    #[serde(rename = "newproduto")]
    pub edit: ProductEdit,
}

/// The edit form: the add form's fields, the category kept when absent or null, and the
/// promotion (absent: kept; null or empty: removed).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductEdit {
    /// The catalogue category; kept when absent or null.
    #[serde(rename = "categoria", default)]
    #[schema(nullable = false)]
    pub category: Option<Text>,
    /// The promotional price: absent keeps it, null or empty text removes it.
    #[serde(rename = "precopromo", default, deserialize_with = "present")]
    #[schema(value_type = Text)]
    pub promo_price: Option<Option<Text>>,
    /// The promotion's minimum quantity (1 when empty).
    #[serde(rename = "minimopromo", default)]
    #[schema(nullable = false)]
    pub promo_minimum: Option<Text>,
    /// The product's `estoque` as the form was loaded (null: untracked): the edit applies the
    /// difference to the stock as it is now, so sales meanwhile are kept (decisions.md §26).
    /// Absent (the spec's client): `estoque` is stored as typed.
    #[serde(
        rename = "estoqueanterior",
        default,
        deserialize_with = "present_count"
    )]
    #[schema(schema_with = wasm_core::openapi::form_count)]
    pub previous_stock: Option<Option<u32>>,
    #[serde(flatten)]
    pub flags: ProductFlags,
    #[serde(flatten)]
    pub form: ProductForm,
}

/// A count that is present (even as null or empty): `Some`, else (by `default`) `None`.
fn present_count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<u32>>, D::Error> {
    wasm_core::forms::lenient_count(d).map(Some)
}

/// A field that is present (even as null): `Some`, else (by `default`) `None`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<Text>>, D::Error> {
    Option::<Text>::deserialize(d).map(Some)
}

/// A product as answered by the panel's product actions.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductInfos {
    #[serde(rename = "infos")]
    pub product: Product,
}

/// `pegar_produtos_fornecedor`'s answer: every product, newest first, disabled ones included.
#[derive(Debug, Serialize, ToSchema)]
pub struct SupplierProducts {
    #[serde(rename = "produtos")]
    pub products: Vec<Product>,
}

fn opt_i64(n: Option<u32>) -> Option<i64> {
    n.map(i64::from)
}

/// `adicionar_produto`: answers `{infos: produto}`.
pub async fn add(state: &AppState, user: AuthUser, req: AddProduct) -> ApiResult<ProductInfos> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let flags = req.form.flags;
    let p: wasm_core::forms::Product = req.form.form.validate(false).map_err(bad)?;
    let id = new_id();
    let icon = match req.icon.as_ref().and_then(PhotoField::base64) {
        Some(b64) => Some(
            state
                .media
                .put(
                    &format!("produtos/{id}/{}.jpg", new_id()),
                    decode_photo(b64, PhotoKind::Icone)?,
                )
                .await?,
        ),
        _ => None,
    };
    // The product and its search keys in one transaction (docs/search.md).
    let mut tx = begin_write(db).await?;
    let opcoes = crate::domain::options::stored(&p.opcoes);
    insert(
        &mut *tx,
        "products",
        &[
            ("id", (&id).into()),
            ("supplier_id", (&supplier_id).into()),
            ("categoria", p.categoria.label().into()),
            ("titulo", (&p.titulo).into()),
            ("descricao", p.descricao.as_deref().into()),
            ("icone", icon.as_deref().into()),
            ("preco_centavos", p.preco_centavos.centavos().into()),
            ("minimo", opt_i64(p.minimo).into()),
            ("estoque", opt_i64(p.estoque).into()),
            ("opcoes", (&opcoes).into()),
            ("desabilitado", false.into()),
            ("vendas", 0_i64.into()),
            ("criado_em", now_ms().into()),
            (
                "aceita_observacao",
                flags.accepts_note.unwrap_or(false).into(),
            ),
            ("organico", flags.organic.unwrap_or(false).into()),
        ],
        "",
    )
    .await?;
    crate::search::index_product(&mut tx, &id).await?;
    tx.commit().await?;
    answer(state, &id).await
}

/// `pegar_produtos_fornecedor`: `{produtos: [produto…]}`, disabled ones included.
pub async fn list(state: &AppState, user: AuthUser) -> ApiResult<SupplierProducts> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    Ok(SupplierProducts {
        products: panel::products(&state.db, &supplier_id).await?,
    })
}

/// `editar_produto_site`: the whole form again; `categoria` kept when absent; `precopromo`
/// empty or null removes the promotion, absent keeps it; the stock changes by the difference
/// from `estoqueanterior` ([`stock::edit`]), or is set as typed without it; so does each
/// option's own stock with its own `estoqueanterior` ([`stock::edit_options`]).
pub async fn edit(state: &AppState, user: AuthUser, req: EditProduct) -> ApiResult<ProductInfos> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = req.product.required()?;
    owned_product(db, &supplier_id, &id).await?;
    let ProductEdit {
        category,
        promo_price,
        promo_minimum,
        previous_stock,
        flags,
        mut form,
    } = req.edit;
    form.categoria = match category {
        Some(c) => c.0,
        None => {
            sqlx::query_scalar("SELECT categoria FROM products WHERE id = $1")
                .bind(&id)
                .fetch_one(db)
                .await?
        }
    };
    let p = form.validate(true).map_err(bad)?;
    let previous_options = form.previous_option_stocks();
    let stock = match previous_stock {
        None => StockEdit::Set(p.estoque),
        Some(from) => StockEdit::Change {
            from,
            to: p.estoque,
        },
    };
    // One transaction: a stock change that cannot apply saves nothing.
    let mut tx = begin_write(db).await?;
    let opcoes = match stock::edit_options(&mut tx, &id, p.opcoes.clone(), &previous_options).await
    {
        Ok(merged) => crate::domain::options::stored(&merged),
        Err(refused) => {
            tx.rollback().await?;
            return Err(refused.into());
        }
    };
    sqlx::query(
        "UPDATE products SET categoria = $1, titulo = $2, descricao = $3, preco_centavos = $4, \
         minimo = $5, opcoes = $6 WHERE id = $7",
    )
    .bind(p.categoria.label())
    .bind(&p.titulo)
    .bind(&p.descricao)
    .bind(p.preco_centavos.centavos())
    .bind(opt_i64(p.minimo))
    .bind(&opcoes)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    // The flags the client sent; an absent one is kept.
    for (column, value) in [
        ("aceita_observacao", flags.accepts_note),
        ("organico", flags.organic),
    ] {
        if let Some(v) = value {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE products SET {column} = $1 WHERE id = $2"
            )))
            .bind(v)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        }
    }
    crate::search::index_product(&mut tx, &id).await?;
    if let Err(refused) = stock::edit(&mut tx, &id, stock).await {
        tx.rollback().await?;
        return Err(refused.into());
    }
    tx.commit().await?;
    if let Some(promo) = promo_price {
        set_promotion(state, &id, promo.as_ref(), promo_minimum.as_ref()).await?;
    }
    answer(state, &id).await
}

/// Sets (or, for an empty price, removes) the promotion of product `id`.
async fn set_promotion(
    state: &AppState,
    id: &str,
    price: Option<&Text>,
    minimum: Option<&Text>,
) -> ApiResult<()> {
    let minimo = match minimum.map_or("", Text::trimmed) {
        "" => 1,
        t => t
            .parse::<u32>()
            .map_err(|_| bad(wasm_core::forms::FormError::PromoMinimum))?,
    };
    let promo = promotion(price.map_or("", Text::as_str), minimo).map_err(bad)?;
    if let Some(p) = promo {
        let preco: i64 = sqlx::query_scalar("SELECT preco_centavos FROM products WHERE id = $1")
            .bind(id)
            .fetch_one(&state.db)
            .await?;
        if p.precopromo_centavos.centavos() >= preco {
            return Err(ApiError::bad_request(PROMO_ACIMA));
        }
    }
    sqlx::query("UPDATE products SET preco_promo_centavos = $1, minimo_promo = $2 WHERE id = $3")
        .bind(promo.map(|p| p.precopromo_centavos.centavos()))
        .bind(promo.map(|p| i64::from(p.minimopromo)))
        .bind(id)
        .execute(&state.db)
        .await?;
    Ok(())
}

async fn answer(state: &AppState, id: &str) -> ApiResult<ProductInfos> {
    Ok(ProductInfos {
        product: panel::product(&state.db, id).await?,
    })
}

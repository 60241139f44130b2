//! The supplier's products (supplier-panel.md §2 Produtos, §5): `adicionar_produto`,
//! `pegar_produtos_fornecedor`, `editar_produto_site`, `adicionar_promocao` /
//! `remover_promocao`, `habilitar_produto` / `desabilitar_produto`, `excluir_produto`, and the
//! store category of a product (`adicionar_categoria_produto` / `remover_categoria_produto`).
//! Validation is wasm-core's `ProductForm` and `promotion`; every action checks ownership.

use super::{bad, own_supplier, owned_product, panel, store::owned_category};
use crate::{
    auth::AuthUser,
    db::{new_id, now_ms},
    error::{ApiError, ApiResult},
    media::decode_photo,
    messages::DADOS_INVALIDOS,
    rpc::fields::{required_id, text},
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_core::{
    forms::{Product, ProductForm, promotion},
    photo::PhotoKind,
};

/// A promotional price not below the price. *Gap* (the badge would show no discount).
pub const PROMO_ACIMA: &str = "O preço promocional deve ser menor que o preço.";

/// `adicionar_produto`: `iconeurl` (base64 JPEG or `false`) and `infos`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AddProduct {
    #[serde(default)]
    pub iconeurl: Option<Value>,
    pub infos: ProductForm,
}

/// `editar_produto_site`: `produto` (the old one; its id) and `newproduto` (the form).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EditProduct {
    pub produto: Value,
    pub newproduto: Value,
}

/// Actions on one product: `item`, plus the promotion and category fields where used.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProductAction {
    #[serde(default)]
    pub item: Option<Value>,
    #[serde(default)]
    pub id: Option<Value>,
    #[serde(default)]
    pub precopromoinput: Option<Value>,
    #[serde(default)]
    pub minimopromoinput: Option<Value>,
    #[serde(default)]
    pub categoriaselecionada: Option<String>,
}

impl ProductAction {
    fn product_id(&self) -> ApiResult<String> {
        required_id(self.item.as_ref().or(self.id.as_ref()))
    }
}

fn opt_i64(n: Option<u32>) -> Option<i64> {
    n.map(i64::from)
}

/// `adicionar_produto`: answers `{infos: produto}`.
pub async fn add(state: &AppState, user: AuthUser, req: AddProduct) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let p: Product = req.infos.validate(false).map_err(bad)?;
    let id = new_id();
    let icon = match req.iconeurl.as_ref().and_then(Value::as_str) {
        Some(b64) if !b64.trim().is_empty() => Some(
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
    sqlx::query(
        "INSERT INTO products (id, supplier_id, categoria, titulo, descricao, icone, \
         preco_centavos, minimo, estoque, opcoes, desabilitado, vendas, criado_em) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12)",
    )
    .bind(&id)
    .bind(&supplier_id)
    .bind(p.categoria.label())
    .bind(&p.titulo)
    .bind(&p.descricao)
    .bind(&icon)
    .bind(p.preco_centavos.centavos())
    .bind(opt_i64(p.minimo))
    .bind(opt_i64(p.estoque))
    .bind(serde_json::to_string(&p.opcoes).map_err(anyhow::Error::from)?)
    .bind(false)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(json!({ "infos": panel::product(db, &id).await? }))
}

/// `pegar_produtos_fornecedor`: `{produtos: [produto…]}`, disabled ones included.
pub async fn list(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    Ok(json!({ "produtos": panel::products(&state.db, &supplier_id).await? }))
}

/// `editar_produto_site`: the whole form again; `categoria` kept when absent; `precopromo`
/// empty or null removes the promotion, absent keeps it.
pub async fn edit(state: &AppState, user: AuthUser, req: EditProduct) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = required_id(Some(&req.produto))?;
    owned_product(db, &supplier_id, &id).await?;
    let mut form = req.newproduto.clone();
    if form.get("categoria").is_none_or(Value::is_null) {
        let current: String = sqlx::query_scalar("SELECT categoria FROM products WHERE id = $1")
            .bind(&id)
            .fetch_one(db)
            .await?;
        form["categoria"] = Value::String(current);
    }
    let parsed: ProductForm =
        serde_json::from_value(form).map_err(|_| ApiError::bad_request(DADOS_INVALIDOS))?;
    let p = parsed.validate(true).map_err(bad)?;
    sqlx::query(
        "UPDATE products SET categoria = $1, titulo = $2, descricao = $3, preco_centavos = $4, \
         minimo = $5, estoque = $6, opcoes = $7 WHERE id = $8",
    )
    .bind(p.categoria.label())
    .bind(&p.titulo)
    .bind(&p.descricao)
    .bind(p.preco_centavos.centavos())
    .bind(opt_i64(p.minimo))
    .bind(opt_i64(p.estoque))
    .bind(serde_json::to_string(&p.opcoes).map_err(anyhow::Error::from)?)
    .bind(&id)
    .execute(db)
    .await?;
    if let Some(promo) = req.newproduto.get("precopromo") {
        let minimo = req.newproduto.get("minimopromo");
        set_promotion(state, &id, promo, minimo).await?;
    }
    Ok(json!({ "infos": panel::product(db, &id).await? }))
}

/// Sets (or, for an empty price, removes) the promotion of product `id`.
async fn set_promotion(
    state: &AppState,
    id: &str,
    price: &Value,
    minimum: Option<&Value>,
) -> ApiResult<()> {
    let minimo = match text(minimum).trim() {
        "" => 1,
        t => t
            .parse::<u32>()
            .map_err(|_| bad(wasm_core::forms::FormError::PromoMinimum))?,
    };
    let promo = promotion(&text(Some(price)), minimo).map_err(bad)?;
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

/// Checks the product of `req` and returns `(supplier id, product id)`.
async fn target(state: &AppState, user: &AuthUser, req: &ProductAction) -> ApiResult<String> {
    let supplier_id = own_supplier(&state.db, user).await?;
    let id = req.product_id()?;
    owned_product(&state.db, &supplier_id, &id).await?;
    Ok(id)
}

async fn answer(state: &AppState, id: &str) -> ApiResult<Value> {
    Ok(json!({ "infos": panel::product(&state.db, id).await? }))
}

/// `adicionar_promocao`.
pub async fn add_promotion(
    state: &AppState,
    user: AuthUser,
    req: ProductAction,
) -> ApiResult<Value> {
    let id = target(state, &user, &req).await?;
    let price = req.precopromoinput.clone().unwrap_or(Value::Null);
    set_promotion(state, &id, &price, req.minimopromoinput.as_ref()).await?;
    answer(state, &id).await
}

/// `remover_promocao`.
pub async fn remove_promotion(
    state: &AppState,
    user: AuthUser,
    req: ProductAction,
) -> ApiResult<Value> {
    let id = target(state, &user, &req).await?;
    set_promotion(state, &id, &Value::Null, None).await?;
    answer(state, &id).await
}

/// `habilitar_produto` (`disabled = false`) and `desabilitar_produto` (`true`).
pub async fn set_disabled(
    state: &AppState,
    user: AuthUser,
    req: ProductAction,
    disabled: bool,
) -> ApiResult<Value> {
    let id = target(state, &user, &req).await?;
    sqlx::query("UPDATE products SET desabilitado = $1 WHERE id = $2")
        .bind(disabled)
        .bind(&id)
        .execute(&state.db)
        .await?;
    answer(state, &id).await
}

/// `excluir_produto`: the product, its photos and their media files.
pub async fn remove(state: &AppState, user: AuthUser, req: ProductAction) -> ApiResult<Value> {
    let id = target(state, &user, &req).await?;
    let db = &state.db;
    let mut urls: Vec<String> =
        sqlx::query_scalar("SELECT url FROM product_photos WHERE product_id = $1")
            .bind(&id)
            .fetch_all(db)
            .await?;
    let icon: Option<String> = sqlx::query_scalar("SELECT icone FROM products WHERE id = $1")
        .bind(&id)
        .fetch_one(db)
        .await?;
    urls.extend(icon);
    sqlx::query("DELETE FROM product_photos WHERE product_id = $1")
        .bind(&id)
        .execute(db)
        .await?;
    sqlx::query("DELETE FROM products WHERE id = $1")
        .bind(&id)
        .execute(db)
        .await?;
    for url in urls {
        if let Err(e) = state.media.delete_url(&url).await {
            tracing::warn!(error = ?e, %url, "removing a product photo");
        }
    }
    Ok(json!({ "ok": true }))
}

/// `adicionar_categoria_produto`: one of the store's own categories.
pub async fn set_category(
    state: &AppState,
    user: AuthUser,
    req: ProductAction,
) -> ApiResult<Value> {
    let id = target(state, &user, &req).await?;
    let supplier_id = user.id.clone();
    let nome = req.categoriaselecionada.as_deref().unwrap_or_default();
    let nome = owned_category(&state.db, &supplier_id, nome).await?;
    sqlx::query("UPDATE products SET subcategoria = $1 WHERE id = $2")
        .bind(&nome)
        .bind(&id)
        .execute(&state.db)
        .await?;
    answer(state, &id).await
}

/// `remover_categoria_produto`.
pub async fn clear_category(
    state: &AppState,
    user: AuthUser,
    req: ProductAction,
) -> ApiResult<Value> {
    let id = target(state, &user, &req).await?;
    sqlx::query("UPDATE products SET subcategoria = NULL WHERE id = $1")
        .bind(&id)
        .execute(&state.db)
        .await?;
    answer(state, &id).await
}

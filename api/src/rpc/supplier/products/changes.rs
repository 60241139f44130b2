//! The actions on one product of the panel's list, each on the product an `item` (or `id`) names
//! and the caller's store owns: `adicionar_promocao` / `remover_promocao`, `habilitar_produto` /
//! `desabilitar_produto`, `excluir_produto`, `adicionar_categoria_produto` /
//! `remover_categoria_produto`.

use super::{ProductInfos, answer, set_promotion};
use crate::{
    auth::AuthUser,
    error::{ApiError, ApiResult},
    rpc::{
        fields::{ItemRef, Text, first_id},
        shapes::Done,
        supplier::{own_supplier, owned_product, store::owned_category},
    },
    state::AppState,
};
use serde::Deserialize;
use utoipa::ToSchema;

/// The product an action acts on: `item` (or `id`), the product or its id.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductRef {
    #[serde(default)]
    pub item: Option<ItemRef>,
    #[serde(default)]
    pub id: Option<ItemRef>,
}

impl ProductRef {
    fn product_id(&self) -> ApiResult<String> {
        first_id([self.item.as_ref(), self.id.as_ref()])
    }
}

/// `adicionar_promocao`: the product, the promotional price and its minimum quantity.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddPromotion {
    #[serde(flatten)]
    pub product: ProductRef,
    /// The promotional price; empty removes the promotion.
    #[serde(rename = "precopromoinput", default)]
    #[schema(nullable = false)]
    pub price: Option<Text>,
    /// The minimum quantity (1 when empty).
    #[serde(rename = "minimopromoinput", default)]
    #[schema(nullable = false)]
    pub minimum: Option<Text>,
}

/// `adicionar_categoria_produto`: the product and one of the store's categories.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetProductCategory {
    #[serde(flatten)]
    pub product: ProductRef,
    #[serde(rename = "categoriaselecionada", default)]
    pub category: Option<String>,
}

/// Checks the product of `req` and returns its id.
async fn target(state: &AppState, user: &AuthUser, req: &ProductRef) -> ApiResult<String> {
    let supplier_id = own_supplier(&state.db, user).await?;
    let id = req.product_id()?;
    owned_product(&state.db, &supplier_id, &id).await?;
    Ok(id)
}
/// `adicionar_promocao`.
pub async fn add_promotion(
    state: &AppState,
    user: AuthUser,
    req: AddPromotion,
) -> ApiResult<ProductInfos> {
    let id = target(state, &user, &req.product).await?;
    set_promotion(state, &id, req.price.as_ref(), req.minimum.as_ref()).await?;
    answer(state, &id).await
}

/// `remover_promocao`.
pub async fn remove_promotion(
    state: &AppState,
    user: AuthUser,
    req: ProductRef,
) -> ApiResult<ProductInfos> {
    let id = target(state, &user, &req).await?;
    set_promotion(state, &id, None, None).await?;
    answer(state, &id).await
}

/// `habilitar_produto` (`disabled = false`) and `desabilitar_produto` (`true`).
pub async fn set_disabled(
    state: &AppState,
    user: AuthUser,
    req: ProductRef,
    disabled: bool,
) -> ApiResult<ProductInfos> {
    let id = target(state, &user, &req).await?;
    // A product the moderation hid stays disabled until the admin shows it again.
    let changed = sqlx::query(
        "UPDATE products SET desabilitado = $1 WHERE id = $2 AND (moderado_em IS NULL OR $1)",
    )
    .bind(disabled)
    .bind(&id)
    .execute(&state.db)
    .await?
    .rows_affected();
    if changed == 0 {
        let reason: Option<String> =
            sqlx::query_scalar("SELECT moderado_motivo FROM products WHERE id = $1")
                .bind(&id)
                .fetch_one(&state.db)
                .await?;
        return Err(ApiError::Conflict(
            crate::domain::moderation::produto_moderado(reason.as_deref().unwrap_or_default()),
        ));
    }
    answer(state, &id).await
}

/// `excluir_produto`: the product, its photos and their media files.
pub async fn remove(state: &AppState, user: AuthUser, req: ProductRef) -> ApiResult<Done> {
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
    Ok(Done::default())
}

/// `adicionar_categoria_produto`: one of the store's own categories.
pub async fn set_category(
    state: &AppState,
    user: AuthUser,
    req: SetProductCategory,
) -> ApiResult<ProductInfos> {
    let id = target(state, &user, &req.product).await?;
    let supplier_id = user.id.clone();
    let nome = req.category.as_deref().unwrap_or_default();
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
    req: ProductRef,
) -> ApiResult<ProductInfos> {
    let id = target(state, &user, &req).await?;
    sqlx::query("UPDATE products SET subcategoria = NULL WHERE id = $1")
        .bind(&id)
        .execute(&state.db)
        .await?;
    answer(state, &id).await
}

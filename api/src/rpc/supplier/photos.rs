//! Photos of the panel (decisions.md §16): the profile icon and background
//! (`editar_imagens_fornecedor`), a product's icon (`editar_icone_produto_site`) and its photos
//! (`upload_foto`, `excluir_foto`; at most 4 besides the icon). Each upload is a base64 JPEG the
//! browser resized; the server decodes it again and refuses anything beyond 300 px (icons and
//! product photos) or 800 px wide (backgrounds). A replaced or removed photo's file is deleted.

use super::{own_supplier, owned_product};
use crate::{
    auth::AuthUser,
    db::{begin_write, new_id, now_ms},
    error::{ApiError, ApiResult},
    media::{FOTO_NAO_ENCONTRADA, MAX_PHOTOS, decode_photo},
    rpc::fields::required_id,
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_core::photo::PhotoKind;

/// *Gap:* the add tile is hidden at 4; the server says why.
pub const LIMITE_FOTOS: &str = "Limite de 4 fotos por produto.";

/// `editar_imagens_fornecedor`: `form.iconefornfinal` / `form.fundofornfinal`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EditImages {
    #[serde(default)]
    pub form: serde_json::Map<String, Value>,
}

/// `editar_icone_produto_site`: `id` (or `item`) and `icone`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProductIcon {
    #[serde(default)]
    pub id: Option<Value>,
    #[serde(default)]
    pub item: Option<Value>,
    pub icone: String,
}

/// `upload_foto`: `item` and `uri`; `excluir_foto`: `item` and `idfoto`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProductPhoto {
    #[serde(default)]
    pub item: Option<Value>,
    #[serde(default)]
    pub uri: Option<String>,
    #[serde(default)]
    pub idfoto: Option<String>,
}

/// What to do with one profile image.
enum Change {
    Keep,
    Remove,
    Replace(String),
}

/// A base64 JPEG replaces, `false` (or empty text) removes, anything else (absent, null, a
/// URL already stored) keeps.
fn change(v: Option<&Value>) -> Change {
    match v {
        Some(Value::Bool(false)) => Change::Remove,
        Some(Value::String(s)) if s.trim().is_empty() => Change::Remove,
        Some(Value::String(s))
            if s.starts_with(crate::media::PREFIX)
                || s.starts_with("http://")
                || s.starts_with("https://") =>
        {
            Change::Keep
        }
        Some(Value::String(s)) => Change::Replace(s.clone()),
        _ => Change::Keep,
    }
}

/// Removes a replaced or removed photo's file, if there was one.
async fn delete_media(state: &AppState, url: Option<&str>) {
    if let Some(url) = url {
        state.media.forget(url).await;
    }
}

/// `editar_imagens_fornecedor`: answers `{ok, iconeforn, fundoforn}`.
pub async fn edit_images(state: &AppState, user: AuthUser, req: EditImages) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let (icon, background) = (
        change(req.form.get("iconefornfinal")),
        change(req.form.get("fundofornfinal")),
    );
    // Every upload is checked before anything is stored.
    let icon_bytes = match &icon {
        Change::Replace(b64) => Some(decode_photo(b64, PhotoKind::Icone)?),
        _ => None,
    };
    let background_bytes = match &background {
        Change::Replace(b64) => Some(decode_photo(b64, PhotoKind::Fundo)?),
        _ => None,
    };
    let (old_icon, old_background): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT iconeforn, fundoforn FROM suppliers WHERE user_id = $1")
            .bind(&supplier_id)
            .fetch_one(db)
            .await?;
    let mut new_icon = old_icon.clone();
    let mut new_background = old_background.clone();
    match (icon, icon_bytes) {
        (Change::Replace(_), Some(bytes)) => {
            let key = format!("fornecedores/{supplier_id}/icone-{}.jpg", new_id());
            new_icon = Some(state.media.put(&key, bytes).await?);
        }
        (Change::Remove, _) => new_icon = None,
        _ => {}
    }
    match (background, background_bytes) {
        (Change::Replace(_), Some(bytes)) => {
            let key = format!("fornecedores/{supplier_id}/fundo-{}.jpg", new_id());
            new_background = Some(state.media.put(&key, bytes).await?);
        }
        (Change::Remove, _) => new_background = None,
        _ => {}
    }
    sqlx::query("UPDATE suppliers SET iconeforn = $1, fundoforn = $2 WHERE user_id = $3")
        .bind(&new_icon)
        .bind(&new_background)
        .bind(&supplier_id)
        .execute(db)
        .await?;
    if new_icon != old_icon {
        delete_media(state, old_icon.as_deref()).await;
    }
    if new_background != old_background {
        delete_media(state, old_background.as_deref()).await;
    }
    Ok(json!({ "ok": true, "iconeforn": new_icon, "fundoforn": new_background }))
}

/// `editar_icone_produto_site`: answers `{ok, icone}`.
pub async fn product_icon(state: &AppState, user: AuthUser, req: ProductIcon) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = required_id(req.id.as_ref().or(req.item.as_ref()))?;
    owned_product(db, &supplier_id, &id).await?;
    let bytes = decode_photo(&req.icone, PhotoKind::Icone)?;
    let old: Option<String> = sqlx::query_scalar("SELECT icone FROM products WHERE id = $1")
        .bind(&id)
        .fetch_one(db)
        .await?;
    let url = state
        .media
        .put(&format!("produtos/{id}/{}.jpg", new_id()), bytes)
        .await?;
    sqlx::query("UPDATE products SET icone = $1 WHERE id = $2")
        .bind(&url)
        .bind(&id)
        .execute(db)
        .await?;
    delete_media(state, old.as_deref()).await;
    Ok(json!({ "ok": true, "icone": url }))
}

/// `upload_foto`: answers `{chave, url}`.
pub async fn upload(state: &AppState, user: AuthUser, req: ProductPhoto) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = required_id(req.item.as_ref())?;
    owned_product(db, &supplier_id, &id).await?;
    let bytes = decode_photo(req.uri.as_deref().unwrap_or_default(), PhotoKind::Icone)?;
    // The count and the insert in one write transaction that first locks the product's row
    // (PostgreSQL; SQLite's `BEGIN IMMEDIATE` serialises writers), so two uploads at once
    // cannot both pass the limit.
    let mut tx = begin_write(db).await?;
    sqlx::query("UPDATE products SET vendas = vendas WHERE id = $1")
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM product_photos WHERE product_id = $1")
            .bind(&id)
            .fetch_one(&mut *tx)
            .await?;
    if count >= MAX_PHOTOS {
        tx.rollback().await?;
        return Err(ApiError::bad_request(LIMITE_FOTOS));
    }
    let chave = new_id();
    let url = state
        .media
        .put(&format!("produtos/{id}/{chave}.jpg"), bytes)
        .await?;
    sqlx::query(
        "INSERT INTO product_photos (id, product_id, url, criado_em) VALUES ($1, $2, $3, $4)",
    )
    .bind(&chave)
    .bind(&id)
    .bind(&url)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(json!({ "chave": chave, "url": url }))
}

/// `excluir_foto`: answers `{ok}`.
pub async fn remove(state: &AppState, user: AuthUser, req: ProductPhoto) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = required_id(req.item.as_ref())?;
    owned_product(db, &supplier_id, &id).await?;
    let photo_id = req.idfoto.as_deref().unwrap_or_default();
    let url: Option<String> =
        sqlx::query_scalar("SELECT url FROM product_photos WHERE id = $1 AND product_id = $2")
            .bind(photo_id)
            .bind(&id)
            .fetch_optional(db)
            .await?;
    let url = url.ok_or_else(|| ApiError::NotFound(FOTO_NAO_ENCONTRADA.into()))?;
    sqlx::query("DELETE FROM product_photos WHERE id = $1")
        .bind(photo_id)
        .execute(db)
        .await?;
    delete_media(state, Some(&url)).await;
    Ok(json!({ "ok": true }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_jpegs_replace_urls_keep_false_removes() {
        // A JPEG's base64 starts with "/9j/": it is not a URL.
        assert!(matches!(
            change(Some(&json!("/9j/4AAQ"))),
            Change::Replace(_)
        ));
        assert!(matches!(change(Some(&json!("/media/x.jpg"))), Change::Keep));
        assert!(matches!(change(Some(&json!(false))), Change::Remove));
        assert!(matches!(change(None), Change::Keep));
        assert!(matches!(change(Some(&Value::Null)), Change::Keep));
    }
}

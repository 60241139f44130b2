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
    rpc::{
        fields::{ItemRef, PhotoField, first_id},
        shapes::{Done, PhotoAdded, True},
    },
    state::AppState,
};
use feira_photo::PhotoKind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// *Gap:* the add tile is hidden at 4; the server says why.
pub const LIMITE_FOTOS: &str = "Limite de 4 fotos por produto.";

/// `editar_imagens_fornecedor`: `form.iconefornfinal` / `form.fundofornfinal`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditImages {
    #[serde(default)]
    pub form: ImagesForm,
}

/// The profile's images: each a base64 JPEG (replace), `false` or empty text (remove), or
/// absent, null, `true` or a stored URL (keep). `iconeforn`/`fundoforn` are ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ImagesForm {
    #[serde(rename = "iconefornfinal", default)]
    pub icon: Option<PhotoField>,
    #[serde(rename = "fundofornfinal", default)]
    pub background: Option<PhotoField>,
}

/// `editar_icone_produto_site`: the product as `id` (or `item`) and the new icon.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductIcon {
    #[serde(default)]
    pub id: Option<ItemRef>,
    #[serde(default)]
    pub item: Option<ItemRef>,
    /// A base64 JPEG.
    #[serde(rename = "icone")]
    pub icon: String,
}

/// `upload_foto`: the product in `item` and the photo in `uri`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UploadProductPhoto {
    #[serde(default)]
    pub item: Option<ItemRef>,
    /// A base64 JPEG.
    #[serde(rename = "uri", default)]
    pub photo: Option<String>,
}

/// `excluir_foto`: the product in `item` and the photo's id.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveProductPhoto {
    #[serde(default)]
    pub item: Option<ItemRef>,
    /// A key of the product's `fotos`.
    #[serde(rename = "idfoto", default)]
    pub photo: Option<String>,
}

/// `editar_imagens_fornecedor`'s answer: the images now (URLs or null).
#[derive(Debug, Serialize, ToSchema)]
pub struct ImagesSaved {
    pub ok: True,
    #[serde(rename = "iconeforn")]
    pub icon: Option<String>,
    #[serde(rename = "fundoforn")]
    pub background: Option<String>,
}

/// `editar_icone_produto_site`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct IconSaved {
    pub ok: True,
    /// The new icon's URL.
    #[serde(rename = "icone")]
    pub icon: String,
}

/// What to do with one profile image.
enum Change {
    Keep,
    Remove,
    Replace(String),
}

/// A base64 JPEG replaces, `false` (or empty text) removes, anything else (absent, null,
/// `true`, a URL already stored) keeps.
fn change(v: Option<&PhotoField>) -> Change {
    match v {
        Some(PhotoField::Flag(false)) => Change::Remove,
        Some(PhotoField::Text(s)) if s.trim().is_empty() => Change::Remove,
        Some(PhotoField::Text(s))
            if s.starts_with(crate::media::PREFIX)
                || s.starts_with("http://")
                || s.starts_with("https://") =>
        {
            Change::Keep
        }
        Some(PhotoField::Text(s)) => Change::Replace(s.clone()),
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
pub async fn edit_images(
    state: &AppState,
    user: AuthUser,
    req: EditImages,
) -> ApiResult<ImagesSaved> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let (icon, background) = (
        change(req.form.icon.as_ref()),
        change(req.form.background.as_ref()),
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
    Ok(ImagesSaved {
        ok: True,
        icon: new_icon,
        background: new_background,
    })
}

/// `editar_icone_produto_site`: answers `{ok, icone}`.
pub async fn product_icon(
    state: &AppState,
    user: AuthUser,
    req: ProductIcon,
) -> ApiResult<IconSaved> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = first_id([req.id.as_ref(), req.item.as_ref()])?;
    owned_product(db, &supplier_id, &id).await?;
    let bytes = decode_photo(&req.icon, PhotoKind::Icone)?;
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
    Ok(IconSaved {
        ok: True,
        icon: url,
    })
}

/// `upload_foto`: answers `{chave, url}`.
pub async fn upload(
    state: &AppState,
    user: AuthUser,
    req: UploadProductPhoto,
) -> ApiResult<PhotoAdded> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = first_id([req.item.as_ref()])?;
    owned_product(db, &supplier_id, &id).await?;
    let bytes = decode_photo(req.photo.as_deref().unwrap_or_default(), PhotoKind::Icone)?;
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
    Ok(PhotoAdded { key: chave, url })
}

/// `excluir_foto`: answers `{ok}`.
pub async fn remove(state: &AppState, user: AuthUser, req: RemoveProductPhoto) -> ApiResult<Done> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let id = first_id([req.item.as_ref()])?;
    owned_product(db, &supplier_id, &id).await?;
    let photo_id = req.photo.as_deref().unwrap_or_default();
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
    Ok(Done::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(v: serde_json::Value) -> Option<PhotoField> {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn base64_jpegs_replace_urls_keep_false_removes() {
        let of = |v| change(field(v).as_ref());
        // A JPEG's base64 starts with "/9j/": it is not a URL.
        assert!(matches!(
            of(serde_json::json!("/9j/4AAQ")),
            Change::Replace(_)
        ));
        assert!(matches!(
            of(serde_json::json!("/media/x.jpg")),
            Change::Keep
        ));
        assert!(matches!(of(serde_json::json!(false)), Change::Remove));
        assert!(matches!(of(serde_json::json!("")), Change::Remove));
        assert!(matches!(of(serde_json::json!(true)), Change::Keep));
        assert!(matches!(change(None), Change::Keep));
        assert!(matches!(of(serde_json::Value::Null), Change::Keep));
    }
}

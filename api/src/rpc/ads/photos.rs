//! An ad's photos: `upload_foto_anuncio` and `excluir_foto_anuncio`, and the icon's storage.
//!
//! Photos arrive as base64 JPEGs (no `data:` prefix) already shrunk in the browser; the server
//! decodes them again with wasm-core and refuses anything that is not a JPEG within 300×300
//! (decisions.md §16). An ad holds its icon and at most [`MAX_PHOTOS`] photos. Media files live
//! under `anuncios/{ad id}/` and are removed with their photo.

use super::store;
use crate::rpc::{
    fields::ItemRef,
    shapes::{Done, PhotoAdded},
};
use crate::{
    auth::AuthUser,
    db::{begin_write, new_id, now_ms},
    error::{ApiError, ApiResult},
    media::{FOTO_NAO_ENCONTRADA, MAX_PHOTOS, decode_photo},
    state::AppState,
};
use bytes::Bytes;
use feira_photo::PhotoKind;
use serde::Deserialize;
use utoipa::ToSchema;

/// *Gap:* a fifth photo.
pub const LIMITE_FOTOS: &str = "Limite de 4 fotos atingido.";

/// `upload_foto_anuncio`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UploadPhoto {
    /// The ad (or its id).
    pub item: ItemRef,
    /// The photo: a base64 JPEG without prefix.
    #[serde(rename = "uri")]
    pub photo: String,
}

/// `excluir_foto_anuncio`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeletePhoto {
    /// The ad (or its id).
    pub item: ItemRef,
    /// A key of the ad's `fotos`.
    #[serde(rename = "idfoto")]
    pub photo: String,
}

/// A base64 JPEG (a `data:` prefix is tolerated) that passes the server's checks for an icon.
pub fn decode(base64: &str) -> ApiResult<Bytes> {
    decode_photo(base64, PhotoKind::Icone)
}

/// Stores a checked photo of ad `id`; returns its URL.
pub async fn put(state: &AppState, id: &str, bytes: Bytes) -> ApiResult<String> {
    let key = format!("anuncios/{id}/{}.jpg", new_id());
    Ok(state.media.put(&key, bytes).await?)
}

/// `upload_foto_anuncio`: `{chave, url}` of the new photo. The count and the insert share one
/// write transaction that first locks the ad's row, so two uploads racing for the last place
/// never leave the ad with more than [`MAX_PHOTOS`]; the loser's file is removed.
pub async fn upload_photo(
    state: &AppState,
    user: AuthUser,
    req: UploadPhoto,
) -> ApiResult<PhotoAdded> {
    let id = req.item.required()?;
    store::owned(&state.db, &id, &user.id).await?;
    if held(&state.db, &id).await? >= MAX_PHOTOS {
        return Err(ApiError::bad_request(LIMITE_FOTOS));
    }
    let bytes = decode(&req.photo)?;
    let url = put(state, &id, bytes).await?;
    let chave = new_id();
    let stored: ApiResult<()> = async {
        let mut tx = begin_write(&state.db).await?;
        sqlx::query("UPDATE ads SET id = id WHERE id = $1")
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        if held(&mut *tx, &id).await? >= MAX_PHOTOS {
            tx.rollback().await?;
            return Err(ApiError::bad_request(LIMITE_FOTOS));
        }
        sqlx::query("INSERT INTO ad_photos (id, ad_id, url, criado_em) VALUES ($1, $2, $3, $4)")
            .bind(&chave)
            .bind(&id)
            .bind(&url)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
    .await;
    if let Err(e) = stored {
        // Nothing refers to the file: do not leave it behind.
        state.media.forget(&url).await;
        return Err(e);
    }
    Ok(PhotoAdded { key: chave, url })
}

/// How many photos ad `id` holds.
async fn held<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(db: E, id: &str) -> ApiResult<i64> {
    Ok(
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM ad_photos WHERE ad_id = $1")
            .bind(id)
            .fetch_one(db)
            .await?,
    )
}

/// `excluir_foto_anuncio`: removes one photo of the user's ad and its media file.
pub async fn delete_photo(state: &AppState, user: AuthUser, req: DeletePhoto) -> ApiResult<Done> {
    let id = req.item.required()?;
    store::owned(&state.db, &id, &user.id).await?;
    let url: String = sqlx::query_scalar("SELECT url FROM ad_photos WHERE id = $1 AND ad_id = $2")
        .bind(req.photo.trim())
        .bind(&id)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| ApiError::NotFound(FOTO_NAO_ENCONTRADA.into()))?;
    sqlx::query("DELETE FROM ad_photos WHERE id = $1 AND ad_id = $2")
        .bind(req.photo.trim())
        .bind(&id)
        .execute(&state.db)
        .await?;
    state.media.forget(&url).await;
    Ok(Done::default())
}

//! Media files (photos) behind one interface: an `object_store` that is a local directory by
//! default or an S3-compatible bucket by configuration, served under `/media` with long cache
//! headers (keys are never reused, so a URL's content never changes).

use crate::{
    config::{ExposeSecret, MediaConfig},
    error::{ApiError, ApiResult},
};
use anyhow::Context;
use axum::{
    body::Body,
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::{Engine, engine::general_purpose::STANDARD};
use bytes::Bytes;
use feira_photo::{PhotoError, PhotoKind, validate_upload};
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, path::Path as StorePath};
use std::sync::Arc;

/// URL prefix of every media file.
pub const PREFIX: &str = "/media/";
/// Photos an ad or a product may hold besides its icon (supplier-panel.md §5; the add tile
/// shows while 3 or fewer are held).
pub const MAX_PHOTOS: i64 = 4;
/// A photo that does not exist (or belongs to another ad or product).
pub const FOTO_NAO_ENCONTRADA: &str = "Foto não encontrada.";

/// The media store.
#[derive(Clone)]
pub struct MediaStore {
    store: Arc<dyn ObjectStore>,
}

impl MediaStore {
    pub fn from_config(config: &MediaConfig) -> anyhow::Result<Self> {
        let store: Arc<dyn ObjectStore> = match config {
            MediaConfig::Local { dir } => {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
                Arc::new(object_store::local::LocalFileSystem::new_with_prefix(dir)?)
            }
            MediaConfig::S3 {
                bucket,
                region,
                endpoint,
                access_key_id,
                secret_access_key,
            } => {
                // object_store's HTTP client is rustls without a bundled provider: ring's, which
                // the rest of the API uses too (an error only says one is installed already).
                let _ = rustls::crypto::ring::default_provider().install_default();
                let mut b = object_store::aws::AmazonS3Builder::from_env()
                    .with_bucket_name(bucket)
                    .with_region(region);
                if let Some(e) = endpoint {
                    b = b.with_endpoint(e).with_allow_http(e.starts_with("http://"));
                }
                if let (Some(k), Some(s)) = (access_key_id, secret_access_key) {
                    b = b
                        .with_access_key_id(k.expose_secret())
                        .with_secret_access_key(s.expose_secret());
                }
                Arc::new(b.build()?)
            }
        };
        Ok(Self { store })
    }

    /// Stores `bytes` under `key` and returns its public URL (`/media/{key}`).
    pub async fn put(&self, key: &str, bytes: Bytes) -> anyhow::Result<String> {
        let path = StorePath::parse(key).with_context(|| format!("media key {key}"))?;
        self.store
            .put(&path, PutPayload::from_bytes(bytes))
            .await
            .with_context(|| format!("storing {key}"))?;
        Ok(format!("{PREFIX}{key}"))
    }

    /// Removes the file behind `url` (a `/media/…` URL); other URLs and missing files are
    /// ignored.
    pub async fn delete_url(&self, url: &str) -> anyhow::Result<()> {
        let Some(key) = url.strip_prefix(PREFIX) else {
            return Ok(());
        };
        let path = StorePath::parse(key).with_context(|| format!("media key {key}"))?;
        match self.store.delete(&path).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e).with_context(|| format!("deleting {key}")),
        }
    }

    /// Removes the file behind `url` once nothing refers to it any more; a failure is only
    /// logged (the row is already gone or replaced).
    pub async fn forget(&self, url: &str) {
        if let Err(e) = self.delete_url(url).await {
            tracing::warn!(error = ?e, %url, "photo left in the media store");
        }
    }
}

/// A base64 JPEG from the browser (a `data:` prefix and white space tolerated), decoded and
/// re-validated with the photo pipeline (decisions.md §16): a JPEG within the bounds of `kind`.
/// Anything else is 400 with its message. What is stored is not the upload but the pipeline's
/// own re-encoding of its pixels (`feira_photo::process`): no metadata, no trailing bytes (a
/// JPEG with HTML appended is stored as the picture alone), upright.
pub fn decode_photo(base64: &str, kind: PhotoKind) -> ApiResult<Bytes> {
    let data = base64.trim();
    let data = data
        .strip_prefix("data:")
        .and_then(|d| d.split_once(',').map(|(_, b)| b))
        .unwrap_or(data);
    let cleaned: String = data.chars().filter(|c| !c.is_whitespace()).collect();
    let bytes = STANDARD
        .decode(cleaned.as_bytes())
        .map_err(|_| ApiError::bad_request(PhotoError::Unreadable.to_string()))?;
    validate_upload(&bytes, kind).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let photo = feira_photo::process(&bytes, kind).map_err(|e| {
        tracing::info!(error = %e, "an upload that validated did not re-encode");
        ApiError::bad_request(PhotoError::Unreadable.to_string())
    })?;
    Ok(Bytes::from(photo.jpeg))
}

/// The longest key a stored file may have, and the longest of its parts: ours are far shorter,
/// and a longer one would make the file system fail (a name too long) instead of not finding it.
const MAX_KEY_BYTES: usize = 512;
const MAX_KEY_PART_BYTES: usize = 255;

/// Whether a stored file could have `key`.
fn possible_key(key: &str) -> bool {
    key.len() <= MAX_KEY_BYTES && key.split('/').all(|p| p.len() <= MAX_KEY_PART_BYTES)
}

/// `GET /media/{*key}`.
pub async fn serve(State(media): State<MediaStore>, Path(key): Path<String>) -> Response {
    let Ok(path) = StorePath::parse(&key)
        .map_err(|_| ())
        .and_then(|p| if possible_key(&key) { Ok(p) } else { Err(()) })
    else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match media.store.get(&path).await {
        Ok(found) => {
            let mime = mime_guess::from_path(&key).first_or_octet_stream();
            let mut res = Body::from_stream(found.into_stream()).into_response();
            let h = res.headers_mut();
            if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
                h.insert(header::CONTENT_TYPE, v);
            }
            // Media are JPEGs we encoded; anything else (a file left in the store by hand) is
            // downloaded, never shown as a page.
            if mime.type_() != mime_guess::mime::IMAGE {
                h.insert(
                    header::CONTENT_DISPOSITION,
                    HeaderValue::from_static("attachment"),
                );
            }
            h.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            );
            res
        }
        Err(object_store::Error::NotFound { .. }) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::error!(error = %e, %key, "media read failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_too_long_for_a_file_cannot_be_stored_ones() {
        assert!(possible_key("produtos/demo-p01/abc.jpg"));
        assert!(!possible_key(&format!("produtos/{}.jpg", "a".repeat(300))));
        assert!(!possible_key(&"a/".repeat(300)));
    }

    #[test]
    fn photos_must_be_base64_jpegs() {
        let err = decode_photo("not base64!", PhotoKind::Icone).unwrap_err();
        assert_eq!(err.to_string(), "Não foi possível ler esta imagem.");
        // A PNG signature is not a JPEG.
        let png = STANDARD.encode(b"\x89PNG\r\n\x1a\n0000");
        let err = decode_photo(&png, PhotoKind::Icone).unwrap_err();
        assert_eq!(err.to_string(), "A foto enviada não é um JPEG.");
    }
}

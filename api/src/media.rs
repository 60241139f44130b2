//! Media files (photos) behind one interface: an `object_store` that is a local directory by
//! default or an S3-compatible bucket by configuration, served under `/media` with long cache
//! headers (keys are never reused, so a URL's content never changes).

use crate::{config::MediaConfig, startup::AppState};
use anyhow::Context;
use axum::{
    body::Body,
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use object_store::{ObjectStore, PutPayload, path::Path as StorePath};
use std::sync::Arc;

/// URL prefix of every media file.
pub const PREFIX: &str = "/media/";

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
                let mut b = object_store::aws::AmazonS3Builder::from_env()
                    .with_bucket_name(bucket)
                    .with_region(region);
                if let Some(e) = endpoint {
                    b = b.with_endpoint(e).with_allow_http(e.starts_with("http://"));
                }
                if let (Some(k), Some(s)) = (access_key_id, secret_access_key) {
                    b = b.with_access_key_id(k).with_secret_access_key(s);
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
}

/// `GET /media/{*key}`.
pub async fn serve(State(state): State<AppState>, Path(key): Path<String>) -> Response {
    let Ok(path) = StorePath::parse(&key) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match state.media.store.get(&path).await {
        Ok(found) => {
            let mime = mime_guess::from_path(&key).first_or_octet_stream();
            let mut res = Body::from_stream(found.into_stream()).into_response();
            let h = res.headers_mut();
            if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
                h.insert(header::CONTENT_TYPE, v);
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

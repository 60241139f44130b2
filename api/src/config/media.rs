//! Where media files live (`MEDIA_STORE`, `MEDIA_DIR`, `S3_*`); `crate::media` builds its store
//! from these settings.

use super::{Secret, Vars, secret};
use anyhow::{Context, bail};
use std::path::PathBuf;

/// Where media files live.
#[derive(Debug, Clone)]
pub enum MediaConfig {
    /// A local directory (the default).
    Local { dir: PathBuf },
    /// An S3-compatible bucket.
    S3 {
        bucket: String,
        region: String,
        endpoint: Option<String>,
        access_key_id: Option<Secret>,
        secret_access_key: Option<Secret>,
    },
}

pub(super) fn read(v: &Vars) -> anyhow::Result<MediaConfig> {
    Ok(match v.get("MEDIA_STORE").as_deref().unwrap_or("local") {
        "local" => MediaConfig::Local {
            dir: v
                .get("MEDIA_DIR")
                .unwrap_or_else(|| "data/media".into())
                .into(),
        },
        "s3" => MediaConfig::S3 {
            bucket: v
                .get("S3_BUCKET")
                .context("MEDIA_STORE=s3 needs S3_BUCKET")?,
            region: v.get("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
            endpoint: v.get("S3_ENDPOINT"),
            access_key_id: v.get("S3_ACCESS_KEY_ID").map(secret),
            secret_access_key: v.get("S3_SECRET_ACCESS_KEY").map(secret),
        },
        other => bail!("MEDIA_STORE must be 'local' or 's3', not '{other}'"),
    })
}

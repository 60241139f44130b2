//! Spooling an upload to a temporary file while hashing it (SHA-256) and counting its bytes:
//! the body is never held in memory, and a body past the limit is refused as soon as it
//! crosses it.

use crate::error::{ApiError, ApiResult};
use bytes::Bytes;
use futures::{Stream, StreamExt};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use tokio::io::{AsyncWriteExt, BufWriter};
use wasm_core::{forms::MAX_FILE_BYTES, messages::ARQUIVO_GRANDE};

/// A temporary file, removed on drop.
#[derive(Debug)]
pub struct TempFile(PathBuf);

impl TempFile {
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A spooled upload.
#[derive(Debug)]
pub struct Spooled {
    pub file: TempFile,
    pub size: u64,
    /// SHA-256 of the whole file, lower-case hex.
    pub sha256: String,
}

/// 'Arquivo muito grande!'.
pub fn too_large() -> ApiError {
    ApiError::bad_request(ARQUIVO_GRANDE)
}

/// Writes `body` to a new file in `dir`; refuses it past [`MAX_FILE_BYTES`].
pub async fn spool<S, E>(dir: &Path, mut body: S) -> ApiResult<Spooled>
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
    E: std::error::Error + Send + Sync + 'static,
{
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(|e| anyhow::Error::new(e).context("spool dir"))?;
    let file = TempFile(dir.join(format!("feira-upload-{}", crate::db::new_id())));
    let out = tokio::fs::File::create(file.path())
        .await
        .map_err(|e| anyhow::Error::new(e).context("spool file"))?;
    let mut out = BufWriter::with_capacity(256 * 1024, out);
    let mut hasher = Sha256::new();
    let mut size = 0u64;
    while let Some(frame) = body.next().await {
        let frame = frame.map_err(|e| anyhow::Error::new(e).context("reading the upload"))?;
        size += frame.len() as u64;
        if size > MAX_FILE_BYTES {
            return Err(too_large());
        }
        hasher.update(&frame);
        out.write_all(&frame)
            .await
            .map_err(|e| anyhow::Error::new(e).context("spooling"))?;
    }
    out.flush()
        .await
        .map_err(|e| anyhow::Error::new(e).context("spooling"))?;
    Ok(Spooled {
        file,
        size,
        sha256: hex::encode(hasher.finalize()),
    })
}

//! The gateway's HTTP API (`ARWEAVE_GATEWAY`: arlocal on loopback in demo and tests, a public
//! gateway in production): anchor, price, the transaction header, its chunks (each retried),
//! and the confirmation status.

use super::{
    b64,
    chunks::ChunkedFile,
    transaction::{Tag, Transaction},
    wallet::Wallet,
};
use anyhow::{Context, bail};
use serde_json::{Value, json};
use std::{io::SeekFrom, path::Path, time::Duration};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

/// How many times a chunk is tried before the upload fails.
const CHUNK_TRIES: u32 = 5;

/// A gateway's confirmation status of a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TxStatus {
    /// Accepted, not yet in a block (202, or 200 with "Pending").
    Pending,
    /// In a block, with this many confirmations.
    Confirmed { confirmations: u64, height: u64 },
    /// Unknown to the gateway.
    NotFound,
}

/// A client of one gateway.
#[derive(Debug, Clone)]
pub struct Gateway {
    base: String,
    http: reqwest::Client,
}

impl Gateway {
    /// A client of the gateway at `base` (no trailing slash needed).
    pub fn new(base: &str, timeout: Duration) -> anyhow::Result<Self> {
        Ok(Self {
            base: base.trim().trim_end_matches('/').to_owned(),
            http: reqwest::Client::builder().timeout(timeout).build()?,
        })
    }

    /// The gateway's base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Where a transaction's data can be read: `{gateway}/{id}`.
    pub fn link(&self, id: &str) -> String {
        format!("{}/{id}", self.base)
    }

    async fn get_text(&self, path: &str) -> anyhow::Result<String> {
        let res = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .with_context(|| format!("GET {path}"))?;
        let status = res.status();
        let text = res.text().await?;
        if !status.is_success() {
            bail!("GET {path}: {status} {text}");
        }
        Ok(text.trim().to_owned())
    }

    /// `GET /tx_anchor`: the anchor (`last_tx`) for a new transaction.
    pub async fn tx_anchor(&self) -> anyhow::Result<String> {
        self.get_text("/tx_anchor").await
    }

    /// `GET /price/{bytes}`: the reward, in winston, to store `bytes` bytes.
    pub async fn price(&self, bytes: u64) -> anyhow::Result<String> {
        let price = self.get_text(&format!("/price/{bytes}")).await?;
        if price.is_empty() || !price.bytes().all(|b| b.is_ascii_digit()) {
            bail!("GET /price/{bytes}: not a number: {price}");
        }
        Ok(price)
    }

    /// `POST /tx`: the signed header. Accepted means 200 (or 208, already known).
    pub async fn post_tx(&self, tx: &Transaction) -> anyhow::Result<()> {
        let res = self
            .http
            .post(format!("{}/tx", self.base))
            .json(tx)
            .send()
            .await
            .context("POST /tx")?;
        let status = res.status();
        if status.is_success() || status.as_u16() == 208 {
            return Ok(());
        }
        let text = res.text().await.unwrap_or_default();
        bail!("POST /tx refused: {status} {text}")
    }

    /// `POST /chunk` of one chunk, tried up to [`CHUNK_TRIES`] times with a growing pause.
    pub async fn post_chunk(&self, body: &Value) -> anyhow::Result<()> {
        let mut pause = Duration::from_millis(200);
        let mut last = None;
        for attempt in 1..=CHUNK_TRIES {
            match self
                .http
                .post(format!("{}/chunk", self.base))
                .json(body)
                .send()
                .await
            {
                Ok(res) if res.status().is_success() || res.status().as_u16() == 208 => {
                    return Ok(());
                }
                Ok(res) => {
                    let status = res.status();
                    last = Some(anyhow::anyhow!(
                        "POST /chunk: {status} {}",
                        res.text().await.unwrap_or_default()
                    ));
                }
                Err(e) => last = Some(anyhow::Error::new(e).context("POST /chunk")),
            }
            tracing::warn!(attempt, error = ?last, "chunk upload failed");
            if attempt < CHUNK_TRIES {
                tokio::time::sleep(pause).await;
                pause *= 2;
            }
        }
        Err(last.unwrap_or_else(|| anyhow::anyhow!("POST /chunk failed")))
    }

    /// `GET /tx/{id}/status`.
    pub async fn status(&self, id: &str) -> anyhow::Result<TxStatus> {
        let res = self
            .http
            .get(format!("{}/tx/{id}/status", self.base))
            .send()
            .await
            .context("GET /tx/{id}/status")?;
        match res.status().as_u16() {
            202 => Ok(TxStatus::Pending),
            404 => Ok(TxStatus::NotFound),
            200 => {
                let text = res.text().await?;
                match serde_json::from_str::<Value>(&text) {
                    Ok(v) if v.is_object() => Ok(TxStatus::Confirmed {
                        confirmations: v["number_of_confirmations"].as_u64().unwrap_or(0),
                        height: v["block_height"].as_u64().unwrap_or(0),
                    }),
                    _ if text.trim().eq_ignore_ascii_case("pending") => Ok(TxStatus::Pending),
                    _ => bail!("GET /tx/{id}/status: unexpected answer {text}"),
                }
            }
            other => bail!("GET /tx/{id}/status: {other}"),
        }
    }

    /// Stores the file at `path` (whose tree is `file`): anchor, price, signed header, then
    /// every chunk read from disk. Returns the transaction once the gateway has accepted the
    /// header and every chunk.
    pub async fn upload(
        &self,
        wallet: &Wallet,
        path: &Path,
        file: &ChunkedFile,
        tags: Vec<Tag>,
    ) -> anyhow::Result<Transaction> {
        let anchor = self.tx_anchor().await?;
        let reward = self.price(file.size).await?;
        let mut tx = Transaction::data(wallet, file, &anchor, &reward, tags);
        tx.sign(wallet)?;
        self.post_tx(&tx).await?;
        let mut reader = tokio::fs::File::open(path).await?;
        let data_root = b64(&file.data_root);
        let data_size = file.size.to_string();
        let mut buf = Vec::new();
        for chunk in &file.chunks {
            buf.resize(usize::try_from(chunk.end - chunk.start)?, 0);
            reader.seek(SeekFrom::Start(chunk.start)).await?;
            reader.read_exact(&mut buf).await?;
            let body = json!({
                "data_root": data_root,
                "data_size": data_size,
                "data_path": b64(&chunk.data_path),
                "offset": chunk.offset().to_string(),
                "chunk": b64(&buf),
            });
            self.post_chunk(&body).await?;
        }
        Ok(tx)
    }
}

//! The notarisation service the handlers share (in `AppState`): the gateway client and the
//! platform's wallet, read (or generated) on first use so that starting the API never waits
//! for a key to be made.

use super::{Gateway, Wallet};
use crate::config::ArweaveConfig;
use anyhow::Context;
use std::{path::PathBuf, sync::Arc};
use tokio::sync::OnceCell;

/// Gateway + wallet.
#[derive(Debug)]
pub struct Notary {
    pub gateway: Gateway,
    /// Where uploads are spooled.
    pub spool_dir: PathBuf,
    wallet_path: PathBuf,
    wallet: OnceCell<Arc<Wallet>>,
}

impl Notary {
    pub fn from_config(config: &ArweaveConfig) -> anyhow::Result<Self> {
        Ok(Self {
            gateway: Gateway::new(&config.gateway, config.timeout)?,
            spool_dir: config.spool_dir.clone(),
            wallet_path: config.wallet.clone(),
            wallet: OnceCell::new(),
        })
    }

    /// The platform's wallet (`ARWEAVE_WALLET`), loaded once.
    pub async fn wallet(&self) -> anyhow::Result<Arc<Wallet>> {
        self.wallet
            .get_or_try_init(|| async {
                let path = self.wallet_path.clone();
                let wallet = tokio::task::spawn_blocking(move || Wallet::load_or_generate(&path))
                    .await
                    .context("wallet task")??;
                tracing::info!(address = %wallet.address(), "Arweave wallet ready");
                Ok(Arc::new(wallet))
            })
            .await
            .cloned()
    }
}

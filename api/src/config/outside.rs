//! The services called on users' behalf and their bounds: the geocoder (`GEOCODER_*`), the CEP
//! lookup (`CEP_*`) and the Arweave gateway (`ARWEAVE_*`). `crate::outside` builds the shared
//! call windows and caches from these settings; `crate::arweave` its notary.

use super::{Rate, Vars};
use anyhow::bail;
use std::{path::PathBuf, time::Duration};

/// The geocoder and the CEP lookup.
#[derive(Debug, Clone)]
pub struct OutsideConfig {
    /// A Nominatim-compatible geocoder (`{url}/search`); `None`: municipality seats only.
    pub geocoder_url: Option<String>,
    /// The geocoder's calls across all instances (`GEOCODER_RATE`, default `1/s`: the public
    /// Nominatim's policy).
    pub geocoder_rate: Rate,
    /// How long a geocoded address is remembered (`GEOCODER_CACHE_SECONDS`, default 3600).
    pub geocoder_cache: Duration,
    /// A ViaCEP- or BrasilAPI-compatible lookup with `{cep}` where the 8 digits go
    /// (`CEP_URL`, e.g. `https://viacep.com.br/ws/{cep}/json/`); `None`: addresses are typed
    /// by hand.
    pub cep_url: Option<String>,
    /// The CEP lookup's calls across all instances (`CEP_RATE`, default `3/s`).
    pub cep_rate: Rate,
    /// The CEP lookup's calls for one signed-in user, across all instances (`CEP_CLIENT_RATE`,
    /// default `10/min`), so that nobody spends everyone's [`Self::cep_rate`].
    pub cep_client_rate: Rate,
    /// How long a CEP's answer is remembered (`CEP_CACHE_SECONDS`, default 86400: CEPs change
    /// seldom).
    pub cep_cache: Duration,
}

/// Where files are notarised (`ARWEAVE_*`).
#[derive(Debug, Clone)]
pub struct ArweaveConfig {
    /// The gateway (`ARWEAVE_GATEWAY`): arlocal on loopback in demo and tests
    /// (`http://127.0.0.1:1984`, the default), e.g. `https://arweave.net` in production.
    pub gateway: String,
    /// The platform's wallet, a JWK file (`ARWEAVE_WALLET`, default `data/arweave-wallet.json`);
    /// generated there when missing (demo and tests only: production brings a funded wallet).
    pub wallet: PathBuf,
    /// Timeout of each request to the gateway (`ARWEAVE_TIMEOUT_SECONDS`, default 60).
    pub timeout: Duration,
    /// Where uploads are spooled while they are hashed and chunked (`ARWEAVE_SPOOL_DIR`,
    /// default the system's temporary directory).
    pub spool_dir: PathBuf,
    /// Status reads from the gateway on visitors' behalf (`verificar_blockchain`) across all
    /// instances (`ARWEAVE_READ_RATE`, default `5/s`).
    pub read_rate: Rate,
    /// How long a transaction's status is remembered (`ARWEAVE_STATUS_CACHE_SECONDS`, default
    /// 30).
    pub status_cache: Duration,
}

pub(super) fn read(v: &Vars) -> anyhow::Result<OutsideConfig> {
    let cep_url = v
        .get("CEP_URL")
        .map(|u| {
            let u = u.trim().to_owned();
            if !u.contains("{cep}") || !(u.starts_with("http://") || u.starts_with("https://")) {
                bail!(
                    "CEP_URL must be an http(s) address with {{cep}} where the digits go, \
                     e.g. https://viacep.com.br/ws/{{cep}}/json/"
                );
            }
            Ok(u)
        })
        .transpose()?;
    Ok(OutsideConfig {
        geocoder_url: v
            .get("GEOCODER_URL")
            .map(|u| u.trim().trim_end_matches('/').to_owned()),
        geocoder_rate: v.rate("GEOCODER_RATE", "1/s")?,
        geocoder_cache: v.seconds("GEOCODER_CACHE_SECONDS", 3600, 0)?,
        cep_url,
        cep_rate: v.rate("CEP_RATE", "3/s")?,
        cep_client_rate: v.rate("CEP_CLIENT_RATE", "10/min")?,
        cep_cache: v.seconds("CEP_CACHE_SECONDS", 86_400, 0)?,
    })
}

pub(super) fn read_arweave(v: &Vars) -> anyhow::Result<ArweaveConfig> {
    Ok(ArweaveConfig {
        gateway: v
            .get("ARWEAVE_GATEWAY")
            .unwrap_or_else(|| "http://127.0.0.1:1984".into())
            .trim()
            .trim_end_matches('/')
            .to_owned(),
        wallet: v
            .get("ARWEAVE_WALLET")
            .unwrap_or_else(|| "data/arweave-wallet.json".into())
            .into(),
        timeout: v.seconds("ARWEAVE_TIMEOUT_SECONDS", 60, 1)?,
        spool_dir: v
            .get("ARWEAVE_SPOOL_DIR")
            .map_or_else(std::env::temp_dir, PathBuf::from),
        read_rate: v.rate("ARWEAVE_READ_RATE", "5/s")?,
        status_cache: v.seconds("ARWEAVE_STATUS_CACHE_SECONDS", 30, 0)?,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::vars;
    use super::*;

    #[test]
    fn the_cep_lookup_needs_its_placeholder() {
        assert!(read(&vars(&[])).unwrap().cep_url.is_none());
        let c = read(&vars(&[(
            "CEP_URL",
            "https://viacep.com.br/ws/{cep}/json/",
        )]))
        .unwrap();
        assert!(c.cep_url.unwrap().contains("{cep}"));
        assert!(read(&vars(&[("CEP_URL", "https://viacep.com.br/ws/")])).is_err());
    }
}

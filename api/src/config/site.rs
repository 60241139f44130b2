//! The site's settings: where the API listens (`APP_HOST`, `APP_PORT`), the webapp it serves
//! (`WEBAPP_DIR`, or the one embedded in a release), how long public reads may be kept
//! (`PUBLIC_READ_MAX_AGE_SECONDS`), the site's public address for link previews, canonical URLs
//! and the sitemap (`PUBLIC_URL`) and the size of the sitemap's parts (`SITEMAP_PART_SIZE`).
//! Every variable is documented in `.env.example`.

use super::Vars;
use anyhow::{Context, bail};
use std::{net::IpAddr, path::PathBuf};

/// The site's settings.
#[derive(Debug, Clone)]
pub struct SiteConfig {
    pub host: IpAddr,
    /// 0 picks a free port (tests).
    pub port: u16,
    /// The built webapp on disk (`WEBAPP_DIR`, default `webapp/dist`), used unless
    /// `webapp_embedded`.
    pub webapp_dir: PathBuf,
    /// Serve the webapp embedded in the binary (a release built by `just dist`, with
    /// `WEBAPP_DIR` unset).
    pub webapp_embedded: bool,
    /// Seconds a public catalogue read (`GET /api?codigo=…`) may be kept without asking again,
    /// and as many more during which it may be shown while asked again
    /// (`PUBLIC_READ_MAX_AGE_SECONDS`, default 30: an edit reaches every buyer within a minute).
    pub public_read_max_age: u32,
    /// The site's public address, `https://feira.example` (`PUBLIC_URL`, no trailing slash):
    /// canonical URLs, `og:url`, absolute `og:image`, the sitemap. Unset: the request's `Host`
    /// (development; set it in production, behind any proxy).
    pub public_url: Option<String>,
    /// Addresses per part of the sitemap (`SITEMAP_PART_SIZE`, default 10,000, at most 50,000,
    /// the sitemaps.org bound): what one request of a part reads.
    pub sitemap_part_size: usize,
}

/// The default [`SiteConfig::sitemap_part_size`].
pub const SITEMAP_PART_SIZE: usize = 10_000;
/// The most addresses a sitemap file may hold (sitemaps.org).
pub const SITEMAP_MAX_URLS: usize = 50_000;

/// Reads the settings through `v` (unset and empty are the same).
pub(super) fn read(v: &Vars) -> anyhow::Result<SiteConfig> {
    let public_url = v
        .get("PUBLIC_URL")
        .map(|u| {
            let u = u.trim().trim_end_matches('/').to_owned();
            let parsed = url::Url::parse(&u).context("PUBLIC_URL must be an absolute URL")?;
            if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
                bail!("PUBLIC_URL must be an http(s) address, e.g. https://feira.example");
            }
            Ok(u)
        })
        .transpose()?;
    let sitemap_part_size = match v.get("SITEMAP_PART_SIZE") {
        None => SITEMAP_PART_SIZE,
        Some(n) => n
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=SITEMAP_MAX_URLS).contains(n))
            .with_context(|| format!("SITEMAP_PART_SIZE must be 1 to {SITEMAP_MAX_URLS}"))?,
    };
    Ok(SiteConfig {
        host: v
            .get("APP_HOST")
            .unwrap_or_else(|| "127.0.0.1".into())
            .parse()
            .context("APP_HOST must be an IP address")?,
        port: u16::try_from(v.num("APP_PORT", 8080)?).context("APP_PORT out of range")?,
        webapp_embedded: cfg!(feature = "embed-webapp") && v.get("WEBAPP_DIR").is_none(),
        webapp_dir: v
            .get("WEBAPP_DIR")
            .unwrap_or_else(|| "webapp/dist".into())
            .into(),
        public_read_max_age: v.count("PUBLIC_READ_MAX_AGE_SECONDS", 30)?,
        public_url,
        sitemap_part_size,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::vars;
    use super::*;

    fn read_with(pairs: &[(&str, &str)]) -> anyhow::Result<SiteConfig> {
        read(&vars(pairs))
    }

    #[test]
    fn defaults_and_checks() {
        let c = read_with(&[]).unwrap();
        assert!(c.public_url.is_none());
        assert_eq!(c.sitemap_part_size, SITEMAP_PART_SIZE);
        assert!(read_with(&[("SITEMAP_PART_SIZE", "0")]).is_err());
        assert!(read_with(&[("SITEMAP_PART_SIZE", "50001")]).is_err());
        assert_eq!(
            read_with(&[("SITEMAP_PART_SIZE", "2")])
                .unwrap()
                .sitemap_part_size,
            2
        );
        let c = read_with(&[("PUBLIC_URL", "https://feira.example/")]).unwrap();
        assert_eq!(c.public_url.as_deref(), Some("https://feira.example"));
        assert!(read_with(&[("PUBLIC_URL", "feira.example")]).is_err());
        assert!(read_with(&[("PUBLIC_URL", "ftp://feira.example")]).is_err());
    }
}

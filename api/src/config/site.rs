//! The public site and places settings (issue 28), read by [`super::Config::from_lookup`]:
//! the site's public address for link previews, canonical URLs and the sitemap
//! (`PUBLIC_URL`), the size of the sitemap's parts (`SITEMAP_PART_SIZE`) and the CEP lookup
//! (`CEP_URL`). (The geocoder's pace is `GEOCODER_RATE`,
//! [`crate::outside`].) Every variable is documented in `.env.example`.

use anyhow::{Context, bail};

/// The public site and places settings.
#[derive(Debug, Clone)]
pub struct SiteConfig {
    /// The site's public address, `https://feira.example` (`PUBLIC_URL`, no trailing slash):
    /// canonical URLs, `og:url`, absolute `og:image`, the sitemap. Unset: the request's `Host`
    /// (development; set it in production, behind any proxy).
    pub public_url: Option<String>,
    /// A ViaCEP- or BrasilAPI-compatible lookup with `{cep}` where the 8 digits go
    /// (`CEP_URL`, e.g. `https://viacep.com.br/ws/{cep}/json/`); `None`: addresses are typed
    /// by hand.
    pub cep_url: Option<String>,
    /// Addresses per part of the sitemap (`SITEMAP_PART_SIZE`, default 10,000, at most 50,000,
    /// the sitemaps.org bound): what one request of a part reads.
    pub sitemap_part_size: usize,
}

/// The default [`SiteConfig::sitemap_part_size`].
pub const SITEMAP_PART_SIZE: usize = 10_000;
/// The most addresses a sitemap file may hold (sitemaps.org).
pub const SITEMAP_MAX_URLS: usize = 50_000;

/// Reads the settings through `var` (unset and empty are the same).
pub(super) fn read(var: &impl Fn(&str) -> Option<String>) -> anyhow::Result<SiteConfig> {
    let public_url = var("PUBLIC_URL")
        .map(|u| {
            let u = u.trim().trim_end_matches('/').to_owned();
            let parsed = url::Url::parse(&u).context("PUBLIC_URL must be an absolute URL")?;
            if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
                bail!("PUBLIC_URL must be an http(s) address, e.g. https://feira.example");
            }
            Ok(u)
        })
        .transpose()?;
    let cep_url = var("CEP_URL")
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
    let sitemap_part_size = match var("SITEMAP_PART_SIZE") {
        None => SITEMAP_PART_SIZE,
        Some(n) => n
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=SITEMAP_MAX_URLS).contains(n))
            .with_context(|| format!("SITEMAP_PART_SIZE must be 1 to {SITEMAP_MAX_URLS}"))?,
    };
    Ok(SiteConfig {
        public_url,
        cep_url,
        sitemap_part_size,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_with(pairs: &[(&str, &str)]) -> anyhow::Result<SiteConfig> {
        read(&|k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    #[test]
    fn defaults_and_checks() {
        let c = read_with(&[]).unwrap();
        assert!(c.public_url.is_none() && c.cep_url.is_none());
        assert_eq!(c.sitemap_part_size, SITEMAP_PART_SIZE);
        assert!(read_with(&[("SITEMAP_PART_SIZE", "0")]).is_err());
        assert!(read_with(&[("SITEMAP_PART_SIZE", "50001")]).is_err());
        assert_eq!(
            read_with(&[("SITEMAP_PART_SIZE", "2")])
                .unwrap()
                .sitemap_part_size,
            2
        );
        let c = read_with(&[
            ("PUBLIC_URL", "https://feira.example/"),
            ("CEP_URL", "https://viacep.com.br/ws/{cep}/json/"),
        ])
        .unwrap();
        assert_eq!(c.public_url.as_deref(), Some("https://feira.example"));
        assert!(read_with(&[("PUBLIC_URL", "feira.example")]).is_err());
        assert!(read_with(&[("PUBLIC_URL", "ftp://feira.example")]).is_err());
        assert!(read_with(&[("CEP_URL", "https://viacep.com.br/ws/")]).is_err());
    }
}

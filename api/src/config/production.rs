//! What `APP_ENV=production` refuses (besides the sandbox Pix and an unauthenticated webhook,
//! refused in [`super::pix`]), and what a configuration that starts is still told about.

use super::{Config, ExposeSecret, Secret};
use anyhow::bail;

/// Shortest `METRICS_TOKEN` and `PIX_WEBHOOK_HMAC` production accepts.
pub const MIN_PRODUCTION_SECRET_CHARS: usize = 32;

/// Whether `url`'s host is this machine (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`,
/// or the unspecified address).
fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => {
            let d = d.trim_end_matches('.').to_ascii_lowercase();
            d == "localhost" || d.ends_with(".localhost")
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback() || ip.is_unspecified(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback() || ip.is_unspecified(),
        None => true,
    }
}

/// What `APP_ENV=production` refuses besides the sandbox Pix and an unauthenticated webhook
/// (refused in [`pix`]): an OpenID issuer that is not https or is on loopback (the local
/// provider signs in anyone as anyone), the demo seed, a `METRICS_TOKEN` or
/// `PIX_WEBHOOK_HMAC` shorter than [`MIN_PRODUCTION_SECRET_CHARS`], and a rate limit switched
/// off. Every refusal names its setting; all are reported at once.
pub fn refuse_in_production(c: &Config) -> anyhow::Result<()> {
    let mut refused: Vec<String> = Vec::new();
    match url::Url::parse(&c.security.oidc_issuer) {
        Ok(u) if u.scheme() == "https" && !is_loopback(&u) => {}
        _ => refused.push(format!(
            "OIDC_ISSUER={} (the issuer must be https and not on loopback: the local provider \
             signs in anyone as anyone)",
            c.security.oidc_issuer
        )),
    }
    if c.seed_demo {
        refused.push("SEED_DEMO=true (the demo data and its accounts)".into());
    }
    let short = |v: &Option<Secret>| {
        v.as_ref()
            .is_some_and(|t| t.expose_secret().chars().count() < MIN_PRODUCTION_SECRET_CHARS)
    };
    if short(&c.ops.metrics_token) {
        refused.push(format!(
            "METRICS_TOKEN shorter than {MIN_PRODUCTION_SECRET_CHARS} characters"
        ));
    }
    if short(&c.pix.webhook.hmac) {
        refused.push(format!(
            "PIX_WEBHOOK_HMAC shorter than {MIN_PRODUCTION_SECRET_CHARS} characters"
        ));
    }
    if let Some(w) = &c.whatsapp {
        if w.app_secret.expose_secret().chars().count() < MIN_PRODUCTION_SECRET_CHARS {
            refused.push(format!(
                "WHATSAPP_APP_SECRET shorter than {MIN_PRODUCTION_SECRET_CHARS} characters"
            ));
        }
        if w.verify_token.expose_secret().chars().count() < MIN_PRODUCTION_SECRET_CHARS {
            refused.push(format!(
                "WHATSAPP_VERIFY_TOKEN shorter than {MIN_PRODUCTION_SECRET_CHARS} characters"
            ));
        }
        match url::Url::parse(&w.api_url) {
            Ok(u) if u.scheme() == "https" && !is_loopback(&u) => {}
            _ => refused.push(format!(
                "WHATSAPP_API_URL={} (the Cloud API must be https and not on loopback: the \
                 local one sends nothing to anyone)",
                w.api_url
            )),
        }
    }
    for (class, q) in &c.security.limits.quotas {
        if q.ip.is_none() && q.user.is_none() {
            refused.push(format!("{}=off (rate limits stay on)", class.var()));
        }
    }
    if refused.is_empty() {
        return Ok(());
    }
    bail!(
        "APP_ENV=production refuses {} (docs/deploy.md, 'Production settings')",
        refused.join("; ")
    )
}

/// Told at start without `GEOCODER_URL` (decisions.md §15): addresses are their municipality's
/// seat, so a per-km fee is the same for every street of a city and a maximum delivery distance
/// compares city seats.
pub const SEM_GEOCODER: &str = "GEOCODER_URL is not set: every address is its municipality's \
     seat, so a per-km delivery fee is the same for every street of a city and a maximum \
     delivery distance compares city seats (docs/deploy.md)";

/// What a configuration that starts should still be told about (logged as warnings at start in
/// production, as information in development): settings whose absence degrades what people get.
pub fn start_warnings(c: &Config) -> Vec<&'static str> {
    let mut out = Vec::new();
    if c.outside.geocoder_url.is_none() {
        out.push(SEM_GEOCODER);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{AppEnv, Class, tests::config};
    use super::*;

    /// A production configuration that starts: Efí, a webhook over mutual TLS, Google.
    const PRODUCTION: &[(&str, &str)] = &[
        ("APP_ENV", "production"),
        ("OIDC_CLIENT_ID", "x.apps.googleusercontent.com"),
        ("PIX_PROVIDER", "api-pix"),
        ("PIX_CLIENT_ID", "id"),
        ("PIX_CLIENT_SECRET", "secret"),
        ("PIX_CERT_FILE", "/etc/feira/efi.pem"),
        ("METRICS_TOKEN", "0123456789abcdef0123456789abcdef"),
    ];

    fn production(change: &[(&'static str, &'static str)]) -> anyhow::Result<Config> {
        let mut pairs = PRODUCTION.to_vec();
        pairs.retain(|(k, _)| !change.iter().any(|(c, _)| c == k));
        pairs.extend_from_slice(change);
        config(&pairs)
    }

    #[test]
    fn production_is_told_at_start_when_addresses_are_city_seats() {
        let c = production(&[]).unwrap();
        assert_eq!(start_warnings(&c), vec![SEM_GEOCODER]);
        let c = production(&[("GEOCODER_URL", "https://nominatim.example.com.br")]).unwrap();
        assert!(start_warnings(&c).is_empty());
    }

    #[test]
    fn production_starts_with_production_settings() {
        let c = production(&[]).unwrap();
        assert_eq!(c.env, AppEnv::Production);
        assert_eq!(c.security.oidc_issuer, "https://accounts.google.com");
        production(&[("OIDC_ISSUER", "https://login.example.com.br")]).unwrap();
        production(&[("PIX_WEBHOOK_HMAC", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6")]).unwrap();
    }

    #[test]
    fn production_refuses_each_development_setting_by_name() {
        let refused = |change: &[(&'static str, &'static str)], named: &str| {
            let e = production(change).expect_err(named).to_string();
            assert!(e.contains(named), "{change:?}: {e}");
            assert!(e.contains("APP_ENV=production"), "{e}");
        };
        refused(&[("OIDC_ISSUER", "http://127.0.0.1:8091")], "OIDC_ISSUER");
        refused(
            &[("OIDC_ISSUER", "http://accounts.example.com")],
            "OIDC_ISSUER",
        );
        refused(&[("OIDC_ISSUER", "https://localhost:8091")], "OIDC_ISSUER");
        refused(&[("OIDC_ISSUER", "https://127.0.0.1")], "OIDC_ISSUER");
        refused(&[("OIDC_ISSUER", "https://[::1]:8091")], "OIDC_ISSUER");
        refused(&[("SEED_DEMO", "true")], "SEED_DEMO");
        refused(&[("METRICS_TOKEN", "a")], "METRICS_TOKEN");
        refused(
            &[("PIX_WEBHOOK_HMAC", "a1b2c3d4e5f6g7h8i9j0")],
            "PIX_WEBHOOK_HMAC",
        );
        for class in Class::ALL {
            refused(&[(class.var(), "off")], class.var());
        }
        refused(&[("PIX_PROVIDER", "sandbox")], "PIX_PROVIDER");
        const WA: [(&str, &str); 4] = [
            ("WHATSAPP_TOKEN", "EAAGtoken"),
            ("WHATSAPP_PHONE_NUMBER_ID", "1234567890"),
            ("WHATSAPP_APP_SECRET", "0123456789abcdef0123456789abcdef"),
            ("WHATSAPP_VERIFY_TOKEN", "fedcba9876543210fedcba9876543210"),
        ];
        production(&WA).unwrap();
        let mut short = WA.to_vec();
        short[2].1 = "curto";
        refused(&short, "WHATSAPP_APP_SECRET");
        let mut local = WA.to_vec();
        local.push(("WHATSAPP_API_URL", "http://127.0.0.1:8095/v21.0"));
        refused(&local, "WHATSAPP_API_URL");
        // Several at once are all named.
        let e = production(&[("SEED_DEMO", "1"), ("METRICS_TOKEN", "abc")])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("SEED_DEMO") && e.contains("METRICS_TOKEN"),
            "{e}"
        );
        // Outside production the same settings are fine.
        config(&[
            ("OIDC_CLIENT_ID", "x"),
            ("OIDC_ISSUER", "http://127.0.0.1:8091"),
            ("SEED_DEMO", "true"),
            ("METRICS_TOKEN", "a"),
            ("RATE_LIMIT_SIGNIN", "off"),
        ])
        .unwrap();
    }
}

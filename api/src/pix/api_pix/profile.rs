//! What is particular to one PSP, kept small (decisions.md §20): its default addresses (in
//! [`crate::config::PspProfile::default_urls`]), how its token endpoint wants the
//! client-credentials request, and how a webhook without mutual TLS is registered. Everything
//! else is BACEN's standard API Pix, spoken the same way to every PSP.
//!
//! Adding a PSP (docs/pix.md, 'Another PSP'): a variant of `PspProfile` with its URLs, and its
//! line in [`Profile::of`].

use crate::config::PspProfile;

/// How the token endpoint wants `grant_type=client_credentials` (always with HTTP Basic).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenBody {
    /// `{"grant_type": "client_credentials"}` (Efí).
    Json,
    /// `grant_type=client_credentials`, form-encoded (RFC 6749 §4.4, the default).
    Form,
}

/// A PSP's particulars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub name: &'static str,
    pub token_body: TokenBody,
    /// Sent as `{header}: true` when a webhook is registered in the hmac mode, telling the PSP
    /// not to require (nor probe) mutual TLS at the receiver (Efí's `x-skip-mtls-checking`).
    pub skip_mtls_header: Option<&'static str>,
}

impl Profile {
    pub const fn of(psp: PspProfile) -> Self {
        match psp {
            PspProfile::Efi | PspProfile::EfiHomologacao => Self {
                name: "efi",
                token_body: TokenBody::Json,
                skip_mtls_header: Some("x-skip-mtls-checking"),
            },
            PspProfile::Generic => Self {
                name: "generic",
                token_body: TokenBody::Form,
                skip_mtls_header: None,
            },
        }
    }
}

/// The URL to register for webhook `base`: with `hmac`, `?hmac=…&ignorar=`. The standard's
/// callback (and Efí) appends `/pix` to the registered URL; the empty `ignorar` parameter takes
/// it (`…&ignorar=/pix`) so the `hmac` value stays intact. Without a query the suffix becomes
/// part of the path: the API serves both `/webhooks/pix` and `/webhooks/pix/pix`.
pub fn webhook_url(base: &str, hmac: Option<&str>) -> String {
    match hmac {
        Some(h) => format!("{base}?hmac={h}&ignorar="),
        None => base.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn efi_and_generic_differ_only_in_small_ways() {
        let efi = Profile::of(PspProfile::Efi);
        assert_eq!(efi.token_body, TokenBody::Json);
        assert_eq!(efi.skip_mtls_header, Some("x-skip-mtls-checking"));
        assert_eq!(Profile::of(PspProfile::EfiHomologacao), efi);
        let generic = Profile::of(PspProfile::Generic);
        assert_eq!(generic.token_body, TokenBody::Form);
        assert_eq!(generic.skip_mtls_header, None);
    }

    #[test]
    fn the_hmac_survives_the_appended_suffix() {
        let url = webhook_url("https://f.example/webhooks/pix", Some("s3cr3t"));
        assert_eq!(url, "https://f.example/webhooks/pix?hmac=s3cr3t&ignorar=");
        let called = url::Url::parse(&format!("{url}/pix")).unwrap();
        assert_eq!(called.path(), "/webhooks/pix");
        let hmac = called.query_pairs().find(|(k, _)| k == "hmac").unwrap().1;
        assert_eq!(hmac, "s3cr3t");
        assert_eq!(
            webhook_url("https://f.example/webhooks/pix", None),
            "https://f.example/webhooks/pix"
        );
    }
}

//! Pix's HTTP edge, above the domain: where the PSP and the demo reach us. The PSP's webhook
//! ([`webhook`]: hmac on the main port, or mutual TLS on its own listener, [`webhook_tls`]),
//! which confirms every notification at the PSP (Pix Automático's too,
//! [`webhook_rec`]) before the domain takes it in
//! ([`crate::domain::inbox`]); the sandbox's payment route ([`sandbox`]); a charge's QR image
//! ([`qr`]). It calls the domain and the adapter ([`crate::pix`]); nothing below imports it.

pub mod qr;
pub mod sandbox;
pub mod webhook;
pub mod webhook_rec;
pub mod webhook_tls;

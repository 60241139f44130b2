//! Sign-in and sessions: ID tokens verified against the OpenID issuer ([`oidc`]), our own
//! revocable session tokens ([`session`]), and the only way handlers learn who is calling:
//! the extractors in [`extract`].

pub mod extract;
pub mod oidc;
pub mod session;

pub use extract::{Admin, AuthUser, MaybeAuthUser};

//! Sign-in and sessions: ID tokens verified against the OpenID issuer ([`oidc`]), our own
//! revocable session tokens ([`session`]), single-use tickets for URLs that cannot carry a
//! header ([`ticket`]), and the only way handlers learn who is calling: the extractors in
//! [`extract`].

pub mod extract;
pub mod oidc;
pub mod session;
pub mod ticket;

pub use extract::{Admin, AuthUser, MaybeAuthUser};

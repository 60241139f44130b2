//! The application's shared state: what every handler, extractor and endpoint can reach. Built
//! once by [`crate::startup::Application::build`] and cloned into each request (every field is
//! a cheap handle).

use crate::{
    arweave::Notary, auth::oidc::OidcVerifier, config::Config, db::Db, events::Hub,
    media::MediaStore, outside::Outside, pix::PixProvider, security::Security,
};
use axum::extract::FromRef;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub oidc: Arc<OidcVerifier>,
    pub media: MediaStore,
    /// The Pix provider (`PIX_PROVIDER`).
    pub pix: Arc<dyn PixProvider>,
    /// Arweave gateway and wallet (`ARWEAVE_*`).
    pub notary: Arc<Notary>,
    /// Live events (new orders, pending counts, ended sessions), across instances.
    pub events: Hub,
    /// Rate limiters and the security headers' policy.
    pub security: Arc<Security>,
    /// Budgets and caches of the calls made to other services on users' behalf.
    pub outside: Arc<Outside>,
    /// Cancelled when the server starts shutting down: event streams close, jobs stop.
    pub shutdown: CancellationToken,
}

/// The media store, for `crate::media::serve` (which does not import this state).
impl FromRef<AppState> for MediaStore {
    fn from_ref(state: &AppState) -> Self {
        state.media.clone()
    }
}

/// The defences, for the extractors of `crate::security` (which do not import this state).
impl FromRef<AppState> for Arc<Security> {
    fn from_ref(state: &AppState) -> Self {
        state.security.clone()
    }
}

//! Builds the application: database (migrated, optionally seeded), media store, sign-in
//! verifier, router with its layers; binds the port (0 picks a free one) and serves until a
//! shutdown signal, finishing in-flight requests.

use crate::{
    auth::oidc::OidcVerifier, config::Config, db, error::ApiError, media, media::MediaStore,
    messages::ENDERECO_NAO_ENCONTRADO, rpc, seed, web,
};
use axum::{
    Json, Router,
    extract::{DefaultBodyLimit, State},
    routing::{any, get, post},
};
use std::{future::Future, net::SocketAddr, pin::Pin, sync::Arc};
use tower_http::{catch_panic::CatchPanicLayer, compression::CompressionLayer, trace::TraceLayer};

/// [`crate::state::AppState`] under its former path, for the modules that still name it here
/// (`media.rs`, `rpc/supplier/events.rs`); new code imports it from [`crate::state`].
pub use crate::state::AppState;

type Server = Pin<Box<dyn Future<Output = std::io::Result<()>> + Send>>;

/// A built, bound application.
pub struct Application {
    address: SocketAddr,
    state: AppState,
    server: Server,
}

impl Application {
    /// Connects, migrates, seeds when asked, binds `config.host:config.port`.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let db = db::connect(&config.database_url, config.database_max_connections).await?;
        db::migrate(&db).await?;
        let media = MediaStore::from_config(&config.media)?;
        if config.seed_demo {
            seed::load_demo(&db, &media).await?;
        }
        let pix = crate::pix::from_config(&config.pix)?;
        crate::domain::charges::spawn_expiry_task(db.clone());
        let notary = Arc::new(crate::arweave::Notary::from_config(&config.arweave)?);
        crate::mail::spawn_outbox_task(
            db.clone(),
            config.smtp_url.clone(),
            config.smtp_from.clone(),
        );
        let state = AppState {
            notary,
            pix,
            db,
            oidc: Arc::new(OidcVerifier::new(
                &config.oidc_issuer,
                &config.oidc_client_id,
            )),
            config: Arc::new(config),
            media,
            events: crate::rpc::supplier::events::Hub::default(),
        };
        let listener =
            tokio::net::TcpListener::bind((state.config.host, state.config.port)).await?;
        let address = listener.local_addr()?;
        let server = axum::serve(listener, router(state.clone()))
            .with_graceful_shutdown(shutdown_signal())
            .into_future();
        Ok(Self {
            address,
            state,
            server: Box::pin(server),
        })
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.address.port()
    }

    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The shared state (tests use its database).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until SIGINT/SIGTERM, then lets in-flight requests finish.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        self.server.await?;
        tracing::info!("stopped");
        Ok(())
    }
}

/// Every route of the API.
pub fn router(state: AppState) -> Router {
    let body_limit = state.config.body_limit;
    let webapp_dir = state.config.webapp_dir.clone();
    Router::new()
        .route("/api", post(rpc::handle))
        .route("/api/openapi.json", get(crate::openapi::serve))
        .route("/api/{*rest}", any(api_not_found))
        .route(
            "/api/fornecedor/eventos",
            get(rpc::supplier::events::stream),
        )
        .route("/healthz", get(healthz))
        .route("/pix/sandbox/{txid}/pagar", post(crate::pix::sandbox::pay))
        .route(
            "/api/blockchain/upload",
            post(rpc::notary::upload::upload_stream),
        )
        .route("/media/{*key}", get(media::serve))
        .merge(web::routes(&webapp_dir))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .layer(CatchPanicLayer::new())
        .with_state(state)
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound(ENDERECO_NAO_ENCONTRADO.into())
}

/// `GET /healthz`'s answer.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`.
    #[schema(value_type = String, examples("ok"))]
    pub status: &'static str,
}

/// `GET /healthz`: 200 when the database answers.
async fn healthz(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    sqlx::query("SELECT 1").execute(&state.db).await?;
    Ok(Json(Health { status: "ok" }))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

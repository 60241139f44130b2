//! Builds the application: database (migrated, optionally seeded), media store, sign-in
//! verifier, live events, background jobs, router with its layers; binds the port (0 picks a
//! free one) and serves until a shutdown signal, then shuts down gracefully.
//!
//! `periodic` wires the background jobs, `routes` every route and the router's layers.

mod periodic;
mod routes;

pub use routes::router;

use crate::{
    auth::oidc::OidcVerifier, config::Config, db, events::Hub, jobs, media::MediaStore, seed,
    state::AppState, web,
};
use periodic::{spawn_cycles_job, spawn_jobs};
use std::{future::Future, net::SocketAddr, pin::Pin, sync::Arc};
use tokio_util::sync::CancellationToken;

type Server = Pin<Box<dyn Future<Output = std::io::Result<()>> + Send>>;

/// A built, bound application.
pub struct Application {
    address: SocketAddr,
    state: AppState,
    server: Server,
    jobs: jobs::Runner,
}

impl Application {
    /// Connects, migrates, seeds when asked, starts the background jobs, binds
    /// `config.site.host:config.site.port` (and `METRICS_ADDR` when set).
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_on(config, None).await
    }

    /// [`build`](Self::build), serving `listener` when given (a socket already listening, handed
    /// over by a service manager: `LISTEN_FDS`) instead of binding `config.site.host:config.site.port`.
    pub async fn build_on(
        config: Config,
        listener: Option<std::net::TcpListener>,
    ) -> anyhow::Result<Self> {
        let shutdown = CancellationToken::new();
        let db = db::connect(
            &config.database.url,
            config.database.max_connections,
            config.database.acquire_timeout,
        )
        .await?;
        db::migrate(&db).await?;
        for warning in crate::config::start_warnings(&config) {
            match config.env {
                crate::config::AppEnv::Production => tracing::warn!("{warning}"),
                crate::config::AppEnv::Development => tracing::info!("{warning}"),
            }
        }
        let media = MediaStore::from_config(&config.media)?;
        if config.seed_demo {
            seed::load_demo(&db, &media).await?;
        }
        // Stores opened before every store had a URL get their default one (a store is never
        // without one).
        crate::domain::stores::assign_missing(&db).await?;
        crate::search::rebuild_stale(&db).await?;
        let pix = crate::pix::from_config(&config.pix)?;
        let notary = Arc::new(crate::arweave::Notary::from_config(&config.arweave)?);
        let events = Hub::connect(&db, &config.database.url, shutdown.clone()).await?;
        let mut jobs = spawn_jobs(&config, &db, &shutdown, &pix, &events)?;
        let state = AppState {
            security: crate::security::Security::new(
                &config.security,
                web::index_html(&config.site.webapp_dir, config.site.webapp_embedded).as_deref(),
            ),
            notary,
            pix,
            outside: Arc::new(crate::outside::Outside::from_config(&config)),
            oidc: Arc::new(OidcVerifier::new(
                &config.security.oidc_issuer,
                &config.security.oidc_client_id,
            )),
            config: Arc::new(config),
            db,
            media,
            events,
            shutdown: shutdown.clone(),
        };
        spawn_cycles_job(&mut jobs, &state);
        if let Some(addr) = state.config.ops.metrics_addr {
            let listener = tokio::net::TcpListener::bind(addr).await?;
            tracing::info!("metrics on http://{}/metrics", listener.local_addr()?);
            let private = axum::serve(listener, crate::ops::router(state.clone()))
                .with_graceful_shutdown(shutdown.clone().cancelled_owned());
            tokio::spawn(async move { private.await });
        }
        let listener = match listener {
            Some(inherited) => {
                inherited.set_nonblocking(true)?;
                tokio::net::TcpListener::from_std(inherited)?
            }
            None => {
                tokio::net::TcpListener::bind((state.config.site.host, state.config.site.port))
                    .await?
            }
        };
        let address = listener.local_addr()?;
        if let Some(tls) = &state.config.pix.webhook.tls {
            crate::pix_http::webhook_tls::serve(tls, state.clone())?;
        }
        let server = axum::serve(
            listener,
            router(state.clone()).into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown.clone().cancelled_owned())
        .into_future();
        crate::pix_http::webhook::register_at_start(&state);
        Ok(Self {
            address,
            state,
            server: Box::pin(server),
            jobs,
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

    /// Serves until SIGINT/SIGTERM (or until `state().shutdown` is cancelled), then shuts
    /// down gracefully: stops accepting, closes the event streams, lets in-flight requests
    /// finish (for up to `SHUTDOWN_GRACE_SECONDS`), lets the jobs finish their run and give
    /// back their claims, and closes the database pool.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let shutdown = self.state.shutdown.clone();
        let signalled = shutdown.clone();
        tokio::spawn(async move {
            tokio::select! {
                () = shutdown_signal() => signalled.cancel(),
                () = signalled.cancelled() => {}
            }
        });
        let grace = self.state.config.ops.shutdown_grace;
        let deadline = async {
            shutdown.cancelled().await;
            tokio::time::sleep(grace).await;
        };
        tokio::select! {
            served = self.server => served?,
            () = deadline => tracing::warn!("in-flight requests cut after the shutdown grace"),
        }
        self.jobs.stopped().await;
        self.state.db.close().await;
        tracing::info!("stopped");
        Ok(())
    }
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

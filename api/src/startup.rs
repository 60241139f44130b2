//! Builds the application: database (migrated, optionally seeded), media store, sign-in
//! verifier, live events, background jobs, router with its layers; binds the port (0 picks a
//! free one) and serves until a shutdown signal, then shuts down gracefully.

use crate::{
    auth::oidc::OidcVerifier,
    config::Config,
    db,
    error::ApiError,
    events::Hub,
    jobs::{self, Job, Scope},
    media,
    media::MediaStore,
    messages::ENDERECO_NAO_ENCONTRADO,
    ops,
    pix::PixProvider,
    rpc, seed,
    state::AppState,
    telemetry::{self, REQUEST_ID},
    web,
};
use axum::{
    Router,
    extract::DefaultBodyLimit,
    routing::{any, get, post},
};
use std::{future::Future, net::SocketAddr, pin::Pin, sync::Arc, time::Duration};
use tokio_util::sync::CancellationToken;
use tower::util::MapRequestLayer;
use tower_http::{
    LatencyUnit,
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    request_id::{PropagateRequestIdLayer, SetRequestIdLayer},
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;

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

/// A notarisation token reserved longer than this (6 hours) belongs to an upload whose process
/// died: housekeeping gives it back.
const STALE_RESERVATION_MS: i64 = 6 * 3600 * 1000;

/// The instance's periodic jobs (decisions.md §23; see [`crate::jobs`]): Pix expiry, refunds,
/// the received-Pix inbox, reconciliation, the e-mail outbox and housekeeping, each done once
/// per period by one instance (the outbox and the inbox also claim their rows, so a woken run
/// on another instance never sends or applies twice).
fn spawn_jobs(
    config: &Config,
    db: &db::Db,
    shutdown: &CancellationToken,
    pix: &Arc<dyn PixProvider>,
    events: &Hub,
) -> anyhow::Result<jobs::Runner> {
    let every = |default: u64| {
        config
            .ops
            .jobs_every
            .unwrap_or(Duration::from_secs(default))
    };
    let mut runner = jobs::Runner::new(db.clone(), shutdown.clone());
    spawn_pix_jobs(&mut runner, config, pix, events, every);
    runner.spawn(Job::new(
        "housekeeping",
        every(3600),
        Scope::OneInstance,
        |ctx| {
            Box::pin(async move {
                crate::auth::ticket::delete_expired(&ctx.db).await?;
                crate::domain::tokens::release_stale(&ctx.db, db::now_ms() - STALE_RESERVATION_MS)
                    .await?;
                Ok(())
            })
        },
    ));
    let in_person_expiry = config.pix.in_person_expiry;
    runner.spawn(Job::new(
        "orders-expiry",
        every(3600),
        Scope::OneInstance,
        move |ctx| {
            Box::pin(async move {
                crate::domain::orders::expire_in_person(&ctx.db, in_person_expiry).await?;
                Ok(())
            })
        },
    ));
    // Delivered orders without the buyer's word are released once, across instances
    // (decisions.md §37).
    let release_after = config.pix.release_after;
    runner.spawn(Job::new(
        "orders-release",
        every(3600),
        Scope::OneInstance,
        move |ctx| {
            Box::pin(async move {
                crate::domain::orders::receipt::release_due(&ctx.db, release_after, db::now_ms())
                    .await?;
                Ok(())
            })
        },
    ));
    // Problem cases without agreement go to the admin's 'Disputas' once, across instances
    // (decisions.md §37).
    let escalate_after = config.cases.escalate_after;
    runner.spawn(Job::new(
        "cases-escalate",
        every(3600),
        Scope::OneInstance,
        move |ctx| {
            Box::pin(async move {
                crate::domain::cases::escalate_due(&ctx.db, escalate_after, db::now_ms()).await?;
                Ok(())
            })
        },
    ));
    if let Some(relay) = &config.mail.relay {
        let mailer = crate::mail::smtp::Mailer::new(relay, &config.mail)?;
        let policy = crate::mail::outbox::Policy {
            max_attempts: config.mail.max_attempts,
            first_retry: config.mail.first_retry,
            lease: config.mail.timeout * 12 + Duration::from_secs(60),
        };
        runner.spawn(
            Job::new("email-outbox", every(30), Scope::OneInstance, move |ctx| {
                let mailer = mailer.clone();
                Box::pin(async move {
                    crate::mail::outbox::sweep(&ctx.db, &mailer, &policy, &ctx.shutdown).await?;
                    Ok(())
                })
            })
            .woken_by(crate::mail::wakes()),
        );
    }
    if let Some(w) = &config.whatsapp {
        let client = crate::mail::whatsapp::client::Client::new(w)?;
        let policy = crate::mail::outbox::Policy {
            max_attempts: w.max_attempts,
            first_retry: w.first_retry,
            lease: w.timeout * 12 + Duration::from_secs(60),
        };
        runner.spawn(
            Job::new(
                "whatsapp-outbox",
                every(30),
                Scope::OneInstance,
                move |ctx| {
                    let client = client.clone();
                    Box::pin(async move {
                        crate::mail::whatsapp::outbox::sweep(
                            &ctx.db,
                            &client,
                            &policy,
                            &ctx.shutdown,
                        )
                        .await?;
                        Ok(())
                    })
                },
            )
            .woken_by(crate::mail::wakes()),
        );
    }
    Ok(runner)
}

/// The Pix jobs: expiry (asking the PSP first), refunds (woken when one is scheduled), the
/// received-Pix inbox (what a crash left unapplied), and, with a PSP, the reconciliation (every
/// `PIX_RECONCILE_MINUTES`, and once at start).
fn spawn_pix_jobs(
    runner: &mut jobs::Runner,
    config: &Config,
    pix: &Arc<dyn PixProvider>,
    events: &Hub,
    every: impl Fn(u64) -> Duration,
) {
    use crate::domain::{inbox, reconcile};
    let (p, hub) = (pix.clone(), events.clone());
    // A charge opened at the PSP and not recorded after six of its timeouts belongs to a
    // request that died: removed at the PSP (charges::forget_abandoned).
    let psp_timeout = config
        .pix
        .api
        .as_ref()
        .map_or(Duration::from_secs(10), |a| a.timeout);
    let abandoned_after = psp_timeout * 6;
    runner.spawn(Job::new(
        "pix-expiry",
        every(60),
        Scope::OneInstance,
        move |ctx| {
            let (p, hub) = (p.clone(), hub.clone());
            Box::pin(async move {
                crate::domain::pix_automatico::refresh_due(&ctx.db, &hub, p.as_ref()).await?;
                reconcile::expire(&ctx.db, p.as_ref(), &hub, abandoned_after).await?;
                crate::domain::pix_automatico::after_expiry(&ctx.db, p.as_ref()).await?;
                Ok(())
            })
        },
    ));
    let p = pix.clone();
    runner.spawn(
        Job::new("pix-refunds", every(60), Scope::OneInstance, move |ctx| {
            let p = p.clone();
            Box::pin(async move {
                crate::domain::refunds::process_due(&ctx.db, p.as_ref(), &ctx.shutdown).await?;
                Ok(())
            })
        })
        .woken_by(crate::domain::refunds::wakes()),
    );
    let hub = events.clone();
    runner.spawn(Job::new(
        "pix-inbox",
        every(60),
        Scope::OneInstance,
        move |ctx| {
            let hub = hub.clone();
            Box::pin(async move {
                inbox::drain(&ctx.db, &hub).await?;
                Ok(())
            })
        },
    ));
    if config.pix.provider == crate::config::PixProviderKind::ApiPix {
        let (p, hub) = (pix.clone(), events.clone());
        let key = std::sync::Arc::new(config.pix.key.clone());
        let period = config.ops.jobs_every.unwrap_or(config.pix.reconcile_every);
        runner.spawn(Job::new(
            "pix-reconciliation",
            period,
            Scope::OneInstance,
            move |ctx| {
                let (p, hub, key) = (p.clone(), hub.clone(), key.clone());
                Box::pin(async move {
                    reconcile::run(&ctx.db, p.as_ref(), &hub, &key).await?;
                    // Pix Automático: every open recurrence and recurring charge.
                    crate::domain::pix_automatico::reconcile(&ctx.db, &hub, p.as_ref(), 500)
                        .await?;
                    Ok(())
                })
            },
        ));
    }
}

/// The recurring baskets' cycles (decisions.md §35; `rpc::subscriptions::cycles`): every
/// minute, one instance (the jobs' advisory lock) orders each basket whose cut-off passed and
/// sends the notices due. It places orders with the checkout's code, so it holds the state.
fn spawn_cycles_job(runner: &mut jobs::Runner, state: &AppState) {
    let every = state
        .config
        .ops
        .jobs_every
        .unwrap_or(Duration::from_secs(60));
    let hours = state.config.ops.subscription_notice_hours;
    let state = state.clone();
    runner.spawn(jobs::Job::new(
        "subscription-cycles",
        every,
        jobs::Scope::OneInstance,
        move |ctx| {
            let state = state.clone();
            Box::pin(async move {
                rpc::subscriptions::cycles::run_now(&state, hours, &ctx.shutdown).await
            })
        },
    ));
}

/// Every route of the API.
pub fn router(state: AppState) -> Router {
    let body_limit = state.config.security.body_limit;
    let webapp_dir = state.config.site.webapp_dir.clone();
    let mut routes = Router::new();
    // The sandbox's payment and authorisation endpoints exist only with the sandbox provider
    // (decisions.md §20).
    if state.config.pix.provider == crate::config::PixProviderKind::Sandbox {
        routes = routes
            .route(
                "/pix/sandbox/{txid}/pagar",
                post(crate::pix_http::sandbox::pay),
            )
            .route(
                "/pix/sandbox/rec/{id_rec}/autorizar",
                post(crate::pix_http::sandbox::authorise),
            );
    }
    for path in crate::pix_http::webhook::PATHS {
        routes = routes.route(path, post(crate::pix_http::webhook::with_hmac));
    }
    routes
        .route(
            crate::whatsapp_http::PATH,
            get(crate::whatsapp_http::verify).post(crate::whatsapp_http::receive),
        )
        .route("/api", post(rpc::handle).merge(rpc::reads::route()))
        .route("/api/openapi.json", get(rpc::openapi::serve))
        .route("/api/{*rest}", any(api_not_found))
        .route(
            "/api/fornecedor/eventos",
            get(rpc::supplier::events::stream),
        )
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(ops::metrics_guarded))
        .route(
            "/api/blockchain/upload",
            post(rpc::notary::upload::upload_stream),
        )
        .route("/media/{*key}", get(media::serve))
        .route("/pix/{txid}/qr.svg", get(crate::pix_http::qr::serve))
        .merge(web::routes(&webapp_dir, state.config.site.webapp_embedded))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(CompressionLayer::new())
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            bounded_in_time,
        ))
        .layer(axum::middleware::from_fn(crate::metrics::track))
        .layer(CatchPanicLayer::new())
        // After the panic catcher, so that every answer, even a panic's 500, has the headers.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::security::headers::apply,
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(telemetry::request_span)
                .on_response(
                    DefaultOnResponse::new()
                        .level(Level::INFO)
                        .latency_unit(LatencyUnit::Millis),
                ),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID.clone()))
        .layer(SetRequestIdLayer::new(
            REQUEST_ID.clone(),
            telemetry::RequestIds,
        ))
        .layer(MapRequestLayer::new(drop_insane_request_id))
        .with_state(state)
}

/// Routes whose answers are long by design, with bounds of their own: the supplier's event
/// stream (closed at sign-out and shutdown) and the streamed notarisation upload (the body
/// limit, and a timeout per gateway call).
const UNBOUNDED_ROUTES: [&str; 2] = ["/api/fornecedor/eventos", "/api/blockchain/upload"];

/// Every other request must start its answer within `REQUEST_TIMEOUT_SECONDS`; past it, it is
/// answered 503 with `Retry-After` ('Serviço temporariamente indisponível. Tente novamente em
/// instantes.') and its work is dropped (an open transaction rolls back).
async fn bounded_in_time(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if UNBOUNDED_ROUTES.contains(&req.uri().path()) {
        return next.run(req).await;
    }
    match tokio::time::timeout(state.config.security.request_timeout, next.run(req)).await {
        Ok(res) => res,
        Err(_) => {
            tracing::warn!(
                timeout = ?state.config.security.request_timeout,
                "request timed out: answered 503"
            );
            ApiError::service_unavailable().into_response()
        }
    }
}

/// A caller's `x-request-id` that is not [`telemetry::sane_request_id`] is replaced by ours.
fn drop_insane_request_id<B>(mut req: axum::http::Request<B>) -> axum::http::Request<B> {
    if req
        .headers()
        .get(&REQUEST_ID)
        .is_some_and(|v| !telemetry::sane_request_id(v))
    {
        req.headers_mut().remove(&REQUEST_ID);
    }
    req
}

async fn api_not_found() -> ApiError {
    ApiError::NotFound(ENDERECO_NAO_ENCONTRADO.into())
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

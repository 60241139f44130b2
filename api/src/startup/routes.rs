//! Every route of the API and the router's layers: the request's time bound, metrics, the panic
//! catcher, the security headers, tracing and request ids.

use crate::{
    error::ApiError,
    media,
    messages::ENDERECO_NAO_ENCONTRADO,
    ops, rpc,
    state::AppState,
    telemetry::{self, REQUEST_ID},
    web,
};
use axum::{
    Router,
    extract::DefaultBodyLimit,
    routing::{any, get, post},
};
use tower::util::MapRequestLayer;
use tower_http::{
    LatencyUnit,
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    request_id::{PropagateRequestIdLayer, SetRequestIdLayer},
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::Level;

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

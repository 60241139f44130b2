//! The built webapp: hashed files under `/assets` cached for a year, everything else revalidated,
//! and the pages: any other path gets `index.html` with that page's own head, 200 for the app's
//! routes and 404 for what does not exist ([`seo`]; `/api`, `/media` and `/assets` never do).
//! Also `/robots.txt`, `/sitemap.xml` and the sign-in popup's callback page.
//!
//! The files come from `WEBAPP_DIR` on disk ([`routes`]), or, in a binary built with the
//! `embed-webapp` feature (`just dist`) and `WEBAPP_DIR` unset, from the binary itself
//! ([`embedded`]): the same URLs, headers and fallback.

use crate::state::AppState;
use axum::{
    Router,
    extract::{Request, State},
    http::{HeaderValue, Method, StatusCode, Uri, header},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use std::path::{Path, PathBuf};
use tower::ServiceExt;
use tower_http::{services::ServeDir, set_header::SetResponseHeaderLayer};

#[cfg(feature = "embed-webapp")]
pub mod embedded;
pub mod seo;

/// Routes serving the webapp: embedded when `embedded` (and compiled in), else from `dir`; and
/// `/robots.txt` and `/sitemap.xml`.
pub fn routes(dir: &Path, embedded: bool) -> Router<AppState> {
    let generated = Router::new()
        .route("/robots.txt", get(seo::robots))
        .route("/sitemap.xml", get(seo::sitemap_xml));
    #[cfg(feature = "embed-webapp")]
    if embedded {
        return generated.merge(embedded::routes());
    }
    let _ = embedded;
    generated.merge(from_dir(dir))
}

/// A page (not a file): `/sitemap-{n}.xml` or the webapp's page for the path, its head and
/// status from [`seo::page`]. Only GET and HEAD.
pub(crate) async fn page(
    state: &AppState,
    method: &Method,
    uri: &Uri,
    headers: &axum::http::HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    if let Some(res) = seo::sitemap_file(state, uri.path(), headers).await {
        return res;
    }
    seo::page(state, uri, headers).await
}

/// The page the webapp's routes answer with (embedded when `embedded` and compiled in, else from
/// `dir`), if there is one: the Content-Security-Policy allows its inline styles by hash.
pub fn index_html(dir: &Path, embedded: bool) -> Option<Vec<u8>> {
    #[cfg(feature = "embed-webapp")]
    if embedded {
        return embedded::index_html();
    }
    let _ = embedded;
    std::fs::read(dir.join("index.html")).ok()
}

/// The longest part of a path a file name may be, in bytes.
const MAX_NAME_BYTES: usize = 255;

/// Whether a part of the (percent-encoded) path is longer than any file name can be: the file
/// system would fail on it (a name too long) instead of not finding it.
fn too_long_for_a_file(path: &str) -> bool {
    path.split('/')
        .any(|part| part.len().saturating_sub(2 * part.matches('%').count()) > MAX_NAME_BYTES)
}

/// A path no file can have is not found under `/assets`, never a file system error; elsewhere
/// [`from_dir_page`] does not look for a file.
async fn no_impossible_names(request: Request, next: Next) -> Response {
    if too_long_for_a_file(request.uri().path()) && request.uri().path().starts_with("/assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    next.run(request).await
}

/// Routes serving the webapp from `dir`.
fn from_dir(dir: &Path) -> Router<AppState> {
    let assets = ServeDir::new(dir.join("assets"));
    let root = dir.to_path_buf();
    Router::new()
        .route("/auth/callback", get(auth_callback))
        .route("/auth/callback.js", get(auth_callback_script))
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ))
                .service(assets),
        )
        .fallback(move |state: State<AppState>, request: Request| {
            from_dir_page(state, root.clone(), request)
        })
        .layer(middleware::from_fn(no_impossible_names))
}

/// Any other path, from `dir`: its file when there is one (revalidated), else the page.
async fn from_dir_page(State(state): State<AppState>, dir: PathBuf, request: Request) -> Response {
    let (method, uri, headers) = (
        request.method().clone(),
        request.uri().clone(),
        request.headers().clone(),
    );
    let path = uri.path();
    if path != "/" && !path.ends_with('/') && !too_long_for_a_file(path) {
        let served = ServeDir::new(&dir)
            .append_index_html_on_directories(false)
            .oneshot(request)
            .await;
        if let Ok(mut res) = served
            && res.status() != StatusCode::NOT_FOUND
            && res.status() != StatusCode::METHOD_NOT_ALLOWED
        {
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            return res.map(axum::body::Body::new);
        }
    }
    page(&state, &method, &uri, &headers).await
}

/// The page the OpenID issuer redirects the popup to: it hands the ID token (in the URL
/// fragment) to the page that opened it, on our own origin only, and closes. Its script is a
/// file of our origin ([`auth_callback_script`]): the Content-Security-Policy allows no inline
/// script.
pub(crate) async fn auth_callback() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Html(
            r#"<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Entrando…</title>
<p>Entrando…</p>
<script src="/auth/callback.js"></script></html>"#,
        ),
    )
}

/// The callback page's script.
pub(crate) async fn auth_callback_script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        r#"(function () {
  var p = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  var msg = { type: 'feira-oidc', id_token: p.get('id_token'), state: p.get('state'), error: p.get('error') };
  if (window.opener) { window.opener.postMessage(msg, location.origin); window.close(); }
  else { document.body.textContent = 'Você já pode fechar esta janela.'; }
})();
"#,
    )
}

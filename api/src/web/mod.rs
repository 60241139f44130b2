//! The built webapp: hashed files under `/assets` cached for a year, everything else revalidated,
//! and the SPA fallback (unknown paths get `index.html`; `/api`, `/media` and `/assets` never do).
//! Also the sign-in popup's callback page.
//!
//! The files come from `WEBAPP_DIR` on disk ([`routes`]), or, in a binary built with the
//! `embed-webapp` feature (`just dist`) and `WEBAPP_DIR` unset, from the binary itself
//! ([`embedded`]): the same URLs, headers and fallback.

use crate::state::AppState;
use axum::{
    Router,
    extract::Request,
    http::{HeaderValue, StatusCode, Uri, header},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use std::path::Path;
use tower_http::{
    services::{ServeDir, ServeFile},
    set_header::SetResponseHeaderLayer,
};

#[cfg(feature = "embed-webapp")]
pub mod embedded;

/// Routes serving the webapp: embedded when `embedded` (and compiled in), else from `dir`.
pub fn routes(dir: &Path, embedded: bool) -> Router<AppState> {
    #[cfg(feature = "embed-webapp")]
    if embedded {
        return embedded::routes();
    }
    let _ = embedded;
    from_dir(dir)
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

/// A path no file can have is not found under `/assets` and the page anywhere else (the SPA's
/// fallback), never a file system error.
async fn no_impossible_names(mut request: Request, next: Next) -> Response {
    if too_long_for_a_file(request.uri().path()) {
        if request.uri().path().starts_with("/assets/") {
            return StatusCode::NOT_FOUND.into_response();
        }
        *request.uri_mut() = Uri::from_static("/");
    }
    next.run(request).await
}

/// Routes serving the webapp from `dir`.
fn from_dir(dir: &Path) -> Router<AppState> {
    let assets = ServeDir::new(dir.join("assets"));
    let app = ServeDir::new(dir).fallback(ServeFile::new(dir.join("index.html")));
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
        .fallback_service(
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("no-cache"),
                ))
                .service(app),
        )
        .layer(middleware::from_fn(no_impossible_names))
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

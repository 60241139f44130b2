//! The webapp embedded in the binary (`webapp/dist` at build time, feature `embed-webapp`), so
//! deploying is copying one file: the same routes as serving it from disk, with strong `ETag`s
//! (the file's SHA-256) answered with 304 when the browser already has the file; the pages
//! (any path that is not a file) from [`super::page`].

use super::{auth_callback, auth_callback_script};
use crate::state::AppState;
use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header},
    response::{IntoResponse, Response},
    routing::get,
};
use rust_embed::RustEmbed;

/// `webapp/dist`, compiled in.
#[derive(RustEmbed)]
#[folder = "../webapp/dist"]
struct Webapp;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Whether the embedded webapp has its page (a binary built without `webapp/dist` has not).
pub fn present() -> bool {
    Webapp::get("index.html").is_some()
}

/// The embedded `index.html` (its inline styles are hashed into the CSP).
pub fn index_html() -> Option<Vec<u8>> {
    Webapp::get("index.html").map(|f| f.data.into_owned())
}

/// Routes serving the embedded webapp.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/auth/callback", get(auth_callback))
        .route("/auth/callback.js", get(auth_callback_script))
        .route("/assets/{*path}", get(asset))
        .fallback(page)
}

/// `/assets/…`: hashed names, cached for a year; a missing one is 404.
async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    let name = format!("assets/{path}");
    respond(&name, IMMUTABLE, &headers).unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}

/// Any other path: its file when there is one, else the page ([`super::page`]).
async fn page(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty()
        && !path.ends_with('/')
        && (method == Method::GET || method == Method::HEAD)
        && let Some(file) = respond(path, REVALIDATE, &headers)
    {
        return file;
    }
    super::page(&state, &method, &uri, &headers).await
}

fn respond(name: &str, cache: &'static str, headers: &HeaderMap) -> Option<Response> {
    let file = Webapp::get(name)?;
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let mut res = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mime = mime_guess::from_path(name).first_or_octet_stream();
        let mut res = axum::body::Body::from(file.data).into_response();
        if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
            res.headers_mut().insert(header::CONTENT_TYPE, v);
        }
        res
    };
    let h = res.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    Some(res)
}

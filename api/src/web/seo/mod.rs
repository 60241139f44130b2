//! Public pages are real pages (decisions.md §30): every path the webapp's router knows is
//! answered with the webapp's `index.html`, and a store (`/{url}`), a product
//! (`/detalhes/{categoria}/{id}/{userforn}?type=forn`) and an ad (`/detalhes/{categoria}/{id}/{usuario}`)
//! with their own head ([`head`]: title, description, canonical URL, Open Graph and Twitter
//! tags, JSON-LD `Product`/`Offer` or `LocalBusiness`), so a link pasted in WhatsApp or read by
//! a search engine describes that page without running JavaScript. Its picture (`og:image`) is
//! the product's photo, else its store's icon, else the app's icon ([`APP_IMAGE`]): a shared link
//! always shows one. What does not exist or is
//! not public — an unknown path, a hidden store, a product its supplier disabled or removed, a
//! product of a hidden store, an ad that is gone — answers HTTP 404 with the same page (the
//! webapp still renders its not-found screen, or 'Indisponível' for a disabled product, as
//! `pegar_produto_url_site` tells it). `/robots.txt` and `/sitemap.xml` come from [`sitemap`].
//!
//! Absolute addresses start with `PUBLIC_URL` (config `site.public_url`); without it, with the
//! request's host (development only: a proxy or a client could name any host).

pub mod data;
pub mod head;
mod pages;
pub mod sitemap;

use crate::{state::AppState, web::index_html};
use axum::{
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
    response::{IntoResponse, Response},
};
pub use pages::APP_IMAGE;
use pages::{ad_head, not_found_head, product_head, store_head};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// What a path of the webapp is.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// A page of the app with the default head (home, lists, panels…).
    App,
    Product(String),
    Ad(String),
    Store(String),
    /// Nothing the app has: 404.
    Missing,
}

/// Single-segment routes of the app (`webapp/src/app/router.tsx`); any other single segment is a
/// store's URL.
const APP_PAGES: [&str; 8] = [
    "termos",
    "privacidade",
    "links",
    "anunciegratis",
    "lojas",
    "anuncios",
    "blockchain",
    "admin",
];

/// The route of `path` (percent-encoded, as requested) with `query`.
pub fn route(path: &str, query: Option<&str>) -> Route {
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    let parts: Vec<&str> = decoded
        .trim_matches('/')
        .split('/')
        .filter(|p| !p.is_empty())
        .collect();
    let forn = query.is_some_and(|q| {
        q.split('&')
            .any(|kv| kv == "type=forn" || kv.starts_with("type=forn&"))
    });
    match parts.as_slice() {
        [] => Route::App,
        [one] if APP_PAGES.contains(one) => Route::App,
        [url] => Route::Store(url.to_lowercase()),
        ["verificar" | "painel" | "admin", _] => Route::App,
        ["painel", "perfil", _] => Route::App,
        ["detalhes", _, id, _] if forn => Route::Product((*id).to_owned()),
        ["detalhes", _, id, _] => Route::Ad((*id).to_owned()),
        _ => Route::Missing,
    }
}

/// `encodeURIComponent`'s set: everything but letters, digits and `-_.!~*'()`.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// `text` as one path segment or query value, as the webapp's links write it.
pub fn encode_component(text: &str) -> String {
    utf8_percent_encode(text, COMPONENT).to_string()
}

/// `text` safe in XML.
pub fn escape_xml(text: &str) -> String {
    head::escape(text)
}

/// The site's public address: `PUBLIC_URL`, else `http(s)://{Host}`.
pub fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &state.config.site.public_url {
        return url.clone();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
        })
        .unwrap_or("localhost");
    let https = state.config.security.trust_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("https"));
    format!("{}://{host}", if https { "https" } else { "http" })
}

/// An address stored as `/media/…` (or already absolute), made absolute.
fn absolute(base: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("{base}/{}", url.trim_start_matches('/'))
    }
}

/// The webapp's page for `uri`: its own head, 200 or 404.
pub async fn page(state: &AppState, uri: &Uri, headers: &HeaderMap) -> Response {
    let Some(index) = index_html(
        &state.config.site.webapp_dir,
        state.config.site.webapp_embedded,
    ) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let index = String::from_utf8_lossy(&index).into_owned();
    let base = base_url(state, headers);
    let found = match route(uri.path(), uri.query()) {
        Route::App => Ok(Some(None)),
        Route::Product(id) => product_head(state, &base, &id).await.map(|h| h.map(Some)),
        Route::Ad(id) => ad_head(state, &base, &id).await.map(|h| h.map(Some)),
        Route::Store(url) => store_head(state, &base, &url).await.map(|h| h.map(Some)),
        Route::Missing => Ok(None),
    };
    let (status, html) = match found {
        Ok(Some(Some(head))) => (StatusCode::OK, head.apply(&index)),
        Ok(Some(None)) => (StatusCode::OK, index),
        Ok(None) => (StatusCode::NOT_FOUND, not_found_head().apply(&index)),
        Err(e) => {
            tracing::error!(error = ?e, path = uri.path(), "page head");
            (StatusCode::OK, index)
        }
    };
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        html,
    )
        .into_response()
}

fn cacheable(content_type: &'static str, body: String) -> Response {
    let mut res = (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, ""),
        ],
        body,
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&format!("public, max-age={}", sitemap::MAX_AGE_S)) {
        res.headers_mut().insert(header::CACHE_CONTROL, v);
    }
    res
}

/// `GET /robots.txt`.
pub async fn robots(State(state): State<AppState>, headers: HeaderMap) -> Response {
    cacheable(
        "text/plain; charset=utf-8",
        sitemap::robots(&base_url(&state, &headers)),
    )
}

/// `GET /sitemap.xml`: the index of the sitemap's parts (three counts).
pub async fn sitemap_xml(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let base = base_url(&state, &headers);
    match data::public_counts(&state.db).await {
        Ok(counts) => cacheable(
            "application/xml; charset=utf-8",
            sitemap::index(&base, &counts, state.config.site.sitemap_part_size),
        ),
        Err(e) => {
            tracing::error!(error = ?e, "sitemap");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

/// `GET /sitemap-….xml`, when `path` names a sitemap file: a part of the sitemap, or 404 (a
/// name that is no part's without asking the database). `None` when it is not a sitemap path.
pub async fn sitemap_file(state: &AppState, path: &str, headers: &HeaderMap) -> Option<Response> {
    if !path.starts_with("/sitemap-") || !path.ends_with(".xml") {
        return None;
    }
    let Some(part) = sitemap::Part::parse(path) else {
        return Some(StatusCode::NOT_FOUND.into_response());
    };
    let base = base_url(state, headers);
    let urls = match part {
        sitemap::Part::Pages => sitemap::pages(&base),
        sitemap::Part::Of(kind, n) => {
            let size = state.config.site.sitemap_part_size;
            match data::public_part(&state.db, &base, kind, n, size).await {
                Ok(urls) if urls.is_empty() => return Some(StatusCode::NOT_FOUND.into_response()),
                Ok(urls) => urls,
                Err(e) => {
                    tracing::error!(error = ?e, "sitemap part");
                    return Some(StatusCode::SERVICE_UNAVAILABLE.into_response());
                }
            }
        }
    };
    Some(cacheable(
        "application/xml; charset=utf-8",
        sitemap::urlset(&urls),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_the_webapps_routes() {
        assert_eq!(route("/", None), Route::App);
        assert_eq!(route("/lojas", None), Route::App);
        assert_eq!(route("/painel/perfil/u1", None), Route::App);
        assert_eq!(route("/admin/sitio", None), Route::App);
        assert_eq!(
            route("/Sitio-Boa-Vista/", None),
            Route::Store("sitio-boa-vista".into())
        );
        assert_eq!(
            route("/detalhes/Alimentos/demo-p01/demo-joao", Some("type=forn")),
            Route::Product("demo-p01".into())
        );
        assert_eq!(
            route("/detalhes/Variedades/demo-a01/demo-maria", None),
            Route::Ad("demo-a01".into())
        );
        assert_eq!(route("/detalhes/x", None), Route::Missing);
        assert_eq!(route("/a/b/c", None), Route::Missing);
    }

    #[test]
    fn components_are_encoded_as_the_webapp_does() {
        assert_eq!(
            encode_component("Produtos, Coprodutos, Subprodutos"),
            "Produtos%2C%20Coprodutos%2C%20Subprodutos"
        );
        assert_eq!(encode_component("Sementes e Mudas"), "Sementes%20e%20Mudas");
        assert_eq!(encode_component("a-b_c.d!~*'()"), "a-b_c.d!~*'()");
    }
}

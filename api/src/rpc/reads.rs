//! Catalogue reads a cache can answer (decisions.md §24): the public read-only actions
//! are also served as `GET /api?codigo=…&field=value…`, besides `POST /api`.
//!
//! - The query (every value a string, each field once) is the same `{"codigo": …}` object a
//!   POST carries, so it is decoded by [`super::parse`] into the same typed payload and run by
//!   the same handler through [`super::dispatch`]. Always as an anonymous caller: a public read
//!   never depends on who asks, so one cached copy serves everyone. Only the actions the table
//!   marks `get` ([`Request::is_cacheable_read`], in `actions.rs`) are accepted: any other action
//!   by GET is refused, an unknown one is 'Ação desconhecida' (both 400, as by POST).
//! - `Cache-Control: public, max-age=30, stale-while-revalidate=30`: an edited price, stock or
//!   photo reaches every buyer within a minute (and at once in the editor's own browser, whose
//!   webapp revalidates after a change).
//! - A strong `ETag`: a hash of the exact bytes sent, after compression (so each content coding
//!   has its own; compression here is deterministic). `If-None-Match` with it answers
//!   `304 Not Modified`, with no body. `Vary: Accept-Encoding`.
//!
//! The answer is computed each time (the database is the authority); what a 304 saves is the
//! buyer's bandwidth, which is the point on a weak signal.

use super::{Request, dispatch, parse};
use crate::{
    auth::MaybeAuthUser,
    error::{ApiError, ApiResult},
    messages::{ACAO_DESCONHECIDA, DADOS_INVALIDOS, REQUISICAO_INVALIDA},
    state::AppState,
};
use axum::{
    Json,
    body::Body,
    extract::{Query, Request as HttpRequest, State, rejection::QueryRejection},
    http::{HeaderMap, HeaderValue, Method, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{MethodRouter, get},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use tower_http::compression::CompressionLayer;

/// The message for another action asked by GET.
pub const POST_ONLY: &str = "Esta ação só é aceita por POST /api.";

/// `GET /api`: the handler, compressed here, and its ETag around the compressed bytes (merged
/// with `POST /api` by the router).
pub fn route() -> MethodRouter<AppState> {
    get(handle)
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(etag))
}

/// The `Request` a GET's query stands for.
pub fn request_of(query: Vec<(String, String)>) -> ApiResult<Request> {
    let mut fields = Map::new();
    for (k, v) in query {
        if fields.insert(k, Value::String(v)).is_some() {
            // A field given twice: which one was meant?
            return Err(ApiError::bad_request(DADOS_INVALIDOS));
        }
    }
    let codigo = fields
        .get("codigo")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !Request::CODIGOS.contains(&codigo) {
        return Err(ApiError::bad_request(ACAO_DESCONHECIDA));
    }
    if !Request::is_cacheable_read(codigo) {
        return Err(ApiError::bad_request(POST_ONLY));
    }
    let body = serde_json::to_vec(&fields).map_err(anyhow::Error::from)?;
    // A public read is a small action: its body bound is the small one whatever the file limit.
    parse(
        &body,
        &MaybeAuthUser::default(),
        crate::security::bounds::SMALL_BODY,
    )
}

async fn handle(
    State(state): State<AppState>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> ApiResult<Response> {
    let Ok(Query(query)) = query else {
        return Err(ApiError::bad_request(REQUISICAO_INVALIDA));
    };
    let request = request_of(query)?;
    let max_age = state.config.site.public_read_max_age;
    let answer = dispatch(state, MaybeAuthUser::default(), request, Default::default()).await?;
    Ok((
        [
            (header::CACHE_CONTROL, cache_control(max_age)),
            (header::VARY, HeaderValue::from_static("Accept-Encoding")),
        ],
        Json(answer),
    )
        .into_response())
}

/// Kept `max_age` seconds without asking again; for as many more a cache may show it while it
/// asks again (`PUBLIC_READ_MAX_AGE_SECONDS`).
fn cache_control(max_age: u32) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "public, max-age={max_age}, stale-while-revalidate={max_age}"
    ))
    .expect("ASCII")
}

/// The strong ETag of `bytes`: 128 bits of their SHA-256, quoted.
pub fn etag_of(bytes: &[u8]) -> String {
    format!(
        "\"{}\"",
        URL_SAFE_NO_PAD.encode(&Sha256::digest(bytes)[..16])
    )
}

/// Whether `If-None-Match` (a list of entity tags, or `*`) matches `etag`; weak comparison, as
/// RFC 9110 §13.1.2 asks for this header.
pub fn none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == etag)
}

/// Adds the ETag of a successful GET's body, and answers 304 when the client already has it.
async fn etag(request: HttpRequest, next: Next) -> Response {
    let is_get = request.method() == Method::GET;
    let conditional = request.headers().clone();
    let response = next.run(request).await;
    if !is_get || response.status() != StatusCode::OK {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => return ApiError::Internal(anyhow::anyhow!("read body: {e}")).into_response(),
    };
    let tag = etag_of(&bytes);
    let value = HeaderValue::from_str(&tag).expect("base64 in quotes");
    if none_match(&conditional, &tag) {
        let mut not_modified = Response::new(Body::empty());
        *not_modified.status_mut() = StatusCode::NOT_MODIFIED;
        let h = not_modified.headers_mut();
        h.insert(header::ETAG, value);
        for name in [header::CACHE_CONTROL, header::VARY] {
            for v in parts.headers.get_all(&name) {
                h.append(name.clone(), v.clone());
            }
        }
        return not_modified;
    }
    parts.headers.insert(header::ETAG, value);
    Response::from_parts(parts, Body::from(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(codigo: &str, p: &[(&str, &str)]) -> Vec<(String, String)> {
        std::iter::once(("codigo", codigo))
            .chain(p.iter().copied())
            .map(|(k, v)| (k.into(), v.into()))
            .collect()
    }

    fn refusal(r: ApiResult<Request>) -> String {
        match r {
            Err(ApiError::BadRequest(m)) => m,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_read_becomes_the_same_typed_request_as_its_post() {
        let r = request_of(query(
            "pegar_produtos_anuncios_site2",
            &[("regiao", "Piracicaba, SP"), ("categoria", "Alimentos")],
        ));
        let Ok(Request::CatalogFirstPage(p)) = r else {
            panic!("{r:?}")
        };
        assert_eq!(
            (p.regiao.as_str(), p.categoria.as_str()),
            ("Piracicaba, SP", "Alimentos")
        );
        assert!(matches!(
            request_of(query("pegar_lojas", &[])),
            Ok(Request::Stores(_))
        ));
        let Ok(Request::CatalogNextPage(n)) = request_of(query(
            "pegar_produtos_anuncios_local",
            &[
                ("cidade", "Limeira, SP"),
                ("categoria", "Variedades"),
                ("nexta", "c1"),
            ],
        )) else {
            panic!()
        };
        assert_eq!((n.nextp, n.nexta.as_deref()), (None, Some("c1")));
    }

    #[test]
    fn the_cacheable_reads_are_the_public_catalogue_reads() {
        let reads: Vec<&str> = Request::CODIGOS
            .iter()
            .copied()
            .filter(|c| Request::is_cacheable_read(c))
            .collect();
        assert_eq!(
            reads,
            [
                "pegar_produtos_anuncios_site",
                "pegar_produtos_anuncios_site2",
                "pegar_produtos_anuncios_local",
                "search",
                "pegar_lojas",
                "start_site",
                "pegar_produto_url_site",
                "pegar_anuncio_url_site",
                "pegar_dadosforn",
                "pegar_avaliacoes",
            ]
        );
        assert!(reads.iter().all(|c| !Request::is_admin_action(c)));
    }

    #[test]
    fn other_actions_are_refused_and_unknown_ones_unknown() {
        for codigo in [
            "finalizar_pedido",
            "validar_cupom",
            "pegar_pedidos",
            "loading_admin",
            "login_site",
        ] {
            assert_eq!(
                refusal(request_of(query(codigo, &[]))),
                POST_ONLY,
                "{codigo}"
            );
        }
        assert_eq!(refusal(request_of(query("voar", &[]))), ACAO_DESCONHECIDA);
        assert_eq!(refusal(request_of(vec![])), ACAO_DESCONHECIDA);
    }

    #[test]
    fn repeated_fields_and_missing_fields_are_bad_data() {
        let twice = query(
            "pegar_produtos_anuncios_site",
            &[("regiao", "Piracicaba, SP"), ("regiao", "Limeira, SP")],
        );
        let two_actions = query("pegar_lojas", &[("codigo", "finalizar_pedido")]);
        let missing = query("pegar_produtos_anuncios_site", &[]);
        for r in [twice, two_actions, missing] {
            assert_eq!(refusal(request_of(r)), DADOS_INVALIDOS);
        }
    }

    #[test]
    fn if_none_match_compares_weakly_lists_and_star() {
        let tag = etag_of(b"{}");
        assert!(tag.starts_with('"') && tag.ends_with('"') && tag.len() == 24);
        assert_ne!(tag, etag_of(b"{ }"));
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
            none_match(&h, &tag)
        };
        assert!(with(&tag));
        assert!(with(&format!("W/{tag}")));
        assert!(with(&format!("\"x\", {tag}")));
        assert!(with("*"));
        assert!(!with("\"x\""));
        assert!(!none_match(&HeaderMap::new(), &tag));
    }
}

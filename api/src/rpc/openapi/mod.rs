//! The contract as OpenAPI 3.1 (decisions.md §25), generated from the Rust types so it cannot
//! drift: `GET /api/openapi.json` serves it and `feira-api openapi` prints it.
//!
//! - `POST /api` ([`rpc`]) comes from the action table (`rpc::Request::ACTIONS`): the request
//!   body is a `oneOf` of one schema per action, discriminated by `codigo`; each names who may
//!   call it (`x-feira-session`) and the schema of its answer (`x-feira-answer`); the 200
//!   answer is any of those, and every failure is the [`ErrorBody`].
//! - Every other route ([`routes`]) is a thin hand-written layer whose JSON bodies are the
//!   handlers' own types.
//! - Payloads and answers are the types the handlers decode and encode (utoipa's `ToSchema`,
//!   wasm-core's forms behind its `openapi` feature); [`finish`] then states what serde does
//!   that the derive cannot see (an answer's null fields are always written).
//!
//! The document is built once per process and kind of Pix provider (the sandbox's payment
//! route exists only with it).

mod finish;
mod parts;
mod pix;
mod routes;
mod rpc;

use crate::{config::PixProviderKind, state::AppState};
use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use serde_json::Value;
use std::sync::OnceLock;
use utoipa::openapi::{
    Components, InfoBuilder, OpenApi, OpenApiBuilder, Paths,
    security::{Http, HttpAuthScheme, SecurityScheme},
};

pub use crate::error::ErrorBody;

/// The bearer scheme's name in `components.securitySchemes`.
pub const SESSION: &str = "session";

/// What the document describes besides the types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The sandbox's `POST /pix/sandbox/{txid}/pagar` and `…/rec/{idRec}/autorizar` are served.
    pub sandbox: bool,
}

impl Options {
    pub fn of(state: &AppState) -> Self {
        Self {
            sandbox: state.pix.kind() == PixProviderKind::Sandbox,
        }
    }
}

/// The document as utoipa builds it, and the actions' request schemas (JSON), before
/// [`finish`].
fn build(options: Options) -> (OpenApi, Vec<(String, Value)>) {
    let mut schemas = Vec::new();
    let mut paths = Paths::new();
    let requests = rpc::describe(&mut paths, &mut schemas);
    routes::describe(&mut paths, &mut schemas);
    pix::describe(&mut paths, &mut schemas, options);
    let mut components = Components::new();
    let session = Http::builder()
        .scheme(HttpAuthScheme::Bearer)
        .description(Some(
            "The session token `login_site` answers (`token`), as `Authorization: Bearer …`.",
        ))
        .build();
    components.add_security_scheme(SESSION, SecurityScheme::Http(session));
    for (name, schema) in schemas {
        match components.schemas.get(&name) {
            // Two types may not share a name: one would describe the other.
            Some(seen) => assert!(*seen == schema, "two schemas are named {name}"),
            None => {
                components.schemas.insert(name, schema);
            }
        }
    }
    let doc = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Feira API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Feira's HTTP API: the RPC contract (`POST /api`, one action per `codigo`), \
                     media, notarisation uploads, the supplier's live orders, the sign-in \
                     callback and health. Money is reais (a JSON number, two decimals at \
                     most); times are milliseconds since the epoch (UTC). docs/rpc.md explains \
                     each action.",
                ))
                .license(Some(
                    utoipa::openapi::LicenseBuilder::new()
                        .name("MIT")
                        .identifier(Some("MIT"))
                        .build(),
                ))
                .build(),
        )
        .servers(Some([utoipa::openapi::ServerBuilder::new()
            .url("/")
            .description(Some("The API serves the webapp too: one origin."))
            .build()]))
        .paths(paths)
        .components(Some(components))
        .build();
    (doc, requests)
}

/// The finished document.
pub fn document(options: Options) -> Value {
    let (doc, requests) = build(options);
    let mut doc = serde_json::to_value(doc).expect("the OpenAPI document is JSON");
    let schemas = &mut doc["components"]["schemas"];
    for (name, schema) in requests {
        schemas[name] = schema;
    }
    finish::finish(doc)
}

/// The document as pretty JSON bytes, built once per [`Options`].
pub fn json(options: Options) -> Bytes {
    static WITH_SANDBOX: OnceLock<Bytes> = OnceLock::new();
    static WITHOUT_SANDBOX: OnceLock<Bytes> = OnceLock::new();
    let cell = if options.sandbox {
        &WITH_SANDBOX
    } else {
        &WITHOUT_SANDBOX
    };
    cell.get_or_init(|| {
        let mut text = serde_json::to_vec_pretty(&document(options)).expect("JSON");
        text.push(b'\n');
        Bytes::from(text)
    })
    .clone()
}

/// `GET /api/openapi.json`.
pub async fn serve(State(state): State<AppState>) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        json(Options::of(&state)),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rpc::Request;

    fn doc() -> Value {
        document(Options { sandbox: true })
    }

    #[test]
    fn it_is_openapi_3_1_with_every_action_in_the_discriminator() {
        let d = doc();
        assert_eq!(d["openapi"], "3.1.0");
        let body =
            &d["paths"]["/api"]["post"]["requestBody"]["content"]["application/json"]["schema"];
        let mapping = body["discriminator"]["mapping"].as_object().unwrap();
        assert_eq!(body["discriminator"]["propertyName"], "codigo");
        assert_eq!(mapping.len(), Request::CODIGOS.len());
        assert_eq!(
            body["oneOf"].as_array().unwrap().len(),
            Request::CODIGOS.len()
        );
        for codigo in Request::CODIGOS {
            let target = mapping[*codigo].as_str().unwrap();
            let name = target.strip_prefix("#/components/schemas/").unwrap();
            let schema = &d["components"]["schemas"][name];
            assert_eq!(schema["properties"]["codigo"]["enum"][0], *codigo);
            let answer = schema["x-feira-answer"].as_str().unwrap();
            let answer = answer.strip_prefix("#/components/schemas/").unwrap();
            assert!(
                d["components"]["schemas"].get(answer).is_some(),
                "{codigo}: {answer}"
            );
        }
    }

    #[test]
    fn every_ref_resolves() {
        let d = doc();
        let mut refs = Vec::new();
        finish::collect_refs(&d, &mut refs);
        assert!(!refs.is_empty());
        for r in refs {
            let name = r.strip_prefix("#/components/schemas/").expect(&r);
            assert!(d["components"]["schemas"].get(name).is_some(), "{r}");
        }
    }

    /// Redocly's `operation-4xx-response` is off (api/redocly.yaml): this is its intent, kept
    /// for the routes that take input.
    #[test]
    fn every_operation_that_takes_input_lists_its_client_errors() {
        let d = doc();
        for (path, item) in d["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let takes_input = op.get("requestBody").is_some()
                    || op["parameters"].as_array().is_some_and(|p| !p.is_empty());
                let has_4xx = op["responses"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .any(|k| k.starts_with('4'));
                assert!(!takes_input || has_4xx, "{method} {path}");
            }
        }
    }

    #[test]
    fn the_sandbox_routes_are_described_only_with_the_sandbox() {
        let without = document(Options { sandbox: false });
        for path in [
            "/pix/sandbox/{txid}/pagar",
            "/pix/sandbox/rec/{idRec}/autorizar",
        ] {
            assert!(doc()["paths"].get(path).is_some(), "{path}");
            assert!(without["paths"].get(path).is_none(), "{path}");
        }
    }
}

//! The RPC contract: `POST /api` with `{"codigo": "<action>", ...fields}` (decisions.md §1).
//! Every action is one variant of [`Request`] with its typed payload, declared once in the
//! table of [`actions`] (which also marks the administrator's), and the dispatcher's one `match`
//! sends it to its handler, where it is defined (one file per area, split by responsibility).
//! Identity comes from the session (extractors), never from the payload.
//!
//! Handlers parse, authorise, call the domain ([`crate::domain`]) for anything that moves stock
//! or money, and shape the answer.

mod actions;
pub mod fields;

pub mod account;
pub mod address;
pub mod admin;
pub mod ads;
pub mod cases;
pub mod catalog;
pub mod notary;
pub mod openapi;
pub mod orders;
pub mod paging;
pub mod reads;
pub mod reviews;
pub mod shapes;
pub mod subscriptions;
pub mod supplier;

pub use actions::dispatch;
pub use actions::{Action, Answer, Request, SchemaOf, Session, schema_of};

use crate::{
    auth::{Admin, MaybeAuthUser},
    error::{ApiError, ApiResult},
    messages::{ACAO_DESCONHECIDA, DADOS_INVALIDOS, REQUISICAO_INVALIDA},
    security::client::ClientIp,
    state::AppState,
};
use axum::{Json, body::Bytes, extract::State, http::HeaderMap};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Decodes a request body into a [`Request`] for `caller`. A `codigo` that is not one of
/// [`Request::CODIGOS`] is 'Ação desconhecida'; an administrator's action from anyone else is
/// refused before its payload is looked at, so a malformed payload is still 403 (or 401 without
/// a session), never a hint about the payload; a bad payload is 'Dados inválidos.'. A body or a
/// value over the action's bounds ([`crate::security::bounds`]; `file_limit` is
/// `BODY_LIMIT_BYTES`) is 413 before the payload is typed.
pub fn parse(body: &[u8], caller: &MaybeAuthUser, file_limit: usize) -> ApiResult<Request> {
    let (_, value) = decode(body, caller, file_limit)?;
    typed(value)
}

/// [`parse`]'s first step: the action's `codigo` and its checked, untyped payload.
fn decode(
    body: &[u8],
    caller: &MaybeAuthUser,
    file_limit: usize,
) -> ApiResult<(&'static str, Value)> {
    let value: Value =
        serde_json::from_slice(body).map_err(|_| ApiError::bad_request(REQUISICAO_INVALIDA))?;
    let codigo = value
        .get("codigo")
        .and_then(Value::as_str)
        .and_then(|c| Request::CODIGOS.iter().copied().find(|known| *known == c))
        .ok_or_else(|| {
            ApiError::invalid(crate::error::ErrorCode::AcaoDesconhecida, ACAO_DESCONHECIDA)
        })?;
    crate::metrics::rpc_action(codigo);
    if Request::is_admin_action(codigo) {
        Admin::try_from(caller.clone())?;
    }
    let body_kind =
        Request::action(codigo).map_or(crate::security::bounds::Body::Small, |a| a.body);
    crate::security::bounds::check(body_kind, body.len(), &value, shape(codigo), file_limit)?;
    let mut value = value;
    clean_texts(&mut value, None);
    Ok((codigo, value))
}

/// What action `codigo` reads: its request's schema in the OpenAPI document (built once), for
/// the bounds to skip the fields the handler ignores.
fn shape(codigo: &str) -> Option<crate::security::bounds::Shape<'static>> {
    static DOC: std::sync::LazyLock<Value> =
        std::sync::LazyLock::new(|| openapi::document(openapi::Options { sandbox: true }));
    let components = DOC["components"]["schemas"].as_object()?;
    let action = Request::action(codigo)?;
    Some(crate::security::bounds::Shape {
        schema: components.get(&format!("{}Request", action.variant))?,
        components,
    })
}

/// Removes control characters from every text of a payload, on input, before anything reads
/// it: a description (a field named `descricao…`) keeps its line breaks and tabs; every other
/// text is one line (a name, a title, an address line), where they become spaces
/// ([`wasm_core::text::single_line`], [`wasm_core::text::multi_line`]). A buyer's note to a
/// store (`observacao`) is left as sent: its own check refuses a control character with a message
/// (`domain::orders::note`), rather than changing what the buyer wrote.
fn clean_texts(value: &mut Value, key: Option<&str>) {
    match value {
        Value::String(_) if key == Some("observacao") => {}
        Value::String(s) if wasm_core::text::needs_cleaning(s) => {
            *s = if key.is_some_and(|k| k.starts_with("descricao")) {
                wasm_core::text::multi_line(s)
            } else {
                wasm_core::text::single_line(s)
            };
        }
        Value::Array(items) => {
            for item in items {
                clean_texts(item, key);
            }
        }
        Value::Object(fields) => {
            for (k, v) in fields.iter_mut() {
                clean_texts(v, Some(k));
            }
        }
        _ => {}
    }
}

/// [`parse`]'s second step: the payload typed.
fn typed(value: Value) -> ApiResult<Request> {
    serde_json::from_value(value).map_err(|e| {
        tracing::debug!(error = %e, "bad payload");
        ApiError::bad_request(DADOS_INVALIDOS)
    })
}

/// What a request carries besides its caller and payload, for the handlers that read it.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// `finalizar_pedido`'s `Idempotency-Key`, with its payload's fingerprint.
    pub idempotency: Option<IdempotencyKey>,
}

/// An `Idempotency-Key` header (IETF httpapi draft) and the SHA-256 (hex) of the payload it came
/// with: the same key with the same payload is the same checkout attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey {
    pub key: String,
    pub fingerprint: String,
}

/// A malformed `Idempotency-Key`.
pub const CHAVE_INVALIDA: &str = "Chave de idempotência inválida.";

impl IdempotencyKey {
    /// The header's key (a structured-field string: quoted, or bare as most clients send it),
    /// 1–255 visible ASCII characters, for `payload`; `None` without the header.
    fn of(headers: &HeaderMap, payload: &Value) -> ApiResult<Option<Self>> {
        let Some(raw) = headers.get("idempotency-key") else {
            return Ok(None);
        };
        let raw = raw
            .to_str()
            .map_err(|_| ApiError::bad_request(CHAVE_INVALIDA))?
            .trim();
        let key = raw
            .strip_prefix('"')
            .and_then(|k| k.strip_suffix('"'))
            .unwrap_or(raw);
        if key.is_empty() || key.len() > 255 || !key.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(ApiError::bad_request(CHAVE_INVALIDA));
        }
        // serde_json's maps are sorted: one fingerprint per payload, whatever the field order.
        let canonical = serde_json::to_vec(payload).map_err(anyhow::Error::from)?;
        Ok(Some(Self {
            key: key.to_owned(),
            fingerprint: hex::encode(Sha256::digest(&canonical)),
        }))
    }
}

/// `POST /api`. A limited action counts against its rate limits ([`crate::security::rate`])
/// before its payload is typed, so malformed attempts count too.
pub async fn handle(
    State(state): State<AppState>,
    caller: MaybeAuthUser,
    client: ClientIp,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Answer>> {
    let (codigo, value) = decode(&body, &caller, state.config.security.body_limit)?;
    let action = Request::action(codigo);
    if let Some(class) = action.and_then(|a| a.limit) {
        let user = caller.user.as_ref().map(|u| u.id.as_str());
        state.security.limits.check(class, client, user)?;
    }
    let context = Context {
        // Only the actions marked `idempotent` in the table read the header; others ignore it.
        idempotency: if action.is_some_and(|a| a.idempotent) {
            IdempotencyKey::of(&headers, &value)?
        } else {
            None
        },
    };
    let request = typed(value)?;
    Ok(Json(dispatch(state, caller, request, context).await?))
}

#[cfg(test)]
mod tests;

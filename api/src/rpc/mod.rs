//! The RPC contract: `POST /api` with `{"codigo": "<action>", ...fields}` (decisions.md §1).
//! Every action is one variant of [`Request`] with its typed payload, and the dispatcher's one
//! `match` sends it to its handler. Identity comes from the session (extractors), never from
//! the payload.

pub mod account;

use crate::{
    auth::{AuthUser, MaybeAuthUser},
    error::{ApiError, ApiResult},
    startup::AppState,
};
use axum::{Json, body::Bytes, extract::State};
use serde::Deserialize;
use serde_json::Value;

/// Every action of the contract, by its `codigo`.
#[derive(Debug, Deserialize)]
#[serde(tag = "codigo")]
pub enum Request {
    /// Starts a sign-in: a fresh nonce and where to send the user.
    #[serde(rename = "iniciar_login")]
    StartLogin,
    #[serde(rename = "login_site")]
    LoginSite(account::LoginSite),
    #[serde(rename = "logout_site")]
    LogoutSite,
    #[serde(rename = "alterar_nome")]
    ChangeName(account::ChangeName),
}

/// The message for a `codigo` no handler knows (decisions.md §1).
pub const UNKNOWN_ACTION: &str = "Ação desconhecida";

/// Decodes a request body into a [`Request`], telling an unknown action from a bad payload.
pub fn parse(body: &[u8]) -> ApiResult<Request> {
    let value: Value =
        serde_json::from_slice(body).map_err(|_| ApiError::bad_request("Requisição inválida."))?;
    if !value.get("codigo").is_some_and(Value::is_string) {
        return Err(ApiError::bad_request(UNKNOWN_ACTION));
    }
    serde_json::from_value(value).map_err(|e| {
        if e.to_string().starts_with("unknown variant") {
            ApiError::bad_request(UNKNOWN_ACTION)
        } else {
            tracing::debug!(error = %e, "bad payload");
            ApiError::bad_request("Dados inválidos.")
        }
    })
}

/// `POST /api`.
pub async fn handle(
    State(state): State<AppState>,
    caller: MaybeAuthUser,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let request = parse(&body)?;
    let answer = match request {
        Request::StartLogin => account::start_login(&state).await?,
        Request::LoginSite(r) => account::login_site(&state, caller, r).await?,
        Request::LogoutSite => account::logout_site(&state, AuthUser::try_from(caller)?).await?,
        Request::ChangeName(r) => {
            account::change_name(&state, AuthUser::try_from(caller)?, r).await?
        }
    };
    Ok(Json(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(body: &str) -> String {
        match parse(body.as_bytes()) {
            Err(ApiError::BadRequest(m)) => m,
            other => panic!("expected a bad request, got {other:?}"),
        }
    }

    #[test]
    fn unknown_or_missing_codigo_is_an_unknown_action() {
        assert_eq!(error_of(r#"{"codigo":"voar"}"#), UNKNOWN_ACTION);
        assert_eq!(error_of(r#"{"x":1}"#), UNKNOWN_ACTION);
        assert_eq!(error_of(r#"{"codigo":3}"#), UNKNOWN_ACTION);
    }

    #[test]
    fn bad_json_and_bad_payloads_are_told_apart() {
        assert_eq!(error_of("{"), "Requisição inválida.");
        assert_eq!(error_of(r#"{"codigo":"alterar_nome"}"#), "Dados inválidos.");
    }

    #[test]
    fn extra_fields_such_as_usuario_are_ignored() {
        let r = parse(br#"{"codigo":"alterar_nome","usuario":"someone-else","nome":"Ana"}"#);
        assert!(matches!(r, Ok(Request::ChangeName(_))));
    }
}

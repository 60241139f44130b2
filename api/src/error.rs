//! The one error type of the API. Its response is always `{"error": "<message>"}`
//! (decisions.md §1): the spec's message where it has one; internals are logged, never sent.

pub use crate::domain::error::ErrorCode;
use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;

/// The body of every failure (4xx and 5xx): the message to show and its stable code.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// The message, in Portuguese: the spec's where it has one.
    pub error: String,
    /// What kind of refusal it is: clients branch on it, never on the message.
    pub codigo_erro: ErrorCode,
}

/// The generic failure message of the spec (§8).
pub const GENERIC: &str = "Algum erro ocorreu!";

/// The database (or the whole request) did not answer in time: 503 with `Retry-After`.
pub const SERVICO_INDISPONIVEL: &str =
    "Serviço temporariamente indisponível. Tente novamente em instantes.";

/// Seconds a client is told to wait when the database is unavailable.
pub const UNAVAILABLE_RETRY_AFTER: u64 = 5;

/// Seconds a client is told to wait when a service we depend on (the Pix PSP) failed.
pub const DEPENDENCY_RETRY_AFTER: u64 = 10;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Bad input: the message is shown to the user as is.
    #[error("{0}")]
    BadRequest(String),
    /// No valid session.
    #[error("Entre na sua conta para continuar.")]
    Unauthorized,
    /// A valid session acting on something that is not theirs.
    #[error("Você não tem permissão para esta ação.")]
    Forbidden,
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// Well-formed but unusable as sent (an `Idempotency-Key` reused for another payload): 422.
    #[error("{0}")]
    Unprocessable(String),
    /// A service we depend on (the Pix PSP) failed or was too slow: try again (503 with
    /// `Retry-After`, [`DEPENDENCY_RETRY_AFTER`]).
    #[error("{0}")]
    Unavailable(String),
    /// A request body (or one of its fields) over its bound: 413.
    #[error("A requisição é grande demais.")]
    PayloadTooLarge,
    /// A rate limit (`crate::security::rate`): 429 with `Retry-After`.
    #[error("Muitas tentativas em pouco tempo. Tente de novo em {retry_after} segundos.")]
    TooManyRequests { retry_after: u64 },
    /// A refusal the client treats in its own way: its status, stable code and message.
    #[error("{message}")]
    Refused {
        status: StatusCode,
        code: ErrorCode,
        message: String,
    },
    /// Something we depend on cannot take this request now (the database is down or slow, a
    /// provider's call budget is spent): 503 with `Retry-After` and `message`.
    #[error("{message}")]
    TryAgain {
        message: &'static str,
        retry_after: u64,
    },
    /// Anything unexpected: logged with its chain of causes, answered with the generic message.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn bad_request(msg: impl Into<String>) -> Self {
        Self::BadRequest(msg.into())
    }

    /// A 409 refusal with its own `code`.
    pub fn conflict(code: ErrorCode, msg: impl Into<String>) -> Self {
        Self::Refused {
            status: StatusCode::CONFLICT,
            code,
            message: msg.into(),
        }
    }

    /// A 422 refusal with its own `code`.
    pub fn unprocessable(code: ErrorCode, msg: impl Into<String>) -> Self {
        Self::Refused {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code,
            message: msg.into(),
        }
    }

    /// A 400 refusal with its own `code`.
    pub fn invalid(code: ErrorCode, msg: impl Into<String>) -> Self {
        Self::Refused {
            status: StatusCode::BAD_REQUEST,
            code,
            message: msg.into(),
        }
    }

    /// The stable code the body carries.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::BadRequest(_) => ErrorCode::DadosInvalidos,
            Self::Unauthorized => ErrorCode::NaoAutenticado,
            Self::Forbidden => ErrorCode::SemPermissao,
            Self::NotFound(_) => ErrorCode::NaoEncontrado,
            Self::Conflict(_) => ErrorCode::Conflito,
            Self::Unprocessable(_) => ErrorCode::NaoProcessavel,
            Self::Unavailable(_) | Self::TryAgain { .. } => ErrorCode::Indisponivel,
            Self::PayloadTooLarge => ErrorCode::GrandeDemais,
            Self::TooManyRequests { .. } => ErrorCode::MuitasTentativas,
            Self::Refused { code, .. } => *code,
            Self::Internal(_) => ErrorCode::ErroInterno,
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            Self::Refused { status, .. } => *status,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::Forbidden => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Unavailable(_) | Self::TryAgain { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<crate::domain::codes::UnknownCode> for ApiError {
    fn from(e: crate::domain::codes::UnknownCode) -> Self {
        Self::Internal(e.into())
    }
}

/// The domain's refusals and failures, answered: each keeps its message and code.
impl From<crate::domain::error::DomainError> for ApiError {
    fn from(e: crate::domain::error::DomainError) -> Self {
        use crate::domain::error::{DomainError, Kind};
        match e {
            DomainError::Invalid(m) => Self::BadRequest(m),
            DomainError::NotFound(m) => Self::NotFound(m),
            DomainError::Forbidden => Self::Forbidden,
            DomainError::Conflict(m) => Self::Conflict(m),
            DomainError::Coded {
                kind,
                code,
                message,
            } => Self::Refused {
                status: match kind {
                    Kind::Invalid => StatusCode::BAD_REQUEST,
                    Kind::Conflict => StatusCode::CONFLICT,
                    Kind::Unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
                },
                code,
                message,
            },
            DomainError::Unavailable(m) => Self::Unavailable(m),
            DomainError::Internal(e) => Self::Internal(e),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(e).context("database"))
    }
}

/// Whether `e` means the database cannot be reached now (no connection within the pool's
/// acquire timeout, the pool closed, the connection broken), rather than a bad query.
pub fn database_unavailable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::Tls(_) => true,
        // sqlx-postgres 0.9.0 reports a connection closed before the server answered its
        // SSLRequest (a server going down, a proxy refusing) as this protocol error, a byte the
        // server never sent (a known sqlx bug, fixed upstream as an `Io` error in a release
        // not out yet): it is the same broken connection.
        sqlx::Error::Protocol(message) => message.starts_with(CLOSED_AT_SSL_REQUEST),
        _ => false,
    }
}

/// sqlx-postgres 0.9.0's text for a connection closed at its SSLRequest (then the place in its
/// source).
const CLOSED_AT_SSL_REQUEST: &str = "unexpected response from SSLRequest: 0x00";

impl ApiError {
    /// The database is unavailable: 503, `Retry-After`, 'Serviço temporariamente
    /// indisponível. Tente novamente em instantes.'.
    pub const fn service_unavailable() -> Self {
        Self::TryAgain {
            message: SERVICO_INDISPONIVEL,
            retry_after: UNAVAILABLE_RETRY_AFTER,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // Wherever a database error was wrapped, an unreachable database is a 503.
        let this = match self {
            Self::Internal(e)
                if e.chain()
                    .filter_map(|c| c.downcast_ref::<sqlx::Error>())
                    .any(database_unavailable) =>
            {
                tracing::warn!(error = ?e, "database unavailable");
                Self::service_unavailable()
            }
            other => other,
        };
        let message = match &this {
            Self::Internal(e) => {
                tracing::error!(error = ?e, "internal error");
                GENERIC.to_owned()
            }
            other => other.to_string(),
        };
        let body = ErrorBody {
            error: message,
            codigo_erro: this.code(),
        };
        let mut res = (this.status(), Json(body)).into_response();
        let retry_after = match this {
            Self::TooManyRequests { retry_after } | Self::TryAgain { retry_after, .. } => {
                Some(retry_after)
            }
            Self::Unavailable(_) => Some(DEPENDENCY_RETRY_AFTER),
            _ => None,
        };
        if let Some(retry_after) = retry_after {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, retry_after.into());
        }
        res
    }
}

/// Result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn internal_errors_hide_their_details() {
        let res = ApiError::Internal(anyhow::anyhow!("secret table x")).into_response();
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(res.into_body(), 1024).await.unwrap();
        assert_eq!(
            &body[..],
            br#"{"error":"Algum erro ocorreu!","codigo_erro":"erro_interno"}"#
        );
    }

    #[tokio::test]
    async fn an_unreachable_database_is_a_503_with_retry_after() {
        let wrapped: ApiError = sqlx::Error::PoolTimedOut.into();
        let res = wrapped.into_response();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(res.headers()[axum::http::header::RETRY_AFTER], "5");
        let body = axum::body::to_bytes(res.into_body(), 1024).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["error"], SERVICO_INDISPONIVEL);
        let deeper = ApiError::Internal(
            anyhow::Error::new(sqlx::Error::PoolClosed).context("loading the order"),
        );
        assert_eq!(
            deeper.into_response().status(),
            StatusCode::SERVICE_UNAVAILABLE
        );
        let closed_at_connect = ApiError::from(sqlx::Error::Protocol(CLOSED_AT_SSL_REQUEST.into()));
        assert_eq!(
            closed_at_connect.into_response().status(),
            StatusCode::SERVICE_UNAVAILABLE
        );
        let other_protocol = ApiError::from(sqlx::Error::Protocol(
            "unexpected response from SSLRequest: 0x4a".into(),
        ));
        assert_eq!(
            other_protocol.into_response().status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        let bad_query: ApiError = sqlx::Error::RowNotFound.into();
        assert_eq!(
            bad_query.into_response().status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    /// The real driver against a server that accepts and closes at once (as a stopping
    /// PostgreSQL or a refusing proxy does): whatever sqlx calls it, it is unavailability.
    #[tokio::test]
    async fn a_connection_closed_at_connect_is_unavailability() {
        use sqlx::Connection;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                // Read the SSLRequest first, so the close is not a reset of an unread request.
                let mut request = [0u8; 8];
                let _ = tokio::io::AsyncReadExt::read_exact(&mut socket, &mut request).await;
                drop(socket);
            }
        });
        let url = format!("postgres://u:p@127.0.0.1:{port}/db");
        let e = sqlx_postgres::PgConnection::connect(&url)
            .await
            .unwrap_err();
        assert!(database_unavailable(&e), "{e:?}");
    }

    #[test]
    fn a_failed_dependency_says_when_to_try_again() {
        let res =
            ApiError::Unavailable("Não foi possível gerar o Pix agora.".into()).into_response();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(res.headers()[axum::http::header::RETRY_AFTER], "10");
    }

    #[test]
    fn statuses() {
        assert_eq!(ApiError::Forbidden.status(), StatusCode::FORBIDDEN);
        assert_eq!(ApiError::bad_request("x").status(), StatusCode::BAD_REQUEST);
    }
}

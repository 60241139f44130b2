//! The stable codes of refusals (`codigo_erro` beside the Portuguese `error` on the wire): the
//! webapp branches on them, never on a message's text. Every failure has one: a refusal that the
//! UI treats in its own way has its own code, any other the code of its kind (its HTTP status).

use serde::Serialize;
use utoipa::ToSchema;

/// A refusal's stable code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the request cannot be read, or a field is not valid (the message says which).
    DadosInvalidos,
    /// 400: no such `codigo`.
    AcaoDesconhecida,
    /// 401: no valid session.
    NaoAutenticado,
    /// 403: not the caller's.
    SemPermissao,
    /// 404.
    NaoEncontrado,
    /// 409: the state does not allow it (the message says why).
    Conflito,
    /// 422: well-formed but unusable as sent.
    NaoProcessavel,
    /// 413.
    GrandeDemais,
    /// 429: a rate limit (`Retry-After`).
    MuitasTentativas,
    /// 503: a service we depend on (the database, the PSP) did not answer: try again.
    Indisponivel,
    /// 500.
    ErroInterno,
    /// 409 `Os preços mudaram. Revise o pedido.`: the bag's prices are re-read.
    PrecosMudaram,
    /// 409 `Estoque insuficiente para {titulo}`: the bag's products are re-read.
    EstoqueInsuficiente,
    /// 409: a product edit's stock difference cannot apply (decisions.md §26).
    EstoqueMudou,
    /// 422: an `Idempotency-Key` already used for another payload.
    ChaveReusada,
    /// 409: confirming an unpaid Pix order (decisions.md §27).
    PixNaoPago,
    /// 400 `Cupom válido a partir de {dia}.`: before the coupon's first day (decisions.md §32).
    CupomAindaNaoValido,
    /// 400 `Cupom expirado.`: after the coupon's last day.
    CupomExpirado,
    /// 409 `Este cupom atingiu o limite de usos.`: every use of its limit taken.
    CupomEsgotado,
    /// 409 `Este cupom já foi usado.`: one use per buyer, and this buyer used it.
    CupomJaUsado,
    /// 400 `Cupom válido para pedidos a partir de R$ {mínimo}.`: the products total is below it.
    CupomPedidoMinimo,
    /// 409: an account with orders in progress or money to receive cannot be deleted yet (the
    /// message says which; decisions.md §34).
    ContaComPendencias,
    /// 409: a store with a CPF/CNPJ another store already has, which the admin has not allowed
    /// to be shared (`permitir_documento`).
    DocumentoEmUso,
    /// 409 `Esta data de entrega não está mais disponível. Escolha outra.` (or `de retirada`):
    /// the date and window chosen at checkout are no longer offered, or are in the past
    /// (decisions.md §36); the checkout re-reads the store's days.
    DataIndisponivel,
}

/// How a coded refusal is answered (the edge picks the status).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Bad input.
    Invalid,
    /// The state does not allow it.
    Conflict,
    /// Well-formed but unusable as sent.
    Unprocessable,
}

/// Why the domain refused or failed: its own words, no HTTP. `rpc/` (and the other edges) turn
/// it into a response once (`crate::error`, the only place that knows both).
#[derive(Debug, thiserror::Error)]
pub enum DomainError {
    /// Bad input: the message is shown to the user as is.
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    NotFound(String),
    /// The caller acts on something that is not theirs (another buyer's order, another store's
    /// review): answered like the edge's own refusal, 403.
    #[error("not the caller's")]
    Forbidden,
    /// The state does not allow it: the message says why.
    #[error("{0}")]
    Conflict(String),
    /// A refusal the client treats in its own way: its kind, stable code and message.
    #[error("{message}")]
    Coded {
        kind: Kind,
        code: ErrorCode,
        message: String,
    },
    /// A service the domain depends on (the PSP) failed or was too slow: try again.
    #[error("{0}")]
    Unavailable(String),
    /// Anything unexpected (the database among it): logged, answered with the generic message.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl DomainError {
    /// Bad input.
    pub fn invalid(msg: impl Into<String>) -> Self {
        Self::Invalid(msg.into())
    }

    /// Bad input with its own `code`.
    pub fn coded_invalid(code: ErrorCode, msg: impl Into<String>) -> Self {
        Self::Coded {
            kind: Kind::Invalid,
            code,
            message: msg.into(),
        }
    }

    /// A conflict with its own `code`.
    pub fn coded_conflict(code: ErrorCode, msg: impl Into<String>) -> Self {
        Self::Coded {
            kind: Kind::Conflict,
            code,
            message: msg.into(),
        }
    }

    /// Unusable as sent, with its own `code`.
    pub fn unprocessable(code: ErrorCode, msg: impl Into<String>) -> Self {
        Self::Coded {
            kind: Kind::Unprocessable,
            code,
            message: msg.into(),
        }
    }
}

impl From<sqlx::Error> for DomainError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(e).context("database"))
    }
}

impl From<super::codes::UnknownCode> for DomainError {
    fn from(e: super::codes::UnknownCode) -> Self {
        Self::Internal(e.into())
    }
}

/// Result of a domain operation.
pub type DomainResult<T> = Result<T, DomainError>;

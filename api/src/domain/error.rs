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
}

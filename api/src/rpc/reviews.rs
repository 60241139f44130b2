//! Reviews (decisions.md §33; docs/rpc.md, "Reviews"): `avaliar_pedido` (the buyer rates a
//! delivered order, or changes their review within 30 days), `responder_avaliacao` (the store
//! replies once), `pegar_avaliacoes` (a store's shown reviews, public) and `remover_avaliacao`
//! (the admin removes one with a reason). A review is named by its order (one per order). The
//! rules and messages are wasm-core's `review`; the changes are [`crate::domain::reviews`].

use crate::{
    auth::{Admin, AuthUser},
    db::now_ms,
    domain::reviews::{self, Written},
    error::{ApiError, ApiResult},
    messages::FORNECEDOR_NAO_ENCONTRADO,
    rpc::{
        fields::Text,
        shapes::{Done, Rating, True},
        supplier::own_supplier,
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::review::{self, Review};

/// The most reviews `pegar_avaliacoes` lists.
const MAX_LISTED: i64 = 50;

/// `avaliar_pedido`: the order, a note from 1 to 5 and an optional comment.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RateOrder {
    /// The order's id.
    pub idpedido: String,
    /// 1 to 5 (a number or its text).
    pub nota: Text,
    /// At most 500 characters.
    #[serde(default)]
    pub comentario: Option<String>,
}

/// `avaliar_pedido`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderRated {
    pub ok: True,
    /// `true` when it was written now, `false` when an earlier review was changed.
    pub nova: bool,
}

/// `responder_avaliacao`: the review of the store's order `idpedido`, and the reply.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReplyReview {
    pub idpedido: String,
    /// At most 500 characters.
    pub resposta: String,
}

/// `remover_avaliacao`: the review of order `idpedido`, and why.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveReview {
    pub idpedido: String,
    /// E-mailed to the review's author; at most 500 characters.
    pub motivo: String,
}

/// `remover_avaliacao`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewRemoved {
    /// `true` when this call removed it (`false`: it had been removed before).
    pub removida: bool,
}

/// `pegar_avaliacoes`: the store (its user id).
#[derive(Debug, Deserialize, ToSchema)]
pub struct StoreReviews {
    pub userforn: String,
}

/// A review as a store's page lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListedReview {
    /// The order it rates (names it in `responder_avaliacao`).
    pub idpedido: String,
    /// 1 to 5.
    pub nota: i64,
    pub comentario: Option<String>,
    /// Its author's first name.
    pub nome: String,
    /// When it was written (ms).
    pub criado_em: i64,
    pub editado_em: Option<i64>,
    /// The store's reply.
    pub resposta: Option<String>,
    pub respondido_em: Option<i64>,
}

/// `pegar_avaliacoes`' answer: the average and count, and the newest reviews (at most 50).
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreReviewsList {
    #[serde(rename = "avaliacao")]
    pub rating: Rating,
    #[serde(rename = "avaliacoes")]
    pub reviews: Vec<ListedReview>,
}

fn bad(e: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(e.to_string())
}

/// `avaliar_pedido`.
pub async fn rate(state: &AppState, user: AuthUser, req: RateOrder) -> ApiResult<OrderRated> {
    let nota = req.nota.trimmed().parse::<i64>().unwrap_or(0);
    let r = Review::parse(nota, req.comentario.as_deref().unwrap_or_default()).map_err(bad)?;
    let written = reviews::write(&state.db, &user.id, req.idpedido.trim(), &r, now_ms()).await?;
    Ok(OrderRated {
        ok: True,
        nova: written == Written::Created,
    })
}

/// `responder_avaliacao`: only the store the review is about, once.
pub async fn reply(state: &AppState, user: AuthUser, req: ReplyReview) -> ApiResult<Done> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let text = review::reply(&req.resposta).map_err(bad)?;
    reviews::reply(
        &state.db,
        &supplier_id,
        req.idpedido.trim(),
        &text,
        now_ms(),
    )
    .await?;
    Ok(Done::default())
}

/// `pegar_avaliacoes`: a visible store's shown reviews, newest first.
pub async fn list(state: &AppState, req: StoreReviews) -> ApiResult<StoreReviewsList> {
    let supplier_id = req.userforn.trim();
    let visible: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(CASE WHEN oculto OR invisivel THEN 1 ELSE 0 END AS BIGINT) \
         FROM suppliers WHERE user_id = $1",
    )
    .bind(supplier_id)
    .fetch_optional(&state.db)
    .await?;
    if visible != Some(0) {
        return Err(ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()));
    }
    let rating = reviews::rating(&state.db, supplier_id).await?;
    let listed = reviews::list(&state.db, supplier_id, MAX_LISTED).await?;
    Ok(StoreReviewsList {
        rating: rating.into(),
        reviews: listed
            .into_iter()
            .map(|r| ListedReview {
                idpedido: r.order_id,
                nota: r.nota,
                comentario: r.comentario,
                nome: reviews::first_name(&r.nome),
                criado_em: r.criado_em,
                editado_em: r.editado_em,
                resposta: r.resposta,
                respondido_em: r.respondido_em,
            })
            .collect(),
    })
}

/// `remover_avaliacao` (the admin's).
pub async fn remove(
    state: &AppState,
    _admin: Admin,
    req: RemoveReview,
) -> ApiResult<ReviewRemoved> {
    let reason = review::reason(&req.motivo).map_err(bad)?;
    let removed = reviews::remove(&state.db, req.idpedido.trim(), &reason, now_ms()).await?;
    Ok(ReviewRemoved { removida: removed })
}

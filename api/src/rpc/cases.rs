//! Problem cases (decisions.md §37; docs/rpc.md, "Problem cases"): the buyer's 'Tive um
//! problema' on a delivered order (`abrir_reclamacao`, with up to 3 photos through the product
//! photo pipeline), the case's thread seen by both sides (`pegar_reclamacao`,
//! `responder_reclamacao`), the store's refund of all or part (`devolver_reclamacao`), the
//! buyer's acceptance of the store's proposal (`aceitar_proposta`) or call for the admin
//! (`pedir_mediacao`), the store's counts (`pegar_reclamacoes_loja`) and the admin's 'Disputas'
//! (`pegar_disputas`, `decidir_disputa`, [`admin`]). The rules and changes are
//! [`crate::domain::cases`]'.

pub mod admin;
mod view;

pub use view::CaseView;

use crate::{
    auth::AuthUser,
    db::now_ms,
    domain::{
        cases::{self, CaseRow, Decision, NewCase, SEM_RECLAMACAO},
        codes::{CaseReason, CaseSide, CaseStatus},
    },
    error::{ApiError, ApiResult},
    media::decode_photo,
    messages::PEDIDO_NAO_ENCONTRADO,
    rpc::{fields::reais, shapes::Done},
    state::AppState,
};
use feira_photo::PhotoKind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `abrir_reclamacao`: 'Tive um problema' on the buyer's own delivered order.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OpenCase {
    pub idpedido: String,
    pub motivo: CaseReason,
    /// What happened (at most 2000 characters).
    pub texto: String,
    /// Up to 3 JPEGs in base64, resized in the browser like product photos.
    #[serde(default)]
    pub fotos: Vec<String>,
}

/// `abrir_reclamacao`'s answer: the case as both sides see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseOpened {
    pub reclamacao: CaseView,
}

/// Names a case by its order.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CaseRef {
    pub idpedido: String,
}

/// `pegar_reclamacao`'s answer: the order's case, if it has one.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseAnswer {
    pub reclamacao: Option<CaseView>,
}

/// `responder_reclamacao`: a message of the buyer or the store; the store may propose an amount
/// to give back (reais, at most what is held).
#[derive(Debug, Deserialize, ToSchema)]
pub struct WriteCase {
    pub idpedido: String,
    pub texto: String,
    #[serde(default)]
    pub proposta: Option<f64>,
}

/// `devolver_reclamacao`: the store gives back everything held (`tudo`), the lines `linhas`
/// (their value as paid) or an amount `valor` (reais); the rest is released.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StoreRefund {
    pub idpedido: String,
    #[serde(default)]
    pub tudo: bool,
    #[serde(default)]
    pub linhas: Vec<String>,
    #[serde(default)]
    pub valor: Option<f64>,
}

/// What a settling did: the amount given back (reais).
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseSettled {
    pub devolvido: f64,
}

/// A store's cases and how they ended (its panel).
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreCaseCounts {
    pub total: i64,
    pub abertas: i64,
    /// Ended with everything released to the store.
    pub liberadas: i64,
    pub devolvidas_em_parte: i64,
    pub devolvidas: i64,
}

/// An amount in reais from the wire, in centavos: a positive number with at most 2 decimals.
pub(crate) fn centavos(v: f64) -> ApiResult<i64> {
    let c = (v * 100.0).round();
    if !v.is_finite() || !(0.0..=1e12).contains(&c) || ((v * 100.0) - c).abs() > 1e-6 {
        return Err(ApiError::bad_request("Valor inválido."));
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(c as i64)
}

/// The case of order `order_id` and the caller's side in it (buyer, store, or the admin);
/// another's case is answered as an order that does not exist.
pub(crate) async fn load(
    state: &AppState,
    user: &AuthUser,
    order_id: &str,
) -> ApiResult<(CaseRow, CaseSide)> {
    let parties: Option<(String, String)> =
        sqlx::query_as("SELECT buyer_id, supplier_id FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(&state.db)
            .await?;
    let side = match parties {
        Some((b, _)) if b == user.id => CaseSide::Buyer,
        Some((_, s)) if s == user.id => CaseSide::Store,
        Some(_) if user.is_admin => CaseSide::Admin,
        _ => return Err(ApiError::NotFound(PEDIDO_NAO_ENCONTRADO.into())),
    };
    let case = cases::by_order(&state.db, order_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(SEM_RECLAMACAO.into()))?;
    Ok((case, side))
}

fn only(side: CaseSide, wanted: CaseSide) -> ApiResult<()> {
    if side == wanted {
        return Ok(());
    }
    Err(ApiError::Forbidden)
}

/// `abrir_reclamacao`.
pub async fn open(state: &AppState, user: AuthUser, req: OpenCase) -> ApiResult<CaseOpened> {
    let open_for = state.config.cases.open_for;
    let now = now_ms();
    cases::message_text(&req.texto)?;
    if req.fotos.len() > cases::MAX_PHOTOS {
        return Err(ApiError::bad_request(format!(
            "Envie no máximo {} fotos.",
            cases::MAX_PHOTOS
        )));
    }
    // Every photo is decoded and re-encoded before anything is stored: one that is not an
    // image refuses the whole case, and nothing moves.
    let photos = req
        .fotos
        .iter()
        .map(|f| decode_photo(f, PhotoKind::Icone))
        .collect::<ApiResult<Vec<_>>>()?;
    cases::check_open(&state.db, &req.idpedido, &user.id, open_for, now).await?;
    let mut urls = Vec::with_capacity(photos.len());
    for bytes in photos {
        let key = format!("reclamacoes/{}/{}.jpg", req.idpedido, crate::db::new_id());
        urls.push(state.media.put(&key, bytes).await?);
    }
    let new = NewCase {
        order_id: &req.idpedido,
        buyer_id: &user.id,
        reason: req.motivo,
        text: &req.texto,
        photos: &urls,
    };
    if let Err(e) = cases::open(&state.db, &new, open_for, now).await {
        for url in &urls {
            state.media.forget(url).await;
        }
        return Err(e.into());
    }
    let (case, side) = load(state, &user, &req.idpedido).await?;
    Ok(CaseOpened {
        reclamacao: view::view(state, &case, side).await?,
    })
}

/// `pegar_reclamacao`.
pub async fn get(state: &AppState, user: AuthUser, req: CaseRef) -> ApiResult<CaseAnswer> {
    match load(state, &user, &req.idpedido).await {
        Ok((case, side)) => Ok(CaseAnswer {
            reclamacao: Some(view::view(state, &case, side).await?),
        }),
        Err(ApiError::NotFound(m)) if m == SEM_RECLAMACAO => Ok(CaseAnswer { reclamacao: None }),
        Err(e) => Err(e),
    }
}

/// `responder_reclamacao`.
pub async fn write(state: &AppState, user: AuthUser, req: WriteCase) -> ApiResult<Done> {
    let (case, side) = load(state, &user, &req.idpedido).await?;
    if side == CaseSide::Admin {
        return Err(ApiError::Forbidden);
    }
    let proposal = match req.proposta {
        Some(v) if side == CaseSide::Store => Some(centavos(v)?),
        Some(_) => {
            return Err(ApiError::bad_request(
                "Só a loja pode propor uma devolução.",
            ));
        }
        None => None,
    };
    cases::write(&state.db, &case, side, &req.texto, proposal, now_ms()).await?;
    Ok(Done::default())
}

/// `devolver_reclamacao`.
pub async fn store_refund(
    state: &AppState,
    user: AuthUser,
    req: StoreRefund,
) -> ApiResult<CaseSettled> {
    let (case, side) = load(state, &user, &req.idpedido).await?;
    only(side, CaseSide::Store)?;
    let decision = if req.tudo {
        Decision::RefundAll
    } else if let Some(v) = req.valor {
        Decision::Refund(centavos(v)?)
    } else if !req.linhas.is_empty() {
        Decision::Refund(lines_value(state, &case.order_id, &req.linhas).await?)
    } else {
        return Err(ApiError::bad_request(
            "Escolha os itens ou o valor a devolver.",
        ));
    };
    settled(state, &case, side, decision, None).await
}

/// The paid value of the order's lines `ids` (each once); refused when one is not the order's.
async fn lines_value(state: &AppState, order_id: &str, ids: &[String]) -> ApiResult<i64> {
    let mut ids: Vec<&String> = ids.iter().collect();
    ids.sort();
    ids.dedup();
    let mut total = 0;
    for id in ids {
        let v: Option<i64> = sqlx::query_scalar(
            "SELECT pago_centavos FROM order_lines WHERE id = $1 AND order_id = $2",
        )
        .bind(id)
        .bind(order_id)
        .fetch_optional(&state.db)
        .await?;
        total += v.ok_or_else(|| ApiError::bad_request("Item não encontrado neste pedido."))?;
    }
    Ok(total)
}

async fn settled(
    state: &AppState,
    case: &CaseRow,
    by: CaseSide,
    decision: Decision,
    reason: Option<&str>,
) -> ApiResult<CaseSettled> {
    let refund = cases::settle(&state.db, case, by, decision, reason, now_ms()).await?;
    // The store's panel shows the money moved at once.
    state.events.changed(&case.supplier_id);
    Ok(CaseSettled {
        devolvido: reais(refund),
    })
}

/// `aceitar_proposta`.
pub async fn accept(state: &AppState, user: AuthUser, req: CaseRef) -> ApiResult<CaseSettled> {
    let (case, side) = load(state, &user, &req.idpedido).await?;
    only(side, CaseSide::Buyer)?;
    settled(state, &case, side, Decision::Proposal, None).await
}

/// `pedir_mediacao`.
pub async fn ask_admin(state: &AppState, user: AuthUser, req: CaseRef) -> ApiResult<Done> {
    let (case, side) = load(state, &user, &req.idpedido).await?;
    only(side, CaseSide::Buyer)?;
    if case.status == CaseStatus::Closed {
        return Err(ApiError::conflict(
            crate::error::ErrorCode::Conflito,
            cases::RECLAMACAO_ENCERRADA,
        ));
    }
    cases::ask_admin(&state.db, &case, now_ms()).await?;
    Ok(Done::default())
}

/// `pegar_reclamacoes_loja`.
pub async fn store_counts(state: &AppState, user: AuthUser) -> ApiResult<StoreCaseCounts> {
    let supplier_id = crate::rpc::supplier::own_supplier(&state.db, &user).await?;
    let c = cases::store_counts(&state.db, &supplier_id).await?;
    Ok(StoreCaseCounts {
        total: c.total,
        abertas: c.abertas,
        liberadas: c.liberadas,
        devolvidas_em_parte: c.devolvidas_em_parte,
        devolvidas: c.devolvidas,
    })
}

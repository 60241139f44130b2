//! The supplier panel's live stream, `GET /api/fornecedor/eventos` (server-sent events
//! `pendentes`, with the live count of deliveries awaiting, `novo_pedido`, and `pagamento` when
//! an order's Pix is paid — by the PSP's webhook, the reconciliation or a status query), fed by the
//! [`crate::events::Hub`], which carries events across instances.
//!
//! `EventSource` cannot send headers, and a session token in a URL ends up in access logs; so
//! the panel first asks `pegar_ticket_eventos` (with its session) for a single-use ticket of one
//! minute and opens `…/eventos?ticket=…` ([`crate::auth::ticket`]); a non-browser client may
//! send `Authorization: Bearer` instead. The stream follows its session: it closes when the
//! session is revoked (sign-out, on any instance: [`crate::events::Event::SessionEnded`]), when
//! a check on an event or every few seconds finds it no longer live, and when the server shuts
//! down. It also re-reads the count every few seconds, so changes made without a hook (a Pix
//! expiry) show up too.
//!
//! It writes no mail: the 'Novo pedido' e-mail is queued in the order's own transaction
//! (`domain::orders::place`, or the payment's for Pix); `finalizar_pedido` publishes the live
//! event of an in-person order on the hub.

use super::{FORNECEDOR_NAO_ENCONTRADO, own_supplier};
use crate::{
    auth::{AuthUser, session, ticket},
    db::Db,
    domain::codes::PixStatus,
    error::{ApiError, ApiResult},
    events::{Event as LiveEvent, NewOrder},
    state::AppState,
};
use axum::{
    extract::{Query, State},
    http::HeaderMap,
    response::sse::{Event, KeepAlive, Sse},
};
use futures::Stream;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::{convert::Infallible, sync::LazyLock, time::Duration};
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;
use utoipa::ToSchema;
use wasm_core::money::Money;

/// How often an open stream re-reads the pending count and checks its session.
const RECHECK_EVERY: Duration = Duration::from_secs(10);
/// Keep-alive comment interval.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

/// Deliveries awaiting confirmation of `supplier_id`.
pub async fn pending_count(db: &Db, supplier_id: &str) -> ApiResult<i64> {
    static COUNT: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT COUNT(*) FROM orders WHERE supplier_id = $1 AND {}",
            crate::domain::orders::awaiting_delivery("")
        )
    });
    Ok(sqlx::query_scalar(COUNT.as_str())
        .bind(supplier_id)
        .fetch_one(db)
        .await?)
}

/// `pegar_ticket_eventos`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventTicket {
    /// Single-use: `GET /api/fornecedor/eventos?ticket=…`.
    pub ticket: String,
    /// How long it may wait to be used.
    #[serde(rename = "validade_segundos")]
    pub valid_for_seconds: u64,
}

/// `pegar_ticket_eventos`: a single-use ticket (one minute) that opens the signed-in supplier's
/// event stream.
pub async fn event_ticket(state: &AppState, user: AuthUser) -> ApiResult<EventTicket> {
    own_supplier(&state.db, &user).await?;
    let ticket = ticket::issue(&state.db, &user.id, &user.token).await?;
    Ok(EventTicket {
        ticket,
        valid_for_seconds: ticket::TTL.as_secs(),
    })
}

/// `?ticket=` of the stream.
#[derive(Debug, Deserialize)]
pub struct StreamAuth {
    #[serde(default)]
    pub ticket: Option<String>,
}

fn pendentes_event(n: i64) -> Event {
    Event::default()
        .event("pendentes")
        .data(json!({ "pendentes": n }).to_string())
}

fn novo_pedido_event(o: &NewOrder, pendentes: i64) -> Event {
    Event::default().event("novo_pedido").data(
        json!({
            "idpedido": o.order_id,
            "cliente_nome": o.cliente_nome,
            "total_pago": Money::from_centavos(o.total_centavos).reais(),
            "pendentes": pendentes,
        })
        .to_string(),
    )
}

fn pagamento_event(order_id: &str, pendentes: i64) -> Event {
    Event::default().event("pagamento").data(
        json!({
            "idpedido": order_id,
            "status_pix": PixStatus::Paid,
            "pendentes": pendentes,
        })
        .to_string(),
    )
}

/// What a supplier event carries for a stream.
enum News {
    NewOrder(NewOrder),
    Paid(String),
    Nothing,
}

/// One open stream: whose it is, and what it has sent.
struct Watch {
    db: Db,
    supplier_id: String,
    /// The session the stream was opened with.
    token_hash: String,
    rx: broadcast::Receiver<LiveEvent>,
    tick: tokio::time::Interval,
    shutdown: CancellationToken,
    last: Option<i64>,
    /// Counts the stream in the metrics while it is open.
    _open: crate::metrics::OpenStream,
}

impl Watch {
    /// The next event to send: a new order, or the count when it changed. `None` ends the
    /// stream: its session ended, the server is shutting down, or the database failed.
    async fn next(&mut self) -> Option<Event> {
        loop {
            let news = tokio::select! {
                () = self.shutdown.cancelled() => return None,
                got = self.rx.recv() => match got {
                    Ok(LiveEvent::Supplier { supplier_id, new_order, paid_order })
                        if supplier_id == self.supplier_id =>
                    {
                        match (new_order, paid_order) {
                            (Some(o), _) => News::NewOrder(o),
                            (None, Some(id)) => News::Paid(id),
                            (None, None) => News::Nothing,
                        }
                    }
                    Ok(LiveEvent::SessionEnded { token_hash }) if token_hash == self.token_hash => {
                        return None;
                    }
                    Ok(LiveEvent::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        News::Nothing
                    }
                    Ok(_) => continue,
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = self.tick.tick() => News::Nothing,
            };
            // Nothing is sent on a session that is no longer live.
            let live = session::user_for_hash(&self.db, &self.token_hash)
                .await
                .ok()?;
            live.filter(|u| *u == self.supplier_id)?;
            let n = pending_count(&self.db, &self.supplier_id).await.ok()?;
            match news {
                News::NewOrder(o) => {
                    self.last = Some(n);
                    return Some(novo_pedido_event(&o, n));
                }
                News::Paid(order_id) => {
                    self.last = Some(n);
                    return Some(pagamento_event(&order_id, n));
                }
                News::Nothing => {}
            }
            if self.last != Some(n) {
                self.last = Some(n);
                return Some(pendentes_event(n));
            }
        }
    }
}

/// The session behind a stream request: a redeemed `?ticket=`, or an `Authorization: Bearer`
/// header. A session token in the query string is not accepted.
async fn stream_session(
    db: &Db,
    auth: &StreamAuth,
    headers: &HeaderMap,
) -> ApiResult<(String, String)> {
    if let Some(t) = auth.ticket.as_deref().filter(|t| !t.is_empty()) {
        let r = ticket::redeem(db, t).await?.ok_or(ApiError::Unauthorized)?;
        return Ok((r.user_id, r.token_hash));
    }
    let bearer = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(ApiError::Unauthorized)?;
    let user_id = session::user_for(db, bearer)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    Ok((user_id, session::token_hash(bearer)))
}

/// `GET /api/fornecedor/eventos?ticket=…`.
pub async fn stream(
    State(state): State<AppState>,
    Query(auth): Query<StreamAuth>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (user_id, token_hash) = stream_session(&state.db, &auth, &headers).await?;
    let supplier_id: String =
        sqlx::query_scalar("SELECT user_id FROM suppliers WHERE user_id = $1")
            .bind(&user_id)
            .fetch_optional(&state.db)
            .await?
            .ok_or_else(|| ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()))?;
    // Subscribe before reading the first count, so nothing falls between them.
    let rx = state.events.subscribe();
    let first = pending_count(&state.db, &supplier_id).await?;
    let mut tick = tokio::time::interval(RECHECK_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.reset();
    let watch = Watch {
        db: state.db.clone(),
        supplier_id,
        token_hash,
        rx,
        tick,
        shutdown: state.shutdown.clone(),
        last: Some(first),
        _open: crate::metrics::OpenStream::new(),
    };
    let head = futures::stream::once(async move { Ok(pendentes_event(first)) });
    let rest = futures::stream::unfold(watch, |mut w| async move {
        let ev = w.next().await?;
        Some((Ok(ev), w))
    });
    use futures::StreamExt;
    Ok(Sse::new(head.chain(rest)).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

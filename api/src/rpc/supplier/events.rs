//! New orders reach the supplier at once: a [`Hub`] (a tokio broadcast channel in `AppState`)
//! carries "something changed for supplier X" and "a new order for X"; `GET
//! /api/fornecedor/eventos` streams them to the supplier's panel as server-sent events
//! (`pendentes` with the live count of deliveries awaiting, `novo_pedido`). `EventSource` cannot
//! send headers, so the session token comes as the `token` query parameter (a bearer header
//! works too). The stream also re-reads the count every few seconds, so changes made without
//! a hook (a buyer's cancellation, a Pix expiry) show up too.
//!
//! [`order_placed`] is the one hook `finalizar_pedido` calls: it records an e-mail to the
//! supplier in `email_outbox` (recorded even without SMTP), hands it to `SMTP_URL` when set
//! ([`crate::mail`]) and publishes the event.

use super::FORNECEDOR_NAO_ENCONTRADO;
use crate::{
    auth::session,
    db::{Db, new_id, now_ms},
    error::{ApiError, ApiResult},
    startup::AppState,
};
use axum::{
    extract::{Query, State},
    http::HeaderMap,
    response::sse::{Event, KeepAlive, Sse},
};
use futures::Stream;
use serde::Deserialize;
use serde_json::json;
use std::{convert::Infallible, time::Duration};
use tokio::sync::broadcast;
use wasm_core::money::Money;

/// How often an open stream re-reads the pending count.
const RECHECK_EVERY: Duration = Duration::from_secs(10);
/// Keep-alive comment interval.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

/// What happened to a supplier.
#[derive(Debug, Clone)]
pub struct SupplierEvent {
    pub supplier_id: String,
    /// `Some` for a new order; `None` when only the pending count may have changed.
    pub new_order: Option<NewOrder>,
}

/// The `novo_pedido` event's data.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub order_id: String,
    pub cliente_nome: String,
    pub total_centavos: i64,
}

/// The broadcast channel of supplier events.
#[derive(Debug, Clone)]
pub struct Hub(broadcast::Sender<SupplierEvent>);

impl Default for Hub {
    fn default() -> Self {
        Self(broadcast::channel(256).0)
    }
}

impl Hub {
    /// Publishes `event` (nobody listening is fine).
    pub fn publish(&self, event: SupplierEvent) {
        let _ = self.0.send(event);
    }

    /// The pending count of `supplier_id` may have changed.
    pub fn changed(&self, supplier_id: &str) {
        self.publish(SupplierEvent {
            supplier_id: supplier_id.to_owned(),
            new_order: None,
        });
    }

    fn subscribe(&self) -> broadcast::Receiver<SupplierEvent> {
        self.0.subscribe()
    }
}

/// Deliveries awaiting confirmation of `supplier_id`.
pub async fn pending_count(db: &Db, supplier_id: &str) -> ApiResult<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE supplier_id = $1 AND situacao = '1'")
            .bind(supplier_id)
            .fetch_one(db)
            .await?,
    )
}

/// Called by `finalizar_pedido` once order `order_id` is stored: the outbox e-mail and the
/// live event. Failures are logged; the order stands.
pub async fn order_placed(state: &AppState, order_id: &str) {
    if let Err(e) = notify(state, order_id).await {
        tracing::error!(error = ?e, order_id, "new-order notification");
    }
}

async fn notify(state: &AppState, order_id: &str) -> ApiResult<()> {
    let row: Option<(String, String, String, i64, String)> = sqlx::query_as(
        "SELECT o.supplier_id, s.email, o.cliente_nome, o.total_centavos, o.tipo_entrega \
         FROM orders o JOIN suppliers s ON s.user_id = o.supplier_id WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_optional(&state.db)
    .await?;
    let Some((supplier_id, email, cliente, total, tipo)) = row else {
        return Ok(());
    };
    let corpo = format!(
        "Você recebeu um novo pedido de {cliente} ({tipo}), no valor de {}.\n\
         Veja os detalhes em Entregas, no seu painel.",
        Money::from_centavos(total).format()
    );
    let mail_id = new_id();
    sqlx::query(
        "INSERT INTO email_outbox (id, destinatario, assunto, corpo, criado_em) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&mail_id)
    .bind(&email)
    .bind(format!("Novo pedido de {cliente}"))
    .bind(&corpo)
    .bind(now_ms())
    .execute(&state.db)
    .await?;
    if let Some(url) = state.config.smtp_url.clone() {
        let (db, from) = (state.db.clone(), state.config.smtp_from.clone());
        tokio::spawn(async move { crate::mail::deliver(&db, Some(&url), &from, &mail_id).await });
    }
    state.events.publish(SupplierEvent {
        supplier_id,
        new_order: Some(NewOrder {
            order_id: order_id.to_owned(),
            cliente_nome: cliente,
            total_centavos: total,
        }),
    });
    Ok(())
}

/// `?token=` of the stream.
#[derive(Debug, Deserialize)]
pub struct StreamAuth {
    #[serde(default)]
    pub token: Option<String>,
}

fn pendentes_event(n: i64) -> Event {
    Event::default()
        .event("pendentes")
        .data(json!({ "pendentes": n }).to_string())
}

struct Watch {
    db: Db,
    supplier_id: String,
    rx: broadcast::Receiver<SupplierEvent>,
    tick: tokio::time::Interval,
    last: Option<i64>,
}

impl Watch {
    /// The next event to send: a new order, or the count when it changed.
    async fn next(&mut self) -> Option<Event> {
        loop {
            let new_order = tokio::select! {
                got = self.rx.recv() => match got {
                    Ok(ev) if ev.supplier_id == self.supplier_id => ev.new_order,
                    Ok(_) => continue,
                    Err(broadcast::error::RecvError::Lagged(_)) => None,
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = self.tick.tick() => None,
            };
            let n = pending_count(&self.db, &self.supplier_id).await.ok()?;
            if let Some(o) = new_order {
                self.last = Some(n);
                return Some(
                    Event::default().event("novo_pedido").data(
                        json!({
                            "idpedido": o.order_id,
                            "cliente_nome": o.cliente_nome,
                            "total_pago": Money::from_centavos(o.total_centavos).reais(),
                            "pendentes": n,
                        })
                        .to_string(),
                    ),
                );
            }
            if self.last != Some(n) {
                self.last = Some(n);
                return Some(pendentes_event(n));
            }
        }
    }
}

/// `GET /api/fornecedor/eventos?token=…`.
pub async fn stream(
    State(state): State<AppState>,
    Query(auth): Query<StreamAuth>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let bearer = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::trim);
    let token = auth
        .token
        .as_deref()
        .or(bearer)
        .filter(|t| !t.is_empty())
        .ok_or(ApiError::Unauthorized)?;
    let user_id = session::user_for(&state.db, token)
        .await?
        .ok_or(ApiError::Unauthorized)?;
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
        rx,
        tick,
        last: Some(first),
    };
    let head = futures::stream::once(async move { Ok(pendentes_event(first)) });
    let rest = futures::stream::unfold(watch, |mut w| async move {
        let ev = w.next().await?;
        Some((Ok(ev), w))
    });
    use futures::StreamExt;
    Ok(Sse::new(head.chain(rest)).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

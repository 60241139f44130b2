//! Live events between the API's instances (decisions.md §23): "a new order for supplier X",
//! "supplier X's pending count may have changed", "this session ended". Handlers publish them on
//! the [`Hub`]; open event streams (the supplier panel's, `rpc::supplier::events`) subscribe.
//!
//! On SQLite (one process) the hub is an in-process tokio broadcast channel. On PostgreSQL every
//! event goes through `pg_notify` on the channel [`CHANNEL`], and each instance keeps one
//! connection that `LISTEN`s to it and rebroadcasts what arrives to its own subscribers — its own
//! events included, so every instance sees every event exactly once and in commit order. No new
//! server is needed. When that connection is lost and comes back, subscribers get
//! [`Event::Resync`] (notifications may have been missed: re-read what you show).

use crate::{auth::session, db::Db};
use serde::{Deserialize, Serialize};
use std::{sync::Arc, time::Duration};
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

/// The PostgreSQL notification channel of the hub.
pub const CHANNEL: &str = "feira_events";
/// Events a slow subscriber may fall behind before it is told to resync.
const BUFFER: usize = 256;

/// One live event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k")]
pub enum Event {
    /// Something changed for a supplier: a new order (`new_order`), an order's Pix paid
    /// (`paid_order`, its id), or only the pending count.
    #[serde(rename = "s")]
    Supplier {
        supplier_id: String,
        new_order: Option<NewOrder>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paid_order: Option<String>,
    },
    /// A session was revoked (sign-out): streams opened with it close. Carries the token's hash
    /// (as stored in `sessions`), never the token.
    #[serde(rename = "x")]
    SessionEnded { token_hash: String },
    /// Events may have been lost (a subscriber lagged, the LISTEN connection came back).
    #[serde(rename = "r")]
    Resync,
}

/// The `novo_pedido` event's data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewOrder {
    pub order_id: String,
    pub cliente_nome: String,
    pub total_centavos: i64,
}

/// Where live events are published and heard.
#[derive(Clone)]
pub struct Hub {
    local: broadcast::Sender<Event>,
    /// PostgreSQL: events go through `pg_notify` on this pool.
    notify: Option<Db>,
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub")
            .field("across_instances", &self.notify.is_some())
            .finish()
    }
}

impl Default for Hub {
    /// An in-process hub (SQLite, tests).
    fn default() -> Self {
        Self {
            local: broadcast::channel(BUFFER).0,
            notify: None,
        }
    }
}

impl Hub {
    /// The hub for database `db` at `url`: on PostgreSQL, listens to [`CHANNEL`] (on its own
    /// connection, until `shutdown`) before returning, so no event published after this
    /// returns is missed; otherwise in-process.
    pub async fn connect(db: &Db, url: &str, shutdown: CancellationToken) -> anyhow::Result<Self> {
        if !url.starts_with("postgres") {
            return Ok(Self::default());
        }
        let hub = Self {
            local: broadcast::channel(BUFFER).0,
            notify: Some(db.clone()),
        };
        let mut listener = sqlx_postgres::PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        tokio::spawn(relay(listener, hub.local.clone(), shutdown));
        Ok(hub)
    }

    /// Publishes `event` to every instance (nobody listening is fine). On PostgreSQL the
    /// notification is sent in the background; a failure is logged (open streams also re-read
    /// their counts every few seconds).
    pub fn publish(&self, event: Event) {
        let Some(db) = &self.notify else {
            let _ = self.local.send(event);
            return;
        };
        let payload = match serde_json::to_string(&event) {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(error = %e, "encoding a live event");
                return;
            }
        };
        let db = db.clone();
        tokio::spawn(async move {
            if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&db)
                .await
            {
                tracing::warn!(error = %e, "publishing a live event");
            }
        });
    }

    /// The pending count of `supplier_id` may have changed.
    pub fn changed(&self, supplier_id: &str) {
        self.publish(Event::Supplier {
            supplier_id: supplier_id.to_owned(),
            new_order: None,
            paid_order: None,
        });
    }

    /// A new order for `supplier_id`.
    pub fn order_placed(&self, supplier_id: &str, order: NewOrder) {
        self.publish(Event::Supplier {
            supplier_id: supplier_id.to_owned(),
            new_order: Some(order),
            paid_order: None,
        });
    }

    /// The Pix of `supplier_id`'s order `order_id` was paid.
    pub fn payment_received(&self, supplier_id: &str, order_id: &str) {
        self.publish(Event::Supplier {
            supplier_id: supplier_id.to_owned(),
            new_order: None,
            paid_order: Some(order_id.to_owned()),
        });
    }

    /// The session of bearer `token` was revoked: streams opened with it close, on every
    /// instance.
    pub fn session_ended(&self, token: &str) {
        self.publish(Event::SessionEnded {
            token_hash: session::token_hash(token),
        });
    }

    /// Every event published from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.local.subscribe()
    }
}

/// Rebroadcasts the notifications of `listener` locally until `shutdown`; reconnects (every
/// second) when its connection is lost, and then tells subscribers to resync.
async fn relay(
    mut listener: sqlx_postgres::PgListener,
    local: broadcast::Sender<Event>,
    shutdown: CancellationToken,
) {
    let local = Arc::new(local);
    loop {
        let got = tokio::select! {
            () = shutdown.cancelled() => return,
            got = listener.try_recv() => got,
        };
        match got {
            Ok(Some(n)) => match serde_json::from_str::<Event>(n.payload()) {
                Ok(event) => {
                    let _ = local.send(event);
                }
                Err(e) => tracing::warn!(error = %e, "unreadable live event"),
            },
            // The connection was lost and re-established: anything may have been missed.
            Ok(None) => {
                tracing::warn!("live events: LISTEN connection lost; reconnected");
                let _ = local.send(Event::Resync);
            }
            Err(e) => {
                tracing::warn!(error = %e, "live events: LISTEN failed; retrying");
                tokio::select! {
                    () = shutdown.cancelled() => return,
                    () = tokio::time::sleep(Duration::from_secs(1)) => {}
                }
                let _ = local.send(Event::Resync);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_travel_as_small_json() {
        let e = Event::Supplier {
            supplier_id: "s1".into(),
            new_order: Some(NewOrder {
                order_id: "o1".into(),
                cliente_nome: "Ana".into(),
                total_centavos: 1600,
            }),
            paid_order: None,
        };
        let text = serde_json::to_string(&e).unwrap();
        assert!(text.starts_with(r#"{"k":"s""#), "{text}");
        assert!(!text.contains("paid_order"), "{text}");
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), e);
        // An instance without `paid_order` reads one that has it, and the other way round.
        let paid = r#"{"k":"s","supplier_id":"s1","new_order":null,"paid_order":"o1"}"#;
        assert!(matches!(
            serde_json::from_str::<Event>(paid).unwrap(),
            Event::Supplier { paid_order: Some(o), .. } if o == "o1"
        ));
        let x = serde_json::to_string(&Event::SessionEnded {
            token_hash: "ab".into(),
        })
        .unwrap();
        assert_eq!(x, r#"{"k":"x","token_hash":"ab"}"#);
    }

    #[tokio::test]
    async fn the_local_hub_delivers_to_subscribers() {
        let hub = Hub::default();
        let mut rx = hub.subscribe();
        hub.changed("s1");
        hub.session_ended("tok");
        assert!(
            matches!(rx.recv().await.unwrap(), Event::Supplier { supplier_id, new_order: None, .. } if supplier_id == "s1")
        );
        let Event::SessionEnded { token_hash } = rx.recv().await.unwrap() else {
            panic!("expected SessionEnded");
        };
        assert_eq!(token_hash, session::token_hash("tok"));
        assert_ne!(token_hash, "tok");
    }
}

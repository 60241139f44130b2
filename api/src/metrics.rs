//! Numbers an operator can watch (`GET /metrics`, Prometheus / OpenMetrics text, with the
//! official `prometheus-client`). Each instance exposes its own; Prometheus adds them up.
//!
//! | metric | what |
//! |---|---|
//! | `feira_http_requests_total{action,status}` | requests; `action` is the RPC `codigo` for `POST /api`, else the route |
//! | `feira_http_request_duration_seconds{action}` | latency histogram (until the response head) |
//! | `feira_orders_placed_total` | orders stored by `finalizar_pedido` |
//! | `feira_pix_charges_total{event}` | Pix charges `opened` at the provider, `paid`, `refunded` |
//! | `feira_pix_webhooks_total{outcome}` | PSP notifications `accepted`, `refused` (hmac), `invalid`; notified Pix the PSP did not confirm, `unconfirmed` |
//! | `feira_job_runs_total{job}` | periodic jobs run by this instance (each period runs on one instance) |
//! | `feira_emails_total{outcome}` | outbox messages `sent`, and `failed` for good |
//! | `feira_event_streams_open` | supplier event streams open on this instance |
//! | `feira_db_pool_connections{state}` | database pool: `in_use`, `idle`, `max` |
//! | `feira_outbox_messages{state}` | outbox depth: `pending`, `failed` (read at scrape time) |
//! | `feira_whatsapp_messages_total{template,outcome}` | WhatsApp messages `sent`, and `failed` for good, per template |
//! | `feira_whatsapp_statuses_total{template,status}` | statuses from the Cloud API's webhook (`sent`, `delivered`, `read`, `failed`; `refused` for a bad signature) |
//! | `feira_outbox_channel_messages{channel,state}` | outbox depth per channel (`email`, `whatsapp`): `pending`, `failed` |
//!
//! `/metrics` is not public: it answers on the main port only with `Authorization: Bearer
//! $METRICS_TOKEN`, or without a token on the separate `METRICS_ADDR` listener (bind it to a
//! private address); with neither set it does not exist (404).
//!
//! Counters are bumped through one-line hooks at the sites ([`order_placed`], [`pix_charge`],
//! [`email`]); the request middleware is [`track`], and the RPC dispatcher names the action of
//! a request with [`rpc_action`].

use crate::db::Db;
use axum::{
    extract::{MatchedPath, Request},
    middleware::Next,
    response::Response,
};
use prometheus_client::{
    encoding::{EncodeLabelSet, text::encode},
    metrics::{
        counter::Counter,
        family::Family,
        gauge::Gauge,
        histogram::{Histogram, exponential_buckets},
    },
    registry::Registry,
};
use std::{
    sync::{Arc, LazyLock, Mutex},
    time::Instant,
};

/// A request's action and status.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    action: String,
    status: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ActionLabel {
    action: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct EventLabel {
    event: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabel {
    outcome: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct TemplateLabels {
    template: String,
    outcome: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct TemplateStatusLabels {
    template: String,
    status: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ChannelLabels {
    channel: &'static str,
    state: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabel {
    state: &'static str,
}

fn latency_histogram() -> Histogram {
    // 2.5 ms … ~10 s.
    Histogram::new(exponential_buckets(0.0025, 2.0, 13))
}

/// The process's metrics.
struct Metrics {
    requests: Family<RequestLabels, Counter>,
    latency: Family<ActionLabel, Histogram, fn() -> Histogram>,
    orders_placed: Counter,
    pix_charges: Family<EventLabel, Counter>,
    pix_webhooks: Family<OutcomeLabel, Counter>,
    emails: Family<OutcomeLabel, Counter>,
    whatsapp: Family<TemplateLabels, Counter>,
    whatsapp_statuses: Family<TemplateStatusLabels, Counter>,
    job_runs: Family<JobLabel, Counter>,
    event_streams: Gauge,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct JobLabel {
    job: &'static str,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| Metrics {
    requests: Family::default(),
    latency: Family::new_with_constructor(latency_histogram),
    orders_placed: Counter::default(),
    pix_charges: Family::default(),
    pix_webhooks: Family::default(),
    emails: Family::default(),
    whatsapp: Family::default(),
    whatsapp_statuses: Family::default(),
    job_runs: Family::default(),
    event_streams: Gauge::default(),
});

/// A periodic job ran on this instance (it did its work, not skipped).
pub fn job_run(job: &'static str) {
    METRICS.job_runs.get_or_create(&JobLabel { job }).inc();
}

/// A Pix charge's event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixEvent {
    Opened,
    Paid,
    Refunded,
}

/// An order was stored.
pub fn order_placed() {
    METRICS.orders_placed.inc();
}

/// A Pix charge was opened, paid or refunded.
pub fn pix_charge(event: PixEvent) {
    let event = match event {
        PixEvent::Opened => "opened",
        PixEvent::Paid => "paid",
        PixEvent::Refunded => "refunded",
    };
    METRICS
        .pix_charges
        .get_or_create(&EventLabel { event })
        .inc();
}

/// A PSP notification was `accepted`, `refused` (wrong or missing hmac) or `invalid`.
pub fn pix_webhook(outcome: &'static str) {
    METRICS
        .pix_webhooks
        .get_or_create(&OutcomeLabel { outcome })
        .inc();
}

/// An outbox message was sent (`true`) or given up (`false`).
pub fn email(sent: bool) {
    let outcome = if sent { "sent" } else { "failed" };
    METRICS
        .emails
        .get_or_create(&OutcomeLabel { outcome })
        .inc();
}

/// A WhatsApp message of `template` was sent (`outcome` `sent`) or given up (`failed`).
pub fn whatsapp(template: &str, outcome: &'static str) {
    METRICS
        .whatsapp
        .get_or_create(&TemplateLabels {
            template: template.to_owned(),
            outcome,
        })
        .inc();
}

/// The Cloud API's webhook told `status` of a message of `template`.
pub fn whatsapp_status(template: &str, status: &str) {
    METRICS
        .whatsapp_statuses
        .get_or_create(&TemplateStatusLabels {
            template: template.to_owned(),
            status: status.to_owned(),
        })
        .inc();
}

/// Counts an open event stream while it lives.
#[derive(Debug)]
pub struct OpenStream(());

impl OpenStream {
    pub fn new() -> Self {
        METRICS.event_streams.inc();
        Self(())
    }
}

impl Default for OpenStream {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        METRICS.event_streams.dec();
    }
}

tokio::task_local! {
    /// The action of the request being handled, named by the RPC dispatcher.
    static ACTION: Arc<Mutex<Option<&'static str>>>;
}

/// Names the current request's action after the `codigo` the RPC dispatcher accepted (so the
/// label set stays bounded by the contract's actions).
pub fn rpc_action(codigo: &'static str) {
    let _ = ACTION.try_with(|a| {
        if let Ok(mut a) = a.lock() {
            *a = Some(codigo);
        }
    });
}

/// The middleware counting every request by action and status, with its latency.
pub async fn track(req: Request, next: Next) -> Response {
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "webapp".to_owned(), |p| p.as_str().to_owned());
    let slot = Arc::new(Mutex::new(None));
    let start = Instant::now();
    let res = ACTION.scope(slot.clone(), next.run(req)).await;
    let elapsed = start.elapsed().as_secs_f64();
    let action = slot
        .lock()
        .ok()
        .and_then(|mut a| a.take())
        .map_or(route, str::to_owned);
    METRICS
        .requests
        .get_or_create(&RequestLabels {
            action: action.clone(),
            status: res.status().as_u16().to_string(),
        })
        .inc();
    METRICS
        .latency
        .get_or_create(&ActionLabel { action })
        .observe(elapsed);
    res
}

/// What the metrics text reports besides the process's counters, read at scrape time by the
/// caller (`ops.rs`), so that this module, which the senders call, imports none of them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Depths {
    /// Outbox messages still to send, and those given up for good.
    pub outbox: (i64, i64),
    /// The same for the outbox's WhatsApp channel.
    pub whatsapp: (i64, i64),
}

/// The metrics text: the process's counters plus what is read now (pool, and `depths`: the
/// outbox's).
pub fn render(db: &Db, depths: Depths) -> anyhow::Result<String> {
    let m = &*METRICS;
    let mut r = Registry::default();
    r.register(
        "feira_http_requests",
        "HTTP requests by action (RPC codigo or route) and status",
        m.requests.clone(),
    );
    r.register(
        "feira_http_request_duration_seconds",
        "Time to the response head, by action",
        m.latency.clone(),
    );
    r.register(
        "feira_orders_placed",
        "Orders placed",
        m.orders_placed.clone(),
    );
    r.register(
        "feira_pix_charges",
        "Pix charges opened at the provider, paid and refunded",
        m.pix_charges.clone(),
    );
    r.register(
        "feira_pix_webhooks",
        "PSP notifications accepted, refused and invalid",
        m.pix_webhooks.clone(),
    );
    r.register(
        "feira_emails",
        "Outbox messages sent, and given up",
        m.emails.clone(),
    );
    r.register(
        "feira_job_runs",
        "Periodic jobs run by this instance",
        m.job_runs.clone(),
    );
    r.register(
        "feira_event_streams_open",
        "Supplier event streams open on this instance",
        m.event_streams.clone(),
    );
    let pool: Family<StateLabel, Gauge> = Family::default();
    let size = i64::from(db.size());
    let idle = i64::try_from(db.num_idle()).unwrap_or(0);
    pool.get_or_create(&StateLabel { state: "in_use" })
        .set(size - idle);
    pool.get_or_create(&StateLabel { state: "idle" }).set(idle);
    pool.get_or_create(&StateLabel { state: "max" })
        .set(i64::from(db.options().get_max_connections()));
    r.register(
        "feira_db_pool_connections",
        "Database pool connections",
        pool,
    );
    let (pending, failed) = depths.outbox;
    let depth: Family<StateLabel, Gauge> = Family::default();
    depth
        .get_or_create(&StateLabel { state: "pending" })
        .set(pending);
    depth
        .get_or_create(&StateLabel { state: "failed" })
        .set(failed);
    r.register("feira_outbox_messages", "E-mail outbox depth", depth);
    r.register(
        "feira_whatsapp_messages",
        "WhatsApp messages sent, and given up, per template",
        m.whatsapp.clone(),
    );
    r.register(
        "feira_whatsapp_statuses",
        "WhatsApp statuses from the webhook, per template",
        m.whatsapp_statuses.clone(),
    );
    let channels: Family<ChannelLabels, Gauge> = Family::default();
    for (channel, (pending, failed)) in [("email", depths.outbox), ("whatsapp", depths.whatsapp)] {
        channels
            .get_or_create(&ChannelLabels {
                channel,
                state: "pending",
            })
            .set(pending);
        channels
            .get_or_create(&ChannelLabels {
                channel,
                state: "failed",
            })
            .set(failed);
    }
    r.register(
        "feira_outbox_channel_messages",
        "Outbox depth per channel",
        channels,
    );
    let mut text = String::new();
    encode(&mut text, &r)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_rpc_action_names_the_request_only_inside_its_scope() {
        rpc_action("finalizar_pedido"); // outside: ignored
        let slot = Arc::new(Mutex::new(None));
        ACTION
            .scope(slot.clone(), async {
                rpc_action("finalizar_pedido");
            })
            .await;
        assert_eq!(*slot.lock().unwrap(), Some("finalizar_pedido"));
    }

    #[test]
    fn streams_are_counted_while_open() {
        let before = METRICS.event_streams.get();
        let s = OpenStream::new();
        assert_eq!(METRICS.event_streams.get(), before + 1);
        drop(s);
        assert_eq!(METRICS.event_streams.get(), before);
    }
}

//! Counting the SQL statements sqlx runs (its `sqlx::query` events) in a bench, through a
//! `tracing` layer installed by [`install`]; [`keep`] also keeps each one's summary.

/// The SQL statements sqlx has run (its `sqlx::query` events), when counted.
static STATEMENTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Counts sqlx's statement events.
struct CountStatements;

/// While set, each statement's summary is kept here.
static KEPT: std::sync::Mutex<Option<Vec<String>>> = std::sync::Mutex::new(None);

/// A statement event's `summary` field (its first words).
struct Summary(String);

impl tracing::field::Visit for Summary {
    fn record_str(&mut self, f: &tracing::field::Field, v: &str) {
        if f.name() == "summary" {
            v.clone_into(&mut self.0);
        }
    }
    fn record_debug(&mut self, f: &tracing::field::Field, v: &dyn std::fmt::Debug) {
        if f.name() == "summary" {
            self.0 = format!("{v:?}");
        }
    }
}

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for CountStatements {
    fn on_event(&self, e: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        if e.metadata().target() == "sqlx::query" {
            STATEMENTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if let Some(kept) = KEPT.lock().unwrap().as_mut() {
                let mut summary = Summary(String::new());
                e.record(&mut summary);
                kept.push(summary.0);
            }
        }
    }
}

/// The statements run so far (0 unless [`install`]ed).
pub fn statements() -> u64 {
    STATEMENTS.load(std::sync::atomic::Ordering::Relaxed)
}

/// Counts statements from now on.
pub fn install() {
    use tracing_subscriber::{Layer, layer::SubscriberExt, util::SubscriberInitExt};
    let only_sqlx = tracing_subscriber::filter::Targets::new()
        .with_target("sqlx::query", tracing::Level::TRACE);
    tracing_subscriber::registry()
        .with(CountStatements.with_filter(only_sqlx))
        .init();
}

/// Starts keeping each statement's summary.
#[allow(dead_code)]
pub fn keep() {
    *KEPT.lock().unwrap() = Some(Vec::new());
}

/// The summaries kept since [`keep`], which stops keeping them.
#[allow(dead_code)]
pub fn kept() -> Option<Vec<String>> {
    KEPT.lock().unwrap().take()
}

//! Logging through `tracing`, filtered by `RUST_LOG` (default `info`).

use tracing_subscriber::{EnvFilter, fmt};

/// Installs the global subscriber once; later calls do nothing.
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = fmt().with_env_filter(filter).with_target(false).try_init();
}

//! The database settings (`DATABASE_*`): where it is, how many connections, how long a request
//! waits for one.

use super::Vars;
use std::time::Duration;

/// The database settings.
#[derive(Debug, Clone)]
pub struct DatabaseConfig {
    /// `DATABASE_URL` (default `sqlite://data/feira.db`).
    pub url: String,
    /// Maximum connections in the pool (`DATABASE_MAX_CONNECTIONS`, default 10, at least 2: a
    /// job holds one for its lock while its work uses another).
    pub max_connections: u32,
    /// How long a request waits for a connection before it is answered 503
    /// (`DATABASE_ACQUIRE_TIMEOUT_SECONDS`, default 3).
    pub acquire_timeout: Duration,
}

/// `DATABASE_URL` through `get` (default `sqlite://data/feira.db`); also what `feira-api
/// backup` reads.
pub fn database_url(get: impl Fn(&str) -> Option<String>) -> String {
    get("DATABASE_URL")
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "sqlite://data/feira.db".into())
}

pub(super) fn read(v: &Vars) -> anyhow::Result<DatabaseConfig> {
    Ok(DatabaseConfig {
        url: database_url(|k| v.get(k)),
        max_connections: v.count("DATABASE_MAX_CONNECTIONS", 10)?.max(2),
        acquire_timeout: v.seconds("DATABASE_ACQUIRE_TIMEOUT_SECONDS", 3, 1)?,
    })
}

//! The database: one `sqlx::AnyPool` over SQLite (default) or PostgreSQL, the migrations in
//! `migrations/`, and the small helpers every query uses (write transactions, ids, time).
//!
//! Write transactions start with [`begin_write`]: on SQLite `BEGIN IMMEDIATE`, which takes the
//! database's write lock up front and so waits on the pool's `busy_timeout` instead of failing
//! with "database is locked" when a read transaction cannot be upgraded; on PostgreSQL a plain
//! `BEGIN` (row locks and the conditional updates do the rest).

use anyhow::Context;
use rand::{Rng, distr::Alphanumeric};
use sqlx::{Any, AnyPool, Executor, Transaction, any::AnyPoolOptions};
use std::path::Path;

/// The pool type used everywhere.
pub type Db = AnyPool;

/// Connects to `url`; for SQLite creates the file (and its folder), turns on WAL and foreign keys.
pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let is_sqlite = url.starts_with("sqlite:");
    let url = if is_sqlite {
        prepare_sqlite_url(url)?
    } else {
        url.to_owned()
    };
    let pool = AnyPoolOptions::new()
        .max_connections(max_connections)
        .after_connect(|conn, _meta| {
            Box::pin(async move {
                if conn.backend_name() == "SQLite" {
                    // mmap: reads of a large index (full-text search's covering indexes,
                    // docs/benchmarks.md "Search") come from the OS's page cache shared by every
                    // connection, instead of each connection's 2 MB page cache.
                    conn.execute(
                        "PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; \
                         PRAGMA synchronous = NORMAL; PRAGMA mmap_size = 268435456;",
                    )
                    .await?;
                }
                Ok(())
            })
        })
        .connect(&url)
        .await
        .with_context(|| format!("connecting to the database {}", redact(&url)))?;
    if is_sqlite {
        pool.execute("PRAGMA journal_mode = WAL;").await?;
    }
    Ok(pool)
}

/// The migrations in `migrations/`, embedded in the binary at build time. Most are portable; one
/// whose name ends in `sqlite` or `postgres` is for that database only (the full-text indexes,
/// docs/search.md): [`migrator`] leaves out the other database's.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// The migrations for `db`'s database: the portable ones and its own.
pub fn migrator(db: &Db) -> sqlx::migrate::Migrator {
    let other = if is_postgres(db) {
        " sqlite"
    } else {
        " postgres"
    };
    sqlx::migrate::Migrator::with_migrations(
        MIGRATOR
            .iter()
            .filter(|m| !m.description.ends_with(other))
            .cloned()
            .collect(),
    )
}

/// Applies the migrations in `migrations/` that are for `db`'s database.
pub async fn migrate(db: &Db) -> anyhow::Result<()> {
    migrator(db).run(db).await.context("running migrations")
}

/// Whether every migration this binary knows has been applied (an instance of an older version
/// still is ready after a newer one migrated).
pub async fn migrations_applied(db: &Db) -> sqlx::Result<bool> {
    let newest = migrator(db).iter().map(|m| m.version).max().unwrap_or(0);
    let applied: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_one(db)
            .await?;
    Ok(applied.unwrap_or(0) >= newest)
}

/// Whether `db` is PostgreSQL (else SQLite).
pub fn is_postgres(db: &Db) -> bool {
    db.connect_options()
        .database_url
        .scheme()
        .starts_with("postgres")
}

fn prepare_sqlite_url(url: &str) -> anyhow::Result<String> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let file = path.split('?').next().unwrap_or_default();
    if !file.is_empty()
        && file != ":memory:"
        && let Some(dir) = Path::new(file)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    Ok(if url.contains("mode=") {
        url.to_owned()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    })
}

fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_owned(),
    }
}

/// A write transaction: `BEGIN IMMEDIATE` on SQLite, `BEGIN` elsewhere.
pub async fn begin_write(db: &Db) -> sqlx::Result<Transaction<'static, Any>> {
    if db
        .connect_options()
        .database_url
        .scheme()
        .starts_with("sqlite")
    {
        db.begin_with("BEGIN IMMEDIATE").await
    } else {
        db.begin().await
    }
}

/// Milliseconds since the Unix epoch, UTC: the one time type of the schema.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A new opaque, URL-safe id.
pub fn new_id() -> String {
    rand::rng()
        .sample_iter(&Alphanumeric)
        .take(20)
        .map(char::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_url_safe_and_distinct() {
        let a = new_id();
        assert_eq!(a.len(), 20);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, new_id());
    }

    #[test]
    fn sqlite_urls_get_create_mode() {
        assert_eq!(
            prepare_sqlite_url("sqlite::memory:").unwrap(),
            "sqlite::memory:?mode=rwc"
        );
        assert!(redact("postgres://u:pw@h/db").contains("***"));
    }
}

//! The database: one `sqlx::AnyPool` over SQLite (default) or PostgreSQL, the migrations in
//! `migrations/`, and the small helpers every query uses (write transactions, ids, time, and
//! [`insert`], which names each column beside its value).
//!
//! Write transactions start with [`begin_write`]: on SQLite `BEGIN IMMEDIATE`, which takes the
//! database's write lock up front instead of failing with "database is locked" when a read
//! transaction cannot be upgraded; on PostgreSQL a plain `BEGIN` (row locks and the conditional
//! updates do the rest). SQLite has one writer at a time, so its write transactions queue in the
//! process for a writer pool of one connection (fair, first come first served) rather than in
//! SQLite's `busy_timeout`, whose waiters sleep and retry with growing naps (1 ms up to 100 ms):
//! under load that left the lock idle while the next writer slept, and a waiter could be
//! overtaken again and again (orders' p99 in the hundreds of milliseconds, docs/benchmarks.md
//! "Orders"). Another process's writes (a backup, the CLI) still meet `busy_timeout`.
//!
//! The bundled SQLite is built with `SQLITE_ENABLE_QPSG` (`.cargo/config.toml`): a prepared
//! statement keeps its plan whatever values are bound. Without it, a statement whose `LIMIT` or
//! `LIKE` pattern is a parameter is parsed and planned again on every run.

mod insert;

pub use insert::{Cell, insert};

use anyhow::Context;
use rand::{Rng, distr::Alphanumeric};
use sqlx::{Any, AnyPool, Executor, SqlSafeStr, Transaction, any::AnyPoolOptions};
use sqlx_core::migrate::{Migration, MigrationType, Migrator};
use std::{
    collections::HashMap,
    path::Path,
    sync::{Mutex, Once, OnceLock},
    time::Duration,
};

/// The pool type used everywhere.
pub type Db = AnyPool;

/// Makes PostgreSQL and SQLite known to `sqlx::Any` (once per process; before any pool of
/// `Any` connects).
pub fn install_drivers() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        sqlx::any::install_drivers(&[sqlx_postgres::any::DRIVER, sqlx_sqlite::any::DRIVER])
            .expect("no other drivers installed");
    });
}

/// Connects to `url`; for SQLite creates the file (and its folder), turns on WAL and foreign keys.
/// A connection is waited for at most `acquire_timeout` (opening one included): past it a
/// query fails with `PoolTimedOut`, which the API answers 503 (the database is down or
/// saturated) instead of hanging.
pub async fn connect(
    url: &str,
    max_connections: u32,
    acquire_timeout: std::time::Duration,
) -> anyhow::Result<Db> {
    install_drivers();
    let is_sqlite = url.starts_with("sqlite:");
    let url = if is_sqlite {
        prepare_sqlite_url(url)?
    } else {
        url.to_owned()
    };
    let pool = options(max_connections, acquire_timeout)
        // An embedded SQLite connection cannot have dropped; a ping before each use would be
        // one more round trip to its worker thread per query (a PostgreSQL connection may have
        // been cut by a restart: it is pinged).
        .test_before_acquire(!is_sqlite)
        .connect(&url)
        .await
        .with_context(|| format!("connecting to the database {}", redact(&url)))?;
    if is_sqlite {
        pool.execute("PRAGMA journal_mode = WAL;").await?;
        if is_file(&url) {
            register_writer(&pool, &url, acquire_timeout).await?;
        }
    }
    Ok(pool)
}

/// A pool's options: its size and wait, and SQLite's settings on each new connection.
fn options(max_connections: u32, acquire_timeout: Duration) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(acquire_timeout)
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
}

/// Each SQLite database file's writer pool (one connection), by the URL of its pools: every
/// pool of the process on that file (a test's second instance, a bench's) shares it.
fn writers() -> &'static Mutex<HashMap<String, Db>> {
    static WRITERS: OnceLock<Mutex<HashMap<String, Db>>> = OnceLock::new();
    WRITERS.get_or_init(Mutex::default)
}

/// Opens (or finds open) the writer pool of SQLite database `pool`: one connection, closed
/// when idle for a while (a process may open many databases, as the tests do).
async fn register_writer(pool: &Db, url: &str, acquire_timeout: Duration) -> anyhow::Result<()> {
    let key = pool.connect_options().database_url.to_string();
    let open = writers()
        .lock()
        .map_err(|_| anyhow::anyhow!("the writers' registry is poisoned"))?
        .get(&key)
        .is_some_and(|w| !w.is_closed());
    if !open {
        let writer = options(1, acquire_timeout)
            .test_before_acquire(false)
            .min_connections(0)
            .idle_timeout(Some(Duration::from_secs(30)))
            .connect_lazy(url)
            .with_context(|| format!("the writer of {}", redact(url)))?;
        writers()
            .lock()
            .map_err(|_| anyhow::anyhow!("the writers' registry is poisoned"))?
            .insert(key, writer);
    }
    Ok(())
}

/// Whether SQLite `url` names a file (an in-memory database is one per connection: no writer
/// pool can share it).
fn is_file(url: &str) -> bool {
    !(url.contains(":memory:") || url.contains("mode=memory"))
}

/// Every file of `migrations/` as `(file name, SQL)`, embedded at build time (`build.rs`).
const MIGRATION_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The migrations in `migrations/`, as `sqlx::migrate!` reads them: `<version>_<description>.sql`
/// (underscores read as spaces), run in a transaction unless the file starts with
/// `-- no-transaction`. Most are portable; one whose name ends in `sqlite` or `postgres` is for
/// that database only (the full-text indexes, docs/search.md): [`migrator`] leaves out the other
/// database's.
pub fn migrations() -> Vec<Migration> {
    MIGRATION_FILES
        .iter()
        .map(|&(file, sql)| {
            let (version, rest) = file
                .split_once('_')
                .and_then(|(v, rest)| Some((v.parse::<i64>().ok()?, rest)))
                .unwrap_or_else(|| panic!("migrations/{file}: expected <version>_<name>.sql"));
            let kind = MigrationType::from_filename(rest);
            let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
            let no_tx = sql.starts_with("-- no-transaction");
            Migration::new(version, description.into(), kind, sql.into_sql_str(), no_tx)
        })
        .collect()
}

/// The migrations for `db`'s database: the portable ones and its own.
pub fn migrator(db: &Db) -> Migrator {
    let other = if is_postgres(db) {
        " sqlite"
    } else {
        " postgres"
    };
    Migrator::with_migrations(
        migrations()
            .into_iter()
            .filter(|m| !m.description.ends_with(other))
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

/// A write transaction: `BEGIN IMMEDIATE` on SQLite (on its writer pool, when it has one),
/// `BEGIN` elsewhere.
pub async fn begin_write(db: &Db) -> sqlx::Result<Transaction<'static, Any>> {
    let url = &db.connect_options().database_url;
    if !url.scheme().starts_with("sqlite") {
        return db.begin().await;
    }
    let writer = writers()
        .lock()
        .ok()
        .and_then(|w| w.get(url.as_str()).cloned());
    writer
        .as_ref()
        .unwrap_or(db)
        .begin_with("BEGIN IMMEDIATE")
        .await
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

    /// The SQLite linked in is the one `.cargo/config.toml` asks for: with the query planner
    /// stability guarantee, so a statement that binds its `LIMIT` or a `LIKE` pattern is not
    /// prepared again on each run (docs/benchmarks.md, "Region listing").
    #[tokio::test]
    async fn sqlite_keeps_a_statements_plan_whatever_its_values() {
        let db = connect("sqlite::memory:", 1, std::time::Duration::from_secs(3))
            .await
            .unwrap();
        let options: Vec<String> = sqlx::query_scalar("PRAGMA compile_options")
            .fetch_all(&db)
            .await
            .unwrap();
        assert!(
            options.iter().any(|o| o == "ENABLE_QPSG"),
            "SQLite built without ENABLE_QPSG (is LIBSQLITE3_FLAGS in .cargo/config.toml?): {options:?}"
        );
    }

    /// The embedded migrations are what sqlx itself reads from `migrations/` (as
    /// `sqlx::migrate!` did): databases migrated before keep matching checksums.
    #[tokio::test]
    async fn the_embedded_migrations_are_sqlxs_reading_of_the_folder() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
        let sqlx_read = Migrator::new(dir).await.unwrap();
        let ours = migrations();
        assert!(ours.len() >= 13, "{}", ours.len());
        let facts = |m: &Migration| {
            (
                m.version,
                m.description.to_string(),
                m.checksum.to_vec(),
                m.no_tx,
                m.migration_type,
            )
        };
        assert_eq!(
            ours.iter().map(facts).collect::<Vec<_>>(),
            sqlx_read.iter().map(facts).collect::<Vec<_>>()
        );
    }

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

//! `feira-api backup PATH`: a consistent copy of the SQLite database while the service runs.
//! SQLite's `VACUUM INTO` writes a complete, compacted database as of one read transaction
//! (writers are not blocked in WAL mode); the copy is then checked with `PRAGMA
//! integrity_check`. An existing `PATH` is never overwritten. On PostgreSQL the command refuses
//! and points to `pg_dump` (docs/deploy.md, 'Backups').

use anyhow::{Context, bail};
use sqlx::{ConnectOptions, Connection};
use sqlx_sqlite::SqliteConnectOptions;
use std::{path::Path, str::FromStr};

/// Copies the database at `database_url` into a new file `dest`; returns its size in bytes.
pub async fn run(database_url: &str, dest: &Path) -> anyhow::Result<u64> {
    if database_url.starts_with("postgres") {
        bail!(
            "feira-api backup copies SQLite databases; for PostgreSQL use pg_dump \
             (see docs/deploy.md, 'Backups')"
        );
    }
    if dest.exists() {
        bail!("{} already exists; choose a new file", dest.display());
    }
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let source = SqliteConnectOptions::from_str(database_url)
        .with_context(|| format!("DATABASE_URL {database_url}"))?
        .read_only(true)
        .busy_timeout(std::time::Duration::from_secs(30));
    if !source.get_filename().exists() {
        bail!("no database at {}", source.get_filename().display());
    }
    let mut conn = source.connect().await.context("opening the database")?;
    let target = dest
        .to_str()
        .context("the backup path must be valid UTF-8")?;
    sqlx::query("VACUUM INTO $1")
        .bind(target)
        .execute(&mut conn)
        .await
        .with_context(|| format!("writing {}", dest.display()))?;
    conn.close().await?;

    let mut copy = SqliteConnectOptions::new()
        .filename(dest)
        .read_only(true)
        .connect()
        .await
        .context("opening the copy")?;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut copy)
        .await?;
    copy.close().await?;
    if check != "ok" {
        bail!("the copy failed its integrity check: {check}");
    }
    Ok(std::fs::metadata(dest)?.len())
}

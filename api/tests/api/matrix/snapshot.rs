//! What "nothing changed" means for the authorization matrix: every row of every table the
//! application writes, read back generically (each column as the first type it decodes to),
//! on SQLite and PostgreSQL alike.
//!
//! Each row is its columns cast to text and joined. Left out: the tables a request may write without acting for anyone (sign-in nonces) and
//! those background tasks write at their own pace (the e-mail outbox, job runs and leases),
//! which would make two reads differ with no request in between — and, of a refund, the
//! columns the refund job writes as the PSP answers (its state, attempts and times): the refund
//! itself (its id, Pix, amount and reason) is still compared.

use feira_api::db::Db;
use std::collections::BTreeMap;

/// Every table's rows, each as text, sorted.
pub type Snapshot = BTreeMap<String, Vec<String>>;

/// Whether table `name` is left out of the snapshot (see the module's doc). SQLite's full-text
/// tables (`*_fts` and FTS5's shadow tables, binary) only mirror the search keys of `products`
/// and `ads`, which are read.
fn left_out(name: &str) -> bool {
    name.starts_with("_sqlx")
        || name.starts_with("sqlite_")
        || name.contains("_fts")
        || ["login_nonces", "email_outbox"].contains(&name)
        || ["job", "lease", "outbox"].iter().any(|p| name.contains(p))
}

/// Whether column `column` of `table` is written by a background job at its own pace.
fn job_written(table: &str, column: &str) -> bool {
    table == "pix_refunds"
        && [
            "status",
            "tentativas",
            "proxima_tentativa_em",
            "erro",
            "rtr_id",
            "atualizado_em",
        ]
        .contains(&column)
}

/// The tables of the database, by name, with their columns.
async fn tables(db: &Db) -> Vec<(String, Vec<String>)> {
    let mut conn = db.acquire().await.unwrap();
    let sqlite = conn.backend_name() == "SQLite";
    let sql = if sqlite {
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    } else {
        "SELECT CAST(table_name AS TEXT) FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1"
    };
    let names: Vec<String> = sqlx::query_scalar(sql).fetch_all(&mut *conn).await.unwrap();
    let columns = if sqlite {
        "SELECT name FROM pragma_table_info($1) ORDER BY cid"
    } else {
        "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
         WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position"
    };
    let mut out = Vec::new();
    for name in names.into_iter().filter(|n| !left_out(n)) {
        let all: Vec<String> = sqlx::query_scalar(columns)
            .bind(&name)
            .fetch_all(&mut *conn)
            .await
            .unwrap();
        let cols = all.into_iter().filter(|c| !job_written(&name, c)).collect();
        out.push((name, cols));
    }
    out
}

/// Every row of every table the application writes, each column read as text (the Any
/// driver decodes no SQLite `BOOLEAN`).
pub async fn take(db: &Db) -> Snapshot {
    let mut out = Snapshot::new();
    for (table, columns) in tables(db).await {
        let select = columns
            .iter()
            .map(|c| format!("COALESCE(CAST({c} AS TEXT), '∅')"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        // The names are the database's own, from its catalogue: nothing a request wrote.
        let sql = sqlx::AssertSqlSafe(format!("SELECT {select} FROM {table}"));
        let mut rows: Vec<String> = sqlx::query_scalar(sql).fetch_all(db).await.unwrap();
        rows.sort();
        out.insert(table, rows);
    }
    out
}

/// What differs between two snapshots, table by table (empty: nothing changed).
pub fn changes(before: &Snapshot, after: &Snapshot) -> Vec<String> {
    let mut out = Vec::new();
    for (table, rows) in after {
        let old = before.get(table).map(Vec::as_slice).unwrap_or_default();
        let added: Vec<&String> = rows.iter().filter(|r| !old.contains(r)).collect();
        let removed: Vec<&String> = old.iter().filter(|r| !rows.contains(r)).collect();
        if !added.is_empty() || !removed.is_empty() {
            out.push(format!("{table}: +{added:?} -{removed:?}"));
        }
    }
    out
}

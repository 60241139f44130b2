//! [`insert`]: one row into a table, each column named beside its value (no positional `$23` to
//! miscount), the values as [`Cell`]s.

use sqlx::{Any, Executor};

/// One value of a row [`insert`]ed.
#[derive(Debug, Clone, Copy)]
pub enum Cell<'a> {
    Text(Option<&'a str>),
    Int(Option<i64>),
    Bool(bool),
}

impl<'a> From<&'a str> for Cell<'a> {
    fn from(v: &'a str) -> Self {
        Self::Text(Some(v))
    }
}

impl<'a> From<&'a String> for Cell<'a> {
    fn from(v: &'a String) -> Self {
        Self::Text(Some(v))
    }
}

impl<'a> From<Option<&'a str>> for Cell<'a> {
    fn from(v: Option<&'a str>) -> Self {
        Self::Text(v)
    }
}

impl From<i64> for Cell<'_> {
    fn from(v: i64) -> Self {
        Self::Int(Some(v))
    }
}

impl From<Option<i64>> for Cell<'_> {
    fn from(v: Option<i64>) -> Self {
        Self::Int(v)
    }
}

impl From<bool> for Cell<'_> {
    fn from(v: bool) -> Self {
        Self::Bool(v)
    }
}

/// The statement of [`insert`]: `INSERT INTO {table} (c1, …) VALUES ($1, …) {tail}`.
fn insert_sql(table: &str, columns: &[&str], tail: &str) -> String {
    let params: Vec<String> = (1..=columns.len()).map(|i| format!("${i}")).collect();
    format!(
        "INSERT INTO {table} ({}) VALUES ({}){}{tail}",
        columns.join(", "),
        params.join(", "),
        if tail.is_empty() { "" } else { " " }
    )
}

/// Inserts one row into `table`, each column named beside its value (no positional `$23`
/// to miscount), then `tail` (e.g. `ON CONFLICT (…) DO NOTHING`); returns the rows affected.
/// `table`, the columns and `tail` are the caller's literals, never input.
pub async fn insert<'e, E: Executor<'e, Database = Any>>(
    e: E,
    table: &'static str,
    row: &[(&'static str, Cell<'_>)],
    tail: &'static str,
) -> sqlx::Result<u64> {
    let columns: Vec<&str> = row.iter().map(|(c, _)| *c).collect();
    let mut query = sqlx::query(sqlx::AssertSqlSafe(insert_sql(table, &columns, tail)));
    for (_, cell) in row {
        query = match *cell {
            Cell::Text(v) => query.bind(v),
            Cell::Int(v) => query.bind(v),
            Cell::Bool(v) => query.bind(v),
        };
    }
    Ok(query.execute(e).await?.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::connect;

    #[test]
    fn the_statement_names_each_column_once_with_its_parameter() {
        assert_eq!(
            insert_sql("t", &["a", "b", "c"], ""),
            "INSERT INTO t (a, b, c) VALUES ($1, $2, $3)"
        );
        assert_eq!(
            insert_sql("t", &["a"], "ON CONFLICT (a) DO NOTHING"),
            "INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) DO NOTHING"
        );
    }

    #[tokio::test]
    async fn a_row_goes_in_with_each_kind_of_value() {
        let db = connect("sqlite::memory:", 1, std::time::Duration::from_secs(3))
            .await
            .unwrap();
        sqlx::query("CREATE TABLE t (a TEXT, b BIGINT, c BOOLEAN, d TEXT)")
            .execute(&db)
            .await
            .unwrap();
        let n = insert(
            &db,
            "t",
            &[
                ("a", "x".into()),
                ("b", 7_i64.into()),
                ("c", true.into()),
                ("d", None::<&str>.into()),
            ],
            "",
        )
        .await
        .unwrap();
        assert_eq!(n, 1);
        // (Booleans read back as numbers through `Any` on SQLite.)
        let row: (String, i64, i64, Option<String>) =
            sqlx::query_as("SELECT a, b, CASE WHEN c THEN 1 ELSE 0 END, d FROM t")
                .fetch_one(&db)
                .await
                .unwrap();
        assert_eq!(row, ("x".into(), 7, 1, None));
    }
}

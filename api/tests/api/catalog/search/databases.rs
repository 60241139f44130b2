//! Search on both databases: the same ids in the same order on SQLite and PostgreSQL, and the
//! plans showing each one's full-text index serves the search.

use super::*;
use crate::helpers::spawn_app_with;
use feira_api::rpc::catalog::search::{Bind, first_page_sql};
use sqlx::Row;

/// The queries both databases must answer alike: the golden ones and some more.
const SAME_ON_BOTH: [&str; 15] = [
    "cafe torrado",
    "organico",
    "mel",
    "cana",
    "muda enxertada",
    "sementes crioulas",
    "cesta",
    "queijo minas",
    "esterco curtido",
    "serra",
    "vaso",
    "500 g",
    // Misspelt: answered with the closest words of the index (the same on both).
    "quejo",
    "cafe torado",
    "tomtae",
];

/// The first-page product and ad ids of every query of [`SAME_ON_BOTH`] and the golden list,
/// in Piracicaba and Limeira.
async fn answers(app: &TestApp) -> Vec<(String, Vec<String>, Vec<String>, Value)> {
    let mut out = Vec::new();
    let queries = golden().into_iter().map(|g| g.0).chain(SAME_ON_BOTH);
    for q in queries {
        for city in [PIRACICABA, "Limeira, SP"] {
            let r = ok(app, json!({"codigo": "search", "all": q, "cidade": city})).await;
            out.push((
                format!("{q} @ {city}"),
                ids(&r["produtos"]),
                ids(&r["anuncios"]),
                r["categorias"].clone(),
            ));
        }
    }
    out
}

#[tokio::test]
async fn sqlite_and_postgresql_give_the_same_ids_in_the_same_order() {
    let app = demo_app().await;
    let here = answers(&app).await;
    assert!(
        here.iter().filter(|a| !a.1.is_empty()).count() >= 20,
        "{here:?}"
    );
    if !feira_api::db::is_postgres(&app.app.db) {
        // The golden lists above hold on SQLite; the suite's PostgreSQL run compares both.
        return;
    }
    let tmp = std::env::temp_dir().join(format!("feira-search-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let url = format!("sqlite://{}/both.db", tmp.display());
    let sqlite = spawn_app_with(move |c| {
        c.seed_demo = true;
        c.database.url = url;
    })
    .await;
    assert!(!feira_api::db::is_postgres(&sqlite.app.db));
    let there = answers(&sqlite).await;
    for (a, b) in here.iter().zip(&there) {
        assert_eq!(a, b, "PostgreSQL vs SQLite");
    }
    let _ = std::fs::remove_dir_all(tmp);
}

/// The plan lines of the first page's SQL for `all`, from `EXPLAIN` (PostgreSQL, sequential
/// scans off so the plan shows whether the index can serve the query at all on a small table)
/// or `EXPLAIN QUERY PLAN` (SQLite).
async fn plan(app: &TestApp, all: &str, ads: bool) -> Vec<String> {
    let engine = Engine::of(&app.app.db);
    let (sql, binds) = first_page_sql(engine, all, PIRACICABA, ads).unwrap();
    let mut conn = app.app.db.acquire().await.unwrap();
    let text = match engine {
        Engine::Sqlite => format!("EXPLAIN QUERY PLAN {sql}"),
        Engine::Postgres => {
            sqlx::query("SET enable_seqscan = off")
                .execute(&mut *conn)
                .await
                .unwrap();
            format!("EXPLAIN {sql}")
        }
    };
    let mut q = sqlx::query(sqlx::AssertSqlSafe(text));
    for b in binds {
        q = match b {
            Bind::Text(t) => q.bind(t),
            Bind::Int(i) => q.bind(i),
            Bind::Bool(v) => q.bind(v),
        };
    }
    let rows = q.fetch_all(&mut *conn).await.unwrap();
    let lines = rows
        .iter()
        .map(|r| match engine {
            Engine::Sqlite => r.get::<String, _>("detail"),
            Engine::Postgres => r.get::<String, _>(0),
        })
        .collect();
    if engine == Engine::Postgres {
        sqlx::query("RESET enable_seqscan")
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    lines
}

#[tokio::test]
async fn the_full_text_index_serves_the_search() {
    let app = demo_app().await;
    for (all, ads) in [("cafe torrado", false), ("mel", false), ("agua", true)] {
        let lines = plan(&app, all, ads).await;
        let text = lines.join("\n");
        match Engine::of(&app.app.db) {
            Engine::Sqlite => {
                // The FTS5 table answers the match; the rows are fetched by primary key; no
                // table or category index is walked. The matches are read once (`m`) and the
                // page and the counts read them from there.
                let fts = if ads { "ads_fts" } else { "products_fts" };
                assert!(
                    text.contains(&format!("SCAN {fts} VIRTUAL TABLE INDEX")),
                    "{all}:\n{text}"
                );
                assert_eq!(
                    lines.iter().filter(|l| l.contains("VIRTUAL TABLE")).count(),
                    1,
                    "{all}: the index read once:\n{text}"
                );
                for line in &lines {
                    if line.starts_with("SCAN") {
                        assert!(
                            line.contains("VIRTUAL TABLE")
                                || ["SCAN m", "SCAN pagina", "SCAN amostra"]
                                    .iter()
                                    .any(|s| line.starts_with(s)),
                            "{all}: a scan: {line}\n{text}"
                        );
                    }
                }
                assert!(!text.contains("products_page") && !text.contains("products_best"));
            }
            Engine::Postgres => {
                let index = if ads { "ads_busca" } else { "products_busca" };
                assert!(text.contains(index), "{all}:\n{text}");
                assert!(
                    !text.contains("Seq Scan on products") && !text.contains("Seq Scan on ads"),
                    "{all}:\n{text}"
                );
                // No pending list for a search to read whole (migration 0087): every write
                // merges its keys into the index.
                let options: Option<String> = sqlx::query_scalar(
                    "SELECT CAST(reloptions AS TEXT) FROM pg_class WHERE relname = $1",
                )
                .bind(index)
                .fetch_one(&app.app.db)
                .await
                .unwrap();
                assert_eq!(options.as_deref(), Some("{fastupdate=off}"), "{index}");
            }
        }
    }
}

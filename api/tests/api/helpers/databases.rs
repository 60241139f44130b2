//! Test databases: a fresh copy of this process's migrated template for each app, or an empty
//! database for tests of instances that migrate it themselves; SQLite files, or databases on the
//! PostgreSQL server of `TEST_DATABASE_URL`.

use super::random;
use std::{path::PathBuf, time::Duration};

/// A fresh, migrated database URL: a copy of this process's migrated template (see
/// [`template`]), as a new SQLite file or a new database on the PostgreSQL server of
/// `TEST_DATABASE_URL`.
pub async fn fresh_database(tmp: &std::path::Path) -> String {
    match template().await {
        Template::Postgres { admin_url, name } => {
            new_postgres_database(admin_url, Some(name)).await
        }
        Template::Sqlite(file) => {
            std::fs::create_dir_all(tmp).unwrap();
            let copy = tmp.join("test.db");
            std::fs::copy(file, &copy).expect("copying the template database");
            format!("sqlite://{}", copy.display())
        }
    }
}

/// An empty database URL (no table yet): for tests of instances that migrate it themselves.
pub async fn empty_database(tmp: &std::path::Path) -> String {
    match postgres_url() {
        Some(url) => new_postgres_database(&url, None).await,
        None => format!("sqlite://{}/test.db", tmp.display()),
    }
}

fn postgres_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| u.starts_with("postgres"))
}

/// A new database on the server of `admin_url`, copied from `template` (else from PostgreSQL's
/// own empty one).
async fn new_postgres_database(admin_url: &str, template: Option<&str>) -> String {
    feira_api::db::install_drivers();
    let name = format!("feira_test_{}", random(12));
    let admin = sqlx::AnyPool::connect(admin_url)
        .await
        .expect("TEST_DATABASE_URL");
    let from = template
        .map(|t| format!(" TEMPLATE {t}"))
        .unwrap_or_default();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}{from}")))
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
    let mut u = url::Url::parse(admin_url).unwrap();
    u.set_path(&name);
    u.to_string()
}

/// This process's migrated template database, made once: every app of the suite starts from a
/// copy of it (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL) instead of
/// running the migrations again, which was most of a plain test's time on PostgreSQL.
enum Template {
    Sqlite(PathBuf),
    Postgres {
        admin_url: &'static str,
        name: &'static str,
    },
}

async fn template() -> &'static Template {
    static TEMPLATE: tokio::sync::OnceCell<Template> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let timeout = Duration::from_secs(30);
            match postgres_url() {
                Some(admin_url) => {
                    let url = new_postgres_database(&admin_url, None).await;
                    let db = feira_api::db::connect(&url, 1, timeout).await.unwrap();
                    feira_api::db::migrate(&db)
                        .await
                        .expect("migrating the template");
                    // Nobody may be connected to a template while it is copied.
                    db.close().await;
                    let name = url::Url::parse(&url).unwrap().path()[1..].to_owned();
                    Template::Postgres {
                        admin_url: String::leak(admin_url),
                        name: String::leak(name),
                    }
                }
                None => {
                    let dir = std::env::temp_dir().join(format!("feira-template-{}", random(10)));
                    let file = dir.join("template.db");
                    let url = format!("sqlite://{}", file.display());
                    let db = feira_api::db::connect(&url, 1, timeout).await.unwrap();
                    feira_api::db::migrate(&db)
                        .await
                        .expect("migrating the template");
                    // Everything in the one file: its copies need no write-ahead log.
                    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                        .execute(&db)
                        .await
                        .unwrap();
                    db.close().await;
                    Template::Sqlite(file)
                }
            }
        })
        .await
}

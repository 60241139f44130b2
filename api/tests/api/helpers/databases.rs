//! Test databases: a fresh copy of this process's migrated template for each app, or an empty
//! database for tests of instances that migrate it themselves; SQLite files, or databases on the
//! PostgreSQL server of `TEST_DATABASE_URL`.

use super::random;
use sqlx::Connection;
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
    let name = format!("{PREFIX}{}_{}", this_run(admin_url), random(10));
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
                    sweep_ended_runs(&admin_url);
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
                    // Under the build's own temporary directory, which `cargo clean` empties.
                    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
                        .join(format!("feira-template-{}", random(10)));
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

/// Every test database's name starts with this, then the run's number.
const PREFIX: &str = "feira_test_";
/// The first key of the runs' advisory locks (the second is the run's number): "Feir".
const LOCK_CLASS: i32 = 0x4665_6972;

/// This process's run number, its advisory lock taken (once) on a connection of its own that
/// lives as long as the process: the lock goes when the process does, however it ends.
fn this_run(admin_url: &str) -> i32 {
    static RUN: std::sync::OnceLock<i32> = std::sync::OnceLock::new();
    *RUN.get_or_init(|| {
        feira_api::db::install_drivers();
        let run = rand::random_range(1..i32::MAX);
        let url = admin_url.to_owned();
        let (locked, wait) = std::sync::mpsc::channel();
        on_own_thread(async move {
            let mut holder = sqlx::AnyConnection::connect(&url)
                .await
                .expect("TEST_DATABASE_URL");
            sqlx::query("SELECT pg_advisory_lock($1, $2)")
                .bind(LOCK_CLASS)
                .bind(run)
                .execute(&mut holder)
                .await
                .unwrap();
            locked.send(()).unwrap();
            std::future::pending::<()>().await;
        });
        wait.recv().expect("taking the run's lock");
        run
    })
}

/// Drops, on a thread of its own while the tests go on, the test databases of the runs that
/// ended (their lock is free), and those named before runs had numbers.
fn sweep_ended_runs(admin_url: &str) {
    let ours = this_run(admin_url);
    let url = admin_url.to_owned();
    on_own_thread(async move {
        let swept = async {
            let mut admin = sqlx::AnyConnection::connect(&url).await?;
            let names: Vec<(String,)> = sqlx::query_as(
                "SELECT datname::text FROM pg_database WHERE datname LIKE 'feira\\_test\\_%'",
            )
            .fetch_all(&mut admin)
            .await?;
            let mut by_run = std::collections::BTreeMap::<Option<i32>, Vec<String>>::new();
            for (name,) in names {
                by_run.entry(run_of(&name)).or_default().push(name);
            }
            for (run, names) in by_run {
                if run == Some(ours) {
                    continue;
                }
                if let Some(run) = run {
                    let (ended,): (bool,) = sqlx::query_as("SELECT pg_try_advisory_lock($1, $2)")
                        .bind(LOCK_CLASS)
                        .bind(run)
                        .fetch_one(&mut admin)
                        .await?;
                    if !ended {
                        continue;
                    }
                }
                for name in names {
                    sqlx::query(sqlx::AssertSqlSafe(format!(
                        "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                    )))
                    .execute(&mut admin)
                    .await?;
                }
            }
            admin.close().await
        };
        if let Err(e) = swept.await {
            // Straight to stderr: the test harness captures `eprintln!` in threads it started.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "dropping the databases of ended test runs: {e}"
            );
        }
    });
}

/// Runs `work` on a thread and a runtime of its own: a test's runtime ends with its test, and
/// these outlive it.
fn on_own_thread(work: impl std::future::Future<Output = ()> + Send + 'static) {
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(work)
    });
}

/// The run a test database belongs to: `None` for names from before runs had numbers.
fn run_of(name: &str) -> Option<i32> {
    let (run, _) = name.strip_prefix(PREFIX)?.split_once('_')?;
    run.parse().ok()
}

#[test]
fn a_database_name_gives_its_run() {
    assert_eq!(run_of("feira_test_1234_ab0cd9"), Some(1234));
    assert_eq!(run_of("feira_test_9kq2ms0a1b2c"), None);
    assert_eq!(run_of("feira_test_x1_ab"), None);
    assert_eq!(run_of("postgres"), None);
}

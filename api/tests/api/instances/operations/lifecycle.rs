//! One instance's life as an operator sees it: graceful shutdown (event streams closed, a
//! request in flight finished), `feira-api backup` of a live SQLite database, `/readyz`, and a
//! production start refused with development settings.

use super::*;
use crate::instances::{BIN, scratch};

#[tokio::test]
async fn sigterm_closes_event_streams_and_stops_cleanly() {
    let shared = Shared::new().await;
    let app = shared.start("s", &[("SEED_DEMO", "true".into())]).await;
    let supplier = app.login(&shared.issuer, SUPPLIER).await;
    let (_, t) = app
        .rpc(Some(&supplier), json!({"codigo": "pegar_ticket_eventos"}))
        .await;
    let url = format!(
        "{}/api/fornecedor/eventos?ticket={}",
        app.address,
        t["ticket"].as_str().unwrap()
    );
    let mut stream = app.http.get(url).send().await.unwrap();
    let mut buf = String::new();
    crate::supplier::live::next_event(&mut stream, &mut buf, "pendentes").await;
    let address = app.address.clone();
    let status = app.terminate(Duration::from_secs(15)).await;
    assert!(status.success(), "{status:?}");
    crate::supplier::live::ends_within(&mut stream, Duration::from_secs(1)).await;
    // Nothing listens any more.
    assert!(reqwest::get(format!("{address}/healthz")).await.is_err());
}

#[tokio::test]
async fn sigterm_lets_a_request_in_flight_finish() {
    let shared = Shared::new().await;
    let app = shared.start("f", &[]).await;
    // A request whose body arrives in two parts, the signal falling between them.
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<&'static str, std::io::Error>>(2);
    tx.send(Ok(r#"{"codigo":"#)).await.unwrap();
    let body = reqwest::Body::wrap_stream(tokio_stream_of(rx));
    let request = app
        .http
        .post(format!("{}/api", app.address))
        .header("content-type", "application/json")
        .body(body)
        .send();
    let in_flight = tokio::spawn(request);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pid = app.pid();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    tokio::time::sleep(Duration::from_millis(500)).await;
    tx.send(Ok(r#""iniciar_login"}"#)).await.unwrap();
    drop(tx);
    let res = in_flight.await.unwrap().unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.json::<serde_json::Value>().await.unwrap()["nonce"].is_string());
    let status = app.terminate(Duration::from_secs(15)).await;
    assert!(status.success(), "{status:?}");
}

/// The items of `rx` as a stream (for a request body sent in parts).
fn tokio_stream_of<T: Send + 'static>(
    rx: tokio::sync::mpsc::Receiver<T>,
) -> impl futures::Stream<Item = T> + Send + 'static {
    futures::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|v| (v, rx)) })
}

#[tokio::test]
async fn backup_copies_a_live_sqlite_database() {
    if crate::instances::on_postgres() {
        // PostgreSQL is backed up with pg_dump (docs/deploy.md); the command says so.
        let out = tokio::process::Command::new(BIN)
            .env_clear()
            .env("DATABASE_URL", "postgres://u@127.0.0.1/x")
            .args(["backup", "/tmp/never-written.db"])
            .output()
            .await
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("pg_dump"));
        return;
    }
    let app = crate::fixtures::demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let url = app.app.config.database.url.clone();
    let dest = scratch(&std::env::temp_dir(), "backup.db");
    let run = || {
        tokio::process::Command::new(BIN)
            .env_clear()
            .env("DATABASE_URL", &url)
            .arg("backup")
            .arg(&dest)
            .output()
    };
    // While the service keeps serving.
    let (out, also) = tokio::join!(run(), app.rpc(Some(&buyer), cassava(1, "1")));
    let out = out.unwrap();
    assert_eq!(also.0, 200);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("backup written"));
    feira_api::db::install_drivers();
    let copy = sqlx::AnyPool::connect(&format!("sqlite://{}?mode=ro", dest.display()))
        .await
        .unwrap();
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&copy)
        .await
        .unwrap();
    let orders: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders")
        .fetch_one(&copy)
        .await
        .unwrap();
    assert!(users >= 8, "{users}");
    assert!((1..=2).contains(&orders), "{orders}");
    copy.close().await;
    // Never over an existing file.
    let again = run().await.unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let _ = std::fs::remove_file(&dest);
}

#[tokio::test]
async fn readyz_needs_the_migrations_and_turns_503_when_the_database_is_gone() {
    let app = crate::helpers::spawn_app().await;
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 200);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap(),
        json!({"status": "ok"})
    );

    // A migration this binary knows is missing (an older schema): not ready.
    let newest: i64 = sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    sqlx::query("UPDATE _sqlx_migrations SET success = FALSE WHERE version = $1")
        .bind(newest)
        .execute(&app.app.db)
        .await
        .unwrap();
    let res = app.get("/readyz").await;
    assert_eq!(res.status(), 503);
    assert_eq!(
        res.json::<serde_json::Value>().await.unwrap()["reason"],
        "migrations not applied"
    );
    sqlx::query("UPDATE _sqlx_migrations SET success = TRUE WHERE version = $1")
        .bind(newest)
        .execute(&app.app.db)
        .await
        .unwrap();
    assert_eq!(app.get("/readyz").await.status(), 200);

    // The database goes away.
    if crate::instances::on_postgres() {
        let url = url::Url::parse(&app.app.config.database.url).unwrap();
        let name = url.path().trim_start_matches('/').to_owned();
        let admin = sqlx::AnyPool::connect(&std::env::var("TEST_DATABASE_URL").unwrap())
            .await
            .unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE {name} WITH (FORCE)"
        )))
        .execute(&admin)
        .await
        .unwrap();
    } else {
        app.app.db.close().await;
    }
    let res = app.get("/readyz").await;
    assert_eq!(res.status(), 503);
    assert_eq!(
        res.json::<serde_json::Value>().await.unwrap()["status"],
        "unavailable"
    );
    // Alive all the same: a restart would not help.
    assert_eq!(app.get("/healthz").await.status(), 200);
}

#[tokio::test]
async fn production_refuses_to_start_with_development_settings_naming_each() {
    let out = tokio::process::Command::new(BIN)
        .env_clear()
        .env("APP_ENV", "production")
        .env("OIDC_CLIENT_ID", "feira-local")
        .env("OIDC_ISSUER", "http://127.0.0.1:8091")
        .env("SEED_DEMO", "true")
        .env("METRICS_TOKEN", "a")
        .env("RATE_LIMIT_SIGNIN", "off")
        .env("PIX_PROVIDER", "api-pix")
        .env("PIX_CLIENT_ID", "id")
        .env("PIX_CLIENT_SECRET", "secret")
        .env("PIX_CERT_FILE", "/etc/feira/efi.pem")
        .env("PIX_WEBHOOK_HMAC", "curtoDemais0123456789")
        .output()
        .await
        .unwrap();
    assert!(!out.status.success(), "it started");
    let said = String::from_utf8_lossy(&out.stderr);
    for setting in [
        "OIDC_ISSUER",
        "SEED_DEMO",
        "METRICS_TOKEN",
        "RATE_LIMIT_SIGNIN",
        "PIX_WEBHOOK_HMAC",
    ] {
        assert!(said.contains(setting), "{setting} not named: {said}");
    }
    // The sandbox too, with its own message.
    let out = tokio::process::Command::new(BIN)
        .env_clear()
        .env("APP_ENV", "production")
        .env("OIDC_CLIENT_ID", "feira-local")
        .output()
        .await
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("PIX_PROVIDER=sandbox"));
}

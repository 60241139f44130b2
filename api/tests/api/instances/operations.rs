//! One instance as an operator sees it: `/metrics` (not public), request ids in JSON logs,
//! graceful shutdown, and `feira-api backup`.

use super::{BIN, Shared, scratch};
use crate::fixtures::{BUYER, SUPPLIER, cassava};
use serde_json::json;
use std::time::Duration;

/// The value of the sample `name` (exact, labels included) in a metrics text.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[tokio::test]
async fn metrics_are_private_and_count_an_order() {
    let shared = Shared::new().await;
    let app = shared
        .start(
            "m",
            &[
                ("SEED_DEMO", "true".into()),
                ("METRICS_TOKEN", "segredo-das-metricas".into()),
                // Port 0: the private listener's port is read back from its log line (a port
                // found free and bound later can be taken meanwhile by a test beside it).
                ("METRICS_ADDR", "127.0.0.1:0".into()),
            ],
        )
        .await;
    let with_token = |token: &'static str| {
        app.http
            .get(format!("{}/metrics", app.address))
            .bearer_auth(token)
            .send()
    };
    let scrape = || async {
        let res = with_token("segredo-das-metricas").await.unwrap();
        assert_eq!(res.status(), 200);
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .contains("openmetrics-text")
        );
        res.text().await.unwrap()
    };
    // Not public: no token, a wrong token.
    assert_eq!(app.get("/metrics").await.status(), 401);
    assert_eq!(with_token("outro").await.unwrap().status(), 401);

    let before = scrape().await;
    let orders_before = sample(&before, "feira_orders_placed_total").unwrap();
    let buyer = app.login(&shared.issuer, BUYER).await;
    let (s, _) = app.rpc(Some(&buyer), cassava(1, "2")).await;
    assert_eq!(s, 200);
    let after = scrape().await;
    assert_eq!(
        sample(&after, "feira_orders_placed_total").unwrap(),
        orders_before + 1.0
    );
    assert_eq!(
        sample(&after, r#"feira_pix_charges_total{event="opened"}"#),
        Some(1.0)
    );
    assert!(
        sample(
            &after,
            r#"feira_http_requests_total{action="finalizar_pedido",status="200"}"#
        )
        .unwrap()
            >= 1.0,
        "{after}"
    );
    assert!(after.contains(r#"feira_http_request_duration_seconds_bucket{le="#));
    assert!(after.contains(r#"action="finalizar_pedido""#));
    // An unpaid Pix order is not a delivery yet: the store is e-mailed nothing (decisions.md
    // §27), so the outbox holds nothing new (no relay configured).
    assert_eq!(
        sample(&after, r#"feira_outbox_messages{state="pending"}"#),
        Some(0.0)
    );
    assert!(sample(&after, r#"feira_db_pool_connections{state="max"}"#).unwrap() >= 1.0);

    // An open supplier stream is counted.
    let supplier = app.login(&shared.issuer, SUPPLIER).await;
    let (_, t) = app
        .rpc(Some(&supplier), json!({"codigo": "pegar_ticket_eventos"}))
        .await;
    let url = format!(
        "{}/api/fornecedor/eventos?ticket={}",
        app.address,
        t["ticket"].as_str().unwrap()
    );
    let stream = app.http.get(url).send().await.unwrap();
    assert_eq!(stream.status(), 200);
    assert_eq!(
        sample(&scrape().await, "feira_event_streams_open"),
        Some(1.0)
    );

    // The private listener serves them without a token.
    let private_addr = app
        .json_logs()
        .iter()
        .find_map(|l| {
            let m = l["message"].as_str()?.strip_prefix("metrics on http://")?;
            Some(m.trim_end_matches("/metrics").to_owned())
        })
        .unwrap_or_else(|| panic!("no 'metrics on' line:\n{}", app.dump_logs()));
    let open = app
        .http
        .get(format!("http://{private_addr}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(open.status(), 200);
    assert!(
        open.text()
            .await
            .unwrap()
            .contains("feira_orders_placed_total")
    );
    drop(stream);
}

#[tokio::test]
async fn without_a_metrics_token_there_is_no_metrics_endpoint() {
    let app = crate::helpers::spawn_app().await;
    assert_eq!(app.get("/metrics").await.status(), 404);
}

#[tokio::test]
async fn every_request_has_an_id_in_its_response_and_its_json_log_line() {
    let shared = Shared::new().await;
    let app = shared.start("r", &[]).await;
    let res = app.get("/healthz").await;
    let id = res.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(id.len(), 32, "{id}");
    // A caller's sane id is kept; anything else is replaced.
    let res = app
        .http
        .get(format!("{}/api/nada", app.address))
        .header("x-request-id", "lb-7f3a.2")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["x-request-id"], "lb-7f3a.2");
    let res = app
        .http
        .get(format!("{}/healthz", app.address))
        .header("x-request-id", "a b c")
        .send()
        .await
        .unwrap();
    assert_ne!(res.headers()["x-request-id"], "a b c");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let lines = app.json_logs();
    let line = lines
        .iter()
        .find(|l| l["span"]["request_id"] == "lb-7f3a.2")
        .unwrap_or_else(|| panic!("no log line for the request:\n{}", app.dump_logs()));
    assert_eq!(line["span"]["path"], "/api/nada");
    assert_eq!(line["status"], 404);
    assert!(line["latency"].is_string() || line["latency"].is_number());
    assert!(lines.iter().any(|l| l["span"]["request_id"] == id.as_str()));
}

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
    if super::on_postgres() {
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
    if super::on_postgres() {
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

#[tokio::test]
async fn the_webhooks_hmac_never_reaches_the_logs() {
    const SECRET: &str = "segredoQueNuncaVaiAoLog0123456789";
    let shared = Shared::new().await;
    let app = shared
        .start("w", &[("PIX_WEBHOOK_HMAC", SECRET.to_owned())])
        .await;
    for query in [format!("?hmac={SECRET}"), format!("?hmac={SECRET}x")] {
        let res = app
            .http
            .post(format!("{}/webhooks/pix{query}", app.address))
            .json(&json!({"pix": []}))
            .send()
            .await
            .unwrap();
        assert!(matches!(res.status().as_u16(), 200 | 401));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let logs = app.dump_logs();
    assert!(
        logs.contains("/webhooks/pix"),
        "the path is logged:\n{logs}"
    );
    assert!(
        !logs.contains("segredoQueNunca"),
        "the secret was logged:\n{logs}"
    );
}

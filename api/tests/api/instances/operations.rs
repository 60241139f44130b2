//! One instance as an operator sees it: `/metrics` (not public), request ids in JSON logs, no
//! secret in them; its life (start, readiness, shutdown, backup) is in `lifecycle`.

use super::Shared;
use crate::fixtures::{BUYER, SUPPLIER, cassava};
use serde_json::json;
use std::time::Duration;

mod lifecycle;

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

//! New orders reach the supplier's panel live (server-sent events) through a single-use ticket,
//! never a session token in the URL, and the stream follows its session: it ends at sign-out
//! and sends nothing once the session is no longer live.

use super::call;
use crate::{
    fixtures::{BUYER, SUPPLIER, cassava, demo_app},
    helpers::TestApp,
};
use serde_json::{Value, json};
use std::time::Duration;

/// Reads server-sent events from `res` until one named `name` arrives; returns its data.
pub async fn next_event(res: &mut reqwest::Response, buf: &mut String, name: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let event = block.lines().find_map(|l| l.strip_prefix("event: "));
            let data = block.lines().find_map(|l| l.strip_prefix("data: "));
            if event == Some(name) {
                return serde_json::from_str(data.unwrap()).unwrap();
            }
        }
        let chunk = tokio::time::timeout_at(deadline, res.chunk())
            .await
            .expect("event in time")
            .unwrap()
            .expect("stream open");
        buf.push_str(&String::from_utf8_lossy(&chunk));
    }
}

/// Waits until the stream `res` ends (the server closed it); fails after `within`.
pub async fn ends_within(res: &mut reqwest::Response, within: Duration) {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, res.chunk()).await {
            Err(_) => panic!("the stream is still open after {within:?}"),
            Ok(Ok(None) | Err(_)) => return,
            Ok(Ok(Some(chunk))) => {
                let text = String::from_utf8_lossy(&chunk);
                assert!(
                    !text.contains("novo_pedido"),
                    "sent after its session ended: {text}"
                );
            }
        }
    }
}

/// A ticket from `pegar_ticket_eventos` for `token`.
pub async fn ticket(app: &TestApp, token: &str) -> String {
    let (s, body) = call(app, token, "pegar_ticket_eventos", json!({})).await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["validade_segundos"], 60);
    body["ticket"].as_str().unwrap().to_owned()
}

fn events_url(app: &TestApp, ticket: &str) -> String {
    format!("{}/api/fornecedor/eventos?ticket={ticket}", app.address)
}

/// Opens the event stream of the supplier signed in with `token`, past its first count.
pub async fn open_stream(app: &TestApp, token: &str) -> (reqwest::Response, String) {
    let t = ticket(app, token).await;
    let mut res = app.http.get(events_url(app, &t)).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let mut buf = String::new();
    next_event(&mut res, &mut buf, "pendentes").await;
    (res, buf)
}

#[tokio::test]
async fn a_new_order_reaches_the_supplier_at_once_and_is_recorded_for_e_mail() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let get = |url: String| app.http.get(url).send();
    // A session token in the URL is not accepted any more; nor a made-up ticket.
    let old = format!("{}/api/fornecedor/eventos?token={token}", app.address);
    assert_eq!(get(old).await.unwrap().status(), 401);
    assert_eq!(get(events_url(&app, "nope")).await.unwrap().status(), 401);
    let (buyer, _) = app.login(BUYER).await;
    let (s, body) = call(&app, &buyer, "pegar_ticket_eventos", json!({})).await;
    assert_eq!(
        (s, body["error"].as_str()),
        (404, Some("Fornecedor não encontrado."))
    );
    let (s, _) = app
        .rpc(None, json!({"codigo": "pegar_ticket_eventos"}))
        .await;
    assert_eq!(s, 401);

    let t = ticket(&app, &token).await;
    let mut res = get(events_url(&app, &t)).await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    // A ticket opens one stream only.
    assert_eq!(get(events_url(&app, &t)).await.unwrap().status(), 401);
    let mut buf = String::new();
    assert_eq!(
        next_event(&mut res, &mut buf, "pendentes").await,
        json!({"pendentes": 0})
    );
    let (s, order) = app.rpc(Some(&buyer), cassava(2, "1")).await;
    assert_eq!(s, 200, "{order}");
    let ev = next_event(&mut res, &mut buf, "novo_pedido").await;
    assert_eq!(ev["idpedido"], order["all"]["id"]);
    assert_eq!(ev["pendentes"], 1);
    assert_eq!(ev["total_pago"], 16.0);

    // Confirming it updates the live count.
    call(
        &app,
        &token,
        "confirmar_entrega",
        json!({"item": order["all"]["id"]}),
    )
    .await;
    assert_eq!(
        next_event(&mut res, &mut buf, "pendentes").await,
        json!({"pendentes": 0})
    );

    // A buyer's cancellation too.
    let (_, again) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(
        next_event(&mut res, &mut buf, "novo_pedido").await["pendentes"],
        1
    );
    let (s, _) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "cancelar_pedido", "item": again["all"]["id"]}),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(
        next_event(&mut res, &mut buf, "pendentes").await,
        json!({"pendentes": 0})
    );

    let subjects: Vec<(String, String)> = sqlx::query_as(
        "SELECT destinatario, assunto FROM email_outbox WHERE assunto LIKE 'Novo pedido%'",
    )
    .fetch_all(&app.app.db)
    .await
    .unwrap();
    assert_eq!(subjects.len(), 2, "one per new order");
    assert!(subjects.iter().all(|(to, _)| to == SUPPLIER));
    let sent: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE enviado_em IS NOT NULL")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(sent, 0, "no relay configured: recorded only");
}

#[tokio::test]
async fn signing_out_closes_the_stream() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (mut res, _) = open_stream(&app, &token).await;
    let (s, _) = call(&app, &token, "logout_site", json!({})).await;
    assert_eq!(s, 200);
    ends_within(&mut res, Duration::from_secs(5)).await;
    // The revoked session gets no new ticket either.
    let (s, _) = call(&app, &token, "pegar_ticket_eventos", json!({})).await;
    assert_eq!(s, 401);
}

#[tokio::test]
async fn a_session_revoked_elsewhere_gets_no_more_events() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (mut res, _) = open_stream(&app, &token).await;
    // Revoked without any event (as another instance on SQLite or an admin would): the next
    // event finds the session gone and ends the stream instead of sending it.
    sqlx::query("UPDATE sessions SET revogado_em = 1")
        .execute(&app.app.db)
        .await
        .unwrap();
    let (buyer, _) = app.login(BUYER).await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    ends_within(&mut res, Duration::from_secs(5)).await;
}

#[tokio::test]
async fn an_unused_ticket_lapses_and_so_does_a_ticket_of_a_signed_out_session() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let stale = ticket(&app, &token).await;
    sqlx::query("UPDATE event_tickets SET expira_em = criado_em")
        .execute(&app.app.db)
        .await
        .unwrap();
    let status = |t: String| {
        let url = events_url(&app, &t);
        let http = app.http.clone();
        async move { http.get(url).send().await.unwrap().status() }
    };
    assert_eq!(status(stale).await, 401);
    let fresh = ticket(&app, &token).await;
    call(&app, &token, "logout_site", json!({})).await;
    assert_eq!(status(fresh).await, 401);
}

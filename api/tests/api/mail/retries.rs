//! Failed sends: retried with a growing delay, then kept as failed with their reason; a refusal
//! for good (a wrong password: 535) is not retried.

use super::{PASSWORD, SmtpServer, Tls, USER, app_with_smtp, outbox_until};
use crate::fixtures::{BUYER, cassava};
use std::time::Duration;

#[tokio::test]
async fn a_server_that_is_down_is_retried_then_the_message_is_kept_as_failed() {
    // A port nobody listens on (bound, then closed).
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let app = app_with_smtp(&format!("smtps://127.0.0.1:{port}"), 3).await;
    let (buyer, _) = app.login(BUYER).await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);

    // First try failed: kept pending, with its reason and a next try planned (the store's
    // 'Novo pedido' and the buyer's 'Pedido recebido').
    let rows = outbox_until(&app, |r| r.len() == 2 && r.iter().all(|m| m.5 >= 1)).await;
    assert_eq!(rows[0].3, None);
    let next: Option<i64> = sqlx::query_scalar("SELECT proxima_tentativa_em FROM email_outbox")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert!(next.is_some());

    // 1 s, then 2 s later: the third failure gives up, keeping the reason.
    let rows = outbox_until(&app, |r| r.iter().all(|m| m.4.is_some())).await;
    let (_, _, _, sent, failed, tries, erro) = &rows[0];
    assert_eq!((*sent, failed.is_some(), *tries), (None, true, 3));
    let erro = erro.as_deref().unwrap().to_lowercase();
    assert!(
        erro.contains("connect") || erro.contains("refused"),
        "{erro}"
    );
    // Given up for good: no further tries.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(super::outbox(&app).await.iter().all(|m| m.5 == 3));
}

#[tokio::test]
async fn a_wrong_password_is_a_permanent_failure_at_once() {
    let mut smtp = SmtpServer::start(Tls::Starttls, true).await;
    let wrong = format!("smtp://{USER}:errada@localhost:{}", smtp.port);
    assert_ne!(PASSWORD, "errada");
    let app = app_with_smtp(&wrong, 5).await;
    let (buyer, _) = app.login(BUYER).await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let rows = outbox_until(&app, |r| r.len() == 2 && r.iter().all(|m| m.4.is_some())).await;
    assert!(rows.iter().all(|m| m.5 == 1), "not retried");
    let erro = rows[0].6.as_deref().unwrap();
    assert!(
        erro.contains("535") || erro.to_lowercase().contains("auth"),
        "{erro}"
    );
    smtp.none_within(Duration::from_millis(300)).await;
}

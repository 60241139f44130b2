//! The e-mail per new order through `SMTP_URL`. The relay is a fake at the edge of the test
//! (stated plainly): a loopback TCP server speaking just enough SMTP to accept one message and
//! hand its envelope and data back to the test.

use crate::{
    helpers::spawn_app_with,
    orders::{BUYER, SUPPLIER, cassava},
};
use base64::{Engine, engine::general_purpose::STANDARD};
use std::time::Duration;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
    sync::oneshot,
};

/// Accepts one SMTP conversation; sends back everything the client wrote.
async fn fake_relay() -> (u16, oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = oneshot::channel();
    tokio::spawn(async move {
        let (stream, _) = listener.accept().await.unwrap();
        let (read, mut write) = stream.into_split();
        let mut read = BufReader::new(read);
        let mut seen = String::new();
        write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
        let mut in_data = false;
        loop {
            let mut line = String::new();
            if read.read_line(&mut line).await.unwrap() == 0 {
                break;
            }
            seen.push_str(&line);
            let reply: &[u8] = if in_data {
                if line == ".\r\n" {
                    in_data = false;
                    b"250 queued\r\n"
                } else {
                    continue;
                }
            } else if line.starts_with("EHLO") {
                b"250-fake\r\n250 8BITMIME\r\n"
            } else if line.starts_with("DATA") {
                in_data = true;
                b"354 go on\r\n"
            } else if line.starts_with("QUIT") {
                write.write_all(b"221 bye\r\n").await.unwrap();
                break;
            } else {
                b"250 ok\r\n"
            };
            write.write_all(reply).await.unwrap();
        }
        let _ = tx.send(seen);
    });
    (port, rx)
}

#[tokio::test]
async fn with_smtp_configured_each_new_order_is_mailed_to_the_supplier() {
    let (port, conversation) = fake_relay().await;
    let app = spawn_app_with(|c| {
        c.seed_demo = true;
        c.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        c.smtp_from = "loja@feira.test".into();
    })
    .await;
    let (buyer, _) = app.login(BUYER).await;
    let (s, order) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 200, "{order}");
    let seen = tokio::time::timeout(Duration::from_secs(20), conversation)
        .await
        .expect("the relay was called")
        .unwrap();
    assert!(seen.contains("MAIL FROM:<loja@feira.test>"), "{seen}");
    assert!(seen.contains(&format!("RCPT TO:<{SUPPLIER}>")), "{seen}");
    // ASCII subjects as they are, others in RFC 2047 (unit-tested in api/src/mail.rs).
    assert!(
        seen.contains("Subject: Novo pedido de ") || seen.contains("Subject: =?UTF-8?B?"),
        "{seen}"
    );
    let body_b64: String = seen
        .split("\r\n\r\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| *l != ".")
        .collect();
    let body = String::from_utf8(STANDARD.decode(body_b64).unwrap()).unwrap();
    assert!(body.contains("8,00") && body.contains("Entregas"), "{body}");

    // The outbox row is marked sent.
    let mut sent: Option<i64> = None;
    for _ in 0..50 {
        sent = sqlx::query_scalar("SELECT enviado_em FROM email_outbox")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
        if sent.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(sent.is_some());
}

#[tokio::test]
async fn an_unreachable_relay_keeps_the_message_with_its_error() {
    // A port nobody listens on (bound, then closed).
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let app = spawn_app_with(|c| {
        c.seed_demo = true;
        c.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    let (buyer, _) = app.login(BUYER).await;
    let (s, _) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 200);
    let mut row: (Option<i64>, Option<String>) = (None, None);
    for _ in 0..100 {
        row = sqlx::query_as("SELECT enviado_em, erro FROM email_outbox")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
        if row.1.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(row.0, None);
    assert!(row.1.unwrap().contains("connecting"));
}

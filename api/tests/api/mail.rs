//! E-mail over TLS against a real SMTP server started here: npm
//! `smtp-server` (devservices/smtp.mjs) on a free loopback port, with STARTTLS, implicit TLS or
//! plain text only, AUTH required when a login is given, and every accepted message read back
//! with npm `mailparser`. Its certificate is `fixtures/smtp-server.pem`, signed by the test CA
//! `fixtures/smtp-ca.pem` that the API is told to trust (`SMTP_CA_FILE`); both were made once
//! with `openssl` (CN localhost, SAN localhost and 127.0.0.1, valid for a hundred years).

mod buyer;
mod retries;

use crate::{
    fixtures::{BUYER, SUPPLIER, cassava},
    helpers::{TestApp, devservice, spawn_app_with},
};
use feira_api::config::Relay;
use serde_json::Value;
use std::{path::PathBuf, time::Duration};
use tokio::{process::Child, sync::mpsc};
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
pub const USER: &str = "feira";
pub const PASSWORD: &str = "s3nha forte";

/// How the test server protects its connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tls {
    Starttls,
    Implicit,
    /// Plain text only: neither STARTTLS nor AUTH offered.
    Plain,
}

/// A running SMTP server and the messages it accepted.
pub struct SmtpServer {
    pub port: u16,
    messages: mpsc::UnboundedReceiver<Value>,
    _child: Child,
}

impl SmtpServer {
    /// Starts devservices/smtp.mjs; with `login`, AUTH as `USER`/`PASSWORD` is required.
    pub async fn start(tls: Tls, login: bool) -> Self {
        let mode = match tls {
            Tls::Starttls => "starttls",
            Tls::Implicit => "implicit",
            Tls::Plain => "none",
        };
        let mut env = vec![
            ("SMTP_PORT", "0".to_owned()),
            ("SMTP_TLS", mode.to_owned()),
            ("SMTP_CERT", format!("{FIXTURES}/smtp-server.pem")),
            ("SMTP_KEY", format!("{FIXTURES}/smtp-server-key.pem")),
        ];
        if login {
            env.push(("SMTP_USER", USER.to_owned()));
            env.push(("SMTP_PASS", PASSWORD.to_owned()));
        }
        let (child, addr, mut lines) = devservice("smtp.mjs", &env, "smtp: listening on ").await;
        let port = addr.rsplit(':').next().unwrap().parse().unwrap();
        let (tx, messages) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(json) = line.strip_prefix("smtp: message ") {
                    let _ = tx.send(serde_json::from_str::<Value>(json).unwrap());
                }
            }
        });
        Self {
            port,
            messages,
            _child: child,
        }
    }

    /// The next accepted message (within 20 s).
    pub async fn next(&mut self) -> Value {
        tokio::time::timeout(Duration::from_secs(20), self.messages.recv())
            .await
            .expect("a message in time")
            .expect("the server runs")
    }

    /// Asserts no message arrives within `wait`.
    pub async fn none_within(&mut self, wait: Duration) {
        if let Ok(Some(m)) = tokio::time::timeout(wait, self.messages.recv()).await {
            panic!("unexpected message {m}");
        }
    }
}

/// The app with the demo data, sending through `url` (trusting the test CA); jobs every second,
/// quick retries.
pub async fn app_with_smtp(url: &str, max_attempts: u32) -> TestApp {
    let relay = Relay::parse(url).unwrap();
    spawn_app_with(move |c| {
        c.seed_demo = true;
        c.mail.relay = Some(relay);
        c.mail.from = "loja@feira.test".into();
        c.mail.ca_file = Some(PathBuf::from(format!("{FIXTURES}/smtp-ca.pem")));
        c.mail.timeout = Duration::from_secs(5);
        c.mail.max_attempts = max_attempts;
        c.mail.first_retry = Duration::from_secs(1);
        c.ops.jobs_every = Some(Duration::from_secs(1));
    })
    .await
}

/// The outbox rows: (id, to, subject, sent, failed, tries, error), oldest first.
pub type Row = (
    String,
    String,
    String,
    Option<i64>,
    Option<i64>,
    i64,
    Option<String>,
);

pub async fn outbox(app: &TestApp) -> Vec<Row> {
    sqlx::query_as(
        "SELECT id, destinatario, assunto, enviado_em, falhou_em, tentativas, erro \
         FROM email_outbox ORDER BY criado_em, id",
    )
    .fetch_all(&app.app.db)
    .await
    .unwrap()
}

/// Polls the outbox until `done` holds for its rows (40 s at most: sends and retries are timers,
/// which a loaded machine slows).
pub async fn outbox_until(app: &TestApp, done: impl Fn(&[Row]) -> bool) -> Vec<Row> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
    while tokio::time::Instant::now() < deadline {
        let rows = outbox(app).await;
        if done(&rows) {
            return rows;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("outbox never reached the state: {:?}", outbox(app).await);
}

#[tokio::test]
async fn over_starttls_with_auth_the_supplier_gets_each_new_order_in_portuguese() {
    let mut smtp = SmtpServer::start(Tls::Starttls, true).await;
    let url = format!("smtp://{USER}:s3nha%20forte@localhost:{}", smtp.port);
    let app = app_with_smtp(&url, 8).await;
    let (buyer, _) = app.login(BUYER).await;
    let (s, order) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 200, "{order}");

    // The store's 'Novo pedido' and the buyer's 'Pedido recebido', queued with the order.
    let (a, b) = (smtp.next().await, smtp.next().await);
    let (m, receipt) = if a["to"] == serde_json::json!([SUPPLIER]) {
        (a, b)
    } else {
        (b, a)
    };
    assert_eq!(receipt["to"], serde_json::json!([BUYER]));
    assert_eq!(receipt["subject"], "Pedido recebido: Sítio Boa Vista");
    let receipt = receipt["text"].as_str().unwrap();
    for part in [
        "1 × mandioca descascada 1 kg — R$ 8,00",
        "Retirada na loja",
        "a pagar na retirada",
    ] {
        assert!(receipt.contains(part), "{part} in {receipt}");
    }
    assert_eq!(m["from"], "loja@feira.test");
    assert_eq!(m["to"], serde_json::json!([SUPPLIER]));
    assert_eq!(m["secure"], true, "STARTTLS was used");
    assert_eq!(m["user"], USER, "AUTH was used");
    let subject = m["subject"].as_str().unwrap();
    assert!(subject.starts_with("Novo pedido de "), "{subject}");
    let text = m["text"].as_str().unwrap();
    assert!(text.contains("Você recebeu um novo pedido"), "{text}");
    assert!(text.contains("8,00") && text.contains("Entregas"), "{text}");

    // Recorded as sent, once, under the Message-ID of its row.
    let rows = outbox_until(&app, |r| r.len() == 2 && r.iter().all(|m| m.3.is_some())).await;
    let row = rows.iter().find(|r| r.1 == SUPPLIER).unwrap();
    assert_eq!(m["messageId"], format!("<{}@feira>", row.0));
    assert_eq!((row.5, row.6.as_deref()), (1, None));
    smtp.none_within(Duration::from_secs(2)).await;
}

#[tokio::test]
async fn over_implicit_tls_too() {
    let mut smtp = SmtpServer::start(Tls::Implicit, true).await;
    let url = format!("smtps://{USER}:s3nha%20forte@127.0.0.1:{}", smtp.port);
    let app = app_with_smtp(&url, 8).await;
    let (buyer, _) = app.login(BUYER).await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let mut to = Vec::new();
    for _ in 0..2 {
        let m = smtp.next().await;
        assert_eq!(m["secure"], true);
        to.push(m["to"][0].as_str().unwrap().to_owned());
    }
    to.sort();
    assert_eq!(to, [BUYER, SUPPLIER]);
}

#[tokio::test]
async fn a_plain_text_only_server_is_refused_when_tls_is_required() {
    let mut smtp = SmtpServer::start(Tls::Plain, false).await;
    // smtp:// means STARTTLS, required.
    let app = app_with_smtp(&format!("smtp://127.0.0.1:{}", smtp.port), 2).await;
    let (buyer, _) = app.login(BUYER).await;
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let rows = outbox_until(&app, |r| r.len() == 2 && r.iter().all(|m| m.4.is_some())).await;
    let (_, _, _, sent, _, tries, erro) = &rows[0];
    assert_eq!((*sent, *tries), (None, 2));
    let erro = erro.as_deref().unwrap();
    assert!(
        erro.to_lowercase().contains("starttls") || erro.contains("TLS"),
        "{erro}"
    );
    smtp.none_within(Duration::from_millis(500)).await;
}

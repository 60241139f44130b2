//! Two API processes on one PostgreSQL database, as behind a load balancer.

use super::{Instance, Shared, on_postgres};
use crate::{
    fixtures::{BUYER, SUPPLIER, cassava},
    mail::{SmtpServer, Tls},
    supplier::live::{ends_within, next_event},
};
use serde_json::json;
use std::{
    collections::HashSet,
    time::{Duration, Instant},
};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// A and B started together, both asked to load the demo data (one does, the other finds it
/// loaded: issue 27); both running every job each second. One buyer places more open orders
/// here than the per-store bound allows (`MAX_OPEN_ORDERS`, tested on its own), so the bound is
/// off.
async fn two(shared: &Shared, extra: &[(&str, String)]) -> (Instance, Instance) {
    let mut env = vec![
        ("JOBS_EVERY_SECONDS", "1".to_owned()),
        ("MAX_OPEN_ORDERS", "off".to_owned()),
        ("SEED_DEMO", "true".to_owned()),
    ];
    env.extend(extra.iter().cloned());
    tokio::join!(shared.start("a", &env), shared.start("b", &env))
}

#[tokio::test]
async fn an_order_placed_on_one_instance_reaches_a_stream_open_on_the_other() {
    if !on_postgres() {
        return;
    }
    let shared = Shared::new().await;
    let (a, b) = two(&shared, &[]).await;
    let supplier = a.login(&shared.issuer, SUPPLIER).await;
    // The ticket is asked on A and redeemed on B: tickets live in the database.
    let (s, t) = a
        .rpc(Some(&supplier), json!({"codigo": "pegar_ticket_eventos"}))
        .await;
    assert_eq!(s, 200, "{t}");
    let url = format!(
        "{}/api/fornecedor/eventos?ticket={}",
        b.address,
        t["ticket"].as_str().unwrap()
    );
    let mut stream = b.http.get(url).send().await.unwrap();
    assert_eq!(stream.status(), 200);
    let mut buf = String::new();
    assert_eq!(
        next_event(&mut stream, &mut buf, "pendentes").await,
        json!({"pendentes": 0})
    );

    let buyer = a.login(&shared.issuer, BUYER).await;
    let (s, order) = a.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 200, "{order}");
    let placed = Instant::now();
    let ev = next_event(&mut stream, &mut buf, "novo_pedido").await;
    let took = placed.elapsed();
    assert_eq!(ev["idpedido"], order["all"]["id"]);
    assert_eq!(ev["pendentes"], 1);
    assert!(took < Duration::from_secs(1), "reached B after {took:?}");

    // Signing out on A closes the stream on B at once.
    let (s, _) = a
        .rpc(Some(&supplier), json!({"codigo": "logout_site"}))
        .await;
    assert_eq!(s, 200);
    ends_within(&mut stream, Duration::from_secs(3)).await;
}

#[tokio::test]
async fn each_expired_charge_is_expired_once_although_both_instances_run_the_job() {
    if !on_postgres() {
        return;
    }
    let shared = Shared::new().await;
    let (a, b) = two(&shared, &[]).await;
    let db = shared.db().await;
    let stock = || async {
        sqlx::query_scalar::<_, i64>("SELECT estoque FROM products WHERE id = 'demo-p04'")
            .fetch_one(&db)
            .await
            .unwrap()
    };
    let before = stock().await;
    const N: usize = 6;
    let buyer = a.login(&shared.issuer, BUYER).await;
    for i in 0..N {
        let on = if i % 2 == 0 { &a } else { &b };
        let (s, o) = on.rpc(Some(&buyer), cassava(1, "2")).await;
        assert_eq!(s, 200, "{o}");
    }
    assert_eq!(stock().await, before - N as i64);
    // Every charge past its time at once: both instances' expiry jobs race for them.
    sqlx::query("UPDATE pix_charges SET expira_em = criado_em - 1")
        .execute(&db)
        .await
        .unwrap();
    let mut expired = 0;
    for _ in 0..150 {
        expired = sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM pix_charges WHERE status = 'expirado'",
        )
        .fetch_one(&db)
        .await
        .unwrap();
        if expired == N as i64 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(expired, N as i64);
    tokio::time::sleep(Duration::from_secs(2)).await;
    // Each order's stock came back exactly once.
    assert_eq!(stock().await, before);
    let cancelled: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM orders WHERE situacao = '00' AND status_pix = '0'",
    )
    .fetch_one(&db)
    .await
    .unwrap();
    assert_eq!(cancelled, N as i64);
    // Each expiry happened once, on one instance or the other.
    let logged = a.count_logged("pix charge expired") + b.count_logged("pix charge expired");
    assert_eq!(logged, N, "A:\n{}\nB:\n{}", a.dump_logs(), b.dump_logs());
    // And each buyer notice was recorded once.
    let notices: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM email_outbox WHERE assunto = 'Pedido cancelado: o Pix não foi pago a tempo'",
    )
    .fetch_one(&db)
    .await
    .unwrap();
    assert_eq!(notices, N as i64);
}

#[tokio::test]
async fn the_outbox_sends_each_message_once_with_two_instances() {
    if !on_postgres() {
        return;
    }
    let mut smtp = SmtpServer::start(Tls::Starttls, true).await;
    let shared = Shared::new().await;
    let smtp_env = [
        (
            "SMTP_URL",
            format!("smtp://feira:s3nha%20forte@localhost:{}", smtp.port),
        ),
        ("SMTP_CA_FILE", format!("{FIXTURES}/smtp-ca.pem")),
        ("SMTP_FROM", "loja@feira.test".to_owned()),
    ];
    let (a, b) = two(&shared, &smtp_env).await;
    let db = shared.db().await;
    // A backlog both sweeps race for, plus new orders on each instance.
    for i in 0..24 {
        feira_api::mail::enqueue(&db, "fila@feira.test", &format!("Mensagem {i}"), "Olá!")
            .await
            .unwrap();
    }
    let buyer = a.login(&shared.issuer, BUYER).await;
    for on in [&a, &b, &a, &b] {
        assert_eq!(on.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    }
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox")
        .fetch_one(&db)
        .await
        .unwrap();
    // The backlog, and each order's 'Novo pedido' and 'Pedido recebido'.
    assert_eq!(total, 32);
    let mut seen = HashSet::new();
    for _ in 0..total {
        let m = smtp.next().await;
        let id = m["messageId"].as_str().unwrap().to_owned();
        assert!(seen.insert(id.clone()), "{id} sent twice");
    }
    smtp.none_within(Duration::from_secs(3)).await;
    let ids: Vec<String> =
        sqlx::query_scalar("SELECT id FROM email_outbox WHERE enviado_em IS NOT NULL")
            .fetch_all(&db)
            .await
            .unwrap();
    assert_eq!(ids.len(), 32);
    let expected: HashSet<String> = ids.iter().map(|id| format!("<{id}@feira>")).collect();
    assert_eq!(seen, expected);
    // Both instances sent some (the work is shared, not duplicated).
    drop((a, b));
}

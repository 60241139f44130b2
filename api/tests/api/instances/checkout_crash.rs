//! A checkout never doubles, even through a crash (issue 26): 50 buyers' checkouts (by Pix,
//! through the local PSP) each carry an `Idempotency-Key`; the instance is killed with SIGKILL
//! while they are being answered; every client retries with its key (the ones answered too, as a
//! client whose answer was lost would) against a new instance on the same database. Then: exactly
//! one order per key (50), every answer for a key names that order, the stock is exact, and every
//! charge the PSP opened either belongs to an order or was removed at the PSP by the expiry job
//! (`pix_openings`), so nobody can pay a charge no order holds. On SQLite and on PostgreSQL.

use super::{Instance, Shared};
use crate::psp::{Psp, spawn_psp};
use serde_json::{Value, json};
use std::{collections::BTreeSet, sync::Arc, time::Duration};

const BUYERS: [&str; 4] = [
    "comprador@feira.test",
    "ana@feira.test",
    "roberto@feira.test",
    "luiz@feira.test",
];
const CHECKOUTS: usize = 50;
const STOCK: i64 = 1_000;

fn checkout() -> Value {
    json!({
        "codigo": "finalizar_pedido", "site": true,
        "sacola": [{"id": "demo-p04", "quantidade": 1}],
        "forn": "demo-joao", "total": 8.0, "desconto": 0, "taxaentregafinal": 0,
        "pagamento": "2", "entrega": false, "infoscupom": null,
    })
}

async fn start(shared: &Shared, psp: &Psp, name: &str) -> Instance {
    let env = [
        ("SEED_DEMO", "true".to_owned()),
        ("MAX_OPEN_ORDERS", "off".to_owned()),
        ("RATE_LIMIT_ORDER", "off".to_owned()),
        ("RATE_LIMIT_SIGNIN", "off".to_owned()),
        ("DATABASE_MAX_CONNECTIONS", "8".to_owned()),
        ("JOBS_EVERY_SECONDS", "1".to_owned()),
        ("PIX_PROVIDER", "api-pix".to_owned()),
        ("PIX_PSP", "generic".to_owned()),
        ("PIX_API_URL", psp.text("/api")),
        ("PIX_TOKEN_URL", psp.text("/token")),
        ("PIX_CLIENT_ID", psp.text("/clientId")),
        ("PIX_CLIENT_SECRET", psp.text("/clientSecret")),
        ("PIX_CERT_FILE", psp.text("/files/clientCert")),
        ("PIX_CERT_KEY_FILE", psp.text("/files/clientKey")),
        ("PIX_CA_FILE", psp.text("/files/ca")),
        ("PIX_KEY", psp.text("/keys/0")),
        // A charge not recorded after 6 × 2 s belongs to a request that died.
        ("PIX_TIMEOUT_SECONDS", "2".to_owned()),
    ];
    shared.start(name, &env).await
}

/// One checkout attempt with its key: `Some(order id)` when answered 200.
async fn attempt(i: &Instance, token: &str, key: &str) -> Result<Option<String>, ()> {
    let res = i
        .http
        .post(format!("{}/api", i.address))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .json(&checkout())
        .send()
        .await
        .map_err(|_| ())?;
    let status = res.status().as_u16();
    let body: Value = res.json().await.map_err(|_| ())?;
    assert!(status == 200 || status >= 500, "{key}: {status} {body}");
    Ok(body["all"]["id"].as_str().map(str::to_owned))
}

async fn count(db: &sqlx::AnyPool, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(db).await.unwrap()
}

#[tokio::test]
async fn checkouts_retried_with_their_keys_through_a_sigkill_are_placed_exactly_once() {
    let psp = spawn_psp(&[]).await;
    let shared = Shared::new().await;
    let a = Arc::new(start(&shared, &psp, "a").await);
    let db = shared.db().await;
    sqlx::query("UPDATE products SET estoque = $1 WHERE id = 'demo-p04'")
        .bind(STOCK)
        .execute(&db)
        .await
        .unwrap();
    let mut tokens = Vec::new();
    for email in BUYERS {
        tokens.push(a.login(&shared.issuer, email).await);
    }
    let key = |n: usize| format!("checkout-crash-{n:02}");

    // Every checkout at once against A; A is killed once a dozen are answered.
    let mut first = Vec::new();
    for n in 0..CHECKOUTS {
        let (a, token, key) = (a.clone(), tokens[n % BUYERS.len()].clone(), key(n));
        first.push(tokio::spawn(async move { attempt(&a, &token, &key).await }));
    }
    for _ in 0..400 {
        let answered = count(&db, "SELECT COUNT(*) FROM orders").await;
        if answered >= 12 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &a.pid().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut answered_first = vec![None; CHECKOUTS];
    for (n, task) in first.into_iter().enumerate() {
        answered_first[n] = task.await.unwrap().ok().flatten();
    }
    let before_restart = count(&db, "SELECT COUNT(*) FROM orders").await;

    // Every client retries with its key against a new instance until it is answered.
    let b = start(&shared, &psp, "b").await;
    let mut ids = Vec::new();
    for n in 0..CHECKOUTS {
        let token = &tokens[n % BUYERS.len()];
        let mut id = None;
        for _ in 0..20 {
            if let Ok(Some(answer)) = attempt(&b, token, &key(n)).await {
                id = Some(answer);
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let id = id.unwrap_or_else(|| panic!("{} never answered", key(n)));
        if let Some(earlier) = &answered_first[n] {
            assert_eq!(
                &id,
                earlier,
                "{}: the retry names the order first answered",
                key(n)
            );
        }
        ids.push(id);
    }
    let distinct: BTreeSet<&String> = ids.iter().collect();
    assert_eq!(distinct.len(), CHECKOUTS, "one order per key");
    let orders = count(&db, "SELECT COUNT(*) FROM orders").await;
    assert_eq!(orders, CHECKOUTS as i64, "exactly one order per checkout");
    let keyed = count(&db, "SELECT COUNT(DISTINCT chave_idempotencia) FROM orders").await;
    assert_eq!(keyed, CHECKOUTS as i64);
    let stock: i64 = count(&db, "SELECT estoque FROM products WHERE id = 'demo-p04'").await;
    assert_eq!(stock, STOCK - CHECKOUTS as i64, "stock exact");

    // Every charge the PSP opened belongs to an order, or is removed there (the expiry job
    // removes what no order holds once it is older than six PSP timeouts).
    let opened: BTreeSet<String> = psp
        .requests("PUT /cob/{txid}")
        .await
        .iter()
        .filter_map(|r| r["path"].as_str().or(r["url"].as_str()).map(str::to_owned))
        .filter_map(|p| p.rsplit('/').next().map(str::to_owned))
        .collect();
    assert!(opened.len() >= CHECKOUTS, "{opened:?}");
    let recorded: BTreeSet<String> =
        sqlx::query_scalar("SELECT c.txid FROM pix_charges c JOIN orders o ON o.id = c.order_id")
            .fetch_all(&db)
            .await
            .unwrap()
            .into_iter()
            .collect();
    assert_eq!(recorded.len(), CHECKOUTS);
    let orphans: Vec<&String> = opened.difference(&recorded).collect();
    let mut removed = BTreeSet::new();
    for _ in 0..300 {
        removed = psp
            .requests("PATCH /cob/{txid}")
            .await
            .iter()
            .filter_map(|r| r["path"].as_str().or(r["url"].as_str()).map(str::to_owned))
            .filter_map(|p| p.rsplit('/').next().map(str::to_owned))
            .collect::<BTreeSet<String>>();
        if orphans.iter().all(|t| removed.contains(*t)) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for t in &orphans {
        assert!(
            removed.contains(*t),
            "charge {t} holds no order and was not removed"
        );
        assert!(!recorded.contains(*t));
    }
    // The janitor forgets an opening right after the PSP confirmed its removal: allow it a moment.
    let mut openings = count(&db, "SELECT COUNT(*) FROM pix_openings").await;
    for _ in 0..100 {
        if openings == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        openings = count(&db, "SELECT COUNT(*) FROM pix_openings").await;
    }
    assert_eq!(openings, 0, "pix openings left behind");
    let report = format!(
        "checkout crash test ({}): {CHECKOUTS} checkouts, {} answered before SIGKILL, {before_restart} \
         stored then; after the retries {orders} orders; {} charges opened at the PSP, {} removed \
         there as orphans",
        if super::on_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        answered_first.iter().flatten().count(),
        opened.len(),
        orphans.len()
    );
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{report}");
    psp.assert_contract().await;
}

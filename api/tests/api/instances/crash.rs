//! Crash safety: buyers place orders (in person and by Pix, two lines each) and pay Pix charges
//! as fast as they can; the process is killed with SIGKILL in the middle; a new process on the
//! same database then finds every invariant whole: stock + sold = initial for every product,
//! every order with all its lines, every acknowledged order stored, every paid charge with its
//! order (paid) and its open item, no open item without its order; and it takes orders again.
//! On SQLite and on PostgreSQL (`TEST_DATABASE_URL`). The counts are printed (docs/security.md).

use super::{Instance, Shared};
use serde_json::{Value, json};
use sqlx::{AnyPool, Row};
use std::{
    collections::HashMap,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration,
};

const BUYERS: [&str; 4] = [
    "comprador@feira.test",
    "ana@feira.test",
    "roberto@feira.test",
    "luiz@feira.test",
];
/// Two products of Sítio Boa Vista with stock: mandioca (R$ 8,00) and alface (R$ 4,50, promo
/// R$ 3,90 from 3; bought 1 at a time here).
const ORDER_STOCK: i64 = 100_000;

fn order(i: usize) -> Value {
    let pagamento = if i.is_multiple_of(2) { "1" } else { "2" };
    json!({
        "codigo": "finalizar_pedido", "site": true,
        "sacola": [{"id": "demo-p04", "quantidade": 1}, {"id": "demo-p01", "quantidade": 1}],
        "forn": "demo-joao", "total": 12.5, "desconto": 0, "taxaentregafinal": 0,
        "pagamento": pagamento, "entrega": false, "infoscupom": null,
    })
}

async fn start(shared: &Shared, name: &str) -> Instance {
    let env = [
        ("SEED_DEMO", "true".to_owned()),
        ("MAX_OPEN_ORDERS", "off".to_owned()),
        ("RATE_LIMIT_ORDER", "off".to_owned()),
        ("RATE_LIMIT_SIGNIN", "off".to_owned()),
        ("DATABASE_MAX_CONNECTIONS", "8".to_owned()),
    ];
    shared.start(name, &env).await
}

/// Stock and sales counter of every product with stock.
async fn stock_of(db: &AnyPool) -> HashMap<String, (i64, i64)> {
    sqlx::query("SELECT id, estoque, vendas FROM products WHERE estoque IS NOT NULL")
        .fetch_all(db)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get("id"), (r.get("estoque"), r.get("vendas"))))
        .collect()
}

async fn count(db: &AnyPool, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(db).await.unwrap()
}

#[tokio::test]
async fn sigkill_mid_orders_leaves_every_invariant_whole() {
    let shared = Shared::new().await;
    let a = Arc::new(start(&shared, "a").await);
    let db = shared.db().await;
    sqlx::query("UPDATE products SET estoque = $1 WHERE id IN ('demo-p04', 'demo-p01')")
        .bind(ORDER_STOCK)
        .execute(&db)
        .await
        .unwrap();
    let initial = stock_of(&db).await;
    let mut tokens = Vec::new();
    for email in BUYERS {
        tokens.push(a.login(&shared.issuer, email).await);
    }

    // Load: each buyer places orders in a loop (two requests in flight each) and pays every
    // other Pix charge; acknowledged orders are remembered.
    let stop = Arc::new(AtomicBool::new(false));
    let attempted = Arc::new(AtomicUsize::new(0));
    let cut = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(std::sync::Mutex::new(HashMap::<String, usize>::new()));
    let acknowledged = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let mut workers = Vec::new();
    for (w, token) in tokens
        .iter()
        .flat_map(|t| [t.clone(), t.clone()])
        .enumerate()
    {
        let (a, stop, attempted, acknowledged, cut, refused) = (
            a.clone(),
            stop.clone(),
            attempted.clone(),
            acknowledged.clone(),
            cut.clone(),
            refused.clone(),
        );
        workers.push(tokio::spawn(async move {
            let mut i = w;
            while !stop.load(Ordering::Relaxed) {
                attempted.fetch_add(1, Ordering::Relaxed);
                let res = a
                    .http
                    .post(format!("{}/api", a.address))
                    .bearer_auth(&token)
                    .json(&order(i))
                    .send()
                    .await;
                let Ok(res) = res else {
                    // The connection died with the process: a request cut mid-flight.
                    cut.fetch_add(1, Ordering::Relaxed);
                    break;
                };
                if res.status() != 200 {
                    let status = res.status().as_u16();
                    let body = res.text().await.unwrap_or_default();
                    *refused
                        .lock()
                        .unwrap()
                        .entry(format!("{status} {body}"))
                        .or_default() += 1;
                } else {
                    let Ok(body) = res.json::<Value>().await else {
                        cut.fetch_add(1, Ordering::Relaxed);
                        break;
                    };
                    if let Some(id) = body["all"]["idpedido"].as_str() {
                        acknowledged.lock().unwrap().push(id.to_owned());
                    }
                    if let Some(txid) = body["all"]["Infos"]["txid"].as_str()
                        && i % 4 == 1
                    {
                        let _ = a
                            .http
                            .post(format!("{}/pix/sandbox/{txid}/pagar", a.address))
                            .send()
                            .await;
                    }
                }
                i += 8;
            }
        }));
    }
    // Kill it mid-flight, once a good number of orders went through.
    for _ in 0..600 {
        if acknowledged.lock().unwrap().len() >= 60 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &a.pid().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.await.unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    let attempted = attempted.load(Ordering::Relaxed);
    let cut = cut.load(Ordering::Relaxed);
    let refused = refused.lock().unwrap().clone();

    // A new process on the same database.
    let b = start(&shared, "b").await;
    let stored = count(&db, "SELECT COUNT(*) FROM orders").await;
    report(&format!(
        "crash test ({}): {attempted} orders sent, {} acknowledged before SIGKILL, {cut} cut \
         mid-flight by the kill, refused {refused:?}; {stored} stored after restart",
        if super::on_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        acknowledged.len(),
    ));
    // Nothing but the kill went wrong: no refusal, no 5xx.
    assert!(refused.is_empty(), "refused under load: {refused:?}");
    assert!(acknowledged.len() >= 10, "too few orders before the kill");
    assert!(stored >= acknowledged.len() as i64);

    // Every acknowledged order is stored.
    for id in &acknowledged {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE id = $1")
            .bind(id)
            .fetch_one(&db)
            .await
            .unwrap();
        assert_eq!(n, 1, "acknowledged order {id} lost");
    }
    // Every order has both its lines.
    let partial = count(
        &db,
        "SELECT COUNT(*) FROM orders o WHERE (SELECT COUNT(*) FROM order_lines l \
         WHERE l.order_id = o.id) <> 2",
    )
    .await;
    assert_eq!(partial, 0, "orders without all their lines");
    // Stock + sold = initial, and the sales counters agree with what was paid or delivered.
    let now = stock_of(&db).await;
    for (id, (stock0, sales0)) in &initial {
        let sold: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(quantidade), 0) AS BIGINT) FROM order_lines WHERE product_id = $1",
        )
        .bind(id)
        .fetch_one(&db)
        .await
        .unwrap();
        // The sales counter counts paid or delivered units only.
        let counted: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(l.quantidade), 0) AS BIGINT) FROM order_lines l \
             JOIN orders o ON o.id = l.order_id WHERE l.product_id = $1 \
             AND (o.status_pix = '2' OR o.situacao = '2')",
        )
        .bind(id)
        .fetch_one(&db)
        .await
        .unwrap();
        let (stock, sales) = now[id];
        assert_eq!(stock + sold, *stock0, "{id}: stock {stock} + sold {sold}");
        assert_eq!(sales - sales0, counted, "{id}: sales counter");
    }
    // Every Pix order has its charge; every paid charge its order, paid, and its open item.
    let without_charge = count(
        &db,
        "SELECT COUNT(*) FROM orders o WHERE o.pagamento = '2' AND NOT EXISTS \
         (SELECT 1 FROM pix_charges c WHERE c.order_id = o.id)",
    )
    .await;
    assert_eq!(without_charge, 0, "Pix orders without a charge");
    let paid = count(
        &db,
        "SELECT COUNT(*) FROM pix_charges WHERE finalidade = 'pedido' AND status = 'pago'",
    )
    .await;
    let paid_whole = count(
        &db,
        "SELECT COUNT(*) FROM pix_charges c JOIN orders o ON o.id = c.order_id \
         JOIN open_items i ON i.order_id = o.id \
         WHERE c.finalidade = 'pedido' AND c.status = 'pago' AND o.status_pix = '2'",
    )
    .await;
    assert_eq!(
        paid, paid_whole,
        "paid charges without their paid order or open item"
    );
    let orphans = count(
        &db,
        "SELECT COUNT(*) FROM open_items i WHERE NOT EXISTS \
         (SELECT 1 FROM orders o WHERE o.id = i.order_id)",
    )
    .await;
    assert_eq!(orphans, 0, "open items without their order");
    report(&format!(
        "crash test: {paid} Pix charges paid before the kill, each whole"
    ));

    // The new process takes orders.
    let token = b.login(&shared.issuer, BUYERS[0]).await;
    let (status, body) = b.rpc(Some(&token), order(0)).await;
    assert_eq!(status, 200, "{body}");
    let paid = pay_pix_at(&b, body["all"]["Infos"]["txid"].as_str()).await;
    assert!(matches!(paid, None | Some(200)), "{paid:?}");
}

/// Prints `line` even when the test harness captures output (`just test` shows the counts):
/// writing to the stderr handle directly is not captured, unlike `eprintln!`.
pub(super) fn report(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Pays `txid` on instance `b` when there is one (an in-person order has none): the status.
async fn pay_pix_at(b: &Instance, txid: Option<&str>) -> Option<u16> {
    let res = b
        .http
        .post(format!("{}/pix/sandbox/{}/pagar", b.address, txid?))
        .send()
        .await
        .unwrap();
    Some(res.status().as_u16())
}

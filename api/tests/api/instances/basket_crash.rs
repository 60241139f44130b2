//! Recurring baskets under a real crash (decisions.md §35): many baskets of one store fall due at
//! once, the API process generating their cycle's orders (its `subscription-cycles` job, as in
//! production) is killed with SIGKILL once the first cycles are recorded, and a new process on
//! the same database finishes the generation: exactly one order per (basket, delivery date),
//! each with all its lines and recorded on its cycle, stock + ordered = initial, and the money
//! invariant of docs/money.md. On SQLite and on PostgreSQL (`TEST_DATABASE_URL`).
//!
//! Setup: one basket is subscribed through `assinar` (checked and priced as a checkout), then
//! copied in SQL into [`BASKETS`] baskets — a fake at the edge of the test, to have enough of
//! them for the kill to fall mid-generation — and all are made due in one statement: their next
//! delivery is today, whose cut-off (18:00 the day before) has passed.

use super::{Instance, Shared};
use crate::fixtures::money::assert_money_adds_up_in;
use crate::fixtures::subscriptions::days_request;
use crate::fixtures::{BUYER, SUPPLIER};
use serde_json::json;
use sqlx::AnyPool;
use std::time::Duration;
use wasm_core::date::Date;

/// How many baskets fall due together: enough that generating them takes seconds, so that the
/// kill lands in the middle.
const BASKETS: i64 = 300;
/// Stock of each of the two products every basket holds one unit of.
const STOCK: i64 = 100_000;

async fn start(shared: &Shared, name: &str) -> Instance {
    let env = [
        ("SEED_DEMO", "true".to_owned()),
        ("MAX_OPEN_ORDERS", "off".to_owned()),
        ("RATE_LIMIT_ORDER", "off".to_owned()),
        ("RATE_LIMIT_SIGNIN", "off".to_owned()),
        // The cycles job (and every other) runs each second instead of each minute.
        ("JOBS_EVERY_SECONDS", "1".to_owned()),
    ];
    shared.start(name, &env).await
}

async fn count(db: &AnyPool, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(db).await.unwrap()
}

async fn exec(db: &AnyPool, sql: &'static str, args: &[&str]) -> u64 {
    let mut q = sqlx::query(sql);
    for a in args {
        q = q.bind(*a);
    }
    q.execute(db).await.unwrap().rows_affected()
}

/// Sítio Boa Vista: pickup every day 08:00–12:00, orders until 18:00 of the day before.
async fn store_with_days(a: &Instance, issuer: &str) {
    let token = a.login(issuer, SUPPLIER).await;
    let (s, b) = a
        .rpc(Some(&token), days_request(1, &["retirada"], json!({})))
        .await;
    assert_eq!(s, 200, "{b}");
}

#[tokio::test]
async fn sigkill_mid_generation_leaves_one_order_per_basket_and_date() {
    let shared = Shared::new().await;
    let a = start(&shared, "a").await;
    let db = shared.db().await;
    store_with_days(&a, &shared.issuer).await;
    exec(
        &db,
        "UPDATE products SET estoque = 100000 WHERE id IN ('demo-p04', 'demo-p01')",
        &[],
    )
    .await;

    // One basket through `assinar`, three days on (its notice is not due yet).
    let today = Date::of_ms(feira_api::db::now_ms()).unwrap();
    let first = today.add_days(3).unwrap();
    let token = a.login(&shared.issuer, BUYER).await;
    let (s, b) = a
        .rpc(
            Some(&token),
            json!({
                "codigo": "assinar", "forn": "demo-joao", "total": 12.5,
                "sacola": [{"id": "demo-p04", "quantidade": 1}, {"id": "demo-p01", "quantidade": 1}],
                "entrega": false, "frequencia": "semanal", "pagamento": "na_entrega",
                "data_entrega": first.iso(), "janela_inicio": "08:00", "janela_fim": "12:00",
            }),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let model = b["id"].as_str().unwrap().to_owned();
    // Copied into BASKETS baskets (setup only: see the module's comment).
    for _ in 1..BASKETS {
        let id = feira_api::db::new_id();
        exec(
            &db,
            "INSERT INTO subscriptions (id, buyer_id, supplier_id, frequencia, tipo_entrega, \
             janela_inicio, janela_fim, data_inicio, proxima_data, pagamento, situacao, \
             cupom_ciclos, ciclos_feitos, criado_em, atualizado_em) \
             SELECT $1, buyer_id, supplier_id, frequencia, tipo_entrega, janela_inicio, \
             janela_fim, data_inicio, proxima_data, pagamento, situacao, cupom_ciclos, \
             ciclos_feitos, criado_em, atualizado_em FROM subscriptions WHERE id = $2",
            &[&id, &model],
        )
        .await;
        exec(
            &db,
            "INSERT INTO subscription_lines (subscription_id, posicao, product_id, opcao, \
             quantidade, observacao) SELECT $1, posicao, product_id, opcao, quantidade, \
             observacao FROM subscription_lines WHERE subscription_id = $2",
            &[&id, &model],
        )
        .await;
    }
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM subscription_lines").await,
        2 * BASKETS
    );
    // All due at once: today's delivery, whose cut-off (yesterday 18:00) has passed.
    let due = exec(
        &db,
        "UPDATE subscriptions SET data_inicio = $1, proxima_data = $1",
        &[&today.iso()],
    )
    .await;
    assert_eq!(due, BASKETS as u64);

    // The job picks them up within a second; kill the process once the first cycles are in.
    let mut waited = 0;
    while count(&db, "SELECT COUNT(*) FROM subscription_cycles").await < 5 {
        tokio::time::sleep(Duration::from_millis(10)).await;
        waited += 1;
        assert!(
            waited < 12_000,
            "no cycle generated in 120 s:\n{}",
            a.dump_logs()
        );
    }
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &a.pid().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // Give the kernel a moment to close its files and sockets before reading what it left.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let cycles_at_kill = count(&db, "SELECT COUNT(*) FROM subscription_cycles").await;
    let orders_at_kill = count(
        &db,
        "SELECT COUNT(*) FROM orders WHERE chave_idempotencia LIKE 'cesta:%'",
    )
    .await;
    super::crash::report(&format!(
        "basket crash test ({}): SIGKILL with {cycles_at_kill} of {BASKETS} cycles recorded \
         and {orders_at_kill} orders placed",
        if super::on_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
    ));
    assert!(
        cycles_at_kill < BASKETS,
        "the generation ended before the kill: nothing was cut"
    );

    // A new process on the same database finishes the generation.
    let b = start(&shared, "b").await;
    let mut waited = 0;
    while count(&db, "SELECT COUNT(*) FROM subscription_cycles").await < BASKETS {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
        assert!(
            waited < 6_000,
            "generation not finished in 600 s after the restart:\n{}",
            b.dump_logs()
        );
    }
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM subscription_cycles").await,
        BASKETS
    );
    // Exactly one order per (basket, date), each recorded on its cycle.
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM orders WHERE chave_idempotencia LIKE 'cesta:%'"
        )
        .await,
        BASKETS
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM orders").await, BASKETS);
    let recorded = count(
        &db,
        "SELECT COUNT(*) FROM subscription_cycles c JOIN orders o ON o.id = c.order_id \
         WHERE c.situacao = 'pedido' \
         AND o.chave_idempotencia = 'cesta:' || c.subscription_id || ':' || c.data_entrega \
         AND o.data_entrega = c.data_entrega AND o.total_centavos = 1250",
    )
    .await;
    assert_eq!(recorded, BASKETS, "cycles without their own order");
    let partial = count(
        &db,
        "SELECT COUNT(*) FROM orders o WHERE (SELECT COUNT(*) FROM order_lines l \
         WHERE l.order_id = o.id) <> 2",
    )
    .await;
    assert_eq!(partial, 0, "orders without all their lines");
    // Every basket moved on by one week, once.
    let next = today.add_days(7).unwrap().iso();
    let moved: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM subscriptions WHERE proxima_data = $1 AND ciclos_feitos = 1",
    )
    .bind(&next)
    .fetch_one(&db)
    .await
    .unwrap();
    assert_eq!(moved, BASKETS);
    // Stock + ordered = initial, one unit of each product per basket.
    for product in ["demo-p04", "demo-p01"] {
        let (stock, ordered): (i64, i64) = sqlx::query_as(
            "SELECT estoque, (SELECT CAST(COALESCE(SUM(quantidade), 0) AS BIGINT) \
             FROM order_lines WHERE product_id = $1) FROM products WHERE id = $1",
        )
        .bind(product)
        .fetch_one(&db)
        .await
        .unwrap();
        assert_eq!(ordered, BASKETS, "{product}");
        assert_eq!(stock + ordered, STOCK, "{product}: {stock} + {ordered}");
    }
    assert_money_adds_up_in(&db).await;
    drop(b);
}

//! Recurring baskets (decisions.md §35): subscribing is checked as a checkout and refused with a
//! Portuguese message creating nothing; each cycle makes one order at the store's cut-off, once
//! per (basket, date) with two instances generating at once and after a generation cut midway;
//! lines out of stock are left out and the buyer told; skip, pause and change apply to the cycle
//! before its cut-off and to the next after it ([`changes`]); the store sees its next delivery's
//! totals and may pause all for a vacation ([`store`]); a basket's own address ([`address`]) and
//! a coupon on every delivery ([`coupon`]). The setup (a store with delivery days, a basket) is
//! `fixtures::subscriptions`. Time is driven by calling the cycles job's work with an instant
//! (`cycles::run`), as the job does with the clock's. On SQLite and on PostgreSQL.

mod address;
mod changes;
mod coupon;
mod store;

use crate::fixtures::money::assert_money_adds_up;
use crate::fixtures::subscriptions::{
    HOUR, basket, cassava, closes, cycle, day, run, store_with_days, subscribe,
};
use crate::fixtures::{BUYER, demo_app, exec, stock};
use crate::helpers::{TestApp, spawn_app_on};
use feira_api::rpc::subscriptions::cycles;
use serde_json::json;

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn mails_with(app: &TestApp, subject_part: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE assunto LIKE $1")
        .bind(format!("%{subject_part}%"))
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn subscribing_is_checked_as_a_checkout_and_bad_input_creates_nothing() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let refusals = [
        (basket(cassava(2), 16.0, first, "diária"), "frequência"),
        (
            {
                let mut b = basket(cassava(2), 16.0, first, "semanal");
                b["janela_inicio"] = json!("13:00");
                b["janela_fim"] = json!("14:00");
                b
            },
            "",
        ),
        (
            basket(
                json!([{"id": "demo-p04", "quantidade": 1}, {"id": "demo-p11", "quantidade": 1}]),
                8.0,
                first,
                "semanal",
            ),
            "outro fornecedor",
        ),
        (
            {
                let mut b = basket(cassava(2), 16.0, first, "semanal");
                b["pagamento"] = json!("pix_automatico");
                b
            },
            "Pix Automático",
        ),
        (basket(cassava(2), 15.0, first, "semanal"), "preços"),
        (basket(cassava(500), 4000.0, first, "semanal"), "Estoque"),
        (
            {
                let mut b = basket(cassava(2), 16.0, first, "semanal");
                b["entrega"] = json!(true);
                b
            },
            "",
        ),
    ];
    for (body, message) in refusals {
        let (s, b) = app.rpc(Some(&token), body.clone()).await;
        assert!(s == 400 || s == 409, "{body}: {s} {b}");
        let error = b["error"].as_str().unwrap();
        assert!(error.contains(message), "{body}: {error}");
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM subscriptions").await, 0);

    let b = subscribe(&app, &token, basket(cassava(2), 16.0, first, "semanal")).await;
    assert_eq!(b["proxima_entrega"], json!(first.iso()));
    assert_eq!(b["total_centavos"], json!(1600));
    assert_eq!(b["pagamento"], json!("na_entrega"));
    assert_eq!(b["situacao"], json!("ativa"));
    assert_eq!(b["itens"][0]["quantidade"], json!(2));
    // No order until the cut-off.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);
    let (s, mine) = app
        .rpc(Some(&token), json!({"codigo": "minhas_assinaturas"}))
        .await;
    assert_eq!(s, 200, "{mine}");
    assert_eq!(mine["assinaturas"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_cycle_makes_one_order_once_with_two_instances_generating_at_once() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let b = subscribe(&app, &token, basket(cassava(2), 16.0, first, "semanal")).await;
    let id = b["id"].as_str().unwrap().to_owned();
    let before = stock(&app, "demo-p04").await;

    // Before the cut-off: nothing.
    assert_eq!(run(&app, closes(first) - 1).await.orders, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);

    let other = spawn_app_on(&app).await;
    let at = closes(first) + 60_000;
    let (a, b) = tokio::join!(
        cycles::run(&app.app, at, 24, None),
        cycles::run(&other.app, at, 24, None)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.orders + b.orders, 1, "{a:?} {b:?}");
    assert_eq!(a.cycles + b.cycles, 1, "{a:?} {b:?}");
    // And once more, later: still one.
    run(&app, at + HOUR).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 1);
    assert_eq!(stock(&app, "demo-p04").await, before - 2);
    let (situacao, order, _) = cycle(&app, &id, first).await;
    assert_eq!(situacao, "pedido");
    let (total, data, pagamento): (i64, String, String) =
        sqlx::query_as("SELECT total_centavos, data_entrega, pagamento FROM orders WHERE id = $1")
            .bind(order.unwrap())
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(
        (total, data.as_str(), pagamento.as_str()),
        (1600, first.iso().as_str(), "1")
    );
    let next: String = sqlx::query_scalar("SELECT proxima_data FROM subscriptions WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(next, first.add_days(7).unwrap().iso());
    assert_money_adds_up(&app).await;
}

#[tokio::test]
async fn a_generation_cut_midway_is_finished_by_the_next_run_placing_each_order_once() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    exec(
        &app,
        "UPDATE products SET estoque = 1000 WHERE id = $1",
        "demo-p01",
    )
    .await;
    const BASKETS: i64 = 25;
    for _ in 0..BASKETS {
        let lines = json!([{"id": "demo-p01", "quantidade": 1}]);
        subscribe(&app, &token, basket(lines, 4.5, first, "semanal")).await;
    }
    let at = closes(first) + 60_000;
    // A run cut at an arbitrary point (its task dropped mid-transaction, as a crash would).
    let state = app.app.clone();
    let cut = tokio::spawn(async move { cycles::run(&state, at, 24, None).await });
    while count(&app, "SELECT COUNT(*) FROM subscription_cycles").await < 3 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    cut.abort();
    let _ = cut.await;
    // The state a crash between placing an order and recording its cycle leaves.
    let victim: String = sqlx::query_scalar(
        "SELECT subscription_id FROM subscription_cycles ORDER BY subscription_id LIMIT 1",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    exec(
        &app,
        "DELETE FROM subscription_cycles WHERE subscription_id = $1",
        &victim,
    )
    .await;
    sqlx::query("UPDATE subscriptions SET proxima_data = $1 WHERE id = $2")
        .bind(first.iso())
        .bind(&victim)
        .execute(&app.app.db)
        .await
        .unwrap();

    let other = spawn_app_on(&app).await;
    cycles::run(&other.app, at + 1000, 24, None).await.unwrap();
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM orders WHERE chave_idempotencia LIKE 'cesta:%'"
        )
        .await,
        BASKETS
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM subscription_cycles").await,
        BASKETS
    );
    assert_eq!(stock(&app, "demo-p01").await, 1000 - BASKETS);
    assert_money_adds_up(&app).await;
}

#[tokio::test]
async fn lines_out_of_stock_are_left_out_and_an_empty_cycle_makes_no_order() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let lines = json!([{"id": "demo-p04", "quantidade": 2}, {"id": "demo-p01", "quantidade": 1}]);
    let b = subscribe(&app, &token, basket(lines, 20.5, first, "semanal")).await;
    let id = b["id"].as_str().unwrap().to_owned();
    exec(
        &app,
        "UPDATE products SET estoque = 1 WHERE id = $1",
        "demo-p04",
    )
    .await;
    run(&app, closes(first) + 1000).await;
    let (situacao, order, faltaram) = cycle(&app, &id, first).await;
    assert_eq!(situacao, "pedido");
    assert!(faltaram.contains("mandioca"), "{faltaram}");
    let (total, lines): (i64, i64) = sqlx::query_as(
        "SELECT o.total_centavos, (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id) \
         FROM orders o WHERE o.id = $1",
    )
    .bind(order.unwrap())
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!((total, lines), (450, 1));
    assert_eq!(stock(&app, "demo-p04").await, 1);
    assert_eq!(mails_with(&app, "itens em falta").await, 1);

    // Nothing in stock: no order, the buyer told.
    exec(
        &app,
        "UPDATE products SET estoque = 0 WHERE id = $1",
        "demo-p01",
    )
    .await;
    exec(
        &app,
        "UPDATE products SET estoque = 0 WHERE id = $1",
        "demo-p04",
    )
    .await;
    let second = first.add_days(7).unwrap();
    run(&app, closes(second) + 1000).await;
    let (situacao, order, _) = cycle(&app, &id, second).await;
    assert_eq!((situacao.as_str(), order), ("vazia", None));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 1);
    assert_eq!(mails_with(&app, "não foi gerada").await, 1);
    assert_money_adds_up(&app).await;
}

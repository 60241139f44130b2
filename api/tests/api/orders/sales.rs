//! What counts as a sale, and the in-person order's own life: the sales counters (the
//! best-seller rank, the store's `vendasforn`) count paid or delivered units only; an in-person
//! order its store never confirms expires after `IN_PERSON_EXPIRY_DAYS`, once, giving back its
//! stock and coupon use; placing one queues the store's 'Novo pedido' and the buyer's 'Pedido
//! recebido' in the order's own transaction.

use crate::fixtures::{
    BUYER, OTHER_BUYER, SUPPLIER, cassava, demo_app, pay_pix, scalar_i64, stock,
};
use crate::helpers::TestApp;
use serde_json::{Value, json};
use std::time::Duration;

const SALES: &str = "SELECT vendas FROM products WHERE id = $1";
const STORE_SALES: &str = "SELECT vendasforn FROM suppliers WHERE user_id = $1";
const WEEK: Duration = Duration::from_secs(7 * 24 * 3600);

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, res) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

async fn counters(app: &TestApp) -> (i64, i64) {
    (
        scalar_i64(app, SALES, "demo-p04").await,
        scalar_i64(app, STORE_SALES, "demo-joao").await,
    )
}

async fn mails(app: &TestApp) -> Vec<(String, String)> {
    sqlx::query_as("SELECT destinatario, assunto FROM email_outbox ORDER BY assunto")
        .fetch_all(&app.app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn unpaid_orders_do_not_move_the_rank_a_paid_or_delivered_one_does() {
    let app = demo_app().await;
    let (ana, _) = app.login(OTHER_BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    let (sales0, store0) = counters(&app).await;
    let mut in_person = Vec::new();
    for _ in 0..5 {
        in_person.push(ok(&app, &ana, cassava(2, "1")).await["all"]["id"].clone());
    }
    let pix = ok(&app, &ana, cassava(3, "2")).await;
    assert_eq!(
        counters(&app).await,
        (sales0, store0),
        "unpaid: no sale yet"
    );
    assert_eq!(
        stock(&app, "demo-p04").await,
        20 - 13,
        "but the stock is held"
    );

    // Paid: its units count.
    let txid = pix["all"]["Infos"]["txid"].as_str().unwrap();
    assert_eq!(pay_pix(&app, txid).await.0, 200);
    assert_eq!(counters(&app).await, (sales0 + 3, store0 + 1));
    // Delivered in person: its units count.
    ok(
        &app,
        &store,
        json!({"codigo": "confirmar_entrega", "item": in_person[0]}),
    )
    .await;
    assert_eq!(counters(&app).await, (sales0 + 5, store0 + 2));
    // The paid order cancelled: its count goes back; an unpaid one cancelled changes nothing.
    ok(
        &app,
        &ana,
        json!({"codigo": "cancelar_pedido", "item": pix["all"]["id"]}),
    )
    .await;
    ok(
        &app,
        &ana,
        json!({"codigo": "cancelar_pedido", "item": in_person[1]}),
    )
    .await;
    assert_eq!(counters(&app).await, (sales0 + 2, store0 + 1));
}

#[tokio::test]
async fn an_unconfirmed_in_person_order_expires_once_giving_back_stock_and_coupon() {
    let app = demo_app().await;
    let (carla, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    ok(
        &app,
        &store,
        json!({"codigo": "adicionar_cupom",
               "form": {"codigo": "SEMANA", "valor": "2", "tipo": "R$", "limite_usos": 1}}),
    )
    .await;
    let with_coupon = json!({
        "codigo": "finalizar_pedido", "sacola": [{"id": "demo-p04", "quantidade": 3}],
        "forn": "demo-joao", "total": 22.0, "pagamento": "1", "entrega": false,
        "infoscupom": {"codigo": "SEMANA"},
    });
    let old = ok(&app, &carla, with_coupon.clone()).await["all"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let recent = ok(&app, &carla, cassava(1, "1")).await["all"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let pix = ok(&app, &carla, cassava(1, "2")).await["all"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(stock(&app, "demo-p04").await, 15);
    let uses = "SELECT usos FROM coupons WHERE supplier_id = $1 AND codigo = 'SEMANA'";
    assert_eq!(scalar_i64(&app, uses, "demo-joao").await, 1);
    // Eight days old: past IN_PERSON_EXPIRY_DAYS (7). The Pix order is as old: not in person.
    for id in [&old, &pix] {
        sqlx::query("UPDATE orders SET criado_em = criado_em - $1 WHERE id = $2")
            .bind(8 * 24 * 3_600_000_i64)
            .bind(id)
            .execute(&app.app.db)
            .await
            .unwrap();
    }
    let db = &app.app.db;
    let (a, b) = tokio::join!(
        feira_api::domain::orders::expire_in_person(db, WEEK),
        feira_api::domain::orders::expire_in_person(db, WEEK)
    );
    assert_eq!(a.unwrap() + b.unwrap(), 1, "expired once");
    assert_eq!(
        feira_api::domain::orders::expire_in_person(db, WEEK)
            .await
            .unwrap(),
        0
    );
    let status = "SELECT situacao FROM orders WHERE id = $1";
    for (id, want) in [(&old, "0"), (&recent, "1"), (&pix, "1")] {
        let s: String = sqlx::query_scalar(status)
            .bind(id)
            .fetch_one(db)
            .await
            .unwrap();
        assert_eq!(s, want, "{id}");
    }
    assert_eq!(stock(&app, "demo-p04").await, 18, "its 3 units back, once");
    assert_eq!(scalar_i64(&app, uses, "demo-joao").await, 0, "its use back");
    let told: Vec<(String, String)> = mails(&app)
        .await
        .into_iter()
        .filter(|(_, s)| s.contains("não confirmou a tempo"))
        .collect();
    assert_eq!(
        told,
        [(
            BUYER.to_owned(),
            "Pedido cancelado: Sítio Boa Vista não confirmou a tempo".to_owned()
        )]
    );
    // The coupon's one use is free again; the store can no longer confirm the expired order.
    ok(&app, &carla, with_coupon).await;
    let (s, _) = app
        .rpc(
            Some(&store),
            json!({"codigo": "confirmar_entrega", "item": old}),
        )
        .await;
    assert_ne!(s, 200);
}

#[tokio::test]
async fn an_in_person_order_queues_the_stores_and_the_buyers_emails_with_it() {
    let app = demo_app().await;
    let (carla, _) = app.login(BUYER).await;
    // A refused order (not enough stock) rolls back: no e-mail either.
    let (s, _) = app.rpc(Some(&carla), cassava(21, "1")).await;
    assert_eq!(s, 409);
    assert_eq!(mails(&app).await, []);
    ok(&app, &carla, cassava(2, "1")).await;
    let rows = mails(&app).await;
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(
        rows.iter()
            .any(|(to, s)| to == SUPPLIER && s.starts_with("Novo pedido de "))
    );
    assert!(rows.contains(&(
        BUYER.to_owned(),
        "Pedido recebido: Sítio Boa Vista".to_owned()
    )));
    // Both in the order's transaction: written together with it.
    let at: Vec<i64> = sqlx::query_scalar("SELECT criado_em FROM email_outbox")
        .fetch_all(&app.app.db)
        .await
        .unwrap();
    let placed: i64 = sqlx::query_scalar("SELECT criado_em FROM orders")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert!(
        at.iter().all(|t| (t - placed).abs() < 5_000),
        "{at:?} {placed}"
    );
    // A Pix order tells nobody until it is paid.
    ok(&app, &carla, cassava(1, "2")).await;
    assert_eq!(mails(&app).await.len(), 2);
}

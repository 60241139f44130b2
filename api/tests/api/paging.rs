//! The long lists page with keyset cursors (the catalogue's mechanism, `rpc::paging`): the
//! buyer's orders (`pegar_pedidos`), the store's deliveries (`pegar_entregas_pendentes`,
//! `pegar_entregas`) and payment history (`pegar_historico_pagamentos`), and the admin's
//! suppliers (`loading_admin`) and customers (`pegar_clientes`). Walking a list page by page
//! gives every row once, in the list's order, even when rows are added during the walk; a
//! request without a cursor (the spec's clients) gets the first page.

use crate::fixtures::{ADMIN_EMAIL, BUYER, SUPPLIER, cassava, demo_app, pay_pix};
use crate::helpers::TestApp;
use serde_json::{Value, json};
use std::collections::BTreeSet;

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, res) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// What a list's rows are, from one page's answer.
type Rows = fn(&Value) -> Vec<Value>;

/// Walks `body`'s list `size` rows a page, calling `between` after each page (with the page's
/// number) so rows may be added mid-walk; every page but the last is full. Returns the rows in
/// the order the pages gave them.
async fn walk(
    app: &TestApp,
    token: &str,
    body: Value,
    size: u32,
    rows: Rows,
    mut between: impl AsyncFnMut(usize),
) -> Vec<Value> {
    let (mut out, mut cursor, mut pages) = (Vec::new(), Value::Null, 0);
    loop {
        let mut ask = body.clone();
        ask["limite"] = json!(size);
        if !cursor.is_null() {
            ask["cursor"] = cursor.clone();
        }
        let page = ok(app, token, ask).await;
        let got = rows(&page);
        assert!(got.len() <= size as usize, "{page}");
        out.extend(got.iter().cloned());
        pages += 1;
        cursor = page["proximo"].clone();
        if cursor.is_null() {
            return out;
        }
        assert_eq!(got.len(), size as usize, "only the last page is short");
        between(pages).await;
        assert!(pages < 100, "the walk ends");
    }
}

fn ids(rows: &[Value], key: &str) -> Vec<String> {
    rows.iter()
        .map(|r| r[key].as_str().unwrap().to_owned())
        .collect()
}

/// Every id once.
fn once(ids: &[String]) {
    let unique: BTreeSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "a row listed twice: {ids:?}");
}

/// `(time, id)` of each order, as the lists order them.
fn order_keys(rows: &[Value]) -> Vec<(i64, String)> {
    rows.iter()
        .map(|o| {
            (
                o["Infos"]["horario_pedido"].as_i64().unwrap(),
                o["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pedidos(page: &Value) -> Vec<Value> {
    page["pedidos"].as_array().unwrap().clone()
}

fn entregas(page: &Value) -> Vec<Value> {
    page["entregas"].as_array().unwrap().clone()
}

fn month(page: &Value) -> Vec<Value> {
    // A page's map, in the list's order (oldest first).
    let mut rows: Vec<Value> = page["all"].as_object().unwrap().values().cloned().collect();
    rows.sort_by_key(|o| {
        (
            o["Infos"]["horario_pedido"].as_i64().unwrap(),
            o["id"].as_str().unwrap().to_owned(),
        )
    });
    rows
}

fn fechados(page: &Value) -> Vec<Value> {
    page["fechados"].as_array().unwrap().clone()
}

fn fornecedores(page: &Value) -> Vec<Value> {
    page["fornecedores"].as_array().unwrap().clone()
}

fn clientes(page: &Value) -> Vec<Value> {
    page["clientes"].as_array().unwrap().clone()
}

/// Places `n` in-person pickup orders of one cassava each; their ids.
async fn orders(app: &TestApp, buyer: &str, n: usize, pagamento: &str) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..n {
        let placed = ok(app, buyer, cassava(1, pagamento)).await;
        out.push(placed["all"]["id"].as_str().unwrap().to_owned());
    }
    out
}

#[tokio::test]
async fn the_buyers_orders_and_the_stores_deliveries_page_every_row_once_in_order() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    let placed = orders(&app, &buyer, 7, "1").await;

    // The buyer's orders, newest first; orders placed during the walk come before the cursor
    // and are not seen, and nothing is repeated or skipped.
    let mut added = Vec::new();
    let walked = walk(
        &app,
        &buyer,
        json!({"codigo": "pegar_pedidos"}),
        3,
        pedidos,
        async |_| added.extend(orders(&app, &buyer, 1, "1").await),
    )
    .await;
    let keys = order_keys(&walked);
    let seen = ids(&walked, "id");
    once(&seen);
    let mut newest_first = keys.clone();
    newest_first.sort_by(|a, b| b.cmp(a));
    assert_eq!(keys, newest_first, "newest first");
    let before: BTreeSet<&String> = placed.iter().collect();
    assert_eq!(
        seen.iter().collect::<BTreeSet<_>>(),
        before,
        "each order once"
    );
    assert_eq!(added.len(), 2);
    // Without a cursor (the spec's client): the first page, which says where the next starts.
    let first = ok(
        &app,
        &buyer,
        json!({"codigo": "pegar_pedidos", "dados": {}}),
    )
    .await;
    assert_eq!(pedidos(&first).len(), 9, "{first}");
    assert_eq!(first["proximo"], Value::Null);
    let newest: BTreeSet<String> = ids(&pedidos(&first), "id")[..2].iter().cloned().collect();
    assert_eq!(newest, added.iter().cloned().collect());

    // The store's pending deliveries, oldest first; its count is all of them on every page.
    let all: Vec<String> = placed.iter().chain(&added).cloned().collect();
    let mut later = Vec::new();
    let walked = walk(
        &app,
        &store,
        json!({"codigo": "pegar_entregas_pendentes"}),
        4,
        entregas,
        async |_| later.extend(orders(&app, &buyer, 1, "1").await),
    )
    .await;
    let keys = order_keys(&walked);
    let mut oldest_first = keys.clone();
    oldest_first.sort();
    assert_eq!(keys, oldest_first, "oldest first");
    let seen = ids(&walked, "id");
    once(&seen);
    // Rows added after the cursor (newer) are seen once; none before it is missed.
    let expected: BTreeSet<&String> = all.iter().chain(&later).collect();
    assert_eq!(seen.iter().collect::<BTreeSet<_>>(), expected);
    assert_eq!(later.len(), 2);
    let page = ok(
        &app,
        &store,
        json!({"codigo": "pegar_entregas_pendentes", "limite": 2}),
    )
    .await;
    assert_eq!(page["pendentes"], json!(all.len() + later.len()));
    assert_eq!(entregas(&page).len(), 2);

    // One month's history, oldest first, page by page (the current month: every order).
    let now = chrono::Utc::now() - chrono::Duration::hours(3);
    let period = json!({"codigo": "pegar_entregas", "ano": now.format("%Y").to_string(),
                        "mes": now.format("%m").to_string()});
    let walked = walk(&app, &store, period, 5, month, async |_| {}).await;
    let keys = order_keys(&walked);
    let mut oldest_first = keys.clone();
    oldest_first.sort();
    assert_eq!(keys, oldest_first, "oldest first");
    let seen = ids(&walked, "id");
    once(&seen);
    assert_eq!(seen.iter().collect::<BTreeSet<_>>(), expected);
}

#[tokio::test]
async fn the_payment_history_pages_newest_first() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    let placed = orders(&app, &buyer, 5, "2").await;
    // One of them paid: its line changes, not its place.
    let txid: String = sqlx::query_scalar("SELECT txid FROM orders WHERE id = $1")
        .bind(&placed[2])
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(pay_pix(&app, &txid).await.0, 200);
    let mut added = Vec::new();
    let walked = walk(
        &app,
        &store,
        json!({"codigo": "pegar_historico_pagamentos"}),
        2,
        fechados,
        async |_| added.extend(orders(&app, &buyer, 1, "2").await),
    )
    .await;
    let seen = ids(&walked, "id");
    once(&seen);
    let keys: Vec<(i64, String)> = walked
        .iter()
        .map(|r| {
            (
                r["horario_pedido"].as_i64().unwrap(),
                r["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut newest_first = keys.clone();
    newest_first.sort_by(|a, b| b.cmp(a));
    assert_eq!(keys, newest_first, "newest first");
    assert_eq!(
        seen.iter().collect::<BTreeSet<_>>(),
        placed.iter().collect::<BTreeSet<_>>(),
        "the orders added mid-walk are before the cursor: not among them"
    );
    let paid = walked.iter().find(|r| r["id"] == placed[2]).unwrap();
    assert_eq!(paid["status_pix"], "2");
    let first = ok(
        &app,
        &store,
        json!({"codigo": "pegar_historico_pagamentos"}),
    )
    .await;
    assert_eq!(fechados(&first).len(), placed.len() + added.len());
}

#[tokio::test]
async fn the_admins_suppliers_and_customers_page_by_name() {
    let app = demo_app().await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    // More customers than one page, some with the same name (the id orders them).
    for i in 0..5 {
        app.login(&format!("cliente{i}@feira.test")).await;
    }
    for (codigo, rows, key, name) in [
        ("loading_admin", fornecedores as Rows, "usuario", "nomeforn"),
        ("pegar_clientes", clientes as Rows, "usuario", "nome"),
    ] {
        let whole = ok(&app, &admin, json!({"codigo": codigo, "limite": 200})).await;
        assert_eq!(whole["proximo"], Value::Null);
        let total = whole["total"].clone();
        let whole = rows(&whole);
        assert_eq!(
            total,
            json!(whole.len()),
            "{codigo}: the total counts every page"
        );
        assert!(whole.len() > 6, "{codigo}: {}", whole.len());
        let mut n = 0;
        let walked = walk(
            &app,
            &admin,
            json!({"codigo": codigo}),
            3,
            rows,
            async |_| {
                // A new customer mid-walk: listed once at most, wherever their name falls.
                n += 1;
                app.login(&format!("novo{n}-{codigo}@feira.test")).await;
            },
        )
        .await;
        let seen = ids(&walked, key);
        once(&seen);
        let before = ids(&whole, key);
        let kept: Vec<&String> = seen.iter().filter(|id| before.contains(id)).collect();
        // Each once, in the list's order (by name, then id, as the database collates them).
        assert_eq!(kept, before.iter().collect::<Vec<_>>(), "{codigo}");
        assert!(walked.iter().all(|r| r[name].is_string()));
        // The spec's client sends no cursor: the first page (all of them, within 50).
        let first = ok(&app, &admin, json!({"codigo": codigo})).await;
        assert_eq!(first["proximo"], Value::Null);
        assert!(rows(&first).len() >= before.len());
    }
}

#[tokio::test]
async fn a_cursor_that_is_not_ours_is_refused() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    for (token, codigo) in [(&buyer, "pegar_pedidos"), (&admin, "pegar_clientes")] {
        let (status, body) = app
            .rpc(Some(token), json!({"codigo": codigo, "cursor": "%%%"}))
            .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some("Cursor inválido."))
        );
    }
}

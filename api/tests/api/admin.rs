//! The administrator's actions on the demo data: refused (403) to any other session
//! whatever the payload says; hiding a supplier removes it and its products from every public
//! listing at once while the admin still sees its storefront; customers; and the payout of a
//! withdrawal request, exactly once (decisions.md §2, §9, §11).
//!
//! The tests are grouped by subject in the submodules; this file holds what they share.

mod access;
mod customers;
mod visibility;
mod withdrawals;

use crate::fixtures::ADMIN_EMAIL;
use crate::fixtures::pay_pix;
use crate::fixtures::{SUPPLIER, cassava};
use crate::helpers::TestApp;
use serde_json::{Value, json};

const STORE: &str = "sitio-boa-vista";
const SUPPLIER_ID: &str = "demo-joao";
const PIRACICABA: &str = "Piracicaba, SP";

/// Every admin action with a payload, including ones that try to name the admin or are
/// malformed.
fn admin_requests(withdrawal: &str) -> Vec<Value> {
    vec![
        json!({"codigo": "loading_admin"}),
        json!({"codigo": "loading_admin", "usuario": "demo-admin", "admin": true}),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": true, "motivo": "Teste"}),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": true, "motivo": "Teste", "usuario": "demo-admin", "email": ADMIN_EMAIL}),
        json!({"codigo": "invisivel"}),
        json!({"codigo": "pegar_clientes"}),
        json!({"codigo": "pegar_clientes", "dados": {"email": ADMIN_EMAIL}}),
        json!({"codigo": "pegar_solicitacoes_saque"}),
        json!({"codigo": "confirmar_saque", "userforn": withdrawal}),
        json!({"codigo": "confirmar_saque", "userforn": withdrawal, "usuario": "demo-admin"}),
        json!({"codigo": "confirmar_saque", "userforn": 12}),
        json!({"codigo": "start_site_admin", "urlforn": STORE}),
        json!({"codigo": "start_site_admin"}),
    ]
}

async fn ok(app: &TestApp, token: Option<&str>, body: Value) -> Value {
    let (status, res) = app.rpc(token, body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// An open-items balance for the demo supplier made the real way: a buyer's Pix order of
/// `n` × R$ 8,00, paid through the sandbox, delivered and its receipt confirmed by the buyer
/// (only then is its money released, decisions.md §37). Returns the order id.
async fn paid_pix_order(app: &TestApp, buyer_token: &str, n: u32) -> String {
    let body = ok(app, Some(buyer_token), cassava(n, "2")).await;
    let txid = body["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert_eq!(pay_pix(app, &txid).await.0, 200);
    let id = body["all"]["id"]
        .as_str()
        .or(body["all"]["idpedido"].as_str())
        .unwrap()
        .to_owned();
    let (supplier, _) = app.login(SUPPLIER).await;
    ok(
        app,
        Some(&supplier),
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    // The buyer confirms receipt: the money is released (decisions.md §37).
    ok(
        app,
        Some(buyer_token),
        json!({"codigo": "confirmar_recebimento", "item": id}),
    )
    .await;
    id
}

/// A pending withdrawal request of the demo supplier holding all its open items, made the real
/// way: the supplier panel's `transferir` with `chave_pix`. Returns the request's id.
async fn withdrawal_request(app: &TestApp, chave_pix: &str) -> String {
    let (supplier, _) = app.login(SUPPLIER).await;
    let res = ok(
        app,
        Some(&supplier),
        json!({"codigo": "transferir", "pix": chave_pix}),
    )
    .await;
    res["Solicitacao"]["id"].as_str().unwrap().to_owned()
}

/// `(status, confirmado_em)` of a withdrawal and the statuses of its open items.
async fn payout_state(app: &TestApp, id: &str) -> (String, Option<i64>, Vec<String>) {
    let (status, at): (String, Option<i64>) =
        sqlx::query_as("SELECT status, confirmado_em FROM withdrawals WHERE id = $1")
            .bind(id)
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    let items: Vec<String> =
        sqlx::query_scalar("SELECT status FROM open_items WHERE withdrawal_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&app.app.db)
            .await
            .unwrap();
    (status, at, items)
}

async fn invisivel_flag(app: &TestApp) -> bool {
    let n: i64 = sqlx::query_scalar(
        "SELECT CAST(CASE WHEN invisivel THEN 1 ELSE 0 END AS BIGINT) FROM suppliers \
         WHERE user_id = $1",
    )
    .bind(SUPPLIER_ID)
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    n != 0
}

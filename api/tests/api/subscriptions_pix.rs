//! Recurring baskets paid by Pix Automático (decisions.md §35, §27/§28) against the local PSP
//! (`devservices/psp.mjs`: `/locrec`, `/rec`, `/cobr`, their webhooks, every request validated
//! against BACEN's OpenAPI): the recurrence authorised by the payer (webhook, confirmed with
//! `GET /rec`); a cycle's order charged with `/cobr` and, paid, its money 'A liberar' exactly
//! once; a failed charge retried as the policy allows and, still unpaid at the delivery's eve,
//! the order cancelled with its stock released and the store told (by WhatsApp too:
//! [`whatsapp`]); the basket cancelled on either side ([`cancel`]); bad input creating and
//! charging nothing, a recurrence id that is not ours changing nothing ([`refusals`]). The
//! store's days are `fixtures::subscriptions`'. Time is driven with the cycles job's instant. On
//! SQLite and PostgreSQL.

mod cancel;
mod refusals;
mod whatsapp;

use crate::fixtures::money::assert_money_adds_up;
use crate::fixtures::subscriptions::{closes, day, store_with_days};
use crate::fixtures::{BUYER, stock};
use crate::helpers::TestApp;
use crate::psp::{HMAC, Psp, eventually, psp_app, spawn_psp};
use feira_api::rpc::subscriptions::cycles;
use reqwest::Method;
use serde_json::{Value, json};
use wasm_core::date::Date;

/// A valid CPF (check digits right).
const CPF: &str = "529.982.247-25";

/// The PSP, the app on it with the Pix and Pix Automático webhooks registered, and João's store
/// with pickup every day 08:00–12:00.
async fn setup() -> (Psp, TestApp) {
    setup_with(|_| {}).await
}

/// [`setup`] with the app's configuration adjusted.
async fn setup_with(adjust: impl FnOnce(&mut feira_api::config::Config)) -> (Psp, TestApp) {
    let psp = spawn_psp(&[]).await;
    let app = psp_app(&psp, adjust).await;
    let url = format!("{}/webhooks/pix", app.address);
    app.app
        .pix
        .recurring()
        .expect("the PSP offers Pix Automático")
        .register_recurring_webhooks(&url, Some(HMAC))
        .await
        .expect("the rec and cobr webhooks register");
    store_with_days(&app, 1).await;
    (psp, app)
}

/// `n` kg of cassava (R$ 8,00 each), weekly by Pix Automático with `max` reais at most.
fn basket(n: u32, first: Date, max: f64) -> Value {
    json!({
        "codigo": "assinar", "sacola": [{"id": "demo-p04", "quantidade": n}], "forn": "demo-joao",
        "total": f64::from(n) * 8.0, "entrega": false, "frequencia": "semanal",
        "pagamento": "pix_automatico", "valor_maximo": max, "cpf": CPF,
        "data_entrega": first.iso(), "janela_inicio": "08:00", "janela_fim": "12:00",
    })
}

async fn scalar_i64(app: &TestApp, sql: &'static str, arg: &str) -> i64 {
    sqlx::query_scalar(sql)
        .bind(arg)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn text(app: &TestApp, sql: &'static str, arg: &str) -> Option<String> {
    sqlx::query_scalar(sql)
        .bind(arg)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn control(psp: &Psp, path: &str) -> Value {
    let (status, body) = psp.call(Method::POST, path, json!({})).await;
    assert!((200..300).contains(&status), "{path}: {status} {body}");
    body
}

/// Subscribes, the payer approves at the bank; answers the basket's id and idRec.
async fn authorised(psp: &Psp, app: &TestApp, token: &str, body: Value) -> (String, String) {
    let (s, b) = app.rpc(Some(token), body).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["pagamento"], json!("pix_automatico"));
    assert_eq!(b["pix_automatico"]["situacao"], json!("aguardando"));
    let code = b["pix_automatico"]["pix_code"].as_str().unwrap();
    assert!(
        code.starts_with("000201") && code.contains("/qr/v2/rec/"),
        "{code}"
    );
    assert!(
        b["pix_automatico"]["pix_image"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml;base64,")
    );
    let id = b["id"].as_str().unwrap().to_owned();
    let rec = text(app, "SELECT rec_id FROM subscriptions WHERE id = $1", &id)
        .await
        .unwrap();
    control(psp, &format!("/rec/{rec}/approve")).await;
    eventually(
        "the approval is confirmed at the PSP and applied",
        || async {
            text(
                app,
                "SELECT rec_situacao FROM subscriptions WHERE id = $1",
                &id,
            )
            .await
                == Some("ativa".into())
        },
    )
    .await;
    (id, rec)
}

/// Runs the cycle of `first` after its cut-off; answers the order and its recurring charge.
async fn cycle_order(app: &TestApp, id: &str, first: Date) -> (String, String) {
    let report = cycles::run(&app.app, closes(first) + 60_000, 24, None)
        .await
        .unwrap();
    assert_eq!(report.orders, 1, "{report:?}");
    let order: String = sqlx::query_scalar(
        "SELECT order_id FROM subscription_cycles WHERE subscription_id = $1 AND data_entrega = $2",
    )
    .bind(id)
    .bind(first.iso())
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    let txid = text(app, "SELECT txid FROM pix_cobr WHERE order_id = $1", &order)
        .await
        .unwrap();
    (order, txid)
}

#[tokio::test]
async fn an_authorised_recurrence_charges_the_cycle_and_the_paid_money_is_held_once() {
    let (psp, app) = setup().await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let (id, rec) = authorised(&psp, &app, &token, basket(2, first, 50.0)).await;
    let (order, txid) = cycle_order(&app, &id, first).await;

    // A Pix order, not yet a delivery (§27), charged with /cobr due on the delivery's eve.
    assert_eq!(
        text(&app, "SELECT pagamento FROM orders WHERE id = $1", &order).await,
        Some("2".into())
    );
    let cobr = psp.requests("PUT /cobr/{txid}").await;
    assert_eq!(cobr.len(), 1);
    assert_eq!(cobr[0]["body"]["idRec"], json!(rec));
    assert_eq!(cobr[0]["body"]["valor"]["original"], json!("16.00"));
    assert_eq!(
        cobr[0]["body"]["calendario"]["dataDeVencimento"],
        json!(first.add_days(-1).unwrap().iso())
    );
    let periodicity = psp.requests("POST /rec").await;
    assert_eq!(
        periodicity[0]["body"]["calendario"]["periodicidade"],
        json!("SEMANAL")
    );

    // Paid at the bank: the webhook (sent twice) is confirmed with GET /cobr and applied once.
    psp.webhooks("twice", 1).await;
    control(&psp, &format!("/cobr/{txid}/pay")).await;
    eventually("the paid cycle's order is paid", || async {
        text(&app, "SELECT status_pix FROM orders WHERE id = $1", &order).await == Some("2".into())
    })
    .await;
    eventually("both deliveries acknowledged", || async {
        let (_, w) = psp
            .call(Method::GET, "/webhooks?kind=cobr", Value::Null)
            .await;
        w["deliveries"]
            .as_array()
            .is_some_and(|d| d.iter().filter(|d| d["state"] == "delivered").count() >= 2)
    })
    .await;
    // A reconciliation finds nothing more to apply.
    feira_api::domain::pix_automatico::reconcile(
        &app.app.db,
        &app.app.events,
        app.app.pix.as_ref(),
        100,
    )
    .await
    .unwrap();
    assert_eq!(
        scalar_i64(
            &app,
            "SELECT COUNT(*) FROM open_items WHERE status = 'a_liberar' AND order_id = $1",
            &order
        )
        .await,
        1
    );
    assert_eq!(
        scalar_i64(
            &app,
            "SELECT COUNT(*) FROM pix_received WHERE txid = $1",
            &txid
        )
        .await,
        1
    );
    let trail = assert_money_adds_up(&app).await;
    assert_eq!(trail[&order].held, 1600, "{trail:?}");
    psp.assert_contract().await;
}

#[tokio::test]
async fn the_buyer_cancelling_an_unpaid_cycle_order_cancels_its_recurring_charge_at_the_psp() {
    let (psp, app) = setup().await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let (id, _) = authorised(&psp, &app, &token, basket(2, first, 50.0)).await;
    let (order, txid) = cycle_order(&app, &id, first).await;
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": order}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // Cancelled as a recurring charge (PATCH /cobr), not asked of /cob, where it is unknown.
    let patched = psp.requests("PATCH /cobr/{txid}").await;
    assert_eq!(patched.len(), 1, "{patched:?}");
    assert_eq!(patched[0]["params"]["txid"].as_str().unwrap_or(&txid), txid);
    assert!(psp.requests("PATCH /cob/{txid}").await.is_empty());
    let trail = assert_money_adds_up(&app).await;
    assert_eq!(trail[&order].held, 0, "{trail:?}");
    psp.assert_contract().await;
}

#[tokio::test]
async fn a_failed_charge_is_retried_then_the_order_is_cancelled_at_the_eve_with_its_stock() {
    let (psp, app) = setup().await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let before = stock(&app, "demo-p04").await;
    let (id, _) = authorised(&psp, &app, &token, basket(3, first, 50.0)).await;
    let (order, txid) = cycle_order(&app, &id, first).await;
    assert_eq!(stock(&app, "demo-p04").await, before - 3);

    // Each failed attempt is retried, three times (PERMITE_3R_7D); the fourth failure ends it.
    for n in 1..=3 {
        control(&psp, &format!("/cobr/{txid}/fail")).await;
        eventually("a retry is asked", || async {
            scalar_i64(
                &app,
                "SELECT retentativas FROM pix_cobr WHERE txid = $1",
                &txid,
            )
            .await
                == n
        })
        .await;
    }
    assert_eq!(
        psp.requests("POST /cobr/{txid}/retentativa/{data}")
            .await
            .len(),
        3
    );
    control(&psp, &format!("/cobr/{txid}/fail")).await;
    eventually("the charge's end is a problem for the admin", || async {
        text(&app, "SELECT problema FROM pix_cobr WHERE txid = $1", &txid)
            .await
            .is_some_and(|p| p.contains("REJEITADA"))
    })
    .await;

    // The delivery's eve ends unpaid: the expiry cancels the order and releases the stock.
    sqlx::query("UPDATE pix_charges SET expira_em = 0 WHERE txid = $1")
        .bind(&txid)
        .execute(&app.app.db)
        .await
        .unwrap();
    let (db, pix) = (&app.app.db, app.app.pix.as_ref());
    feira_api::domain::pix_automatico::refresh_due(db, &app.app.events, pix)
        .await
        .unwrap();
    feira_api::domain::reconcile::expire(
        db,
        pix,
        &app.app.events,
        std::time::Duration::from_secs(600),
    )
    .await
    .unwrap();
    assert_eq!(
        feira_api::domain::pix_automatico::after_expiry(db, pix)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        feira_api::domain::pix_automatico::after_expiry(db, pix)
            .await
            .unwrap(),
        0,
        "told once"
    );
    assert_eq!(
        text(&app, "SELECT status_pix FROM orders WHERE id = $1", &order).await,
        Some("0".into())
    );
    assert_eq!(stock(&app, "demo-p04").await, before, "stock released");
    assert_eq!(
        scalar_i64(
            &app,
            "SELECT COUNT(*) FROM email_outbox WHERE assunto LIKE $1",
            "%Pix Automático não pago%"
        )
        .await,
        1,
        "the store is told"
    );
    let trail = assert_money_adds_up(&app).await;
    assert_eq!(trail[&order].held, 0, "{trail:?}");
    psp.assert_contract().await;
}

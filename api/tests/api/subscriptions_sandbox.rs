//! Pix Automático with the sandbox provider (`PIX_PROVIDER=sandbox`, what `just run` uses;
//! decisions.md §35, docs/pix.md): a basket subscribed with Pix Automático gets a recurrence and
//! its QR; the demo's payer authorises it with `POST /pix/sandbox/rec/{idRec}/autorizar`; the
//! cycle's order is a Pix order whose recurring charge is paid like any sandbox charge
//! (`POST /pix/sandbox/{txid}/pagar`), its money 'A liberar' once; an unknown recurrence is 404
//! and one cancelled with its basket 409. Time is driven with the cycles job's instant. On
//! SQLite and PostgreSQL.

use crate::fixtures::money::assert_money_adds_up;
use crate::fixtures::{BUYER, SUPPLIER, demo_app, pay_pix};
use crate::helpers::TestApp;
use crate::openapi::Contract;
use feira_api::rpc::subscriptions::cycles;
use serde_json::{Value, json};
use wasm_core::date::Date;

const HOUR: i64 = 3_600_000;

fn day(n: i64) -> Date {
    Date::of_ms(feira_api::db::now_ms())
        .unwrap()
        .add_days(n)
        .unwrap()
}

/// João's store (demo data: it accepts Pix) takes pickups every day 08:00–12:00, orders until
/// 18:00 of the day before.
async fn with_days(app: &TestApp) {
    let (token, _) = app.login(SUPPLIER).await;
    let janelas: Vec<Value> = (0..7)
        .map(|d| json!({"tipo": "retirada", "dia_semana": d, "inicio": "08:00", "fim": "12:00"}))
        .collect();
    let (s, b) = app
        .rpc(
            Some(&token),
            json!({
                "codigo": "entregas_edit", "usuario": "demo-joao", "cidades": [], "vendasforn": 0,
                "form": {
                    "entrega": "12", "taxaTipo": "", "taxaentrega": "", "taxaPorKm": "",
                    "pedidominimoentrega": "", "pedidominimoretirada": "",
                    "descricaoentrega": "", "descricaoretirada": "",
                    "dias": {"janelas": janelas, "corte_tipo": "dias", "corte_dias": 1, "corte_hora": "18:00"},
                },
            }),
        )
        .await;
    assert_eq!(s, 200, "{b}");
}

/// 2 kg of cassava (R$ 8,00 each), weekly by Pix Automático, R$ 50,00 at most.
fn basket(first: Date) -> Value {
    json!({
        "codigo": "assinar", "sacola": [{"id": "demo-p04", "quantidade": 2}], "forn": "demo-joao",
        "total": 16.0, "entrega": false, "frequencia": "semanal",
        "pagamento": "pix_automatico", "valor_maximo": 50.0, "cpf": "529.982.247-25",
        "data_entrega": first.iso(), "janela_inicio": "08:00", "janela_fim": "12:00",
    })
}

async fn text(app: &TestApp, sql: &'static str, arg: &str) -> Option<String> {
    sqlx::query_scalar(sql)
        .bind(arg)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

/// `POST /pix/sandbox/rec/{id}/autorizar`: status and JSON, which the OpenAPI document
/// describes (checked strictly).
async fn authorise(app: &TestApp, id: &str) -> (u16, Value) {
    let res = app
        .http
        .post(format!("{}/pix/sandbox/rec/{id}/autorizar", app.address))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let body = res.json().await.unwrap_or(Value::Null);
    let doc = feira_api::rpc::openapi::document(feira_api::rpc::openapi::Options { sandbox: true });
    Contract::new(doc)
        .check_route("post", "/pix/sandbox/rec/{idRec}/autorizar", status, &body)
        .unwrap();
    (status, body)
}

#[tokio::test]
async fn the_sandbox_offers_pix_automatico_authorised_by_its_payer_and_a_cycle_paid_like_any_charge()
 {
    let app = demo_app().await;
    with_days(&app).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);

    // Subscribed: the recurrence's QR (a dynamic BR Code of the PSPs' shape), awaiting the bank.
    let (s, b) = app.rpc(Some(&token), basket(first)).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["pagamento"], json!("pix_automatico"));
    assert_eq!(b["pix_automatico"]["situacao"], json!("aguardando"));
    let code = b["pix_automatico"]["pix_code"].as_str().unwrap();
    assert!(code.starts_with("000201010212"), "{code}");
    assert!(code.contains("sandbox.feira.invalid/qr/v2/rec/"), "{code}");
    let id = b["id"].as_str().unwrap().to_owned();
    let rec = text(&app, "SELECT rec_id FROM subscriptions WHERE id = $1", &id)
        .await
        .unwrap();
    assert_eq!(rec.len(), 29, "{rec}");
    assert!(code.contains(&rec), "{code} names {rec}");

    // Not authorised yet: the cycle is refused with the reason, no order.
    let closes = first.start_ms() - 24 * HOUR + 18 * HOUR;
    let early = cycles::run(&app.app, closes + 60_000, 24, None)
        .await
        .unwrap();
    assert_eq!(early.orders, 0, "{early:?}");

    // Authorised by the demo's payer (an unknown recurrence is 404); the next week's cycle is
    // charged.
    let (s, b) = authorise(&app, "RR00000000202611290000000000X").await;
    assert_eq!(s, 404, "{b}");
    let second = first.add_days(7).unwrap();
    let (s, b) = authorise(&app, &rec).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["situacao"], json!("ativa"));
    assert_eq!(b["ja_autorizada"], json!(false));
    let (s, again) = authorise(&app, &rec).await;
    assert_eq!((s, &again["ja_autorizada"]), (200, &json!(true)), "{again}");
    assert_eq!(
        text(
            &app,
            "SELECT rec_situacao FROM subscriptions WHERE id = $1",
            &id
        )
        .await
        .as_deref(),
        Some("ativa")
    );

    // The cycle: a Pix order whose recurring charge is due on the delivery's eve, nothing to copy.
    let closes = second.start_ms() - 24 * HOUR + 18 * HOUR;
    let report = cycles::run(&app.app, closes + 60_000, 24, None)
        .await
        .unwrap();
    assert!(report.orders >= 1, "{report:?}");
    let order: String = sqlx::query_scalar(
        "SELECT order_id FROM subscription_cycles WHERE subscription_id = $1 AND data_entrega = $2",
    )
    .bind(&id)
    .bind(second.iso())
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    let txid = text(
        &app,
        "SELECT txid FROM pix_cobr WHERE order_id = $1",
        &order,
    )
    .await
    .unwrap();
    let (_, orders) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    let shown = orders["pedidos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == json!(order))
        .unwrap()
        .clone();
    assert_eq!(shown["Infos"]["pagamento"], json!("2"));
    assert_eq!(shown["Infos"]["status_pix"], json!("1"));
    assert_eq!(shown["Infos"]["qrcode"], json!(""));
    assert_eq!(
        shown["Infos"]["vencimento_pix_automatico"],
        json!(second.add_days(-1).unwrap().iso())
    );

    // Paid like any sandbox charge, once: held 'A liberar' until delivery (§27).
    let (s, b) = pay_pix(&app, &txid).await;
    assert_eq!((s, &b["ja_pago"]), (200, &json!(false)), "{b}");
    let (s, b) = pay_pix(&app, &txid).await;
    assert_eq!((s, &b["ja_pago"]), (200, &json!(true)), "{b}");
    assert_eq!(
        text(&app, "SELECT status_pix FROM orders WHERE id = $1", &order)
            .await
            .as_deref(),
        Some("2")
    );
    let trail = assert_money_adds_up(&app).await;
    assert_eq!(trail[&order].held, 1600, "{trail:?}");

    // A recurrence cancelled with its basket can no longer be authorised.
    let (s, b) = app
        .rpc(
            Some(&token),
            json!({"codigo": "alterar_assinatura", "id": id, "acao": "cancelar"}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = app.rpc(Some(&token), basket(day(3))).await;
    assert_eq!(s, 200, "{b}");
    let other = b["id"].as_str().unwrap().to_owned();
    let other_rec = text(
        &app,
        "SELECT rec_id FROM subscriptions WHERE id = $1",
        &other,
    )
    .await
    .unwrap();
    let (s, b) = app
        .rpc(
            Some(&token),
            json!({"codigo": "alterar_assinatura", "id": other, "acao": "cancelar"}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = authorise(&app, &other_rec).await;
    assert_eq!(s, 409, "{b}");
}

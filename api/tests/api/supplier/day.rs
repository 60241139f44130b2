//! The store's 'Dia de entrega' (decisions.md §36): `pegar_dia_entrega` lists every order of the
//! date that is paid or paid in person, and none other — an unpaid Pix is not a delivery
//! (decisions.md §27), a cancelled order is not one, another date's orders and another store's
//! are not there; on today's page the orders without a date awaiting delivery ('Sem data
//! marcada'). The dates are set on the orders directly (the edge of this test: the checkout's
//! choice of a date is `orders::days`'s).

use super::call;
use crate::fixtures::{BUYER, OTHER_SUPPLIER, SUPPLIER, cassava, demo_app, pay_pix};
use crate::helpers::TestApp;
use serde_json::{Value, json};
use wasm_core::date::Date;

async fn set_date(app: &TestApp, order: &Value, date: Option<&str>) {
    sqlx::query(
        "UPDATE orders SET data_entrega = $1, janela_inicio = $2, janela_fim = $3 WHERE id = $4",
    )
    .bind(date)
    .bind(date.map(|_| "08:00"))
    .bind(date.map(|_| "12:00"))
    .bind(order.as_str().unwrap())
    .execute(&app.app.db)
    .await
    .unwrap();
}

fn ids(day: &Value) -> Vec<String> {
    let mut v: Vec<String> = day["pedidos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["pedido"]["id"].as_str().unwrap().to_owned())
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&Value]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|o| o.as_str().unwrap().to_owned()).collect();
    v.sort();
    v
}

#[tokio::test]
async fn the_day_has_every_paid_or_in_person_order_of_its_date_and_none_other() {
    let app = demo_app().await;
    let (store, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let today = Date::of_ms(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64,
    )
    .unwrap();
    let day = today.add_days(4).unwrap().iso();
    let next = today.add_days(5).unwrap().iso();

    let mut placed = Vec::new();
    for pagamento in ["1", "2", "2", "1", "1", "1"] {
        let (s, b) = app.rpc(Some(&buyer), cassava(1, pagamento)).await;
        assert_eq!(s, 200, "{b}");
        placed.push(b["all"].clone());
    }
    let id = |i: usize| placed[i]["id"].clone();
    let (in_person, unpaid_pix, paid_pix, other_date, cancelled, undated) =
        (id(0), id(1), id(2), id(3), id(4), id(5));
    let (s, b) = pay_pix(&app, placed[2]["Infos"]["txid"].as_str().unwrap()).await;
    assert!(s < 300, "{b}");
    for o in [&in_person, &unpaid_pix, &paid_pix, &cancelled] {
        set_date(&app, o, Some(&day)).await;
    }
    set_date(&app, &other_date, Some(&next)).await;
    let (s, b) = call(&app, &store, "cancelar_entrega", json!({"item": cancelled})).await;
    assert_eq!(s, 200, "{b}");

    let (s, d) = call(&app, &store, "pegar_dia_entrega", json!({"data": day})).await;
    assert_eq!(s, 200, "{d}");
    assert_eq!(
        (d["data"].as_str(), d["hoje"].as_str()),
        (Some(day.as_str()), Some(today.iso().as_str()))
    );
    assert_eq!(d["loja"], "Sítio Boa Vista");
    assert_eq!(ids(&d), sorted(&[&in_person, &paid_pix]), "{d}");
    let first = &d["pedidos"][0];
    assert_eq!(first["sem_data"], false);
    assert_eq!(first["pedido"]["Infos"]["data_entrega"], json!(day));
    assert_eq!(first["pedido"]["Produtos"][0]["quantidade"], 1);

    // The next day has its own order only; today's page the orders without a date.
    let (_, d) = call(&app, &store, "pegar_dia_entrega", json!({"data": next})).await;
    assert_eq!(ids(&d), sorted(&[&other_date]));
    let (_, d) = call(&app, &store, "pegar_dia_entrega", json!({})).await;
    assert_eq!(d["data"], json!(today.iso()));
    assert_eq!(ids(&d), sorted(&[&undated]), "{d}");
    assert_eq!(d["pedidos"][0]["sem_data"], true);
    // Once delivered, an order without a date leaves today's page (it had no date to stay on).
    let (s, _) = call(&app, &store, "confirmar_entrega", json!({"item": undated})).await;
    assert_eq!(s, 200);
    let (_, d) = call(&app, &store, "pegar_dia_entrega", json!({})).await;
    assert_eq!(ids(&d), Vec::<String>::new());
    // A delivered order of the date stays on its day's page.
    let (s, _) = call(
        &app,
        &store,
        "confirmar_entrega",
        json!({"item": in_person}),
    )
    .await;
    assert_eq!(s, 200);
    let (_, d) = call(&app, &store, "pegar_dia_entrega", json!({"data": day})).await;
    assert_eq!(ids(&d), sorted(&[&in_person, &paid_pix]));

    // Another store sees none of them, whatever the payload says.
    let (ana, _) = app.login(OTHER_SUPPLIER).await;
    for date in [&day, &next] {
        let (s, d) = call(
            &app,
            &ana,
            "pegar_dia_entrega",
            json!({"data": date, "usuario": "demo-joao"}),
        )
        .await;
        assert_eq!(s, 200, "{d}");
        assert_eq!(ids(&d), Vec::<String>::new());
    }
    // A date that is not one.
    let (s, d) = call(
        &app,
        &store,
        "pegar_dia_entrega",
        json!({"data": "2026-02-30"}),
    )
    .await;
    assert_eq!(
        (s, d["error"].as_str()),
        (400, Some("Insira uma data válida."))
    );
    // A buyer without a store.
    let (s, _) = call(&app, &buyer, "pegar_dia_entrega", json!({})).await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn out_for_delivery_tells_each_buyer_of_the_route_once() {
    let app = demo_app().await;
    let (store, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let (_, a) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    let (_, b) = app.rpc(Some(&buyer), cassava(2, "1")).await;
    let (delivery, pickup) = (a["all"]["id"].clone(), b["all"]["id"].clone());
    // A delivery (set directly: the delivery fee's checkout is the orders tests').
    sqlx::query("UPDATE orders SET tipo_entrega = 'Entrega' WHERE id = $1")
        .bind(delivery.as_str().unwrap())
        .execute(&app.app.db)
        .await
        .unwrap();
    let subject = "Seu pedido da Sítio Boa Vista está a caminho";
    let told = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM email_outbox WHERE assunto = $1")
            .bind(subject)
            .fetch_one(&app.app.db)
            .await
            .unwrap()
    };
    let body = json!({"pedidos": [delivery, pickup, "nada"]});
    // Another store names them: nobody is told.
    let (ana, _) = app.login(OTHER_SUPPLIER).await;
    let (s, r) = call(&app, &ana, "saiu_para_entrega", body.clone()).await;
    assert_eq!((s, r["avisados"].as_i64()), (200, Some(0)), "{r}");
    assert_eq!(told().await, 0);
    // The store: the delivery's buyer once (a pickup is not on the route), however often tapped.
    let (s, r) = call(&app, &store, "saiu_para_entrega", body.clone()).await;
    assert_eq!((s, r["avisados"].as_i64()), (200, Some(1)), "{r}");
    let (s, r) = call(&app, &store, "saiu_para_entrega", body).await;
    assert_eq!((s, r["avisados"].as_i64()), (200, Some(0)), "{r}");
    assert_eq!(told().await, 1);
    let (to, text): (String, String) =
        sqlx::query_as("SELECT destinatario, corpo FROM email_outbox WHERE assunto = $1")
            .bind(subject)
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(to, BUYER);
    assert!(
        text.contains("saiu para entrega e está a caminho"),
        "{text}"
    );
}

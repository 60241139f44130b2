//! Delivery days and windows (decisions.md §36): the store saves its windows and cut-off in its
//! Entrega settings (bad input refused with its message, nothing lost); the checkout must carry
//! one of the dates and windows wasm-core offers now, the server recomputes them and refuses one
//! no longer offered or in the past; the order keeps and shows the one chosen. A store without
//! days takes orders without a date, as the spec's clients send them.

use crate::fixtures::{BUYER, SUPPLIER, cassava, demo_app, orders_count};
use crate::helpers::TestApp;
use serde_json::{Value, json};
use wasm_core::checkout::Fulfilment;
use wasm_core::date::Date;
use wasm_core::delivery::days::{DeliveryDays, Slot};

/// João's delivery settings (pickup and delivery, free) with `dias`.
fn settings(dias: Value) -> Value {
    json!({
        "codigo": "entregas_edit", "usuario": "demo-joao", "cidades": [], "vendasforn": 0,
        "form": {
            "entrega": "12", "taxaTipo": "", "taxaentrega": "", "taxaPorKm": "",
            "pedidominimoentrega": "", "pedidominimoretirada": "",
            "descricaoentrega": "", "descricaoretirada": "", "dias": dias,
        },
    })
}

fn window(tipo: &str, dia: u8, inicio: &str, fim: &str) -> Value {
    json!({"tipo": tipo, "dia_semana": dia, "inicio": inicio, "fim": fim})
}

/// The day in São Paulo `n` days from now.
fn day(n: i64) -> Date {
    Date::of_ms(now_ms()).unwrap().add_days(n).unwrap()
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

async fn save(app: &TestApp, token: &str, dias: Value) -> (u16, Value) {
    app.rpc(Some(token), settings(dias)).await
}

/// Pickup of the cassava at João's, with a date and window.
fn pickup_on(date: &str, inicio: &str, fim: &str) -> Value {
    let mut body = cassava(1, "1");
    body["data_entrega"] = json!(date);
    body["janela_inicio"] = json!(inicio);
    body["janela_fim"] = json!(fim);
    body
}

#[tokio::test]
async fn the_store_saves_its_days_and_bad_ones_are_refused_keeping_the_saved_ones() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let good = json!({
        "janelas": [
            window("entrega", 5, "08:00", "12:00"),
            window("entrega", 2, "08:00", "12:00"),
            window("retirada", 6, "9h", "11h30"),
        ],
        "corte_tipo": "dias", "corte_dias": "1", "corte_hora": "18:00",
    });
    let (s, b) = save(&app, &token, good).await;
    assert_eq!(s, 200, "{b}");
    let dias = &b["delivery"]["dias"];
    assert_eq!(dias["janelas"].as_array().unwrap().len(), 3);
    assert_eq!(dias["janelas"][0], window("entrega", 2, "08:00", "12:00"));
    assert_eq!(dias["janelas"][2], window("retirada", 6, "09:00", "11:30"));
    assert_eq!(
        (dias["corte_dias"].as_i64(), dias["corte_hora"].as_str()),
        (Some(1), Some("18:00"))
    );
    assert!(dias["corte_horas"].is_null());

    for (janelas, corte, message) in [
        (
            vec![window("entrega", 2, "12:00", "08:00")],
            json!({}),
            "A janela de entrega de terça-feira, 12h–8h termina antes de começar.",
        ),
        (
            vec![
                window("retirada", 5, "08:00", "12:00"),
                window("retirada", 5, "11:00", "14:00"),
            ],
            json!({}),
            "As janelas de retirada de sexta-feira, 8h–12h e 11h–14h se sobrepõem.",
        ),
        (
            vec![window("entrega", 2, "08:00", "12:00")],
            json!({"corte_tipo": "dias", "corte_dias": 0, "corte_hora": "10:00"}),
            "O prazo para pedidos termina depois do início da entrega de terça-feira, 8h–12h.",
        ),
        (
            vec![window("entrega", 2, "08:00", "12:00")],
            json!({"corte_tipo": "horas", "corte_horas": "-3"}),
            "O prazo para pedidos termina depois do início da entrega de terça-feira, 8h–12h.",
        ),
        (
            vec![window("entrega", 2, "8", "12:00")],
            json!({}),
            "Insira um horário válido, como 08:00.",
        ),
    ] {
        let mut dias = corte.clone();
        dias["janelas"] = json!(janelas);
        let (s, b) = save(&app, &token, dias).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(message)), "{b}");
    }
    // Nothing of a refused form was stored: the panel and the storefront still have the days.
    let (_, panel) = app
        .rpc(Some(&token), json!({"codigo": "loading_forn_site"}))
        .await;
    let dias = &panel["infos"]["extensoes"]["delivery"]["dias"];
    assert_eq!(dias["janelas"].as_array().unwrap().len(), 3, "{panel}");
    let (_, public) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-joao"}),
        )
        .await;
    let dias = &public["dadosforn"]["extensoes"]["delivery"]["dias"];
    assert_eq!(dias["janelas"][1], window("entrega", 5, "08:00", "12:00"));
    assert_eq!(dias["corte_hora"], "18:00");

    // The spec's client sends no `dias`: the days stay; an empty list removes them.
    let mut spec = settings(Value::Null);
    spec["form"].as_object_mut().unwrap().remove("dias");
    let (s, b) = app.rpc(Some(&token), spec).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        b["delivery"]["dias"]["janelas"].as_array().unwrap().len(),
        3
    );
    let (s, b) = save(&app, &token, json!({"janelas": []})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["delivery"]["dias"]["janelas"], json!([]));
    assert!(b["delivery"]["dias"]["corte_hora"].is_null());
}

#[tokio::test]
async fn the_checkout_takes_only_a_date_and_window_still_offered_and_the_order_keeps_it() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    // Pickups on the weekday three days from now, 8h–12h, orders until 18h the day before; and
    // on today's weekday from midnight to 00:01 (always started, so never offered today).
    let target = day(3);
    let today = day(0);
    let (s, b) = save(
        &app,
        &supplier,
        json!({
            "janelas": [
                window("retirada", target.weekday(), "08:00", "12:00"),
                window("retirada", today.weekday(), "00:00", "00:01"),
            ],
            "corte_tipo": "dias", "corte_dias": 1, "corte_hora": "18:00",
        }),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    // The server offers what wasm-core computes from the same rules.
    let days: DeliveryDays = serde_json::from_value(b["delivery"]["dias"].clone()).unwrap();
    let offered = days.offered(Fulfilment::Pickup, now_ms());
    let chosen = Slot::parse(&target.iso(), "08:00", "12:00").unwrap();
    assert!(offered.contains(&chosen), "{offered:?}");

    // No date at a store with days: choose one.
    let (s, b) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (400, Some("Escolha a data e o horário da retirada."))
    );
    // Not (or no longer) offered: yesterday, today's window already started, beyond the two
    // weeks, a window the store does not have, something that is not a date.
    for (date, inicio, fim) in [
        (day(-1).iso(), "00:00", "00:01"),
        (today.iso(), "00:00", "00:01"),
        (day(3 + 14).iso(), "08:00", "12:00"),
        (target.iso(), "09:00", "12:00"),
        ("amanhã".to_owned(), "08:00", "12:00"),
    ] {
        let (s, b) = app.rpc(Some(&buyer), pickup_on(&date, inicio, fim)).await;
        assert_eq!(s, 409, "{date} {inicio}: {b}");
        assert_eq!(
            b["error"],
            "Esta data de retirada não está mais disponível. Escolha outra."
        );
        assert_eq!(b["codigo_erro"], "data_indisponivel");
    }
    assert_eq!(orders_count(&app).await, 0);

    // An offered one is stored and shown to the buyer and the store.
    let (s, b) = app
        .rpc(Some(&buyer), pickup_on(&target.iso(), "08:00", "12:00"))
        .await;
    assert_eq!(s, 200, "{b}");
    let infos = &b["all"]["Infos"];
    assert_eq!(infos["data_entrega"], target.iso());
    assert_eq!(
        (
            infos["janela_inicio"].as_str(),
            infos["janela_fim"].as_str()
        ),
        (Some("08:00"), Some("12:00"))
    );
    assert_eq!(infos["data_entrega_texto"], chosen.label());
    let id = b["all"]["id"].as_str().unwrap().to_owned();
    let stored: (Option<String>, Option<String>, Option<String>) =
        sqlx::query_as("SELECT data_entrega, janela_inicio, janela_fim FROM orders WHERE id = $1")
            .bind(&id)
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(
        stored,
        (
            Some(target.iso()),
            Some("08:00".into()),
            Some("12:00".into())
        )
    );
    let (_, mine) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_pedidos"}))
        .await;
    let listed = mine.to_string();
    assert!(listed.contains(&chosen.label()), "{listed}");
    let (_, pending) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "pegar_entregas_pendentes"}),
        )
        .await;
    assert_eq!(
        pending["entregas"][0]["Infos"]["data_entrega"],
        target.iso(),
        "{pending}"
    );
    // Both e-mails say it.
    let bodies: Vec<String> = sqlx::query_scalar("SELECT corpo FROM email_outbox")
        .fetch_all(&app.app.db)
        .await
        .unwrap();
    let said = format!("Retirada: {}", chosen.label());
    assert_eq!(
        bodies.iter().filter(|b| b.contains(&said)).count(),
        2,
        "{bodies:?}"
    );

    // Delivery has no days here: an order for delivery carries no date, as before.
    let mut delivery = cassava(1, "1");
    delivery["entrega"] = json!(true);
    let (s, b) = app.rpc(Some(&buyer), delivery.clone()).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["all"]["Infos"].get("data_entrega").is_none(), "{b}");
    // … and refuses one sent anyway (no date is offered for it).
    delivery["data_entrega"] = json!(target.iso());
    delivery["janela_inicio"] = json!("08:00");
    delivery["janela_fim"] = json!("12:00");
    let (s, b) = app.rpc(Some(&buyer), delivery).await;
    assert_eq!(
        (s, b["codigo_erro"].as_str()),
        (409, Some("data_indisponivel")),
        "{b}"
    );
}

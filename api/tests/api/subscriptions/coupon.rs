//! A coupon on a recurring basket (decisions.md §35: "a coupon applies to the first cycle unless
//! it says otherwise"): a coupon the store marked 'Vale para todas as entregas da assinatura'
//! (`todas_entregas`) discounts every cycle's order, recomputed by wasm-core at each cycle; any
//! other coupon the first only; a coupon deleted stops discounting; the mark cannot go with one
//! use per buyer. On SQLite and on PostgreSQL.

use crate::fixtures::money::assert_money_adds_up;
use crate::fixtures::subscriptions::{
    basket, cassava, closes, cycle, day, run, store_with_days, subscribe,
};
use crate::fixtures::{BUYER, SUPPLIER, demo_app};
use crate::helpers::TestApp;
use serde_json::{Value, json};

async fn add_coupon(app: &TestApp, token: &str, form: Value) -> (u16, Value) {
    app.rpc(
        Some(token),
        json!({"codigo": "adicionar_cupom", "form": form}),
    )
    .await
}

/// The total of cycle `date` of basket `id`'s order.
async fn ordered(app: &TestApp, id: &str, date: wasm_core::date::Date) -> i64 {
    let (situacao, order, _) = cycle(app, id, date).await;
    assert_eq!(situacao, "pedido");
    sqlx::query_scalar("SELECT total_centavos FROM orders WHERE id = $1")
        .bind(order.unwrap())
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_coupon_for_every_delivery_discounts_each_cycle_and_another_only_the_first() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (store, _) = app.login(SUPPLIER).await;
    // The mark and one use per buyer cannot go together.
    let (s, b) = add_coupon(
        &app,
        &store,
        json!({"codigo": "CESTA", "valor": "10", "tipo": "%", "todas_entregas": true,
               "um_por_cliente": true}),
    )
    .await;
    assert_eq!(s, 400, "{b}");
    assert!(
        b["error"].as_str().unwrap().contains("todas as entregas"),
        "{b}"
    );
    let (s, b) = add_coupon(
        &app,
        &store,
        json!({"codigo": "CESTA", "valor": "10", "tipo": "%", "todas_entregas": true}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["cupons"]["CESTA"]["todas_entregas"], json!(true));
    let (s, b) = add_coupon(
        &app,
        &store,
        json!({"codigo": "PRIMEIRA", "valor": "10", "tipo": "%"}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["cupons"]["PRIMEIRA"]["todas_entregas"], json!(false));

    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let with = |code: &str| {
        let mut b = basket(cassava(2), 14.4, first, "semanal");
        b["infoscupom"] = json!({"codigo": code});
        b
    };
    let every = subscribe(&app, &token, with("CESTA")).await;
    assert_eq!(
        (
            every["total_centavos"].clone(),
            every["cupom_todas_entregas"].clone()
        ),
        (json!(1440), json!(true))
    );
    let once = subscribe(&app, &token, with("PRIMEIRA")).await;
    assert_eq!(
        (once["cupom"].clone(), once["cupom_todas_entregas"].clone()),
        (json!("PRIMEIRA"), json!(false))
    );
    let (every, once) = (
        every["id"].as_str().unwrap().to_owned(),
        once["id"].as_str().unwrap().to_owned(),
    );

    // Three cycles: CESTA's basket is discounted on each, PRIMEIRA's on the first only.
    let (second, third) = (first.add_days(7).unwrap(), first.add_days(14).unwrap());
    for date in [first, second, third] {
        run(&app, closes(date) + 60_000).await;
    }
    for date in [first, second, third] {
        assert_eq!(ordered(&app, &every, date).await, 1440, "{date:?}");
    }
    assert_eq!(ordered(&app, &once, first).await, 1440);
    assert_eq!(ordered(&app, &once, second).await, 1600);
    assert_eq!(ordered(&app, &once, third).await, 1600);
    let uses: i64 = sqlx::query_scalar("SELECT usos FROM coupons WHERE codigo = 'CESTA'")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(uses, 3, "each delivery's order takes a use");

    // 'Minhas assinaturas' says which still applies.
    let (_, mine) = app
        .rpc(Some(&token), json!({"codigo": "minhas_assinaturas"}))
        .await;
    let view = |id: &str| {
        mine["assinaturas"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["id"] == json!(id))
            .unwrap()
            .clone()
    };
    assert_eq!(view(&every)["cupom"], json!("CESTA"));
    assert_eq!(view(&every)["total_centavos"], json!(1440));
    assert_eq!(view(&once)["cupom"], Value::Null);
    assert_eq!(view(&once)["total_centavos"], json!(1600));

    // The store deletes the coupon: the next cycle is not discounted.
    let (s, b) = app
        .rpc(
            Some(&store),
            json!({"codigo": "excluir_cupom", "codigocupom": "CESTA"}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let fourth = first.add_days(21).unwrap();
    run(&app, closes(fourth) + 60_000).await;
    assert_eq!(ordered(&app, &every, fourth).await, 1600);
    assert_money_adds_up(&app).await;
}

//! The store's side of its recurring baskets (decisions.md §35): its next delivery's totals per
//! product ('2 cestas; …') and a vacation that skips every basket's cycles and tells each
//! subscriber once.

use super::{count, mails_with};
use crate::fixtures::subscriptions::{
    basket, cassava, closes, day, run, store_with_days, subscribe,
};
use crate::fixtures::{BUYER, SUPPLIER, demo_app};
use serde_json::json;

#[tokio::test]
async fn the_store_sees_its_next_delivery_totals_and_a_vacation_skips_and_tells_everyone() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    subscribe(&app, &token, basket(cassava(2), 16.0, first, "semanal")).await;
    let lines = json!([{"id": "demo-p04", "quantidade": 1}, {"id": "demo-p01", "quantidade": 1}]);
    subscribe(&app, &token, basket(lines, 12.5, first, "quinzenal")).await;
    let (store, _) = app.login(SUPPLIER).await;
    let (s, v) = app
        .rpc(Some(&store), json!({"codigo": "pegar_assinaturas_loja"}))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["proxima_data"], json!(first.iso()));
    assert_eq!(v["cestas"], json!(2));
    assert_eq!(v["total_centavos"], json!(1600 + 1250));
    let resumo = v["resumo"].as_str().unwrap();
    assert!(
        resumo.starts_with("2 cestas;") && resumo.contains("mandioca descascada 1 kg 3"),
        "{resumo}"
    );

    let (s, v) = app
        .rpc(
            Some(&store),
            json!({"codigo": "ferias_assinaturas", "de": first.iso(), "ate": first.add_days(3).unwrap().iso()}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["avisados"], json!(1));
    assert_eq!(mails_with(&app, "em férias").await, 1);
    run(&app, closes(first) + 1000).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM subscription_cycles WHERE situacao = 'ferias'"
        )
        .await,
        2
    );
    let (s, v) = app
        .rpc(
            Some(&store),
            json!({"codigo": "ferias_assinaturas", "de": day(-3).iso(), "ate": day(1).iso()}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
}

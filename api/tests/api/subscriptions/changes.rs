//! The buyer's changes to a basket (decisions.md §35): skip, pause and change apply to the cycle
//! before its cut-off and to the next after it; a cancelled basket makes nothing more; another
//! buyer cannot touch it.

use super::count;
use crate::fixtures::subscriptions::{
    HOUR, basket, cassava, closes, cycle, day, run, store_with_days, subscribe,
};
use crate::fixtures::{BUYER, demo_app};
use serde_json::{Value, json};

#[tokio::test]
async fn skip_pause_and_change_apply_before_the_cutoff_to_that_cycle_after_it_to_the_next() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (token, _) = app.login(BUYER).await;
    // Three days on: its notice is not yet due at the real clock (the app's own job runs too).
    let first = day(3);
    let b = subscribe(&app, &token, basket(cassava(2), 16.0, first, "semanal")).await;
    let id = b["id"].as_str().unwrap().to_owned();
    let change = |body: Value| {
        let mut body = body;
        body["codigo"] = json!("alterar_assinatura");
        body["id"] = json!(id.clone());
        body
    };

    // The notice, 24 hours before the cut-off, with the lines and total.
    assert_eq!(run(&app, closes(first) - 25 * HOUR).await.notices, 0);
    assert_eq!(run(&app, closes(first) - 23 * HOUR).await.notices, 1);
    assert_eq!(run(&app, closes(first) - 22 * HOUR).await.notices, 0);
    let body: String = sqlx::query_scalar(
        "SELECT corpo FROM email_outbox WHERE assunto LIKE 'Sua cesta de%' ORDER BY criado_em DESC",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert!(
        body.contains("2 × mandioca") && body.contains("R$ 16,00"),
        "{body}"
    );

    // Before the cut-off: the change is this cycle's.
    let (s, v) = app
        .rpc(
            Some(&token),
            change(json!({"acao": "alterar", "sacola": cassava(3)})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["total_centavos"], json!(2400));
    // Skip it.
    let (s, v) = app
        .rpc(Some(&token), change(json!({"acao": "pular"})))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["pular_data"], json!(first.iso()));
    assert_eq!(
        v["proxima_entrega"],
        json!(first.add_days(7).unwrap().iso())
    );
    run(&app, closes(first) + 1000).await;
    assert_eq!(cycle(&app, &id, first).await.0, "pulada");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);

    // Pause until the third week: the second is not made, the third is, with 3 units.
    let second = first.add_days(7).unwrap();
    let third = first.add_days(14).unwrap();
    let (s, v) = app
        .rpc(
            Some(&token),
            change(json!({"acao": "pausar", "ate": third.iso()})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["situacao"], json!("pausada"));
    assert_eq!(v["proxima_entrega"], json!(third.iso()));
    let (s, v) = app
        .rpc(
            Some(&token),
            change(json!({"acao": "pausar", "ate": day(-1).iso()})),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    run(&app, closes(second) + 1000).await;
    assert_eq!(cycle(&app, &id, second).await.0, "pausada");
    run(&app, closes(third) + 1000).await;
    let (situacao, order, _) = cycle(&app, &id, third).await;
    assert_eq!(situacao, "pedido");
    let q: i64 = sqlx::query_scalar("SELECT quantidade FROM order_lines WHERE order_id = $1")
        .bind(order.unwrap())
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(q, 3);
    let status: String = sqlx::query_scalar("SELECT situacao FROM subscriptions WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(status, "ativa");
}

#[tokio::test]
async fn a_change_after_the_cutoff_applies_to_the_next_cycle() {
    let app = demo_app().await;
    store_with_days(&app, 1).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let b = subscribe(&app, &token, basket(cassava(2), 16.0, first, "semanal")).await;
    let id = b["id"].as_str().unwrap().to_owned();
    // The store moves its cut-off to three days before: the first cycle's has passed now.
    store_with_days(&app, 3).await;
    let (s, v) = app
        .rpc(
            Some(&token),
            json!({"codigo": "alterar_assinatura", "id": id, "acao": "alterar",
                   "sacola": cassava(1)}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    // The first cycle was ordered as it stood (2 units); the change is the next one's.
    let (situacao, order, _) = cycle(&app, &id, first).await;
    assert_eq!(situacao, "pedido");
    let q: i64 = sqlx::query_scalar("SELECT quantidade FROM order_lines WHERE order_id = $1")
        .bind(order.unwrap())
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(q, 2);
    assert_eq!(v["proxima_data"], json!(first.add_days(7).unwrap().iso()));
    assert_eq!(v["itens"][0]["quantidade"], json!(1));
    // A skip after the cut-off skips the next one too.
    let (s, v) = app
        .rpc(
            Some(&token),
            json!({"codigo": "alterar_assinatura", "id": id, "acao": "pular"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["pular_data"], json!(first.add_days(7).unwrap().iso()));
    // Cancel: nothing more is made.
    let (s, v) = app
        .rpc(
            Some(&token),
            json!({"codigo": "alterar_assinatura", "id": id, "acao": "cancelar"}),
        )
        .await;
    assert_eq!((s, v["situacao"].clone()), (200, json!("cancelada")), "{v}");
    run(&app, closes(first.add_days(21).unwrap()) + 1000).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 1);
    // Another buyer cannot touch it.
    let (other, _) = app.login(crate::fixtures::OTHER_BUYER).await;
    let (s, _) = app
        .rpc(
            Some(&other),
            json!({"codigo": "alterar_assinatura", "id": id, "acao": "pular"}),
        )
        .await;
    assert_eq!(s, 404);
}

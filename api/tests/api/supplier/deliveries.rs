//! Entregas and Gestão: pending list, confirm and cancel (stock released as for the buyer's
//! cancellation), history by year and month, the management figures, and another supplier's
//! order is 403.

use super::{call, refused};
use crate::fixtures::OTHER_SUPPLIER;
use crate::fixtures::{BUYER, SUPPLIER, cassava, demo_app, stock};
use chrono::{Datelike, FixedOffset, Utc};
use serde_json::json;

#[tokio::test]
async fn pending_deliveries_are_confirmed_or_cancelled_by_their_supplier_only() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let before = stock(&app, "demo-p04").await;
    let (_, a) = app.rpc(Some(&buyer), cassava(2, "1")).await;
    let (_, b) = app.rpc(Some(&buyer), cassava(3, "1")).await;
    let (a, b) = (a["all"]["id"].clone(), b["all"]["id"].clone());
    assert_eq!(stock(&app, "demo-p04").await, before - 5);

    let (s, list) = call(&app, &token, "pegar_entregas_pendentes", json!({})).await;
    assert_eq!(s, 200, "{list}");
    assert_eq!(list["pendentes"], 2);
    let first = &list["entregas"][0];
    assert_eq!(first["id"], a);
    assert_eq!(first["Infos"]["tipo_entrega"], "Retirada");
    assert!(first["Infos"]["cliente_telefone"].is_string());
    assert_eq!(first["Produtos"][0]["quantidade"], 2);

    let (ana, _) = app.login(OTHER_SUPPLIER).await;
    for codigo in ["confirmar_entrega", "cancelar_entrega"] {
        assert_eq!(
            refused(
                &app,
                &ana,
                codigo,
                json!({"item": a, "usuario": "demo-joao"}),
                403
            )
            .await,
            "Você não tem permissão para esta ação."
        );
    }
    let (_, list) = call(&app, &ana, "pegar_entregas_pendentes", json!({})).await;
    assert_eq!(list["pendentes"], 0);
    assert_eq!(
        refused(
            &app,
            &token,
            "confirmar_entrega",
            json!({"item": "nada"}),
            404
        )
        .await,
        "Pedido não encontrado."
    );

    let (s, r) = call(
        &app,
        &token,
        "confirmar_entrega",
        json!({"item": {"idpedido": a}}),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["pendentes"], 1);
    assert_eq!(
        refused(&app, &token, "cancelar_entrega", json!({"item": a}), 409).await,
        "Esta entrega não está mais pendente."
    );
    let (s, r) = call(&app, &token, "cancelar_entrega", json!({"item": b})).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["pendentes"], 0);
    assert_eq!(
        stock(&app, "demo-p04").await,
        before - 2,
        "the cancelled 3 are back"
    );

    // The buyer sees both outcomes.
    let (_, mine) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_pedidos"}))
        .await;
    let situacao = |id: &serde_json::Value| {
        mine["pedidos"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| &o["id"] == id)
            .unwrap()["Infos"]["situacao"]
            .clone()
    };
    assert_eq!(situacao(&a), "2");
    assert_eq!(situacao(&b), "0");

    // History of this month: both, keyed by id; the years start at the first order.
    let now = Utc::now().with_timezone(&FixedOffset::west_opt(3 * 3600).unwrap());
    let (s, h) = call(
        &app,
        &token,
        "pegar_entregas",
        json!({"ano": now.year(), "mes": format!("{:02}", now.month())}),
    )
    .await;
    assert_eq!(s, 200, "{h}");
    let all = h["all"].as_object().unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[a.as_str().unwrap()]["Infos"]["situacao"], "2");
    assert_eq!(h["anos"], json!([now.year()]));
    let (_, h) = call(
        &app,
        &token,
        "pegar_entregas",
        json!({"ano": now.year() - 1, "mes": "01"}),
    )
    .await;
    assert!(h["all"].as_object().unwrap().is_empty());
    assert_eq!(
        refused(
            &app,
            &token,
            "pegar_entregas",
            json!({"ano": 2025, "mes": "13"}),
            400
        )
        .await,
        "Selecione um ano e um mês válidos."
    );

    // Gestão: the confirmed order only (the cancelled one and an unpaid Pix one are not revenue).
    let (s, _) = app.rpc(Some(&buyer), cassava(1, "2")).await;
    assert_eq!(s, 200);
    let (s, g) = call(
        &app,
        &token,
        "pegar_gestao",
        json!({"ano": now.year(), "mes": now.month()}),
    )
    .await;
    assert_eq!(s, 200, "{g}");
    assert_eq!(g["total"], 16.0);
    assert_eq!(g["pedidos"], 1);
    assert_eq!(
        g["produtos"],
        json!([{"titulo": "mandioca descascada 1 kg", "opcao": null, "quantidade": 2, "total": 16.0}])
    );
    let (_, g) = call(
        &app,
        &ana,
        "pegar_gestao",
        json!({"ano": now.year(), "mes": now.month()}),
    )
    .await;
    assert_eq!(g["produtos"], json!([]));
}

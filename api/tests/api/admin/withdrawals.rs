//! `pegar_solicitacoes_saque` and `confirmar_saque`: a request made by the supplier panel's
//! `transferir` is paid out exactly once, and the supplier's payment history shows '3' (Saque).

use super::{ok, paid_pix_order, payout_state, withdrawal_request};
use crate::fixtures::ADMIN_EMAIL;
use crate::fixtures::{BUYER, SUPPLIER, demo_app};
use serde_json::json;

#[tokio::test]
async fn double_confirmation_leaves_one_payout() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let orders = [
        paid_pix_order(&app, &buyer, 2).await,
        paid_pix_order(&app, &buyer, 3).await,
    ];
    let id = withdrawal_request(&app, "(19)99876-5432").await;

    let res = ok(
        &app,
        Some(&admin),
        json!({"codigo": "pegar_solicitacoes_saque"}),
    )
    .await;
    let pendentes = res["pendentes"].as_array().unwrap();
    assert_eq!(pendentes.len(), 1, "{res}");
    assert_eq!(pendentes[0]["id"], id.as_str());
    assert_eq!(pendentes[0]["nomeforn"], "Sítio Boa Vista");
    // R$ 40,00 gross, 2 % fee: R$ 39,20 to transfer.
    assert_eq!(pendentes[0]["Solicitacao"]["valor"], 39.2);
    assert_eq!(pendentes[0]["Solicitacao"]["bruto"], 40.0);
    assert_eq!(pendentes[0]["Solicitacao"]["taxa"], 0.8);
    assert_eq!(pendentes[0]["Solicitacao"]["chave_pix"], "(19)99876-5432");

    // Two confirmations at once, then a third: exactly one pays out.
    let confirm = json!({"codigo": "confirmar_saque", "userforn": id});
    let (a, b) = tokio::join!(
        app.rpc(Some(&admin), confirm.clone()),
        app.rpc(Some(&admin), confirm.clone())
    );
    assert_eq!((a.0, b.0), (200, 200), "{} {}", a.1, b.1);
    let done = [&a.1, &b.1]
        .iter()
        .filter(|r| r["confirmado"] == true)
        .count();
    assert_eq!(done, 1, "one of them paid out: {} {}", a.1, b.1);
    let (status, at, items) = payout_state(&app, &id).await;
    assert_eq!(status, "pago");
    assert!(at.is_some());
    assert_eq!(
        items,
        vec!["3".to_owned(), "3".to_owned()],
        "status '3' Saque"
    );

    // The supplier's payment history shows both orders as '3' (Saque).
    let (supplier, _) = app.login(SUPPLIER).await;
    let history = ok(
        &app,
        Some(&supplier),
        json!({"codigo": "pegar_historico_pagamentos"}),
    )
    .await;
    for order in &orders {
        let row = history["fechados"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == order.as_str())
            .unwrap_or_else(|| panic!("{order} in {history}"));
        assert_eq!(row["status_pix"], "3", "{row}");
    }

    let again = ok(&app, Some(&admin), confirm).await;
    assert_eq!(again["confirmado"], false);
    assert_eq!(payout_state(&app, &id).await, (status, at, items));
    let paid: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM withdrawals WHERE status = 'pago'")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(paid, 1);

    let res = ok(
        &app,
        Some(&admin),
        json!({"codigo": "pegar_solicitacoes_saque"}),
    )
    .await;
    assert_eq!(res["pendentes"], json!([]));
    let (status, res) = app
        .rpc(
            Some(&admin),
            json!({"codigo": "confirmar_saque", "userforn": "nao-existe"}),
        )
        .await;
    assert_eq!(status, 404, "{res}");
}

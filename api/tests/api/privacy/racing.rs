//! An account deletion racing orders (decisions.md §34): the deletion takes its check and its
//! changes in one transaction that writes the person's row, which every order placement writes
//! first too, so no order is left in progress for a deleted buyer or store, whatever commits
//! first, and no personal field (CEP and bairro included) survives.

use super::every_row;
use crate::fixtures::{BUYER, OTHER_BUYER, SUPPLIER, cassava, demo_app, stock};
use crate::helpers::TestApp;
use serde_json::json;

const DELETE: &str = r#"{"codigo": "excluir_minha_conta", "confirmacao": "EXCLUIR"}"#;

/// Orders of `column` = `id` still awaiting delivery or payment.
async fn in_progress(app: &TestApp, column: &str, id: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM orders WHERE {column} = $1 AND situacao = '1'");
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

fn assert_nowhere(rows: &[String], secrets: &[&str]) {
    for row in rows {
        for secret in secrets {
            assert!(
                !row.to_lowercase().contains(&secret.to_lowercase()),
                "{secret} left in {row}"
            );
        }
    }
}

#[tokio::test]
async fn a_buyer_deleted_while_twenty_orders_race_keeps_no_order_in_progress_nor_any_field() {
    let app = demo_app().await;
    let email = "xisto.valadares@feira.test";
    let (token, info) = app.login(email).await;
    let id = info["usuario"].as_str().unwrap().to_owned();
    for body in [
        json!({"codigo": "alterar_nome", "nome": "Xisto Valadares"}),
        json!({"codigo": "alterar_endereco", "rua": "Rua Quixabeira Oculta", "numero": "31",
               "cidade": "Piracicaba, SP", "telefone": "(19) 99321-7788", "complemento": "",
               "bairro": "Jardim Zabumba", "cep": "13419-551"}),
    ] {
        let (s, b) = app.rpc(Some(&token), body).await;
        assert_eq!(s, 200, "{b}");
    }
    let cep: Option<String> = sqlx::query_scalar("SELECT cep FROM users WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert!(cep.is_some(), "the CEP was stored");

    // 20 orders (Pix, unpaid: no delivery yet, so they do not hold the deletion) and the
    // deletion, all at once.
    let orders = (0..20).map(|_| app.rpc(Some(&token), cassava(1, "2")));
    let deletion = app.rpc(Some(&token), serde_json::from_str(DELETE).unwrap());
    let (placed, (s, b)) = tokio::join!(futures::future::join_all(orders), deletion);
    assert_eq!(s, 200, "{b}");
    for (status, body) in &placed {
        assert!(
            [200, 400, 401, 403].contains(status),
            "an order answered {status}: {body}"
        );
    }
    assert_eq!(in_progress(&app, "buyer_id", &id).await, 0);
    let pending: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pix_charges WHERE user_id = $1 AND status = 'pendente'",
    )
    .bind(&id)
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(pending, 0, "no charge left to pay");
    assert_eq!(stock(&app, "demo-p04").await, 20, "every unit given back");
    assert_nowhere(
        &every_row(&app).await,
        &[
            "Xisto",
            "Valadares",
            email,
            "99321-7788",
            "Quixabeira",
            "Zabumba",
            "13419551",
            "13419-551",
        ],
    );
    // Anything after it is refused.
    let (s, _) = app.rpc(Some(&token), cassava(1, "2")).await;
    assert_eq!(s, 401);
}

#[tokio::test]
async fn a_store_deleted_while_twenty_orders_race_keeps_no_order_in_progress_nor_any_field() {
    let app = demo_app().await;
    let (store, _) = app.login(SUPPLIER).await;
    let (carla, _) = app.login(BUYER).await;
    let (ana, _) = app.login(OTHER_BUYER).await;
    sqlx::query(
        "UPDATE suppliers SET entrega_cep = '13418260', entrega_bairro = 'Bairro Quiriquiri' \
         WHERE user_id = 'demo-joao'",
    )
    .execute(&app.app.db)
    .await
    .unwrap();
    let (telefone, documento): (String, String) =
        sqlx::query_as("SELECT telefone, documento FROM suppliers WHERE user_id = 'demo-joao'")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    // One order placed before: awaiting its Pix, it is cancelled by the deletion.
    let (s, first) = app.rpc(Some(&carla), cassava(2, "2")).await;
    assert_eq!(s, 200, "{first}");

    let orders = (0..20).map(|i| {
        app.rpc(
            Some(if i % 2 == 0 { &carla } else { &ana }),
            cassava(1, "2"),
        )
    });
    let deletion = app.rpc(Some(&store), serde_json::from_str(DELETE).unwrap());
    let (placed, (s, b)) = tokio::join!(futures::future::join_all(orders), deletion);
    assert_eq!(s, 200, "{b}");
    for (status, body) in &placed {
        assert!(
            [200, 400].contains(status),
            "an order answered {status}: {body}"
        );
    }
    assert_eq!(in_progress(&app, "supplier_id", "demo-joao").await, 0);
    let payable: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pix_charges c JOIN orders o ON o.id = c.order_id \
         WHERE o.supplier_id = 'demo-joao' AND c.status = 'pendente'",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(payable, 0, "nothing left to pay for nobody");
    // Their buyers were told, with the store's name gone.
    let told: Vec<(String, String)> = sqlx::query_as(
        "SELECT destinatario, corpo FROM email_outbox WHERE assunto LIKE 'Pedido cancelado%'",
    )
    .fetch_all(&app.app.db)
    .await
    .unwrap();
    assert!(!told.is_empty());
    assert!(
        told.iter()
            .all(|(to, body)| [BUYER, OTHER_BUYER].contains(&to.as_str())
                && body.contains("cancelado pela loja"))
    );
    assert_nowhere(
        &every_row(&app).await,
        &[SUPPLIER, &telefone, &documento, "Quiriquiri", "13418260"],
    );
}

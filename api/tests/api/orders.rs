//! Orders on the demo data: `finalizar_pedido` recomputes everything (decisions.md §7), reserves
//! stock atomically (§8), refuses tampering with nothing stored; `pegar_pedidos`,
//! `consultar_pagamento` and `cancelar_pedido` only for the order's own people.

mod cases;
mod days;
mod delivery;
pub mod idempotency;
mod notes;
mod options;
mod receipt;
mod refusals;
mod sales;
mod stock;

use crate::fixtures::{
    BUYER, OTHER_BUYER, SUPPLIER, cassava, demo_app, exec, fee_to, orders_count, scalar_i64, stock,
};
use serde_json::json;

fn reais(centavos: i64) -> f64 {
    centavos as f64 / 100.0
}

#[tokio::test]
async fn a_delivery_order_with_promo_per_km_fee_and_coupon_is_recomputed_and_stored() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    // 3 × alface at the promo R$ 3,90 (from 3) + 1 cesta R$ 65,00 = R$ 76,70; 10 % = R$ 7,67.
    let fee = fee_to(&app, "demo-carla").await;
    assert!(fee > 100, "a few km at R$ 2,50: {fee}");
    let total = 7670 + fee - 767;
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({
                "codigo": "finalizar_pedido", "site": true,
                "sacola": [
                    {"id": "demo-p01", "quantidade": 3, "preco": 0.01, "precopromo": 0.01},
                    {"id": "demo-p09", "quantidade": 1, "opcaoselecionada": "Com folhas"},
                ],
                "forn": {"usuario": "demo-joao"}, "dados": {"usuario": "demo-ana"},
                "total": reais(total), "desconto": 99, "taxaentregafinal": 0,
                "pagamento": "1", "entrega": true,
                "infoscupom": {"codigo": "bemvindo10", "tipo": "R$", "valor": 70},
            }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let infos = &body["all"]["Infos"];
    assert_eq!(infos["cliente_user"], "demo-carla");
    assert_eq!(infos["userforn"], "demo-joao");
    assert_eq!(infos["nomeforn"], "Sítio Boa Vista");
    assert_eq!(infos["tipo_entrega"], "Entrega");
    assert_eq!(infos["situacao"], "1");
    assert_eq!(infos["pagamento"], "1");
    assert!(infos["status_pix"].is_null() && infos["qrcode"].is_null());
    assert_eq!(infos["preco_produtos"], 76.7);
    assert_eq!(infos["taxa_entrega"], reais(fee));
    assert_eq!(infos["desconto"], 7.67);
    assert_eq!(infos["total_pago"], reais(total));
    assert_eq!(infos["cupom"]["codigo"], "BEMVINDO10");
    assert_eq!(infos["cupom"]["tipo"], "%");
    assert_eq!(infos["cupom"]["valor"], 10.0);
    assert_eq!(infos["rua"], "Avenida Independência");
    assert_eq!(infos["complemento"], "Apto 42");
    let lines = body["all"]["Produtos"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["preco"], 3.9);
    assert_eq!(lines[0]["pago"], 11.7);
    assert_eq!(lines[1]["opcao"], "Com folhas");
    let phone: String = sqlx::query_scalar("SELECT telefone FROM suppliers WHERE user_id = $1")
        .bind("demo-joao")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(lines[1]["telefone"], phone);
    assert_eq!(infos["telefoneforn"], phone);
    assert!(body.get("qrcode").is_none());
    // The stock is held; the sales counters wait for the delivery (paid or delivered only).
    assert_eq!(stock(&app, "demo-p01").await, 37);
    assert_eq!(stock(&app, "demo-p09").await, 9);
    let sql = "SELECT vendas FROM products WHERE id = $1";
    assert_eq!(scalar_i64(&app, sql, "demo-p01").await, 35);
    let sql = "SELECT vendasforn FROM suppliers WHERE user_id = $1";
    assert_eq!(scalar_i64(&app, sql, "demo-joao").await, 120);
}

#[tokio::test]
async fn a_client_total_off_by_one_real_is_refused_and_nothing_is_stored() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    for off in [1.0, -1.0, 0.02] {
        let mut body = cassava(2, "1");
        body["total"] = json!(16.0 + off);
        let (status, answer) = app.rpc(Some(&token), body).await;
        assert_eq!(status, 409, "{off}: {answer}");
        assert_eq!(answer["error"], "Os preços mudaram. Revise o pedido.");
        assert_eq!(answer["codigo_erro"], "precos_mudaram");
    }
    assert_eq!(orders_count(&app).await, 0);
    assert_eq!(stock(&app, "demo-p04").await, 20);
    // One centavo away is still the same total.
    let mut body = cassava(2, "1");
    body["total"] = json!(16.01);
    let (status, answer) = app.rpc(Some(&token), body).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["all"]["Infos"]["total_pago"], 16.0);
}

#[tokio::test]
async fn two_hundred_concurrent_orders_against_stock_fifty_sell_exactly_fifty() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    exec(
        &app,
        "UPDATE products SET estoque = 50 WHERE id = $1",
        "demo-p04",
    )
    .await;
    let attempts = (0..200).map(|_| app.rpc(Some(&token), cassava(1, "1")));
    let results = futures::future::join_all(attempts).await;
    let ok = results.iter().filter(|(s, _)| *s == 200).count();
    for (status, body) in results.iter().filter(|(s, _)| *s != 200) {
        assert_eq!(*status, 409, "{body}");
        assert_eq!(
            body["error"],
            "Estoque insuficiente para mandioca descascada 1 kg"
        );
    }
    assert_eq!(ok, 50);
    assert_eq!(stock(&app, "demo-p04").await, 0);
    assert_eq!(orders_count(&app).await, 50);
    let sql = "SELECT COUNT(*) FROM order_lines WHERE product_id = $1";
    assert_eq!(scalar_i64(&app, sql, "demo-p04").await, 50);
}

#[tokio::test]
async fn pegar_pedidos_lists_only_the_buyers_orders_newest_first() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let (first, _) = app.rpc(Some(&token), cassava(1, "1")).await;
    assert_eq!(first, 200);
    let (_, second) = app.rpc(Some(&token), cassava(2, "2")).await;
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "pegar_pedidos", "dados": {"usuario": "demo-ana"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let pedidos = body["pedidos"].as_array().unwrap();
    assert_eq!(pedidos.len(), 2);
    assert_eq!(pedidos[0]["idpedido"], second["all"]["idpedido"]);
    assert_eq!(pedidos[0]["Infos"]["status_pix"], "1");
    assert_eq!(pedidos[0]["Produtos"][0]["quantidade"], 2);
    assert_eq!(pedidos[1]["Infos"]["total_pago"], 8.0);
    assert!(
        pedidos[0]["Infos"]["horario_pedido"].as_i64()
            >= pedidos[1]["Infos"]["horario_pedido"].as_i64()
    );
    let (ana, _) = app.login(OTHER_BUYER).await;
    let (_, body) = app
        .rpc(Some(&ana), json!({"codigo": "pegar_pedidos"}))
        .await;
    assert_eq!(body["pedidos"], json!([]));
    let (status, _) = app.rpc(None, json!({"codigo": "pegar_pedidos"})).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn another_users_order_cannot_be_read_or_cancelled() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let (_, placed) = app.rpc(Some(&token), cassava(1, "2")).await;
    let id = placed["all"]["idpedido"].as_str().unwrap().to_owned();
    let txid = placed["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    let (ana, _) = app.login(OTHER_BUYER).await;
    for all in [json!({"idpedido": id}), json!({"txid": txid})] {
        let (status, body) = app
            .rpc(
                Some(&ana),
                json!({"codigo": "consultar_pagamento", "all": all}),
            )
            .await;
        assert_eq!(status, 403, "{body}");
    }
    let (status, _) = app
        .rpc(
            Some(&ana),
            json!({"codigo": "cancelar_pedido", "item": id, "usuario": "demo-carla"}),
        )
        .await;
    assert_eq!(status, 403);
    // The supplier may check the payment of their own order; nobody may without a session.
    let (seller, _) = app.login(SUPPLIER).await;
    let (status, body) = app
        .rpc(
            Some(&seller),
            json!({"codigo": "consultar_pagamento", "all": {"idpedido": id}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"pago": false, "expirado": false, "pix_devolvido": null})
    );
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "consultar_pagamento", "all": {"idpedido": id}}),
        )
        .await;
    assert_eq!(status, 401);
    let (status, _) = app
        .rpc(
            Some(&ana),
            json!({"codigo": "cancelar_pedido", "item": "nada"}),
        )
        .await;
    assert_eq!(status, 404);
    // Still awaiting, stock still reserved.
    let sql = "SELECT COUNT(*) FROM orders WHERE situacao = '1' AND id = $1";
    assert_eq!(scalar_i64(&app, sql, &id).await, 1);
    assert_eq!(stock(&app, "demo-p04").await, 19);
}

#[tokio::test]
async fn cancelling_releases_stock_once_and_only_while_awaiting_delivery() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let (_, placed) = app.rpc(Some(&token), cassava(3, "1")).await;
    let id = placed["all"]["idpedido"].as_str().unwrap().to_owned();
    assert_eq!(stock(&app, "demo-p04").await, 17);
    let cancel = json!({"codigo": "cancelar_pedido", "item": id});
    let (status, body) = app.rpc(Some(&token), cancel.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(stock(&app, "demo-p04").await, 20);
    let sql = "SELECT vendas FROM products WHERE id = $1";
    assert_eq!(scalar_i64(&app, sql, "demo-p04").await, 19);
    let (_, list) = app
        .rpc(Some(&token), json!({"codigo": "pegar_pedidos"}))
        .await;
    assert_eq!(list["pedidos"][0]["Infos"]["situacao"], "00");
    // Twice: refused, stock untouched.
    let (status, _) = app.rpc(Some(&token), cancel).await;
    assert_eq!(status, 409);
    assert_eq!(stock(&app, "demo-p04").await, 20);
    // A delivered order cannot be cancelled.
    let (_, placed) = app.rpc(Some(&token), cassava(1, "1")).await;
    let id = placed["all"]["idpedido"].as_str().unwrap().to_owned();
    exec(&app, "UPDATE orders SET situacao = '2' WHERE id = $1", &id).await;
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "cancelar_pedido", "item": {"idpedido": id}}),
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(body["error"], "Este pedido não pode mais ser cancelado.");
    assert_eq!(stock(&app, "demo-p04").await, 19);
}

//! `finalizar_pedido`'s refusals: tampered prices, fees, coupons, quantities, options and
//! supplier ids (decisions.md §7), and the spec's checkout rules; nothing is ever stored.

use crate::fixtures::{BUYER, cassava, demo_app, exec, fee_to, orders_count, stock};
use crate::helpers::TestApp;
use serde_json::{Value, json};
use wasm_core::messages::quantidade_minima;

/// `finalizar_pedido` from `cassava(1)` with `change` applied; returns status and error.
async fn refused(app: &TestApp, token: &str, change: impl FnOnce(&mut Value)) -> (u16, String) {
    let mut body = cassava(1, "1");
    change(&mut body);
    let (status, answer) = app.rpc(Some(token), body).await;
    (
        status,
        answer["error"].as_str().unwrap_or_default().to_owned(),
    )
}

#[tokio::test]
async fn tampered_prices_fees_coupons_quantities_and_suppliers_are_refused_with_nothing_stored() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let t = token.as_str();
    let r = |status: u16, msg: &str| (status, msg.to_owned());
    let item = |body: &mut Value, v: Value| body["sacola"] = json!([v]);

    // A total computed from a tampered price.
    assert_eq!(
        refused(&app, t, |b| b["total"] = json!(0.01)).await,
        r(409, "Os preços mudaram. Revise o pedido.")
    );
    // Delivery with the fee left out of the total.
    let fee = fee_to(&app, "demo-carla").await;
    assert!(fee > 0);
    assert_eq!(
        refused(&app, t, |b| {
            item(b, json!({"id": "demo-p04", "quantidade": 4}));
            b["entrega"] = json!(true);
            b["total"] = json!(32.0);
            b["taxaentregafinal"] = json!(0);
        })
        .await,
        r(409, "Os preços mudaram. Revise o pedido.")
    );
    // Coupons: unknown, or another supplier's.
    for code in ["NAOEXISTE", "QUEIJO15"] {
        assert_eq!(
            refused(&app, t, |b| b["infoscupom"] =
                json!({"codigo": code, "valor": 100}))
            .await,
            r(400, "Cupom não encontrado!")
        );
    }
    // Quantities: zero, below the product's minimum, above the stock, negative.
    assert_eq!(
        refused(&app, t, |b| item(
            b,
            json!({"id": "demo-p04", "quantidade": 0})
        ))
        .await,
        r(400, &quantidade_minima("mandioca descascada 1 kg", 1))
    );
    assert_eq!(
        refused(&app, t, |b| {
            item(
                b,
                json!({"id": "demo-p10", "quantidade": 2, "opcaoselecionada": "Alecrim"}),
            );
            b["total"] = json!(10.0);
        })
        .await,
        r(400, &quantidade_minima("mudas de temperos em copinho", 3))
    );
    assert_eq!(
        refused(&app, t, |b| {
            item(b, json!({"id": "demo-p04", "quantidade": 21}));
            b["total"] = json!(168.0);
        })
        .await,
        r(409, "Estoque insuficiente para mandioca descascada 1 kg")
    );
    assert_eq!(
        refused(&app, t, |b| item(
            b,
            json!({"id": "demo-p04", "quantidade": -1})
        ))
        .await,
        r(400, "Dados inválidos.")
    );
    // Options: missing, or not the product's (decisions.md §39: the message says which).
    for (opcao, message) in [
        (json!(null), "Selecione uma opção"),
        (
            json!("Inteira"),
            "A opção Inteira não existe em couve manteiga. Escolha outra opção.",
        ),
    ] {
        assert_eq!(
            refused(&app, t, |b| {
                item(
                    b,
                    json!({"id": "demo-p02", "quantidade": 2, "opcaoselecionada": opcao}),
                );
            })
            .await,
            r(400, message)
        );
    }
    // Suppliers: a claim that is not the products', or two suppliers in one bag.
    let other = "Você já possui produtos de outro fornecedor no carrinho";
    assert_eq!(
        refused(&app, t, |b| b["forn"] = json!("demo-ana")).await,
        r(400, other)
    );
    assert_eq!(
        refused(&app, t, |b| b["sacola"][0]["userforn"] = json!("demo-ana")).await,
        r(400, other)
    );
    let ana_product: String =
        sqlx::query_scalar("SELECT id FROM products WHERE supplier_id = 'demo-ana' LIMIT 1")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(
        refused(&app, t, |b| {
            b["sacola"]
                .as_array_mut()
                .unwrap()
                .push(json!({"id": ana_product, "quantidade": 1}));
        })
        .await,
        r(400, other)
    );
    // A disabled product, an unknown one, and a payment the supplier does not take.
    assert_eq!(
        refused(&app, t, |b| item(
            b,
            json!({"id": "demo-p05", "quantidade": 1})
        ))
        .await,
        r(400, "abobrinha italiana está indisponível.")
    );
    assert_eq!(
        refused(&app, t, |b| item(b, json!({"id": "nada", "quantidade": 1}))).await,
        r(400, "Um produto da sacola não existe mais.")
    );
    sqlx::query("UPDATE suppliers SET pagamento_opcoes = '1' WHERE user_id = 'demo-joao'")
        .execute(&app.app.db)
        .await
        .unwrap();
    assert_eq!(
        refused(&app, t, |b| b["pagamento"] = json!("2")).await,
        r(400, "Esta forma de pagamento não é aceita pela loja.")
    );

    assert_eq!(orders_count(&app).await, 0);
    assert_eq!(stock(&app, "demo-p04").await, 20);
    let charges: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pix_charges")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(charges, 0);
}

#[tokio::test]
async fn purchases_closed_minimum_order_delivery_and_address_rules_are_the_specs() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let t = token.as_str();
    // Minimum order for delivery (R$ 30,00): 1 × R$ 8,00, R$ 22,00 missing (issue 29).
    assert_eq!(
        refused(&app, t, |b| b["entrega"] = json!(true)).await,
        (
            400,
            "Faltam R$ 22,00 para o pedido mínimo de entrega.".to_owned()
        )
    );
    // Purchases closed.
    exec(
        &app,
        "UPDATE suppliers SET compras_fechadas = TRUE WHERE user_id = $1",
        "demo-joao",
    )
    .await;
    assert_eq!(
        refused(&app, t, |_| {}).await,
        (
            400,
            "Sítio Boa Vista está com o período de compras fechado!".to_owned()
        )
    );
    exec(
        &app,
        "UPDATE suppliers SET compras_fechadas = FALSE, entrega_opcoes = '2' WHERE user_id = $1",
        "demo-joao",
    )
    .await;
    // Delivery not offered.
    assert_eq!(
        refused(&app, t, |b| {
            b["sacola"][0]["quantidade"] = json!(4);
            b["total"] = json!(32.0);
            b["entrega"] = json!(true);
        })
        .await,
        (400, "Entrega indisponível".to_owned())
    );
    // A buyer without a street.
    let (newcomer, _) = app.login("novo@feira.test").await;
    assert_eq!(
        refused(&app, &newcomer, |_| {}).await,
        (400, "Cadastre um endereço para realizar compras".to_owned())
    );
    // Signed out.
    let (status, _) = app.rpc(None, cassava(1, "1")).await;
    assert_eq!(status, 401);
    assert_eq!(orders_count(&app).await, 0);
}

#[tokio::test]
async fn a_quantity_above_the_maximum_is_refused() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let (status, msg) = refused(&app, &token, |b| {
        b["sacola"] = json!([{"id": "demo-p04", "quantidade": 1_000_000_000}]);
        b["total"] = json!(8e9);
    })
    .await;
    assert_eq!(
        (status, msg.as_str()),
        (
            400,
            "A quantidade máxima de mandioca descascada 1 kg por pedido é 1000"
        )
    );
    assert_eq!(orders_count(&app).await, 0);
    assert_eq!(stock(&app, "demo-p04").await, 20);
}

#[tokio::test]
async fn a_buyer_holds_a_bounded_number_of_unpaid_open_orders_per_store() {
    use feira_api::domain::orders::open::{DEFAULT_MAX_OPEN_ORDERS, pedidos_em_aberto};
    let app = crate::helpers::spawn_app_with(|c| {
        c.seed_demo = true;
        c.security.max_open_orders = Some(DEFAULT_MAX_OPEN_ORDERS);
    })
    .await;
    let (token, _) = app.login(BUYER).await;
    exec(
        &app,
        "UPDATE products SET estoque = 100 WHERE id = $1",
        "demo-p04",
    )
    .await;
    let mut ids = Vec::new();
    // In person and Pix awaiting payment both hold stock; the bound counts both, at once too.
    let attempts = (0..DEFAULT_MAX_OPEN_ORDERS + 3)
        .map(|i| app.rpc(Some(&token), cassava(1, if i % 2 == 0 { "1" } else { "2" })));
    for (status, body) in futures::future::join_all(attempts).await {
        if status == 200 {
            ids.push(body["all"]["idpedido"].as_str().unwrap().to_owned());
        } else {
            assert_eq!(
                (status, body["error"].as_str().unwrap()),
                (409, pedidos_em_aberto(DEFAULT_MAX_OPEN_ORDERS).as_str())
            );
        }
    }
    assert_eq!(ids.len(), DEFAULT_MAX_OPEN_ORDERS as usize);
    assert_eq!(
        stock(&app, "demo-p04").await,
        100 - i64::from(DEFAULT_MAX_OPEN_ORDERS)
    );
    // Another buyer is not held back.
    let (other, _) = app.login(super::OTHER_BUYER).await;
    assert_eq!(app.rpc(Some(&other), cassava(1, "1")).await.0, 200);
    // One delivered order frees a place.
    exec(
        &app,
        "UPDATE orders SET situacao = '2' WHERE id = $1",
        &ids[0],
    )
    .await;
    let (status, body) = app.rpc(Some(&token), cassava(1, "1")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.rpc(Some(&token), cassava(1, "1")).await.0, 409);
}

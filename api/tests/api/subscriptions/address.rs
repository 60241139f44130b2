//! A basket's own delivery address (decisions.md §35, §31): picked at `assinar` (the profile's
//! when none is sent) and changed in 'Minhas assinaturas'; the fee is computed for it (a per-km
//! fee differs from the profile's), the store's delivery area refuses it with the spec's message
//! changing nothing, and each cycle's order is delivered there. Coordinates come from the
//! server (here the municipality's seat: the tests have no geocoder), never from the client.

use crate::fixtures::money::assert_money_adds_up;
use crate::fixtures::subscriptions::{
    basket, cassava, closes, cycle, day, days_request, run, set_days, subscribe,
};
use crate::fixtures::{BUYER, demo_app};
use serde_json::{Value, json};

/// João delivers and lets pick up every day, R$ 1,00 per km from his farm in Piracicaba, at
/// most 60 km away.
fn per_km_days() -> Value {
    days_request(
        1,
        &["retirada", "entrega"],
        json!({
            "taxaTipo": "porKm", "taxaPorKm": "1,00", "distanciamaxima": "60",
            "enderecoRua": "Estrada Municipal PIR-164", "enderecoNumero": "2450",
            "enderecoCidade": "Piracicaba, SP", "enderecoCep": "13417-780",
            "enderecoBairro": "Santa Rosa",
        }),
    )
}

fn rio_claro() -> Value {
    json!({"rua": "Avenida 1", "numero": "500", "complemento": "casa 2", "bairro": "Centro",
           "cep": "13500-000", "cidade": "Rio Claro, SP"})
}

fn sao_paulo() -> Value {
    json!({"rua": "Praça da Sé", "numero": "1", "cidade": "São Paulo, SP"})
}

const FORA: &str = "Endereço fora da área de entrega de Sítio Boa Vista.";

#[tokio::test]
async fn a_basket_is_delivered_to_its_own_address_with_that_address_fee_and_area() {
    let app = demo_app().await;
    set_days(&app, per_km_days()).await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let delivered = |mut b: Value| {
        b["entrega"] = json!(true);
        b
    };

    // Beyond the store's area: refused with the spec's message, nothing created.
    let mut far = delivered(basket(cassava(2), 16.0, first, "semanal"));
    far["endereco"] = sao_paulo();
    let (s, b) = app.rpc(Some(&token), far).await;
    assert_eq!((s, b["error"].as_str()), (400, Some(FORA)), "{b}");
    // An address the form's rules refuse: their message.
    let mut bad = basket(cassava(2), 16.0, first, "semanal");
    bad["endereco"] = json!({"rua": "Avenida 1", "numero": "5A", "cidade": "Rio Claro, SP"});
    let (s, b) = app.rpc(Some(&token), bad).await;
    assert_eq!(s, 400, "{b}");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM subscriptions")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(count, 0);

    // Picked up, with its own address kept (located by the server) for when it is delivered.
    let mut pickup = basket(cassava(2), 16.0, first, "semanal");
    pickup["endereco"] = rio_claro();
    let v = subscribe(&app, &token, pickup).await;
    let id = v["id"].as_str().unwrap().to_owned();
    assert_eq!(v["endereco"]["cidade"], json!("Rio Claro, SP"));
    assert_eq!(v["endereco"]["cep"], json!("13500000"));
    assert_eq!(v["endereco_texto"], Value::Null, "pickup: {v}");
    let change = |body: Value| {
        let mut body = body;
        body["codigo"] = json!("alterar_assinatura");
        body["id"] = json!(id.clone());
        body
    };

    // Delivered from the first cycle on: the fee is Rio Claro's.
    let (s, v) = app
        .rpc(
            Some(&token),
            change(
                json!({"acao": "alterar", "entrega": true, "data_entrega": first.iso(),
                          "janela_inicio": "08:00", "janela_fim": "12:00"}),
            ),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let to_rio_claro = v["total_centavos"].as_i64().unwrap();
    assert!(
        v["endereco_texto"]
            .as_str()
            .unwrap()
            .starts_with("Avenida 1, 500, casa 2 — Centro, Rio Claro, SP"),
        "{v}"
    );
    // Back to the profile's address (Piracicaba, nearer): a smaller fee.
    let (s, v) = app
        .rpc(Some(&token), change(json!({"acao": "endereco"})))
        .await;
    assert_eq!(s, 200, "{v}");
    assert!(v.get("endereco").is_none(), "{v}");
    let to_profile = v["total_centavos"].as_i64().unwrap();
    assert!(
        to_rio_claro > to_profile && to_profile >= 1600,
        "{to_rio_claro} {to_profile}"
    );
    // Beyond the area: refused, the basket unchanged.
    let (s, b) = app
        .rpc(
            Some(&token),
            change(json!({"acao": "endereco", "endereco": sao_paulo()})),
        )
        .await;
    assert_eq!((s, b["error"].as_str()), (400, Some(FORA)), "{b}");
    let (s, v) = app
        .rpc(
            Some(&token),
            change(json!({"acao": "endereco", "endereco": rio_claro()})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["total_centavos"].as_i64(), Some(to_rio_claro));

    // The cycle's order goes to Rio Claro with Rio Claro's fee.
    run(&app, closes(first) + 60_000).await;
    let (situacao, order, _) = cycle(&app, &id, first).await;
    assert_eq!(situacao, "pedido");
    let (rua, cidade, cep, fee, total): (String, String, String, i64, i64) = sqlx::query_as(
        "SELECT rua, cidade, cep, taxa_entrega_centavos, total_centavos FROM orders WHERE id = $1",
    )
    .bind(order.unwrap())
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(
        (rua.as_str(), cidade.as_str(), cep.as_str()),
        ("Avenida 1", "Rio Claro, SP", "13500000")
    );
    assert_eq!((total, fee), (to_rio_claro, to_rio_claro - 1600));

    // Subscribing delivered to Rio Claro at once: the client's total is that address's.
    let mut direct = delivered(basket(
        cassava(2),
        to_rio_claro as f64 / 100.0,
        first,
        "semanal",
    ));
    direct["endereco"] = rio_claro();
    let v = subscribe(&app, &token, direct).await;
    assert_eq!(v["total_centavos"].as_i64(), Some(to_rio_claro));
    assert_money_adds_up(&app).await;
}

//! The buyer's notes and 'Pedir de novo': a note on the order and on the line of a product that
//! accepts one is stored, shown to the store (Entregas) and the buyer (their orders), and in the
//! e-mails; a bad note is refused with nothing stored; a client that sends no note keeps
//! working. `pedir_de_novo` reads a past order with today's state: a removed or sold-out product
//! and a changed price are said, a deleted store is refused, another buyer's order is 404.

use crate::fixtures::{BUYER, OTHER_BUYER, SUPPLIER, cassava, demo_app, exec, orders_count};
use crate::helpers::TestApp;
use serde_json::{Value, json};

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, res) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// 2 × cassava (R$ 8,00) and 1 × maracujá (R$ 11,90), pickup, in person, with notes.
fn noted(order_note: Option<&str>, line_note: Option<&str>) -> Value {
    json!({
        "codigo": "finalizar_pedido",
        "sacola": [
            {"id": "demo-p04", "quantidade": 2, "observacao": line_note},
            {"id": "demo-p07", "quantidade": 1},
        ],
        "forn": "demo-joao", "total": 27.9, "pagamento": "1", "entrega": false,
        "observacao": order_note,
    })
}

#[tokio::test]
async fn notes_are_stored_and_shown_to_the_store_the_buyer_and_in_the_mails() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    // The cassava accepts a note on its line (the store ticks 'Aceita observação').
    exec(
        &app,
        "UPDATE products SET aceita_observacao = TRUE WHERE id = $1",
        "demo-p04",
    )
    .await;
    let placed = ok(
        &app,
        &buyer,
        noted(
            Some("  Deixar na portaria, com o Zé  "),
            Some("descascar bem"),
        ),
    )
    .await;
    let infos = &placed["all"]["Infos"];
    assert_eq!(infos["observacao"], "Deixar na portaria, com o Zé");
    assert_eq!(placed["all"]["Produtos"][0]["observacao"], "descascar bem");
    assert!(placed["all"]["Produtos"][1].get("observacao").is_none());

    let pending = ok(&app, &store, json!({"codigo": "pegar_entregas_pendentes"})).await;
    let delivery = &pending["entregas"][0];
    assert_eq!(
        delivery["Infos"]["observacao"],
        "Deixar na portaria, com o Zé"
    );
    assert_eq!(delivery["Produtos"][0]["observacao"], "descascar bem");
    let mine = ok(&app, &buyer, json!({"codigo": "pegar_pedidos"})).await;
    assert_eq!(
        mine["pedidos"][0]["Infos"]["observacao"],
        "Deixar na portaria, com o Zé"
    );

    let bodies: Vec<(String, String)> =
        sqlx::query_as("SELECT assunto, corpo FROM email_outbox ORDER BY assunto")
            .fetch_all(&app.app.db)
            .await
            .unwrap();
    let to_store = bodies
        .iter()
        .find(|(s, _)| s.starts_with("Novo pedido"))
        .unwrap();
    assert!(
        to_store
            .1
            .contains("Observação do cliente: Deixar na portaria, com o Zé"),
        "{}",
        to_store.1
    );
    let to_buyer = bodies
        .iter()
        .find(|(s, _)| s.starts_with("Pedido recebido"))
        .unwrap();
    assert!(
        to_buyer.1.contains("Sua observação: Deixar na portaria"),
        "{}",
        to_buyer.1
    );
    assert!(
        to_buyer.1.contains("(obs.: descascar bem)"),
        "{}",
        to_buyer.1
    );

    // The spec's client sends no note: the order has none, and nothing says one.
    let plain = ok(&app, &buyer, cassava(1, "1")).await;
    assert!(plain["all"]["Infos"].get("observacao").is_none());
}

#[tokio::test]
async fn bad_notes_are_refused_with_nothing_stored() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let before = orders_count(&app).await;
    let long = "a".repeat(281);
    for (body, message) in [
        (
            noted(Some(&long), None),
            "A observação pode ter no máximo 280 caracteres.",
        ),
        (
            noted(Some("porta\u{7}ria"), None),
            "A observação não pode ter quebras de linha nem caracteres de controle.",
        ),
        (
            noted(Some("linha 1\nlinha 2"), None),
            "A observação não pode ter quebras de linha nem caracteres de controle.",
        ),
        // The product does not accept a note on its line.
        (
            noted(None, Some("sem cebola")),
            "Mandioca descascada 1 kg não aceita observação.",
        ),
    ] {
        let (status, res) = app.rpc(Some(&buyer), body).await;
        assert_eq!(status, 400, "{res}");
        assert_eq!(
            res["error"].as_str().map(str::to_lowercase),
            Some(message.to_lowercase()),
            "{res}"
        );
    }
    // 280 characters with accents are within the limit.
    ok(&app, &buyer, noted(Some(&"ç".repeat(280)), None)).await;
    assert_eq!(orders_count(&app).await, before + 1);
}

#[tokio::test]
async fn ordering_again_says_what_is_gone_and_what_costs_more() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (ana, _) = app.login(OTHER_BUYER).await;
    let order = ok(
        &app,
        &buyer,
        json!({
            "codigo": "finalizar_pedido",
            "sacola": [
                {"id": "demo-p04", "quantidade": 2},
                {"id": "demo-p07", "quantidade": 1},
                {"id": "demo-p03", "quantidade": 1, "opcaoselecionada": "1 kg"},
                {"id": "demo-p08", "quantidade": 1},
            ],
            "forn": "demo-joao", "total": 53.8, "pagamento": "1",
            "entrega": false,
        }),
    )
    .await;
    let id = order["all"]["id"].clone();
    // Since then: the passion fruit was removed, the cassava costs more, the eggs sold out.
    exec(&app, "DELETE FROM products WHERE id = $1", "demo-p07").await;
    exec(
        &app,
        "UPDATE products SET preco_centavos = 850 WHERE id = $1",
        "demo-p04",
    )
    .await;
    exec(
        &app,
        "UPDATE products SET estoque = 0 WHERE id = $1",
        "demo-p08",
    )
    .await;

    let again = ok(&app, &buyer, json!({"codigo": "pedir_de_novo", "item": id})).await;
    assert_eq!(again["userforn"], "demo-joao");
    let lines = again["sacola"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{again}");
    assert_eq!(lines[0]["id"], "demo-p04");
    assert_eq!(lines[0]["quantidade"], 2);
    assert_eq!(lines[0]["preco"], 8.5);
    assert_eq!(lines[0]["precoanterior"], 8.0);
    assert_eq!(lines[0]["aviso"], "Preço mudou: de R$ 8,00 para R$ 8,50");
    assert_eq!(lines[1]["id"], "demo-p03");
    assert_eq!(lines[1]["opcaoselecionada"], "1 kg");
    assert!(lines[1].get("aviso").is_none(), "{again}");
    let gone = again["indisponiveis"].as_array().unwrap();
    assert_eq!(gone.len(), 2, "{again}");
    assert_eq!(gone[0]["titulo"], "maracujá azedo (kg)");
    assert_eq!(gone[0]["motivo"], "não está mais à venda");
    assert_eq!(gone[1]["motivo"], "está esgotado");

    // Another buyer cannot read it; nothing was stored by asking.
    let (status, _) = app
        .rpc(Some(&ana), json!({"codigo": "pedir_de_novo", "item": id}))
        .await;
    assert_eq!(status, 404);

    // A deleted store: a clear message.
    exec(
        &app,
        "UPDATE users SET excluido_em = 1 WHERE id = $1",
        "demo-joao",
    )
    .await;
    let (status, res) = app
        .rpc(Some(&buyer), json!({"codigo": "pedir_de_novo", "item": id}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        res["error"],
        "Esta loja não está mais na Feira: não é possível pedir de novo."
    );
}

//! Store categories and coupons: every rule and message of the spec (wasm-core `coupon`,
//! `forms::category_name`), and another supplier's category or coupon is answered as one
//! nobody has (404): the answer never tells whether another store has a given name.

use super::{call, refused};
use crate::fixtures::{BUYER, SUPPLIER, demo_app};
use serde_json::json;

#[tokio::test]
async fn coupons_follow_every_rule_of_the_spec() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let coupon = |codigo: &str, valor: serde_json::Value, tipo: &str| json!({"form": {"codigo": codigo, "valor": valor, "tipo": tipo}, "usuario": "demo-ana"});
    for (body, status, msg) in [
        (
            coupon("  ", json!(10), "%"),
            400,
            "O nome do cupom não pode ser vazio.",
        ),
        (
            coupon("ABCDEFGHIJK", json!(10), "%"),
            400,
            "O nome do cupom deve ter no máximo 10 caracteres.",
        ),
        (
            coupon("DEZ OFF", json!(10), "%"),
            400,
            "O nome do cupom não pode conter espaços.",
        ),
        (
            coupon("ZERO", json!("0"), "R$"),
            400,
            "O valor do desconto deve ser um número positivo.",
        ),
        (
            coupon("NEG", json!("abc"), "R$"),
            400,
            "O valor do desconto deve ser um número positivo.",
        ),
        (
            coupon("MUITO", json!("100,5"), "%"),
            400,
            "Desconto em porcentagem não pode ser maior que 100%.",
        ),
        (
            coupon("TIPO", json!(5), "x"),
            400,
            "Selecione o tipo do desconto.",
        ),
        (
            coupon("bemvindo10", json!(5), "%"),
            409,
            "Já existe um cupom com este nome.",
        ),
    ] {
        assert_eq!(
            refused(&app, &token, "adicionar_cupom", body, status).await,
            msg
        );
    }
    let (s, b) = call(
        &app,
        &token,
        "adicionar_cupom",
        coupon("verao", json!("7,5"), "R$"),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        b["cupons"]["VERAO"],
        json!({"codigo": "VERAO", "tipo": "R$", "valor": 7.5, "validade_inicio": null,
               "validade_fim": null, "limite_usos": null, "um_por_cliente": false,
               "pedido_minimo": null, "usos": 0, "todas_entregas": false})
    );
    // The buyer's check finds it at once.
    let (s, c) = app
        .rpc(
            None,
            json!({"codigo": "validar_cupom", "userforn": "demo-joao", "cupom": "verao"}),
        )
        .await;
    assert_eq!(s, 200, "{c}");
    assert_eq!(c["valor"], 7.5);

    assert_eq!(
        refused(
            &app,
            &token,
            "excluir_cupom",
            json!({"codigocupom": "QUEIJO15"}),
            404
        )
        .await,
        "Cupom não encontrado!"
    );
    assert_eq!(
        refused(
            &app,
            &token,
            "excluir_cupom",
            json!({"codigocupom": "NADA"}),
            404
        )
        .await,
        "Cupom não encontrado!"
    );
    let (s, b) = call(
        &app,
        &token,
        "excluir_cupom",
        json!({"codigocupom": "verao"}),
    )
    .await;
    assert_eq!(s, 200);
    assert!(b["cupons"].get("VERAO").is_none());
    assert!(b["cupons"].get("BEMVINDO10").is_some());

    let (buyer, _) = app.login(BUYER).await;
    let (s, _) = call(&app, &buyer, "adicionar_cupom", coupon("X", json!(1), "%")).await;
    assert_eq!(s, 404, "a buyer has no store");
}

#[tokio::test]
async fn categories_are_created_assigned_and_removed_by_their_owner_only() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    assert_eq!(
        refused(
            &app,
            &token,
            "adicionar_categoria",
            json!({"categoriatext": " "}),
            400
        )
        .await,
        "Insira o nome da categoria"
    );
    assert_eq!(
        refused(
            &app,
            &token,
            "adicionar_categoria",
            json!({"categoriatext": "Ovos"}),
            409
        )
        .await,
        "Já existe uma categoria com este nome."
    );
    let (s, b) = call(
        &app,
        &token,
        "adicionar_categoria",
        json!({"categoriatext": " Mel "}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["categorias"]["Mel"], "Mel");

    let assign = |cat: &str| json!({"item": {"id": "demo-p02"}, "categoriaselecionada": cat});
    let (_, b) = call(&app, &token, "adicionar_categoria_produto", assign("Mel")).await;
    assert_eq!(b["infos"]["subcategoria"], "Mel");
    // Ana's category, and one nobody has.
    assert_eq!(
        refused(
            &app,
            &token,
            "adicionar_categoria_produto",
            assign("Queijos"),
            404
        )
        .await,
        "Categoria não encontrada."
    );
    assert_eq!(
        refused(
            &app,
            &token,
            "adicionar_categoria_produto",
            assign("Nada"),
            404
        )
        .await,
        "Categoria não encontrada."
    );
    assert_eq!(
        refused(
            &app,
            &token,
            "remover_categoria",
            json!({"item": "Queijos"}),
            404
        )
        .await,
        "Categoria não encontrada."
    );

    let (_, b) = call(&app, &token, "remover_categoria", json!({"item": "Mel"})).await;
    assert!(b["categorias"].get("Mel").is_none());
    let (_, list) = call(&app, &token, "pegar_produtos_fornecedor", json!({})).await;
    let p02 = list["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "demo-p02")
        .cloned()
        .unwrap();
    assert_eq!(p02["subcategoria"], serde_json::Value::Null);

    let (_, b) = call(&app, &token, "adicionar_categoria_produto", assign("Ovos")).await;
    assert_eq!(b["infos"]["subcategoria"], "Ovos");
    let (_, b) = call(
        &app,
        &token,
        "remover_categoria_produto",
        json!({"item": "demo-p02"}),
    )
    .await;
    assert_eq!(b["infos"]["subcategoria"], serde_json::Value::Null);
}

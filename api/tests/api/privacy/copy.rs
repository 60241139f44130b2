//! The data copy (`baixar_meus_dados`): it holds the person's rows and nobody else's.

use super::*;
use crate::fixtures::OTHER_BUYER;

#[tokio::test]
async fn the_copy_holds_the_persons_rows_and_nobody_elses() {
    let app = demo_app().await;
    let (carla, _) = app.login(BUYER).await;
    let (ana, _) = app.login(OTHER_BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let mine = ok(&app, &carla, cassava(1, "1")).await["all"]["id"].clone();
    let theirs = ok(&app, &ana, cassava(2, "1")).await["all"]["id"].clone();
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": mine}),
    )
    .await;
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": theirs}),
    )
    .await;
    ok(
        &app,
        &carla,
        json!({"codigo": "confirmar_recebimento", "item": mine}),
    )
    .await;
    ok(
        &app,
        &ana,
        json!({"codigo": "confirmar_recebimento", "item": theirs}),
    )
    .await;
    ok(
        &app,
        &carla,
        json!({"codigo": "avaliar_pedido", "idpedido": mine, "nota": 5, "comentario": "Ótimo"}),
    )
    .await;
    ok(
        &app,
        &ana,
        json!({"codigo": "avaliar_pedido", "idpedido": theirs, "nota": 3, "comentario": "Segredo da Ana"}),
    )
    .await;

    let data = ok(&app, &carla, json!({"codigo": "baixar_meus_dados"})).await;
    assert_eq!(data["perfil"]["email"], BUYER);
    assert_eq!(data["loja"], Value::Null);
    let pedidos = data["pedidos"].as_array().unwrap();
    assert!(pedidos.iter().any(|p| p["id"] == mine));
    assert!(
        pedidos
            .iter()
            .all(|p| p["Infos"]["cliente_user"] == "demo-carla")
    );
    assert_eq!(data["avaliacoes"][0]["comentario"], "Ótimo");
    assert_eq!(data["avaliacoes"].as_array().unwrap().len(), 1);
    assert!(
        data["anuncios"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["usuario"] == "demo-carla")
    );
    assert!(
        !data["anuncios"].as_array().unwrap().is_empty(),
        "the demo ad of Carla"
    );
    assert!(
        data["emails"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["destinatario"] == BUYER)
    );
    assert!(
        !data["emails"].as_array().unwrap().is_empty(),
        "the confirmation e-mail"
    );
    assert!(!data["sessoes"].as_array().unwrap().is_empty());
    let text = data.to_string();
    for other in [
        "ana@feira.test",
        "Ana Paula",
        "Segredo da Ana",
        theirs.as_str().unwrap(),
    ] {
        assert!(!text.contains(other), "{other} is in Carla's copy");
    }

    // A store's copy: its own data and products; its sales without their buyers.
    let data = ok(&app, &supplier, json!({"codigo": "baixar_meus_dados"})).await;
    assert_eq!(data["loja"]["usuario"], "demo-joao");
    assert_eq!(data["loja"]["cpf"], "081.836.584-66");
    assert!(
        data["produtos"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["userforn"] == "demo-joao")
    );
    let sales = data["vendas"].to_string();
    assert_eq!(data["vendas"].as_array().unwrap().len(), 2);
    for buyer in ["Carla", "Ana", "demo-carla", "demo-ana", "Avenida"] {
        assert!(!sales.contains(buyer), "{buyer} in the store's sales");
    }
    assert_eq!(data["respostas"], json!([]));
    // No session, no copy.
    assert_eq!(
        app.rpc(None, json!({"codigo": "baixar_meus_dados"}))
            .await
            .0,
        401
    );
}

//! Reviews after delivery (decisions.md §33): only the buyer of a delivered order, once they
//! confirmed receiving it (§37), rates it, once per order (a second rating changes the first, for 30 days); the store's
//! average and count are right on its storefront, its product pages, /lojas and
//! `pegar_avaliacoes`; the store replies once; the admin removes one with a reason that its
//! author is e-mailed; texts are bounded.

use crate::fixtures::{ADMIN_EMAIL, BUYER, OTHER_BUYER, SUPPLIER, cassava, demo_app};
use crate::helpers::TestApp;
use serde_json::{Value, json};

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, res) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// The refusal of a review before the buyer confirmed receipt (decisions.md §37).
const ANTES_DO_RECEBIMENTO: &str = "Você poderá avaliar o pedido depois de confirmar que o recebeu (ou quando o valor for liberado à loja).";

/// An in-person order of `buyer` at Sítio Boa Vista; when `deliver`, marked delivered by the
/// store and its receipt confirmed by the buyer (decisions.md §37).
async fn order(app: &TestApp, buyer: &str, supplier: &str, deliver: bool) -> String {
    let placed = ok(app, buyer, cassava(1, "1")).await;
    let id = placed["all"]["id"].as_str().unwrap().to_owned();
    if deliver {
        ok(
            app,
            supplier,
            json!({"codigo": "confirmar_entrega", "item": id}),
        )
        .await;
        // The store's mark alone does not open the review.
        let (s, b) = app.rpc(Some(buyer), rate(&id, json!(5), "")).await;
        assert_eq!((s, b["error"].as_str()), (409, Some(ANTES_DO_RECEBIMENTO)));
        ok(
            app,
            buyer,
            json!({"codigo": "confirmar_recebimento", "item": id}),
        )
        .await;
    }
    id
}

fn rate(id: &str, nota: Value, comentario: &str) -> Value {
    json!({"codigo": "avaliar_pedido", "idpedido": id, "nota": nota, "comentario": comentario})
}

/// The rating `{media, quantidade}` the public sees of Sítio Boa Vista, everywhere it shows.
async fn shown(app: &TestApp) -> (Value, Value, Value, Value) {
    let store = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await
        .1;
    let product = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p01"}),
        )
        .await
        .1;
    let stores = app.rpc(None, json!({"codigo": "pegar_lojas"})).await.1;
    let in_list = stores["lojas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == "demo-joao")
        .unwrap()["avaliacao"]
        .clone();
    let reviews = app
        .rpc(
            None,
            json!({"codigo": "pegar_avaliacoes", "userforn": "demo-joao"}),
        )
        .await
        .1;
    (
        store["dadosforn"]["avaliacao"].clone(),
        product["item"]["dadosforn"]["avaliacao"].clone(),
        in_list,
        reviews["avaliacao"].clone(),
    )
}

async fn assert_shown(app: &TestApp, media: f64, quantidade: i64) {
    let want = json!({"media": media, "quantidade": quantidade});
    let (a, b, c, d) = shown(app).await;
    assert_eq!((&a, &b, &c, &d), (&want, &want, &want, &want));
}

#[tokio::test]
async fn a_review_only_after_delivery_one_per_order_and_the_average_everywhere() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (ana, _) = app.login(OTHER_BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    assert_shown(&app, 0.0, 0).await;

    // Not delivered yet: refused.
    let pending = order(&app, &buyer, &supplier, false).await;
    let (s, b) = app.rpc(Some(&buyer), rate(&pending, json!(5), "")).await;
    assert_eq!((s, b["error"].as_str()), (409, Some(ANTES_DO_RECEBIMENTO)));

    let delivered = order(&app, &buyer, &supplier, true).await;
    // Someone else's order: 403; one that does not exist: 404; a bad note or a long text: 400.
    assert_eq!(
        app.rpc(Some(&ana), rate(&delivered, json!(5), "")).await.0,
        403
    );
    assert_eq!(
        app.rpc(Some(&buyer), rate("nada", json!(5), "")).await.0,
        404
    );
    for (nota, comentario, message) in [
        (json!(0), "", "Escolha uma nota de 1 a 5."),
        (json!(6), "", "Escolha uma nota de 1 a 5."),
        (json!("cinco"), "", "Escolha uma nota de 1 a 5."),
        (
            json!(4),
            &*"x".repeat(501),
            "O comentário deve ter no máximo 500 caracteres",
        ),
    ] {
        let (s, b) = app
            .rpc(Some(&buyer), rate(&delivered, nota, comentario))
            .await;
        assert_eq!((s, b["error"].as_str()), (400, Some(message)));
    }
    assert_shown(&app, 0.0, 0).await;

    let r = ok(&app, &buyer, rate(&delivered, json!(5), "  <b>Ótimo</b> ")).await;
    assert_eq!(r["nova"], true);
    assert_shown(&app, 5.0, 1).await;
    // Rated again: the same review, changed (one per order).
    let r = ok(&app, &buyer, rate(&delivered, json!("4"), "Bom")).await;
    assert_eq!(r["nova"], false);
    assert_shown(&app, 4.0, 1).await;

    let other = order(&app, &ana, &supplier, true).await;
    ok(&app, &ana, rate(&other, json!(5), "")).await;
    assert_shown(&app, 4.5, 2).await;
    let third = order(&app, &ana, &supplier, true).await;
    ok(&app, &ana, rate(&third, json!(4), "")).await;
    assert_shown(&app, 4.3, 3).await;

    // The buyer's orders carry their review; the list shows first names, texts as written
    // (trimmed; escaping is the page's).
    let mine = ok(&app, &buyer, json!({"codigo": "pegar_pedidos"})).await;
    let rated = mine["pedidos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == delivered.as_str())
        .unwrap();
    assert_eq!(rated["avaliacao"]["nota"], 4);
    assert_eq!(rated["avaliacao"]["comentario"], "Bom");
    let listed = app
        .rpc(
            None,
            json!({"codigo": "pegar_avaliacoes", "userforn": "demo-joao"}),
        )
        .await
        .1;
    let reviews = listed["avaliacoes"].as_array().unwrap();
    assert_eq!(reviews.len(), 3);
    assert!(
        reviews
            .iter()
            .all(|r| !r["nome"].as_str().unwrap().contains(' '))
    );
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reviews")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(count, 3, "one review per order");

    // After 30 days it can no longer change.
    sqlx::query("UPDATE reviews SET criado_em = criado_em - 2592000001 WHERE order_id = $1")
        .bind(&delivered)
        .execute(&app.app.db)
        .await
        .unwrap();
    let (s, b) = app.rpc(Some(&buyer), rate(&delivered, json!(1), "")).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (
            409,
            Some("O prazo de 30 dias para alterar esta avaliação terminou.")
        )
    );
    assert_shown(&app, 4.3, 3).await;
}

#[tokio::test]
async fn the_store_replies_once_and_the_admin_removes_a_review_with_a_reason() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (other_store, _) = app.login("paulo@feira.test").await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let id = order(&app, &buyer, &supplier, true).await;
    ok(&app, &buyer, rate(&id, json!(2), "Veio murcho")).await;

    let reply =
        |text: &str| json!({"codigo": "responder_avaliacao", "idpedido": id, "resposta": text});
    assert_eq!(app.rpc(Some(&other_store), reply("Não é meu")).await.0, 403);
    let (s, b) = app.rpc(Some(&supplier), reply("   ")).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("Escreva a resposta.")));
    ok(&app, &supplier, reply("Sentimos muito, vamos trocar.")).await;
    let (s, b) = app.rpc(Some(&supplier), reply("De novo")).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("Esta avaliação já foi respondida."))
    );
    let listed = app
        .rpc(
            None,
            json!({"codigo": "pegar_avaliacoes", "userforn": "demo-joao"}),
        )
        .await
        .1;
    assert_eq!(
        listed["avaliacoes"][0]["resposta"],
        "Sentimos muito, vamos trocar."
    );
    // The store sees it in its deliveries.
    let brasilia = chrono::Utc::now() - chrono::Duration::hours(3);
    let pending = ok(
        &app,
        &supplier,
        json!({"codigo": "pegar_entregas", "ano": brasilia.format("%Y").to_string(),
               "mes": brasilia.format("%m").to_string()}),
    )
    .await;
    assert_eq!(pending["all"][&id]["avaliacao"]["nota"], 2);

    // The admin removes it, with a reason: gone from the average and the list, kept for its
    // author with the reason, who is e-mailed.
    let remove =
        |motivo: &str| json!({"codigo": "remover_avaliacao", "idpedido": id, "motivo": motivo});
    let (s, b) = app.rpc(Some(&admin), remove("")).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("Informe o motivo.")));
    assert_eq!(app.rpc(Some(&supplier), remove("x")).await.0, 403);
    let r = ok(&app, &admin, remove("Linguagem ofensiva")).await;
    assert_eq!(r["removida"], true);
    let r = ok(&app, &admin, remove("De novo")).await;
    assert_eq!(r["removida"], false);
    assert_shown(&app, 0.0, 0).await;
    let listed = app
        .rpc(
            None,
            json!({"codigo": "pegar_avaliacoes", "userforn": "demo-joao"}),
        )
        .await
        .1;
    assert_eq!(listed["avaliacoes"], json!([]));
    let mine = ok(&app, &buyer, json!({"codigo": "pegar_pedidos"})).await;
    let rated = mine["pedidos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id.as_str())
        .unwrap();
    assert_eq!(rated["avaliacao"]["removida"], true);
    assert_eq!(rated["avaliacao"]["motivo_remocao"], "Linguagem ofensiva");
    let (s, b) = app.rpc(Some(&buyer), rate(&id, json!(5), "")).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("Esta avaliação foi removida pela moderação."))
    );
    let mail: (String, String, String) = sqlx::query_as(
        "SELECT destinatario, assunto, corpo FROM email_outbox WHERE assunto LIKE 'Sua avaliação%'",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(mail.0, BUYER);
    assert_eq!(mail.1, "Sua avaliação de Sítio Boa Vista foi removida");
    assert!(mail.2.contains("Motivo: Linguagem ofensiva"), "{}", mail.2);
}

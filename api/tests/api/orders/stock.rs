//! Stock is a count (decisions.md §26): what the supplier types is what is stored, 0 and 1
//! included, "no stock control" is its own choice (NULL); an edit applies the difference from
//! the stock the form was loaded with, so sales made meanwhile are never overwritten, even
//! racing orders; sold-out products say so and cannot be bought.

use crate::fixtures::{BUYER, SUPPLIER, cassava, demo_app, stock};
use crate::helpers::TestApp;
use serde_json::{Value, json};

/// The demo cassava's edit form as the panel sends it, with `estoque` and `estoqueanterior`
/// (`None`: the spec's client, which sends no `estoqueanterior`).
fn edit(descricao: &str, estoque: Value, anterior: Option<Value>) -> Value {
    let mut form = json!({
        "categoria": "Alimentos", "titulo": "mandioca descascada 1 kg", "preco": "8,00",
        "minimo": null, "estoque": estoque, "opcoes": [], "descricao": descricao,
    });
    if let Some(a) = anterior {
        form["estoqueanterior"] = a;
    }
    json!({"codigo": "editar_produto_site", "produto": {"id": "demo-p04"}, "newproduto": form})
}

async fn description(app: &TestApp) -> String {
    sqlx::query_scalar("SELECT descricao FROM products WHERE id = 'demo-p04'")
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn tracked(app: &TestApp) -> Option<i64> {
    sqlx::query_scalar("SELECT estoque FROM products WHERE id = 'demo-p04'")
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_typed_stock_is_stored_as_typed_and_no_stock_control_is_its_own_choice() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let add = |estoque: Value| {
        json!({"codigo": "adicionar_produto", "iconeurl": false, "infos": {
            "categoria": "Alimentos", "titulo": "Mel", "preco": "25,00", "minimo": 1,
            "estoque": estoque, "opcoes": [], "descricao": ""}})
    };
    for (typed, stored) in [
        (json!(1), json!(1)),
        (json!("0"), json!(0)),
        (json!(7), json!(7)),
        (json!(null), json!(null)),
    ] {
        let (s, b) = app.rpc(Some(&supplier), add(typed.clone())).await;
        assert_eq!(s, 200, "{b}");
        assert_eq!(b["infos"]["estoque"], stored, "typed {typed}");
        assert_eq!(
            b["infos"]["minimo"],
            Value::Null,
            "a minimum of 1 is no minimum"
        );
    }
    // An edit from the form: 1 stays 1, 0 stays 0, null is untracked.
    for (typed, from, stored) in [
        (json!(1), json!(20), Some(1)),
        (json!(0), json!(1), Some(0)),
        (json!(null), json!(0), None),
        (json!(5), json!(null), Some(5)),
    ] {
        let (s, b) = app
            .rpc(Some(&supplier), edit("Mandioca", typed.clone(), Some(from)))
            .await;
        assert_eq!(s, 200, "{b}");
        assert_eq!(tracked(&app).await, stored, "typed {typed}");
    }
}

#[tokio::test]
async fn a_sold_out_product_says_so_everywhere_and_cannot_be_ordered() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let (s, b) = app
        .rpc(Some(&supplier), edit("Mandioca", json!(0), Some(json!(20))))
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (
            b["infos"]["estoque"].clone(),
            b["infos"]["esgotado"].clone()
        ),
        (json!(0), json!(true))
    );
    let (_, page) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p04"}),
        )
        .await;
    assert_eq!(page["item"]["esgotado"], true, "{page}");
    let (_, other) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p01"}),
        )
        .await;
    assert_eq!(other["item"]["esgotado"], false, "{other}");
    let (_, store) = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await;
    let listed = store.to_string();
    assert!(
        listed.contains("\"esgotado\":true"),
        "the storefront marks it"
    );
    let (s, refused) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(
        (s, refused["error"].as_str()),
        (
            409,
            Some("Estoque insuficiente para mandioca descascada 1 kg")
        )
    );
    assert_eq!(
        refused["codigo_erro"], "estoque_insuficiente",
        "a stable code beside the text"
    );
    // One unit typed is one unit sold, then sold out.
    app.rpc(Some(&supplier), edit("Mandioca", json!(1), Some(json!(0))))
        .await;
    let (s, b) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(stock(&app, "demo-p04").await, 0);
    let (s, _) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 409);
}

#[tokio::test]
async fn an_edit_from_a_stale_form_keeps_the_sales_made_meanwhile() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    // The form was opened at 5; a sale of 3 leaves 2; the supplier saves a description change.
    app.rpc(Some(&supplier), edit("Mandioca", json!(5), Some(json!(20))))
        .await;
    let (s, _) = app.rpc(Some(&buyer), cassava(3, "1")).await;
    assert_eq!(s, 200);
    let (s, b) = app
        .rpc(
            Some(&supplier),
            edit("Nova descrição", json!(5), Some(json!(5))),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        stock(&app, "demo-p04").await,
        2,
        "the sale is not overwritten"
    );
    assert_eq!(description(&app).await, "Nova descrição");
    // Typing 8 over the stale 5 adds 3 to what is there now.
    app.rpc(
        Some(&supplier),
        edit("Nova descrição", json!(8), Some(json!(5))),
    )
    .await;
    assert_eq!(stock(&app, "demo-p04").await, 5);
    // A difference that would go below zero: refused, and nothing of the edit is saved.
    let (s, b) = app
        .rpc(
            Some(&supplier),
            edit("Outra descrição", json!(0), Some(json!(9))),
        )
        .await;
    assert_eq!(
        (s, b["codigo_erro"].as_str()),
        (409, Some("estoque_mudou")),
        "{b}"
    );
    assert_eq!(
        b["error"],
        "O estoque deste produto mudou enquanto você editava: agora há 5 unidades. Nada foi \
         salvo. Revise o estoque e salve de novo."
    );
    assert_eq!(
        (stock(&app, "demo-p04").await, description(&app).await),
        (5, "Nova descrição".to_owned())
    );
    // Untracked meanwhile: a form loaded with a count cannot apply its difference.
    app.rpc(
        Some(&supplier),
        edit("Nova descrição", json!(null), Some(json!(5))),
    )
    .await;
    let (s, b) = app
        .rpc(
            Some(&supplier),
            edit("Nova descrição", json!(6), Some(json!(5))),
        )
        .await;
    assert_eq!(s, 409, "{b}");
    assert!(
        b["error"]
            .as_str()
            .unwrap()
            .contains("sem controle de estoque"),
        "{b}"
    );
    assert_eq!(tracked(&app).await, None);
    // The spec's client (no estoqueanterior) sets the typed value.
    app.rpc(Some(&supplier), edit("Nova descrição", json!(12), None))
        .await;
    assert_eq!(tracked(&app).await, Some(12));
}

#[tokio::test]
async fn twenty_orders_racing_five_stale_edits_leave_the_exact_count() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    app.rpc(
        Some(&supplier),
        edit("Mandioca", json!(100), Some(json!(20))),
    )
    .await;
    // Every edit was loaded at 100 and types 102: each adds 2, whatever sold meanwhile.
    let orders = (0..20).map(|_| app.rpc(Some(&buyer), cassava(1, "1")));
    let edits = (0..5).map(|i| {
        app.rpc(
            Some(&supplier),
            edit(&format!("edição {i}"), json!(102), Some(json!(100))),
        )
    });
    let (orders, edits) = tokio::join!(
        futures::future::join_all(orders),
        futures::future::join_all(edits)
    );
    let sold = orders.iter().filter(|(s, _)| *s == 200).count();
    assert_eq!(sold, 20, "{orders:?}");
    assert!(edits.iter().all(|(s, _)| *s == 200), "{edits:?}");
    assert_eq!(stock(&app, "demo-p04").await, 100 - 20 + 5 * 2);
}

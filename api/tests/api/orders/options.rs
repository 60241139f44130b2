//! Options with their own price, promotional price and stock (decisions.md §39): the wizard
//! stores them, the catalogue says what each sells at ('a partir de'), the checkout prices and
//! reserves per option (racing orders sell exactly an option's stock), a cancelled order gives
//! the option's stock back, an edit applies each option's difference (§26), and the spec's
//! client, which sends options as labels, keeps selling every option at the product's terms.

use crate::fixtures::{BUYER, SUPPLIER, demo_app, stock};
use crate::helpers::TestApp;
use serde_json::{Value, json};

/// The wizard's form of 'Tomate' (R$ 5,00, untracked stock) with `opcoes`.
fn tomato(opcoes: Value) -> Value {
    json!({"codigo": "adicionar_produto", "iconeurl": false, "infos": {
        "categoria": "Alimentos", "titulo": "Tomate", "preco": "5,00", "minimo": null,
        "estoque": null, "opcoes": opcoes, "descricao": ""}})
}

/// '500 g' at the product's terms, '1 kg' at R$ 9,00 with its own stock of `kilos`.
fn sizes(kilos: u32) -> Value {
    json!(["500 g", {"opcao": "1 kg", "preco": "9,00", "precopromo": "", "estoqueproprio": true,
                     "estoque": kilos.to_string()}])
}

async fn add(app: &TestApp, token: &str, opcoes: Value) -> Value {
    let (s, b) = app.rpc(Some(token), tomato(opcoes)).await;
    assert_eq!(s, 200, "{b}");
    b["infos"].clone()
}

/// A pickup order, in person, of `lines` (`(option, quantity)`) of product `id`, at `total`.
fn order(id: &str, lines: &[(&str, u32)], total: f64) -> Value {
    let sacola: Vec<Value> = lines
        .iter()
        .map(|(o, q)| json!({"id": id, "quantidade": q, "opcaoselecionada": {"opcao": o}}))
        .collect();
    json!({
        "codigo": "finalizar_pedido", "site": true, "sacola": sacola, "forn": "demo-joao",
        "total": total, "pagamento": "1", "entrega": false, "infoscupom": null,
    })
}

async fn stored_options(app: &TestApp, id: &str) -> Value {
    let s: String = sqlx::query_scalar("SELECT opcoes FROM products WHERE id = $1")
        .bind(id)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    serde_json::from_str(&s).unwrap()
}

async fn product_page(app: &TestApp, id: &str) -> Value {
    let (s, b) = app
        .rpc(None, json!({"codigo": "pegar_produto_url_site", "id": id}))
        .await;
    assert_eq!(s, 200, "{b}");
    b["item"].clone()
}

#[tokio::test]
async fn each_option_sells_at_its_own_price_and_stock_and_a_cancel_gives_it_back() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let p = add(&app, &supplier, sizes(1)).await;
    let id = p["id"].as_str().unwrap().to_owned();
    assert_eq!(p["apartirde"], 5.0, "{p}");
    assert_eq!(
        p["opcoes"],
        json!([
            {"opcao": "500 g", "preco": null, "precopromo": null, "estoqueproprio": false,
             "estoque": null, "esgotado": false, "desconto": null},
            {"opcao": "1 kg", "preco": 9.0, "precopromo": null, "estoqueproprio": true,
             "estoque": 1, "esgotado": false, "desconto": null}
        ])
    );

    // 2 × 500 g at R$ 5,00 and the last 1 kg at R$ 9,00.
    let (s, b) = app
        .rpc(Some(&buyer), order(&id, &[("500 g", 2), ("1 kg", 1)], 19.0))
        .await;
    assert_eq!(s, 200, "{b}");
    let lines = &b["all"]["Produtos"];
    assert_eq!(
        (lines[0]["opcao"].clone(), lines[0]["preco"].clone()),
        (json!("500 g"), json!(5.0))
    );
    assert_eq!(
        (lines[1]["opcao"].clone(), lines[1]["preco"].clone()),
        (json!("1 kg"), json!(9.0))
    );
    assert_eq!(b["all"]["Infos"]["total_pago"], 19.0);
    let order_id = b["all"]["id"].as_str().unwrap().to_owned();

    // The 1 kg is sold out; the 500 g (the product's untracked stock) is not.
    let page = product_page(&app, &id).await;
    assert_eq!(page["opcoes"][1]["esgotado"], true, "{page}");
    assert_eq!(page["opcoes"][1]["estoque"], 0);
    assert_eq!(page["esgotado"], false);
    let (s, b) = app.rpc(Some(&buyer), order(&id, &[("1 kg", 1)], 9.0)).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("Estoque insuficiente para tomate (1 kg)"))
    );
    // A client total at the product's price for the 1 kg is refused: the server prices it.
    let (s, _) = app
        .rpc(Some(&buyer), order(&id, &[("500 g", 1)], 9.0))
        .await;
    assert_eq!(s, 409, "prices changed");

    // Cancelling gives the option its unit back.
    let (s, b) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "cancelar_pedido", "item": order_id}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        stored_options(&app, &id).await[1]["estoque"],
        json!({"contagem": 1})
    );
    assert_eq!(
        product_page(&app, &id).await["opcoes"][1]["esgotado"],
        false
    );
}

#[tokio::test]
async fn twenty_orders_racing_for_an_options_stock_sell_exactly_it() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let p = add(&app, &supplier, sizes(5)).await;
    let id = p["id"].as_str().unwrap().to_owned();
    let orders = (0..20).map(|_| app.rpc(Some(&buyer), order(&id, &[("1 kg", 1)], 9.0)));
    let answers = futures::future::join_all(orders).await;
    let sold = answers.iter().filter(|(s, _)| *s == 200).count();
    assert_eq!(sold, 5, "{answers:?}");
    assert!(
        answers
            .iter()
            .all(|(s, b)| *s == 200 || (*s == 409 && b["codigo_erro"] == "estoque_insuficiente")),
        "{answers:?}"
    );
    assert_eq!(
        stored_options(&app, &id).await[1]["estoque"],
        json!({"contagem": 0})
    );
    // And the last unit alone, twice at once: one order.
    let p = add(&app, &supplier, sizes(1)).await;
    let id = p["id"].as_str().unwrap().to_owned();
    let (a, b) = tokio::join!(
        app.rpc(Some(&buyer), order(&id, &[("1 kg", 1)], 9.0)),
        app.rpc(Some(&buyer), order(&id, &[("1 kg", 1)], 9.0))
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
}

#[tokio::test]
async fn an_edit_applies_each_options_difference_so_sales_are_kept() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let p = add(&app, &supplier, sizes(5)).await;
    let id = p["id"].as_str().unwrap().to_owned();
    // The form is loaded at 5; two are sold; the supplier types 6 (one more).
    let (s, b) = app
        .rpc(Some(&buyer), order(&id, &[("1 kg", 2)], 18.0))
        .await;
    assert_eq!(s, 200, "{b}");
    let edit = |estoque: &str, anterior: u32| {
        json!({"codigo": "editar_produto_site", "produto": {"id": id}, "newproduto": {
            "categoria": "Alimentos", "titulo": "Tomate", "preco": "5,00", "minimo": null,
            "estoque": null, "estoqueanterior": null, "descricao": "",
            "opcoes": ["500 g", {"opcao": "1 kg", "preco": "9,50", "estoqueproprio": true,
                                 "estoque": estoque, "estoqueanterior": anterior}]}})
    };
    let (s, b) = app.rpc(Some(&supplier), edit("6", 5)).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["infos"]["opcoes"][1]["estoque"], 4, "3 left + 1");
    assert_eq!(b["infos"]["opcoes"][1]["preco"], 9.5);
    // Typing 0 on a form loaded at 5 after selling 4 more would go below zero: nothing saved.
    let (s, b) = app
        .rpc(Some(&buyer), order(&id, &[("1 kg", 4)], 38.0))
        .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = app.rpc(Some(&supplier), edit("0", 5)).await;
    assert_eq!(s, 409, "{b}");
    assert!(
        b["error"].as_str().unwrap().starts_with(
            "O estoque da opção 1 kg mudou enquanto você editava: agora há 0 unidades."
        ),
        "{b}"
    );
    assert_eq!(product_page(&app, &id).await["opcoes"][1]["preco"], 9.5);
    // The option back on the product's stock: the product's terms.
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "editar_produto_site", "produto": {"id": id}, "newproduto": {
                "categoria": "Alimentos", "titulo": "Tomate", "preco": "5,00", "estoque": 3,
                "opcoes": ["500 g", {"opcao": "1 kg", "estoqueproprio": false}]}}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["infos"]["apartirde"], Value::Null);
    assert_eq!(stored_options(&app, &id).await, json!(["500 g", "1 kg"]));
}

#[tokio::test]
async fn the_spec_clients_labels_sell_every_option_at_the_products_terms() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    // The spec's `adicionar_produto`: options as `{opcao}`, a product stock of 3.
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "adicionar_produto", "usuario": "demo-joao", "iconeurl": false,
                   "infos": {"oculto": false, "titulo": "Alface", "descricao": "", "categoria":
                   "Alimentos", "nomeforn": "x", "userforn": "demo-joao", "preco": 4.5,
                   "estoque": 3, "minimo": null, "opcoes": [{"opcao": "Crespa"}, {"opcao": "Lisa"}]}}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let id = b["infos"]["id"].as_str().unwrap().to_owned();
    assert_eq!(stored_options(&app, &id).await, json!(["Crespa", "Lisa"]));
    assert_eq!(b["infos"]["apartirde"], Value::Null);
    assert_eq!(b["infos"]["opcoes"][0]["opcao"], "Crespa");
    // Both options sell from the product's 3 units, at R$ 4,50, the option sent as text.
    let bag = |opcao: &str, n: u32| {
        json!({
            "codigo": "finalizar_pedido", "site": true, "forn": "demo-joao",
            "sacola": [{"id": id, "quantidade": n, "opcaoselecionada": opcao}],
            "total": 4.5 * f64::from(n), "pagamento": "1", "entrega": false,
        })
    };
    let (s, b) = app.rpc(Some(&buyer), bag("Crespa", 2)).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = app.rpc(Some(&buyer), bag("Lisa", 1)).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(stock(&app, &id).await, 0);
    let (s, _) = app.rpc(Some(&buyer), bag("Lisa", 1)).await;
    assert_eq!(s, 409);
    // The spec's edit keeps labels labels.
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "editar_produto_site", "produto": {"id": id}, "newproduto": {
                "titulo": "Alface", "preco": "4,50", "estoque": 2, "opcoes": ["Crespa"]}}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(stored_options(&app, &id).await, json!(["Crespa"]));
}

#[tokio::test]
async fn bad_options_get_a_clear_message_and_nothing_is_stored() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    for (option, message) in [
        (
            json!({"opcao": "1 kg", "preco": "-9,00"}),
            "Insira um preço válido para a opção 1 kg.",
        ),
        (
            json!({"opcao": "1 kg", "preco": "0"}),
            "Insira um preço válido para a opção 1 kg.",
        ),
        (
            json!({"opcao": "1 kg", "preco": "9,00", "precopromo": "9,00"}),
            "O preço promocional da opção 1 kg deve ser menor que o preço dela.",
        ),
        (
            json!({"opcao": "1 kg", "estoqueproprio": true, "estoque": "-1"}),
            "O estoque da opção 1 kg deve ser um número inteiro, 0 ou mais.",
        ),
        (
            json!({"opcao": "1 kg", "estoqueproprio": true, "estoque": "dez"}),
            "O estoque da opção 1 kg deve ser um número inteiro, 0 ou mais.",
        ),
    ] {
        let (s, b) = app.rpc(Some(&supplier), tomato(json!([option]))).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(message)), "{option}");
    }
    let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(before, after);
    // An order for an option the product does not have.
    let p = add(&app, &supplier, sizes(1)).await;
    let id = p["id"].as_str().unwrap();
    let (s, b) = app.rpc(Some(&buyer), order(id, &[("2 kg", 1)], 9.0)).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (
            400,
            Some("A opção 2 kg não existe em tomate. Escolha outra opção.")
        )
    );
}

//! Moderation with reasons and a store set up in minutes (issue 29).
//!
//! The admin hides a store, an ad or a single product with a reason, which its owner is
//! e-mailed and sees in their panel; before hiding a store the admin sees its open orders and
//! balance; the supplier grid has the city and the formatted CPF/CNPJ. A new store gets a
//! default URL from its name (so it is in /lojas at once), and its panel's checklist follows
//! the URL, the payment options (with the Pix key), delivery or pickup and a first product with
//! a photo.

use crate::fixtures::{ADMIN_EMAIL, BUYER, SUPPLIER, cassava, demo_app, jpeg_b64, pay_pix};
use crate::helpers::{TestApp, spawn_app};
use crate::supplier::business;
use serde_json::{Value, json};

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, res) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// The panel's checklist of the store of `token`.
async fn checklist(app: &TestApp, token: &str) -> Value {
    ok(app, token, json!({"codigo": "loading_forn_site"})).await["infos"]["checklist"].clone()
}

/// The ads of a category's first page in Piracicaba.
async fn ads_in(app: &TestApp, categoria: &str) -> Vec<String> {
    let body = json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": "Piracicaba, SP",
                      "categoria": categoria});
    let b = app.rpc(None, body).await.1;
    b["anuncios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap().to_owned())
        .collect()
}

/// The outbox's (recipient, subject, body) whose subject starts with `subject`.
async fn mail(app: &TestApp, subject: &str) -> Vec<(String, String, String)> {
    sqlx::query_as(
        "SELECT destinatario, assunto, corpo FROM email_outbox WHERE assunto LIKE $1 \
         ORDER BY criado_em",
    )
    .bind(format!("{subject}%"))
    .fetch_all(&app.app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn hiding_a_store_takes_a_reason_after_seeing_its_orders_and_money() {
    let app = demo_app().await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    // An in-person order awaiting delivery and a paid Pix one ('A liberar').
    ok(&app, &buyer, cassava(1, "1")).await;
    let pix = ok(&app, &buyer, cassava(2, "2")).await;
    pay_pix(&app, pix["all"]["Infos"]["txid"].as_str().unwrap()).await;

    let summary = ok(
        &app,
        &admin,
        json!({"codigo": "pegar_resumo_fornecedor", "userforn": "demo-joao"}),
    )
    .await;
    assert_eq!(summary["pedidos_abertos"].as_array().unwrap().len(), 2);
    assert_eq!(summary["aliberar"], 16.0);
    assert_eq!(summary["saldo"], 0.0);
    assert_eq!(summary["saque_pendente"], Value::Null);

    let hide = |motivo: Value| json!({"codigo": "invisivel", "userforn": "demo-joao", "invisivel": true, "motivo": motivo});
    ok(&app, &admin, hide(json!("Fotos de produtos de terceiros"))).await;
    // Again: nothing changes, nobody is e-mailed twice.
    ok(&app, &admin, hide(json!("De novo"))).await;
    let sent = mail(&app, "Sua loja foi ocultada").await;
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, SUPPLIER);
    assert!(sent[0].2.contains("Motivo: Fotos de produtos de terceiros"));
    // The owner sees why in the panel; the admin's grid too.
    let panel = ok(&app, &supplier, json!({"codigo": "loading_forn_site"})).await;
    assert_eq!(panel["infos"]["invisivel"], true);
    assert_eq!(
        panel["infos"]["motivo_invisivel"],
        "Fotos de produtos de terceiros"
    );
    let grid = ok(&app, &admin, json!({"codigo": "loading_admin"})).await;
    let joao = grid["fornecedores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["usuario"] == "demo-joao")
        .unwrap()
        .clone();
    assert_eq!(joao["motivo_invisivel"], "Fotos de produtos de terceiros");
    assert_eq!(joao["cpf"], "081.836.584-66");
    assert_eq!(joao["cidade"], "Piracicaba, SP");

    // Shown again: the reason is gone, and the store is told.
    ok(
        &app,
        &admin,
        json!({"codigo": "invisivel", "userforn": "demo-joao", "invisivel": false}),
    )
    .await;
    let panel = ok(&app, &supplier, json!({"codigo": "loading_forn_site"})).await;
    assert_eq!(panel["infos"]["motivo_invisivel"], Value::Null);
    assert_eq!(mail(&app, "Sua loja voltou").await.len(), 1);
}

#[tokio::test]
async fn an_ad_and_a_single_product_are_hidden_with_a_reason_their_owners_see() {
    let app = demo_app().await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let (carla, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;

    // Carla's ad (demo-a07) leaves the listings and its page; she sees why.
    let ad = app
        .rpc(
            None,
            json!({"codigo": "pegar_anuncio_url_site", "id": "demo-a07"}),
        )
        .await;
    assert_eq!(ad.0, 200);
    let categoria = ad.1["item"]["categoria"].as_str().unwrap().to_owned();
    assert!(
        ads_in(&app, &categoria)
            .await
            .contains(&"demo-a07".to_owned())
    );
    let moderate = |id: &str, oculto: bool, motivo: &str| json!({"codigo": "moderar_anuncio", "id": id, "oculto": oculto, "motivo": motivo});
    let (s, b) = app.rpc(Some(&admin), moderate("demo-a07", true, " ")).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("Informe o motivo.")));
    assert_eq!(
        app.rpc(Some(&carla), moderate("demo-a07", true, "x"))
            .await
            .0,
        403
    );
    assert_eq!(
        app.rpc(Some(&admin), moderate("nada", true, "x")).await.0,
        404
    );
    let r = ok(&app, &admin, moderate("demo-a07", true, "Preço enganoso")).await;
    assert_eq!(r, json!({"oculto": true, "alterado": true}));
    assert!(
        !ads_in(&app, &categoria)
            .await
            .contains(&"demo-a07".to_owned())
    );
    let ad = app
        .rpc(
            None,
            json!({"codigo": "pegar_anuncio_url_site", "id": "demo-a07"}),
        )
        .await;
    assert_eq!(ad.0, 404);
    let mine = ok(&app, &carla, json!({"codigo": "pegar_anuncios"})).await;
    let hidden = mine["anuncios"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == "demo-a07")
        .unwrap();
    assert_eq!(hidden["moderacao"], "Preço enganoso");
    let sent = mail(&app, "Seu anúncio").await;
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, BUYER);
    assert!(
        sent[0].2.contains("Motivo: Preço enganoso"),
        "{}",
        sent[0].2
    );
    let r = ok(&app, &admin, moderate("demo-a07", false, "")).await;
    assert_eq!(r["alterado"], true);
    assert!(
        ads_in(&app, &categoria)
            .await
            .contains(&"demo-a07".to_owned())
    );

    // A single product: disabled with the reason; its store cannot enable it meanwhile.
    let product = |oculto: bool, motivo: &str| json!({"codigo": "moderar_produto", "id": "demo-p01", "oculto": oculto, "motivo": motivo});
    ok(&app, &admin, product(true, "Produto vencido na foto")).await;
    let (s, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p01"}),
        )
        .await;
    assert_eq!(s, 200);
    let store = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await
        .1;
    assert!(
        !store["allprods"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == "demo-p01")
    );
    // The admin's view of the store lists it for the moderation, with the reason, beside the
    // store's other products (disabled ones too), so it can be shown again from there.
    let admin_view = ok(
        &app,
        &admin,
        json!({"codigo": "start_site_admin", "urlforn": "sitio-boa-vista"}),
    )
    .await;
    let listed = admin_view["moderacao_produtos"].as_array().unwrap();
    let p01 = listed.iter().find(|p| p["id"] == "demo-p01").unwrap();
    assert_eq!(p01["moderacao"], "Produto vencido na foto");
    assert_eq!(p01["desabilitado"], true);
    let p05 = listed.iter().find(|p| p["id"] == "demo-p05").unwrap();
    assert_eq!(
        (p05["moderacao"].clone(), p05["desabilitado"].clone()),
        (Value::Null, json!(true))
    );
    assert!(listed.len() > store["allprods"].as_array().unwrap().len());
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "habilitar_produto", "item": "demo-p01"}),
        )
        .await;
    assert_eq!(s, 409);
    assert_eq!(
        b["error"],
        "Este produto foi ocultado pela moderação. Motivo: Produto vencido na foto"
    );
    let panel = ok(&app, &supplier, json!({"codigo": "loading_forn_site"})).await;
    let p = panel["infos"]["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "demo-p01")
        .unwrap()
        .clone();
    assert_eq!(
        (p["status"].clone(), p["moderacao"].clone()),
        (json!(true), json!("Produto vencido na foto"))
    );
    assert_eq!(mail(&app, "Seu produto").await[0].0, SUPPLIER);
    ok(&app, &admin, product(false, "Foto corrigida")).await;
    let store = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await
        .1;
    assert!(
        store["allprods"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == "demo-p01")
    );
}

#[tokio::test]
async fn a_new_store_has_a_default_url_and_a_checklist_until_it_is_set_up() {
    let app = spawn_app().await;
    let (token, _) = app.login("novo@feira.test").await;
    let mut infos = business();
    infos["nomeforn"] = json!("Sítio Boa Vista do Zé");
    ok(
        &app,
        &token,
        json!({"codigo": "cadastro_fornecedor", "icone": null, "infos": infos}),
    )
    .await;
    // Another store of the same name gets the next URL.
    let (other, _) = app.login("outro@feira.test").await;
    let mut infos = business();
    infos["nomeforn"] = json!("Sítio Boa Vista do Zé");
    infos["cpf"] = json!("081.836.584-66");
    ok(
        &app,
        &other,
        json!({"codigo": "cadastro_fornecedor", "icone": null, "infos": infos}),
    )
    .await;
    let lojas = app.rpc(None, json!({"codigo": "pegar_lojas"})).await.1;
    let mut urls: Vec<&str> = lojas["lojas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["url"].as_str().unwrap())
        .collect();
    urls.sort_unstable();
    assert_eq!(urls, ["sitio-boa-vista-do-ze", "sitio-boa-vista-do-ze-2"]);
    let (s, store) = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista-do-ze"}),
        )
        .await;
    assert_eq!((s, store["exist"].clone()), (200, json!(1)));

    assert_eq!(
        checklist(&app, &token).await,
        json!({"url": false, "pagamentos": false, "entrega": false, "produto": false,
               "completo": false})
    );
    ok(
        &app,
        &token,
        json!({"codigo": "criar_site", "url": "sitio-boa-vista-do-ze", "paleta": 2}),
    )
    .await;
    // Pix on without a key is not done yet.
    ok(
        &app,
        &token,
        json!({"codigo": "opcoes_pagamento", "opcao": "12"}),
    )
    .await;
    assert_eq!(checklist(&app, &token).await["pagamentos"], false);
    ok(
        &app,
        &token,
        json!({"codigo": "alterar_pix", "pix": "chave@pix.com"}),
    )
    .await;
    ok(
        &app,
        &token,
        json!({"codigo": "entregas_edit", "form": {"entrega": "2", "taxaTipo": "",
               "taxaentrega": "", "taxaPorKm": "", "enderecoRua": "", "enderecoNumero": "",
               "enderecoCidade": "", "pedidominimoentrega": "", "pedidominimoretirada": "",
               "descricaoentrega": "", "descricaoretirada": "No sítio"}}),
    )
    .await;
    // A product without a photo is not enough; with one, the checklist is complete.
    let form = json!({"categoria": "Alimentos", "titulo": "alface", "preco": "4,50", "minimo": "",
                      "estoque": "", "opcoes": [], "descricao": ""});
    ok(
        &app,
        &token,
        json!({"codigo": "adicionar_produto", "iconeurl": false, "infos": form}),
    )
    .await;
    assert_eq!(
        checklist(&app, &token).await,
        json!({"url": true, "pagamentos": true, "entrega": true, "produto": false,
               "completo": false})
    );
    ok(
        &app,
        &token,
        json!({"codigo": "adicionar_produto", "iconeurl": jpeg_b64(80, 80), "infos": form}),
    )
    .await;
    assert_eq!(checklist(&app, &token).await["completo"], true);
}

#[tokio::test]
async fn stores_opened_without_a_url_get_their_default_one() {
    let app = demo_app().await;
    sqlx::query(
        "UPDATE suppliers SET url = NULL, url_confirmada = FALSE WHERE user_id = 'demo-paulo'",
    )
    .execute(&app.app.db)
    .await
    .unwrap();
    let given = feira_api::domain::stores::assign_missing(&app.app.db)
        .await
        .unwrap();
    assert_eq!(given, 1);
    let url: String = sqlx::query_scalar("SELECT url FROM suppliers WHERE user_id = 'demo-paulo'")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(url, "engenho-capivari");
    assert_eq!(
        feira_api::domain::stores::assign_missing(&app.app.db)
            .await
            .unwrap(),
        0
    );
}

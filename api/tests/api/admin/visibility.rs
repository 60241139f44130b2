//! The admin's visibility flag: hiding a supplier removes it and its products from every
//! public listing at once; the admin still sees it and its storefront.

use super::{PIRACICABA, STORE, SUPPLIER_ID, ok};
use crate::fixtures::ADMIN_EMAIL;
use crate::fixtures::demo_app;
use crate::helpers::TestApp;
use serde_json::json;

/// Whether anything of the demo supplier shows in the public listings of Piracicaba.
async fn publicly_listed(app: &TestApp) -> Vec<String> {
    let mut seen = Vec::new();
    let lojas = ok(app, None, json!({"codigo": "pegar_lojas"})).await;
    if lojas["lojas"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["id"] == SUPPLIER_ID)
    {
        seen.push("pegar_lojas".to_owned());
    }
    let home = ok(
        app,
        None,
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": PIRACICABA}),
    )
    .await;
    for list in home["produtos"].as_object().unwrap().values() {
        if list
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["userforn"] == SUPPLIER_ID || p["nomeforn"] == "Sítio Boa Vista")
        {
            seen.push("home".to_owned());
            break;
        }
    }
    let page = ok(
        app,
        None,
        json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": PIRACICABA, "categoria": "Alimentos"}),
    )
    .await;
    if page["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["nomeforn"] == "Sítio Boa Vista")
    {
        seen.push("page".to_owned());
    }
    let found = ok(
        app,
        None,
        json!({"codigo": "search", "all": "alface", "cidade": PIRACICABA, "categoria": "Alimentos"}),
    )
    .await;
    if found["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["nomeforn"] == "Sítio Boa Vista")
    {
        seen.push("search".to_owned());
    }
    let store = ok(app, None, json!({"codigo": "start_site", "urlforn": STORE})).await;
    if store["manutencao"] != true {
        seen.push("start_site".to_owned());
    }
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p01"}),
        )
        .await;
    if status == 200 {
        seen.push("product".to_owned());
    }
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": SUPPLIER_ID}),
        )
        .await;
    if status == 200 {
        seen.push("dadosforn".to_owned());
    }
    seen
}

#[tokio::test]
async fn hiding_a_supplier_removes_it_from_every_public_listing_at_once_but_not_from_the_admin() {
    let app = demo_app().await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    assert_eq!(
        publicly_listed(&app).await.len(),
        7,
        "visible everywhere at first"
    );

    let res = ok(
        &app,
        Some(&admin),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": true,
               "motivo": "Documentos pendentes"}),
    )
    .await;
    assert!(res.get("error").is_none());
    assert_eq!(publicly_listed(&app).await, Vec::<String>::new());

    let list = ok(&app, Some(&admin), json!({"codigo": "loading_admin"})).await;
    let joao = list["fornecedores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["usuario"] == SUPPLIER_ID)
        .expect("hidden suppliers stay in the admin's list");
    assert_eq!(joao["invisivel"], true);
    assert_eq!(joao["email"], "fornecedor@feira.test");
    assert_eq!(joao["cpf"], "081.836.584-66");
    assert_eq!(joao["cidade"], "Piracicaba, SP");
    assert_eq!(joao["motivo_invisivel"], "Documentos pendentes");
    assert_eq!(joao["telefone"], "(19) 99876-5432");
    assert_eq!(list["fornecedores"].as_array().unwrap().len(), 8);

    // The admin's storefront, by URL or by user id, shows the hidden store and its products.
    for key in [STORE, SUPPLIER_ID] {
        let store = ok(
            &app,
            Some(&admin),
            json!({"codigo": "start_site_admin", "urlforn": key}),
        )
        .await;
        assert_eq!(store["exist"], 1);
        assert_eq!(store["dadosforn"]["nomeforn"], "Sítio Boa Vista");
        assert_eq!(store["dadosforn"]["oculto"], true);
        let prods = store["allprods"].as_array().unwrap();
        assert!(prods.iter().any(|p| p["id"] == "demo-p01"), "{store}");
    }
    let none = ok(
        &app,
        Some(&admin),
        json!({"codigo": "start_site_admin", "urlforn": "nao-existe"}),
    )
    .await;
    assert_eq!(none["exist"], 0);

    ok(
        &app,
        Some(&admin),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": false}),
    )
    .await;
    assert_eq!(publicly_listed(&app).await.len(), 7, "visible again");

    let (status, res) = app
        .rpc(
            Some(&admin),
            json!({"codigo": "invisivel", "userforn": "ninguem", "invisivel": true,
                   "motivo": "Teste"}),
        )
        .await;
    assert_eq!(status, 404, "{res}");
}

/// decisions.md §41: the spec's admin client sends `invisivel` without `motivo`; the store is
/// hidden all the same, with the reason 'Motivo não informado' (which its owner sees).
#[tokio::test]
async fn the_spec_client_hides_a_store_without_a_reason() {
    let app = demo_app().await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    for motivo in [None, Some(json!(null)), Some(json!("  "))] {
        let mut body = json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": true});
        if let Some(m) = motivo {
            body["motivo"] = m;
        }
        assert_eq!(ok(&app, Some(&admin), body).await["invisivel"], true);
        assert_eq!(publicly_listed(&app).await, Vec::<String>::new());
        let list = ok(&app, Some(&admin), json!({"codigo": "loading_admin"})).await;
        let joao = list["fornecedores"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["usuario"] == SUPPLIER_ID)
            .unwrap()
            .clone();
        assert_eq!(joao["motivo_invisivel"], "Motivo não informado");
        ok(
            &app,
            Some(&admin),
            json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": false}),
        )
        .await;
    }
    let (supplier, _) = app.login(crate::fixtures::SUPPLIER).await;
    let panel = ok(
        &app,
        Some(&supplier),
        json!({"codigo": "loading_forn_site"}),
    )
    .await;
    assert_eq!(panel["infos"]["invisivel"], false);
}

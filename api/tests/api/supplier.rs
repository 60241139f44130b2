//! The supplier side: business registration, the panel's load, Informações gerais,
//! and new orders reaching the supplier live (server-sent events and the e-mail outbox). The
//! other panel areas are in `supplier/`. Every test asserts the spec's messages and that
//! another supplier's resources are 403.

mod access;
mod day;
mod deliveries;
mod documents;
pub mod live;
mod payments;
mod products;
mod report;
mod settings;
mod store;

use crate::{
    fixtures::{BUYER, SUPPLIER, cassava, demo_app, jpeg_b64},
    helpers::{TestApp, spawn_app},
};
use serde_json::{Value, json};

/// `rpc` with a `codigo` and a signed-in token; returns status and body.
pub async fn call(app: &TestApp, token: &str, codigo: &str, mut body: Value) -> (u16, Value) {
    body["codigo"] = json!(codigo);
    app.rpc(Some(token), body).await
}

/// The error message of a refused call, asserting its status.
pub async fn refused(app: &TestApp, token: &str, codigo: &str, body: Value, status: u16) -> String {
    let (s, b) = call(app, token, codigo, body).await;
    assert_eq!(s, status, "{codigo}: {b}");
    b["error"].as_str().unwrap_or_default().to_owned()
}

/// A valid registration form.
pub fn business() -> Value {
    json!({
        "nomeforn": "Sítio Novo", "cpf": "529.982.247-25", "telefone": "(19) 99876-1234",
        "descricaoforn": "Hortaliças", "instagram": "@sitionovo", "local": 3,
        "cidades": ["piracicaba, sp", "Rio Claro, SP"], "email": "x@y", "vendasforn": 0,
    })
}

#[tokio::test]
async fn registration_checks_every_step_and_makes_the_user_a_supplier() {
    let app = spawn_app().await;
    let (token, user) = app.login("novo@feira.test").await;
    assert!(user["type"].is_null());
    let with = |f: &dyn Fn(&mut Value)| {
        let mut infos = business();
        f(&mut infos);
        json!({ "infos": infos })
    };
    let cases: Vec<(Value, &str)> = vec![
        (with(&|i| i["nomeforn"] = json!(" ")), "Insira um nome!"),
        (with(&|i| i["cpf"] = json!("")), "Insira um CPF/CNPJ"),
        (
            with(&|i| i["cpf"] = json!("529.982.247-24")),
            "Insira um CPF/CNPJ válido",
        ),
        (
            with(&|i| i["cpf"] = json!("12.ABC.345/01DE-34")),
            "Insira um CPF/CNPJ válido",
        ),
        (
            with(&|i| i["telefone"] = json!("1999")),
            "Insira um telefone",
        ),
        (
            with(&|i| i["descricaoforn"] = json!("d".repeat(501))),
            "A descrição deve ter no máximo 500 caracteres",
        ),
        (with(&|i| i["local"] = json!(null)), "Selecione uma opção"),
        (
            with(&|i| i["cidades"] = json!([])),
            "Adcione ao menos 1 local",
        ),
        (
            with(&|i| i["cidades"] = json!(["Atlântida, SP"])),
            "Selecione uma cidade da lista.",
        ),
        (
            with(&|i| {
                i["local"] = json!(2);
                i["cidades"] = json!(["XX"]);
            }),
            "Selecione um estado da lista.",
        ),
    ];
    for (body, message) in cases {
        assert_eq!(
            refused(&app, &token, "cadastro_fornecedor", body, 400).await,
            message
        );
    }
    // An icon larger than 300 px is refused (the browser resizes; the server re-checks).
    let big = json!({"icone": jpeg_b64(400, 200), "infos": business()});
    let msg = refused(&app, &token, "cadastro_fornecedor", big, 400).await;
    assert!(msg.contains("maior que o permitido"), "{msg}");

    // An alphanumeric CNPJ with correct check digits is accepted.
    let mut infos = business();
    infos["cpf"] = json!("12.ABC.345/01DE-35");
    let (s, b) = call(
        &app,
        &token,
        "cadastro_fornecedor",
        json!({"icone": jpeg_b64(300, 200), "infos": infos, "usuario": "someone-else"}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["userinfo"]["type"], 1);
    assert_eq!(
        refused(
            &app,
            &token,
            "cadastro_fornecedor",
            json!({"infos": business()}),
            409
        )
        .await,
        "Você já possui uma conta empresarial."
    );

    let (s, panel) = call(&app, &token, "loading_forn_site", json!({})).await;
    assert_eq!(s, 200, "{panel}");
    let infos = &panel["infos"];
    assert_eq!(infos["usuario"], user["usuario"]);
    assert_eq!(infos["cpf"], "12.ABC.345/01DE-35");
    assert_eq!(infos["telefone"], "(19) 99876-1234");
    assert_eq!(infos["cidades"], json!(["Piracicaba, SP", "Rio Claro, SP"]));
    assert_eq!(infos["vendasforn"], 0);
    // The stored icon is the JPEG sent, within 300 px.
    let icon = infos["iconeforn"].as_str().unwrap();
    let bytes = app.get(icon).await.bytes().await.unwrap();
    assert_eq!(feira_photo::validate_jpeg(&bytes, 300).unwrap(), (300, 200));
}

#[tokio::test]
async fn the_panel_loads_only_for_its_own_supplier() {
    let app = demo_app().await;
    let (token, user) = app.login(SUPPLIER).await;
    let (s, b) = call(
        &app,
        &token,
        "loading_forn_site",
        json!({"usuario": user["usuario"]}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let infos = &b["infos"];
    assert_eq!(infos["nomeforn"], "Sítio Boa Vista");
    assert_eq!(infos["extensoes"]["cupons"]["BEMVINDO10"]["valor"], 10.0);
    assert_eq!(infos["extensoes"]["pagamentos"]["pix"], "08183658466");
    // supplier-panel.md §3: the supplier's own address.
    assert_eq!(infos["rua"], "Rua Moraes Barros");
    assert_eq!(infos["numero"], "1200");
    assert_eq!(infos["cidade"], "Piracicaba, SP");
    assert_eq!(infos["produtos"].as_array().unwrap().len(), 10);
    // The disabled product is in the panel, flagged.
    let p05 = infos["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "demo-p05")
        .unwrap();
    assert_eq!(p05["status"], true);
    assert_eq!(infos["pendentes"], 0);
    assert_eq!(infos["saldo"], 0.0);
    assert!(!infos["anos"].as_array().unwrap().is_empty());

    assert_eq!(
        refused(
            &app,
            &token,
            "loading_forn_site",
            json!({"usuario": "demo-ana"}),
            403
        )
        .await,
        "Você não tem permissão para esta ação."
    );
    let (buyer, _) = app.login(BUYER).await;
    assert_eq!(
        refused(&app, &buyer, "loading_forn_site", json!({}), 404).await,
        "Fornecedor não encontrado."
    );
    let (s, _) = app.rpc(None, json!({"codigo": "loading_forn_site"})).await;
    assert_eq!(s, 401);
}

#[tokio::test]
async fn profile_places_and_visibility_are_saved_with_the_specs_messages() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let form = |f: &dyn Fn(&mut Value)| {
        let mut v = json!({"nomeforn": "Sítio Boa Vista II", "cpf": "08183658466",
                           "telefone": "19998765432", "instagram": "", "descricaoforn": "Novo"});
        f(&mut v);
        json!({ "form": v })
    };
    for (body, msg) in [
        (
            form(&|v| v["nomeforn"] = json!("")),
            "Por favor, preencha o campo Nome.",
        ),
        (
            form(&|v| v["cpf"] = json!("")),
            "Por favor, preencha o campo CPF/CNPJ.",
        ),
        (
            form(&|v| v["telefone"] = json!("")),
            "Por favor, preencha o campo Telefone.",
        ),
    ] {
        assert_eq!(
            refused(&app, &token, "editar_dados_fornecedor", body, 400).await,
            msg
        );
    }
    let (s, b) = call(&app, &token, "editar_dados_fornecedor", form(&|_| {})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["dadosforn"]["nomeforn"], "Sítio Boa Vista II");
    assert_eq!(b["dadosforn"]["instagram"], Value::Null);

    let (s, b) = call(
        &app,
        &token,
        "editar_locais_fornecedor",
        json!({"local": 2, "cidades": ["sp", "MG", "SP"]}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["cidades"], json!(["SP", "MG"]));
    let (_, b) = call(
        &app,
        &token,
        "editar_locais_fornecedor",
        json!({"local": 1}),
    )
    .await;
    assert_eq!(b["cidades"], json!(["ALL"]));

    // Hidden: the public storefront is in maintenance; purchases closed: checkout refuses.
    let (s, _) = call(
        &app,
        &token,
        "alterar_visibilidade",
        json!({"oculto": true}),
    )
    .await;
    assert_eq!(s, 200);
    let (_, site) = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await;
    assert_eq!(site["manutencao"], true);
    call(
        &app,
        &token,
        "alterar_visibilidade",
        json!({"oculto": false}),
    )
    .await;
    let (s, _) = call(&app, &token, "alterar_compras", json!({"compras": true})).await;
    assert_eq!(s, 200);
    let (buyer, _) = app.login(BUYER).await;
    let (s, b) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 400);
    assert_eq!(
        b["error"],
        "Sítio Boa Vista II está com o período de compras fechado!"
    );
}

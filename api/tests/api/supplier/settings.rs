//! Delivery settings (the spec's messages; the per-km start address geocoded; the checkout
//! uses them) and the online store's URL and palette.

use super::{call, refused};
use crate::fixtures::OTHER_SUPPLIER;
use crate::fixtures::jpeg_b64;
use crate::fixtures::{BUYER, SUPPLIER, demo_app};
use serde_json::{Value, json};

fn delivery(f: &dyn Fn(&mut Value)) -> Value {
    let mut form = json!({
        "entrega": "12", "taxaTipo": "porKm", "taxaentrega": "", "taxaPorKm": "3,00",
        "enderecoRua": "Rua Moraes Barros", "enderecoNumero": "100",
        "enderecoCidade": "rio claro, sp", "pedidominimoentrega": "20",
        "pedidominimoretirada": "", "descricaoentrega": "Terças", "descricaoretirada": "",
    });
    f(&mut form);
    json!({ "form": form, "usuario": "demo-ana", "cidades": [], "vendasforn": 0 })
}

#[tokio::test]
async fn delivery_settings_follow_the_spec_and_feed_the_checkout() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    for (body, msg) in [
        (
            delivery(&|f| {
                f["taxaTipo"] = json!("fixa");
                f["taxaentrega"] = json!("abc");
            }),
            "O valor da taxa de entrega fixa é inválido!",
        ),
        (
            delivery(&|f| f["taxaPorKm"] = json!("0")),
            "Insira um preço por Km válido e maior que zero!",
        ),
        (
            delivery(&|f| f["enderecoRua"] = json!("")),
            "Preencha o endereço de partida completo para usar a taxa por Km.",
        ),
        (
            delivery(&|f| f["enderecoNumero"] = json!("12B")),
            "Insira um número de endreço válido",
        ),
        (
            delivery(&|f| f["pedidominimoentrega"] = json!("x")),
            "O valor do pedido mínimo para entrega é inválido!",
        ),
        (
            delivery(&|f| f["pedidominimoretirada"] = json!("x")),
            "Insira um pedido mínimo válido!",
        ),
        (
            delivery(&|f| f["enderecoCidade"] = json!("Lugar Nenhum, SP")),
            "Selecione uma cidade da lista.",
        ),
    ] {
        assert_eq!(refused(&app, &token, "entregas_edit", body, 400).await, msg);
    }
    let (s, b) = call(&app, &token, "entregas_edit", delivery(&|_| {})).await;
    assert_eq!(s, 200, "{b}");
    let d = &b["delivery"];
    assert_eq!(d["taxaTipo"], "porKm");
    assert_eq!(d["taxaPorKm"], 3.0);
    assert_eq!(d["enderecoCidade"], "Rio Claro, SP");
    assert_eq!(d["pedidominimoentrega"], 20.0);
    // No geocoder configured: the municipality seat (decisions.md §15).
    let (lat, lon) = (
        d["latitude"].as_f64().unwrap(),
        d["longitude"].as_f64().unwrap(),
    );
    assert!(
        (lat + 22.41).abs() < 0.1 && (lon + 47.56).abs() < 0.1,
        "{lat} {lon}"
    );

    // The public data (what the checkout computes with) shows the new settings.
    let (_, pub_data) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-joao"}),
        )
        .await;
    let public = &pub_data["dadosforn"]["extensoes"]["delivery"];
    assert_eq!(public["taxaPorKm"], 3.0);
    // The start point only to about a kilometre: two decimal places.
    for (exact, shown) in [(lat, &public["latitude"]), (lon, &public["longitude"])] {
        let shown = shown.as_f64().unwrap();
        assert_eq!(shown, (exact * 100.0).round() / 100.0);
    }
    // Delivery only under the R$ 20 minimum is refused at checkout.
    let (buyer, _) = app.login(BUYER).await;
    let (s, r) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "finalizar_pedido", "sacola": [{"id": "demo-p04", "quantidade": 1}],
                   "total": 8.0, "pagamento": "1", "entrega": true}),
        )
        .await;
    assert_eq!(
        (s, r["error"].as_str()),
        (
            400,
            Some("Faltam R$ 12,00 para o pedido mínimo de entrega.")
        )
    );

    // Delivery off: fee and delivery minimum are cleared.
    let (_, b) = call(
        &app,
        &token,
        "entregas_edit",
        delivery(&|f| f["entrega"] = json!("2")),
    )
    .await;
    assert_eq!(b["delivery"]["taxaTipo"], Value::Null);
    assert_eq!(b["delivery"]["pedidominimoentrega"], Value::Null);
}

#[tokio::test]
async fn store_urls_are_checked_and_only_free_or_own_ones_are_saved() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let check = |url: &str| json!({"url": url});
    let (_, b) = call(
        &app,
        &token,
        "verificar_url_site",
        check("Emporio-Colonial-Tupi"),
    )
    .await;
    assert_eq!(b["exist"], true);
    assert_eq!(b["id"], "demo-ana");
    let (_, b) = call(&app, &token, "verificar_url_site", check("sitio-boa-vista")).await;
    assert_eq!(b["exist"], false, "one's own URL is available");
    let (_, b) = call(&app, &token, "verificar_url_site", check("Nova Loja")).await;
    assert_eq!(
        (b["exist"].clone(), b["url"].clone()),
        (json!(false), json!("novaloja"))
    );
    let (_, b) = call(&app, &token, "verificar_url_site", check("admin")).await;
    assert_eq!(b["exist"], true, "reserved");
    assert_eq!(
        refused(&app, &token, "verificar_url_site", check(" "), 400).await,
        "Digite uma URL"
    );

    let site = |url: &str, paleta: Value| json!({"url": url, "paleta": paleta, "old": "x"});
    assert_eq!(
        refused(
            &app,
            &token,
            "criar_site",
            site("emporio-colonial-tupi", json!(2)),
            409
        )
        .await,
        "URL indisponível. Por favor, escolha outro nome."
    );
    assert_eq!(
        refused(&app, &token, "criar_site", site("painel", json!(2)), 409).await,
        "URL indisponível. Por favor, escolha outro nome."
    );
    assert_eq!(
        refused(&app, &token, "criar_site", site("nova-loja", json!(6)), 400).await,
        "Escolha uma paleta de 1 a 5."
    );
    let (s, b) = call(&app, &token, "criar_site", site("Nova-Loja", json!("4"))).await;
    assert_eq!(s, 200, "{b}");
    let (_, store) = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "nova-loja"}),
        )
        .await;
    assert_eq!(store["exist"], 1);
    assert_eq!(store["infos"]["paleta"], 4);
    let (_, old) = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await;
    assert_eq!(old["exist"], 0);

    // Profile images: background up to 800 px wide, icon 300; `false` removes.
    let (ana, _) = app.login(OTHER_SUPPLIER).await;
    let msg = refused(
        &app,
        &ana,
        "editar_imagens_fornecedor",
        json!({"form": {"fundofornfinal": jpeg_b64(801, 300)}}),
        400,
    )
    .await;
    assert!(msg.contains("800"), "{msg}");
    let (s, b) = call(
        &app,
        &ana,
        "editar_imagens_fornecedor",
        json!({"form": {"fundofornfinal": jpeg_b64(800, 300), "iconefornfinal": false}}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["iconeforn"], Value::Null);
    let fundo = b["fundoforn"].as_str().unwrap();
    assert_eq!(app.get(fundo).await.status(), 200);
}

/// Choosing every city the app lists (IBGE's list in seeds/municipios.csv, which the webapp
/// offers) is a scope the API takes, and the spec's clients may send that whole list back with
/// any panel action.
#[tokio::test]
async fn a_store_may_choose_every_city_the_app_lists() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let csv = include_str!("../../../../seeds/municipios.csv");
    let all: Vec<String> = wasm_core::places::parse_municipalities_csv(csv)
        .unwrap()
        .iter()
        .map(wasm_core::places::Municipality::label)
        .collect();
    assert!(all.len() > 5_570, "{}", all.len());
    let (status, saved) = call(
        &app,
        &token,
        "editar_locais_fornecedor",
        json!({"local": 3, "cidades": all}),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["local"], 3);
    assert_eq!(saved["cidades"].as_array().unwrap().len(), all.len());
    let (status, body) = call(
        &app,
        &token,
        "adicionar_categoria",
        json!({"categoriatext": "Conservas Caseiras", "cidades": all, "vendasforn": 0}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

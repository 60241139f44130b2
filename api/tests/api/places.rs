//! CEP, bairro and delivery areas (decisions.md §31): `consultar_cep` through the local lookup
//! (devservices/cep.mjs, in both answer shapes it speaks: ViaCEP's and BrasilAPI's), addresses
//! keeping their CEP and bairro and saying when their point is the city's centre, and a
//! supplier's maximum delivery distance: beyond it the server refuses delivery with the spec's
//! message and accepts pickup.

use crate::fixtures::{BUYER, SUPPLIER, cassava, demo_app, orders_count};
use crate::helpers::{Lines, TestApp, devservice, spawn_app, spawn_app_with, try_again};
use crate::supplier::{call, refused};
use serde_json::{Value, json};

/// The local CEP lookup (stopped on drop).
pub struct CepService {
    /// The base address, `http://127.0.0.1:<port>`.
    pub base: String,
    _child: tokio::process::Child,
    _lines: Lines,
}

impl CepService {
    pub async fn start() -> Self {
        let (child, rest, lines) =
            devservice("cep.mjs", &[("CEP_PORT", "0".into())], "cep: listening on ").await;
        Self {
            base: rest.trim().to_owned(),
            _child: child,
            _lines: lines,
        }
    }

    /// `CEP_URL` for ViaCEP's shape.
    pub fn viacep(&self) -> String {
        format!("{}/ws/{{cep}}/json/", self.base)
    }

    /// `CEP_URL` for BrasilAPI's shape.
    pub fn brasilapi(&self) -> String {
        format!("{}/api/cep/v1/{{cep}}", self.base)
    }
}

async fn app_with_cep(url: Option<String>) -> TestApp {
    spawn_app_with(move |c| {
        c.seed_demo = true;
        c.outside.cep_url = url;
    })
    .await
}

#[tokio::test]
async fn a_cep_gives_street_bairro_and_city_through_the_local_lookup() {
    let cep = CepService::start().await;
    for url in [cep.viacep(), cep.brasilapi()] {
        let app = app_with_cep(Some(url.clone())).await;
        let (token, _) = app.login(BUYER).await;
        let (status, r) = call(&app, &token, "consultar_cep", json!({"cep": "13400-390"})).await;
        assert_eq!(status, 200, "{url}: {r}");
        assert_eq!(
            r,
            json!({"cep": "13400-390", "rua": "Rua Moraes Barros", "bairro": "Centro",
                   "cidade": "Piracicaba, SP"}),
            "{url}"
        );
        // A town's CEP has no street; the city comes in the IBGE list's spelling.
        let (_, r) = call(&app, &token, "consultar_cep", json!({"cep": "13450000"})).await;
        assert_eq!(r["cidade"], "Santa Bárbara d'Oeste, SP", "{url}");
        assert_eq!(
            (r["rua"].clone(), r["bairro"].clone()),
            (Value::Null, Value::Null)
        );
        let msg = refused(
            &app,
            &token,
            "consultar_cep",
            json!({"cep": "99999-999"}),
            404,
        )
        .await;
        assert_eq!(msg, "CEP não encontrado.", "{url}");
        let msg = refused(&app, &token, "consultar_cep", json!({"cep": "1340"}), 400).await;
        assert_eq!(msg, "Insira um CEP válido");
        let (status, _) = app
            .rpc(None, json!({"codigo": "consultar_cep", "cep": "13400-390"}))
            .await;
        assert_eq!(status, 401, "signed-in users only");
    }
    // Without a lookup (or when it is down), the address is typed by hand.
    let app = spawn_app().await;
    let (token, _) = app.login(BUYER).await;
    let msg = refused(
        &app,
        &token,
        "consultar_cep",
        json!({"cep": "13400-390"}),
        503,
    )
    .await;
    assert_eq!(
        msg,
        "Não foi possível consultar o CEP agora. Preencha o endereço."
    );
    drop(cep);
}

#[tokio::test]
async fn a_cep_is_asked_of_the_service_once_and_never_beyond_its_rate() {
    let cep = CepService::start().await;
    let url = cep.viacep();
    let app = spawn_app_with(move |c| {
        c.outside.cep_url = Some(url);
        c.outside.cep_rate = feira_api::security::rate::Rate::parse("3/min").unwrap();
    })
    .await;
    let (token, _) = app.login(BUYER).await;
    let (status, first) = call(&app, &token, "consultar_cep", json!({"cep": "13400-390"})).await;
    assert_eq!(status, 200, "{first}");
    let msg = refused(
        &app,
        &token,
        "consultar_cep",
        json!({"cep": "99999-999"}),
        404,
    )
    .await;
    assert_eq!(msg, "CEP não encontrado.");
    // With the service gone, what it said is still known (a CEP found and one it does not know).
    drop(cep);
    for _ in 0..5 {
        let (status, again) = call(&app, &token, "consultar_cep", json!({"cep": "13400390"})).await;
        assert_eq!((status, &again), (200, &first));
        let msg = refused(
            &app,
            &token,
            "consultar_cep",
            json!({"cep": "99999999"}),
            404,
        )
        .await;
        assert_eq!(msg, "CEP não encontrado.");
    }
    // A new CEP is asked (and the failure is not remembered)...
    let msg = refused(
        &app,
        &token,
        "consultar_cep",
        json!({"cep": "13450-000"}),
        503,
    )
    .await;
    assert_eq!(
        msg,
        "Não foi possível consultar o CEP agora. Preencha o endereço."
    );
    // ...but the budget (3 a minute, across instances) is spent: told to try again shortly.
    let res = app
        .http
        .post(format!("{}/api", app.address))
        .bearer_auth(&token)
        .json(&json!({"codigo": "consultar_cep", "cep": "13450-000"}))
        .send()
        .await
        .unwrap();
    let (wait, message) = try_again(res).await;
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(message, feira_api::outside::CEP_OCUPADO);
}

/// The CEP lookup is shared by everyone: one user spends only their own share of it
/// (`CEP_CLIENT_RATE`), and the others still look CEPs up, within the global rate (`CEP_RATE`).
#[tokio::test]
async fn one_user_cannot_spend_everyones_cep_lookups() {
    let cep = CepService::start().await;
    let url = cep.viacep();
    let app = spawn_app_with(move |c| {
        c.outside.cep_url = Some(url);
        c.outside.cep_rate = feira_api::security::rate::Rate::parse("4/min").unwrap();
        c.outside.cep_client_rate = feira_api::security::rate::Rate::parse("2/min").unwrap();
    })
    .await;
    let (greedy, _) = app.login(BUYER).await;
    let (other, _) = app.login(SUPPLIER).await;
    let ask = |token: &str, cep: &str| {
        app.http
            .post(format!("{}/api", app.address))
            .bearer_auth(token.to_owned())
            .json(&json!({"codigo": "consultar_cep", "cep": cep}))
            .send()
    };
    // Two CEPs the service does not know: each is a call.
    for c in ["11111-111", "22222-222"] {
        let msg = refused(&app, &greedy, "consultar_cep", json!({"cep": c}), 404).await;
        assert_eq!(msg, "CEP não encontrado.");
    }
    // The third is over the user's own share...
    let (wait, message) = try_again(ask(&greedy, "33333-333").await.unwrap()).await;
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(message, feira_api::outside::CEP_CLIENTE_OCUPADO);
    // ...(what the service already said is still answered)...
    let msg = refused(
        &app,
        &greedy,
        "consultar_cep",
        json!({"cep": "11111111"}),
        404,
    )
    .await;
    assert_eq!(msg, "CEP não encontrado.");
    // ...and took nothing from the others: two calls of the global four are left.
    for c in ["13400-390", "13450-000"] {
        let (status, r) = call(&app, &other, "consultar_cep", json!({"cep": c})).await;
        assert_eq!(status, 200, "{r}");
    }
    // The global rate still bounds everyone together.
    let (third, _) = app.login(crate::fixtures::ADMIN_EMAIL).await;
    let (_, message) = try_again(ask(&third, "01001-000").await.unwrap()).await;
    assert_eq!(message, feira_api::outside::CEP_OCUPADO);
    drop(cep);
}

fn address(cidade: &str, cep: &str, bairro: &str) -> Value {
    json!({"codigo": "alterar_endereco", "rua": "Rua Um", "numero": "10", "cidade": cidade,
           "telefone": "(19) 99230-1478", "complemento": "", "cep": cep, "bairro": bairro})
}

#[tokio::test]
async fn an_address_keeps_its_cep_and_bairro_and_says_when_its_point_is_the_city_centre() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let (status, r) = app
        .rpc(
            Some(&token),
            address("Piracicaba, SP", "13400390", " Centro "),
        )
        .await;
    assert_eq!(status, 200, "{r}");
    let info = &r["userinfo"];
    assert_eq!(
        (info["cep"].as_str(), info["bairro"].as_str()),
        (Some("13400-390"), Some("Centro"))
    );
    // No geocoder here: the point is the municipality's seat, and the answer says so.
    let notice = "Usamos o centro de Piracicaba para calcular a distância";
    assert_eq!(r["aviso"], notice);
    assert_eq!(info["aviso_localizacao"], notice);
    let (_, me) = app.rpc(Some(&token), json!({"codigo": "login_site"})).await;
    assert_eq!(me["userinfo"]["cep"], "13400-390");
    let (_, g) = app
        .rpc(
            None,
            json!({"codigo": "gerar_coordenadas", "rua": "Rua Um", "numero": "1",
                   "cidade": "São Paulo, SP", "cep": "01001-000"}),
        )
        .await;
    assert_eq!(
        (g["aproximado"].clone(), g["aviso"].clone()),
        (
            json!(true),
            json!("Usamos o centro de São Paulo para calcular a distância")
        )
    );
    let msg = refused(
        &app,
        &token,
        "alterar_endereco",
        address("Piracicaba, SP", "134", ""),
        400,
    )
    .await;
    assert_eq!(msg, "Insira um CEP válido");
    // Without CEP and bairro (the spec's clients) they are cleared, nothing else changes.
    let mut plain = address("Piracicaba, SP", "", "");
    plain.as_object_mut().unwrap().remove("cep");
    let (status, r) = app.rpc(Some(&token), plain).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        (
            r["userinfo"]["cep"].clone(),
            r["userinfo"]["bairro"].clone()
        ),
        (Value::Null, Value::Null)
    );
}

/// Sítio Boa Vista's delivery settings: a fixed fee, delivering at most `km` from its farm.
fn farm_delivery(km: &str) -> Value {
    json!({"form": {"entrega": "12", "taxaTipo": "fixa", "taxaentrega": "5",
        "pedidominimoentrega": "30", "distanciamaxima": km,
        "enderecoRua": "Estrada Municipal PIR-164", "enderecoNumero": "2450",
        "enderecoCidade": "Piracicaba, SP", "enderecoCep": "13417-780",
        "enderecoBairro": "Santa Rosa"}})
}

/// A delivery order of 4 × mandioca (R$ 32,00) with the R$ 5,00 fixed fee.
fn delivered_cassava() -> Value {
    let mut order = cassava(4, "1");
    order["entrega"] = json!(true);
    order["total"] = json!(37.0);
    order
}

#[tokio::test]
async fn beyond_the_delivery_distance_only_pickup_is_accepted() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (status, r) = call(&app, &supplier, "entregas_edit", farm_delivery("30")).await;
    assert_eq!(status, 200, "{r}");
    let d = &r["delivery"];
    assert_eq!(d["distanciamaxima"], 30);
    assert_eq!(
        (d["enderecoCep"].as_str(), d["enderecoBairro"].as_str()),
        (Some("13417-780"), Some("Santa Rosa"))
    );
    assert!(
        d["latitude"].is_f64(),
        "the start address is geocoded for the distance: {d}"
    );
    // The public data carries the limit (the browser computes the same), not the address.
    let (_, public) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-joao"}),
        )
        .await;
    let pd = &public["dadosforn"]["extensoes"]["delivery"];
    assert_eq!(pd["distanciamaxima"], 30);
    assert!(
        pd.get("enderecoCep").is_none() && pd.get("enderecoRua").is_none(),
        "{pd}"
    );

    let (buyer, _) = app.login(BUYER).await;
    // In Piracicaba, within 30 km: delivered.
    let (status, r) = app.rpc(Some(&buyer), delivered_cassava()).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["all"]["Infos"]["taxa_entrega"], 5.0);
    // In São Paulo, about 140 km away: refused with the message, nothing stored; pickup works.
    let (status, r) = app
        .rpc(Some(&buyer), address("São Paulo, SP", "01001-000", "Sé"))
        .await;
    assert_eq!(status, 200, "{r}");
    let before = orders_count(&app).await;
    let (status, r) = app.rpc(Some(&buyer), delivered_cassava()).await;
    assert_eq!(
        (status, r["error"].as_str()),
        (
            400,
            Some("Endereço fora da área de entrega de Sítio Boa Vista.")
        )
    );
    assert_eq!(orders_count(&app).await, before);
    let (status, r) = app.rpc(Some(&buyer), cassava(4, "1")).await;
    assert_eq!(status, 200, "pickup: {r}");
    // Without a limit, São Paulo is delivered to again.
    let (status, _) = call(&app, &supplier, "entregas_edit", farm_delivery("")).await;
    assert_eq!(status, 200);
    let (status, r) = app.rpc(Some(&buyer), delivered_cassava()).await;
    assert_eq!(status, 200, "{r}");
}

#[tokio::test]
async fn a_delivery_distance_is_checked_and_needs_its_start_address() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    for (km, message) in [
        ("0", "Insira uma distância máxima de entrega válida, em km."),
        (
            "2,5",
            "Insira uma distância máxima de entrega válida, em km.",
        ),
        (
            "1001",
            "Insira uma distância máxima de entrega válida, em km.",
        ),
    ] {
        let msg = refused(&app, &supplier, "entregas_edit", farm_delivery(km), 400).await;
        assert_eq!(msg, message, "{km}");
    }
    let mut no_start = farm_delivery("15");
    no_start["form"]["enderecoRua"] = json!("");
    let msg = refused(&app, &supplier, "entregas_edit", no_start, 400).await;
    assert_eq!(
        msg,
        "Preencha o endereço de partida completo para limitar a distância de entrega."
    );
    let mut bad_cep = farm_delivery("15");
    bad_cep["form"]["enderecoCep"] = json!("1341");
    let msg = refused(&app, &supplier, "entregas_edit", bad_cep, 400).await;
    assert_eq!(msg, "Insira um CEP válido");
}

//! The buyer's address: `gerar_coordenadas` and `alterar_endereco` with the spec's validation,
//! coordinates from the geocoder (a fake Nominatim here, on loopback) or the municipality seat,
//! and never from the client.

use crate::fixtures::{BUYER, demo_app};
use crate::helpers::{TestApp, spawn_app_with};
use axum::{Json, Router, extract::Query, routing::get};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

fn seat(label: &str) -> (f64, f64) {
    let m = feira_api::places::Places::get().find(label).unwrap();
    (m.latitude, m.longitude)
}

fn coords(v: &Value) -> (f64, f64) {
    (
        v["latitude"].as_f64().unwrap(),
        v["longitude"].as_f64().unwrap(),
    )
}

fn address(rua: &str, numero: &str, cidade: &str, telefone: &str) -> Value {
    json!({"codigo": "alterar_endereco", "rua": rua, "numero": numero, "cidade": cidade,
           "telefone": telefone, "complemento": ""})
}

#[tokio::test]
async fn address_validation_gives_the_specs_messages_and_changes_nothing() {
    let app = demo_app().await;
    let (token, before) = app.login(BUYER).await;
    let cases = [
        (
            address("", "10", "Piracicaba, SP", "19992301478"),
            "Preencha todos os campos!",
        ),
        (
            address("Rua A", " ", "Piracicaba, SP", "19992301478"),
            "Preencha todos os campos!",
        ),
        (
            address("Rua A", "10", "", "19992301478"),
            "Preencha todos os campos!",
        ),
        (
            address("Rua A", "10a", "Piracicaba, SP", "19992301478"),
            "Insira um número válido",
        ),
        (
            address("Rua A", "10", "Piracicaba, SP", "(19) 9923"),
            "Insira um telefone válido!",
        ),
        (
            address("Rua A", "10", "Atlântida, XX", "19992301478"),
            "Selecione uma cidade da lista.",
        ),
    ];
    for (body, message) in cases {
        let (status, answer) = app.rpc(Some(&token), body).await;
        assert_eq!((status, answer["error"].as_str()), (400, Some(message)));
    }
    let mut coords_only = address("", "10", "Piracicaba, SP", "");
    coords_only["codigo"] = json!("gerar_coordenadas");
    let (status, answer) = app.rpc(None, coords_only).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("Preencha todos os campos!"))
    );
    let (_, now) = app.rpc(Some(&token), json!({"codigo": "login_site"})).await;
    assert_eq!(now["userinfo"], before);
    let (status, _) = app
        .rpc(
            None,
            address("Rua A", "10", "Piracicaba, SP", "19992301478"),
        )
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn without_a_geocoder_coordinates_are_the_municipality_seat() {
    let app = demo_app().await;
    let (status, body) = app
        .rpc(
            None,
            json!({"codigo": "gerar_coordenadas", "rua": "Rua do Porto", "numero": "100",
                   "cidade": "Piracicaba, SP"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(coords(&body), seat("Piracicaba, SP"));
}

#[tokio::test]
async fn alterar_endereco_ignores_client_coordinates_and_user() {
    let app = demo_app().await;
    let (token, _) = app.login(BUYER).await;
    let mut body = address("Rua do Porto", "100", "rio claro, sp", "19 99230-1478");
    body["latitude"] = json!(-22.6987);
    body["longitude"] = json!(-47.6812);
    body["usuario"] = json!("demo-ana");
    body["complemento"] = json!("Casa 3");
    let (status, answer) = app.rpc(Some(&token), body).await;
    assert_eq!(status, 200, "{answer}");
    let info = &answer["userinfo"];
    assert_eq!(info["usuario"], "demo-carla");
    assert_eq!(info["rua"], "Rua do Porto");
    assert_eq!(info["numero"], "100");
    assert_eq!(info["cidade"], "Rio Claro, SP");
    assert_eq!(info["complemento"], "Casa 3");
    assert_eq!(info["telefone"], "(19) 99230-1478");
    assert_eq!(coords(info), seat("Rio Claro, SP"));
    let ana: (String, f64) =
        sqlx::query_as("SELECT rua, latitude FROM users WHERE id = 'demo-ana'")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(ana, ("Rua Boa Morte".to_owned(), -22.7262));
}

/// A Nominatim stand-in answering `answer` and recording each query's `q`.
async fn fake_geocoder(answer: Value, status: u16) -> (String, Arc<Mutex<Vec<String>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let router = Router::new().route(
        "/search",
        get(move |Query(q): Query<HashMap<String, String>>| {
            let answer = answer.clone();
            let log = log.clone();
            async move {
                log.lock()
                    .unwrap()
                    .push(q.get("q").cloned().unwrap_or_default());
                (
                    axum::http::StatusCode::from_u16(status).unwrap(),
                    Json(answer),
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, seen)
}

async fn app_with_geocoder(url: String) -> TestApp {
    spawn_app_with(move |c| {
        c.seed_demo = true;
        c.outside.geocoder_url = Some(url);
    })
    .await
}

#[tokio::test]
async fn a_configured_geocoder_is_used_when_its_answer_is_plausible() {
    let (url, seen) = fake_geocoder(
        json!([{"lat": "-22.7201", "lon": "-47.6402", "display_name": "x"}]),
        200,
    )
    .await;
    let app = app_with_geocoder(url).await;
    let (token, _) = app.login(BUYER).await;
    let (status, answer) = app
        .rpc(
            Some(&token),
            address("Rua do Porto", "100", "Piracicaba, SP", "19992301478"),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(coords(&answer["userinfo"]), (-22.7201, -47.6402));
    assert_eq!(
        seen.lock().unwrap().as_slice(),
        ["Rua do Porto, 100, Piracicaba, SP, Brasil"]
    );
}

#[tokio::test]
async fn a_far_empty_or_failing_geocoder_answer_falls_back_to_the_seat() {
    let answers = [
        (json!([{"lat": -3.1190, "lon": -60.0217}]), 200), // Manaus: not in Piracicaba
        (json!([]), 200),
        (json!({"error": "boom"}), 500),
    ];
    for (answer, status) in answers {
        let (url, seen) = fake_geocoder(answer.clone(), status).await;
        let app = app_with_geocoder(url).await;
        let (status, body) = app
            .rpc(
                None,
                json!({"codigo": "gerar_coordenadas", "rua": "Rua do Porto", "numero": "100",
                       "cidade": "Piracicaba, SP"}),
            )
            .await;
        assert_eq!(status, 200, "{answer}: {body}");
        assert_eq!(coords(&body), seat("Piracicaba, SP"), "{answer}");
        assert_eq!(seen.lock().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn the_geocoder_is_asked_once_per_address_and_never_beyond_its_rate() {
    let (url, seen) = fake_geocoder(
        json!([{"lat": "-22.7201", "lon": "-47.6402", "display_name": "x"}]),
        200,
    )
    .await;
    // The default: the public Nominatim's policy, 1 request per second.
    let app = app_with_geocoder(url).await;
    assert_eq!(app.app.config.outside.geocoder_rate.count.get(), 1);
    let ask = |rua: &'static str| {
        app.rpc(
            None,
            json!({"codigo": "gerar_coordenadas", "rua": rua, "numero": "100",
                   "cidade": "Piracicaba, SP"}),
        )
    };
    let (status, first) = ask("Rua do Porto").await;
    assert_eq!(status, 200, "{first}");
    // The same address again, at once and many times: answered from the cache.
    for _ in 0..10 {
        let (status, again) = ask("Rua do Porto").await;
        assert_eq!((status, coords(&again)), (200, coords(&first)));
    }
    assert_eq!(seen.lock().unwrap().len(), 1);
    // Another address within the same second: the visitor is told to try again shortly.
    let res = app
        .http
        .post(format!("{}/api", app.address))
        .json(
            &json!({"codigo": "gerar_coordenadas", "rua": "Rua Governador", "numero": "1",
                      "cidade": "Piracicaba, SP"}),
        )
        .send()
        .await
        .unwrap();
    let (wait, message) = crate::helpers::try_again(res).await;
    assert!((1..=1).contains(&wait), "{wait}");
    assert_eq!(message, feira_api::outside::GEOCODER_OCUPADO);
    assert_eq!(seen.lock().unwrap().len(), 1, "the geocoder was not called");
    // A second later it is asked.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (status, _) = ask("Rua Governador").await;
    assert_eq!(status, 200);
    assert_eq!(seen.lock().unwrap().len(), 2);
}

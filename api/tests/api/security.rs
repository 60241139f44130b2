//! Browser hardening and request bounds, measured from outside: the security headers on every
//! kind of answer (`/`, `/api`, `/media/…`, the sign-in callback), an uploaded photo stored as
//! our own re-encoding (nothing appended survives) and served with its real type, and bodies or
//! values over their bounds refused with 413. The rate limits are in [`limits`].

mod limits;

use crate::fixtures::jpeg_b64;
use crate::fixtures::{SUPPLIER, demo_app};
use crate::helpers::{spawn_app, spawn_app_with};
use crate::supplier::call;
use base64::{Engine, engine::general_purpose::STANDARD};
use serde_json::json;

/// Asserts the fixed security headers of `res`.
fn assert_hardened(res: &reqwest::Response, what: &str) {
    let h = res.headers();
    let get = |name: &str| {
        h.get(name)
            .unwrap_or_else(|| panic!("{what}: no {name}"))
            .to_str()
            .unwrap()
            .to_owned()
    };
    let csp = get("content-security-policy");
    for part in [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval';",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.contains(part), "{what}: {part} not in {csp}");
    }
    assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
    assert_eq!(get("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(get("x-frame-options"), "DENY", "{what}");
    assert_eq!(
        get("referrer-policy"),
        "strict-origin-when-cross-origin",
        "{what}"
    );
    assert!(get("permissions-policy").contains("camera=()"), "{what}");
    // Plain HTTP without a trusted proxy: no HSTS.
    assert!(h.get("strict-transport-security").is_none(), "{what}");
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers() {
    let app = demo_app().await;
    assert_hardened(&app.get("/").await, "/");
    assert_hardened(&app.get("/fornecedor/qualquer").await, "a page");
    assert_hardened(&app.get("/assets/app-123.js").await, "an asset");
    assert_hardened(&app.get("/healthz").await, "/healthz");
    let api = app
        .http
        .post(format!("{}/api", app.address))
        .json(&json!({"codigo": "iniciar_login"}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 200);
    assert_hardened(&api, "/api");
    let refused = app
        .http
        .post(format!("{}/api", app.address))
        .body("not json")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 400);
    assert_hardened(&refused, "a refusal");
    assert_hardened(&app.get("/media/nada.jpg").await, "a missing medium");

    // The sign-in callback page has no inline script: its script is a file of our origin.
    let page = app.get("/auth/callback").await;
    assert_hardened(&page, "/auth/callback");
    let html = page.text().await.unwrap();
    assert!(
        html.contains(r#"<script src="/auth/callback.js"></script>"#),
        "{html}"
    );
    assert!(!html.contains("postMessage"), "{html}");
    let script = app.get("/auth/callback.js").await;
    assert_eq!(script.status(), 200);
    assert!(
        script.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(script.text().await.unwrap().contains("postMessage"));
}

/// `GET /` as forwarded by a proxy that terminated HTTPS: its `Strict-Transport-Security`.
async fn hsts_over_https(app: &crate::helpers::TestApp) -> Option<String> {
    let res = app
        .http
        .get(format!("{}/", app.address))
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap();
    let hsts = res.headers().get("strict-transport-security")?;
    Some(hsts.to_str().unwrap().to_owned())
}

#[tokio::test]
async fn hsts_is_sent_when_the_trusted_proxy_says_https() {
    let app = spawn_app_with(|c| c.security.trust_proxy = true).await;
    assert_eq!(
        hsts_over_https(&app).await.as_deref(),
        Some("max-age=31536000; includeSubDomains")
    );
    let plain = app.get("/").await;
    assert!(plain.headers().get("strict-transport-security").is_none());
    // Without a trusted proxy the header is the client's claim and is ignored.
    let app = spawn_app().await;
    assert_eq!(hsts_over_https(&app).await, None);
}

#[tokio::test]
async fn an_uploaded_photo_is_stored_re_encoded_and_served_as_a_jpeg() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (s, b) = call(
        &app,
        &token,
        "adicionar_produto",
        json!({"iconeurl": false, "cidades": ["ALL"], "infos": {
            "categoria": "Alimentos", "titulo": "Queijo Fresco", "preco": "12,50", "minimo": 1,
            "estoque": 10, "opcoes": [], "descricao": "Do sítio", "oculto": false}}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let id = b["infos"]["id"].as_str().unwrap().to_owned();
    // A real JPEG with a page appended.
    let mut bytes = STANDARD.decode(jpeg_b64(200, 150)).unwrap();
    bytes.extend_from_slice(b"<html><script>alert(document.cookie)</script></html>");
    let (s, b) = call(
        &app,
        &token,
        "upload_foto",
        json!({"item": {"id": id}, "uri": STANDARD.encode(&bytes)}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let url = b["url"].as_str().unwrap().to_owned();
    let res = app.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_hardened(&res, "/media/…");
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert!(res.headers().get("content-disposition").is_none());
    let served = res.bytes().await.unwrap();
    assert!(served.starts_with(&[0xFF, 0xD8]) && served.ends_with(&[0xFF, 0xD9]));
    assert!(
        !served.windows(7).any(|w| w == b"<script"),
        "the appended page was stored"
    );
    assert_ne!(served.as_ref(), bytes.as_slice());
    image::load_from_memory(&served).expect("a readable JPEG");
}

#[tokio::test]
async fn values_and_bodies_over_their_bounds_are_refused_with_413() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let too_large = |s: u16, b: &serde_json::Value| {
        assert_eq!(s, 413, "{b}");
        assert_eq!(b["error"], "A requisição é grande demais.");
    };
    // A 1 MB value in a field no form reads, and a 100 KB coupon code.
    let (s, b) = call(
        &app,
        &token,
        "alterar_nome",
        json!({"nome": "Ana", "x": "a".repeat(1 << 20)}),
    )
    .await;
    too_large(s, &b);
    let (s, b) = app
        .rpc(
            None,
            json!({"codigo": "validar_cupom", "userforn": "demo-joao", "cupom": "A".repeat(100_000)}),
        )
        .await;
    too_large(s, &b);
    // A list longer than any the API takes, in a field the action reads (a field it ignores is
    // only bound by the body limit: the spec's clients send whole objects back), and a number
    // far above any amount.
    let cities: Vec<String> = (0..10_000).map(|i| format!("C{i}, SP")).collect();
    let (s, b) = call(
        &app,
        &token,
        "editar_locais_fornecedor",
        json!({"local": 3, "cidades": cities}),
    )
    .await;
    too_large(s, &b);
    let (s, b) = call(
        &app,
        &token,
        "pegar_produtos_fornecedor",
        json!({"x": vec![1; 10_000]}),
    )
    .await;
    assert_eq!(s, 200, "an ignored field within the body limit: {b}");
    let (s, b) = call(&app, &token, "finalizar_pedido", json!({"total": 1e300})).await;
    too_large(s, &b);
    // Nothing was changed by the refused rename.
    let nome: String = sqlx::query_scalar("SELECT nome FROM users WHERE email = $1")
        .bind(SUPPLIER)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert!(nome.len() < 200);
}

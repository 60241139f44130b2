//! The HTTP contract: unknown actions, bad bodies, limits, health, media, the SPA fallback.

use crate::helpers::{spawn_app, spawn_app_with};
use bytes::Bytes;
use serde_json::json;

#[tokio::test]
async fn an_unknown_codigo_is_a_400_with_an_error() {
    let app = spawn_app().await;
    let (status, body) = app.rpc(None, json!({"codigo": "teletransportar"})).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Ação desconhecida");
    let res = app
        .http
        .post(format!("{}/api", app.address))
        .body("not json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["error"].is_string());
}

#[tokio::test]
async fn actions_that_need_a_user_answer_401_without_one() {
    let app = spawn_app().await;
    for codigo in ["alterar_nome", "logout_site", "login_site"] {
        let (status, body) = app.rpc(None, json!({"codigo": codigo, "nome": "x"})).await;
        assert_eq!(status, 401, "{codigo}: {body}");
        assert!(body["error"].is_string());
    }
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let app = spawn_app_with(|c| c.security.body_limit = 1024).await;
    let big = "x".repeat(4096);
    let (status, _) = app
        .rpc(None, json!({"codigo": "alterar_nome", "nome": big}))
        .await;
    assert_eq!(status, 413);
}

#[tokio::test]
async fn healthz_answers_ok() {
    let app = spawn_app().await;
    let res = app.get("/healthz").await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.json::<serde_json::Value>().await.unwrap()["status"],
        "ok"
    );
}

#[tokio::test]
async fn the_webapp_is_served_with_an_spa_fallback_that_spares_api_media_and_assets() {
    let app = spawn_app().await;
    for path in ["/", "/lojas", "/painel/perfil/abc"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            res.text().await.unwrap().contains("<title>Feira</title>"),
            "{path}"
        );
    }
    // What the app does not have (no store at this URL, a deeper unknown path) is 404 with the
    // app's page, which renders its not-found screen (decisions.md §30; catalog/previews.rs).
    for path in ["/sitio-boa-vista", "/a/b/c"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "{path}");
        let html = res.text().await.unwrap();
        assert!(
            html.contains("<title>Página não encontrada | Feira</title>"),
            "{path}"
        );
    }
    for path in ["/api/qualquer", "/media/nada.jpg", "/assets/nada.js"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert!(
            !res.text().await.unwrap().contains("<title>Feira</title>"),
            "{path}"
        );
    }
    let asset = app.get("/assets/app-123.js").await;
    assert_eq!(asset.status(), 200);
    assert!(
        asset.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    // A name longer than any file's: not found under /assets, the (not-found) page elsewhere;
    // never a file system error (the fuzzer's find).
    let long = "%C3%A3".repeat(200);
    assert_eq!(app.get(&format!("/assets/{long}.js")).await.status(), 404);
    for path in [format!("/loja/{long}"), format!("/{long}")] {
        let page = app.get(&path).await;
        assert_eq!(page.status(), 404);
        assert!(
            page.text()
                .await
                .unwrap()
                .contains("<title>Página não encontrada")
        );
    }
    // The callback page's script is a file of our origin (no inline script under the CSP).
    let callback = app.get("/auth/callback").await;
    assert!(callback.text().await.unwrap().contains("/auth/callback.js"));
    let script = app.get("/auth/callback.js").await;
    assert!(script.text().await.unwrap().contains("feira-oidc"));
    assert!(app.webapp_dir.exists());
}

#[tokio::test]
async fn media_is_stored_served_with_long_cache_and_deleted() {
    let app = spawn_app().await;
    let url = app
        .app
        .media
        .put("teste/foto.jpg", Bytes::from_static(b"\xFF\xD8jpeg"))
        .await
        .unwrap();
    assert_eq!(url, "/media/teste/foto.jpg");
    let res = app.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert!(
        res.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age=31536000")
    );
    assert_eq!(&res.bytes().await.unwrap()[..], b"\xFF\xD8jpeg");
    app.app.media.delete_url(&url).await.unwrap();
    assert_eq!(app.get(&url).await.status(), 404);
}

#[tokio::test]
async fn demo_data_loads_once() {
    let app = spawn_app_with(|c| c.seed_demo = true).await;
    let count = |sql: &'static str| {
        let db = app.app.db.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&db)
                .await
                .unwrap()
        }
    };
    assert_eq!(count("SELECT COUNT(*) FROM products").await, 60);
    assert_eq!(count("SELECT COUNT(*) FROM ads").await, 12);
    assert!(count("SELECT COUNT(*) FROM suppliers").await >= 6);
    let loaded = feira_api::seed::load_demo(&app.app.db, &app.app.media)
        .await
        .unwrap();
    assert!(!loaded, "demo data loaded twice");
    assert_eq!(count("SELECT COUNT(*) FROM products").await, 60);
    // Its photos are real files behind /media.
    let icon: String =
        sqlx::query_scalar("SELECT icone FROM products WHERE icone IS NOT NULL LIMIT 1")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    let res = app.get(&icon).await;
    assert_eq!(res.status(), 200);
    assert_eq!(&res.bytes().await.unwrap()[..2], &[0xFF, 0xD8]);
}

#[tokio::test]
async fn the_openapi_document_is_served_and_describes_every_action() {
    let app = spawn_app().await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/json");
    let doc: serde_json::Value = res.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let mapping = doc["paths"]["/api"]["post"]["requestBody"]["content"]["application/json"]
        ["schema"]["discriminator"]["mapping"]
        .as_object()
        .unwrap()
        .clone();
    for codigo in feira_api::rpc::Request::CODIGOS {
        assert!(mapping.contains_key(*codigo), "{codigo}");
    }
    // The default provider is the sandbox: its payment route is described.
    assert!(doc["paths"].get("/pix/sandbox/{txid}/pagar").is_some());
}

//! Catalogue reads a cache can answer: every public read answers
//! `GET /api?codigo=…` with the same JSON as its POST, a strong ETag, a short Cache-Control and
//! 304 on a matching If-None-Match; the ETag follows a product's price, stock and photo; other
//! actions are refused by GET.

use super::{PIRACICABA, demo_app};
use crate::{fixtures::SUPPLIER, fixtures::jpeg_b64, helpers::TestApp, supplier::call};
use serde_json::{Value, json};

/// `GET /api` with `query`, optionally with `If-None-Match` and a bearer token.
async fn get(
    app: &TestApp,
    query: &[(&str, &str)],
    etag: Option<&str>,
    token: Option<&str>,
) -> reqwest::Response {
    let mut req = app.http.get(format!("{}/api", app.address)).query(query);
    if let Some(e) = etag {
        req = req.header("If-None-Match", e);
    }
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.send().await.unwrap()
}

/// `POST /api` with the same fields: status and the exact bytes.
async fn post_bytes(app: &TestApp, query: &[(&str, &str)]) -> (u16, Vec<u8>) {
    let body: serde_json::Map<String, Value> = query
        .iter()
        .map(|(k, v)| ((*k).to_owned(), json!(v)))
        .collect();
    let res = app
        .http
        .post(format!("{}/api", app.address))
        .json(&body)
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.bytes().await.unwrap().to_vec())
}

fn header(res: &reqwest::Response, name: &str) -> String {
    res.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// The ETag of the product page of `demo-p04` now.
async fn product_etag(app: &TestApp) -> String {
    let res = get(
        app,
        &[("codigo", "pegar_produto_url_site"), ("id", "demo-p04")],
        None,
        None,
    )
    .await;
    assert_eq!(res.status(), 200);
    header(&res, "etag")
}

#[tokio::test]
async fn every_public_read_answers_get_with_the_bytes_of_its_post() {
    let app = demo_app().await;
    let (_, first) = app
        .rpc(None, json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": PIRACICABA, "categoria": "Alimentos"}))
        .await;
    let nextp = first["produtos_lastIds"]
        .as_str()
        .expect("a second page of products")
        .to_owned();
    let reads: Vec<Vec<(&str, &str)>> = vec![
        vec![
            ("codigo", "pegar_produtos_anuncios_site"),
            ("regiao", PIRACICABA),
        ],
        vec![
            ("codigo", "pegar_produtos_anuncios_site2"),
            ("regiao", PIRACICABA),
            ("categoria", "Alimentos"),
        ],
        vec![
            ("codigo", "pegar_produtos_anuncios_local"),
            ("cidade", PIRACICABA),
            ("categoria", "Alimentos"),
            ("nextp", &nextp),
        ],
        vec![
            ("codigo", "search"),
            ("all", "mel"),
            ("cidade", PIRACICABA),
            ("categoria", "Alimentos"),
        ],
        vec![("codigo", "pegar_lojas")],
        vec![("codigo", "start_site"), ("urlforn", "sitio-boa-vista")],
        vec![("codigo", "start_site"), ("urlforn", "nao-existe")],
        vec![
            ("codigo", "pegar_produto_url_site"),
            ("id", "demo-p04"),
            ("userforn", "demo-joao"),
            ("categoria", "Alimentos"),
        ],
        vec![
            ("codigo", "pegar_anuncio_url_site"),
            ("id", "demo-a01"),
            ("userforn", "x"),
            ("categoria", "Variedades"),
        ],
        vec![("codigo", "pegar_dadosforn"), ("usuario", "demo-joao")],
    ];
    for q in &reads {
        let (post_status, post) = post_bytes(&app, q).await;
        let res = get(&app, q, None, None).await;
        assert_eq!(res.status().as_u16(), post_status, "{q:?}");
        assert_eq!(
            post_status,
            200,
            "{q:?}: {}",
            String::from_utf8_lossy(&post)
        );
        assert_eq!(header(&res, "content-type"), "application/json");
        assert_eq!(
            header(&res, "cache-control"),
            "public, max-age=30, stale-while-revalidate=30"
        );
        assert!(
            header(&res, "vary")
                .to_lowercase()
                .contains("accept-encoding"),
            "{q:?}"
        );
        let etag = header(&res, "etag");
        assert!(
            etag.starts_with('"') && etag.len() > 10,
            "a strong ETag: {etag}"
        );
        let got = res.bytes().await.unwrap().to_vec();
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&post),
            "{q:?}"
        );
        let listed: Value = serde_json::from_slice(&got).unwrap();
        assert!(listed.is_object() && listed.get("error").is_none(), "{q:?}");
    }
    // The same read asked again: same bytes, same ETag.
    let q = &reads[0];
    let a = header(&get(&app, q, None, None).await, "etag");
    let b = header(&get(&app, q, None, None).await, "etag");
    assert_eq!(a, b);
}

#[tokio::test]
async fn a_matching_if_none_match_is_answered_304_without_a_body() {
    let app = demo_app().await;
    let q = [("codigo", "start_site"), ("urlforn", "sitio-boa-vista")];
    let etag = header(&get(&app, &q, None, None).await, "etag");

    let res = get(&app, &q, Some(&etag), None).await;
    assert_eq!(res.status(), 304);
    assert_eq!(header(&res, "etag"), etag);
    assert_eq!(
        header(&res, "cache-control"),
        "public, max-age=30, stale-while-revalidate=30"
    );
    assert!(res.bytes().await.unwrap().is_empty());

    for matching in [
        format!("W/{etag}"),
        format!("\"outro\", {etag}"),
        "*".to_owned(),
    ] {
        assert_eq!(
            get(&app, &q, Some(&matching), None).await.status(),
            304,
            "{matching}"
        );
    }
    let res = get(&app, &q, Some("\"outro\""), None).await;
    assert_eq!(res.status(), 200);
    assert_eq!(header(&res, "etag"), etag);
    // Another read's ETag does not match this one.
    let other = [("codigo", "start_site"), ("urlforn", "engenho-capivari")];
    assert_eq!(get(&app, &other, Some(&etag), None).await.status(), 200);
}

#[tokio::test]
async fn the_etag_changes_with_a_products_price_stock_and_photo() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let edit = |preco: &str, estoque: i64| {
        json!({"produto": {"id": "demo-p04"}, "newproduto": {"titulo": "Mandioca Descascada", "preco": preco,
               "minimo": 0, "estoque": estoque, "opcoes": [], "descricao": ""}})
    };
    let (s, b) = call(&app, &token, "editar_produto_site", edit("9", 30)).await;
    assert_eq!(s, 200, "{b}");
    let before = product_etag(&app).await;
    assert_eq!(product_etag(&app).await, before, "nothing changed");

    let (s, _) = call(&app, &token, "editar_produto_site", edit("9,50", 30)).await;
    assert_eq!(s, 200);
    let priced = product_etag(&app).await;
    assert_ne!(priced, before, "price");
    // The old copy is not 'not modified': the client gets the new price at its next revalidation.
    let res = get(
        &app,
        &[("codigo", "pegar_produto_url_site"), ("id", "demo-p04")],
        Some(&before),
        None,
    )
    .await;
    assert_eq!(res.status(), 200);
    let item: Value = res.json().await.unwrap();
    assert_eq!(item["item"]["preco"], 9.5);

    let (s, _) = call(&app, &token, "editar_produto_site", edit("9,50", 12)).await;
    assert_eq!(s, 200);
    let stocked = product_etag(&app).await;
    assert_ne!(stocked, priced, "stock");

    let (s, b) = call(
        &app,
        &token,
        "editar_icone_produto_site",
        json!({"id": "demo-p04", "icone": jpeg_b64(120, 80)}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let iconed = product_etag(&app).await;
    assert_ne!(iconed, stocked, "icon");

    let (s, b) = call(
        &app,
        &token,
        "upload_foto",
        json!({"item": "demo-p04", "uri": jpeg_b64(100, 100)}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_ne!(product_etag(&app).await, iconed, "photo");

    // The storefront's read follows the same product.
    let store = [("codigo", "start_site"), ("urlforn", "sitio-boa-vista")];
    let store_before = header(&get(&app, &store, None, None).await, "etag");
    let (s, _) = call(&app, &token, "editar_produto_site", edit("10", 12)).await;
    assert_eq!(s, 200);
    assert_eq!(
        get(&app, &store, Some(&store_before), None).await.status(),
        200
    );
}

#[tokio::test]
async fn other_actions_are_refused_by_get_and_reads_ignore_the_caller() {
    let app = demo_app().await;
    let (admin, _) = app.login(crate::fixtures::ADMIN_EMAIL).await;
    for codigo in [
        "finalizar_pedido",
        "validar_cupom",
        "pegar_pedidos",
        "loading_admin",
        "pegar_clientes",
        "alterar_nome",
    ] {
        let res = get(&app, &[("codigo", codigo)], None, Some(&admin)).await;
        assert_eq!(res.status(), 400, "{codigo}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            body["error"], "Esta ação só é aceita por POST /api.",
            "{codigo}"
        );
    }
    let res = get(&app, &[("codigo", "voar")], None, None).await;
    assert_eq!(res.status(), 400);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error"],
        "Ação desconhecida"
    );
    let res = get(&app, &[], None, None).await;
    assert_eq!(res.status(), 400);

    let twice = [
        ("codigo", "pegar_produtos_anuncios_site"),
        ("regiao", PIRACICABA),
        ("regiao", "Limeira, SP"),
    ];
    let res = get(&app, &twice, None, None).await;
    assert_eq!(res.status(), 400);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error"],
        "Dados inválidos."
    );
    let res = get(
        &app,
        &[
            ("codigo", "pegar_produtos_anuncios_site"),
            ("regiao", "Atlantis, XX"),
        ],
        None,
        None,
    )
    .await;
    assert_eq!(res.status(), 400);
    assert_eq!(
        res.json::<Value>().await.unwrap()["error"],
        "Região inválida."
    );
    assert!(res_is_not_cacheable(&app).await);

    // A read is the same whoever asks (one cached copy for everyone), and a bad token is no error.
    let q = [("codigo", "pegar_lojas")];
    let anonymous = header(&get(&app, &q, None, None).await, "etag");
    assert_eq!(
        header(&get(&app, &q, None, Some(&admin)).await, "etag"),
        anonymous
    );
    assert_eq!(get(&app, &q, None, Some("forged")).await.status(), 200);
    // The POST contract is unchanged, GET or not.
    let (s, b) = app.rpc(None, json!({"codigo": "pegar_lojas"})).await;
    assert_eq!(s, 200);
    assert!(b["lojas"].is_array());
}

/// A refused read carries no cache headers (nothing keeps an error).
async fn res_is_not_cacheable(app: &TestApp) -> bool {
    let res = get(
        app,
        &[("codigo", "pegar_produto_url_site"), ("id", "nao-existe")],
        None,
        None,
    )
    .await;
    res.status() == 404
        && header(&res, "etag").is_empty()
        && !header(&res, "cache-control").contains("max-age")
}

#[tokio::test]
async fn the_reads_freshness_is_the_configured_one() {
    let app = crate::helpers::spawn_app_with(|c| c.site.public_read_max_age = 5).await;
    let res = get(&app, &[("codigo", "pegar_lojas")], None, None).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        header(&res, "cache-control"),
        "public, max-age=5, stale-while-revalidate=5"
    );
}

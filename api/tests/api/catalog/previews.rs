//! Public pages as a link-preview bot or a search engine sees them (decisions.md §30): no
//! JavaScript, only the HTML the API answers. A store, a product and an ad carry their own
//! title, absolute `og:image` and valid JSON-LD; what does not exist or is not public is 404
//! (with the app's page); `/robots.txt` and `/sitemap.xml` list what is public and nothing else.

use super::*;
use crate::{fixtures::SUPPLIER, supplier::call};

mod sitemap;

const PUBLIC: &str = "https://feira.example";

async fn app() -> TestApp {
    spawn_app_with(|c| {
        c.seed_demo = true;
        c.site.public_url = Some(PUBLIC.into());
    })
    .await
}

/// GET `path` as WhatsApp's preview fetcher would; status and body.
async fn fetch(app: &TestApp, path: &str) -> (u16, String) {
    let res = app
        .http
        .get(format!("{}{path}", app.address))
        .header("user-agent", "WhatsApp/2.24.1 A")
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.text().await.unwrap())
}

/// Undoes the five escapes the API writes.
fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The `content` of `<meta {attr}="{key}" …>` (the first one).
fn meta(html: &str, key: &str) -> Option<String> {
    for attr in ["property", "name"] {
        let start = format!(r#"<meta {attr}="{key}" content=""#);
        if let Some(at) = html.find(&start) {
            let rest = &html[at + start.len()..];
            return Some(unescape(&rest[..rest.find('"')?]));
        }
    }
    None
}

fn title(html: &str) -> String {
    let at = html.find("<title>").unwrap() + 7;
    unescape(&html[at..at + html[at..].find("</title>").unwrap()])
}

/// The page's JSON-LD, parsed (it must be valid JSON).
fn json_ld(html: &str) -> Value {
    let open = r#"<script type="application/ld+json">"#;
    let at = html.find(open).expect("JSON-LD") + open.len();
    let text = &html[at..at + html[at..].find("</script>").unwrap()];
    let v: Value = serde_json::from_str(text).expect("valid JSON-LD");
    assert_eq!(v["@context"], "https://schema.org");
    v
}

/// The image behind an absolute `og:image`, fetched from this server.
async fn image_ok(app: &TestApp, url: &str) {
    let path = url
        .strip_prefix(PUBLIC)
        .unwrap_or_else(|| panic!("not absolute: {url}"));
    let res = app.get(path).await;
    assert_eq!(res.status(), 200, "{url}");
    assert_eq!(res.headers()["content-type"], "image/jpeg");
}

#[tokio::test]
async fn a_store_a_product_and_an_ad_have_their_own_preview() {
    let app = app().await;

    let (status, html) = fetch(&app, "/sitio-boa-vista").await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "Sítio Boa Vista em Piracicaba, SP | Feira");
    assert_eq!(meta(&html, "og:title").unwrap(), title(&html));
    assert_eq!(
        meta(&html, "og:url").unwrap(),
        format!("{PUBLIC}/sitio-boa-vista")
    );
    assert!(html.contains(&format!(
        r#"<link rel="canonical" href="{PUBLIC}/sitio-boa-vista" />"#
    )));
    assert!(
        meta(&html, "description")
            .unwrap()
            .starts_with("Sítio familiar no bairro Santa Rosa")
    );
    image_ok(&app, &meta(&html, "og:image").unwrap()).await;
    let ld = json_ld(&html);
    assert_eq!(ld["@type"], "LocalBusiness");
    assert_eq!(ld["name"], "Sítio Boa Vista");
    assert_eq!(ld["address"]["addressLocality"], "Piracicaba");
    assert_eq!(ld["address"]["addressRegion"], "SP");
    assert_eq!(html.matches("<title>").count(), 1);
    assert_eq!(html.matches(r#"name="description""#).count(), 1);

    let path = "/detalhes/Alimentos/demo-p19/demo-roberto?type=forn";
    let (status, html) = fetch(&app, path).await;
    assert_eq!(status, 200);
    assert_eq!(
        title(&html),
        "Café especial torrado 250 g | Fazenda Serra Verde"
    );
    assert_eq!(meta(&html, "og:type").unwrap(), "product");
    assert_eq!(meta(&html, "og:url").unwrap(), format!("{PUBLIC}{path}"));
    assert_eq!(meta(&html, "product:price:amount").unwrap(), "39.90");
    assert_eq!(meta(&html, "product:price:currency").unwrap(), "BRL");
    image_ok(&app, &meta(&html, "og:image").unwrap()).await;
    let ld = json_ld(&html);
    assert_eq!(ld["@type"], "Product");
    assert_eq!(ld["name"], "Café especial torrado 250 g");
    // One Offer per option (decisions.md §39): its three grinds.
    assert_eq!(ld["offers"].as_array().map(Vec::len), Some(3));
    let offer = &ld["offers"][0];
    assert_eq!(offer["@type"], "Offer");
    assert_eq!(offer["name"], "Em grãos");
    assert_eq!(offer["price"], "39.90");
    assert_eq!(offer["priceCurrency"], "BRL");
    assert_eq!(offer["availability"], "https://schema.org/InStock");
    assert_eq!(offer["seller"]["name"], "Fazenda Serra Verde");

    let (status, html) = fetch(&app, "/detalhes/Variedades/demo-a01/demo-maria").await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "Caixa d'água de fibra 1000 litros | Feira");
    let ld = json_ld(&html);
    assert_eq!(ld["@type"], "Product");
    assert_eq!(ld["offers"]["seller"]["@type"], "Person");
}

#[tokio::test]
async fn texts_stay_text_and_stock_shows_as_availability() {
    let app = app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (st, r) = call(
        &app,
        &token,
        "adicionar_produto",
        json!({"iconeurl": false, "infos": {"categoria": "Alimentos",
               "titulo": r#"queijo "minas" <b>&</b></script>"#, "preco": "12,50",
               "estoque": "0", "descricao": "Sem <script>alert(1)</script> aqui."}}),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    let id = r["infos"]["id"].as_str().unwrap();
    let (status, html) = fetch(
        &app,
        &format!("/detalhes/Alimentos/{id}/demo-joao?type=forn"),
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        !html.contains("<b>") && !html.contains("<script>alert"),
        "{html}"
    );
    assert_eq!(
        title(&html),
        r#"Queijo "minas" <b>&</b></script> | Sítio Boa Vista"#
    );
    let ld = json_ld(&html);
    assert_eq!(ld["name"], r#"Queijo "minas" <b>&</b></script>"#);
    assert_eq!(
        ld["offers"]["availability"],
        "https://schema.org/OutOfStock"
    );
    assert_eq!(ld["offers"]["price"], "12.50");
    // No photo: the store's icon stands in for it.
    let store: Value = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-joao"}),
        )
        .await
        .1;
    let icon = store["dadosforn"]["iconeforn"].as_str().unwrap().to_owned();
    let image = meta(&html, "og:image").unwrap();
    assert!(
        image.starts_with(PUBLIC) && image.ends_with(&icon),
        "{image} / {icon}"
    );
    image_ok(&app, &image).await;
    // A store without an icon or a background (set up in the database: the panel's image
    // removal is not what this tests): its page and its product without a photo are previewed
    // with the app's own icon, on a small card.
    sqlx::query("UPDATE suppliers SET iconeforn = NULL, fundoforn = NULL WHERE user_id = $1")
        .bind("demo-joao")
        .execute(&app.app.db)
        .await
        .unwrap();
    for page in [
        format!("/detalhes/Alimentos/{id}/demo-joao?type=forn"),
        "/sitio-boa-vista".to_owned(),
    ] {
        let (status, html) = fetch(&app, &page).await;
        assert_eq!(status, 200, "{page}");
        let image = meta(&html, "og:image").unwrap();
        assert_eq!(image, format!("{PUBLIC}/icons/icon-512.png"), "{page}");
        assert_eq!(meta(&html, "twitter:card").unwrap(), "summary", "{page}");
    }
}

#[tokio::test]
async fn what_is_not_public_is_404_with_the_apps_page() {
    let app = app().await;
    let (token, _) = app.login(SUPPLIER).await;
    call(&app, &token, "excluir_produto", json!({"item": "demo-p02"})).await;
    for path in [
        "/nao/existe/aqui",
        "/loja-que-nao-existe",
        // Horta Orgânica Saltinho hides itself; so are its products.
        "/horta-saltinho",
        "/detalhes/Alimentos/demo-p49/demo-tiago?type=forn",
        // Disabled by its supplier (the webapp still shows 'Indisponível').
        "/detalhes/Alimentos/demo-p05/demo-joao?type=forn",
        // Removed.
        "/detalhes/Alimentos/demo-p02/demo-joao?type=forn",
        "/detalhes/Variedades/nada/ninguem",
    ] {
        let (status, html) = fetch(&app, path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(title(&html), "Página não encontrada | Feira", "{path}");
        assert_eq!(meta(&html, "robots").unwrap(), "noindex");
        assert!(
            html.starts_with("<!doctype html>"),
            "the app's page: {html}"
        );
    }
    // The disabled product's data still answers, as 'Indisponível' (decisions.md §26).
    let (st, r) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p05"}),
        )
        .await;
    assert_eq!((st, r["item"]["status"].clone()), (200, json!(true)));
    for path in [
        "/",
        "/lojas",
        "/anuncios?categoria=Alimentos",
        "/painel/perfil/x",
        "/admin",
    ] {
        assert_eq!(fetch(&app, path).await.0, 200, "{path}");
    }
    // Files are still files.
    assert_eq!(app.get("/assets/app-123.js").await.status(), 200);
    assert_eq!(app.get("/assets/nope.js").await.status(), 404);
}

#[tokio::test]
async fn a_product_with_options_has_one_offer_per_option() {
    let app = app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (s, b) = call(
        &app,
        &supplier,
        "adicionar_produto",
        json!({"iconeurl": false, "infos": {
            "categoria": "Alimentos", "titulo": "Tomate", "preco": "5,00", "estoque": null,
            "opcoes": ["500 g", {"opcao": "1 kg", "preco": "9,00", "estoqueproprio": true,
                                 "estoque": "0"}], "descricao": ""}}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let id = b["infos"]["id"].as_str().unwrap();
    let (status, html) = fetch(
        &app,
        &format!("/detalhes/Alimentos/{id}/demo-joao?type=forn"),
    )
    .await;
    assert_eq!(status, 200);
    let offers = json_ld(&html)["offers"].clone();
    assert_eq!(
        offers
            .as_array()
            .unwrap()
            .iter()
            .map(|o| (
                o["name"].as_str().unwrap(),
                o["price"].as_str().unwrap(),
                o["availability"].as_str().unwrap()
            ))
            .collect::<Vec<_>>(),
        [
            ("500 g", "5.00", "https://schema.org/InStock"),
            ("1 kg", "9.00", "https://schema.org/OutOfStock"),
        ]
    );
}

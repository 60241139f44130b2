//! Public pages as a link-preview bot or a search engine sees them (decisions.md §30): no
//! JavaScript, only the HTML the API answers. A store, a product and an ad carry their own
//! title, absolute `og:image` and valid JSON-LD; what does not exist or is not public is 404
//! (with the app's page); `/robots.txt` and `/sitemap.xml` list what is public and nothing else.

use super::*;
use crate::{fixtures::SUPPLIER, supplier::call};
use std::collections::BTreeSet;

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

/// Every `<loc>` of an XML document (which must be well-formed).
fn locs(xml: &str) -> Vec<String> {
    use quick_xml::{Reader, events::Event};
    let mut reader = Reader::from_str(xml);
    let (mut out, mut inside) = (Vec::new(), false);
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) if e.name().as_ref() == b"loc" => inside = true,
            Event::End(e) if e.name().as_ref() == b"loc" => inside = false,
            Event::Text(t) if inside => out.push(t.decode().unwrap().into_owned()),
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

#[tokio::test]
async fn robots_and_the_sitemap_list_what_is_public() {
    let app = app().await;
    let res = app.get("/robots.txt").await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["cache-control"]
            .to_str()
            .unwrap()
            .starts_with("public, max-age=")
    );
    let robots = res.text().await.unwrap();
    for line in ["Disallow: /api", "Disallow: /painel", "Disallow: /admin"] {
        assert!(robots.lines().any(|l| l == line), "{robots}");
    }
    assert!(robots.contains(&format!("Sitemap: {PUBLIC}/sitemap.xml")));

    let res = app.get("/sitemap.xml").await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml")
    );
    assert!(
        res.headers()["cache-control"]
            .to_str()
            .unwrap()
            .starts_with("public")
    );
    let xml = res.text().await.unwrap();
    assert!(xml.starts_with(r#"<?xml version="1.0" encoding="UTF-8"?>"#));
    assert!(xml.contains(r#"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#));
    let listed: BTreeSet<String> = walk_sitemap(&app, &xml).await.into_iter().collect();
    let demo: Value = serde_json::from_str(DEMO).unwrap();
    let mut expected = BTreeSet::new();
    let mut hidden = BTreeSet::new();
    let visible: BTreeSet<&str> = demo["fornecedores"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| {
            let url = format!("{PUBLIC}/{}", s["url"].as_str().unwrap());
            if s["oculto"] == true {
                hidden.insert(url);
                false
            } else {
                expected.insert(url);
                true
            }
        })
        .map(|s| s["usuario"].as_str().unwrap())
        .collect();
    for p in demo["produtos"].as_array().unwrap() {
        let (id, forn) = (p["id"].as_str().unwrap(), p["fornecedor"].as_str().unwrap());
        let cat = p["categoria"]
            .as_str()
            .unwrap()
            .replace(' ', "%20")
            .replace(',', "%2C");
        let url = format!("{PUBLIC}/detalhes/{cat}/{id}/{forn}?type=forn");
        if p["status"] == false && visible.contains(forn) {
            expected.insert(url);
        } else {
            hidden.insert(url);
        }
    }
    for a in demo["anuncios"].as_array().unwrap() {
        let cat = a["categoria"]
            .as_str()
            .unwrap()
            .replace(' ', "%20")
            .replace(',', "%2C");
        expected.insert(format!(
            "{PUBLIC}/detalhes/{cat}/{}/{}",
            a["id"].as_str().unwrap(),
            a["usuario"].as_str().unwrap()
        ));
    }
    assert!(hidden.len() >= 9, "{hidden:?}");
    let missing: Vec<_> = expected.difference(&listed).collect();
    assert!(missing.is_empty(), "not listed: {missing:?}");
    let leaked: Vec<_> = hidden.intersection(&listed).collect();
    assert!(leaked.is_empty(), "hidden but listed: {leaked:?}");
    assert!(listed.contains(&format!("{PUBLIC}/")));
    // Every listed page of a store, product or ad answers 200.
    for url in listed.iter().filter(|u| u.contains("/detalhes/")).take(8) {
        let path = url.strip_prefix(PUBLIC).unwrap();
        assert_eq!(fetch(&app, path).await.0, 200, "{url}");
    }
    assert_eq!(
        app.get("/sitemap-1.xml").await.status(),
        404,
        "not a part's name"
    );
}

/// Every address of the sitemap whose index is `index`: each part it names fetched (each a
/// well-formed `urlset`, cacheable), every address once.
async fn walk_sitemap(app: &TestApp, index: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in locs(index) {
        let path = part
            .strip_prefix(PUBLIC)
            .unwrap_or_else(|| panic!("{part}"));
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert!(
            res.headers()["cache-control"]
                .to_str()
                .unwrap()
                .starts_with("public")
        );
        let xml = res.text().await.unwrap();
        assert!(xml.contains(r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#));
        out.extend(locs(&xml));
    }
    let unique: BTreeSet<&String> = out.iter().collect();
    assert_eq!(unique.len(), out.len(), "listed twice");
    out
}

/// The sitemap is an index of bounded parts: each part holds at most `SITEMAP_PART_SIZE`
/// addresses, together every public address once; a part that does not exist is 404.
#[tokio::test]
async fn the_sitemap_is_split_into_bounded_parts() {
    let one = app().await;
    let index = one.get("/sitemap.xml").await.text().await.unwrap();
    let whole = walk_sitemap(&one, &index).await;
    drop(one);
    let app = spawn_app_with(|c| {
        c.seed_demo = true;
        c.site.public_url = Some(PUBLIC.into());
        c.site.sitemap_part_size = 2;
    })
    .await;
    let index = app.get("/sitemap.xml").await.text().await.unwrap();
    let parts = locs(&index);
    assert!(parts.contains(&format!("{PUBLIC}/sitemap-paginas.xml")));
    assert!(parts.contains(&format!("{PUBLIC}/sitemap-produtos-2.xml")));
    for part in parts.iter().filter(|p| !p.ends_with("paginas.xml")) {
        let path = part.strip_prefix(PUBLIC).unwrap();
        let xml = app.get(path).await.text().await.unwrap();
        assert!((1..=2).contains(&locs(&xml).len()), "{path}: {xml}");
    }
    let split = walk_sitemap(&app, &index).await;
    let (a, b): (BTreeSet<_>, BTreeSet<_>) = (whole.iter().collect(), split.iter().collect());
    assert_eq!(a, b, "the same addresses, split or not");
    // The part after the last of each kind, and names of no part, are 404.
    let products = parts.iter().filter(|p| p.contains("-produtos-")).count();
    for path in [
        format!("/sitemap-produtos-{}.xml", products + 1),
        "/sitemap-produtos-0.xml".to_owned(),
        "/sitemap-produtos-007.xml".to_owned(),
        "/sitemap-produtos-999999.xml".to_owned(),
        "/sitemap-clientes-1.xml".to_owned(),
        "/sitemap-1.xml".to_owned(),
    ] {
        assert_eq!(app.get(&path).await.status(), 404, "{path}");
    }
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

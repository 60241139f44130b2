//! `/robots.txt` and `/sitemap.xml` as a search engine reads them: what is public and nothing
//! else, in an index of bounded parts.

use super::*;
use std::collections::BTreeSet;

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

//! Region listings: the home, scoping by cities and states, pagination, search.

use super::*;
use serde_json::json;

#[tokio::test]
async fn home_shows_the_four_categories_and_nothing_hidden_or_disabled() {
    let app = demo_app().await;
    let h = home(&app, PIRACICABA).await;
    assert_eq!(h["categorias"], json!(CATEGORIES));
    let (products, ads) = home_ids(&h);
    for id in &products {
        assert!(!DISABLED.contains(&id.as_str()), "disabled {id} listed");
    }
    for c in CATEGORIES {
        let list = h["produtos"][c].as_array().unwrap();
        assert!(!list.is_empty() && list.len() <= 8, "{c}: {}", list.len());
        let sales: Vec<i64> = list.iter().map(|p| p["vendas"].as_i64().unwrap()).collect();
        assert!(sales.windows(2).all(|w| w[0] >= w[1]), "best sellers first");
        for p in list {
            assert_ne!(p["userforn"], "demo-tiago", "hidden supplier's {p}");
            assert_eq!(p["status"], false);
            assert_eq!(p["categoria"], c);
        }
        // The top 8 of the expected set by sales.
        let (want, want_ads) = expected(PIRACICABA, c);
        assert!(ids(&h["produtos"][c]).iter().all(|id| want.contains(id)));
        assert!(
            ids(&h["anuncios"][c])
                .iter()
                .all(|id| want_ads.contains(id))
        );
        assert_eq!(list.len(), want.len().min(8), "{c}");
    }
    // Money in reais, options as objects, photos as a map, the promotion badge.
    let alface = h["produtos"]["Alimentos"]
        .as_array()
        .unwrap()
        .iter()
        .chain(h["produtos"]["Variedades"].as_array().unwrap())
        .find(|p| p["id"] == "demo-p01");
    if let Some(p) = alface {
        assert_eq!(
            (p["preco"].as_f64(), p["precopromo"].as_f64()),
            (Some(4.5), Some(3.9))
        );
        assert_eq!(p["desconto"], 13);
        assert_eq!(p["urlforn"], "sitio-boa-vista");
        assert_eq!(p["fotos"].as_object().unwrap().len(), 1);
    }
    assert!(
        ads.iter().any(|a| a == "demo-a01"),
        "scope-1 ad on the home"
    );
}

#[tokio::test]
async fn a_supplier_scoped_to_two_cities_shows_only_there() {
    let app = demo_app().await;
    let luiz = |h: &Value| {
        home_ids(h)
            .0
            .iter()
            .any(|id| (26..=33).any(|n| *id == format!("demo-p{n}")))
    };
    assert!(luiz(&home(&app, "Rio Claro, SP").await));
    assert!(!luiz(&home(&app, PIRACICABA).await));
    let (p, _, _) = walk(&app, PIRACICABA, "Sementes e Mudas").await;
    assert!(!p.iter().any(|id| id == "demo-p26"), "{p:?}");
    let (p, _, _) = walk(&app, "Rio Claro, SP", "Sementes e Mudas").await;
    assert!(p.iter().any(|id| id == "demo-p26"), "{p:?}");
    assert!(!p.iter().any(|id| id == "demo-p33"), "disabled: {p:?}");
}

#[tokio::test]
async fn ads_scoped_to_a_state_show_in_its_cities_only() {
    let app = demo_app().await;
    let (_, bh) = home_ids(&home(&app, "Belo Horizonte, MG").await);
    let (_, pira) = home_ids(&home(&app, PIRACICABA).await);
    // demo-a10: MG and GO; demo-a02: SP and MG; demo-a11: three other cities.
    assert!(bh.contains(&"demo-a10".to_owned()), "{bh:?}");
    assert!(bh.contains(&"demo-a02".to_owned()), "{bh:?}");
    assert!(!pira.contains(&"demo-a10".to_owned()), "{pira:?}");
    assert!(pira.contains(&"demo-a02".to_owned()), "{pira:?}");
    assert!(!pira.contains(&"demo-a11".to_owned()), "{pira:?}");
    assert!(!bh.contains(&"demo-a04".to_owned()), "city-scoped: {bh:?}");
}

#[tokio::test]
async fn pagination_walks_every_visible_item_once_and_ends_with_an_empty_page() {
    let app = demo_app().await;
    for region in [PIRACICABA, "Belo Horizonte, MG"] {
        for c in CATEGORIES {
            let (p, a, requests) = walk(&app, region, c).await;
            let (want_p, want_a) = expected(region, c);
            let (set_p, set_a): (BTreeSet<_>, BTreeSet<_>) =
                (p.iter().cloned().collect(), a.iter().cloned().collect());
            assert_eq!(set_p.len(), p.len(), "duplicate products in {c}: {p:?}");
            assert_eq!(set_a.len(), a.len(), "duplicate ads in {c}: {a:?}");
            assert_eq!(set_p, want_p, "{region} {c}");
            assert_eq!(set_a, want_a, "{region} {c}");
            assert!(requests > p.len().max(a.len()).div_ceil(12));
        }
    }
    // Piracicaba's 'Alimentos' spans more than one page.
    let (p, _, requests) = walk(&app, PIRACICABA, "Alimentos").await;
    assert!(p.len() > 12 && requests >= 3, "{} products", p.len());
    // A forged cursor is refused, not trusted.
    let (status, body) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produtos_anuncios_local", "cidade": PIRACICABA,
                   "categoria": "Alimentos", "nextp": "não é cursor", "nexta": null}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Cursor inválido."))
    );
}

#[tokio::test]
async fn search_ignores_accents_and_case_and_hides_what_is_hidden() {
    let app = demo_app().await;
    let search = |all: &str, categoria: &str| json!({"codigo": "search", "all": all, "cidade": PIRACICABA, "categoria": categoria});
    for q in ["cafe", "CAFÉ", " Café "] {
        let r = ok(&app, search(q, "Alimentos")).await;
        let found = ids(&r["produtos"]);
        for id in ["demo-p19", "demo-p20", "demo-p21"] {
            assert!(found.contains(&id.to_owned()), "{q}: {found:?}");
        }
        // Full text (catalog/search.rs): the title matches first, then the descriptions'.
        let texts: Vec<(bool, bool)> = r["produtos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let t = p["titulo"].as_str().unwrap().contains("café");
                let d = p["descricao"].as_str().unwrap_or_default().to_lowercase();
                (t, t || d.contains("café"))
            })
            .collect();
        assert!(texts.iter().all(|(_, any)| *any), "{q}: {r}");
        assert!(
            texts.windows(2).all(|w| w[0].0 || !w[1].0),
            "{q}: titles first: {r}"
        );
    }
    let r = ok(&app, search("cafe", "Variedades")).await;
    assert!(ids(&r["produtos"]).contains(&"demo-p24".to_owned()), "{r}");
    // Horta Saltinho (hidden) sells the only organic carrots.
    let r = ok(&app, search("organica", "Alimentos")).await;
    assert_eq!(r["produtos"], json!([]), "{r}");
    // A disabled product is not found by its title.
    let r = ok(&app, search("requeijao", "Alimentos")).await;
    assert_eq!(r["produtos"], json!([]), "{r}");
    // Ads too, with accents folded: 'agua' finds "caixa d'água".
    let r = ok(&app, search("AGUA", "Variedades")).await;
    assert_eq!(ids(&r["anuncios"]), vec!["demo-a01"], "{r}");
    // Wildcards are text.
    let r = ok(&app, search("%", "Alimentos")).await;
    assert_eq!(
        (r["produtos"].clone(), r["anuncios"].clone()),
        (json!([]), json!([]))
    );
}

//! The public catalogue on the demo data: region scoping, hidden suppliers and disabled
//! products, pagination, search, stores, storefronts, detail pages, coupons, and the SQLite
//! query plans of the region listings. The expected sets are computed here from
//! `seeds/demo.json` with decisions.md §11, independently of the API's SQL. The shared helpers
//! are here; the tests by subject in `listings`, `pages` and `plans`.

use crate::helpers::{TestApp, spawn_app_with};
use serde_json::{Value, json};
use std::collections::BTreeSet;

mod cached;
mod listings;
mod pages;
mod plans;
mod previews;
mod search;
mod typos;

pub(super) const DEMO: &str = include_str!("../../../seeds/demo.json");
pub(super) const CATEGORIES: [&str; 4] = [
    "Alimentos",
    "Produtos, Coprodutos, Subprodutos",
    "Sementes e Mudas",
    "Variedades",
];
pub(super) const PIRACICABA: &str = "Piracicaba, SP";
pub(super) const DISABLED: [&str; 3] = ["demo-p05", "demo-p16", "demo-p33"];

pub(super) async fn demo_app() -> TestApp {
    spawn_app_with(|c| c.seed_demo = true).await
}

pub(super) async fn ok(app: &TestApp, body: Value) -> Value {
    let (status, res) = app.rpc(None, body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

pub(super) fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Whether an item with scope `local` and places `cidades` shows in `region` (decisions §11).
pub(super) fn shown(local: i64, cidades: &Value, region: &str) -> bool {
    let uf = region.rsplit(", ").next().unwrap();
    let has = |p: &str| cidades.as_array().unwrap().iter().any(|c| c == p);
    match local {
        1 => true,
        2 => has(uf),
        _ => has(region),
    }
}

/// The demo's products and ads of `categoria` a buyer in `region` must see.
pub(super) fn expected(region: &str, categoria: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let demo: Value = serde_json::from_str(DEMO).unwrap();
    let visible: BTreeSet<&str> = demo["fornecedores"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| {
            s["oculto"] == false && shown(s["local"].as_i64().unwrap(), &s["cidades"], region)
        })
        .map(|s| s["usuario"].as_str().unwrap())
        .collect();
    let products = demo["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["categoria"] == categoria && p["status"] == false)
        .filter(|p| visible.contains(p["fornecedor"].as_str().unwrap()))
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect();
    let ads = demo["anuncios"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["categoria"] == categoria)
        .filter(|a| shown(a["local"].as_i64().unwrap(), &a["cidades"], region))
        .map(|a| a["id"].as_str().unwrap().to_owned())
        .collect();
    (products, ads)
}

pub(super) async fn home(app: &TestApp, region: &str) -> Value {
    ok(
        app,
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": region}),
    )
    .await
}

/// Every product and ad id of the home, over all categories.
pub(super) fn home_ids(h: &Value) -> (Vec<String>, Vec<String>) {
    let (mut p, mut a) = (Vec::new(), Vec::new());
    for c in h["categorias"].as_array().unwrap() {
        let c = c.as_str().unwrap();
        p.extend(ids(&h["produtos"][c]));
        a.extend(ids(&h["anuncios"][c]));
    }
    (p, a)
}

/// Walks a category with `_site2` then `_local` until an empty page; returns every id seen
/// (duplicates kept) and the number of requests.
pub(super) async fn walk(
    app: &TestApp,
    region: &str,
    categoria: &str,
) -> (Vec<String>, Vec<String>, usize) {
    let first = ok(
        app,
        json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": region, "categoria": categoria}),
    )
    .await;
    let (mut p, mut a) = (ids(&first["produtos"]), ids(&first["anuncios"]));
    assert!(p.len() <= 12 && a.len() <= 12);
    let (mut nextp, mut nexta) = (
        first["produtos_lastIds"].clone(),
        first["anuncios_lastIds"].clone(),
    );
    for request in 2.. {
        assert!(request < 50, "the walk does not end");
        let page = ok(
            app,
            json!({"codigo": "pegar_produtos_anuncios_local", "cidade": region,
                   "categoria": categoria, "nextp": nextp, "nexta": nexta}),
        )
        .await;
        let (pp, pa) = (ids(&page["produtos"]), ids(&page["anuncios"]));
        if pp.is_empty() && pa.is_empty() {
            assert!(page["nextp"].is_null() && page["nexta"].is_null(), "{page}");
            return (p, a, request);
        }
        p.extend(pp);
        a.extend(pa);
        (nextp, nexta) = (page["nextp"].clone(), page["nexta"].clone());
        for c in [&nextp, &nexta] {
            assert!(c.is_null() || c.is_string(), "cursors are strings: {c}");
        }
    }
    unreachable!()
}

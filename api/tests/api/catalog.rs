//! The public catalogue on the demo data: region scoping, hidden suppliers and disabled
//! products, pagination, search, stores, storefronts, detail pages, coupons, and the SQLite
//! query plans of the region listings. The expected sets are computed here from
//! `seeds/demo.json` with decisions.md §11, independently of the API's SQL.

use crate::helpers::{TestApp, spawn_app_with};
use serde_json::{Value, json};
use std::collections::BTreeSet;

const DEMO: &str = include_str!("../../../seeds/demo.json");
const CATEGORIES: [&str; 4] = [
    "Alimentos",
    "Produtos, Coprodutos, Subprodutos",
    "Sementes e Mudas",
    "Variedades",
];
const PIRACICABA: &str = "Piracicaba, SP";
const DISABLED: [&str; 3] = ["demo-p05", "demo-p16", "demo-p33"];

async fn demo_app() -> TestApp {
    spawn_app_with(|c| c.seed_demo = true).await
}

async fn ok(app: &TestApp, body: Value) -> Value {
    let (status, res) = app.rpc(None, body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Whether an item with scope `local` and places `cidades` shows in `region` (decisions §11).
fn shown(local: i64, cidades: &Value, region: &str) -> bool {
    let uf = region.rsplit(", ").next().unwrap();
    let has = |p: &str| cidades.as_array().unwrap().iter().any(|c| c == p);
    match local {
        1 => true,
        2 => has(uf),
        _ => has(region),
    }
}

/// The demo's products and ads of `categoria` a buyer in `region` must see.
fn expected(region: &str, categoria: &str) -> (BTreeSet<String>, BTreeSet<String>) {
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

async fn home(app: &TestApp, region: &str) -> Value {
    ok(
        app,
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": region}),
    )
    .await
}

/// Every product and ad id of the home, over all categories.
fn home_ids(h: &Value) -> (Vec<String>, Vec<String>) {
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
async fn walk(app: &TestApp, region: &str, categoria: &str) -> (Vec<String>, Vec<String>, usize) {
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
        for p in r["produtos"].as_array().unwrap() {
            let t = p["titulo"].as_str().unwrap();
            assert!(t.contains("café"), "{q} matched {t}");
        }
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

#[tokio::test]
async fn stores_are_sorted_by_sales_and_exclude_hidden_ones() {
    let app = demo_app().await;
    let r = ok(&app, json!({"codigo": "pegar_lojas"})).await;
    let lojas = r["lojas"].as_array().unwrap();
    assert_eq!(lojas.len(), 7, "{r}");
    assert!(lojas.iter().all(|l| l["url"] != "horta-saltinho"));
    let sales: Vec<i64> = lojas
        .iter()
        .map(|l| l["vendasforn"].as_i64().unwrap())
        .collect();
    assert!(sales.windows(2).all(|w| w[0] >= w[1]), "{sales:?}");
    assert_eq!(lojas[0]["url"], "fazenda-serra-verde");
    let keys: BTreeSet<&str> = lojas[0]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from(["id", "url", "nomeforn", "iconeforn", "vendasforn"])
    );
}

#[tokio::test]
async fn storefronts_are_not_found_in_maintenance_or_ready() {
    let app = demo_app().await;
    let start = |url: &str| json!({"codigo": "start_site", "urlforn": url});
    assert_eq!(ok(&app, start("nao-existe")).await, json!({"exist": 0}));

    let hidden = ok(&app, start("horta-saltinho")).await;
    assert_eq!(hidden["exist"], 1);
    assert_eq!(hidden["manutencao"], true);
    assert_eq!(hidden["dadosforn"]["nomeforn"], "Horta Orgânica Saltinho");
    assert!(hidden.get("allprods").is_none(), "{hidden}");

    let ready = ok(&app, start("Sitio-Boa-Vista")).await;
    assert_eq!(ready["exist"], 1);
    assert_eq!(ready["infos"]["paleta"], 2);
    let d = &ready["dadosforn"];
    assert_eq!(d["url"], "sitio-boa-vista");
    assert_eq!(d["extensoes"]["delivery"]["taxaPorKm"], 2.5);
    assert_eq!(d["extensoes"]["pagamentos"]["opcoes"], "12");
    assert_eq!(d["extensoes"]["categorias"]["Verduras"], "Verduras");
    for secret in ["cpf", "email", "oculto", "invisivel"] {
        assert!(d.get(secret).is_none(), "{secret} is public");
    }
    assert!(d["extensoes"].get("cupons").is_none());
    let prods = ids(&ready["allprods"]);
    assert_eq!(prods.len(), 9, "{prods:?}");
    assert!(!prods.contains(&"demo-p05".to_owned()));

    // The admin hides a supplier: maintenance, and gone from every listing.
    sqlx::query("UPDATE suppliers SET invisivel = $1 WHERE url = $2")
        .bind(true)
        .bind("sitio-boa-vista")
        .execute(&app.app.db)
        .await
        .unwrap();
    assert_eq!(ok(&app, start("sitio-boa-vista")).await["manutencao"], true);
    let (p, _) = home_ids(&home(&app, PIRACICABA).await);
    assert!(!p.contains(&"demo-p01".to_owned()), "{p:?}");
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-joao"}),
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn detail_pages_and_supplier_data() {
    let app = demo_app().await;
    let product = |id: &str| json!({"codigo": "pegar_produto_url_site", "id": id, "userforn": "x", "categoria": "Alimentos"});
    let r = ok(&app, product("demo-p01")).await;
    assert_eq!(r["item"]["titulo"], "alface crespa hidropônica");
    assert_eq!(r["item"]["dadosforn"]["nomeforn"], "Sítio Boa Vista");
    assert_eq!(r["item"]["estoque"], 40);
    for gone in ["demo-p05", "demo-p48", "nada"] {
        let (status, body) = app.rpc(None, product(gone)).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("Produto não encontrado.")),
            "{gone}"
        );
    }

    let ad = |id: &str| json!({"codigo": "pegar_anuncio_url_site", "id": id, "userforn": "x", "categoria": "x"});
    let r = ok(&app, ad("demo-a02")).await;
    let item = &r["item"];
    assert_eq!(
        (item["anuncio"].clone(), item["idnormal"].clone()),
        (json!(true), json!("demo-a02"))
    );
    assert_eq!(item["preco"], 68000.0);
    assert_eq!(item["locais"], 2);
    assert_eq!(item["cidades"], json!(["MG", "SP"]));
    // The first photo is the icon; `fotos` holds the others.
    assert_eq!(item["fotos"].as_object().unwrap().len(), 2);
    assert!(item["publicado"].as_i64().unwrap() > 1_700_000_000_000);
    assert_eq!(
        ok(&app, ad("demo-a01")).await["item"]["cidades"],
        json!(["ALL"])
    );
    let (status, _) = app.rpc(None, ad("nada")).await;
    assert_eq!(status, 404);

    let r = ok(
        &app,
        json!({"codigo": "pegar_dadosforn", "usuario": "demo-roberto"}),
    )
    .await;
    assert_eq!(r["dadosforn"]["cidades"], json!(["ALL"]));
    assert_eq!(r["dadosforn"]["local"], 1);
    assert!(r["dadosforn"].get("cpf").is_none());
    let (status, body) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-tiago"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Fornecedor não encontrado."))
    );
}

#[tokio::test]
async fn coupons_are_checked_in_upper_case() {
    let app = demo_app().await;
    let check = |userforn: &str, cupom: &str| json!({"codigo": "validar_cupom", "userforn": userforn, "cupom": cupom});
    let r = ok(&app, check("demo-joao", "bemvindo10")).await;
    assert_eq!(
        r,
        json!({"codigo": "BEMVINDO10", "tipo": "%", "valor": 10.0})
    );
    let r = ok(&app, check("demo-joao", "FRETE5")).await;
    assert_eq!(r, json!({"codigo": "FRETE5", "tipo": "R$", "valor": 5.0}));
    for (forn, code) in [
        ("demo-joao", "NADA"),
        ("demo-ana", "BEMVINDO10"),
        ("demo-tiago", "ORGANICO"),
        ("demo-joao", ""),
        ("demo-joao", "UM CODIGO MUITO LONGO"),
    ] {
        let (status, body) = app.rpc(None, check(forn, code)).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("Cupom não encontrado!")),
            "{forn} {code}"
        );
    }
}

#[tokio::test]
async fn unknown_regions_and_categories_are_refused() {
    let app = demo_app().await;
    for body in [
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": "Atlantis, ZZ"}),
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": "SP"}),
        json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": "piracicaba", "categoria": "Alimentos"}),
        json!({"codigo": "pegar_produtos_anuncios_local", "cidade": "", "categoria": "Alimentos", "nextp": null, "nexta": null}),
        json!({"codigo": "search", "all": "cafe", "cidade": "Nowhere, XX", "categoria": "Alimentos"}),
    ] {
        let (status, res) = app.rpc(None, body.clone()).await;
        assert_eq!(
            (status, res["error"].as_str()),
            (400, Some("Região inválida.")),
            "{body}"
        );
    }
    let (status, res) = app
        .rpc(None, json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": PIRACICABA, "categoria": "Carros"}))
        .await;
    assert_eq!(
        (status, res["error"].as_str()),
        (400, Some("Categoria inválida."))
    );
    // A real municipality with nothing nearby gets the empty home, not an error.
    let far = home(&app, "Oiapoque, AP").await;
    let (p, a) = home_ids(&far);
    assert!(
        p.iter().all(|id| [
            "demo-p19", "demo-p20", "demo-p21", "demo-p22", "demo-p23", "demo-p24", "demo-p25"
        ]
        .contains(&id.as_str())),
        "only scope 1: {p:?}"
    );
    assert!(
        a.iter()
            .all(|id| ["demo-a01", "demo-a07", "demo-a08"].contains(&id.as_str())),
        "{a:?}"
    );
}

/// `EXPLAIN QUERY PLAN` of `sql` on SQLite, one detail line each.
async fn plan(app: &TestApp, sql: &str, binds: &[Value]) -> Vec<String> {
    let text = format!("EXPLAIN QUERY PLAN {sql}");
    let mut q = sqlx::query(sqlx::AssertSqlSafe(text));
    for b in binds {
        q = match b {
            Value::Bool(v) => q.bind(*v),
            Value::Number(n) => q.bind(n.as_i64().unwrap()),
            v => q.bind(v.as_str().unwrap().to_owned()),
        };
    }
    use sqlx::Row;
    q.fetch_all(&app.app.db)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<String, _>("detail"))
        .collect()
}

#[tokio::test]
async fn region_listings_are_served_from_indexes() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        return; // SQLite's plans; PostgreSQL picks by statistics, a seq scan on 60 rows is right.
    }
    use feira_api::rpc::catalog::{
        AD_EXTRAS, ADS_HOME, ADS_PAGE, BATCH, PRODUCT_PHOTOS, PRODUCTS_HOME, PRODUCTS_PAGE,
    };
    let app = demo_app().await;
    let cats = CATEGORIES.map(|c| json!(c));
    let region = [json!(PIRACICABA), json!("SP")];
    let cases: Vec<(&str, &str, Vec<Value>)> = vec![
        (
            "products page",
            PRODUCTS_PAGE,
            [
                &region[..],
                &[
                    json!(false),
                    cats[0].clone(),
                    json!(i64::MAX),
                    json!(""),
                    json!(13),
                ],
            ]
            .concat(),
        ),
        (
            "ads page",
            ADS_PAGE,
            [
                &region[..],
                &[cats[0].clone(), json!(i64::MAX), json!(""), json!(13)],
            ]
            .concat(),
        ),
        (
            "products home",
            PRODUCTS_HOME,
            [&region[..], &[json!(false)], &cats[..], &[json!(8)]].concat(),
        ),
        (
            "ads home",
            ADS_HOME,
            [&region[..], &cats[..], &[json!(8)]].concat(),
        ),
        (
            "product photos",
            PRODUCT_PHOTOS.as_str(),
            vec![json!("demo-p01"); BATCH],
        ),
        (
            "ad photos and places",
            AD_EXTRAS.as_str(),
            vec![json!("demo-a02"); BATCH],
        ),
    ];
    for (name, sql, binds) in cases {
        let lines = plan(&app, sql, &binds).await;
        let all = lines.join("\n");
        assert!(
            !all.contains("TEMP B-TREE FOR ORDER BY"),
            "{name} sorts instead of walking an index:\n{all}"
        );
        println!("{name}:\n{all}\n");
        for l in &lines {
            // `SCAN c0` reads a sub-query's rows; a table read without an index is a full scan.
            let table = l.split(' ').nth(1).unwrap_or_default();
            let tables = [
                "p",
                "s",
                "a",
                "sp",
                "ap",
                "product_photos",
                "ad_photos",
                "ad_places",
            ];
            if tables.contains(&table) {
                assert!(l.contains(" USING "), "{name}: a full scan: {l}\n{all}");
            }
        }
        if name.ends_with("page") || name.ends_with("home") {
            let main = if name.starts_with("products") {
                "p USING"
            } else {
                "a USING"
            };
            assert!(all.contains(main), "{name}:\n{all}");
            assert!(
                all.contains("products_page")
                    || all.contains("products_best")
                    || all.contains("ads_listing"),
                "{name}:\n{all}"
            );
        }
    }
}

//! Full-text search (decisions.md §30, docs/search.md) on the demo data: words in any order,
//! accents, plurals and genders, descriptions and store names, across categories with counts,
//! ranked, keyset-paged, within the region; the index kept current by every writer; the same
//! ids in the same order on SQLite and PostgreSQL; and the plans showing the index is used.

use super::*;
use crate::{
    fixtures::SUPPLIER,
    helpers::spawn_app_with,
    supplier::{call, refused},
};
use feira_api::{
    rpc::catalog::search::{Bind, first_page_sql},
    search::Engine,
};
use sqlx::Row;

fn search(all: &str) -> Value {
    json!({"codigo": "search", "all": all, "cidade": PIRACICABA})
}

/// The product ids and ad ids of a search's first page.
async fn found(app: &TestApp, body: Value) -> (Vec<String>, Vec<String>) {
    let r = ok(app, body).await;
    (ids(&r["produtos"]), ids(&r["anuncios"]))
}

fn s(list: &[&str]) -> Vec<String> {
    list.iter().map(|x| (*x).to_owned()).collect()
}

/// Queries and what a buyer in Piracicaba must get, in order (products, ads). Worked out by hand
/// from `seeds/demo.json`: Horta Orgânica Saltinho (demo-tiago) is hidden; demo-p05, p16 and p33
/// are disabled; rank 0 is every word in the title, then sales (products) or newest (ads).
fn golden() -> Vec<(&'static str, Vec<String>, Vec<String>)> {
    vec![
        // p19's title has both words; p20's title 'café', its description 'torrado'.
        ("cafe torrado", s(&["demo-p19", "demo-p20"]), s(&[])),
        ("torrado CAFÉ", s(&["demo-p19", "demo-p20"]), s(&[])),
        ("TOMATES", s(&["demo-p03"]), s(&[])),
        // 'composto orgânico' by its title, 'matéria orgânica' by its description; the hidden
        // Horta Orgânica Saltinho's products and name find nothing.
        ("organico", s(&["demo-p36", "demo-p39"]), s(&[])),
        ("orgânicos", s(&["demo-p36", "demo-p39"]), s(&[])),
        // A disabled product's title finds nothing.
        ("requeijão", s(&[]), s(&[])),
        // Ads: title, then description ('caixa d'água de fibra', one of Piracicaba's).
        ("agua", s(&[]), s(&["demo-a01"])),
        // Viveiro Mudas do Campo (its jabuticaba seedling) is not in Piracicaba; the ad is.
        ("jabuticabas", s(&[]), s(&["demo-a04"])),
        // Nothing to look for.
        ("de da", s(&[]), s(&[])),
        ("%_", s(&[]), s(&[])),
    ]
}

#[tokio::test]
async fn words_in_any_order_accents_plurals_descriptions_and_ranking() {
    let app = demo_app().await;
    for (q, products, ads) in golden() {
        assert_eq!(found(&app, search(q)).await, (products, ads), "{q}");
    }
    let r = ok(&app, search("Cafés Torrados")).await;
    assert_eq!(r["palavras"], json!(["caf", "torrad"]), "{r}");
    assert_eq!(r["nextp"], Value::Null);
}

#[tokio::test]
async fn a_store_name_finds_its_products_across_categories_with_counts() {
    let app = demo_app().await;
    let r = ok(&app, search("fazenda serra verde")).await;
    let got = ids(&r["produtos"]);
    // Every product of Fazenda Serra Verde (Alimentos and Variedades), best sellers first.
    let roberto = s(&[
        "demo-p19", "demo-p20", "demo-p23", "demo-p21", "demo-p22", "demo-p24", "demo-p25",
    ]);
    assert_eq!(got, roberto, "{r}");
    assert_eq!(
        r["categorias"],
        json!([
            {"categoria": "Alimentos", "produtos": 5, "anuncios": 0},
            {"categoria": "Variedades", "produtos": 2, "anuncios": 0},
        ])
    );
    // The category is a filter; the counts still cover every category.
    let mut body = search("fazenda serra verde");
    body["categoria"] = json!("Variedades");
    let r = ok(&app, body).await;
    assert_eq!(ids(&r["produtos"]), s(&["demo-p24", "demo-p25"]));
    assert_eq!(r["categorias"].as_array().unwrap().len(), 2);
    assert!(r.get("contagemparcial").is_none(), "{r}");
    // Words from a product's title and its store's name together.
    let (p, _) = found(&app, search("própolis serra")).await;
    assert_eq!(p, s(&["demo-p45"]));
    // The spec's clients send a category: still accepted; an unknown one is refused.
    let mut body = search("cafe");
    body["categoria"] = json!("Pedras");
    let (status, r) = app.rpc(None, body).await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("Categoria inválida."))
    );
}

/// Copies product `id` `n` times (ids `copia-1` …), keys and all, straight in the database.
async fn copies(app: &TestApp, id: &str, n: i64) {
    let mut conn = app.app.db.acquire().await.unwrap();
    let columns: Vec<String> = sqlx::query_scalar(match Engine::of(&app.app.db) {
        Engine::Sqlite => "SELECT name FROM pragma_table_info('products')",
        Engine::Postgres => {
            "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
             WHERE table_name = 'products' AND table_schema = current_schema()"
        }
    })
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let values: Vec<String> = columns
        .iter()
        .map(|c| match c.as_str() {
            "id" => "'copia-' || CAST(n.i AS TEXT)".to_owned(),
            c => format!("p.{c}"),
        })
        .collect();
    let sql = format!(
        "INSERT INTO products ({}) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n \
         WHERE i < {n}) SELECT {} FROM products p CROSS JOIN n WHERE p.id = $1",
        columns.join(", "),
        values.join(", ")
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .execute(&mut *conn)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_counts_stop_at_a_thousand_and_the_page_stays_whole() {
    let app = demo_app().await;
    // 1,004 more of Fazenda Serra Verde's 'café torrado' (demo-p19), all of them in the region.
    copies(&app, "demo-p19", 1_004).await;
    let r = ok(&app, search("cafe torrado")).await;
    assert_eq!(r["contagemparcial"], json!(true), "{r}");
    // The counts are of the first 1,001 matches.
    let counted: i64 = r["categorias"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["produtos"].as_i64().unwrap())
        .sum();
    assert_eq!(counted, 1_001, "{}", r["categorias"]);
    // The page is whole and in order: the title matches (the original and its copies, equal
    // sales: by id) before 'café' with 'torrado' in its description (demo-p20).
    let page = ids(&r["produtos"]);
    assert_eq!(page.len(), 24);
    assert!(
        page.iter()
            .all(|id| id.starts_with("copia-") || id == "demo-p19"),
        "{page:?}"
    );
    let mut sorted = page.clone();
    sorted.sort();
    assert_eq!(page, sorted, "equal rank and sales: by id");
    assert!(r["nextp"].is_string());
    // Disabled copies beyond the cap: the counts are whole again.
    sqlx::query("UPDATE products SET desabilitado = $1 WHERE id LIKE 'copia-%'")
        .bind(true)
        .execute(&app.app.db)
        .await
        .unwrap();
    let r = ok(&app, search("cafe torrado")).await;
    assert!(r.get("contagemparcial").is_none(), "{r}");
    assert_eq!(ids(&r["produtos"]), s(&["demo-p19", "demo-p20"]));
}

#[tokio::test]
async fn regions_scope_the_results() {
    let app = demo_app().await;
    // Viveiro Mudas do Campo (Rio Claro and Limeira only) is not in Piracicaba.
    assert_eq!(found(&app, search("ponkan")).await.0, s(&[]));
    let mut body = search("ponkan");
    body["cidade"] = json!("Rio Claro, SP");
    assert_eq!(found(&app, body).await.0, s(&["demo-p28"]));
    // Empório Colonial Tupi shows in SP and MG: Belo Horizonte finds it, Manaus does not.
    for (city, n) in [("Belo Horizonte, MG", 7), ("Manaus, AM", 0)] {
        let mut body = search("emporio tupi");
        body["cidade"] = json!(city);
        assert_eq!(found(&app, body).await.0.len(), n, "{city}");
    }
    let mut body = search("cafe");
    body["cidade"] = json!("Nowhere, XX");
    let (status, r) = app.rpc(None, body).await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("Região inválida."))
    );
}

#[tokio::test]
async fn a_storefront_searches_its_own_products() {
    let app = demo_app().await;
    let body = json!({"codigo": "search", "all": "muda", "loja": "demo-luiz"});
    let r = ok(&app, body).await;
    // Whatever the region; only this store; no ads in a store's search. The seedlings by their
    // titles first, then the seeds, found by the store's name (Viveiro Mudas do Campo).
    assert_eq!(
        ids(&r["produtos"]),
        s(&[
            "demo-p26", "demo-p27", "demo-p28", "demo-p30", "demo-p29", "demo-p31", "demo-p32"
        ])
    );
    assert_eq!(r["anuncios"], json!([]));
    let (status, r) = app
        .rpc(
            None,
            json!({"codigo": "search", "all": "cenoura", "loja": "demo-tiago"}),
        )
        .await;
    assert_eq!(
        (status, r["error"].as_str()),
        (404, Some("Loja não encontrada."))
    );
}

/// Walks every page of `body`'s products; returns the ids in order.
async fn walk(app: &TestApp, body: Value) -> Vec<String> {
    let mut all = Vec::new();
    let r = ok(app, body.clone()).await;
    all.extend(ids(&r["produtos"]));
    let mut next = r["nextp"].clone();
    while let Some(cursor) = next.as_str() {
        let mut later = body.clone();
        later["nextp"] = json!(cursor);
        let r = ok(app, later).await;
        assert_eq!(r["anuncios"], json!([]), "no ads cursor: no ads");
        assert_eq!(r["categorias"], Value::Null);
        let page = ids(&r["produtos"]);
        assert!(!page.is_empty() && page.len() <= 24);
        all.extend(page);
        next = r["nextp"].clone();
    }
    all
}

#[tokio::test]
async fn the_index_follows_every_writer_and_pages_return_every_match_once() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    // 30 new products: 20 with 'pimentões' in the title, 10 with 'pimentão' in the description.
    let mut made = Vec::new();
    for i in 0..30 {
        let (titulo, descricao) = if i < 20 {
            (
                format!("pimentões vermelhos lote {i}"),
                "Colhidos ontem.".to_owned(),
            )
        } else {
            (
                format!("conserva caseira {i}"),
                "Feita com pimentão amarelo.".to_owned(),
            )
        };
        let (st, r) = call(
            &app,
            &token,
            "adicionar_produto",
            json!({"iconeurl": false, "infos": {"categoria": "Alimentos", "titulo": titulo,
                   "preco": "10", "descricao": descricao}}),
        )
        .await;
        assert_eq!(st, 200, "{r}");
        made.push(r["infos"]["id"].as_str().unwrap().to_owned());
    }
    let walked = walk(&app, search("pimentao")).await;
    assert_eq!(walked.len(), 30, "{walked:?}");
    let mut once = walked.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), 30, "every match exactly once");
    // Title matches (the first 20 made) come before description matches.
    let titled: BTreeSet<&String> = made[..20].iter().collect();
    assert!(
        walked[..20].iter().all(|id| titled.contains(id)),
        "{walked:?}"
    );

    // An edit moves a product from one word to another, in the same transaction.
    let id = made[0].clone();
    let (st, r) = call(
        &app,
        &token,
        "editar_produto_site",
        json!({"produto": {"id": id}, "newproduto": {"titulo": "jiló fresco", "preco": "10",
               "descricao": ""}}),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(found(&app, search("jilós")).await.0, vec![id.clone()]);
    assert!(!found(&app, search("pimentao")).await.0.contains(&id));
    // Disabled, it is not found; enabled again, it is.
    call(&app, &token, "desabilitar_produto", json!({"item": id})).await;
    assert_eq!(found(&app, search("jilo")).await.0, s(&[]));
    call(&app, &token, "habilitar_produto", json!({"item": id})).await;
    assert_eq!(found(&app, search("jilo")).await.0, vec![id.clone()]);
    // The store's new name finds its products.
    let (st, r) = call(
        &app,
        &token,
        "editar_dados_fornecedor",
        json!({"form": {"nomeforn": "Chácara Jequitibá", "cpf": "529.982.247-25",
               "telefone": "(19) 99876-1234"}}),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    let (p, _) = found(&app, search("jequitiba jilo")).await;
    assert_eq!(p, vec![id.clone()]);
    assert_eq!(found(&app, search("sitio boa vista jilo")).await.0, s(&[]));
    // Removed, it is gone from the index too.
    call(&app, &token, "excluir_produto", json!({"item": id})).await;
    assert_eq!(found(&app, search("jilo")).await.0, s(&[]));
    // A hidden store's products leave the results at once.
    call(
        &app,
        &token,
        "alterar_visibilidade",
        json!({"oculto": true}),
    )
    .await;
    assert_eq!(found(&app, search("pimentao")).await.0, s(&[]));
    // And an ad is found by what it was edited to.
    let (buyer, _) = app.login("comprador@feira.test").await;
    let (st, r) = call(
        &app,
        &buyer,
        "adicionar_anuncio",
        json!({"infos": {"categoria": "Variedades", "titulo": "carroça antiga", "preco": "900",
               "descricao": "Roda de madeira.", "origem": PIRACICABA, "locais": 1,
               "cidades": []}}),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    let ad = r["infos"]["id"].as_str().unwrap().to_owned();
    assert_eq!(found(&app, search("carroças")).await.1, vec![ad.clone()]);
    assert_eq!(found(&app, search("rodas madeira")).await.1, vec![ad]);
    let msg = refused(
        &app,
        &token,
        "excluir_produto",
        json!({"item": "nope"}),
        404,
    )
    .await;
    assert_eq!(msg, "Produto não encontrado.");
}

#[tokio::test]
async fn cursors_are_checked() {
    let app = demo_app().await;
    let mut body = search("cafe");
    body["nextp"] = json!("bm9wZQ");
    let (status, r) = app.rpc(None, body).await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("Cursor inválido."))
    );
}

/// The queries both databases must answer alike: the golden ones and some more.
const SAME_ON_BOTH: [&str; 15] = [
    "cafe torrado",
    "organico",
    "mel",
    "cana",
    "muda enxertada",
    "sementes crioulas",
    "cesta",
    "queijo minas",
    "esterco curtido",
    "serra",
    "vaso",
    "500 g",
    // Misspelt: answered with the closest words of the index (the same on both).
    "quejo",
    "cafe torado",
    "tomtae",
];

/// The first-page product and ad ids of every query of [`SAME_ON_BOTH`] and the golden list,
/// in Piracicaba and Limeira.
async fn answers(app: &TestApp) -> Vec<(String, Vec<String>, Vec<String>, Value)> {
    let mut out = Vec::new();
    let queries = golden().into_iter().map(|g| g.0).chain(SAME_ON_BOTH);
    for q in queries {
        for city in [PIRACICABA, "Limeira, SP"] {
            let r = ok(app, json!({"codigo": "search", "all": q, "cidade": city})).await;
            out.push((
                format!("{q} @ {city}"),
                ids(&r["produtos"]),
                ids(&r["anuncios"]),
                r["categorias"].clone(),
            ));
        }
    }
    out
}

#[tokio::test]
async fn sqlite_and_postgresql_give_the_same_ids_in_the_same_order() {
    let app = demo_app().await;
    let here = answers(&app).await;
    assert!(
        here.iter().filter(|a| !a.1.is_empty()).count() >= 20,
        "{here:?}"
    );
    if !feira_api::db::is_postgres(&app.app.db) {
        // The golden lists above hold on SQLite; the suite's PostgreSQL run compares both.
        return;
    }
    let tmp = std::env::temp_dir().join(format!("feira-search-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let url = format!("sqlite://{}/both.db", tmp.display());
    let sqlite = spawn_app_with(move |c| {
        c.seed_demo = true;
        c.database.url = url;
    })
    .await;
    assert!(!feira_api::db::is_postgres(&sqlite.app.db));
    let there = answers(&sqlite).await;
    for (a, b) in here.iter().zip(&there) {
        assert_eq!(a, b, "PostgreSQL vs SQLite");
    }
    let _ = std::fs::remove_dir_all(tmp);
}

/// The plan lines of the first page's SQL for `all`, from `EXPLAIN` (PostgreSQL, sequential
/// scans off so the plan shows whether the index can serve the query at all on a small table)
/// or `EXPLAIN QUERY PLAN` (SQLite).
async fn plan(app: &TestApp, all: &str, ads: bool) -> Vec<String> {
    let engine = Engine::of(&app.app.db);
    let (sql, binds) = first_page_sql(engine, all, PIRACICABA, ads).unwrap();
    let mut conn = app.app.db.acquire().await.unwrap();
    let text = match engine {
        Engine::Sqlite => format!("EXPLAIN QUERY PLAN {sql}"),
        Engine::Postgres => {
            sqlx::query("SET enable_seqscan = off")
                .execute(&mut *conn)
                .await
                .unwrap();
            format!("EXPLAIN {sql}")
        }
    };
    let mut q = sqlx::query(sqlx::AssertSqlSafe(text));
    for b in binds {
        q = match b {
            Bind::Text(t) => q.bind(t),
            Bind::Int(i) => q.bind(i),
            Bind::Bool(v) => q.bind(v),
        };
    }
    let rows = q.fetch_all(&mut *conn).await.unwrap();
    let lines = rows
        .iter()
        .map(|r| match engine {
            Engine::Sqlite => r.get::<String, _>("detail"),
            Engine::Postgres => r.get::<String, _>(0),
        })
        .collect();
    if engine == Engine::Postgres {
        sqlx::query("RESET enable_seqscan")
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    lines
}

#[tokio::test]
async fn the_full_text_index_serves_the_search() {
    let app = demo_app().await;
    for (all, ads) in [("cafe torrado", false), ("mel", false), ("agua", true)] {
        let lines = plan(&app, all, ads).await;
        let text = lines.join("\n");
        match Engine::of(&app.app.db) {
            Engine::Sqlite => {
                // The FTS5 table answers the match; the rows are fetched by primary key; no
                // table or category index is walked. The matches are read once (`m`) and the
                // page and the counts read them from there.
                let fts = if ads { "ads_fts" } else { "products_fts" };
                assert!(
                    text.contains(&format!("SCAN {fts} VIRTUAL TABLE INDEX")),
                    "{all}:\n{text}"
                );
                assert_eq!(
                    lines.iter().filter(|l| l.contains("VIRTUAL TABLE")).count(),
                    1,
                    "{all}: the index read once:\n{text}"
                );
                for line in &lines {
                    if line.starts_with("SCAN") {
                        assert!(
                            line.contains("VIRTUAL TABLE")
                                || ["SCAN m", "SCAN pagina", "SCAN amostra"]
                                    .iter()
                                    .any(|s| line.starts_with(s)),
                            "{all}: a scan: {line}\n{text}"
                        );
                    }
                }
                assert!(!text.contains("products_page") && !text.contains("products_best"));
            }
            Engine::Postgres => {
                let index = if ads { "ads_busca" } else { "products_busca" };
                assert!(text.contains(index), "{all}:\n{text}");
                assert!(
                    !text.contains("Seq Scan on products") && !text.contains("Seq Scan on ads"),
                    "{all}:\n{text}"
                );
                // No pending list for a search to read whole (migration 0087): every write
                // merges its keys into the index.
                let options: Option<String> = sqlx::query_scalar(
                    "SELECT CAST(reloptions AS TEXT) FROM pg_class WHERE relname = $1",
                )
                .bind(index)
                .fetch_one(&app.app.db)
                .await
                .unwrap();
                assert_eq!(options.as_deref(), Some("{fastupdate=off}"), "{index}");
            }
        }
    }
}

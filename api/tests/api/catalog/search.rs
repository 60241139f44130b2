//! Full-text search (decisions.md §30, docs/search.md) on the demo data: words in any order,
//! accents, plurals and genders, descriptions and store names, across categories with counts,
//! ranked, keyset-paged, within the region; the index kept current by every writer; the same
//! ids in the same order on SQLite and PostgreSQL; and the plans showing the index is used.

use super::*;
use crate::{
    fixtures::SUPPLIER,
    supplier::{call, refused},
};
use feira_api::search::Engine;

mod databases;

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

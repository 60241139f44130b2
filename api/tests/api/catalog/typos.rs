//! Search that forgives (docs/search.md, "Typos" and "Filters"): a misspelt query that finds
//! little is answered with the closest words of the index ('quejo' → queijo, 'cafe torado' → cafe
//! torrado) and 'Você quis dizer …?'; a query that finds what it says is left alone; filters on
//! price, organic and delivery, and the orders by price and by sales. Each run (SQLite, and
//! PostgreSQL with TEST_DATABASE_URL) checks the same answers.

use super::*;

async fn search(app: &TestApp, extra: Value) -> Value {
    let mut body = json!({"codigo": "search", "cidade": PIRACICABA});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    ok(app, body).await
}

/// The card price (promotional when there is one) of each product of an answer.
fn prices(r: &Value) -> Vec<f64> {
    r["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p["precopromo"]
                .as_f64()
                .unwrap_or_else(|| p["preco"].as_f64().unwrap())
        })
        .collect()
}

#[tokio::test]
async fn a_misspelt_query_finds_what_was_meant_and_says_so() {
    let app = demo_app().await;
    let meant = search(&app, json!({"all": "queijo"})).await;
    let r = search(&app, json!({"all": "quejo"})).await;
    assert_eq!(ids(&r["produtos"]), ids(&meant["produtos"]), "{r}");
    assert_eq!(ids(&r["produtos"])[..2], ["demo-p11", "demo-p12"], "{r}");
    assert_eq!(r["sugestao"], "queijo");
    assert_eq!(r["palavras"], json!(["queij"]));

    // One word right, one wrong: only the wrong one is corrected.
    let r = search(&app, json!({"all": "cafe torado"})).await;
    assert_eq!(ids(&r["produtos"]), ["demo-p19", "demo-p20"], "{r}");
    assert_eq!(r["sugestao"], "cafe torrado");

    // A swap of two letters is one edit.
    let r = search(&app, json!({"all": "tomtae"})).await;
    let meant = search(&app, json!({"all": "tomate"})).await;
    assert_eq!(ids(&r["produtos"]), ids(&meant["produtos"]), "{r}");
    assert!(ids(&r["produtos"]).contains(&"demo-p03".to_owned()), "{r}");
    assert_eq!(r["sugestao"], "tomate");

    // 'ç' folds to 'c': the exact search finds the lettuce, nothing is suggested.
    let r = search(&app, json!({"all": "alfaçe"})).await;
    assert_eq!(ids(&r["produtos"]), ["demo-p01"], "{r}");
    assert!(r.get("sugestao").is_none(), "{r}");

    // What finds enough is never second-guessed; nonsense finds nothing and suggests nothing.
    let r = search(&app, json!({"all": "queijo"})).await;
    assert!(r.get("sugestao").is_none(), "{r}");
    let r = search(&app, json!({"all": "xkcdwq"})).await;
    assert_eq!(r["produtos"], json!([]));
    assert!(r.get("sugestao").is_none(), "{r}");
    // A short word is never corrected (too many words are one letter apart).
    let r = search(&app, json!({"all": "mle"})).await;
    assert!(r.get("sugestao").is_none(), "{r}");

    // The storefront's search forgives too.
    let r = ok(
        &app,
        json!({"codigo": "search", "all": "quejo", "loja": "demo-ana"}),
    )
    .await;
    assert_eq!(ids(&r["produtos"])[..2], ["demo-p11", "demo-p12"], "{r}");
    assert_eq!(r["sugestao"], "queijo");
}

#[tokio::test]
async fn filters_and_orders_narrow_and_sort_the_results() {
    let app = demo_app().await;
    let all = search(&app, json!({"all": "cafe"})).await;
    let n = all["produtos"].as_array().unwrap().len();
    assert!(n >= 3, "{all}");

    // By price, lowest first; by sales, most first.
    let by_price = search(&app, json!({"all": "cafe", "ordem": "preco"})).await;
    let p = prices(&by_price);
    assert_eq!(p.len(), n);
    assert!(p.windows(2).all(|w| w[0] <= w[1]), "{p:?}");
    let by_sales = search(&app, json!({"all": "cafe", "ordem": "vendas"})).await;
    let sales: Vec<i64> = by_sales["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["vendas"].as_i64().unwrap())
        .collect();
    assert!(sales.windows(2).all(|w| w[0] >= w[1]), "{sales:?}");

    // A price range on the card's price: the frescal at R$ 21,00 (promotion) and the goiabada
    // at R$ 14,00 (its description says 'queijo minas'), not the R$ 38,00.
    let r = search(&app, json!({"all": "queijo minas", "precomax": 30})).await;
    assert_eq!(ids(&r["produtos"]), ["demo-p11", "demo-p14"], "{r}");
    let r = search(&app, json!({"all": "queijo minas", "precomin": 21.5})).await;
    assert_eq!(ids(&r["produtos"]), ["demo-p12"], "{r}");
    // The counts follow the filters.
    assert_eq!(r["categorias"][0]["produtos"], 1, "{r}");

    // Organic: only what its store ticked; no ads.
    sqlx::query("UPDATE products SET organico = TRUE WHERE id = 'demo-p12'")
        .execute(&app.app.db)
        .await
        .unwrap();
    let r = search(&app, json!({"all": "queijo minas", "organico": true})).await;
    assert_eq!(ids(&r["produtos"]), ["demo-p12"], "{r}");
    assert_eq!(r["anuncios"], json!([]));

    // 'Com entrega na minha região': a store that only offers pickup drops out.
    sqlx::query("UPDATE suppliers SET entrega_opcoes = '2' WHERE user_id = 'demo-ana'")
        .execute(&app.app.db)
        .await
        .unwrap();
    let r = search(&app, json!({"all": "queijo minas", "comentrega": true})).await;
    assert_eq!(r["produtos"], json!([]), "{r}");

    for bad in [json!({"ordem": "aleatorio"}), json!({"precomin": -1})] {
        let mut body = json!({"codigo": "search", "cidade": PIRACICABA, "all": "cafe"});
        for (k, v) in bad.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, res) = app.rpc(None, body).await;
        assert_eq!(
            (status, res["error"].as_str()),
            (400, Some("Filtro de busca inválido."))
        );
    }
}

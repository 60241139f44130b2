//! The SQLite query plans of the region listings: indexes, no scan, no sort.

use super::*;
use serde_json::json;

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

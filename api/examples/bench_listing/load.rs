//! The load: closed and open loops over one action, and the table they report.

use super::Options;
use super::data::CATEGORIES;
use super::measure::{Endpoint, HEADER, closed_loop, open_loop};
use serde_json::{Value, json};
use std::sync::Arc;

/// The search bench's common two-word query: each word is in about 8 % of the titles, both in
/// about 0.7 % (≈ 700 products, a quarter of them in the region: several pages).
const COMMON_QUERY: &str = "tomate orgânico";

/// The requests of one action, sent in turn.
fn bodies(o: &Options, action: &str) -> Arc<Vec<Value>> {
    let search = |all: &str| json!({"codigo": "search", "all": all, "cidade": o.region});
    Arc::new(if action == "site" {
        vec![json!({"codigo": "pegar_produtos_anuncios_site", "regiao": o.region})]
    } else if action == "search-rare" {
        vec![search(super::data::RARE_WORD)]
    } else if action == "search-common" {
        vec![search(COMMON_QUERY)]
    } else {
        CATEGORIES
            .iter()
            .map(|c| {
                json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": o.region,
                       "categoria": c})
            })
            .collect()
    })
}

/// Checks that the region's first pages are full (or the bench would measure nothing), warms
/// up, then runs and reports each phase.
pub(crate) async fn load_server(o: &Options, url: &str) -> anyhow::Result<()> {
    let endpoint = Endpoint::over(vec![url.to_owned()], None)?;
    let site2 = bodies(o, "site2");
    for b in site2.iter() {
        let (_, r) = endpoint.send(b).await?;
        let len = |k: &str| r[k].as_array().map_or(0, Vec::len);
        let (p, a) = (len("produtos"), len("anuncios"));
        let size = serde_json::to_vec(&r)?.len();
        eprintln!("{}: {p} products, {a} ads, {size} bytes", b["categoria"]);
        anyhow::ensure!(
            p == 12 && a == 12,
            "the region's first page is not full: {r}"
        );
    }
    for action in ["search-rare", "search-common"] {
        let body = &bodies(o, action)[0];
        let (_, r) = endpoint.send(body).await?;
        let len = |k: &str| r[k].as_array().map_or(0, Vec::len);
        let counted: i64 = r["categorias"]
            .as_array()
            .map_or(0, |c| c.iter().filter_map(|c| c["produtos"].as_i64()).sum());
        eprintln!(
            "{}: first page {} products, {} ads; {counted} products match in the region",
            body["all"],
            len("produtos"),
            len("anuncios")
        );
        anyhow::ensure!(len("produtos") > 0, "the search finds nothing: {r}");
    }
    closed_loop(&endpoint, site2, 4, 2, "warm-up").await;
    println!("{HEADER}");
    for (action, rate) in [
        ("site2", o.rate),
        ("site", o.home_rate),
        ("search-rare", o.search_rate),
        ("search-common", o.search_rate),
    ] {
        if o.only != "all" && !action.starts_with(o.only.as_str()) {
            continue;
        }
        let name = match action {
            "search-rare" => format!("`search` '{}'", super::data::RARE_WORD),
            "search-common" => format!("`search` '{COMMON_QUERY}'"),
            _ => format!("`pegar_produtos_anuncios_{action}`"),
        };
        let c = o.concurrency;
        let phase = format!("{name} | closed loop, {c} in flight");
        closed_loop(&endpoint, bodies(o, action), c, o.seconds, &phase)
            .await
            .report();
        let phase = format!("{name} | open loop, {rate} req/s");
        open_loop(&endpoint, bodies(o, action), rate, o.seconds, &phase)
            .await
            .report();
    }
    Ok(())
}

//! `search` (decisions.md §30, docs/search.md): full-text search over titles, descriptions and
//! sellers' names, served by the full-text index ([`crate::search`]), the same results on SQLite
//! and PostgreSQL.
//!
//! - A query's words are `wasm_core::text::query_words` (accents, case, plurals and genders
//!   folded); every word must match, in any order, in the title, the description or the
//!   seller's name.
//! - In a region (`cidade`, decisions.md §11) across every category, or in one (`categoria`, an
//!   optional filter); or within one store (`loja`, the storefront's search: its products only,
//!   whatever the region, as the storefront shows them).
//! - Ranked: items whose title holds every word first, then the others; within each, products by
//!   sales and ads newest first; ties by id (byte order on both databases).
//! - Pages of [`PAGE`] with opaque keyset cursors (rank, sales or time, id) for each list, as the
//!   category pages. The first page reads every match of the scope once (rank, order key,
//!   category: a few columns each, from the index) and takes both the page and the counts of
//!   each category from it; later pages ask the database for the rows after the cursor only.

mod ask;

use super::{
    BATCH, REGIAO_INVALIDA, ads_of,
    answers::{CategoryCount, SearchResults},
    category, lookups, products_of,
    queries::{ADS_BY_IDS, PRODUCTS_BY_IDS},
    region,
    rows::{AdRow, ProductRow},
};
use crate::{
    error::{ApiError, ApiResult},
    search::Engine,
    state::AppState,
};
pub use ask::Bind;
use ask::{Ask, List, Scope, decode};
use serde::Deserialize;
use sqlx::AnyConnection;
use std::collections::HashMap;
use wasm_core::{forms::Category, text::query_words};

/// Items per page of each list.
pub const PAGE: i64 = 24;
/// Longest search text considered, in characters.
const MAX_CHARS: usize = 100;
/// `loja` names no visible store.
const LOJA_INVALIDA: &str = "Loja não encontrada.";

/// `search`: `cidade` (a region) or `loja` (a store's user id); `categoria` optional (absent or
/// empty: every category); `nextp`/`nexta` the cursors of a later page (absent on the first).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Search {
    pub all: String,
    #[serde(default)]
    pub cidade: Option<String>,
    #[serde(default)]
    pub categoria: Option<String>,
    /// Search one store's products (the storefront), whatever the region.
    #[serde(default)]
    pub loja: Option<String>,
    #[serde(default)]
    pub nextp: Option<String>,
    #[serde(default)]
    pub nexta: Option<String>,
}

/// `ids`' products in that order.
async fn products_by_ids(
    conn: &mut AnyConnection,
    ids: &[String],
) -> ApiResult<Vec<crate::rpc::shapes::Product>> {
    let rows: Vec<ProductRow> = by_ids(conn, PRODUCTS_BY_IDS.as_str(), ids).await?;
    let mut list = lookups::products(conn, rows, lookups::by_sales).await?;
    list.sort_by_key(|l| ids.iter().position(|id| *id == l.item.id));
    Ok(products_of(&list))
}

/// `ids`' ads in that order.
async fn ads_by_ids(
    conn: &mut AnyConnection,
    ids: &[String],
) -> ApiResult<Vec<crate::rpc::shapes::Ad>> {
    let rows: Vec<AdRow> = by_ids(conn, ADS_BY_IDS.as_str(), ids).await?;
    let mut list = lookups::ads(conn, rows).await?;
    list.sort_by_key(|l| ids.iter().position(|id| *id == l.item.id));
    Ok(ads_of(&list))
}

/// The rows of `ids` (at most [`BATCH`] per statement, padded with the first).
async fn by_ids<T>(conn: &mut AnyConnection, sql: &'static str, ids: &[String]) -> ApiResult<Vec<T>>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    let mut rows = Vec::new();
    for chunk in ids.chunks(BATCH) {
        let mut q = sqlx::query_as::<_, T>(sql);
        for n in 0..BATCH {
            q = q.bind(chunk.get(n).unwrap_or(&chunk[0]).clone());
        }
        rows.extend(q.fetch_all(&mut *conn).await?);
    }
    Ok(rows)
}

/// The visible store whose user id is `id`.
async fn store(conn: &mut AnyConnection, id: &str) -> ApiResult<String> {
    let found: Option<String> = sqlx::query_scalar(
        "SELECT user_id FROM suppliers WHERE user_id = $1 AND oculto = $2 AND invisivel = $2",
    )
    .bind(id.trim())
    .bind(false)
    .fetch_optional(&mut *conn)
    .await?;
    found.ok_or_else(|| ApiError::NotFound(LOJA_INVALIDA.into()))
}

/// The SQL and binds of the first page of products (`ads` false) or ads matching `all` in
/// region `cidade`, on `engine`'s database: what the suite's query-plan tests explain.
pub fn first_page_sql(
    engine: Engine,
    all: &str,
    cidade: &str,
    ads: bool,
) -> ApiResult<(String, Vec<Bind>)> {
    let r = region(cidade)?;
    let ask = Ask {
        engine,
        keys: query_words(all),
        scope: Scope::Region {
            label: r.label,
            uf: r.uf,
        },
        category: None,
    };
    let list = if ads { List::Ads } else { List::Products };
    let (sql, b) = ask.all_sql(list);
    Ok((sql, b.0))
}

/// `search`: a page of products and of ads matching every word of `all` (see the module).
pub async fn search(state: &AppState, req: Search) -> ApiResult<SearchResults> {
    let text: String = req.all.trim().chars().take(MAX_CHARS).collect();
    let keys = query_words(&text);
    let category = match req.categoria.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(c) => Some(category(c)?),
    };
    let after_products = req.nextp.as_deref().map(decode).transpose()?;
    let after_ads = req.nexta.as_deref().map(decode).transpose()?;
    let mut conn = state.db.acquire().await?;
    let scope = match (
        req.loja.as_deref().filter(|l| !l.trim().is_empty()),
        &req.cidade,
    ) {
        (Some(loja), _) => Scope::Store(store(&mut conn, loja).await?),
        (None, Some(cidade)) => {
            let r = region(cidade)?;
            Scope::Region {
                label: r.label,
                uf: r.uf,
            }
        }
        (None, None) => return Err(ApiError::bad_request(REGIAO_INVALIDA)),
    };
    let first = after_products.is_none() && after_ads.is_none();
    let mut answer = SearchResults {
        words: keys.clone(),
        counts: first.then(Vec::new),
        ..SearchResults::default()
    };
    if keys.is_empty() {
        return Ok(answer);
    }
    let ask = Ask {
        engine: Engine::of(&state.db),
        keys,
        scope,
        category,
    };
    let ads_too = matches!(ask.scope, Scope::Region { .. });
    if first {
        let (ids, next, products) = ask.first_page(&mut conn, List::Products).await?;
        answer.products = products_by_ids(&mut conn, &ids).await?;
        answer.next_products = next;
        let mut ads = HashMap::new();
        if ads_too {
            let (ids, next, counts) = ask.first_page(&mut conn, List::Ads).await?;
            answer.ads = ads_by_ids(&mut conn, &ids).await?;
            answer.next_ads = next;
            ads = counts;
        }
        answer.counts = Some(
            Category::ALL
                .map(Category::label)
                .into_iter()
                .filter_map(|c| {
                    let (p, a) = (
                        products.get(c).copied().unwrap_or(0),
                        ads.get(c).copied().unwrap_or(0),
                    );
                    (p + a > 0).then(|| CategoryCount {
                        category: c.to_owned(),
                        products: p,
                        ads: a,
                    })
                })
                .collect(),
        );
        return Ok(answer);
    }
    if let Some(after) = &after_products {
        let (ids, next) = ask.later_page(&mut conn, List::Products, after).await?;
        answer.products = products_by_ids(&mut conn, &ids).await?;
        answer.next_products = next;
    }
    if let Some(after) = after_ads.as_ref().filter(|_| ads_too) {
        let (ids, next) = ask.later_page(&mut conn, List::Ads, after).await?;
        answer.ads = ads_by_ids(&mut conn, &ids).await?;
        answer.next_ads = next;
    }
    Ok(answer)
}

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
//!   each category from it, in one statement that returns only the page's rows and one row per
//!   category (the counts stop at [`ask::COUNT_CAP`] matches of a list: 'mais de 1.000'); later
//!   pages ask the database for the rows after the cursor only.

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
use ask::{Ask, List, Scope, decode};
pub use ask::{Bind, Filters, SortOrder};
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
    /// The lowest price, in reais (the price a card shows).
    #[serde(default)]
    #[schema(nullable = false)]
    pub precomin: Option<f64>,
    /// The highest price, in reais.
    #[serde(default)]
    #[schema(nullable = false)]
    pub precomax: Option<f64>,
    /// Organic products only ('Orgânico'; no ads).
    #[serde(default)]
    pub organico: bool,
    /// 'Com entrega na minha região': products of stores that deliver (in the region searched;
    /// no ads).
    #[serde(default)]
    pub comentrega: bool,
    /// `relevancia` (the default), `preco` (lowest first) or `vendas` (best sellers first).
    #[serde(default)]
    #[schema(nullable = false)]
    pub ordem: Option<String>,
}

/// A price bound or an order that is not one.
const FILTRO_INVALIDO: &str = "Filtro de busca inválido.";

/// A search finding fewer matches than this (products and ads) tries the typo fallback.
const FEW: usize = 3;

impl Search {
    fn filters(&self) -> ApiResult<Filters> {
        let centavos = |v: Option<f64>| -> ApiResult<Option<i64>> {
            v.map(|r| {
                wasm_core::money::Money::from_reais(r)
                    .filter(|m| m.centavos() >= 0)
                    .map(|m| m.centavos())
                    .ok_or_else(|| ApiError::bad_request(FILTRO_INVALIDO))
            })
            .transpose()
        };
        Ok(Filters {
            min_centavos: centavos(self.precomin)?,
            max_centavos: centavos(self.precomax)?,
            organic: self.organico,
            delivery: self.comentrega,
        })
    }

    fn order(&self) -> ApiResult<SortOrder> {
        match self.ordem.as_deref().map(str::trim) {
            None | Some("" | "relevancia") => Ok(SortOrder::Relevance),
            Some("preco") => Ok(SortOrder::Price),
            Some("vendas") => Ok(SortOrder::BestSellers),
            Some(_) => Err(ApiError::bad_request(FILTRO_INVALIDO)),
        }
    }
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

/// The SQL and binds of the first page (and counts) of products (`ads` false) or ads matching
/// `all` in region `cidade`, on `engine`'s database: what the suite's query-plan tests explain.
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
        filters: Filters::default(),
        order: SortOrder::Relevance,
    };
    let list = if ads { List::Ads } else { List::Products };
    let (sql, b) = ask.first_sql(list);
    Ok((sql, b.0))
}

/// One list's first page: its ids, next cursor and counts per category.
type FirstPage = (Vec<String>, Option<String>, HashMap<String, i64>);
/// The products' and the ads' first pages.
type Pages = (FirstPage, FirstPage);

/// The first page of products and (in a region) of ads.
async fn first_pages(conn: &mut AnyConnection, ask: &Ask, ads_too: bool) -> ApiResult<Pages> {
    let products = ask.first_page(conn, List::Products).await?;
    let ads = if ads_too {
        ask.first_page(conn, List::Ads).await?
    } else {
        (Vec::new(), None, HashMap::new())
    };
    Ok((products, ads))
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
    let mut ask = Ask {
        engine: Engine::of(&state.db),
        keys,
        scope,
        category,
        filters: req.filters()?,
        order: req.order()?,
    };
    let ads_too = matches!(ask.scope, Scope::Region { .. });
    if first {
        let mut found = first_pages(&mut conn, &ask, ads_too).await?;
        if found.0.0.len() + found.1.0.len() < FEW {
            // Few matches: the closest words of the index to those it lacks, and the search
            // again with them; answered if it finds more, with 'Você quis dizer …?'.
            let mut fixes = std::collections::BTreeMap::new();
            let mut corrected = ask.keys.clone();
            for k in &mut corrected {
                if let Some((key, word)) = crate::search::vocabulary::closest(&mut conn, k).await? {
                    fixes.insert(k.clone(), word);
                    *k = key;
                }
            }
            if !fixes.is_empty() {
                let exact = std::mem::replace(&mut ask.keys, corrected);
                let again = first_pages(&mut conn, &ask, ads_too).await?;
                let count = |f: &Pages| f.0.0.len() + f.1.0.len();
                if count(&again) > count(&found) {
                    found = again;
                    answer.words.clone_from(&ask.keys);
                    answer.suggestion = Some(crate::search::vocabulary::suggestion(&text, &fixes));
                } else {
                    ask.keys = exact;
                }
            }
        }
        let ((ids, next, products), (ad_ids, next_ads, ads)) = found;
        answer.products = products_by_ids(&mut conn, &ids).await?;
        answer.next_products = next;
        answer.ads = ads_by_ids(&mut conn, &ad_ids).await?;
        answer.next_ads = next_ads;
        let more_than_cap = |m: &HashMap<String, i64>| m.values().sum::<i64>() > ask::COUNT_CAP;
        answer.counts_partial = (more_than_cap(&products) || more_than_cap(&ads)).then_some(true);
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

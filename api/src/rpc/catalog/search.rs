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

use super::{
    BATCH, CURSOR_INVALIDO, REGIAO_INVALIDA, ads_of,
    answers::{CategoryCount, SearchResults},
    category, lookups, products_of,
    queries::{ADS_BY_IDS, PRODUCTS_BY_IDS, ad_shown_sql, supplier_shown_sql},
    region,
    rows::{AdRow, ProductRow},
};
use crate::{
    error::{ApiError, ApiResult},
    search::{Engine, title_has_all, title_pattern},
    state::AppState,
};
use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::Deserialize;
use sqlx::{AnyConnection, Row};
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

/// A bound value.
#[derive(Debug, Clone)]
pub enum Bind {
    Text(String),
    Int(i64),
    Bool(bool),
}

/// A query under construction: its binds numbered in order.
#[derive(Default)]
struct Binds(Vec<Bind>);

impl Binds {
    /// Binds `b`; returns its placeholder.
    fn add(&mut self, b: Bind) -> String {
        self.0.push(b);
        format!("${}", self.0.len())
    }

    fn query<'q>(
        &self,
        sql: &'q str,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for b in &self.0 {
            q = match b {
                Bind::Text(t) => q.bind(t.clone()),
                Bind::Int(i) => q.bind(*i),
                Bind::Bool(v) => q.bind(*v),
            };
        }
        q
    }
}

/// Where the search looks.
enum Scope {
    Region { label: String, uf: String },
    Store(String),
}

/// One list's part of a query: products or ads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum List {
    Products,
    Ads,
}

impl List {
    /// The row's alias, and the column of the order after the rank (descending).
    fn alias_and_key(self) -> (&'static str, &'static str) {
        match self {
            Self::Products => ("p", "p.vendas"),
            Self::Ads => ("a", "a.publicado_em"),
        }
    }
}

/// Where a later page starts: after the item of this rank, order key and id.
struct Cursor {
    rank: i64,
    key: i64,
    id: String,
}

fn encode(c: &Cursor) -> String {
    URL_SAFE_NO_PAD.encode(format!("{}:{}:{}", c.rank, c.key, c.id))
}

fn decode(text: &str) -> ApiResult<Cursor> {
    let bad = || ApiError::bad_request(CURSOR_INVALIDO);
    let raw = String::from_utf8(URL_SAFE_NO_PAD.decode(text.trim()).map_err(|_| bad())?)
        .map_err(|_| bad())?;
    let mut parts = raw.splitn(3, ':');
    let mut num = || -> ApiResult<i64> { parts.next().ok_or_else(bad)?.parse().map_err(|_| bad()) };
    let (rank, key) = (num()?, num()?);
    let id = parts.next().filter(|id| !id.is_empty()).ok_or_else(bad)?;
    if !(0..=1).contains(&rank) {
        return Err(bad());
    }
    Ok(Cursor {
        rank,
        key,
        id: id.to_owned(),
    })
}

/// What one search asks, once parsed.
struct Ask {
    engine: Engine,
    keys: Vec<String>,
    scope: Scope,
    category: Option<&'static str>,
}

impl Ask {
    /// The `FROM … WHERE …` of `list`'s matches in scope (and category, unless `all_categories`),
    /// and the rank expression; binds added to `b`.
    fn matches(&self, list: List, all_categories: bool, b: &mut Binds) -> (String, String) {
        let (alias, _) = list.alias_and_key();
        let text = b.add(Bind::Text(self.engine.query_text(&self.keys)));
        let n: usize = text[1..].parse().unwrap_or(1);
        let m = match list {
            List::Products => self.engine.products(n),
            List::Ads => self.engine.ads(n),
        };
        let mut sql = format!("FROM {}", m.from);
        let mut conditions = vec![m.condition];
        if list == List::Products {
            sql.push_str(" CROSS JOIN suppliers s");
            let f = b.add(Bind::Bool(false));
            conditions.push(format!(
                "p.desabilitado = {f} AND s.user_id = p.supplier_id"
            ));
            match &self.scope {
                Scope::Region { label, uf } => {
                    let (r, uf) = (
                        b.add(Bind::Text(label.clone())),
                        b.add(Bind::Text(uf.clone())),
                    );
                    conditions.push(supplier_shown_sql(&r, &uf, &f));
                }
                Scope::Store(id) => {
                    let loja = b.add(Bind::Text(id.clone()));
                    conditions.push(format!(
                        "p.supplier_id = {loja} AND s.oculto = {f} AND s.invisivel = {f}"
                    ));
                }
            }
        } else if let Scope::Region { label, uf } = &self.scope {
            let (r, uf) = (
                b.add(Bind::Text(label.clone())),
                b.add(Bind::Text(uf.clone())),
            );
            conditions.push(ad_shown_sql(&r, &uf));
        }
        if let Some(c) = self.category.filter(|_| !all_categories) {
            let c = b.add(Bind::Text(c.to_owned()));
            conditions.push(format!("{alias}.categoria = {c}"));
        }
        let first = b.0.len() + 1;
        for k in &self.keys {
            b.add(Bind::Text(title_pattern(k)));
        }
        let title = title_has_all(&format!("{alias}.busca_titulo"), first, self.keys.len());
        let rank = format!("CAST(CASE WHEN {title} THEN 0 ELSE 1 END AS BIGINT)");
        sql.push_str(" WHERE ");
        sql.push_str(&conditions.join(" AND "));
        (sql, rank)
    }

    /// The SQL of every match of `list` in scope, in every category, with its rank, order key
    /// and category: the first page and the counts come from it in one pass.
    fn all_sql(&self, list: List) -> (String, Binds) {
        let mut b = Binds::default();
        let (from, rank) = self.matches(list, true, &mut b);
        let (alias, key) = list.alias_and_key();
        let sql = format!(
            "SELECT {alias}.id AS id, {rank} AS nivel, {key} AS chave, \
             {alias}.categoria AS categoria {from}"
        );
        (sql, b)
    }

    /// The first page of `list` (in the category, when one is asked), its next page's cursor,
    /// and how many matches each category has (whatever the filter).
    async fn first_page(
        &self,
        conn: &mut AnyConnection,
        list: List,
    ) -> ApiResult<(Vec<String>, Option<String>, HashMap<String, i64>)> {
        let (sql, b) = self.all_sql(list);
        let rows = b.query(&sql).fetch_all(&mut *conn).await?;
        let mut counts: HashMap<String, i64> = HashMap::new();
        let mut hits = Vec::with_capacity(rows.len());
        for row in &rows {
            let categoria: String = row.try_get("categoria")?;
            *counts.entry(categoria.clone()).or_default() += 1;
            if self.category.is_none_or(|c| c == categoria) {
                hits.push(Cursor {
                    id: row.try_get("id")?,
                    rank: row.try_get("nivel")?,
                    key: row.try_get("chave")?,
                });
            }
        }
        // The order of [`Self::page_sql`]: rank, then the key descending, then the id's bytes.
        hits.sort_by(|a, b| {
            (a.rank, std::cmp::Reverse(a.key), &a.id).cmp(&(
                b.rank,
                std::cmp::Reverse(b.key),
                &b.id,
            ))
        });
        let (ids, next) = page_of(hits);
        Ok((ids, next, counts))
    }

    /// The SQL of the page of `list` after `after` (one row more than a page, to tell whether
    /// another follows), and its binds.
    fn page_sql(&self, list: List, after: &Cursor) -> (String, Binds) {
        let mut b = Binds::default();
        let (from, rank) = self.matches(list, false, &mut b);
        let (alias, key) = list.alias_and_key();
        let id = self.engine.id_order(&format!("{alias}.id"));
        let (r, k, i) = (
            b.add(Bind::Int(after.rank)),
            b.add(Bind::Int(after.key)),
            b.add(Bind::Text(after.id.clone())),
        );
        let limit = b.add(Bind::Int(PAGE + 1));
        let sql = format!(
            "SELECT {alias}.id AS id, {rank} AS nivel, {key} AS chave {from} \
             AND ({rank} > {r} OR ({rank} = {r} AND ({key} < {k} OR ({key} = {k} \
             AND {id} > {i})))) ORDER BY nivel, {key} DESC, {id} LIMIT {limit}"
        );
        (sql, b)
    }

    /// The page of `list` after `after`: the ids in order, and the next page's cursor.
    async fn later_page(
        &self,
        conn: &mut AnyConnection,
        list: List,
        after: &Cursor,
    ) -> ApiResult<(Vec<String>, Option<String>)> {
        let (sql, b) = self.page_sql(list, after);
        let rows = b.query(&sql).fetch_all(&mut *conn).await?;
        let mut hits = Vec::with_capacity(rows.len());
        for row in &rows {
            hits.push(Cursor {
                id: row.try_get("id")?,
                rank: row.try_get("nivel")?,
                key: row.try_get("chave")?,
            });
        }
        Ok(page_of(hits))
    }
}

/// The first [`PAGE`] of `hits` (in order) and, when more follow, the cursor after the last.
fn page_of(mut hits: Vec<Cursor>) -> (Vec<String>, Option<String>) {
    let more = hits.len() as i64 > PAGE;
    hits.truncate(PAGE as usize);
    let next = hits.last().filter(|_| more).map(encode);
    (hits.into_iter().map(|h| h.id).collect(), next)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_garbage() {
        let c = Cursor {
            rank: 1,
            key: 42,
            id: "demo:p01".into(),
        };
        let back = decode(&encode(&c)).unwrap();
        assert_eq!((back.rank, back.key, back.id.as_str()), (1, 42, "demo:p01"));
        for bad in [
            "%%",
            "",
            &URL_SAFE_NO_PAD.encode("2:1:x"),
            &URL_SAFE_NO_PAD.encode("0:1:"),
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }
}

//! The SQL of one search (see the parent module): what it matches in its scope and category,
//! its rank, the first page read in one pass with the counts of each category, later pages
//! after an opaque keyset cursor, and the numbered binds of each statement.

use super::PAGE;
use crate::{
    error::{ApiError, ApiResult},
    rpc::catalog::{
        CURSOR_INVALIDO,
        queries::{ad_shown_sql, supplier_shown_sql},
    },
    search::{Engine, title_has_all, title_pattern},
};
use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;

/// The matches a first page counts per category, at most (and one more, to tell that there are
/// more): the page itself is exact whatever the number of matches; the counts beyond are shown
/// as 'mais de 1.000' (docs/search.md).
pub const COUNT_CAP: i64 = 1_000;

/// A bound value.
#[derive(Debug, Clone)]
pub enum Bind {
    Text(String),
    Int(i64),
    Bool(bool),
}

/// A query under construction: its binds numbered in order.
#[derive(Default)]
pub(super) struct Binds(pub(super) Vec<Bind>);

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
pub(super) enum Scope {
    Region { label: String, uf: String },
    Store(String),
}

/// One list's part of a query: products or ads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum List {
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
pub(super) struct Cursor {
    rank: i64,
    key: i64,
    id: String,
}

fn encode(c: &Cursor) -> String {
    URL_SAFE_NO_PAD.encode(format!("{}:{}:{}", c.rank, c.key, c.id))
}

pub(super) fn decode(text: &str) -> ApiResult<Cursor> {
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

/// How a list is ordered (`ordem`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SortOrder {
    /// Title matches first, then products by sales and ads newest first (the default).
    #[default]
    Relevance,
    /// The lowest price first (a product's promotional price when it has one).
    Price,
    /// Products by units sold, most first (ads newest first).
    BestSellers,
}

/// The filters on the results: a price range in centavos (the price a card shows), organic
/// products only, products of stores that deliver only. An item filtered out is not counted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters {
    pub min_centavos: Option<i64>,
    pub max_centavos: Option<i64>,
    pub organic: bool,
    pub delivery: bool,
}

impl Filters {
    /// Whether ads can pass: they have no organic flag and no store delivery.
    fn ads_pass(&self) -> bool {
        !self.organic && !self.delivery
    }
}

/// What one search asks, once parsed.
pub(super) struct Ask {
    pub(super) engine: Engine,
    pub(super) keys: Vec<String>,
    pub(super) scope: Scope,
    pub(super) category: Option<&'static str>,
    pub(super) filters: Filters,
    pub(super) order: SortOrder,
}

impl Ask {
    /// The row's alias and the order key after the rank (descending) for this search's order:
    /// by price, the price negated (the lowest first).
    fn alias_and_key(&self, list: List) -> (&'static str, &'static str) {
        match (self.order, list) {
            (SortOrder::Price, List::Products) => (
                "p",
                "(0 - COALESCE(p.preco_promo_centavos, p.preco_centavos))",
            ),
            (SortOrder::Price, List::Ads) => ("a", "(0 - a.preco_centavos)"),
            _ => list.alias_and_key(),
        }
    }

    /// The `FROM … WHERE …` of `list`'s matches in scope (and category, unless `all_categories`),
    /// and the rank expression; binds added to `b`.
    fn matches(&self, list: List, all_categories: bool, b: &mut Binds) -> (String, String) {
        let (alias, _) = list.alias_and_key();
        let price = match list {
            List::Products => "COALESCE(p.preco_promo_centavos, p.preco_centavos)",
            List::Ads => "a.preco_centavos",
        };
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
        let f = &self.filters;
        if let Some(min) = f.min_centavos {
            let min = b.add(Bind::Int(min));
            conditions.push(format!("{price} >= {min}"));
        }
        if let Some(max) = f.max_centavos {
            let max = b.add(Bind::Int(max));
            conditions.push(format!("{price} <= {max}"));
        }
        if list == List::Products {
            if f.organic {
                let t = b.add(Bind::Bool(true));
                conditions.push(format!("p.organico = {t}"));
            }
            if f.delivery {
                conditions.push("s.entrega_opcoes LIKE '%1%'".to_owned());
            }
        } else if !f.ads_pass() {
            conditions.push("1 = 0".to_owned());
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
        let rank = match self.order {
            SortOrder::Relevance => format!("CAST(CASE WHEN {title} THEN 0 ELSE 1 END AS BIGINT)"),
            SortOrder::Price | SortOrder::BestSellers => "CAST(0 AS BIGINT)".to_owned(),
        };
        sql.push_str(" WHERE ");
        sql.push_str(&conditions.join(" AND "));
        (sql, rank)
    }

    /// The SQL of every match of `list` in scope, in every category, with its rank, order key
    /// and category: the first page and the counts come from it in one pass.
    pub(super) fn all_sql(&self, list: List) -> (String, Binds) {
        let mut b = Binds::default();
        let (from, rank) = self.matches(list, true, &mut b);
        let (alias, key) = self.alias_and_key(list);
        let sql = format!(
            "SELECT {alias}.id AS id, {rank} AS nivel, {key} AS chave, \
             {alias}.categoria AS categoria {from}"
        );
        (sql, b)
    }

    /// The SQL of `list`'s first page and counts in one statement: the matches of
    /// [`Self::all_sql`] read once (a common table expression, materialised: SQLite would
    /// otherwise read the index once for the page and again for the counts), then the page's [`PAGE`] + 1 rows in order (in the category, when one is
    /// asked) and the matches of each category among the first [`COUNT_CAP`] + 1. Only those
    /// rows leave the database: the page's with `n` null, the counts' with `id` null.
    pub(super) fn first_sql(&self, list: List) -> (String, Binds) {
        let (all, mut b) = self.all_sql(list);
        let filter = match self.category {
            Some(c) => format!(" WHERE categoria = {}", b.add(Bind::Text(c.to_owned()))),
            None => String::new(),
        };
        let id = self.engine.id_order("id");
        let limit = b.add(Bind::Int(PAGE + 1));
        let cap = b.add(Bind::Int(COUNT_CAP + 1));
        let sql = format!(
            "WITH m AS MATERIALIZED ({all}) \
             SELECT id, nivel, chave, CAST(NULL AS TEXT) AS categoria, CAST(NULL AS BIGINT) AS n \
             FROM (SELECT id, nivel, chave FROM m{filter} ORDER BY nivel, chave DESC, {id} \
             LIMIT {limit}) pagina \
             UNION ALL \
             SELECT CAST(NULL AS TEXT), CAST(NULL AS BIGINT), CAST(NULL AS BIGINT), categoria, \
             CAST(COUNT(*) AS BIGINT) FROM (SELECT categoria FROM m LIMIT {cap}) amostra \
             GROUP BY categoria"
        );
        (sql, b)
    }

    /// The first page of `list` (in the category, when one is asked), its next page's cursor,
    /// and how many matches each category has (whatever the filter) among the first
    /// [`COUNT_CAP`] + 1: more than [`COUNT_CAP`] in all, and the counts are partial.
    pub(super) async fn first_page(
        &self,
        conn: &mut AnyConnection,
        list: List,
    ) -> ApiResult<(Vec<String>, Option<String>, HashMap<String, i64>)> {
        let (sql, b) = self.first_sql(list);
        let rows = b.query(&sql).fetch_all(&mut *conn).await?;
        let mut counts: HashMap<String, i64> = HashMap::new();
        let mut hits = Vec::with_capacity(rows.len());
        for row in &rows {
            match row.try_get::<Option<String>, _>("id")? {
                Some(id) => hits.push(Cursor {
                    id,
                    rank: row.try_get("nivel")?,
                    key: row.try_get("chave")?,
                }),
                None => {
                    counts.insert(row.try_get("categoria")?, row.try_get("n")?);
                }
            }
        }
        // The order of [`Self::page_sql`]: rank, then the key descending, then the id's bytes
        // (the union of the page and the counts keeps no order of its own).
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
        let (alias, key) = self.alias_and_key(list);
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
    pub(super) async fn later_page(
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

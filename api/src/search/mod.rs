//! Full-text search's index (decisions.md §30, docs/search.md): the keys every product and ad is
//! found by, and the one place that knows how each database matches them.
//!
//! The keys are `wasm_core::text::words`' (one rule for both databases and the browser):
//! `busca_titulo` (the title's) and `busca_texto` (the description's and the seller's name's)
//! columns of `products` and `ads` (migration 0060). The databases index those columns: SQLite
//! with FTS5 tables kept by triggers (0061), PostgreSQL with GIN indexes over a `tsvector`
//! expression (0062) — both current in the transaction that writes the row. So every writer of a
//! title, a description or a seller's name calls [`index_product`], [`index_supplier_products`]
//! or [`index_ad`] in its own transaction; rows written before, or with an older version of the
//! word rules (`busca_versao`), are rebuilt by [`rebuild_stale`] when the API starts (the demo
//! seed's rows too).
//!
//! [`Engine`] gives the queries their database's part: where the matches come from and the
//! condition that selects them ([`Engine::products`], [`Engine::ads`]), the bound query text
//! ([`Engine::query_text`]), the title-only test used for ranking ([`title_has_all`]) and how ids
//! sort the same on both ([`Engine::id_order`]).

pub mod vocabulary;

use crate::db::{self, Db};
use sqlx::{AnyConnection, Row};
use wasm_core::text::{SEARCH_WORDS_VERSION, index_words};

/// Which database's index a query uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// FTS5 tables `products_fts` and `ads_fts`.
    Sqlite,
    /// GIN indexes `products_busca` and `ads_busca`.
    Postgres,
}

/// Where a query's matches come from and the condition that selects them; the query text is
/// bound as `$n`, the placeholder given.
pub struct Match {
    /// The `FROM` part, with the row as `p` (products) or `a` (ads).
    pub from: &'static str,
    /// The `WHERE` condition.
    pub condition: String,
}

/// The tsvector both PostgreSQL indexes are built on (migration 0062), for alias `t`.
macro_rules! tsvector {
    ($t:literal) => {
        concat!(
            "to_tsvector('simple'::regconfig, ",
            $t,
            ".busca_titulo || ' ' || ",
            $t,
            ".busca_texto)"
        )
    };
}

impl Engine {
    /// The engine of `db`'s database.
    pub fn of(db: &Db) -> Self {
        if db::is_postgres(db) {
            Self::Postgres
        } else {
            Self::Sqlite
        }
    }

    /// Products matching the query bound at `$n`.
    pub fn products(self, n: usize) -> Match {
        match self {
            // The match's rowid names its row through `product_search_docs`; the row's columns a
            // search reads come from the covering index `products_search` (migration 0061).
            Self::Sqlite => Match {
                from: "products_fts CROSS JOIN product_search_docs d \
                       CROSS JOIN products p INDEXED BY products_search",
                condition: format!(
                    "products_fts MATCH ${n} AND d.doc = products_fts.rowid AND p.id = d.product_id"
                ),
            },
            Self::Postgres => Match {
                from: "products p",
                condition: format!(
                    "{} @@ to_tsquery('simple'::regconfig, ${n})",
                    tsvector!("p")
                ),
            },
        }
    }

    /// Ads matching the query bound at `$n`.
    pub fn ads(self, n: usize) -> Match {
        match self {
            Self::Sqlite => Match {
                from: "ads_fts CROSS JOIN ad_search_docs d CROSS JOIN ads a INDEXED BY ads_search",
                condition: format!(
                    "ads_fts MATCH ${n} AND d.doc = ads_fts.rowid AND a.id = d.ad_id"
                ),
            },
            Self::Postgres => Match {
                from: "ads a",
                condition: format!(
                    "{} @@ to_tsquery('simple'::regconfig, ${n})",
                    tsvector!("a")
                ),
            },
        }
    }

    /// The text to bind for "every one of `keys`" (keys are `[a-z0-9]+`, see
    /// `wasm_core::text::words`): FTS5 `"k1" "k2"` (adjacent phrases are AND), PostgreSQL
    /// `'k1' & 'k2'`.
    pub fn query_text(self, keys: &[String]) -> String {
        let quoted = |q: char| keys.iter().map(move |k| format!("{q}{k}{q}"));
        match self {
            Self::Sqlite => quoted('"').collect::<Vec<_>>().join(" "),
            Self::Postgres => quoted('\'').collect::<Vec<_>>().join(" & "),
        }
    }

    /// `column` as ids are compared and sorted: byte order on both (PostgreSQL's default
    /// collation would put `a` before `B`, SQLite's `BINARY` after).
    pub fn id_order(self, column: &str) -> String {
        match self {
            Self::Sqlite => column.to_owned(),
            Self::Postgres => format!("{column} COLLATE \"C\""),
        }
    }
}

/// The condition "the title holds every key", for the title column `column` and the patterns
/// bound from `$first` on (one per key, made by [`title_pattern`]). Portable: the keys are
/// space-separated `[a-z0-9]` words, so `LIKE` compares them the same on both databases.
pub fn title_has_all(column: &str, first: usize, keys: usize) -> String {
    (0..keys)
        .map(|i| format!("(' ' || {column} || ' ') LIKE ${}", first + i))
        .collect::<Vec<_>>()
        .join(" AND ")
}

/// The `LIKE` pattern of one key for [`title_has_all`].
pub fn title_pattern(key: &str) -> String {
    format!("% {key} %")
}

/// The keys of a product or an ad: its title's, and its description's with its seller's name's.
fn keys(titulo: &str, descricao: Option<&str>, seller: &str) -> (String, String) {
    let title = index_words(titulo).join(" ");
    let mut rest = index_words(descricao.unwrap_or_default());
    rest.extend(index_words(seller));
    (title, rest.join(" "))
}

/// Products' text as the index reads it: `$1` a condition's value.
const PRODUCT_TEXTS: &str = "SELECT p.id, p.titulo, p.descricao, s.nomeforn FROM products p \
     JOIN suppliers s ON s.user_id = p.supplier_id";

/// Ads' text as the index reads it.
const AD_TEXTS: &str = "SELECT a.id, a.titulo, a.descricao, a.nome FROM ads a";

/// Rewrites the keys of the rows `select` reads (id, title, description, seller) into `table`.
async fn write_keys(
    conn: &mut AnyConnection,
    table: &str,
    select: &str,
    bind: Option<&str>,
) -> sqlx::Result<u64> {
    let mut q = sqlx::query(sqlx::AssertSqlSafe(select.to_owned()));
    if let Some(b) = bind {
        q = q.bind(b.to_owned());
    }
    let rows = q.fetch_all(&mut *conn).await?;
    let update = format!(
        "UPDATE {table} SET busca_titulo = $1, busca_texto = $2, busca_versao = $3 WHERE id = $4"
    );
    let mut words = Vec::new();
    for row in &rows {
        let id: String = row.try_get(0)?;
        let titulo: String = row.try_get(1)?;
        let descricao: Option<String> = row.try_get(2)?;
        let seller: String = row.try_get(3)?;
        let (title, rest) = keys(&titulo, descricao.as_deref(), &seller);
        words.extend(vocabulary::title_vocabulary(&titulo));
        sqlx::query(sqlx::AssertSqlSafe(update.clone()))
            .bind(title)
            .bind(rest)
            .bind(SEARCH_WORDS_VERSION)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    vocabulary::add(conn, &words).await?;
    Ok(rows.len() as u64)
}

/// Rewrites product `id`'s keys (after its title or description changed, or it was created).
pub async fn index_product(conn: &mut AnyConnection, id: &str) -> sqlx::Result<()> {
    let select = format!("{PRODUCT_TEXTS} WHERE p.id = $1");
    write_keys(conn, "products", &select, Some(id)).await?;
    Ok(())
}

/// Rewrites the keys of every product of `supplier` (after the store's name changed).
pub async fn index_supplier_products(conn: &mut AnyConnection, supplier: &str) -> sqlx::Result<()> {
    let select = format!("{PRODUCT_TEXTS} WHERE p.supplier_id = $1");
    write_keys(conn, "products", &select, Some(supplier)).await?;
    Ok(())
}

/// Rewrites ad `id`'s keys (after it was created or edited).
pub async fn index_ad(conn: &mut AnyConnection, id: &str) -> sqlx::Result<()> {
    let select = format!("{AD_TEXTS} WHERE a.id = $1");
    write_keys(conn, "ads", &select, Some(id)).await?;
    Ok(())
}

/// Rows rebuilt per transaction by [`rebuild_stale`].
const REBUILD_BATCH: usize = 500;

/// Rebuilds the keys of every row written before the index existed or with an older version of
/// the word rules, a batch per transaction; returns how many products and ads it rewrote. Run at
/// start, before serving; a second instance doing the same at once writes the same keys.
pub async fn rebuild_stale(db: &Db) -> anyhow::Result<(u64, u64)> {
    let mut done = (0, 0);
    for (table, texts, counter) in [
        ("products", PRODUCT_TEXTS, &mut done.0),
        ("ads", AD_TEXTS, &mut done.1),
    ] {
        let alias = &table[..1];
        let select = format!(
            "{texts} WHERE {alias}.busca_versao <> {SEARCH_WORDS_VERSION} LIMIT {REBUILD_BATCH}"
        );
        loop {
            let mut tx = db::begin_write(db).await?;
            let n = write_keys(&mut tx, table, &select, None).await?;
            tx.commit().await?;
            *counter += n;
            if n < REBUILD_BATCH as u64 {
                break;
            }
        }
    }
    fill_vocabulary(db).await?;
    if done != (0, 0) {
        tracing::info!(
            products = done.0,
            ads = done.1,
            "search: keys rebuilt for rows written before (or with older word rules)"
        );
    }
    Ok(done)
}

/// Fills the vocabulary from every title when it is empty (rows indexed before it existed);
/// a batch per transaction.
async fn fill_vocabulary(db: &Db) -> anyhow::Result<()> {
    let empty: i64 = sqlx::query_scalar(
        "SELECT CAST(CASE WHEN EXISTS (SELECT 1 FROM search_vocabulary) THEN 0 ELSE 1 END \
         AS BIGINT)",
    )
    .fetch_one(db)
    .await?;
    if empty == 0 {
        return Ok(());
    }
    for table in ["products", "ads"] {
        let mut after = String::new();
        loop {
            let rows: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT id, titulo FROM {table} WHERE {} > $1 ORDER BY {} LIMIT {REBUILD_BATCH}",
                Engine::of(db).id_order("id"),
                Engine::of(db).id_order("id"),
            )))
            .bind(&after)
            .fetch_all(db)
            .await?;
            let Some((last, _)) = rows.last() else { break };
            after = last.clone();
            let words: Vec<(String, String)> = rows
                .iter()
                .flat_map(|(_, t)| vocabulary::title_vocabulary(t))
                .collect();
            let mut tx = db::begin_write(db).await?;
            vocabulary::add(&mut tx, &words).await?;
            tx.commit().await?;
            if rows.len() < REBUILD_BATCH {
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_texts_quote_every_key() {
        let keys = ["tomat".to_owned(), "organic".to_owned()];
        assert_eq!(Engine::Sqlite.query_text(&keys), r#""tomat" "organic""#);
        assert_eq!(Engine::Postgres.query_text(&keys), "'tomat' & 'organic'");
    }

    #[test]
    fn product_keys_put_the_title_apart() {
        let (title, rest) = keys("Café especial", Some("Grãos torrados"), "Sítio Boa Vista");
        assert_eq!(title, "caf especial");
        assert_eq!(rest, "gra torrad siti boa vist");
        assert_eq!(
            title_has_all("p.busca_titulo", 3, 2),
            "(' ' || p.busca_titulo || ' ') LIKE $3 AND (' ' || p.busca_titulo || ' ') LIKE $4"
        );
        assert_eq!(title_pattern("caf"), "% caf %");
    }
}

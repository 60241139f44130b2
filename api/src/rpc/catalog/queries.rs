//! The catalogue's SQL, written once for SQLite and PostgreSQL: `$n` placeholders, booleans
//! bound as Rust `bool`, no `ILIKE`, no JSON operators.
//!
//! Region scoping (decisions.md §11) is one predicate: scope 1 everywhere; scope 2 where a
//! `supplier_places`/`ad_places` row holds the region's UF; scope 3 where a row holds the region
//! itself. Listings walk an index in their output order (`products_best`, `products_page`,
//! `ads_listing`) and stop at their `LIMIT`; `CROSS JOIN` keeps SQLite's planner from starting at
//! the suppliers and sorting (PostgreSQL reads it as a plain join). Search folds accents in SQL
//! (see [`fold_sql`]), so no stored search column has to be kept in step with the titles.

use sqlx::AnyConnection;
use std::{collections::HashMap, sync::LazyLock};

/// Products' columns as [`ProductRow`] reads them (`p` products, `s` their supplier).
macro_rules! product_cols {
    () => {
        "p.id, p.supplier_id, p.categoria, p.subcategoria, p.titulo, p.descricao, p.icone, \
         p.preco_centavos, p.preco_promo_centavos, p.minimo_promo, p.minimo, p.estoque, p.opcoes, \
         p.vendas, p.criado_em, s.nomeforn, s.url AS urlforn"
    };
}

/// Ads' columns as [`AdRow`] reads them.
macro_rules! ad_cols {
    () => {
        "a.id, a.user_id, a.categoria, a.titulo, a.descricao, a.preco_centavos, a.icone, \
         a.origem, a.local, a.nome, a.telefone, a.publicado_em"
    };
}

/// Supplier `s` is public and shown in region `$r` of state `$uf`; `$f` is bound to `false`.
macro_rules! supplier_shown {
    ($r:literal, $uf:literal, $f:literal) => {
        concat!(
            "s.oculto = ",
            $f,
            " AND s.invisivel = ",
            $f,
            " AND (s.local = 1 OR EXISTS (SELECT 1 FROM supplier_places sp \
             WHERE sp.supplier_id = s.user_id AND sp.place = CASE WHEN s.local = 2 THEN ",
            $uf,
            " ELSE ",
            $r,
            " END))"
        )
    };
}

/// Ad `a` is shown in region `$r` of state `$uf`.
macro_rules! ad_shown {
    ($r:literal, $uf:literal) => {
        concat!(
            "(a.local = 1 OR EXISTS (SELECT 1 FROM ad_places ap WHERE ap.ad_id = a.id \
             AND ap.place = CASE WHEN a.local = 2 THEN ",
            $uf,
            " ELSE ",
            $r,
            " END))"
        )
    };
}

/// The best sellers of one category (bind `$c`) in a region, for the home.
macro_rules! products_top {
    ($c:literal, $alias:literal) => {
        concat!(
            "SELECT * FROM (SELECT ",
            product_cols!(),
            " FROM products p CROSS JOIN suppliers s WHERE p.categoria = ",
            $c,
            " AND p.desabilitado = $3 AND s.user_id = p.supplier_id AND ",
            supplier_shown!("$1", "$2", "$3"),
            " ORDER BY p.vendas DESC, p.id DESC LIMIT $8) AS ",
            $alias
        )
    };
}

/// The newest ads of one category (bind `$c`) in a region, for the home.
macro_rules! ads_top {
    ($c:literal, $alias:literal) => {
        concat!(
            "SELECT * FROM (SELECT ",
            ad_cols!(),
            " FROM ads a WHERE a.categoria = ",
            $c,
            " AND ",
            ad_shown!("$1", "$2"),
            " ORDER BY a.publicado_em DESC, a.id DESC LIMIT $7) AS ",
            $alias
        )
    };
}

/// `$inner` (products, ordered and limited) with each product's extra photos: one row per
/// photo, or one with null photo columns. The caller restores the order (see [`ProductRows`]).
macro_rules! with_product_photos {
    ($inner:expr) => {
        concat!(
            "WITH page AS (",
            $inner,
            ") SELECT page.*, ph.id AS extra_id, ph.url AS extra_url, ph.criado_em AS extra_em \
             FROM page LEFT JOIN product_photos ph ON ph.product_id = page.id"
        )
    };
}

/// `$inner` (ads, ordered and limited) with each ad's photos (`kind` 'f') and places ('p').
macro_rules! with_ad_extras {
    ($inner:expr) => {
        concat!(
            "WITH page AS (",
            $inner,
            ") SELECT page.*, 'f' AS kind, ph.id AS extra_id, ph.url AS extra_url, \
             ph.criado_em AS extra_em FROM page LEFT JOIN ad_photos ph ON ph.ad_id = page.id \
             UNION ALL SELECT page.*, 'p', ap.place, ap.place, 0 \
             FROM page CROSS JOIN ad_places ap WHERE ap.ad_id = page.id"
        )
    };
}

/// Home: the best sellers of each category. `$1` region, `$2` UF, `$3` false, `$4`–`$7` the
/// four categories, `$8` how many per category.
pub const PRODUCTS_HOME: &str = with_product_photos!(concat!(
    products_top!("$4", "c0"),
    " UNION ALL ",
    products_top!("$5", "c1"),
    " UNION ALL ",
    products_top!("$6", "c2"),
    " UNION ALL ",
    products_top!("$7", "c3")
));

/// Home: the newest ads of each category. `$1` region, `$2` UF, `$3`–`$6` the categories,
/// `$7` how many per category.
pub const ADS_HOME: &str = with_ad_extras!(concat!(
    ads_top!("$3", "c0"),
    " UNION ALL ",
    ads_top!("$4", "c1"),
    " UNION ALL ",
    ads_top!("$5", "c2"),
    " UNION ALL ",
    ads_top!("$6", "c3")
));

/// A page of a category's products in a region, newest first, after the cursor
/// (`$5` `criado_em`, `$6` id). `$1` region, `$2` UF, `$3` false, `$4` category, `$7` limit.
pub const PRODUCTS_PAGE: &str = with_product_photos!(concat!(
    "SELECT ",
    product_cols!(),
    " FROM products p CROSS JOIN suppliers s WHERE p.categoria = $4 AND p.desabilitado = $3 \
     AND (p.criado_em, p.id) < ($5, $6) AND s.user_id = p.supplier_id AND ",
    supplier_shown!("$1", "$2", "$3"),
    " ORDER BY p.criado_em DESC, p.id DESC LIMIT $7"
));

/// A page of a category's ads in a region, newest first, after the cursor (`$4` `publicado_em`,
/// `$5` id). `$1` region, `$2` UF, `$3` category, `$6` limit.
pub const ADS_PAGE: &str = with_ad_extras!(concat!(
    "SELECT ",
    ad_cols!(),
    " FROM ads a WHERE a.categoria = $3 AND (a.publicado_em, a.id) < ($4, $5) AND ",
    ad_shown!("$1", "$2"),
    " ORDER BY a.publicado_em DESC, a.id DESC LIMIT $6"
));

/// The lower-case accented letters [`wasm_core::text::fold`] folds. Titles are stored lower
/// case, so these and SQL's `LOWER` (ASCII in SQLite) cover them.
const ACCENTED: &str = "áàâãäåéèêëíìîïóòôõöúùûüçñýÿ";

/// `LOWER(column)` with every letter of [`ACCENTED`] replaced by its fold: the same text
/// [`wasm_core::text::fold`] gives for a lower-case title, computed by the database.
pub fn fold_sql(column: &str) -> String {
    ACCENTED.chars().fold(format!("LOWER({column})"), |sql, c| {
        format!(
            "REPLACE({sql}, '{c}', '{}')",
            wasm_core::text::fold(&c.to_string())
        )
    })
}

/// Products of a category in a region whose folded title contains `$5` (a `LIKE` pattern with
/// `!` as escape), best sellers first. `$1` region, `$2` UF, `$3` false, `$4` category,
/// `$6` limit.
pub static PRODUCTS_SEARCH: LazyLock<String> = LazyLock::new(|| {
    with_product_photos!("{}").replacen(
        "{}",
        &format!(
            "SELECT {} FROM products p CROSS JOIN suppliers s WHERE p.categoria = $4 \
             AND p.desabilitado = $3 AND s.user_id = p.supplier_id AND {} AND {} LIKE $5 \
             ESCAPE '!' ORDER BY p.vendas DESC, p.id DESC LIMIT $6",
            product_cols!(),
            supplier_shown!("$1", "$2", "$3"),
            fold_sql("p.titulo")
        ),
        1,
    )
});

/// Ads of a category in a region whose folded title contains `$4`, newest first. `$1` region,
/// `$2` UF, `$3` category, `$5` limit.
pub static ADS_SEARCH: LazyLock<String> = LazyLock::new(|| {
    with_ad_extras!("{}").replacen(
        "{}",
        &format!(
            "SELECT {} FROM ads a WHERE a.categoria = $3 AND {} AND {} LIKE $4 ESCAPE '!' \
             ORDER BY a.publicado_em DESC, a.id DESC LIMIT $5",
            ad_cols!(),
            ad_shown!("$1", "$2"),
            fold_sql("a.titulo")
        ),
        1,
    )
});

/// A store's products for its storefront, best sellers first. `$1` supplier, `$2` false.
pub const STORE_PRODUCTS: &str = with_product_photos!(concat!(
    "SELECT ",
    product_cols!(),
    " FROM products p JOIN suppliers s ON s.user_id = p.supplier_id \
     WHERE p.supplier_id = $1 AND p.desabilitado = $2"
));

/// One product of a public supplier. `$1` id, `$2` false.
pub const PRODUCT_BY_ID: &str = with_product_photos!(concat!(
    "SELECT ",
    product_cols!(),
    " FROM products p JOIN suppliers s ON s.user_id = p.supplier_id \
     WHERE p.id = $1 AND p.desabilitado = $2 AND s.oculto = $2 AND s.invisivel = $2"
));

/// One ad. `$1` id.
pub const AD_BY_ID: &str = with_ad_extras!(concat!(
    "SELECT ",
    ad_cols!(),
    " FROM ads a WHERE a.id = $1"
));

/// The columns of [`SupplierRow`]; `hidden` is 1 when `oculto` or `invisivel`.
macro_rules! supplier_select {
    () => {
        "SELECT s.user_id, s.nomeforn, s.descricaoforn, s.telefone, s.instagram, s.iconeforn, \
         s.fundoforn, s.url, s.paleta, s.local, s.vendasforn, s.pagamento_opcoes, \
         s.entrega_opcoes, s.descricao_entrega, s.descricao_retirada, s.taxa_tipo, \
         s.taxa_entrega_centavos, s.taxa_por_km_centavos, s.entrega_latitude, \
         s.entrega_longitude, s.pedido_minimo_entrega_centavos, \
         s.pedido_minimo_retirada_centavos, \
         CAST(CASE WHEN s.compras_fechadas THEN 1 ELSE 0 END AS BIGINT) AS compras, \
         CAST(CASE WHEN s.oculto OR s.invisivel THEN 1 ELSE 0 END AS BIGINT) AS hidden \
         FROM suppliers s"
    };
}

/// A supplier's public data. `$1` the supplier's user id.
pub const SUPPLIER_BY_ID: &str = concat!(supplier_select!(), " WHERE s.user_id = $1");

/// A supplier's public data by storefront URL. `$1` the URL.
pub const SUPPLIER_BY_URL: &str = concat!(supplier_select!(), " WHERE s.url = $1");

/// Visible stores with a URL, best sellers first. `$1` false.
pub const STORES: &str = "SELECT user_id, url, nomeforn, iconeforn, vendasforn FROM suppliers \
     WHERE oculto = $1 AND invisivel = $1 AND url IS NOT NULL ORDER BY vendasforn DESC, user_id";

/// A coupon of a public supplier. `$1` supplier, `$2` code (upper case), `$3` false.
pub const COUPON: &str = "SELECT c.codigo, c.tipo, c.valor FROM coupons c \
     JOIN suppliers s ON s.user_id = c.supplier_id \
     WHERE c.supplier_id = $1 AND c.codigo = $2 AND s.oculto = $3 AND s.invisivel = $3";

/// A product as the listings read it, with its supplier's name and URL.
#[derive(Debug, sqlx::FromRow)]
pub struct ProductRow {
    pub id: String,
    pub supplier_id: String,
    pub categoria: String,
    pub subcategoria: Option<String>,
    pub titulo: String,
    pub descricao: Option<String>,
    pub icone: Option<String>,
    pub preco_centavos: i64,
    pub preco_promo_centavos: Option<i64>,
    pub minimo_promo: Option<i64>,
    pub minimo: Option<i64>,
    pub estoque: Option<i64>,
    pub opcoes: String,
    pub vendas: i64,
    pub criado_em: i64,
    pub nomeforn: String,
    pub urlforn: Option<String>,
}

/// A direct ad.
#[derive(Debug, sqlx::FromRow)]
pub struct AdRow {
    pub id: String,
    pub user_id: String,
    pub categoria: String,
    pub titulo: String,
    pub descricao: Option<String>,
    pub preco_centavos: i64,
    pub icone: Option<String>,
    pub origem: String,
    pub local: i64,
    pub nome: String,
    pub telefone: Option<String>,
    pub publicado_em: i64,
}

/// A supplier's public data.
#[derive(Debug, sqlx::FromRow)]
pub struct SupplierRow {
    pub user_id: String,
    pub nomeforn: String,
    pub descricaoforn: Option<String>,
    pub telefone: String,
    pub instagram: Option<String>,
    pub iconeforn: Option<String>,
    pub fundoforn: Option<String>,
    pub url: Option<String>,
    pub paleta: i64,
    pub local: i64,
    pub vendasforn: i64,
    pub pagamento_opcoes: String,
    pub entrega_opcoes: String,
    pub descricao_entrega: Option<String>,
    pub descricao_retirada: Option<String>,
    pub taxa_tipo: Option<String>,
    pub taxa_entrega_centavos: Option<i64>,
    pub taxa_por_km_centavos: Option<i64>,
    pub entrega_latitude: Option<f64>,
    pub entrega_longitude: Option<f64>,
    pub pedido_minimo_entrega_centavos: Option<i64>,
    pub pedido_minimo_retirada_centavos: Option<i64>,
    pub compras: i64,
    pub hidden: i64,
}

/// A store in `/lojas`.
#[derive(Debug, sqlx::FromRow)]
pub struct StoreRow {
    pub user_id: String,
    pub url: String,
    pub nomeforn: String,
    pub iconeforn: Option<String>,
    pub vendasforn: i64,
}

/// A stored coupon.
#[derive(Debug, sqlx::FromRow)]
pub struct CouponRow {
    pub codigo: String,
    pub tipo: String,
    pub valor: i64,
}

/// A product or an ad with its extra photos and (ads) places, as one listing item.
pub struct Listed<T> {
    pub item: T,
    /// `(photo id, URL)`, oldest first.
    pub photos: Vec<(String, String)>,
    /// The ad's places (ads of scope 2 and 3).
    pub places: Vec<String>,
}

/// A row of a `with_product_photos!` query.
#[derive(Debug, sqlx::FromRow)]
pub struct ProductPhotoRow {
    #[sqlx(flatten)]
    pub product: ProductRow,
    pub extra_id: Option<String>,
    pub extra_url: Option<String>,
    pub extra_em: Option<i64>,
}

/// A row of a `with_ad_extras!` query.
#[derive(Debug, sqlx::FromRow)]
pub struct AdExtraRow {
    #[sqlx(flatten)]
    pub ad: AdRow,
    pub kind: String,
    pub extra_id: Option<String>,
    pub extra_url: Option<String>,
    pub extra_em: Option<i64>,
}

/// Folds the joined rows back into one item each, in first-seen order, with their extras
/// sorted.
fn fold_rows<T, R>(
    rows: Vec<R>,
    split: impl Fn(R) -> (String, T, Option<(char, i64, String, String)>),
) -> Vec<Listed<T>> {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut out: Vec<(Listed<T>, Vec<(i64, String, String)>)> = Vec::new();
    for r in rows {
        let (id, item, extra) = split(r);
        let at = *index.entry(id).or_insert_with(|| {
            out.push((
                Listed {
                    item,
                    photos: Vec::new(),
                    places: Vec::new(),
                },
                Vec::new(),
            ));
            out.len() - 1
        });
        match extra {
            Some(('p', _, place, _)) => out[at].0.places.push(place),
            Some((_, em, id, url)) => out[at].1.push((em, id, url)),
            None => {}
        }
    }
    out.into_iter()
        .map(|(mut listed, mut photos)| {
            photos.sort();
            listed.places.sort();
            listed.photos = photos.into_iter().map(|(_, id, url)| (id, url)).collect();
            listed
        })
        .collect()
}

/// The products of a `with_product_photos!` query, in `order`.
pub fn products(
    rows: Vec<ProductPhotoRow>,
    order: fn(&ProductRow, &ProductRow) -> std::cmp::Ordering,
) -> Vec<Listed<ProductRow>> {
    let mut list = fold_rows(rows, |r| {
        let extra = r
            .extra_id
            .zip(r.extra_url)
            .map(|(id, url)| ('f', r.extra_em.unwrap_or_default(), id, url));
        (r.product.id.clone(), r.product, extra)
    });
    list.sort_by(|a, b| order(&a.item, &b.item));
    list
}

/// Best sellers first.
pub fn by_sales(a: &ProductRow, b: &ProductRow) -> std::cmp::Ordering {
    (b.vendas, &b.id).cmp(&(a.vendas, &a.id))
}

/// Newest first.
pub fn by_time(a: &ProductRow, b: &ProductRow) -> std::cmp::Ordering {
    (b.criado_em, &b.id).cmp(&(a.criado_em, &a.id))
}

/// The ads of a `with_ad_extras!` query, newest first.
pub fn ads(rows: Vec<AdExtraRow>) -> Vec<Listed<AdRow>> {
    let mut list = fold_rows(rows, |r| {
        let kind = if r.kind == "p" { 'p' } else { 'f' };
        let extra = r
            .extra_id
            .zip(r.extra_url)
            .map(|(id, url)| (kind, r.extra_em.unwrap_or_default(), id, url));
        (r.ad.id.clone(), r.ad, extra)
    });
    list.sort_by(|a, b| (b.item.publicado_em, &b.item.id).cmp(&(a.item.publicado_em, &a.item.id)));
    list
}

/// A supplier's places ('City, UF' or 'UF'), sorted.
pub async fn supplier_places(
    conn: &mut AnyConnection,
    supplier: &str,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT place FROM supplier_places WHERE supplier_id = $1 ORDER BY place")
        .bind(supplier)
        .fetch_all(conn)
        .await
}

/// A supplier's store categories, sorted.
pub async fn store_categories(
    conn: &mut AnyConnection,
    supplier: &str,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT nome FROM store_categories WHERE supplier_id = $1 ORDER BY nome")
        .bind(supplier)
        .fetch_all(conn)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sql_fold_agrees_with_wasm_core() {
        for c in ACCENTED.chars() {
            let folded = wasm_core::text::fold(&c.to_string());
            assert!(folded.is_ascii(), "{c} folds to {folded}");
        }
        let sql = fold_sql("t");
        assert!(sql.starts_with("REPLACE(") && sql.contains("LOWER(t)"));
        assert!(sql.contains("'ç', 'c'"));
    }

    #[test]
    fn every_listing_hides_what_is_hidden() {
        for sql in [PRODUCTS_HOME, PRODUCTS_PAGE, PRODUCTS_SEARCH.as_str()] {
            assert!(sql.contains("s.oculto = $3 AND s.invisivel = $3"));
            assert!(sql.contains("p.desabilitado = $3"));
        }
        assert!(PRODUCT_BY_ID.contains("s.invisivel = $2"));
    }
}

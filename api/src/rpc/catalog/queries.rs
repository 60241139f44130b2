//! The catalogue's SQL, written once for SQLite and PostgreSQL: `$n` placeholders, booleans
//! bound as Rust `bool`, no `ILIKE`, no JSON operators.
//!
//! Region scoping (decisions.md §11) is one predicate: scope 1 everywhere; scope 2 where a
//! `supplier_places`/`ad_places` row holds the region's UF; scope 3 where a row holds the region
//! itself. Listings walk an index in their output order (`products_best`, `products_page`,
//! `ads_listing`) and stop at their `LIMIT`; `CROSS JOIN` keeps SQLite's planner from starting at
//! the suppliers and sorting (PostgreSQL reads it as a plain join). Search is served by the
//! full-text index (`super::search`, `crate::search`); its region rule is the same text, made
//! with run-time placeholders ([`supplier_shown_sql`], [`ad_shown_sql`]).
//! The batched lookups that complete listed rows (photos, places, categories) are in
//! [`super::lookups`].

use std::sync::LazyLock;

/// Products' columns as [`ProductRow`] reads them (`p` products, `s` their supplier).
macro_rules! product_cols {
    () => {
        "p.id, p.supplier_id, p.categoria, p.subcategoria, p.titulo, p.descricao, p.icone, \
         p.preco_centavos, p.preco_promo_centavos, p.minimo_promo, p.minimo, p.estoque, p.opcoes, \
         p.vendas, p.criado_em, s.nomeforn, s.url AS urlforn, \
         CAST(CASE WHEN p.aceita_observacao THEN 1 ELSE 0 END AS BIGINT) AS aceita_observacao, \
         CAST(CASE WHEN p.organico THEN 1 ELSE 0 END AS BIGINT) AS organico"
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

/// Ad `a` is shown in region `$r` of state `$uf`, and the moderation did not hide it (issue
/// 29; checked last, after what the listing's index answers).
macro_rules! ad_shown {
    ($r:literal, $uf:literal) => {
        concat!(
            "(a.local = 1 OR EXISTS (SELECT 1 FROM ad_places ap WHERE ap.ad_id = a.id \
             AND ap.place = CASE WHEN a.local = 2 THEN ",
            $uf,
            " ELSE ",
            $r,
            " END)) AND a.moderado_em IS NULL"
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

/// Home: the best sellers of each category. `$1` region, `$2` UF, `$3` false, `$4`–`$7` the
/// four categories, `$8` how many per category.
pub const PRODUCTS_HOME: &str = concat!(
    products_top!("$4", "c0"),
    " UNION ALL ",
    products_top!("$5", "c1"),
    " UNION ALL ",
    products_top!("$6", "c2"),
    " UNION ALL ",
    products_top!("$7", "c3")
);

/// Home: the newest ads of each category. `$1` region, `$2` UF, `$3`–`$6` the categories,
/// `$7` how many per category.
pub const ADS_HOME: &str = concat!(
    ads_top!("$3", "c0"),
    " UNION ALL ",
    ads_top!("$4", "c1"),
    " UNION ALL ",
    ads_top!("$5", "c2"),
    " UNION ALL ",
    ads_top!("$6", "c3")
);

/// A page of a category's products in a region, newest first, after the cursor
/// (`$5` `criado_em`, `$6` id). `$1` region, `$2` UF, `$3` false, `$4` category, `$7` limit.
pub const PRODUCTS_PAGE: &str = concat!(
    "SELECT ",
    product_cols!(),
    " FROM products p CROSS JOIN suppliers s WHERE p.categoria = $4 AND p.desabilitado = $3 \
     AND (p.criado_em, p.id) < ($5, $6) AND s.user_id = p.supplier_id AND ",
    supplier_shown!("$1", "$2", "$3"),
    " ORDER BY p.criado_em DESC, p.id DESC LIMIT $7"
);

/// A page of a category's ads in a region, newest first, after the cursor (`$4` `publicado_em`,
/// `$5` id). `$1` region, `$2` UF, `$3` category, `$6` limit.
pub const ADS_PAGE: &str = concat!(
    "SELECT ",
    ad_cols!(),
    " FROM ads a WHERE a.categoria = $3 AND (a.publicado_em, a.id) < ($4, $5) AND ",
    ad_shown!("$1", "$2"),
    " ORDER BY a.publicado_em DESC, a.id DESC LIMIT $6"
);

/// Supplier `s` is public and shown in region `r` of state `uf` (`f` bound to `false`): the
/// rule of [`supplier_shown!`] for queries whose placeholders are numbered at run time (search).
pub fn supplier_shown_sql(r: &str, uf: &str, f: &str) -> String {
    format!(
        "s.oculto = {f} AND s.invisivel = {f} AND (s.local = 1 OR EXISTS (SELECT 1 FROM \
         supplier_places sp WHERE sp.supplier_id = s.user_id AND sp.place = CASE WHEN s.local = 2 \
         THEN {uf} ELSE {r} END))"
    )
}

/// Ad `a` is shown in region `r` of state `uf` and not hidden by the moderation: [`ad_shown!`]
/// with run-time placeholders.
pub fn ad_shown_sql(r: &str, uf: &str) -> String {
    format!(
        "(a.local = 1 OR EXISTS (SELECT 1 FROM ad_places ap WHERE ap.ad_id = a.id \
         AND ap.place = CASE WHEN a.local = 2 THEN {uf} ELSE {r} END)) AND a.moderado_em IS NULL"
    )
}

/// Up to [`super::BATCH`] products by id (search results), with their supplier's name and URL.
pub static PRODUCTS_BY_IDS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {} FROM products p JOIN suppliers s ON s.user_id = p.supplier_id \
         WHERE p.id IN ({})",
        product_cols!(),
        super::lookups::in_list()
    )
});

/// Up to [`super::BATCH`] ads by id (search results).
pub static ADS_BY_IDS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {} FROM ads a WHERE a.id IN ({})",
        ad_cols!(),
        super::lookups::in_list()
    )
});

/// A store's products for its storefront, best sellers first. `$1` supplier, `$2` false.
pub const STORE_PRODUCTS: &str = concat!(
    "SELECT ",
    product_cols!(),
    " FROM products p JOIN suppliers s ON s.user_id = p.supplier_id \
     WHERE p.supplier_id = $1 AND p.desabilitado = $2"
);

/// One product of a public supplier, enabled or not (its page says 'Indisponível' when the
/// supplier disabled it, decisions.md §26). `$1` id, `$2` false.
pub const PRODUCT_BY_ID: &str = concat!(
    "SELECT ",
    product_cols!(),
    " FROM products p JOIN suppliers s ON s.user_id = p.supplier_id \
     WHERE p.id = $1 AND s.oculto = $2 AND s.invisivel = $2"
);

/// One ad. `$1` id.
pub const AD_BY_ID: &str = concat!("SELECT ", ad_cols!(), " FROM ads a WHERE a.id = $1");

/// A user's ads, every scope (the profile's Anúncios). `$1` user.
pub const ADS_BY_USER: &str = concat!("SELECT ", ad_cols!(), " FROM ads a WHERE a.user_id = $1");

/// The columns of [`SupplierRow`]; `hidden` is 1 when `oculto` or `invisivel`.
macro_rules! supplier_select {
    () => {
        "SELECT s.user_id, s.nomeforn, s.descricaoforn, s.telefone, s.instagram, s.iconeforn, \
         s.fundoforn, s.url, s.paleta, s.local, s.vendasforn, s.pagamento_opcoes, \
         s.entrega_opcoes, s.descricao_entrega, s.descricao_retirada, s.taxa_tipo, \
         s.taxa_entrega_centavos, s.taxa_por_km_centavos, s.entrega_latitude, \
         s.entrega_longitude, s.pedido_minimo_entrega_centavos, \
         s.pedido_minimo_retirada_centavos, s.distancia_maxima_km, \
         CAST(CASE WHEN s.compras_fechadas THEN 1 ELSE 0 END AS BIGINT) AS compras, \
         CAST(CASE WHEN s.oculto OR s.invisivel THEN 1 ELSE 0 END AS BIGINT) AS hidden \
         FROM suppliers s"
    };
}

/// A supplier's public data. `$1` the supplier's user id.
pub const SUPPLIER_BY_ID: &str = concat!(supplier_select!(), " WHERE s.user_id = $1");

/// A supplier's public data by storefront URL. `$1` the URL.
pub const SUPPLIER_BY_URL: &str = concat!(supplier_select!(), " WHERE s.url = $1");

/// Visible stores with a URL and their city (their delivery start's, else their owner's), and
/// whether each serves region `$2` of state `$3` (decisions.md §11): those that do first, then
/// best sellers first. `$1` false; with `$2`/`$3` empty, none serves and the order is by sales.
pub const STORES: &str = "SELECT s.user_id, s.url, s.nomeforn, s.iconeforn, s.vendasforn, \
     COALESCE(s.entrega_cidade, u.cidade) AS cidade, \
     CAST(CASE WHEN $2 <> '' AND (s.local = 1 OR EXISTS (SELECT 1 FROM supplier_places sp \
     WHERE sp.supplier_id = s.user_id AND sp.place = CASE WHEN s.local = 2 THEN $3 ELSE $2 END)) \
     THEN 1 ELSE 0 END AS BIGINT) AS atende \
     FROM suppliers s JOIN users u ON u.id = s.user_id \
     WHERE s.oculto = $1 AND s.invisivel = $1 AND s.url IS NOT NULL \
     ORDER BY atende DESC, s.vendasforn DESC, s.user_id";

/// A coupon of a public supplier, with its rules. `$1` supplier, `$2` code (upper case), `$3`
/// false.
pub static COUPON: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {} FROM coupons c JOIN suppliers s ON s.user_id = c.supplier_id \
         WHERE c.supplier_id = $1 AND c.codigo = $2 AND s.oculto = $3 AND s.invisivel = $3",
        crate::domain::coupons::COUPON_COLUMNS
    )
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_time_region_rules_are_the_listings_own() {
        assert_eq!(
            supplier_shown_sql("$1", "$2", "$3"),
            supplier_shown!("$1", "$2", "$3")
        );
        assert_eq!(ad_shown_sql("$1", "$2"), ad_shown!("$1", "$2"));
    }

    #[test]
    fn every_listing_hides_what_is_hidden() {
        for sql in [PRODUCTS_HOME, PRODUCTS_PAGE] {
            assert!(sql.contains("s.oculto = $3 AND s.invisivel = $3"));
            assert!(sql.contains("p.desabilitado = $3"));
        }
        assert!(PRODUCT_BY_ID.contains("s.invisivel = $2"));
        for sql in [ADS_HOME, ADS_PAGE, ad_shown_sql("$1", "$2").as_str()] {
            assert!(sql.contains("a.moderado_em IS NULL"), "{sql}");
        }
        // A disabled product's own page exists (it shows 'Indisponível'); no listing has it.
        assert!(!PRODUCT_BY_ID.contains("desabilitado"));
    }
}

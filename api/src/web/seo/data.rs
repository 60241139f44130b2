//! What the public pages' heads and the sitemap read from the database: a product, an ad or a
//! store by its address, and every public address (decisions.md §11: hidden suppliers and
//! disabled products are nowhere public).

use super::sitemap::{self, Kind};
use crate::db::Db;

/// A product with its supplier, as its page's head needs it.
#[derive(Debug, sqlx::FromRow)]
pub struct ProductPage {
    pub id: String,
    pub categoria: String,
    pub titulo: String,
    pub descricao: Option<String>,
    pub icone: Option<String>,
    pub preco_centavos: i64,
    pub preco_promo_centavos: Option<i64>,
    pub minimo_promo: Option<i64>,
    pub estoque: Option<i64>,
    pub minimo: Option<i64>,
    /// Its options as stored (decisions.md §39).
    pub opcoes: String,
    pub supplier_id: String,
    pub nomeforn: String,
    /// The store's icon (a product without a photo is previewed with it).
    pub iconeforn: Option<String>,
    pub url: Option<String>,
    /// 1 when the supplier disabled it, or the supplier is hidden: not found.
    pub fora: i64,
}

/// A product by id (`None` when there is none).
pub async fn product(db: &Db, id: &str) -> sqlx::Result<Option<ProductPage>> {
    sqlx::query_as(
        "SELECT p.id, p.categoria, p.titulo, p.descricao, p.icone, p.preco_centavos, \
         p.preco_promo_centavos, p.minimo_promo, p.estoque, p.minimo, p.opcoes, p.supplier_id, s.nomeforn, s.iconeforn, s.url, \
         CAST(CASE WHEN p.desabilitado OR s.oculto OR s.invisivel THEN 1 ELSE 0 END AS BIGINT) \
         AS fora FROM products p JOIN suppliers s ON s.user_id = p.supplier_id WHERE p.id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

/// A direct ad, as its page's head needs it.
#[derive(Debug, sqlx::FromRow)]
pub struct AdPage {
    pub id: String,
    pub categoria: String,
    pub titulo: String,
    pub descricao: Option<String>,
    pub icone: Option<String>,
    pub preco_centavos: i64,
    pub user_id: String,
    pub nome: String,
    pub origem: String,
}

/// An ad by id, unless the moderation hid it (then its page is not found).
pub async fn ad(db: &Db, id: &str) -> sqlx::Result<Option<AdPage>> {
    sqlx::query_as(
        "SELECT id, categoria, titulo, descricao, icone, preco_centavos, user_id, nome, origem \
         FROM ads WHERE id = $1 AND moderado_em IS NULL",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

/// A store, as its page's head needs it.
#[derive(Debug, sqlx::FromRow)]
pub struct StorePage {
    pub url: String,
    pub nomeforn: String,
    pub descricaoforn: Option<String>,
    pub iconeforn: Option<String>,
    pub fundoforn: Option<String>,
    pub telefone: String,
    /// The store's city: its delivery start address's, else its owner's ('City, UF').
    pub cidade: Option<String>,
    /// Its enabled products.
    pub produtos: i64,
    /// 1 when hidden (by itself or the admin): not found.
    pub oculto: i64,
}

/// A store by its URL.
pub async fn store(db: &Db, url: &str) -> sqlx::Result<Option<StorePage>> {
    sqlx::query_as(
        "SELECT s.url, s.nomeforn, s.descricaoforn, s.iconeforn, s.fundoforn, s.telefone, \
         COALESCE(s.entrega_cidade, u.cidade) AS cidade, \
         (SELECT COUNT(*) FROM products p WHERE p.supplier_id = s.user_id \
          AND p.desabilitado = $2) AS produtos, \
         CAST(CASE WHEN s.oculto OR s.invisivel THEN 1 ELSE 0 END AS BIGINT) AS oculto \
         FROM suppliers s JOIN users u ON u.id = s.user_id WHERE s.url = $1",
    )
    .bind(url)
    .bind(false)
    .fetch_optional(db)
    .await
}

/// How many public stores (with a URL), enabled products of visible stores and ads the
/// moderation left there are (`$1` bound to `false`).
const PUBLIC_COUNTS: [&str; 3] = [
    "SELECT COUNT(*) FROM suppliers WHERE oculto = $1 AND invisivel = $1 AND url IS NOT NULL",
    "SELECT COUNT(*) FROM products p JOIN suppliers s ON s.user_id = p.supplier_id \
     WHERE p.desabilitado = $1 AND s.oculto = $1 AND s.invisivel = $1",
    "SELECT COUNT(*) FROM ads WHERE moderado_em IS NULL AND $1 = $1",
];

/// How many public stores, products and ads there are (the sitemap index's parts).
pub async fn public_counts(db: &Db) -> sqlx::Result<[(Kind, u64); 3]> {
    let mut out = [(Kind::Stores, 0), (Kind::Products, 0), (Kind::Ads, 0)];
    for ((_, count), sql) in out.iter_mut().zip(PUBLIC_COUNTS) {
        let n: i64 = sqlx::query_scalar(sql).bind(false).fetch_one(db).await?;
        *count = u64::try_from(n).unwrap_or(0);
    }
    Ok(out)
}

/// The addresses of part `n` (from 1) of `kind`, `per_part` of them at most, in a stable order:
/// one bounded query.
pub async fn public_part(
    db: &Db,
    base: &str,
    kind: Kind,
    n: usize,
    per_part: usize,
) -> sqlx::Result<Vec<String>> {
    let limit = i64::try_from(per_part).unwrap_or(i64::MAX);
    let offset = i64::try_from(n.saturating_sub(1))
        .unwrap_or(i64::MAX)
        .saturating_mul(limit);
    Ok(match kind {
        Kind::Stores => {
            let urls: Vec<String> = sqlx::query_scalar(
                "SELECT url FROM suppliers WHERE oculto = $1 AND invisivel = $1 \
                 AND url IS NOT NULL ORDER BY url LIMIT $2 OFFSET $3",
            )
            .bind(false)
            .bind(limit)
            .bind(offset)
            .fetch_all(db)
            .await?;
            urls.iter().map(|u| sitemap::store_url(base, u)).collect()
        }
        Kind::Products => {
            let rows: Vec<(String, String, String)> = sqlx::query_as(
                "SELECT p.categoria, p.id, p.supplier_id FROM products p \
                 JOIN suppliers s ON s.user_id = p.supplier_id WHERE p.desabilitado = $1 \
                 AND s.oculto = $1 AND s.invisivel = $1 ORDER BY p.id LIMIT $2 OFFSET $3",
            )
            .bind(false)
            .bind(limit)
            .bind(offset)
            .fetch_all(db)
            .await?;
            rows.iter().map(|p| sitemap::product_url(base, p)).collect()
        }
        Kind::Ads => {
            let rows: Vec<(String, String, String)> = sqlx::query_as(
                "SELECT categoria, id, user_id FROM ads WHERE moderado_em IS NULL AND $1 = $1 \
                 ORDER BY id LIMIT $2 OFFSET $3",
            )
            .bind(false)
            .bind(limit)
            .bind(offset)
            .fetch_all(db)
            .await?;
            rows.iter().map(|a| sitemap::ad_url(base, a)).collect()
        }
    })
}

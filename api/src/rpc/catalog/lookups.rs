//! Batched lookups that complete listed rows: the photos of products, the photos and places of
//! ads (one prepared statement per [`BATCH`] ids), a supplier's places and store categories.

use super::rows::{AdRow, Listed, ProductRow};
use sqlx::AnyConnection;
use std::{collections::HashMap, sync::LazyLock};

/// How many ids one photo or place lookup takes; shorter lists are padded (with the first id)
/// so that each lookup is one prepared statement.
pub const BATCH: usize = 32;

/// `$1, …, $BATCH`.
pub(super) fn in_list() -> String {
    (1..=BATCH)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The extra photos of up to [`BATCH`] products.
pub static PRODUCT_PHOTOS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT product_id AS owner, 'f' AS kind, id, url, criado_em AS ordem \
         FROM product_photos WHERE product_id IN ({})",
        in_list()
    )
});

/// The photos (`kind` 'f') and places ('p') of up to [`BATCH`] ads.
pub static AD_EXTRAS: LazyLock<String> = LazyLock::new(|| {
    let ids = in_list();
    format!(
        "SELECT ad_id AS owner, 'f' AS kind, id, url, criado_em AS ordem FROM ad_photos \
         WHERE ad_id IN ({ids}) UNION ALL SELECT ad_id, 'p', place, place, 0 FROM ad_places \
         WHERE ad_id IN ({ids})"
    )
});

/// A photo or a place of a product or an ad.
#[derive(Debug, sqlx::FromRow)]
struct Extra {
    owner: String,
    kind: String,
    id: String,
    url: String,
    ordem: i64,
}

/// An item's `(photos, places)`: `(id, URL)` oldest first, and places sorted.
type Extras = (Vec<(String, String)>, Vec<String>);

/// The extras of `ids`, by owner.
async fn extras(
    conn: &mut AnyConnection,
    sql: &'static str,
    ids: &[&str],
) -> sqlx::Result<HashMap<String, Extras>> {
    let mut rows = Vec::new();
    for chunk in ids.chunks(BATCH) {
        let mut q = sqlx::query_as::<_, Extra>(sql);
        for n in 0..BATCH {
            q = q.bind(chunk.get(n).unwrap_or(&chunk[0]).to_string());
        }
        rows.extend(q.fetch_all(&mut *conn).await?);
    }
    rows.sort_by(|a, b| (a.ordem, &a.id).cmp(&(b.ordem, &b.id)));
    let mut by: HashMap<String, Extras> = HashMap::new();
    for r in rows {
        let entry = by.entry(r.owner).or_default();
        if r.kind == "p" {
            entry.1.push(r.id);
        } else {
            entry.0.push((r.id, r.url));
        }
    }
    for (_, places) in by.values_mut() {
        places.sort();
    }
    Ok(by)
}

/// `rows` with their photos, in `order`.
pub async fn products(
    conn: &mut AnyConnection,
    mut rows: Vec<ProductRow>,
    order: fn(&ProductRow, &ProductRow) -> std::cmp::Ordering,
) -> sqlx::Result<Vec<Listed<ProductRow>>> {
    rows.sort_by(order);
    let ids: Vec<&str> = rows.iter().map(|p| p.id.as_str()).collect();
    let mut by = extras(conn, PRODUCT_PHOTOS.as_str(), &ids).await?;
    Ok(rows
        .into_iter()
        .map(|item| {
            let (photos, places) = by.remove(&item.id).unwrap_or_default();
            Listed {
                item,
                photos,
                places,
            }
        })
        .collect())
}

/// Best sellers first.
pub fn by_sales(a: &ProductRow, b: &ProductRow) -> std::cmp::Ordering {
    (b.vendas, &b.id).cmp(&(a.vendas, &a.id))
}

/// Newest first.
pub fn by_time(a: &ProductRow, b: &ProductRow) -> std::cmp::Ordering {
    (b.criado_em, &b.id).cmp(&(a.criado_em, &a.id))
}

/// `rows` with their photos and places, newest first.
pub async fn ads(
    conn: &mut AnyConnection,
    mut rows: Vec<AdRow>,
) -> sqlx::Result<Vec<Listed<AdRow>>> {
    rows.sort_by(|a, b| (b.publicado_em, &b.id).cmp(&(a.publicado_em, &a.id)));
    let ids: Vec<&str> = rows.iter().map(|a| a.id.as_str()).collect();
    let mut by = extras(conn, AD_EXTRAS.as_str(), &ids).await?;
    Ok(rows
        .into_iter()
        .map(|item| {
            let (photos, places) = by.remove(&item.id).unwrap_or_default();
            Listed {
                item,
                photos,
                places,
            }
        })
        .collect())
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

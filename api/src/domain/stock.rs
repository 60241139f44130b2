//! Stock and sales counters. An order takes its lines' quantities with one conditional update
//! per product (`estoque >= quantidade`; untracked stock, `NULL`, always has room), so two
//! orders for the last unit never both succeed; a cancelled or expired order gives them back.
//! Products are always updated in id order, so concurrent transactions lock rows alike.

use crate::error::{ApiError, ApiResult};
use sqlx::{Any, Transaction};
use wasm_core::messages;

/// One line's claim on a product.
#[derive(Debug, Clone, Copy)]
pub struct Take<'a> {
    pub product_id: &'a str,
    /// For the refusal's message.
    pub titulo: &'a str,
    pub quantidade: u32,
}

/// Reserves every take in `tx` and counts the sales (products' `vendas`, the supplier's
/// `vendasforn`). A product without room refuses the whole order with 409 `Estoque
/// insuficiente para {titulo}`; the caller's transaction then rolls back.
pub async fn reserve(
    tx: &mut Transaction<'_, Any>,
    supplier_id: &str,
    takes: &[Take<'_>],
) -> ApiResult<()> {
    let mut by_product: Vec<&Take> = takes.iter().collect();
    by_product.sort_by(|a, b| a.product_id.cmp(b.product_id));
    for take in by_product {
        let reserved = sqlx::query(
            "UPDATE products SET estoque = estoque - $1, vendas = vendas + $1 \
             WHERE id = $2 AND (estoque IS NULL OR estoque >= $1)",
        )
        .bind(i64::from(take.quantidade))
        .bind(take.product_id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        if reserved == 0 {
            return Err(ApiError::Conflict(messages::estoque_insuficiente(
                take.titulo,
            )));
        }
    }
    sqlx::query("UPDATE suppliers SET vendasforn = vendasforn + 1 WHERE user_id = $1")
        .bind(supplier_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Gives back what order `order_id` took: its lines' quantities to stock (tracked stock only)
/// and to the products' and supplier's sales counters.
pub async fn release(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<()> {
    let lines: Vec<(String, i64)> = sqlx::query_as(
        "SELECT product_id, quantidade FROM order_lines WHERE order_id = $1 ORDER BY product_id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    for (product_id, quantidade) in lines {
        sqlx::query(
            "UPDATE products SET estoque = estoque + $1, \
             vendas = CASE WHEN vendas > $1 THEN vendas - $1 ELSE 0 END WHERE id = $2",
        )
        .bind(quantidade)
        .bind(&product_id)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query(
        "UPDATE suppliers SET vendasforn = CASE WHEN vendasforn > 0 THEN vendasforn - 1 ELSE 0 END \
         WHERE user_id = (SELECT supplier_id FROM orders WHERE id = $1)",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

//! Stock and sales counters. An order takes its lines' quantities with one conditional update
//! per product (`estoque >= quantidade`; untracked stock, `NULL`, always has room), so two
//! orders for the last unit never both succeed; a cancelled or expired order gives them back.
//! Products are always updated in id order, so concurrent transactions lock rows alike.
//!
//! The sales counters (products' `vendas`, the best-seller rank, and the store's `vendasforn`)
//! count paid or delivered orders only ([`count_sale`]: a Pix order when its payment is applied,
//! an in-person one when its delivery is confirmed), so unpaid orders never move a rank; a paid
//! order cancelled gives its count back ([`release`]).
//!
//! A supplier's edit never overwrites sales (decisions.md §26, [`edit`]): the form says what
//! stock it was loaded with, and the difference to what was typed is applied to the stock as it
//! is now, with the same kind of conditional update (never below zero, no lost update).

use crate::domain::{
    codes::PixStatus,
    error::{DomainError, DomainResult, ErrorCode},
};
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

/// Reserves every take in `tx` (the sales are counted once paid or delivered: [`count_sale`]).
/// A product without room refuses the whole order with 409 `Estoque insuficiente para
/// {titulo}`; the caller's transaction then rolls back.
pub async fn reserve(tx: &mut Transaction<'_, Any>, takes: &[Take<'_>]) -> DomainResult<()> {
    let mut by_product: Vec<&Take> = takes.iter().collect();
    by_product.sort_by(|a, b| a.product_id.cmp(b.product_id));
    for take in by_product {
        let reserved = sqlx::query(
            "UPDATE products SET estoque = estoque - $1 \
             WHERE id = $2 AND (estoque IS NULL OR estoque >= $1)",
        )
        .bind(i64::from(take.quantidade))
        .bind(take.product_id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        if reserved == 0 {
            return Err(DomainError::coded_conflict(
                ErrorCode::EstoqueInsuficiente,
                messages::estoque_insuficiente(take.titulo),
            ));
        }
    }
    Ok(())
}

/// Counts order `order_id`'s sale in `tx` (the transaction that makes it paid or delivered):
/// its lines' quantities to their products' `vendas`, one to the store's `vendasforn`.
pub async fn count_sale(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<()> {
    let lines: Vec<(String, i64)> = sqlx::query_as(
        "SELECT product_id, quantidade FROM order_lines WHERE order_id = $1 ORDER BY product_id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    for (product_id, quantidade) in lines {
        sqlx::query("UPDATE products SET vendas = vendas + $1 WHERE id = $2")
            .bind(quantidade)
            .bind(&product_id)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(
        "UPDATE suppliers SET vendasforn = vendasforn + 1 \
         WHERE user_id = (SELECT supplier_id FROM orders WHERE id = $1)",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Gives back what order `order_id` took: its lines' quantities to stock (tracked stock only),
/// and, when its sale was counted (its Pix was paid: [`count_sale`]), to the products' and
/// supplier's sales counters.
pub async fn release(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<()> {
    let counted: Option<String> = sqlx::query_scalar("SELECT status_pix FROM orders WHERE id = $1")
        .bind(order_id)
        .fetch_optional(&mut **tx)
        .await?
        .flatten();
    let counted = counted.as_deref() == Some(PixStatus::Paid.as_db());
    let lines: Vec<(String, i64)> = sqlx::query_as(
        "SELECT product_id, quantidade FROM order_lines WHERE order_id = $1 ORDER BY product_id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    for (product_id, quantidade) in lines {
        sqlx::query(if counted {
            "UPDATE products SET estoque = estoque + $1, \
             vendas = CASE WHEN vendas > $1 THEN vendas - $1 ELSE 0 END WHERE id = $2"
        } else {
            "UPDATE products SET estoque = estoque + $1 WHERE id = $2"
        })
        .bind(quantidade)
        .bind(&product_id)
        .execute(&mut **tx)
        .await?;
    }
    if counted {
        sqlx::query(
            "UPDATE suppliers SET vendasforn = CASE WHEN vendasforn > 0 THEN vendasforn - 1 \
             ELSE 0 END WHERE user_id = (SELECT supplier_id FROM orders WHERE id = $1)",
        )
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A supplier's edit of a product's stock: what was typed (`None`: "no stock control") and
/// what the form was loaded with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockEdit {
    /// The form said nothing of what it was loaded with (the spec's client): the typed value is
    /// stored as it is.
    Set(Option<u32>),
    /// The form was loaded with `from` (`None`: untracked) and `to` was typed.
    Change { from: Option<u32>, to: Option<u32> },
}

/// The stock changed under a supplier's edit in a way its difference cannot apply to.
pub fn estoque_mudou(now: Option<i64>) -> String {
    match now {
        Some(n) => format!(
            "O estoque deste produto mudou enquanto você editava: agora há {n} {}. \
             Nada foi salvo. Revise o estoque e salve de novo.",
            if n == 1 { "unidade" } else { "unidades" }
        ),
        None => "O estoque deste produto mudou enquanto você editava: agora está sem controle \
                 de estoque. Nada foi salvo. Revise o estoque e salve de novo."
            .to_owned(),
    }
}

/// Applies `change` to product `product_id`'s stock in `tx` (the edit's transaction): a change
/// from `n` to `m` adds `m − n` to the stock as it is now, refused (409, [`estoque_mudou`]; the
/// caller rolls back) when that would go below zero or the stock is no longer tracked; from
/// untracked to `m` sets it only while still untracked; to untracked always applies.
pub async fn edit(
    tx: &mut Transaction<'_, Any>,
    product_id: &str,
    change: StockEdit,
) -> DomainResult<()> {
    let applied = match change {
        StockEdit::Set(to) | StockEdit::Change { to: to @ None, .. } => {
            sqlx::query("UPDATE products SET estoque = $1 WHERE id = $2")
                .bind(to.map(i64::from))
                .bind(product_id)
                .execute(&mut **tx)
                .await?
                .rows_affected()
        }
        StockEdit::Change {
            from: None,
            to: Some(to),
        } => sqlx::query("UPDATE products SET estoque = $1 WHERE id = $2 AND estoque IS NULL")
            .bind(i64::from(to))
            .bind(product_id)
            .execute(&mut **tx)
            .await?
            .rows_affected(),
        StockEdit::Change {
            from: Some(from),
            to: Some(to),
        } => {
            let delta = i64::from(to) - i64::from(from);
            sqlx::query(
                "UPDATE products SET estoque = estoque + $1 \
                 WHERE id = $2 AND estoque IS NOT NULL AND estoque + $1 >= 0",
            )
            .bind(delta)
            .bind(product_id)
            .execute(&mut **tx)
            .await?
            .rows_affected()
        }
    };
    if applied == 0 {
        let now: Option<i64> = sqlx::query_scalar("SELECT estoque FROM products WHERE id = $1")
            .bind(product_id)
            .fetch_one(&mut **tx)
            .await?;
        return Err(DomainError::coded_conflict(
            ErrorCode::EstoqueMudou,
            estoque_mudou(now),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_says_what_the_stock_is_now() {
        assert!(estoque_mudou(Some(2)).contains("agora há 2 unidades"));
        assert!(estoque_mudou(Some(1)).contains("agora há 1 unidade."));
        assert!(estoque_mudou(None).contains("sem controle de estoque"));
        assert!(estoque_mudou(Some(0)).contains("Nada foi salvo"));
    }
}

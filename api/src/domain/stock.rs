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
//! An option with its own stock (decisions.md §39) keeps it in the product's `opcoes` list: a
//! line of that option takes from it under the product's row lock ([`lock_options`]: the row
//! is written first, then read, so two orders for an option's last unit run one after the
//! other on both databases), and the line remembers it (`estoque_opcao`) so a cancelled or
//! expired order gives it back there. An option without its own stock takes the product's.
//!
//! A supplier's edit never overwrites sales (decisions.md §26, [`edit`]): the form says what
//! stock it was loaded with, and the difference to what was typed is applied to the stock as it
//! is now, with the same kind of conditional update (never below zero, no lost update).

use crate::domain::{
    codes::PixStatus,
    error::{DomainError, DomainResult, ErrorCode},
    options,
};
use sqlx::{Any, Transaction};
use wasm_core::{
    messages,
    options::{OptionStock, ProductOption},
};

/// One line's claim on a product.
#[derive(Debug, Clone, Copy)]
pub struct Take<'a> {
    pub product_id: &'a str,
    /// For the refusal's message.
    pub titulo: &'a str,
    /// The option chosen (its own stock, if it has one, is taken instead of the product's).
    pub option: Option<&'a str>,
    pub quantidade: u32,
}

/// Locks product `product_id`'s row in `tx` (a write of nothing) and reads its options as
/// they are now: on PostgreSQL a concurrent transaction waits here until this one ends; on
/// SQLite the write transaction already excludes others.
async fn lock_options(
    tx: &mut Transaction<'_, Any>,
    product_id: &str,
) -> sqlx::Result<Option<Vec<ProductOption>>> {
    sqlx::query("UPDATE products SET opcoes = opcoes WHERE id = $1")
        .bind(product_id)
        .execute(&mut **tx)
        .await?;
    let stored: Option<String> = sqlx::query_scalar("SELECT opcoes FROM products WHERE id = $1")
        .bind(product_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(stored.as_deref().map(options::parse))
}

async fn write_options(
    tx: &mut Transaction<'_, Any>,
    product_id: &str,
    list: &[ProductOption],
) -> sqlx::Result<()> {
    sqlx::query("UPDATE products SET opcoes = $1 WHERE id = $2")
        .bind(options::stored(list))
        .bind(product_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Takes `take` from its option's own stock, if the option has one now: `Ok(true)` when taken
/// there (or its own stock is untracked), `Ok(false)` when the option uses the product's.
async fn take_from_option(
    tx: &mut Transaction<'_, Any>,
    take: &Take<'_>,
    label: &str,
) -> DomainResult<bool> {
    let Some(mut list) = lock_options(tx, take.product_id).await? else {
        return Ok(false);
    };
    let Some(option) = list.iter_mut().find(|o| o.label == label) else {
        return Err(DomainError::coded_conflict(
            ErrorCode::EstoqueInsuficiente,
            messages::opcao_inexistente(take.titulo, label),
        ));
    };
    match option.stock {
        OptionStock::Product => Ok(false),
        OptionStock::Untracked => Ok(true),
        OptionStock::Count(n) if n >= take.quantidade => {
            option.stock = OptionStock::Count(n - take.quantidade);
            write_options(tx, take.product_id, &list).await?;
            Ok(true)
        }
        OptionStock::Count(_) => Err(DomainError::coded_conflict(
            ErrorCode::EstoqueInsuficiente,
            messages::estoque_insuficiente(&format!("{} ({label})", take.titulo)),
        )),
    }
}

/// Reserves every take in `tx` (the sales are counted once paid or delivered: [`count_sale`]),
/// and answers, per take in `takes`' order, whether it took its option's own stock. A product
/// (or option) without room refuses the whole order with 409 `Estoque insuficiente para
/// {titulo}`; the caller's transaction then rolls back.
pub async fn reserve(tx: &mut Transaction<'_, Any>, takes: &[Take<'_>]) -> DomainResult<Vec<bool>> {
    let mut by_product: Vec<usize> = (0..takes.len()).collect();
    by_product.sort_by(|&a, &b| takes[a].product_id.cmp(takes[b].product_id));
    let mut from_option = vec![false; takes.len()];
    for i in by_product {
        let take = &takes[i];
        if let Some(label) = take.option
            && take_from_option(tx, take, label).await?
        {
            from_option[i] = true;
            continue;
        }
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
    Ok(from_option)
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
    let lines: Vec<(String, i64, Option<String>, i64)> = sqlx::query_as(
        "SELECT product_id, quantidade, opcao, \
         CAST(CASE WHEN estoque_opcao THEN 1 ELSE 0 END AS BIGINT) \
         FROM order_lines WHERE order_id = $1 ORDER BY product_id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    for (product_id, quantidade, opcao, from_option) in lines {
        if let (Some(label), 1) = (opcao.as_deref(), from_option)
            && let Some(mut list) = lock_options(tx, &product_id).await?
        {
            // Back to the option's own count; an option gone or no longer counting its own
            // stock has nothing to give back to.
            if let Some(o) = list.iter_mut().find(|o| o.label == label)
                && let OptionStock::Count(n) = o.stock
            {
                let back = u32::try_from(quantidade.max(0)).unwrap_or(u32::MAX);
                o.stock = OptionStock::Count(n.saturating_add(back));
                write_options(tx, &product_id, &list).await?;
            }
        }
        let give_back = if from_option == 0 { quantidade } else { 0 };
        let query = sqlx::query(if counted {
            "UPDATE products SET estoque = estoque + $1, \
             vendas = CASE WHEN vendas > $3 THEN vendas - $3 ELSE 0 END WHERE id = $2"
        } else {
            "UPDATE products SET estoque = estoque + $1 WHERE id = $2"
        })
        .bind(give_back)
        .bind(&product_id);
        if counted {
            query.bind(quantidade).execute(&mut **tx).await?;
        } else {
            query.execute(&mut **tx).await?;
        }
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

/// The stock an edit from `from` to `to` leaves when it is `now` (all `None`: untracked), as
/// [`edit`] applies it; `None` when it cannot apply (below zero, or no longer what it was).
pub fn edited(now: Option<u32>, change: StockEdit) -> Option<Option<u32>> {
    match change {
        StockEdit::Set(to) | StockEdit::Change { to: to @ None, .. } => Some(to),
        StockEdit::Change {
            from: None,
            to: Some(to),
        } => now.is_none().then_some(Some(to)),
        StockEdit::Change {
            from: Some(from),
            to: Some(to),
        } => {
            let left = i64::from(now?) + i64::from(to) - i64::from(from);
            u32::try_from(left).ok().map(Some)
        }
    }
}

/// An option's stock changed under a supplier's edit in a way its difference cannot apply to.
pub fn estoque_opcao_mudou(label: &str, now: Option<u32>) -> String {
    let what = match now {
        Some(n) => format!(
            "agora há {n} {}",
            if n == 1 { "unidade" } else { "unidades" }
        ),
        None => "agora está sem controle de estoque".to_owned(),
    };
    format!(
        "O estoque da opção {label} mudou enquanto você editava: {what}. Nada foi salvo. \
         Revise o estoque e salve de novo."
    )
}

/// The options an edit stores (decisions.md §26 per option, §39), in the edit's transaction:
/// the product's row is locked and its options read as they are now; an option with its own
/// stock whose form said what it was loaded with (`previous`, by label) gets the difference
/// applied to its stock now ([`edited`]); any other is stored as typed. Refused (409, nothing
/// saved: the caller rolls back) when a difference cannot apply.
pub async fn edit_options(
    tx: &mut Transaction<'_, Any>,
    product_id: &str,
    typed: Vec<ProductOption>,
    previous: &[(String, Option<u32>)],
) -> DomainResult<Vec<ProductOption>> {
    let now = lock_options(tx, product_id).await?.unwrap_or_default();
    let mut merged = Vec::with_capacity(typed.len());
    for mut option in typed {
        let current = now
            .iter()
            .find(|o| o.label == option.label)
            .and_then(|o| o.stock.own());
        let loaded = previous.iter().find(|(l, _)| *l == option.label);
        if let (Some(to), Some(current), Some((_, from))) = (option.stock.own(), current, loaded) {
            let change = StockEdit::Change { from: *from, to };
            let Some(left) = edited(current, change) else {
                return Err(DomainError::coded_conflict(
                    ErrorCode::EstoqueMudou,
                    estoque_opcao_mudou(&option.label, current),
                ));
            };
            option.stock = OptionStock::from_own(Some(left));
        }
        merged.push(option);
    }
    Ok(merged)
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
        assert!(estoque_opcao_mudou("1 kg", Some(1)).contains("opção 1 kg mudou"));
    }

    #[test]
    fn an_edit_applies_its_difference_to_the_stock_now() {
        let change = |from, to| StockEdit::Change { from, to };
        // Loaded with 5, typed 7, two sold meanwhile (3 now): 5 left.
        assert_eq!(edited(Some(3), change(Some(5), Some(7))), Some(Some(5)));
        // Typed 0 after selling 3 of 5: cannot go below zero.
        assert_eq!(edited(Some(2), change(Some(5), Some(0))), None);
        assert_eq!(edited(None, change(Some(5), Some(7))), None);
        assert_eq!(edited(None, change(None, Some(4))), Some(Some(4)));
        assert_eq!(edited(Some(1), change(None, Some(4))), None);
        assert_eq!(edited(Some(1), change(Some(2), None)), Some(None));
        assert_eq!(edited(Some(9), StockEdit::Set(Some(2))), Some(Some(2)));
    }
}

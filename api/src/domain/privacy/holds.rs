//! What keeps an account from being deleted (deliveries in progress, as a buyer or as a store,
//! and money to receive), read in the deletion's transaction, and the refusal that names it.

use crate::domain::{error::DomainResult, ledger, orders, withdrawals};
use sqlx::{Any, Transaction};
use wasm_core::money::Money;

/// What keeps an account from being deleted, as sentences' parts (empty: nothing), read in the
/// deletion's transaction: deliveries in progress (an order awaiting delivery, in person or paid
/// by Pix: decisions.md §27), as a buyer or as a store, and money to receive. An order still
/// awaiting its Pix payment is no delivery: the deletion cancels it.
pub async fn blockers(tx: &mut Transaction<'_, Any>, user_id: &str) -> DomainResult<Vec<String>> {
    let mut out = Vec::new();
    let buying = format!(
        "SELECT nomeforn FROM orders WHERE buyer_id = $1 AND {} ORDER BY criado_em",
        orders::awaiting_delivery("")
    );
    let stores: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(buying))
        .bind(user_id)
        .fetch_all(&mut **tx)
        .await?;
    if !stores.is_empty() {
        let mut names = stores.clone();
        names.dedup();
        out.push(format!(
            "você tem {} em andamento ({})",
            pedidos(stores.len()),
            names.join(", ")
        ));
    }
    let selling = format!(
        "SELECT COUNT(*) FROM orders WHERE supplier_id = $1 AND {}",
        orders::awaiting_delivery("")
    );
    let selling: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(selling))
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await?;
    if selling > 0 {
        out.push(format!(
            "sua loja tem {} em andamento",
            pedidos(usize::try_from(selling).unwrap_or(usize::MAX))
        ));
    }
    let held: i64 = ledger::held_items(&mut **tx, user_id)
        .await?
        .iter()
        .map(|i| i.valor_centavos)
        .sum();
    if held > 0 {
        out.push(format!("{} a liberar", Money::from_centavos(held).format()));
    }
    let balance = ledger::balance(&mut **tx, user_id).await?;
    if balance > 0 {
        out.push(format!(
            "{} de saldo para sacar",
            Money::from_centavos(balance).format()
        ));
    }
    if let Some(w) = withdrawals::pending_of(&mut **tx, user_id).await? {
        out.push(format!(
            "um saque de {} ainda não pago",
            Money::from_centavos(w.liquido_centavos).format()
        ));
    }
    Ok(out)
}

fn pedidos(n: usize) -> String {
    if n == 1 {
        "1 pedido".to_owned()
    } else {
        format!("{n} pedidos")
    }
}

/// The refusal naming `blockers`.
pub fn refusal(blockers: &[String]) -> String {
    format!(
        "Não é possível excluir sua conta enquanto houver pedidos em andamento ou dinheiro a \
         receber: {}.",
        blockers.join("; ")
    )
}

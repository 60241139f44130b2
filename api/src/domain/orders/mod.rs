//! An order's life as it touches money and stock: a bag priced by wasm-core from the database's
//! rows and placed ([`checkout`]), in one transaction with its stock reserved and, for Pix, its
//! charge opened ([`place`]); cancelled while it awaits delivery,
//! with its charge cancelled or refunded and its stock given back ([`cancel_awaiting`]);
//! marked delivered by its store ([`confirm_delivery`]); received ([`receipt`]: the buyer's
//! 'Recebi meu pedido', or the release job after `RELEASE_AFTER_DAYS`, which releases its held
//! Pix money, decisions.md §37); an in-person one its store never confirmed expires
//! ([`expire_in_person`]). Only a paid order is a
//! delivery ([`awaiting_delivery`]). Who may do each is the caller's check (`rpc/`).

mod cancel;
pub mod checkout;
mod expire;
pub mod note;
pub mod open;
mod out_for_delivery;
mod place;
pub mod receipt;
pub(crate) mod rows;

pub use cancel::{CancelledBy, Outcome, cancel_awaiting};
pub use expire::expire_in_person;
pub use out_for_delivery::out_for_delivery;
pub use place::{
    Address, CHAVE_REUSADA, Idempotency, InOrderTx, NewDelivery, NewLine, NewOrder, Placed,
    find_by_key, place,
};

use super::codes::{OrderStatus, PaymentMethod, PixStatus};
use crate::db::{Db, begin_write};
use std::{sync::LazyLock, time::Duration};

/// The SQL condition "order `{alias}` is a delivery awaiting confirmation" (decisions.md §27):
/// it awaits delivery and, when paid by Pix, its Pix was paid. An unpaid Pix order is not a
/// delivery: not listed, not counted, not confirmable. The codes are the codes table's.
pub fn awaiting_delivery(alias: &str) -> String {
    format!(
        "({alias}situacao = '{awaiting}' AND ({alias}pagamento <> '{pix}' OR {alias}status_pix = '{paid}'))",
        awaiting = OrderStatus::Awaiting.as_db(),
        pix = PaymentMethod::Pix.as_db(),
        paid = PixStatus::Paid.as_db(),
    )
}

/// What marking a delivery did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    /// Marked delivered; its held Pix money (if any) waits for the buyer's word
    /// ([`receipt`], decisions.md §37).
    Confirmed,
    /// It no longer awaits delivery.
    NotAwaiting,
    /// A Pix order not paid (yet): not a delivery.
    Unpaid,
}

/// Marks order `order_id` of `supplier_id` delivered (`situacao '2'`, `entregue_em`) while it
/// awaits delivery and is paid (when by Pix), and queues the buyer's e-mail asking 'Recebi meu
/// pedido', in one write transaction. Its held Pix money stays held until
/// the buyer confirms or `release_after` passes ([`receipt`]).
pub async fn confirm_delivery(
    db: &Db,
    order_id: &str,
    supplier_id: &str,
    release_after: Duration,
    now: i64,
) -> sqlx::Result<Confirmation> {
    static CONFIRM: LazyLock<String> = LazyLock::new(|| {
        format!(
            "UPDATE orders SET situacao = $1, atualizado_em = $2, entregue_em = $2 \
             WHERE id = $3 AND supplier_id = $4 AND {}",
            awaiting_delivery("")
        )
    });
    let mut tx = begin_write(db).await?;
    let changed = sqlx::query(CONFIRM.as_str())
        .bind(OrderStatus::Delivered.as_db())
        .bind(now)
        .bind(order_id)
        .bind(supplier_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if changed == 0 {
        tx.rollback().await?;
        let row: Option<(String, String, Option<String>)> =
            sqlx::query_as("SELECT situacao, pagamento, status_pix FROM orders WHERE id = $1")
                .bind(order_id)
                .fetch_optional(db)
                .await?;
        let unpaid = row.is_some_and(|(situacao, pagamento, status_pix)| {
            situacao == OrderStatus::Awaiting.as_db()
                && pagamento == PaymentMethod::Pix.as_db()
                && status_pix.as_deref() != Some(PixStatus::Paid.as_db())
        });
        return Ok(if unpaid {
            Confirmation::Unpaid
        } else {
            Confirmation::NotAwaiting
        });
    }
    // An in-person order's units count as sold once delivered (a Pix one's when paid).
    let in_person: Option<String> =
        sqlx::query_scalar("SELECT id FROM orders WHERE id = $1 AND pagamento <> $2")
            .bind(order_id)
            .bind(PaymentMethod::Pix.as_db())
            .fetch_optional(&mut *tx)
            .await?;
    if in_person.is_some() {
        super::stock::count_sale(&mut tx, order_id).await?;
    }
    let release_days = release_after.as_secs().div_ceil(24 * 3600);
    let notice = crate::mail::OrderNotice::Delivered { release_days };
    crate::mail::queue_order_notice(&mut tx, order_id, notice).await?;
    tx.commit().await?;
    Ok(Confirmation::Confirmed)
}

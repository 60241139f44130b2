//! Pix Automático for recurring baskets (decisions.md §35; docs/subscriptions.md, docs/pix.md):
//! a basket's recurrence at the PSP and each cycle's recurring charge, as the database keeps
//! them, and how what the PSP tells is taken in.
//!
//! - A notification (the rec and cobr webhooks) is a hint: only ids of ours are looked at, and
//!   each is confirmed at its source (`GET /rec/{idRec}`, `GET /cobr/{txid}`) before anything
//!   changes. An id that is not ours changes nothing and is recorded for the admin
//!   (`pix_automatico_avisos`).
//! - A recurrence approved makes the basket's Pix active; refused, expired or cancelled at the
//!   bank, the basket falls back as the buyer chose at subscribe (`sem_pix`: paid in person, or
//!   paused), and the buyer is told.
//! - A recurring charge shares its txid with the order's Pix charge (`pix_charges`): paid, its
//!   Pix goes to the payment path like any other ([`crate::domain::inbox::take`]: our txid, the
//!   exact amount, once per end-to-end id, then 'A liberar' until delivery, §27; anything else
//!   returned, §28).
//!   An attempt that failed is retried (at most three retries, the PSP's PERMITE_3R_7D) while
//!   the charge can still be paid; the order's charge expires at the end of the due date — the
//!   delivery's eve — like any unpaid Pix (its order cancelled, its stock released, the buyer
//!   told by the expiry, the store here).
//! - [`reconcile`] asks the PSP about every open recurrence and charge, so a lost notification
//!   costs only time.
//!
//! No PSP call is made inside a transaction; every change is a conditional update, so two
//! callers (a webhook and the reconciliation) apply it once.
//!
//! By responsibility: here, the basket's recurrence as stored and the dates of a cycle's charge;
//! [`recurrence`] (what the PSP says of a recurrence, and its cancellation with the basket);
//! [`charge`] (a cycle's recurring charge: recorded, its attempts and retries, its end unpaid at
//! the eve); [`reconciliation`] (asking the PSP about everything open, and the admin's list).

pub mod charge;
pub mod reconciliation;
pub mod recurrence;

pub use charge::{MAX_RETRIES, UNPAID_AT_EVE, after_expiry, handle_charge, record_charge};
pub use reconciliation::{Problem, problems, reconcile, refresh_due};
pub use recurrence::{apply_recurrence, cancel_with_basket, handle_recurrence};

use crate::db::{Db, new_id, now_ms};
use wasm_core::date::Date;

/// A basket's recurrence as we keep it (`subscriptions.rec_situacao`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecState {
    /// Created at the PSP; the payer has not approved it yet.
    Awaiting,
    Active,
    /// Refused or expired at the payer's bank.
    Refused,
    /// Cancelled by us, with the basket.
    Cancelled,
    /// Cancelled by the payer at their bank.
    CancelledAtBank,
}

impl RecState {
    pub const fn as_db(self) -> &'static str {
        match self {
            Self::Awaiting => "aguardando",
            Self::Active => "ativa",
            Self::Refused => "recusada",
            Self::Cancelled => "cancelada",
            Self::CancelledAtBank => "cancelada_banco",
        }
    }

    pub fn from_db(s: &str) -> Option<Self> {
        Some(match s {
            "aguardando" => Self::Awaiting,
            "ativa" => Self::Active,
            "recusada" => Self::Refused,
            "cancelada" => Self::Cancelled,
            "cancelada_banco" => Self::CancelledAtBank,
            _ => return None,
        })
    }
}

/// What a basket becomes when its recurrence ends at the bank (`subscriptions.sem_pix`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fallback {
    /// Paid in person from then on.
    InPerson,
    /// Paused until the buyer acts.
    Pause,
}

impl Fallback {
    pub const fn as_db(self) -> &'static str {
        match self {
            Self::InPerson => "na_entrega",
            Self::Pause => "pausar",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "na_entrega" => Some(Self::InPerson),
            "pausar" => Some(Self::Pause),
            _ => None,
        }
    }
}

/// A new basket's recurrence, stored with it.
#[derive(Debug, Clone, Copy)]
pub struct NewRec<'a> {
    pub id: &'a str,
    pub copia_e_cola: &'a str,
    pub max_centavos: i64,
    pub fallback: Fallback,
}

/// A basket's Pix Automático as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BasketRec {
    pub rec_id: Option<String>,
    pub rec_situacao: Option<String>,
    pub rec_copia_e_cola: Option<String>,
    pub valor_maximo_centavos: Option<i64>,
    pub sem_pix: Option<String>,
}

impl BasketRec {
    pub fn state(&self) -> Option<RecState> {
        self.rec_situacao.as_deref().and_then(RecState::from_db)
    }
}

/// Basket `id`'s recurrence.
pub async fn of_basket(db: &Db, id: &str) -> sqlx::Result<Option<BasketRec>> {
    sqlx::query_as(
        "SELECT rec_id, rec_situacao, rec_copia_e_cola, valor_maximo_centavos, sem_pix \
         FROM subscriptions WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Writes `rec` onto basket `id` inside its creating transaction.
pub async fn store_new(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    rec: &NewRec<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE subscriptions SET rec_id = $1, rec_situacao = $2, rec_copia_e_cola = $3, \
         valor_maximo_centavos = $4, sem_pix = $5 WHERE id = $6",
    )
    .bind(rec.id)
    .bind(RecState::Awaiting.as_db())
    .bind(rec.copia_e_cola)
    .bind(rec.max_centavos)
    .bind(rec.fallback.as_db())
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Records a notice that changed nothing, for the admin.
pub async fn note(db: &Db, tipo: &str, reference: &str, motivo: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO pix_automatico_avisos (id, tipo, ref, motivo, criado_em) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(new_id())
    .bind(tipo)
    .bind(reference.chars().take(64).collect::<String>())
    .bind(motivo)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// The due date of a cycle delivered on `delivery`, charged on `today`: the delivery's eve, or
/// today when the eve has passed (a cut-off on the delivery day itself).
pub fn due_date(delivery: Date, today: Date) -> Date {
    let eve = delivery.add_days(-1).unwrap_or(delivery);
    if eve < today { today } else { eve }
}

/// When a charge due on `due` stops being payable: the end of that day (São Paulo).
pub fn deadline_ms(due: Date) -> i64 {
    due.add_days(1).unwrap_or(due).start_ms()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_is_due_on_its_eve_and_payable_until_the_delivery_day_starts() {
        let d = |s| Date::parse(s).expect("date");
        assert_eq!(due_date(d("2026-12-08"), d("2026-12-06")), d("2026-12-07"));
        // A cut-off on the delivery day itself: due that day.
        assert_eq!(due_date(d("2026-12-08"), d("2026-12-08")), d("2026-12-08"));
        assert_eq!(deadline_ms(d("2026-12-07")), d("2026-12-08").start_ms());
    }

    #[test]
    fn states_read_back() {
        for s in [
            RecState::Awaiting,
            RecState::Active,
            RecState::Refused,
            RecState::Cancelled,
            RecState::CancelledAtBank,
        ] {
            assert_eq!(RecState::from_db(s.as_db()), Some(s));
        }
        assert_eq!(Fallback::parse("pausar"), Some(Fallback::Pause));
        assert_eq!(Fallback::parse("x"), None);
    }
}

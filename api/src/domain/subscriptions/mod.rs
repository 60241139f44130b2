//! Recurring baskets ('Cesta da semana', decisions.md §35; docs/subscriptions.md): the rows of a
//! buyer's basket at one store (`subscriptions`, its lines, the cycles handled, the store's
//! vacations) and the writes that keep a cycle handled once per (basket, delivery date).
//!
//! Ordering a cycle is the checkout's own code (`rpc::orders::place`, driven by
//! `rpc::subscriptions::cycles`); here are only the basket's state, by responsibility:
//! - [`rows`]: a basket as stored (its address, its coupon's cycles, its lines) and its reads;
//! - [`basket`]: the buyer's writes — a new basket, a change (lines, frequency, window, address,
//!   skip, pause, cancel);
//! - [`record`]: a cycle handled, once — [`record_cycle`] writes its outcome under the primary
//!   key (basket, date) and moves the basket on to its next date in the same transaction,
//!   conditionally (only from the date handled), so two instances or a retry after a crash
//!   record it once; the notice ahead of a cut-off, once;
//! - [`vacations`]: the store's vacations, which skip its baskets' cycles and tell every
//!   subscriber.
//!
//! The buyer's e-mails go through `crate::mail::enqueue_for_user`, their WhatsApp messages
//! through `crate::mail::whatsapp::baskets`, in the transaction of the change they tell about.

pub mod basket;
pub mod record;
pub mod rows;
pub mod vacations;

pub use basket::{Change, NewBasket, change, create};
pub use record::{Cycle, CycleRow, cycles, record_cycle, record_notice};
pub use rows::{
    BasketAddress, BasketLine, BasketRow, EVERY_CYCLE, coupon_cycles, cycle_coupon, due, lines,
    load, of_buyer, of_supplier,
};
pub use vacations::{StorePause, add_pause, on_vacation, pauses};

use crate::db::Db;
use serde::Serialize;
use utoipa::ToSchema;

/// How a basket is paid. Only in person is built; Pix Automático (decisions.md §35) will be a
/// second value of the same column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum BasketPayment {
    /// Paid on delivery or pickup, as an in-person order.
    #[serde(rename = "na_entrega")]
    InPerson,
    /// Each cycle charged by Pix Automático (a recurrence the buyer authorised once).
    #[serde(rename = "pix_automatico")]
    PixAutomatico,
}

impl BasketPayment {
    pub fn as_db(self) -> &'static str {
        match self {
            Self::InPerson => "na_entrega",
            Self::PixAutomatico => "pix_automatico",
        }
    }
}

/// A basket's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum BasketStatus {
    #[serde(rename = "ativa")]
    Active,
    /// Cycles before `pausada_ate` are skipped.
    #[serde(rename = "pausada")]
    Paused,
    #[serde(rename = "cancelada")]
    Cancelled,
}

impl BasketStatus {
    pub fn as_db(self) -> &'static str {
        match self {
            Self::Active => "ativa",
            Self::Paused => "pausada",
            Self::Cancelled => "cancelada",
        }
    }

    fn from_db(s: &str) -> Self {
        match s {
            "pausada" => Self::Paused,
            "cancelada" => Self::Cancelled,
            _ => Self::Active,
        }
    }
}

/// What became of one cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum CycleOutcome {
    /// Its order was placed.
    #[serde(rename = "pedido")]
    Ordered,
    /// The buyer skipped it.
    #[serde(rename = "pulada")]
    Skipped,
    /// The buyer's pause covered it.
    #[serde(rename = "pausada")]
    Paused,
    /// The store's vacation covered it.
    #[serde(rename = "ferias")]
    Vacation,
    /// Nothing of it was in stock: no order.
    #[serde(rename = "vazia")]
    Empty,
    /// Its order was refused (the reason is kept: a minimum not reached, the store closed…).
    #[serde(rename = "recusada")]
    Refused,
}

impl CycleOutcome {
    pub fn as_db(self) -> &'static str {
        match self {
            Self::Ordered => "pedido",
            Self::Skipped => "pulada",
            Self::Paused => "pausada",
            Self::Vacation => "ferias",
            Self::Empty => "vazia",
            Self::Refused => "recusada",
        }
    }

    pub fn from_db(s: &str) -> Self {
        match s {
            "pedido" => Self::Ordered,
            "pulada" => Self::Skipped,
            "pausada" => Self::Paused,
            "ferias" => Self::Vacation,
            "vazia" => Self::Empty,
            _ => Self::Refused,
        }
    }
}

/// The store's name, as its baskets' notices and views show it ('' when it is gone).
pub async fn store_name(db: &Db, supplier_id: &str) -> sqlx::Result<String> {
    Ok(
        sqlx::query_scalar("SELECT nomeforn FROM suppliers WHERE user_id = $1")
            .bind(supplier_id)
            .fetch_optional(db)
            .await?
            .unwrap_or_default(),
    )
}

//! The dates and windows a buyer may choose from a store's days at a given instant (every window
//! of the next [`HORIZON_DAYS`] days in São Paulo whose cut-off is still ahead), and the check of
//! a buyer's choice: the same code in the browser, which shows them, and on the server, which
//! refuses a choice no longer offered.

use super::{Clock, DaysError, DeliveryDays};
use crate::checkout::Fulfilment;
use crate::date::Date;
use serde::{Deserialize, Serialize};

/// How many days, today included, a buyer may choose from.
pub const HORIZON_DAYS: u32 = 14;

impl DeliveryDays {
    /// The dates and windows of `kind` a buyer may choose at instant `now_ms` (UTC ms): every
    /// window of the next [`HORIZON_DAYS`] days in São Paulo, today included, whose cut-off is
    /// still ahead, by date and start.
    pub fn offered(&self, kind: Fulfilment, now_ms: i64) -> Vec<Slot> {
        let Some(today) = Date::of_ms(now_ms) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for n in 0..i64::from(HORIZON_DAYS) {
            let Some(date) = today.add_days(n) else { break };
            let weekday = date.weekday();
            for w in self
                .windows
                .iter()
                .filter(|w| w.tipo == kind && w.dia_semana == weekday)
            {
                if now_ms < self.cutoff.deadline_ms(date, w.inicio) {
                    out.push(Slot {
                        data: date,
                        inicio: w.inicio,
                        fim: w.fim,
                    });
                }
            }
        }
        out
    }

    /// The buyer's choice for `kind` at `now_ms`: none for a store without windows of that kind
    /// (a choice then is refused as not offered), else one of [`Self::offered`].
    pub fn check_choice(
        &self,
        kind: Fulfilment,
        now_ms: i64,
        choice: Option<Slot>,
    ) -> Result<Option<Slot>, DaysError> {
        match choice {
            None if self.has(kind) => Err(DaysError::DateRequired(kind)),
            None => Ok(None),
            Some(c) if self.offered(kind, now_ms).contains(&c) => Ok(Some(c)),
            Some(_) => Err(DaysError::NotOffered(kind)),
        }
    }

    /// The instant (UTC ms) orders close for `slot` under this store's cut-off.
    pub fn closes_ms(&self, slot: &Slot) -> i64 {
        self.cutoff.deadline_ms(slot.data, slot.inicio)
    }

    /// Whether the store has a window of `kind` on `slot`'s weekday with `slot`'s hours (a
    /// recurring basket keeps its window from cycle to cycle; decisions.md §35).
    pub fn has_window(&self, kind: Fulfilment, slot: &Slot) -> bool {
        let weekday = slot.data.weekday();
        self.windows.iter().any(|w| {
            w.tipo == kind
                && w.dia_semana == weekday
                && w.inicio == slot.inicio
                && w.fim == slot.fim
        })
    }
}

/// One date and window a buyer may choose (and an order carries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// `AAAA-MM-DD`, in São Paulo.
    pub data: Date,
    /// `HH:MM`.
    pub inicio: Clock,
    /// `HH:MM`.
    pub fim: Clock,
}

impl Slot {
    /// From the stored or sent texts; `None` when one is not a date or time, or the window
    /// ends before it starts.
    pub fn parse(data: &str, inicio: &str, fim: &str) -> Option<Self> {
        let (data, inicio, fim) = (
            Date::parse(data)?,
            Clock::parse(inicio)?,
            Clock::parse(fim)?,
        );
        (inicio < fim).then_some(Self { data, inicio, fim })
    }
}

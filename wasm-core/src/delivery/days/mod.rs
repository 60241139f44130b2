//! Delivery days and windows (decisions.md §36): a store's weekly windows for delivery and for
//! pickup ('Terça e sexta, 8h–12h') and its cut-off for orders ('pedidos até 18h do dia
//! anterior'); the dates and windows a buyer may choose at checkout, computed from them and the
//! current time in America/Sao_Paulo (decisions.md §40: UTC−3 all year, no daylight saving since
//! 2019; holidays are not known); and the Brazilian text of a chosen date and window ('terça-feira,
//! 1 de dezembro, 8h–12h').
//!
//! The browser computes the offered slots to show them; the server recomputes them with this
//! very code when the order is placed and refuses a choice no longer offered. A store without a
//! window for the chosen mode offers no dates: the order carries none, as the spec's checkout.
//!
//! This module holds the settings and their checks (the times of day, the weekly windows, the
//! cut-off, the days as stored, the refusals); `slots` the dates and windows a buyer may choose
//! and the check of a choice; `labels` the Brazilian text (weekdays, dates, hours, a store's
//! summary); `form` the store's settings form.

mod form;
mod labels;
mod slots;
#[cfg(test)]
mod tests;

pub use form::*;
pub use labels::*;
pub use slots::*;

use crate::checkout::Fulfilment;
use crate::date::Date;
use crate::messages::{self, Message};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;

/// The most windows a store may set (both kinds together).
pub const MAX_WINDOWS: usize = 42;
/// The longest cut-off in hours before a window (a week).
pub const MAX_CUTOFF_HOURS: u32 = 168;
/// The most days before the delivery day a cut-off may fall.
pub const MAX_CUTOFF_DAYS: u8 = 7;

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;

/// A time of day in São Paulo, to the minute (00:00–23:59).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clock(u16);

impl Clock {
    /// `HH:MM` (what `<input type="time">` gives), `H:MM`, `8h` or `8h30`; `None` otherwise.
    pub fn parse(input: &str) -> Option<Self> {
        let s = input.trim().to_ascii_lowercase();
        let digits = |t: &str, len: std::ops::RangeInclusive<usize>| {
            (len.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u16>().ok())
                .flatten()
        };
        let (h, m) = if let Some((h, m)) = s.split_once(':') {
            (digits(h, 1..=2)?, digits(m, 2..=2)?)
        } else {
            let (h, m) = s.split_once('h')?;
            let m = if m.is_empty() { 0 } else { digits(m, 2..=2)? };
            (digits(h, 1..=2)?, m)
        };
        Self::hm(h, m)
    }

    /// From hours and minutes; `None` beyond 23:59.
    pub fn hm(hours: u16, minutes: u16) -> Option<Self> {
        (hours < 24 && minutes < 60).then_some(Self(hours * 60 + minutes))
    }

    /// Minutes since midnight.
    pub fn minutes(self) -> u16 {
        self.0
    }

    /// `HH:MM`, as stored and sent.
    pub fn iso(self) -> String {
        format!("{:02}:{:02}", self.0 / 60, self.0 % 60)
    }

    /// `8h`, `8h30`: as Brazilians write an hour.
    pub fn label(self) -> String {
        match self.0 % 60 {
            0 => format!("{}h", self.0 / 60),
            m => format!("{}h{:02}", self.0 / 60, m),
        }
    }

    fn ms(self) -> i64 {
        i64::from(self.0) * MINUTE_MS
    }
}

impl Serialize for Clock {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.iso())
    }
}

impl<'de> Deserialize<'de> for Clock {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).ok_or_else(|| serde::de::Error::custom(messages::HORARIO_INVALIDO))
    }
}

/// One weekly window: on `dia_semana` (0 Sunday … 6 Saturday) the store delivers or receives
/// pickups from `inicio` to `fim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Window {
    /// `entrega` or `retirada`.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "entrega"))]
    pub tipo: Fulfilment,
    /// 0 Sunday … 6 Saturday.
    pub dia_semana: u8,
    /// `HH:MM`.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "08:00"))]
    pub inicio: Clock,
    /// `HH:MM`, after `inicio`.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "12:00"))]
    pub fim: Clock,
}

impl Window {
    /// `terça-feira, 8h–12h`.
    fn label(&self) -> String {
        format!(
            "{}, {}",
            WEEKDAYS[usize::from(self.dia_semana % 7)],
            hours(self.inicio, self.fim)
        )
    }
}

/// When orders for a window close.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cutoff {
    /// When the window starts.
    #[default]
    AtStart,
    /// This many hours before the window starts.
    HoursBefore(u32),
    /// At this time of the day `days` days before the delivery day (1: 'até 18h do dia
    /// anterior'; 0: the same day).
    DaysBefore { days: u8, at: Clock },
}

impl Cutoff {
    /// The instant (UTC ms) orders close for a window of `date` starting at `start`.
    fn deadline_ms(self, date: Date, start: Clock) -> i64 {
        let window_start = date.start_ms() + start.ms();
        match self {
            Self::AtStart => window_start,
            Self::HoursBefore(h) => window_start - i64::from(h) * HOUR_MS,
            Self::DaysBefore { days, at } => {
                date.start_ms() - i64::from(days) * 24 * HOUR_MS + at.ms()
            }
        }
    }

    /// 'pedidos até 18h do dia anterior', 'pedidos até 12 horas antes', '' for none.
    pub fn label(self) -> String {
        match self {
            Self::AtStart => String::new(),
            Self::HoursBefore(1) => "pedidos até 1 hora antes".into(),
            Self::HoursBefore(h) => format!("pedidos até {h} horas antes"),
            Self::DaysBefore { days: 0, at } => format!("pedidos até {} do mesmo dia", at.label()),
            Self::DaysBefore { days: 1, at } => {
                format!("pedidos até {} do dia anterior", at.label())
            }
            Self::DaysBefore { days, at } => {
                format!("pedidos até {} de {days} dias antes", at.label())
            }
        }
    }
}

/// A store's delivery days: its windows (checked: each ends after it starts, none overlaps
/// another of its day and kind) and its cut-off.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "DaysRecord", into = "DaysRecord")]
pub struct DeliveryDays {
    windows: Vec<Window>,
    cutoff: Cutoff,
}

/// The days as stored and sent: the windows and the cut-off's three nullable fields (the
/// `suppliers` columns `corte_horas`, `corte_dias`, `corte_hora`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct DaysRecord {
    /// The weekly windows, by kind, weekday and start.
    pub janelas: Vec<Window>,
    /// Orders close this many hours before the window starts.
    pub corte_horas: Option<i64>,
    /// Orders close `corte_dias` days before the delivery day, at `corte_hora` (`HH:MM`).
    pub corte_dias: Option<i64>,
    pub corte_hora: Option<String>,
}

impl TryFrom<DaysRecord> for DeliveryDays {
    type Error = DaysError;
    fn try_from(r: DaysRecord) -> Result<Self, DaysError> {
        let cutoff = match (r.corte_horas, r.corte_dias, r.corte_hora.as_deref()) {
            (Some(h), _, _) => {
                Cutoff::HoursBefore(u32::try_from(h).map_err(|_| DaysError::InvalidCutoff)?)
            }
            (None, Some(d), Some(at)) => Cutoff::DaysBefore {
                days: u8::try_from(d).map_err(|_| DaysError::InvalidCutoff)?,
                at: Clock::parse(at).ok_or(DaysError::InvalidCutoff)?,
            },
            _ => Cutoff::AtStart,
        };
        DeliveryDays::new(r.janelas, cutoff)
    }
}

impl From<DeliveryDays> for DaysRecord {
    fn from(d: DeliveryDays) -> Self {
        let (corte_horas, corte_dias, corte_hora) = match d.cutoff {
            Cutoff::AtStart => (None, None, None),
            Cutoff::HoursBefore(h) => (Some(i64::from(h)), None, None),
            Cutoff::DaysBefore { days, at } => (None, Some(i64::from(days)), Some(at.iso())),
        };
        Self {
            janelas: d.windows,
            corte_horas,
            corte_dias,
            corte_hora,
        }
    }
}

/// Why a store's days were refused, or a buyer's choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DaysError {
    /// A time that is not `HH:MM`.
    InvalidTime,
    /// A weekday outside 0–6.
    InvalidWeekday,
    /// A kind other than entrega or retirada.
    InvalidKind,
    TooManyWindows,
    /// A window that ends when or before it starts.
    EndsBeforeStart(Window),
    /// Two windows of one day and kind that overlap.
    Overlap(Window, Window),
    /// A cut-off that is not a number of hours or days within bounds, or has no time.
    InvalidCutoff,
    /// A cut-off on the delivery day after this window starts.
    CutoffAfterDelivery(Window),
    /// The store has days for this mode and the buyer chose none.
    DateRequired(Fulfilment),
    /// A date or window not (or no longer) offered, or in the past.
    NotOffered(Fulfilment),
}

impl Message for DaysError {
    fn message(&self) -> Cow<'static, str> {
        let kind = |k: Fulfilment| match k {
            Fulfilment::Delivery => "entrega",
            Fulfilment::Pickup => "retirada",
        };
        Cow::Borrowed(match self {
            Self::InvalidTime => messages::HORARIO_INVALIDO,
            Self::InvalidWeekday => messages::DIA_SEMANA_INVALIDO,
            Self::InvalidKind => messages::DADOS_INVALIDOS,
            Self::TooManyWindows => messages::JANELAS_DEMAIS,
            Self::InvalidCutoff => messages::PRAZO_INVALIDO,
            Self::EndsBeforeStart(w) => {
                return Cow::Owned(format!(
                    "A janela de {} de {} termina antes de começar.",
                    kind(w.tipo),
                    w.label()
                ));
            }
            Self::Overlap(a, b) => {
                return Cow::Owned(format!(
                    "As janelas de {} de {} e {} se sobrepõem.",
                    kind(a.tipo),
                    a.label(),
                    hours(b.inicio, b.fim)
                ));
            }
            Self::CutoffAfterDelivery(w) => {
                return Cow::Owned(format!(
                    "O prazo para pedidos termina depois do início da {} de {}.",
                    kind(w.tipo),
                    w.label()
                ));
            }
            Self::DateRequired(Fulfilment::Delivery) => messages::ESCOLHA_DATA_ENTREGA,
            Self::DateRequired(Fulfilment::Pickup) => messages::ESCOLHA_DATA_RETIRADA,
            Self::NotOffered(Fulfilment::Delivery) => messages::DATA_ENTREGA_INDISPONIVEL,
            Self::NotOffered(Fulfilment::Pickup) => messages::DATA_RETIRADA_INDISPONIVEL,
        })
    }
}

crate::display_message!(DaysError);

impl DeliveryDays {
    /// Checks the windows (bounds, order, overlaps) and the cut-off (bounds; not after a
    /// window's start on its own day); the windows come out sorted by kind, weekday and start.
    pub fn new(mut windows: Vec<Window>, cutoff: Cutoff) -> Result<Self, DaysError> {
        if windows.len() > MAX_WINDOWS {
            return Err(DaysError::TooManyWindows);
        }
        for w in &windows {
            if w.dia_semana > 6 {
                return Err(DaysError::InvalidWeekday);
            }
            if w.fim <= w.inicio {
                return Err(DaysError::EndsBeforeStart(*w));
            }
        }
        let key = |w: &Window| (w.tipo == Fulfilment::Pickup, w.dia_semana, w.inicio, w.fim);
        windows.sort_by_key(key);
        for pair in windows.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if a.tipo == b.tipo && a.dia_semana == b.dia_semana && b.inicio < a.fim {
                return Err(DaysError::Overlap(a, b));
            }
        }
        match cutoff {
            Cutoff::AtStart => {}
            Cutoff::HoursBefore(h) if h > MAX_CUTOFF_HOURS => return Err(DaysError::InvalidCutoff),
            Cutoff::HoursBefore(_) => {}
            Cutoff::DaysBefore { days, .. } if days > MAX_CUTOFF_DAYS => {
                return Err(DaysError::InvalidCutoff);
            }
            Cutoff::DaysBefore { days: 0, at } => {
                if let Some(w) = windows.iter().find(|w| w.inicio < at) {
                    return Err(DaysError::CutoffAfterDelivery(*w));
                }
            }
            Cutoff::DaysBefore { .. } => {}
        }
        Ok(Self { windows, cutoff })
    }

    pub fn windows(&self) -> &[Window] {
        &self.windows
    }

    pub fn cutoff(&self) -> Cutoff {
        self.cutoff
    }

    /// Whether the store has windows for `kind` (then the buyer must choose one).
    pub fn has(&self, kind: Fulfilment) -> bool {
        self.windows.iter().any(|w| w.tipo == kind)
    }
}

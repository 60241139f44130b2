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

use crate::checkout::Fulfilment;
use crate::date::Date;
use crate::forms::lenient_text;
use crate::messages::{self, Message};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// How many days, today included, a buyer may choose from.
pub const HORIZON_DAYS: u32 = 14;
/// The most windows a store may set (both kinds together).
pub const MAX_WINDOWS: usize = 42;
/// The longest cut-off in hours before a window (a week).
pub const MAX_CUTOFF_HOURS: u32 = 168;
/// The most days before the delivery day a cut-off may fall.
pub const MAX_CUTOFF_DAYS: u8 = 7;

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;

/// The weekdays as Brazilians write them, 0 Sunday … 6 Saturday.
pub const WEEKDAYS: [&str; 7] = [
    "domingo",
    "segunda-feira",
    "terça-feira",
    "quarta-feira",
    "quinta-feira",
    "sexta-feira",
    "sábado",
];

const MONTHS: [&str; 12] = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
];

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

/// `8h–12h`.
pub fn hours(start: Clock, end: Clock) -> String {
    format!("{}–{}", start.label(), end.label())
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

    /// 'Terça e sexta, 8h–12h' for `kind`: the days that share a set of windows, then those
    /// windows; several groups joined by '; '. Empty without windows.
    pub fn summary(&self, kind: Fulfilment) -> String {
        let mut groups: Vec<(Vec<u8>, Spans)> = Vec::new();
        for day in 0..7u8 {
            let spans: Spans = self
                .windows
                .iter()
                .filter(|w| w.tipo == kind && w.dia_semana == day)
                .map(|w| (w.inicio, w.fim))
                .collect();
            if spans.is_empty() {
                continue;
            }
            match groups.iter_mut().find(|(_, s)| *s == spans) {
                Some((days, _)) => days.push(day),
                None => groups.push((vec![day], spans)),
            }
        }
        let short = |d: u8| WEEKDAYS[usize::from(d)].trim_end_matches("-feira");
        let text: Vec<String> = groups
            .iter()
            .map(|(days, spans)| {
                let names: Vec<&str> = days.iter().map(|&d| short(d)).collect();
                let names = match names.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} e {last}", rest.join(", "))
                    }
                    _ => names.concat(),
                };
                let spans: Vec<String> = spans.iter().map(|&(a, b)| hours(a, b)).collect();
                format!("{names}, {}", spans.join(" e "))
            })
            .collect();
        let mut s = text.join("; ");
        if let Some(first) = s.chars().next() {
            s.replace_range(..first.len_utf8(), &first.to_uppercase().to_string());
        }
        s
    }
}

/// A day's windows, as (start, end).
type Spans = Vec<(Clock, Clock)>;

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

    /// 'terça-feira, 1 de dezembro, 8h–12h'.
    pub fn label(&self) -> String {
        format!(
            "{}, {}",
            date_label(self.data),
            hours(self.inicio, self.fim)
        )
    }
}

/// 'terça-feira, 1 de dezembro'.
pub fn date_label(d: Date) -> String {
    format!(
        "{}, {} de {}",
        WEEKDAYS[usize::from(d.weekday())],
        d.day(),
        MONTHS[usize::from(d.month() - 1)]
    )
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// The store's days as its Entrega settings form holds them (text as typed).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct DaysForm {
    pub janelas: Vec<WindowForm>,
    /// `""` (orders until the window starts), `"horas"` or `"dias"`.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_tipo: String,
    /// Hours before the window (`horas`).
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_horas: String,
    /// Days before the delivery day (`dias`; 1 = the day before).
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_dias: String,
    /// `HH:MM` on that day (`dias`).
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_hora: String,
}

/// One window row of the form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct WindowForm {
    /// `entrega` or `retirada`.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub tipo: String,
    /// 0 Sunday … 6 Saturday.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub dia_semana: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub inicio: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub fim: String,
}

impl WindowForm {
    fn validate(&self) -> Result<Window, DaysError> {
        let tipo = match self.tipo.trim() {
            "entrega" => Fulfilment::Delivery,
            "retirada" => Fulfilment::Pickup,
            _ => return Err(DaysError::InvalidKind),
        };
        let dia_semana = self
            .dia_semana
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|d| *d <= 6)
            .ok_or(DaysError::InvalidWeekday)?;
        let time = |t: &str| Clock::parse(t).ok_or(DaysError::InvalidTime);
        Ok(Window {
            tipo,
            dia_semana,
            inicio: time(&self.inicio)?,
            fim: time(&self.fim)?,
        })
    }
}

impl DaysForm {
    /// The store's days, or the first message that refuses them.
    pub fn validate(&self) -> Result<DeliveryDays, DaysError> {
        if self.janelas.len() > MAX_WINDOWS {
            return Err(DaysError::TooManyWindows);
        }
        let windows = self
            .janelas
            .iter()
            .map(WindowForm::validate)
            .collect::<Result<Vec<_>, _>>()?;
        let number = |t: &str| {
            t.trim()
                .parse::<i64>()
                .map_err(|_| DaysError::InvalidCutoff)
        };
        let cutoff = match self.corte_tipo.trim() {
            "" => Cutoff::AtStart,
            "horas" => match number(&self.corte_horas)? {
                // Hours "before" that fall after the window's start.
                h if h < 0 => {
                    return Err(windows.first().map_or(DaysError::InvalidCutoff, |w| {
                        DaysError::CutoffAfterDelivery(*w)
                    }));
                }
                h => Cutoff::HoursBefore(u32::try_from(h).map_err(|_| DaysError::InvalidCutoff)?),
            },
            "dias" => Cutoff::DaysBefore {
                days: u8::try_from(number(&self.corte_dias)?)
                    .map_err(|_| DaysError::InvalidCutoff)?,
                at: Clock::parse(&self.corte_hora).ok_or(DaysError::InvalidCutoff)?,
            },
            _ => return Err(DaysError::InvalidCutoff),
        };
        DeliveryDays::new(windows, cutoff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Clock {
        Clock::parse(s).unwrap()
    }

    fn w(tipo: Fulfilment, dia: u8, a: &str, b: &str) -> Window {
        Window {
            tipo,
            dia_semana: dia,
            inicio: t(a),
            fim: t(b),
        }
    }

    const E: Fulfilment = Fulfilment::Delivery;
    const R: Fulfilment = Fulfilment::Pickup;

    /// UTC ms of `AAAA-MM-DD HH:MM` in São Paulo.
    fn sp(date: &str, time: &str) -> i64 {
        Date::parse(date).unwrap().start_ms() + t(time).ms()
    }

    fn slot(date: &str, a: &str, b: &str) -> Slot {
        Slot::parse(date, a, b).unwrap()
    }

    fn dates(v: &[Slot]) -> Vec<String> {
        v.iter()
            .map(|s| format!("{} {}", s.data.iso(), hours(s.inicio, s.fim)))
            .collect()
    }

    /// Tuesday and Friday 8h–12h deliveries, Saturday 9h–11h pickups.
    fn tue_fri(cutoff: Cutoff) -> DeliveryDays {
        DeliveryDays::new(
            vec![
                w(E, 5, "08:00", "12:00"),
                w(E, 2, "08:00", "12:00"),
                w(R, 6, "09:00", "11:00"),
            ],
            cutoff,
        )
        .unwrap()
    }

    #[test]
    fn clock_reads_and_writes_brazilian_hours() {
        assert_eq!(t("08:00").iso(), "08:00");
        assert_eq!(t("8:30").label(), "8h30");
        assert_eq!(t("8h").iso(), "08:00");
        assert_eq!(t("18h30").iso(), "18:30");
        assert_eq!(t("23:59").minutes(), 23 * 60 + 59);
        for bad in ["", "24:00", "12:60", "8", "ab:cd", "8:5", "123:00", "-1:00"] {
            assert_eq!(Clock::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn offered_dates_cross_the_week_boundary() {
        // Saturday 2026-11-28, 10:00 in São Paulo: next Tuesday is 12-01, Friday 12-04 …
        let days = tue_fri(Cutoff::AtStart);
        let now = sp("2026-11-28", "10:00");
        let offered = days.offered(E, now);
        assert_eq!(
            dates(&offered),
            [
                "2026-12-01 8h–12h",
                "2026-12-04 8h–12h",
                "2026-12-08 8h–12h",
                "2026-12-11 8h–12h",
            ]
        );
        // Pickups: Saturday 9h–11h already started today, so next Saturday only (12-12 is
        // beyond the fourteen days, today included).
        assert_eq!(dates(&days.offered(R, now)), ["2026-12-05 9h–11h"]);
        // Across a year's end too.
        let new_year = days.offered(E, sp("2026-12-30", "09:00"));
        assert_eq!(new_year[0].data.iso(), "2027-01-01");
        assert_eq!(new_year[1].data.iso(), "2027-01-05");
    }

    #[test]
    fn a_window_of_today_is_offered_until_it_starts() {
        let days = tue_fri(Cutoff::AtStart);
        let tuesday = "2026-12-01";
        assert_eq!(
            days.offered(E, sp(tuesday, "07:59"))[0],
            slot(tuesday, "08:00", "12:00")
        );
        assert_eq!(
            days.offered(E, sp(tuesday, "08:00"))[0].data.iso(),
            "2026-12-04"
        );
    }

    #[test]
    fn cutoff_the_evening_before_just_before_and_after() {
        // 'pedidos até 18h do dia anterior'.
        let days = tue_fri(Cutoff::DaysBefore {
            days: 1,
            at: t("18:00"),
        });
        let tuesday = slot("2026-12-01", "08:00", "12:00");
        let before = sp("2026-11-30", "17:59");
        let after = sp("2026-11-30", "18:00");
        assert_eq!(days.offered(E, before)[0], tuesday);
        assert_eq!(days.offered(E, after)[0].data.iso(), "2026-12-04");
        assert_eq!(
            days.check_choice(E, before, Some(tuesday)),
            Ok(Some(tuesday))
        );
        assert_eq!(
            days.check_choice(E, after, Some(tuesday)),
            Err(DaysError::NotOffered(E))
        );
        assert_eq!(
            days.check_choice(E, after, Some(tuesday))
                .unwrap_err()
                .to_string(),
            "Esta data de entrega não está mais disponível. Escolha outra."
        );
    }

    #[test]
    fn cutoff_in_hours_before_the_window() {
        let days = tue_fri(Cutoff::HoursBefore(24));
        // Tuesday 08:00 minus 24 h = Monday 08:00.
        assert_eq!(
            days.offered(E, sp("2026-11-30", "07:59"))[0].data.iso(),
            "2026-12-01"
        );
        assert_eq!(
            days.offered(E, sp("2026-11-30", "08:00"))[0].data.iso(),
            "2026-12-04"
        );
    }

    #[test]
    fn late_night_utc_is_still_the_previous_day_in_sao_paulo() {
        // 2026-12-01 01:30 UTC is Monday 2026-11-30 22:30 in São Paulo (UTC−3, no DST): the
        // Tuesday is still open with a cut-off of 23:00 the day before, and Monday is "today".
        let now = 1_796_088_600_000; // 2026-12-01T01:30:00Z
        assert_eq!(Date::of_ms(now).unwrap().iso(), "2026-11-30");
        assert_eq!(now, sp("2026-11-30", "22:30"));
        let days = tue_fri(Cutoff::DaysBefore {
            days: 1,
            at: t("23:00"),
        });
        assert_eq!(
            days.offered(E, now)[0],
            slot("2026-12-01", "08:00", "12:00")
        );
        // A Monday window 23:00–23:30 is still today's.
        let monday = DeliveryDays::new(vec![w(E, 1, "23:00", "23:30")], Cutoff::AtStart).unwrap();
        assert_eq!(
            monday.offered(E, now)[0],
            slot("2026-11-30", "23:00", "23:30")
        );
        // In January (southern summer, when Brazil used to shift its clocks) it is still
        // UTC−3: 2027-01-15T02:59Z is 23:59 of the 14th in São Paulo.
        let january = 1_799_981_940_000; // 2027-01-15T02:59:00Z
        assert_eq!(Date::of_ms(january).unwrap().iso(), "2027-01-14");
        assert_eq!(
            Date::of_ms(january + MINUTE_MS).unwrap().iso(),
            "2027-01-15"
        );
    }

    #[test]
    fn the_horizon_is_fourteen_days() {
        let every_day = DeliveryDays::new(
            (0..7).map(|d| w(E, d, "08:00", "09:00")).collect(),
            Cutoff::AtStart,
        )
        .unwrap();
        let offered = every_day.offered(E, sp("2026-11-28", "07:00"));
        assert_eq!(offered.len(), 14);
        assert_eq!(offered[13].data.iso(), "2026-12-11");
        // A date in the past or beyond the horizon is not offered.
        let now = sp("2026-11-28", "07:00");
        for c in [
            slot("2026-11-27", "08:00", "09:00"),
            slot("2026-12-12", "08:00", "09:00"),
            slot("2026-11-28", "08:00", "08:30"),
        ] {
            assert_eq!(
                every_day.check_choice(E, now, Some(c)),
                Err(DaysError::NotOffered(E))
            );
        }
    }

    #[test]
    fn no_days_keeps_no_date() {
        let none = DeliveryDays::default();
        assert!(none.offered(E, sp("2026-11-28", "07:00")).is_empty());
        assert_eq!(none.check_choice(E, 0, None), Ok(None));
        assert_eq!(
            none.check_choice(
                E,
                sp("2026-11-28", "07:00"),
                Some(slot("2026-12-01", "08:00", "12:00"))
            ),
            Err(DaysError::NotOffered(E))
        );
        // Delivery days only: pickup still has no date.
        let days = DeliveryDays::new(vec![w(E, 2, "08:00", "12:00")], Cutoff::AtStart).unwrap();
        assert_eq!(days.check_choice(R, 0, None), Ok(None));
        assert_eq!(
            days.check_choice(E, 0, None).unwrap_err().to_string(),
            "Escolha a data e o horário da entrega."
        );
    }

    #[test]
    fn bad_settings_are_refused_with_their_message() {
        let form = |json: &str| {
            serde_json::from_str::<DaysForm>(json)
                .unwrap()
                .validate()
                .map_err(|e| e.to_string())
        };
        let cases: &[(&str, &str)] = &[
            (
                r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"12:00","fim":"08:00"}]}"#,
                "A janela de entrega de terça-feira, 12h–8h termina antes de começar.",
            ),
            (
                r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"08:00","fim":"08:00"}]}"#,
                "A janela de entrega de terça-feira, 8h–8h termina antes de começar.",
            ),
            (
                r#"{"janelas":[{"tipo":"retirada","dia_semana":5,"inicio":"10:00","fim":"14:00"},{"tipo":"retirada","dia_semana":5,"inicio":"08:00","fim":"12:00"}]}"#,
                "As janelas de retirada de sexta-feira, 8h–12h e 10h–14h se sobrepõem.",
            ),
            (
                r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"08:00","fim":"12:00"}],"corte_tipo":"dias","corte_dias":"0","corte_hora":"10:00"}"#,
                "O prazo para pedidos termina depois do início da entrega de terça-feira, 8h–12h.",
            ),
            (
                r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"08:00","fim":"12:00"}],"corte_tipo":"horas","corte_horas":"-2"}"#,
                "O prazo para pedidos termina depois do início da entrega de terça-feira, 8h–12h.",
            ),
            (
                r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"8","fim":"12:00"}]}"#,
                "Insira um horário válido, como 08:00.",
            ),
            (
                r#"{"janelas":[{"tipo":"entrega","dia_semana":7,"inicio":"08:00","fim":"12:00"}]}"#,
                "Escolha um dia da semana.",
            ),
            (
                r#"{"corte_tipo":"horas","corte_horas":"doze"}"#,
                "Insira um prazo para pedidos válido.",
            ),
            (
                r#"{"corte_tipo":"horas","corte_horas":"169"}"#,
                "Insira um prazo para pedidos válido.",
            ),
            (
                r#"{"corte_tipo":"dias","corte_dias":"1","corte_hora":""}"#,
                "Insira um prazo para pedidos válido.",
            ),
        ];
        for (json, message) in cases {
            assert_eq!(form(json).unwrap_err(), *message, "{json}");
        }
        // Touching windows are fine; the same hours on another day or kind too.
        let ok = form(
            r#"{"janelas":[{"tipo":"entrega","dia_semana":"2","inicio":"12:00","fim":"14:00"},{"tipo":"entrega","dia_semana":2,"inicio":"8h","fim":"12h"},{"tipo":"retirada","dia_semana":2,"inicio":"08:00","fim":"12:00"}],"corte_tipo":"dias","corte_dias":1,"corte_hora":"18:00"}"#,
        )
        .unwrap();
        assert_eq!(ok.windows()[0].inicio, t("08:00"));
        assert_eq!(ok.cutoff().label(), "pedidos até 18h do dia anterior");
        // A same-day cut-off before every window is fine.
        assert!(
            form(r#"{"janelas":[{"tipo":"entrega","dia_semana":2,"inicio":"14:00","fim":"16:00"}],"corte_tipo":"dias","corte_dias":0,"corte_hora":"10:00"}"#)
                .is_ok()
        );
    }

    #[test]
    fn record_round_trip_and_labels() {
        let days = tue_fri(Cutoff::DaysBefore {
            days: 1,
            at: t("18:00"),
        });
        let json = serde_json::to_value(&days).unwrap();
        assert_eq!(json["corte_dias"], 1);
        assert_eq!(json["corte_hora"], "18:00");
        assert_eq!(json["janelas"][0]["tipo"], "entrega");
        assert_eq!(json["janelas"][0]["dia_semana"], 2);
        let back: DeliveryDays = serde_json::from_value(json).unwrap();
        assert_eq!(back, days);
        assert_eq!(days.summary(E), "Terça e sexta, 8h–12h");
        assert_eq!(days.summary(R), "Sábado, 9h–11h");
        assert_eq!(DeliveryDays::default().summary(E), "");
        assert_eq!(
            slot("2026-12-01", "08:00", "12:00").label(),
            "terça-feira, 1 de dezembro, 8h–12h"
        );
        assert_eq!(
            slot("2027-03-06", "09:30", "11:00").label(),
            "sábado, 6 de março, 9h30–11h"
        );
        assert_eq!(Slot::parse("2026-12-01", "12:00", "08:00"), None);
        assert_eq!(
            Cutoff::HoursBefore(12).label(),
            "pedidos até 12 horas antes"
        );
    }
}

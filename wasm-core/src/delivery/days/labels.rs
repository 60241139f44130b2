//! The Brazilian text of delivery days: the weekdays, a date ('terça-feira, 1 de dezembro'),
//! hours ('8h–12h'), a chosen date and window ('terça-feira, 1 de dezembro, 8h–12h') and a
//! store's summary of its days ('Terça e sexta, 8h–12h').

use super::{Clock, DeliveryDays, Slot};
use crate::checkout::Fulfilment;
use crate::date::Date;
use std::fmt;

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

/// `8h–12h`.
pub fn hours(start: Clock, end: Clock) -> String {
    format!("{}–{}", start.label(), end.label())
}

impl DeliveryDays {
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

impl Slot {
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

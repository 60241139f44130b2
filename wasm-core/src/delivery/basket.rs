//! Recurring baskets ('Cesta da semana', decisions.md §35): how often a basket is delivered and
//! which dates its cycles fall on. A basket keeps the weekday and window of its first delivery
//! (one of the store's, §36): 'semanal' every 7 days, 'quinzenal' every 14, 'mensal' every 28
//! (four weeks, so the cycle stays on the store's delivery weekday). The browser shows the dates
//! with this code and the server generates the cycles with it.

use crate::date::Date;
use serde::{Deserialize, Serialize};

/// How often a basket is delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frequency {
    #[serde(rename = "semanal")]
    Weekly,
    #[serde(rename = "quinzenal")]
    Fortnightly,
    #[serde(rename = "mensal")]
    Monthly,
}

/// 'Escolha a frequência: semanal, quinzenal ou mensal.'
pub const FREQUENCIA_INVALIDA: &str = "Escolha a frequência: semanal, quinzenal ou mensal.";

impl Frequency {
    /// From its wire name ('semanal', 'quinzenal', 'mensal'; case and spaces ignored).
    pub fn parse(input: &str) -> Option<Self> {
        match input.trim().to_lowercase().as_str() {
            "semanal" => Some(Self::Weekly),
            "quinzenal" => Some(Self::Fortnightly),
            "mensal" => Some(Self::Monthly),
            _ => None,
        }
    }

    /// The wire and stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Weekly => "semanal",
            Self::Fortnightly => "quinzenal",
            Self::Monthly => "mensal",
        }
    }

    /// Days between two cycles.
    pub fn days(self) -> i64 {
        match self {
            Self::Weekly => 7,
            Self::Fortnightly => 14,
            Self::Monthly => 28,
        }
    }

    /// The cycle after the one of `date`.
    pub fn next(self, date: Date) -> Option<Date> {
        date.add_days(self.days())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frequencies_read_their_portuguese_names_and_keep_the_weekday() {
        assert_eq!(Frequency::parse(" Semanal "), Some(Frequency::Weekly));
        assert_eq!(Frequency::parse("quinzenal"), Some(Frequency::Fortnightly));
        assert_eq!(Frequency::parse("mensal"), Some(Frequency::Monthly));
        assert_eq!(Frequency::parse("diária"), None);
        let tuesday = Date::parse("2026-12-01").unwrap();
        for f in [
            Frequency::Weekly,
            Frequency::Fortnightly,
            Frequency::Monthly,
        ] {
            let next = f.next(tuesday).unwrap();
            assert_eq!(next.weekday(), tuesday.weekday(), "{}", f.as_str());
            assert_eq!(Frequency::parse(f.as_str()), Some(f));
        }
        assert_eq!(
            Frequency::Fortnightly.next(tuesday).unwrap().iso(),
            "2026-12-15"
        );
        assert_eq!(
            Frequency::Monthly.next(tuesday).unwrap().iso(),
            "2026-12-29"
        );
    }
}

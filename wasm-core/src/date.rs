//! Calendar dates as Brazilians use them for a coupon's validity (decisions.md §32): a day in
//! Brasília time (America/Sao_Paulo, UTC−3 all year since 2019), read from the form's
//! `AAAA-MM-DD` (what `<input type="date">` gives) or `DD/MM/AAAA`, shown `DD/MM/AAAA`, and
//! turned into the UTC milliseconds where the day starts and ends there.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Brasília's offset from UTC, in milliseconds (no daylight saving time since 2019).
const BRASILIA_OFFSET_MS: i64 = 3 * 3_600_000;
const DAY_MS: i64 = 86_400_000;

/// A day of the calendar (proleptic Gregorian), years 2000–9999.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Days in `month` of `year`.
fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

impl Date {
    /// A real day of years 2000–9999, else `None`.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Self> {
        ((2000..=9999).contains(&year)
            && (1..=12).contains(&month)
            && (1..=days_in_month(year, month)).contains(&day))
        .then_some(Self { year, month, day })
    }

    /// `AAAA-MM-DD` or `DD/MM/AAAA` (surrounding spaces ignored); `None` for anything else.
    pub fn parse(input: &str) -> Option<Self> {
        let s = input.trim();
        let num = |t: &str, len: usize| {
            (t.len() == len && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u16>().ok())
                .flatten()
        };
        let (y, m, d) = if let Some((y, rest)) = s.split_once('-') {
            let (m, d) = rest.split_once('-')?;
            (num(y, 4)?, num(m, 2)?, num(d, 2)?)
        } else {
            let mut parts = s.split('/');
            let (d, m, y) = (parts.next()?, parts.next()?, parts.next()?);
            if parts.next().is_some() {
                return None;
            }
            (num(y, 4)?, num(m, 2)?, num(d, 2)?)
        };
        Self::new(y, u8::try_from(m).ok()?, u8::try_from(d).ok()?)
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    fn days(self) -> i64 {
        let (y, m, d) = (
            i64::from(self.year),
            i64::from(self.month),
            i64::from(self.day),
        );
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The UTC milliseconds at which this day starts in Brasília.
    pub fn start_ms(self) -> i64 {
        self.days() * DAY_MS + BRASILIA_OFFSET_MS
    }

    /// The UTC milliseconds at which this day ends in Brasília (the next day's start).
    pub fn end_ms(self) -> i64 {
        self.start_ms() + DAY_MS
    }

    /// The day in Brasília of UTC milliseconds `ms`.
    pub fn of_ms(ms: i64) -> Option<Self> {
        // Hinnant's `civil_from_days`.
        let z = (ms - BRASILIA_OFFSET_MS).div_euclid(DAY_MS) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = yoe + era * 400 + i64::from(m <= 2);
        Self::new(
            u16::try_from(y).ok()?,
            u8::try_from(m).ok()?,
            u8::try_from(d).ok()?,
        )
    }

    /// The day of the week: 0 Sunday … 6 Saturday (1970-01-01 was a Thursday).
    pub fn weekday(self) -> u8 {
        // `rem_euclid(7)` is in 0..7.
        (self.days() + 4).rem_euclid(7) as u8
    }

    /// The day `n` days later (earlier when negative); `None` outside years 2000–9999.
    pub fn add_days(self, n: i64) -> Option<Self> {
        Self::of_ms(self.start_ms() + n * DAY_MS)
    }

    /// The day (1–31).
    pub fn day(self) -> u8 {
        self.day
    }

    /// The month (1–12).
    pub fn month(self) -> u8 {
        self.month
    }

    /// `AAAA-MM-DD`, as stored and sent.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// `DD/MM/AAAA`, as Brazilians read it.
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}/{:02}/{:04}", self.day, self.month, self.year)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.iso())
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).ok_or_else(|| serde::de::Error::custom("data inválida"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_both_forms_and_refuses_impossible_days() {
        let d = Date::new(2025, 12, 10).unwrap();
        assert_eq!(Date::parse("2025-12-10"), Some(d));
        assert_eq!(Date::parse(" 10/12/2025 "), Some(d));
        assert_eq!(d.to_string(), "10/12/2025");
        assert_eq!(d.iso(), "2025-12-10");
        for bad in [
            "",
            "2025-13-01",
            "2025-02-29",
            "31/04/2025",
            "2025-1-01",
            "1999-01-01",
            "10/12/25",
            "abc",
            "2025-12-10-1",
            "1/2/2025/3",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
        assert!(Date::parse("2024-02-29").is_some());
        assert!(Date::parse("2000-02-29").is_some());
        assert!(Date::parse("2100-02-29").is_none());
    }

    #[test]
    fn a_day_runs_from_midnight_to_midnight_in_brasilia() {
        // 2025-12-10 00:00 in Brasília is 03:00 UTC: 1765335600000.
        let d = Date::new(2025, 12, 10).unwrap();
        assert_eq!(d.start_ms(), 1_765_335_600_000);
        assert_eq!(d.end_ms(), 1_765_335_600_000 + DAY_MS);
        assert_eq!(Date::of_ms(d.start_ms()), Some(d));
        assert_eq!(Date::of_ms(d.end_ms() - 1), Some(d));
        assert_eq!(Date::of_ms(d.start_ms() - 1), Date::new(2025, 12, 9));
        assert_eq!(Date::new(1970, 1, 1), None);
    }

    #[test]
    fn weekdays_and_day_arithmetic() {
        // 2026-12-01 is a Tuesday; 2026-11-29 a Sunday; 2027-01-02 a Saturday.
        assert_eq!(Date::new(2026, 12, 1).unwrap().weekday(), 2);
        assert_eq!(Date::new(2026, 11, 29).unwrap().weekday(), 0);
        assert_eq!(Date::new(2027, 1, 2).unwrap().weekday(), 6);
        let d = Date::new(2026, 12, 30).unwrap();
        assert_eq!(d.add_days(3), Date::new(2027, 1, 2));
        assert_eq!(d.add_days(-30), Date::new(2026, 11, 30));
        assert_eq!(Date::new(2000, 1, 1).unwrap().add_days(-1), None);
    }

    proptest! {
        #[test]
        fn days_round_trip(days in 10_957i64..2_900_000) {
            let ms = days * DAY_MS + BRASILIA_OFFSET_MS;
            let d = Date::of_ms(ms).unwrap();
            prop_assert_eq!(d.start_ms(), ms);
            prop_assert_eq!(Date::parse(&d.iso()), Some(d));
            prop_assert_eq!(Date::parse(&d.to_string()), Some(d));
        }
    }
}

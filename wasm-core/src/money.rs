//! Money in integer centavos: parsing the spec's price input, formatting `R$ 12,50`, and the
//! overflow-free arithmetic the pricing rules need.
//!
//! # The price input
//! The spec's price field keeps only digits, dots and commas (and turned a comma into a dot,
//! which decisions.md §29 undoes: Brazilians type and read `32,50`, so the field keeps what was
//! typed); the original app then parsed the text as a float, so `12,5` was R$ 12,50.
//! [`Money::parse`] reads the same text exactly (no float), and also reads Brazilian thousands
//! separators:
//!
//! * commas are read as dots, so `1.234,56` and the old field's rendering `1.234.56` agree;
//! * a last group of one or two digits after a separator is the centavos: `12,5` = R$ 12,50,
//!   `12.50` = R$ 12,50, `1.234,56` = R$ 1.234,56; a trailing separator is ignored (`12,`);
//! * every other group after the first must have exactly three digits and is a thousands group,
//!   with a first group of 1–3 digits not starting with 0: `1.234` = R$ 1.234,00 (a Brazilian
//!   reading; the float parse would have given R$ 1,23), `1.234.567` = R$ 1.234.567,00;
//! * anything else is refused rather than guessed: `12.345.6` is fine but `12.3456`, `1.2.3`,
//!   `0.125`, `1..5` are not (`Insira um preço válido`); so is text with no digit at all.
//!
//! Amounts are bounded by [`Money::MAX`] (about R$ 90 trillion) so that they stay exact as JSON
//! numbers and as `f64` in the browser.

use serde::{Deserialize, Serialize};

/// An amount of money in centavos.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(i64);

/// The largest amount (in absolute value) the parsers and the `f64` conversions accept.
const MAX_CENTAVOS: i64 = 9_000_000_000_000_000 - 1;

/// Why a price input was refused. Every reason shows the spec's `Insira um preço válido` (its
/// `Message` and `Display` are in [`crate::messages`], which formats amounts: money imports no
/// message); the forms map the reasons to their own messages (`Preencha todos os campos!`, `Digite um preço
/// válido`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountError {
    /// Nothing typed.
    Empty,
    /// Text that is not an amount.
    Malformed,
    /// More than [`Money::MAX`].
    TooLarge,
}

impl Money {
    pub const ZERO: Money = Money(0);
    /// The largest amount the parsers accept.
    pub const MAX: Money = Money(MAX_CENTAVOS);

    pub const fn from_centavos(centavos: i64) -> Self {
        Self(centavos)
    }

    pub const fn centavos(self) -> i64 {
        self.0
    }

    /// From a JSON number of reais, rounded to the nearest centavo; `None` if not finite or
    /// out of range.
    pub fn from_reais(reais: f64) -> Option<Self> {
        let c = (reais * 100.0).round();
        (c.is_finite() && c.abs() < 9.0e15).then_some(Self(c as i64))
    }

    /// From a JavaScript number of centavos: `None` unless it is a whole number within range.
    pub fn from_centavos_f64(centavos: f64) -> Option<Self> {
        (centavos.is_finite() && centavos.fract() == 0.0 && centavos.abs() < 9.0e15)
            .then_some(Self(centavos as i64))
    }

    /// Reais as a JSON number (two decimals at most).
    pub fn reais(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// `R$ 12,50`, `R$ 1.234,00`, `-R$ 3,00`.
    pub fn format(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let (int, cents) = (abs / 100, abs % 100);
        let digits = int.to_string();
        let mut grouped = String::new();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                grouped.push('.');
            }
            grouped.push(d);
        }
        format!("{sign}R$ {grouped},{cents:02}")
    }

    /// The wire's string form with two decimals and a dot: `12.50` (e.g. `gerarpix_blockchain`'s
    /// `preco`).
    pub fn decimal_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }

    /// What the price field keeps of what was typed: digits, dots and commas, as typed (the
    /// spec's input rule, applied as the user types; the comma stays a comma, decisions.md §29).
    pub fn filter_input(input: &str) -> String {
        input
            .chars()
            .filter(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            .collect()
    }

    /// A price in the field's own form: `32,50` (no `R$`, no thousands separator), what an edit
    /// form shows for a stored price.
    pub fn input_text(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{},{:02}", abs / 100, abs % 100)
    }

    /// Parses a price input (see the module documentation); zero is accepted.
    pub fn parse(input: &str) -> Result<Self, AmountError> {
        parse_hundredths(input).map(Self)
    }

    /// Sum, saturating at [`Money::MAX`] / `-MAX` instead of overflowing.
    pub fn saturating_add(self, other: Self) -> Self {
        Self(
            self.0
                .saturating_add(other.0)
                .clamp(-MAX_CENTAVOS, MAX_CENTAVOS),
        )
    }

    /// Difference, saturating like [`Money::saturating_add`].
    pub fn saturating_sub(self, other: Self) -> Self {
        Self(
            self.0
                .saturating_sub(other.0)
                .clamp(-MAX_CENTAVOS, MAX_CENTAVOS),
        )
    }

    /// `self × quantity`, saturating like [`Money::saturating_add`].
    pub fn times(self, quantity: u32) -> Self {
        Self(
            self.0
                .saturating_mul(i64::from(quantity))
                .clamp(-MAX_CENTAVOS, MAX_CENTAVOS),
        )
    }

    /// `self × hundredths / 10 000`, rounded half away from zero to the centavo: a percentage
    /// given in hundredths of a percent (`1250` = 12,5 %). Saturates like
    /// [`Money::saturating_add`].
    pub fn percent_hundredths(self, hundredths: i64) -> Self {
        let negative = (self.0 < 0) != (hundredths < 0);
        let (a, h) = (self.0.unsigned_abs(), hundredths.unsigned_abs());
        // a·h / 10 000 = q·h + r·h / 10 000 with a = 10 000·q + r: no 128-bit arithmetic.
        let (q, r) = (a / 10_000, a % 10_000);
        let value = q
            .checked_mul(h)
            .zip(r.checked_mul(h))
            .and_then(|(whole, part)| {
                whole.checked_add((part / 10_000) + (part % 10_000 + 5_000) / 10_000)
            })
            .map_or(MAX_CENTAVOS, |v| v.min(MAX_CENTAVOS as u64) as i64);
        Self(if negative { -value } else { value })
    }

    /// `max(self, 0)`.
    pub fn non_negative(self) -> Self {
        Self(self.0.max(0))
    }

    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }
}

/// The decimal reader behind [`Money::parse`], also used for coupon percentages: the amount in
/// hundredths (centavos, or hundredths of a percent).
pub(crate) fn parse_hundredths(input: &str) -> Result<i64, AmountError> {
    if input.trim().is_empty() {
        return Err(AmountError::Empty);
    }
    let text = Money::filter_input(input).replace(',', ".");
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return Err(AmountError::Malformed);
    }
    let groups: Vec<&str> = text.split('.').collect();
    let (int_groups, fraction) = match groups.split_last() {
        Some((last, rest)) if !rest.is_empty() && last.len() <= 2 => (rest, *last),
        _ => (groups.as_slice(), ""),
    };
    let grouped = int_groups.len() > 1;
    if grouped {
        let (first, rest) = int_groups.split_first().ok_or(AmountError::Malformed)?;
        let first_ok = (1..=3).contains(&first.len()) && !first.starts_with('0');
        if !first_ok || rest.iter().any(|g| g.len() != 3) {
            return Err(AmountError::Malformed);
        }
    }
    let mut reais: i64 = 0;
    for b in int_groups.iter().flat_map(|g| g.bytes()) {
        reais = reais
            .checked_mul(10)
            .and_then(|r| r.checked_add(i64::from(b - b'0')))
            .ok_or(AmountError::TooLarge)?;
    }
    let cents = match fraction.as_bytes() {
        [] => 0,
        [d] => i64::from(d - b'0') * 10,
        [d, e] => i64::from(d - b'0') * 10 + i64::from(e - b'0'),
        _ => return Err(AmountError::Malformed),
    };
    let total = reais
        .checked_mul(100)
        .and_then(|r| r.checked_add(cents))
        .ok_or(AmountError::TooLarge)?;
    if total > MAX_CENTAVOS {
        return Err(AmountError::TooLarge);
    }
    Ok(total)
}

#[cfg(test)]
mod tests;

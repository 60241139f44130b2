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
mod tests {
    use super::{AmountError, Money};
    use proptest::prelude::*;

    fn parse(s: &str) -> Result<i64, AmountError> {
        Money::parse(s).map(Money::centavos)
    }

    #[test]
    fn formats_brazilian_style() {
        assert_eq!(Money::from_centavos(750).format(), "R$ 7,50");
        assert_eq!(Money::from_centavos(123_456).format(), "R$ 1.234,56");
        assert_eq!(Money::from_centavos(5).format(), "R$ 0,05");
        assert_eq!(Money::from_centavos(-300).format(), "-R$ 3,00");
        assert_eq!(Money::from_centavos(0).format(), "R$ 0,00");
        assert_eq!(
            Money::from_centavos(100_000_000).format(),
            "R$ 1.000.000,00"
        );
    }

    #[test]
    fn reais_round_to_centavos() {
        assert_eq!(Money::from_reais(4.5), Some(Money::from_centavos(450)));
        assert_eq!(Money::from_reais(0.1 + 0.2), Some(Money::from_centavos(30)));
        assert_eq!(Money::from_reais(f64::NAN), None);
        assert_eq!(Money::from_centavos(1999).reais(), 19.99);
    }

    #[test]
    fn centavos_from_js_numbers() {
        assert_eq!(
            Money::from_centavos_f64(750.0),
            Some(Money::from_centavos(750))
        );
        assert_eq!(Money::from_centavos_f64(7.5), None);
        assert_eq!(Money::from_centavos_f64(f64::INFINITY), None);
        assert_eq!(Money::from_centavos_f64(1e16), None);
    }

    #[test]
    fn decimal_string_for_the_wire() {
        assert_eq!(Money::from_centavos(1000).decimal_string(), "10.00");
        assert_eq!(Money::from_centavos(5).decimal_string(), "0.05");
    }

    #[test]
    fn parses_the_spec_price_input() {
        let table: &[(&str, i64)] = &[
            ("12,50", 1250),
            ("12,5", 1250),
            ("12.50", 1250),
            ("12.5", 1250),
            ("12", 1200),
            ("0", 0),
            ("0,99", 99),
            (",5", 50),
            ("12,", 1200),
            ("1.234,56", 123_456),
            ("1.234.56", 123_456),
            ("1.234", 123_400),
            ("1.234.567", 123_456_700),
            ("1.234.567,8", 123_456_780),
            ("R$ 7,50", 750),
            ("  30 ", 3000),
            ("-5", 500),
            ("1234,5", 123_450),
            ("007", 700),
        ];
        for (input, centavos) in table {
            assert_eq!(parse(input), Ok(*centavos), "{input}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_price() {
        assert_eq!(parse(""), Err(AmountError::Empty));
        assert_eq!(parse("   "), Err(AmountError::Empty));
        for input in [
            "abc",
            ".",
            ",",
            "12.3456",
            "1.2.3",
            "0.125",
            "1..5",
            "1234.567",
            ".5.0",
            "1,234.5.6",
        ] {
            assert_eq!(parse(input), Err(AmountError::Malformed), "{input}");
        }
        assert_eq!(parse("99999999999999999999"), Err(AmountError::TooLarge));
        assert_eq!(parse("900.000.000.000.000"), Err(AmountError::TooLarge));
        assert_eq!(AmountError::Malformed.to_string(), "Insira um preço válido");
    }

    #[test]
    fn filters_input_as_typed() {
        assert_eq!(Money::filter_input("R$ 12,50abc"), "12,50");
        assert_eq!(Money::filter_input("1.234,56"), "1.234,56");
        assert_eq!(Money::parse("32,50"), Ok(Money::from_centavos(3250)));
        assert_eq!(Money::from_centavos(3250).input_text(), "32,50");
        assert_eq!(Money::from_centavos(123_405).input_text(), "1234,05");
        assert_eq!(
            Money::parse(&Money::from_centavos(123_405).input_text()),
            Ok(Money::from_centavos(123_405))
        );
    }

    #[test]
    fn percentages_round_half_away_from_zero() {
        let m = Money::from_centavos(1999);
        assert_eq!(m.percent_hundredths(1000), Money::from_centavos(200)); // 199,9 → 200
        assert_eq!(
            Money::from_centavos(250)
                .percent_hundredths(1000)
                .centavos(),
            25
        );
        assert_eq!(
            Money::from_centavos(5).percent_hundredths(5000).centavos(),
            3
        ); // 2,5 → 3
        assert_eq!(
            Money::from_centavos(4).percent_hundredths(5000).centavos(),
            2
        );
        assert_eq!(Money::MAX.percent_hundredths(10_000), Money::MAX);
        assert_eq!(Money::MAX.percent_hundredths(i64::MAX), Money::MAX);
        assert_eq!(
            Money::from_centavos(-5).percent_hundredths(5000).centavos(),
            -3
        );
        assert_eq!(
            Money::from_centavos(1234)
                .percent_hundredths(200)
                .centavos(),
            25
        );
    }

    #[test]
    fn arithmetic_saturates() {
        assert_eq!(
            Money::MAX.saturating_add(Money::from_centavos(1)),
            Money::MAX
        );
        assert_eq!(Money::MAX.times(u32::MAX), Money::MAX);
        assert_eq!(Money::from_centavos(250).times(3).centavos(), 750);
        assert_eq!(Money::from_centavos(-3).non_negative(), Money::ZERO);
    }

    proptest! {
        #[test]
        fn formatted_amounts_parse_back(c in 0i64..1_000_000_000_000) {
            let m = Money::from_centavos(c);
            let shown = m.format();
            prop_assert_eq!(Money::parse(&shown), Ok(m));
            prop_assert_eq!(Money::parse(&m.decimal_string()), Ok(m));
        }

        #[test]
        fn percentages_match_exact_arithmetic(a in -1_000_000_000_000i64..1_000_000_000_000, h in 0i64..=20_000) {
            let exact = i128::from(a) * i128::from(h);
            let half = if exact < 0 { -5_000 } else { 5_000 };
            let expected = (exact + half) / 10_000;
            prop_assert_eq!(i128::from(Money::from_centavos(a).percent_hundredths(h).centavos()), expected);
        }

        #[test]
        fn parse_never_panics(s in "\\PC{0,24}") {
            let _ = Money::parse(&s);
        }
    }
}

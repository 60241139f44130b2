//! Money in integer centavos: parsing reais, formatting `R$ 12,50`.

use serde::{Deserialize, Serialize};

/// An amount of money in centavos.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

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
}

#[cfg(test)]
mod tests {
    use super::Money;

    #[test]
    fn formats_brazilian_style() {
        assert_eq!(Money::from_centavos(750).format(), "R$ 7,50");
        assert_eq!(Money::from_centavos(123_456).format(), "R$ 1.234,56");
        assert_eq!(Money::from_centavos(5).format(), "R$ 0,05");
        assert_eq!(Money::from_centavos(-300).format(), "-R$ 3,00");
    }

    #[test]
    fn reais_round_to_centavos() {
        assert_eq!(Money::from_reais(4.5), Some(Money::from_centavos(450)));
        assert_eq!(Money::from_reais(0.1 + 0.2), Some(Money::from_centavos(30)));
        assert_eq!(Money::from_reais(f64::NAN), None);
        assert_eq!(Money::from_centavos(1999).reais(), 19.99);
    }
}

//! Coupon codes: upper case (the Latin-1 letters Portuguese uses included), 1–10 characters,
//! no whitespace.

use super::CouponError;
use serde::{Deserialize, Serialize};

/// Upper case for coupon codes: ASCII and the Latin-1 letters Portuguese uses (`ç` → `Ç`,
/// `ã` → `Ã`, …); other characters are kept as typed. Both sides run this same function, and it
/// spares the wasm Unicode's full upper-case tables (about 12 KB).
pub(super) fn upper_case(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'a'..='z' => c.to_ascii_uppercase(),
            'à'..='þ' if c != '÷' => char::from_u32(c as u32 - 0x20).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// The maximum coupon code length, in characters.
pub const MAX_CODE_CHARS: usize = 10;

/// A coupon code: upper case, 1–10 characters, no whitespace.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct CouponCode(pub(super) String);

impl CouponCode {
    /// Upper-cases `input` and checks the spec's rules in the spec's order: not empty, at most
    /// 10 characters, no spaces.
    pub fn parse(input: &str) -> Result<Self, CouponError> {
        if input.trim().is_empty() {
            return Err(CouponError::EmptyCode);
        }
        let code = upper_case(input);
        if code.chars().count() > MAX_CODE_CHARS {
            return Err(CouponError::CodeTooLong);
        }
        if code.chars().any(char::is_whitespace) {
            return Err(CouponError::CodeHasSpaces);
        }
        Ok(Self(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for CouponCode {
    type Error = CouponError;
    fn try_from(s: String) -> Result<Self, CouponError> {
        Self::parse(&s)
    }
}

impl<'de> Deserialize<'de> for CouponCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn upper_case_covers_portuguese_letters_only() {
        assert_eq!(upper_case("éíóúâêôàü ÿ÷"), "ÉÍÓÚÂÊÔÀÜ ÿ÷");
        assert_eq!(upper_case("promoção"), "PROMOÇÃO");
    }

    proptest! {
        #[test]
        fn created_codes_obey_the_rules(code in "\\PC{0,14}") {
            if let Ok(c) = CouponCode::parse(&code) {
                prop_assert!(c.as_str().chars().count() <= MAX_CODE_CHARS);
                prop_assert!(!c.as_str().chars().any(char::is_whitespace));
                prop_assert!(!c.as_str().is_empty());
                prop_assert_eq!(upper_case(c.as_str()), c.as_str());
            }
        }
    }
}

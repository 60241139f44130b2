//! The CEP (Código de Endereçamento Postal, decisions.md §31): 8 digits, written `00000-000`.
//! Stored as its digits; the forms mask it as it is typed ([`mask_cep`]).

use crate::messages::{self, Message};
use std::borrow::Cow;

/// Not 8 digits: `Insira um CEP válido`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidCep;

impl Message for InvalidCep {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(messages::CEP_INVALIDO)
    }
}

crate::display_message!(InvalidCep);

/// A CEP: exactly 8 digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cep(String);

impl Cep {
    /// From what was typed: 8 digits, with or without the mask's `-` and `.` and spaces.
    pub fn parse(text: &str) -> Result<Self, InvalidCep> {
        let text = text.trim();
        if !text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | '.' | ' '))
        {
            return Err(InvalidCep);
        }
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        if digits.len() != 8 {
            return Err(InvalidCep);
        }
        Ok(Self(digits))
    }

    /// The 8 digits, as stored and as lookups take them.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// `00000-000`.
    pub fn masked(&self) -> String {
        format!("{}-{}", &self.0[..5], &self.0[5..])
    }
}

/// What a CEP field shows while it is typed: its digits (at most 8), with `-` after the fifth.
pub fn mask_cep(input: &str) -> String {
    let digits: String = input.chars().filter(char::is_ascii_digit).take(8).collect();
    if digits.len() > 5 {
        format!("{}-{}", &digits[..5], &digits[5..])
    } else {
        digits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceps_are_eight_digits() {
        for ok in ["13400-000", "13400000", " 13.400-000 "] {
            let c = Cep::parse(ok).unwrap();
            assert_eq!((c.digits(), c.masked().as_str()), ("13400000", "13400-000"));
        }
        for bad in ["", "1340000", "134000000", "13400-00a", "abcde-fgh"] {
            assert_eq!(Cep::parse(bad), Err(InvalidCep), "{bad}");
        }
        assert_eq!(InvalidCep.to_string(), "Insira um CEP válido");
    }

    #[test]
    fn the_mask_follows_the_typing() {
        assert_eq!(mask_cep(""), "");
        assert_eq!(mask_cep("134"), "134");
        assert_eq!(mask_cep("13400"), "13400");
        assert_eq!(mask_cep("134000"), "13400-0");
        assert_eq!(mask_cep("13400-0001234"), "13400-000");
        assert_eq!(mask_cep("a1b3c4"), "134");
    }
}

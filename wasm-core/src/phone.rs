//! Brazilian phone numbers: the input mask `(xx) xxxxx-xxxx` / `(xx) xxxx-xxxx` and its validity
//! rule.
//!
//! The spec: digits only, at most 11 digits, input max length 15, valid from 14 formatted
//! characters. Those numbers fit the mask *with* a space after the area code (the supplier-panel
//! document's `(XX) XXXXX-XXXX`): 11 digits give 15 characters, 10 digits (a landline) give 14.
//! Without the space a 10-digit landline would be 13 characters and always refused, so the
//! spaced mask is the one that makes the spec consistent. Valid therefore means 10 or 11 digits.
//!
//! A pasted number with the country code (`+55 19 99876-5432`, more than 11 digits starting with
//! 55) loses the `55`; otherwise digits beyond the 11th are dropped as the spec says.

use crate::messages::{self, Message};
use serde::Serialize;
use std::borrow::Cow;

/// At most this many digits.
pub const MAX_DIGITS: usize = 11;
/// The masked input's maximum length.
pub const MAX_INPUT_CHARS: usize = 15;
/// A masked number is valid from this many characters (10 digits).
pub const MIN_VALID_CHARS: usize = 14;

/// The digits the mask keeps of `input` (at most 11).
pub fn digits(input: &str) -> String {
    let all: Vec<u8> = input.bytes().filter(u8::is_ascii_digit).collect();
    let start = if all.len() > MAX_DIGITS && all.starts_with(b"55") {
        2
    } else {
        0
    };
    all.iter()
        .skip(start)
        .take(MAX_DIGITS)
        .map(|&b| char::from(b))
        .collect()
}

/// The mask as the user types: `(1`, `(19) 9`, `(19) 9987-6`, `(19) 3421-1234`,
/// `(19) 99876-5432`.
pub fn mask(input: &str) -> String {
    let d = digits(input);
    let n = d.len();
    // `d` is ASCII, so byte slicing is on character boundaries.
    let (area, rest) = d.split_at(n.min(2));
    let mut out = String::with_capacity(MAX_INPUT_CHARS);
    if n == 0 {
        return out;
    }
    out.push('(');
    out.push_str(area);
    if n <= 2 {
        return out;
    }
    out.push_str(") ");
    let split = if n == MAX_DIGITS { 5 } else { 4 };
    if rest.len() <= split {
        out.push_str(rest);
    } else {
        let (a, b) = rest.split_at(split);
        out.push_str(a);
        out.push('-');
        out.push_str(b);
    }
    out
}

/// A phone number that is too short (or missing). Shows `Insira um telefone válido!`; the
/// business wizard shows `Insira um telefone` instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidPhone;

impl Message for InvalidPhone {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(messages::TELEFONE_INVALIDO)
    }
}

crate::display_message!(InvalidPhone);

/// Why a number cannot take WhatsApp notices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotBrazilian {
    /// Another country's number.
    Foreign,
    /// Not a valid number at all.
    Invalid,
}

impl Message for NotBrazilian {
    fn message(&self) -> Cow<'static, str> {
        match self {
            Self::Foreign => {
                Cow::Borrowed("Os avisos pelo WhatsApp são só para números do Brasil (+55).")
            }
            Self::Invalid => Cow::Borrowed(messages::TELEFONE_INVALIDO),
        }
    }
}

crate::display_message!(NotBrazilian);

/// A valid phone number: 10 or 11 digits (area code included).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Phone(String);

impl Phone {
    /// Valid when the mask of `input` has at least 14 characters.
    pub fn parse(input: &str) -> Result<Self, InvalidPhone> {
        let d = digits(input);
        if mask(&d).chars().count() >= MIN_VALID_CHARS {
            Ok(Self(d))
        } else {
            Err(InvalidPhone)
        }
    }

    /// The digits, e.g. `19998765432`.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// The masked form, e.g. `(19) 99876-5432`.
    pub fn masked(&self) -> String {
        mask(&self.0)
    }

    /// A Brazilian number for WhatsApp notices (decisions.md §38): as [`Phone::parse`], but a
    /// number written with another country code (`+1 …`, `00 351 …`) is refused rather than
    /// cut down to 11 digits.
    pub fn parse_brazilian(input: &str) -> Result<Self, NotBrazilian> {
        let t = input.trim();
        let all: String = t.chars().filter(char::is_ascii_digit).collect();
        let international = t.starts_with('+') || all.starts_with("00");
        let national = all.trim_start_matches("00");
        if international && !national.starts_with("55") {
            return Err(NotBrazilian::Foreign);
        }
        if national.len() > MAX_DIGITS && !national.starts_with("55") {
            return Err(NotBrazilian::Foreign);
        }
        Self::parse(national).map_err(|_| NotBrazilian::Invalid)
    }

    /// The number in E.164, e.g. `+5519998765432`.
    pub fn e164(&self) -> String {
        format!("+55{}", self.0)
    }

    /// The number for a WhatsApp link: country code 55 and the digits.
    pub fn whatsapp(&self) -> String {
        format!("55{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn whatsapp_takes_brazilian_numbers_in_e164_only() {
        for ok in [
            "(19) 99876-5432",
            "+55 19 99876-5432",
            "0055 19 99876-5432",
            "19998765432",
        ] {
            let p = Phone::parse_brazilian(ok).unwrap();
            assert_eq!(p.e164(), "+5519998765432", "{ok}");
        }
        for foreign in [
            "+1 415 555 0100",
            "+351 912 345 678",
            "00351912345678",
            "4155550100123",
        ] {
            assert_eq!(
                Phone::parse_brazilian(foreign),
                Err(NotBrazilian::Foreign),
                "{foreign}"
            );
        }
        assert_eq!(Phone::parse_brazilian("123"), Err(NotBrazilian::Invalid));
    }

    #[test]
    fn masks_10_and_11_digits() {
        assert_eq!(mask("19998765432"), "(19) 99876-5432");
        assert_eq!(mask("1934211234"), "(19) 3421-1234");
        assert_eq!(mask("(19) 99876-5432"), "(19) 99876-5432");
        assert_eq!(mask("199987654321"), "(19) 99876-5432");
        assert_eq!(mask("+55 (19) 99876-5432"), "(19) 99876-5432");
        assert_eq!(mask("19998765432").len(), MAX_INPUT_CHARS);
    }

    #[test]
    fn masks_while_typing() {
        let steps = [
            ("", ""),
            ("1", "(1"),
            ("19", "(19"),
            ("199", "(19) 9"),
            ("199987", "(19) 9987"),
            ("1999876", "(19) 9987-6"),
            ("199987654", "(19) 9987-654"),
            ("1999876543", "(19) 9987-6543"),
            ("19998765432", "(19) 99876-5432"),
            ("abc", ""),
        ];
        for (typed, shown) in steps {
            assert_eq!(mask(typed), shown, "{typed}");
        }
    }

    #[test]
    fn valid_from_14_characters() {
        assert_eq!(
            Phone::parse("(19) 99876-5432").unwrap().digits(),
            "19998765432"
        );
        assert_eq!(
            Phone::parse("1934211234").unwrap().masked(),
            "(19) 3421-1234"
        );
        assert_eq!(Phone::parse("193421123"), Err(InvalidPhone));
        assert_eq!(Phone::parse(""), Err(InvalidPhone));
        assert_eq!(InvalidPhone.to_string(), "Insira um telefone válido!");
        assert_eq!(
            Phone::parse("19998765432").unwrap().whatsapp(),
            "5519998765432"
        );
    }

    proptest! {
        #[test]
        fn mask_round_trips_digits(s in "[0-9]{0,11}") {
            let masked = mask(&s);
            prop_assert_eq!(digits(&masked), s.clone());
            prop_assert_eq!(mask(&masked), masked.clone());
            prop_assert!(masked.chars().count() <= MAX_INPUT_CHARS);
            prop_assert_eq!(Phone::parse(&s).is_ok(), s.len() >= 10);
        }

        #[test]
        fn mask_never_panics(s in "\\PC{0,30}") {
            let masked = mask(&s);
            prop_assert!(masked.chars().count() <= MAX_INPUT_CHARS);
        }
    }
}

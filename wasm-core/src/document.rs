//! CPF and CNPJ, with their check digits, including the alphanumeric CNPJ issued from July 2026.
//!
//! * CPF: 11 digits; two mod-11 check digits (weights 10…2, then 11…2).
//! * CNPJ: 12 characters `[0-9A-Z]` then 2 numeric check digits. Each character's value is its
//!   ASCII code − 48 (digits keep their value, `A` = 17 … `Z` = 42); weights 5,4,3,2,9,8,7,6,5,4,3,2
//!   for the first check digit and 6,5,4,3,2,9,8,7,6,5,4,3,2 for the second; a remainder below 2
//!   gives 0, otherwise 11 − remainder. Numeric CNPJs are the special case with digits only.
//!
//! Input may carry the usual punctuation (`.`, `-`, `/`, spaces) and lower-case letters; numbers
//! whose characters are all the same (`111.111.111-11`, `00.000.000/0000-00`) pass the arithmetic
//! but are refused, as the Receita Federal does.

use crate::messages::{self, Message};
use serde::Serialize;
use std::borrow::Cow;

/// Why a CPF/CNPJ input was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentError {
    /// Nothing typed.
    Empty,
    /// Wrong length, characters or check digits.
    Invalid,
}

impl Message for DocumentError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::Empty => messages::CPF_CNPJ_OBRIGATORIO,
            Self::Invalid => messages::CPF_CNPJ_INVALIDO,
        })
    }
}

crate::display_message!(DocumentError);

/// A valid CPF (11 digits, stored without punctuation).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cpf(String);

/// A valid CNPJ, numeric or alphanumeric (14 characters, stored without punctuation).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cnpj(String);

/// A CPF or a CNPJ, told apart by length.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TaxId {
    Cpf(Cpf),
    Cnpj(Cnpj),
}

/// The significant characters: ASCII letters (upper-cased) and digits; punctuation and spaces
/// dropped. `None` if anything else is present.
fn clean(input: &str) -> Option<String> {
    let mut out = String::with_capacity(14);
    for c in input.chars() {
        match c {
            '0'..='9' | 'A'..='Z' => out.push(c),
            'a'..='z' => out.push(c.to_ascii_uppercase()),
            '.' | '-' | '/' | ' ' | '\t' => {}
            _ => return None,
        }
    }
    Some(out)
}

fn all_same(s: &[u8]) -> bool {
    s.windows(2).all(|w| w[0] == w[1])
}

/// The mod-11 check digit (an ASCII digit) of `chars` weighted by `weights`: each character's
/// value is its ASCII code − 48; a remainder below 2 gives 0, otherwise 11 − remainder.
fn check_digit(chars: &[u8], weights: &[u32]) -> u8 {
    let sum: u32 = chars
        .iter()
        .zip(weights)
        .map(|(&c, w)| u32::from(c).wrapping_sub(48) * w)
        .sum();
    match sum % 11 {
        r if r < 2 => b'0',
        r => b'0' + (11 - r) as u8,
    }
}

/// `s` with `marks` inserted before the given character positions.
fn punctuate(s: &str, marks: &[(usize, char)]) -> String {
    let mut out = String::with_capacity(s.len() + marks.len());
    for (i, c) in s.chars().enumerate() {
        for &(at, mark) in marks {
            if at == i {
                out.push(mark);
            }
        }
        out.push(c);
    }
    out
}

/// `input` without its punctuation, or why it cannot be a document: empty, or a character other
/// than digits, letters and the usual separators.
fn cleaned(input: &str) -> Result<String, DocumentError> {
    if input.trim().is_empty() {
        return Err(DocumentError::Empty);
    }
    clean(input).ok_or(DocumentError::Invalid)
}

/// CPF weights: 11…2 (the first check digit uses 10…2).
const CPF_W: [u32; 10] = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

impl Cpf {
    pub fn parse(input: &str) -> Result<Self, DocumentError> {
        Self::from_clean(cleaned(input)?)
    }

    fn from_clean(s: String) -> Result<Self, DocumentError> {
        let b = s.as_bytes();
        if b.len() != 11 || !b.iter().all(u8::is_ascii_digit) || all_same(b) {
            return Err(DocumentError::Invalid);
        }
        let d1 = check_digit(
            b.get(..9).unwrap_or_default(),
            CPF_W.get(1..).unwrap_or_default(),
        );
        let d2 = check_digit(b.get(..10).unwrap_or_default(), &CPF_W);
        if b.get(9) == Some(&d1) && b.get(10) == Some(&d2) {
            Ok(Self(s))
        } else {
            Err(DocumentError::Invalid)
        }
    }

    /// The 11 digits.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// `123.456.789-09`.
    pub fn formatted(&self) -> String {
        punctuate(&self.0, &[(3, '.'), (6, '.'), (9, '-')])
    }
}

const CNPJ_W1: [u32; 12] = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2: [u32; 13] = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/// The two check digits of a 12-character CNPJ base (`[0-9A-Z]`), or `None` for other input.
pub fn cnpj_check_digits(base: &str) -> Option<[u8; 2]> {
    let b = base.as_bytes();
    if b.len() != 12
        || !b
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
    {
        return None;
    }
    let mut with_first = [0u8; 13];
    for (slot, &c) in with_first.iter_mut().zip(b) {
        *slot = c;
    }
    let d1 = check_digit(b, &CNPJ_W1);
    with_first[12] = d1;
    Some([d1, check_digit(&with_first, &CNPJ_W2)])
}

impl Cnpj {
    pub fn parse(input: &str) -> Result<Self, DocumentError> {
        Self::from_clean(cleaned(input)?)
    }

    fn from_clean(s: String) -> Result<Self, DocumentError> {
        let b = s.as_bytes();
        let base_ok = b.len() == 14
            && b.iter()
                .take(12)
                .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
            && b.iter().skip(12).all(u8::is_ascii_digit);
        if !base_ok || all_same(b) {
            return Err(DocumentError::Invalid);
        }
        let d1 = check_digit(b.get(..12).unwrap_or_default(), &CNPJ_W1);
        let d2 = check_digit(b.get(..13).unwrap_or_default(), &CNPJ_W2);
        if b.get(12) == Some(&d1) && b.get(13) == Some(&d2) {
            Ok(Self(s))
        } else {
            Err(DocumentError::Invalid)
        }
    }

    /// The 14 characters.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether it has letters (the alphanumeric CNPJ).
    pub fn is_alphanumeric(&self) -> bool {
        self.0.bytes().any(|b| b.is_ascii_uppercase())
    }

    /// `12.ABC.345/01DE-35`.
    pub fn formatted(&self) -> String {
        punctuate(&self.0, &[(2, '.'), (5, '.'), (8, '/'), (12, '-')])
    }
}

impl TaxId {
    /// A CPF (11 characters) or a CNPJ (14 characters) after punctuation is dropped.
    pub fn parse(input: &str) -> Result<Self, DocumentError> {
        if input.trim().is_empty() {
            return Err(DocumentError::Empty);
        }
        let s = clean(input).ok_or(DocumentError::Invalid)?;
        match s.len() {
            11 => Cpf::from_clean(s).map(Self::Cpf),
            14 => Cnpj::from_clean(s).map(Self::Cnpj),
            _ => Err(DocumentError::Invalid),
        }
    }

    /// The characters without punctuation.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Cpf(c) => c.digits(),
            Self::Cnpj(c) => c.as_str(),
        }
    }

    /// The usual punctuation: `123.456.789-09`, `12.ABC.345/01DE-35`.
    pub fn formatted(&self) -> String {
        match self {
            Self::Cpf(c) => c.formatted(),
            Self::Cnpj(c) => c.formatted(),
        }
    }

    /// `"cpf"` or `"cnpj"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Cpf(_) => "cpf",
            Self::Cnpj(_) => "cnpj",
        }
    }
}

impl Serialize for TaxId {
    /// As the formatted string.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.formatted())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_cpfs() {
        for valid in [
            "529.982.247-25",
            "111.444.777-35",
            "12345678909",
            "935.411.347-80",
        ] {
            assert!(Cpf::parse(valid).is_ok(), "{valid}");
            assert!(matches!(TaxId::parse(valid), Ok(TaxId::Cpf(_))), "{valid}");
        }
        for invalid in [
            "529.982.247-24",
            "111.444.777-53",
            "123.456.789-10",
            "111.111.111-11",
            "000.000.000-00",
            "1234567890",
            "123456789012",
            "12345678909x",
            "abc",
        ] {
            assert_eq!(
                Cpf::parse(invalid),
                Err(DocumentError::Invalid),
                "{invalid}"
            );
        }
        assert_eq!(
            Cpf::parse("12345678909").unwrap().formatted(),
            "123.456.789-09"
        );
        assert_eq!(Cpf::parse(" "), Err(DocumentError::Empty));
    }

    #[test]
    fn known_numeric_cnpjs() {
        for valid in ["11.222.333/0001-81", "11444777000161", "11.444.777/0001-61"] {
            let c = Cnpj::parse(valid).unwrap();
            assert!(!c.is_alphanumeric());
            assert!(matches!(TaxId::parse(valid), Ok(TaxId::Cnpj(_))), "{valid}");
        }
        for invalid in [
            "11.222.333/0001-82",
            "11.444.777/0001-16",
            "00.000.000/0000-00",
            "11.111.111/1111-11",
            "1122233300018",
        ] {
            assert_eq!(
                Cnpj::parse(invalid),
                Err(DocumentError::Invalid),
                "{invalid}"
            );
        }
    }

    #[test]
    fn alphanumeric_cnpjs() {
        // The Receita Federal's example; check digits 35 also computed independently in Python
        // (values = ord(c) − 48, the weights above).
        let c = TaxId::parse("12.ABC.345/01DE-35").unwrap();
        assert_eq!(c.as_str(), "12ABC34501DE35");
        assert_eq!(c.formatted(), "12.ABC.345/01DE-35");
        assert_eq!(c.kind(), "cnpj");
        assert!(Cnpj::parse("12abc34501de35").unwrap().is_alphanumeric());
        // Python: A1B2C3D4E5F6 → 68, ABCDEFGHIJKL → 80.
        assert!(Cnpj::parse("A1B2C3D4E5F668").is_ok());
        assert!(Cnpj::parse("ABCDEFGHIJKL80").is_ok());
        assert_eq!(cnpj_check_digits("12ABC34501DE"), Some(*b"35"));
        for invalid in [
            "12ABC34501DE36",
            "12ABC34501DE53",
            "12ABC34501D#35",
            "12ABC34501DEA5",
        ] {
            assert_eq!(
                Cnpj::parse(invalid),
                Err(DocumentError::Invalid),
                "{invalid}"
            );
        }
        assert_eq!(cnpj_check_digits("12abc34501de"), None);
    }

    #[test]
    fn messages() {
        assert_eq!(
            TaxId::parse("").unwrap_err().to_string(),
            "Insira um CPF/CNPJ"
        );
        assert_eq!(
            TaxId::parse("123").unwrap_err().to_string(),
            "Insira um CPF/CNPJ válido"
        );
        assert_eq!(
            TaxId::parse("São Paulo").unwrap_err(),
            DocumentError::Invalid
        );
    }

    proptest! {
        #[test]
        fn computed_check_digits_validate(base in "[0-9A-Z]{12}") {
            let dv = cnpj_check_digits(&base).unwrap();
            let full = format!("{base}{}{}", char::from(dv[0]), char::from(dv[1]));
            let same = full.bytes().all(|b| b == full.as_bytes()[0]);
            prop_assert_eq!(Cnpj::parse(&full).is_ok(), !same);
            // Any other final digit is refused.
            let wrong = format!("{base}{}{}", char::from(dv[0]), (b'0' + (dv[1] - b'0' + 1) % 10) as char);
            prop_assert!(Cnpj::parse(&wrong).is_err());
        }

        #[test]
        fn parse_never_panics(s in "\\PC{0,20}") {
            let _ = TaxId::parse(&s);
        }
    }
}

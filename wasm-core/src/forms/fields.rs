//! Reading form fields as the browser holds them (text, numbers or null) and the small text
//! rules every form shares: blank, trimmed-or-none, lower case, length limits.

use super::FormError;
use crate::messages;
use crate::money::Money;
use serde::de::{self, Deserializer, Visitor};
use std::fmt;

pub(crate) fn is_blank(s: &str) -> bool {
    s.trim().is_empty()
}

/// Trimmed, or `None` when empty.
pub(crate) fn optional_text(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// Lower case, character by character (the same tables as `text::fold`).
pub(crate) fn lower_case(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}

pub(crate) fn limit(text: &str, field: &'static str, max: usize) -> Result<(), FormError> {
    if text.chars().count() > max {
        Err(FormError::TooLong { field, max })
    } else {
        Ok(())
    }
}

/// The first of `texts` (text, field, bound) longer than its bound, as (field, bound).
pub fn texts_within(texts: &[(&str, &'static str, usize)]) -> Result<(), (&'static str, usize)> {
    for (text, field, max) in texts {
        if text.chars().count() > *max {
            return Err((field, *max));
        }
    }
    Ok(())
}

/// An optional text field: trimmed, `None` when empty, at most `max` characters.
pub(crate) fn optional_limited(
    input: &str,
    field: &'static str,
    max: usize,
) -> Result<Option<String>, FormError> {
    let t = optional_text(input);
    limit(t.as_deref().unwrap_or(""), field, max)?;
    Ok(t)
}

/// A form number as text: whole numbers as digits (`120`), others with two decimals (`7.50`),
/// non-finite ones as nothing. (No float formatting: it would weigh on the wasm.)
pub fn number_text(v: f64) -> String {
    if v.is_finite() && v.fract() == 0.0 && v.abs() < 9.0e15 {
        return (v as i64).to_string();
    }
    Money::from_reais(v)
        .map(Money::decimal_string)
        .unwrap_or_default()
}

/// Deserialises text, a number (as its decimal text) or null (as empty text): form fields as the
/// browser holds them.
pub(crate) fn lenient_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    struct Text;
    impl<'de> Visitor<'de> for Text {
        type Value = String;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("text or a number")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
            Ok(v.to_owned())
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
            Ok(number_text(v))
        }
        fn visit_unit<E: de::Error>(self) -> Result<String, E> {
            Ok(String::new())
        }
        fn visit_none<E: de::Error>(self) -> Result<String, E> {
            Ok(String::new())
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
            lenient_text(d)
        }
    }
    d.deserialize_any(Text)
}

/// Deserialises a whole number ≥ 0 given as a number or digits, or nothing (null, empty text).
pub fn lenient_count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let text = lenient_text(d)?;
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>()
        .map(Some)
        .map_err(|_| de::Error::custom(messages::DADOS_INVALIDOS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn numbers_as_form_text() {
        assert_eq!(number_text(120.0), "120");
        assert_eq!(number_text(7.5), "7.50");
        assert_eq!(number_text(-3.0), "-3");
        assert_eq!(number_text(f64::NAN), "");
        let f: DeliveryFormProbe = serde_json::from_str(r#"{"v":7.5}"#).unwrap();
        assert_eq!(f.v, "7.50");
    }

    #[derive(Deserialize)]
    struct DeliveryFormProbe {
        #[serde(deserialize_with = "lenient_text")]
        v: String,
    }
}

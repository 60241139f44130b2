//! The payload's loose fields and the answer's money, one home for what every area reads and
//! writes the same way: the item a payload names ([`ItemRef`]), a form value as text ([`Text`])
//! and centavos as the wire's reais ([`Reais`]).
//!
//! Leniency, on purpose: the spec's clients send the same field in several shapes (an id as
//! text or inside the listed object, a number as text or as a number), and these types accept
//! each of those shapes — and only those: anything else is 400 'Dados inválidos.'. Each type's
//! JSON schema (in the OpenAPI document) says exactly which shapes it takes.

use crate::{
    error::{ApiError, ApiResult},
    messages::DADOS_INVALIDOS,
};
use serde::{
    Deserialize, Deserializer, Serialize,
    de::{self, Visitor},
};
use std::fmt;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{ObjectBuilder, RefOr, Schema, Type, schema::SchemaType},
};
use wasm_core::money::Money;

/// A form value as the browser holds it: text, or a number (read as its decimal text, e.g.
/// `7.5` as `"7.50"`); null is empty text. Anything else is refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Text(pub String);

impl Text {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text without surrounding blanks.
    pub fn trimmed(&self) -> &str {
        self.0.trim()
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("text or a number")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text(v.to_owned()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Text, E> {
                Ok(Text(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
                Ok(Text(wasm_core::forms::number_text(v)))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Text, E> {
                Ok(Text::default())
            }
            fn visit_none<E: de::Error>(self) -> Result<Text, E> {
                Ok(Text::default())
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Text, D::Error> {
                Text::deserialize(d)
            }
        }
        d.deserialize_any(V)
    }
}

impl PartialSchema for Text {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([
                Type::String,
                Type::Number,
                Type::Null,
            ]))
            .description(Some(
                "Text, or a number (read as its decimal text); null is empty text.",
            ))
            .into()
    }
}

impl ToSchema for Text {}

/// A whole number ≥ 0 as the browser holds it: a number or digits; null or empty text is none.
/// Anything else is refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count(pub Option<u32>);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = Text::deserialize(d)?;
        match text.trimmed() {
            "" => Ok(Self(None)),
            t => t
                .parse()
                .map(|n| Self(Some(n)))
                .map_err(|_| de::Error::custom(DADOS_INVALIDOS)),
        }
    }
}

impl PartialSchema for Count {
    fn schema() -> RefOr<Schema> {
        wasm_core::openapi::form_count().into()
    }
}

impl ToSchema for Count {}

/// A photo field: a base64 JPEG (a `data:` prefix is tolerated), a URL already stored, empty
/// text, or `false`/`true`; what each means is the action's (docs/rpc.md).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum PhotoField {
    Text(String),
    Flag(bool),
}

impl PhotoField {
    /// The base64 photo, when this is non-empty text.
    pub fn base64(&self) -> Option<&str> {
        match self {
            Self::Text(s) if !s.trim().is_empty() => Some(s),
            _ => None,
        }
    }
}

/// An item a payload names (a product, an order, an ad): its id as text, or an object carrying
/// it as `id`, `idpedido` or `idlocal` (the listed item itself, as the spec's clients send it).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ItemRef {
    /// The id.
    Id(String),
    /// The item (or any object) carrying its id.
    Object(ItemObject),
}

/// An object naming an item: the first of `id`, `idpedido`, `idlocal` given (an order carries
/// its id as both `id` and `idpedido`). Its other fields are ignored.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ItemObject {
    #[serde(default)]
    pub id: Option<String>,
    /// An order's id.
    #[serde(rename = "idpedido", default)]
    pub order_id: Option<String>,
    /// A product's id (the spec's `idlocal`).
    #[serde(rename = "idlocal", default)]
    pub local_id: Option<String>,
}

/// Text, trimmed; none when blank (how every loose field's value is read).
pub fn filled(s: Option<&str>) -> Option<String> {
    let s = s?.trim();
    (!s.is_empty()).then(|| s.to_owned())
}

impl ItemRef {
    /// The id, trimmed; none when blank.
    pub fn id(&self) -> Option<String> {
        filled(match self {
            Self::Id(s) => Some(s.as_str()),
            Self::Object(o) => [&o.id, &o.order_id, &o.local_id]
                .into_iter()
                .find_map(Option::as_deref),
        })
    }

    /// The id, or 400 'Dados inválidos.'.
    pub fn required(&self) -> ApiResult<String> {
        self.id()
            .ok_or_else(|| ApiError::bad_request(DADOS_INVALIDOS))
    }
}

/// The id named by the first of `refs` that names one, or 400 'Dados inválidos.'.
pub fn first_id<'a>(refs: impl IntoIterator<Item = Option<&'a ItemRef>>) -> ApiResult<String> {
    refs.into_iter()
        .flatten()
        .find_map(ItemRef::id)
        .ok_or_else(|| ApiError::bad_request(DADOS_INVALIDOS))
}

/// Money on the wire: reais as a JSON number with at most two decimals (centavos inside).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize)]
#[serde(transparent)]
pub struct Reais(f64);

impl Reais {
    pub fn from_centavos(centavos: i64) -> Self {
        Self(reais(centavos))
    }

    pub fn value(self) -> f64 {
        self.0
    }
}

impl From<Money> for Reais {
    fn from(m: Money) -> Self {
        Self(m.reais())
    }
}

impl PartialSchema for Reais {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .description(Some("Reais, with at most two decimals."))
            .into()
    }
}

impl ToSchema for Reais {}

/// Centavos as reais for the JSON.
pub fn reais(centavos: i64) -> f64 {
    Money::from_centavos(centavos).reais()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn item(v: Value) -> Option<String> {
        serde_json::from_value::<ItemRef>(v).ok()?.id()
    }

    #[test]
    fn item_refs_are_ids_or_objects_carrying_one() {
        assert_eq!(item(json!("p1")).as_deref(), Some("p1"));
        assert_eq!(
            item(json!({"id": "p2", "titulo": "x"})).as_deref(),
            Some("p2")
        );
        assert_eq!(item(json!({"idpedido": "o1"})).as_deref(), Some("o1"));
        assert_eq!(item(json!({"idlocal": "l1"})).as_deref(), Some("l1"));
        assert_eq!(item(json!(" ")), None);
        assert_eq!(item(json!({"id": " "})), None);
        assert!(serde_json::from_value::<ItemRef>(json!(4)).is_err());
        assert!(first_id([None, None]).is_err());
    }

    #[test]
    fn text_takes_text_numbers_and_null_only() {
        let t = |v: Value| serde_json::from_value::<Text>(v).map(|t| t.0);
        assert_eq!(t(json!("7,5")).unwrap(), "7,5");
        assert_eq!(t(json!(12)).unwrap(), "12");
        assert_eq!(t(json!(7.5)).unwrap(), "7.50");
        assert_eq!(t(json!(null)).unwrap(), "");
        assert!(t(json!(true)).is_err());
        assert!(t(json!({"a": 1})).is_err());
        assert_eq!(
            serde_json::to_value(Reais::from_centavos(1050)).unwrap(),
            json!(10.5)
        );
    }

    #[test]
    fn centavos_are_reais() {
        assert!((reais(1050) - 10.5).abs() < f64::EPSILON);
    }
}

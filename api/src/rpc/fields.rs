//! The payload's loose fields and the answer's money, one home for what every area reads and
//! writes the same way: the item a payload names ([`id_of`], [`required_id`]), a form value as
//! text ([`text`]) and centavos as the wire's reais ([`reais`]).

use crate::{
    error::{ApiError, ApiResult},
    messages::DADOS_INVALIDOS,
};
use serde_json::Value;
use wasm_core::money::Money;

/// The id an `item` names: the id as text, or an object's `id`, `idpedido` or `idlocal` (an
/// order object carries its id as both `id` and `idpedido`).
pub fn id_of(v: &Value) -> Option<String> {
    let id = match v {
        Value::String(s) => Some(s.as_str()),
        Value::Object(o) => ["id", "idpedido", "idlocal"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_str)),
        _ => None,
    }?;
    let id = id.trim();
    (!id.is_empty()).then(|| id.to_owned())
}

/// The id in `item`, or 400.
pub fn required_id(v: Option<&Value>) -> ApiResult<String> {
    v.and_then(id_of)
        .ok_or_else(|| ApiError::bad_request(DADOS_INVALIDOS))
}

/// A form value as text: text as is, numbers as their decimal text, anything else empty.
pub fn text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n
            .as_f64()
            .map(wasm_core::forms::number_text)
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// Centavos as reais for the JSON.
pub fn reais(centavos: i64) -> f64 {
    Money::from_centavos(centavos).reais()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn items_are_ids_or_objects() {
        assert_eq!(id_of(&json!("p1")).as_deref(), Some("p1"));
        assert_eq!(id_of(&json!({"id": "p2"})).as_deref(), Some("p2"));
        assert_eq!(id_of(&json!({"idpedido": "o1"})).as_deref(), Some("o1"));
        assert_eq!(
            id_of(&json!({"id": "o2", "idpedido": "o2"})).as_deref(),
            Some("o2")
        );
        assert_eq!(id_of(&json!({"idlocal": "l1"})).as_deref(), Some("l1"));
        assert_eq!(id_of(&json!(" ")), None);
        assert_eq!(id_of(&json!({"id": " "})), None);
        assert_eq!(id_of(&json!(4)), None);
        assert!(required_id(None).is_err());
    }

    #[test]
    fn form_values_as_text() {
        assert_eq!(text(Some(&json!("7,5"))), "7,5");
        assert_eq!(text(Some(&json!(12))), "12");
        assert_eq!(text(Some(&json!(7.5))), "7.50");
        assert_eq!(text(None), "");
    }

    #[test]
    fn centavos_are_reais() {
        assert!((reais(1050) - 10.5).abs() < f64::EPSILON);
    }
}

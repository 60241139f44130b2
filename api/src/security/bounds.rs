//! The bounds of every RPC request, checked before its payload is typed: the body's size per
//! action (photo actions carry base64 JPEGs, the data-URL notarisation the configured
//! `BODY_LIMIT_BYTES`, everything else 512 KB: the spec's clients send the store's whole city list
//! — up to every municipality, 5.571 — with most panel actions, and listed orders back whole), and in the JSON
//! itself every string, list, object and number the action reads, and the nesting depth.
//!
//! What an action reads is its payload's schema (the same types the handler decodes, as the
//! OpenAPI document describes them, [`Shape`]): a field it does not know is ignored by the
//! handler, so it is not refused for its size (within the body limit): the spec's client may send
//! a listed order back whole, QR code image included. Field-by-field bounds with their messages
//! are wasm-core's forms (`forms::MAX_*`); these catch the rest (an id, a code) so that no value of
//! any size is ever stored or echoed. A request over a bound is 413 'A requisição é grande
//! demais.'.

use crate::error::ApiError;
use serde_json::Value;
use wasm_core::forms::MAX_CITIES;

/// The body limit of an action with no photo or file: room for the spec's clients' ignored
/// fields (5.571 cities are ~170 KB of JSON; a listed order with its QR image ~40 KB).
pub const SMALL_BODY: usize = 512 * 1024;
/// Actions carrying base64 photos (a background is at most 800×2400 px).
pub const PHOTO_BODY: usize = 3 * 1024 * 1024;
/// The longest string in an action without photos or files (descriptions are 1.500
/// characters).
pub const MAX_STRING: usize = 4 * 1024;
/// The longest list: a scope's cities.
pub const MAX_LIST: usize = MAX_CITIES;
/// The most fields in one object.
pub const MAX_FIELDS: usize = 64;
/// The deepest nesting.
pub const MAX_DEPTH: usize = 8;
/// The largest number (in absolute value): above a millisecond timestamp (~1,8e12, which the
/// webapp echoes back inside the objects it edits) and any amount, below where JSON numbers
/// stop being exact integers (2^53 ≈ 9e15).
pub const MAX_NUMBER: f64 = 1e15;

/// What an action's body may carry (its line of the action table says, `body`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// Form fields and ids (and what the spec's clients send beside them).
    Small,
    /// Base64 photos.
    Photos,
    /// A file as a data URL (notarisation).
    File,
}

/// The body limit of an action carrying `body`; `file_limit` is `BODY_LIMIT_BYTES`.
pub fn body_limit(body: Body, file_limit: usize) -> usize {
    match body {
        Body::Small => SMALL_BODY,
        Body::Photos => PHOTO_BODY.min(file_limit),
        Body::File => file_limit,
    }
}

/// What an action reads: its request's schema and the components its `$ref`s name (JSON Schema
/// as the OpenAPI document writes it).
#[derive(Debug, Clone, Copy)]
pub struct Shape<'a> {
    pub schema: &'a Value,
    pub components: &'a serde_json::Map<String, Value>,
}

/// Checks a decoded request whose body (`body`) had `size` bytes; `shape` is what it reads
/// (without one, every value is bounded).
pub fn check(
    body: Body,
    size: usize,
    value: &Value,
    shape: Option<Shape<'_>>,
    file_limit: usize,
) -> Result<(), ApiError> {
    let limit = body_limit(body, file_limit);
    let max_string = match body {
        Body::Small => MAX_STRING,
        Body::Photos | Body::File => limit,
    };
    let bounded = match shape {
        Some(shape) => read_within(value, shape.schema, shape.components, max_string, 0),
        None => within(value, max_string, 0),
    };
    if size > limit || !bounded {
        tracing::info!(?body, size, "request over its bounds");
        return Err(ApiError::PayloadTooLarge);
    }
    Ok(())
}

/// The schema `s` points to (`$ref`), or `s`.
fn resolve<'a>(s: &'a Value, components: &'a serde_json::Map<String, Value>) -> &'a Value {
    match s["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        Some(name) => components.get(name).unwrap_or(&Value::Null),
        None => s,
    }
}

/// [`within`] for the values `schema` reads: an object's fields the schema does not name are
/// skipped (the handler ignores them); a union is within when one of its branches says so.
fn read_within(
    v: &Value,
    schema: &Value,
    components: &serde_json::Map<String, Value>,
    max_string: usize,
    depth: usize,
) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let schema = resolve(schema, components);
    for union in ["oneOf", "anyOf"] {
        if let Some(branches) = schema[union].as_array() {
            return branches
                .iter()
                .any(|b| read_within(v, b, components, max_string, depth));
        }
    }
    let mut properties: Vec<&serde_json::Map<String, Value>> =
        schema["properties"].as_object().into_iter().collect();
    let mut additional = schema.get("additionalProperties").filter(|a| a.is_object());
    if let Some(parts) = schema["allOf"].as_array() {
        for part in parts {
            let part = resolve(part, components);
            properties.extend(part["properties"].as_object());
            additional = additional.or(part.get("additionalProperties").filter(|a| a.is_object()));
        }
    }
    match v {
        Value::Object(o) if !properties.is_empty() || additional.is_some() => {
            o.len() <= MAX_FIELDS
                && o.iter().all(|(k, x)| {
                    match properties.iter().find_map(|p| p.get(k)).or(additional) {
                        Some(s) => read_within(x, s, components, max_string, depth + 1),
                        // Not read: only the body limit applies.
                        None => true,
                    }
                })
        }
        Value::Array(a) if schema.get("items").is_some() => {
            a.len() <= MAX_LIST
                && a.iter()
                    .all(|x| read_within(x, &schema["items"], components, max_string, depth + 1))
        }
        // Anything else: every value bounded.
        _ => within(v, max_string, depth),
    }
}

fn within(v: &Value, max_string: usize, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match v {
        Value::Null | Value::Bool(_) => true,
        Value::Number(n) => n.as_f64().is_some_and(|f| f.abs() <= MAX_NUMBER),
        Value::String(s) => s.len() <= max_string || s.chars().count() <= max_string,
        Value::Array(a) => {
            a.len() <= MAX_LIST && a.iter().all(|x| within(x, max_string, depth + 1))
        }
        Value::Object(o) => {
            o.len() <= MAX_FIELDS
                && o.iter()
                    .all(|(k, x)| k.len() <= 64 && within(x, max_string, depth + 1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ok(body: Body, v: Value) -> bool {
        let size = v.to_string().len();
        check(body, size, &v, None, 8 << 20).is_ok()
    }

    #[test]
    fn every_kind_of_value_is_bounded() {
        assert!(ok(Body::Small, json!({"nome": "Ana"})));
        assert!(!ok(
            Body::Small,
            json!({"nome": "a".repeat(MAX_STRING + 1)})
        ));
        assert!(ok(Body::Small, json!({"nome": "é".repeat(MAX_STRING)})));
        assert!(!ok(Body::Small, json!({"x": vec![1; MAX_LIST + 1]})));
        assert!(!ok(Body::Small, json!({"total": 1e16})));
        // A millisecond timestamp echoed inside an edited object is fine.
        assert!(ok(
            Body::Small,
            json!({"infos": {"criado_em": 1_795_000_000_000_i64}})
        ));
        let deep = (0..12).fold(json!(1), |v, _| json!([v]));
        assert!(!ok(Body::Small, deep));
        let wide: serde_json::Map<String, Value> =
            (0..65).map(|i| (format!("k{i}"), json!(i))).collect();
        assert!(!ok(Body::Small, Value::Object(wide)));
        // A photo action takes a base64 photo; a small action does not.
        let photo = "A".repeat(200_000);
        assert!(ok(Body::Photos, json!({"uri": photo})));
        assert!(!ok(Body::Small, json!({"cupom": photo})));
        // Body sizes: per action.
        assert_eq!(body_limit(Body::Small, 8 << 20), SMALL_BODY);
        assert_eq!(body_limit(Body::File, 8 << 20), 8 << 20);
        assert!(check(Body::Small, SMALL_BODY + 1, &json!({}), None, 8 << 20).is_err());
    }

    #[test]
    fn only_what_the_action_reads_is_bounded() {
        let components = json!({
            "Item": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Id": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/Item"}]},
            "Payload": {"type": "object", "properties": {"item": {"$ref": "#/components/schemas/Id"},
                         "nomes": {"type": "array", "items": {"type": "string"}}}},
        });
        let components = components.as_object().unwrap();
        let schema = json!({"properties": {"codigo": {"type": "string"}},
                            "allOf": [{"$ref": "#/components/schemas/Payload"}]});
        let shape = Some(Shape {
            schema: &schema,
            components,
        });
        let checked = |v: Value| check(Body::Small, v.to_string().len(), &v, shape, 8 << 20);
        let qr = "A".repeat(30_000);
        // A listed order sent back whole: its QR image is not read.
        assert!(
            checked(json!({"codigo": "x", "item": {"id": "o1", "Infos": {"imagem_qrcode": qr}}}))
                .is_ok()
        );
        // The spec's city list beside it: ignored, within the body limit.
        let cities: Vec<String> = (0..MAX_CITIES).map(|i| format!("Cidade {i}, SP")).collect();
        assert!(checked(json!({"codigo": "x", "item": "o1", "cidades": cities})).is_ok());
        // What it reads is bounded: the id, an id given as text, the names.
        assert!(checked(json!({"codigo": "x", "item": {"id": qr}})).is_err());
        assert!(checked(json!({"codigo": "x", "item": qr})).is_err());
        assert!(checked(json!({"codigo": "x", "nomes": [qr]})).is_err());
        assert!(checked(json!({"codigo": "x", "item": "o1", "nomes": ["Ana"]})).is_ok());
    }
}

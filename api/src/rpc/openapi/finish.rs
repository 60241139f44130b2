//! What serde does that utoipa's derive cannot see, stated on the built document.
//!
//! Answers: utoipa makes an `Option` field optional, but our answers always write it (`null`
//! when empty); a field serde may leave out is marked `#[schema(nullable = false)]` with
//! `skip_serializing_if`. So in every schema reached only from answers, a nullable property is
//! required. Payloads keep their optional fields optional (a missing field is `None`).
//!
//! `Option<T>` of a type that already accepts null (a lenient form field) is written by utoipa
//! as `oneOf: [T, null]`, whose branches overlap; it is the same as `T` and is written so.

use serde_json::Value;
use std::collections::BTreeSet;

const PREFIX: &str = "#/components/schemas/";

/// Every `$ref` in `v`.
pub fn collect_refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => out.push(r.clone()),
                    _ => collect_refs(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_refs(x, out)),
        _ => {}
    }
}

/// The component names reached from `roots`, following `$ref`s through the components.
fn reached(schemas: &Value, roots: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = roots.into_iter().collect();
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let mut refs = Vec::new();
        collect_refs(&schemas[&name], &mut refs);
        todo.extend(
            refs.iter()
                .filter_map(|r| r.strip_prefix(PREFIX))
                .map(str::to_owned),
        );
    }
    seen
}

/// Whether a property's schema admits `null`.
fn nullable(schema: &Value) -> bool {
    let null_type = |t: &Value| match t {
        Value::String(s) => s == "null",
        Value::Array(a) => a.iter().any(|x| x == "null"),
        _ => false,
    };
    null_type(&schema["type"])
        || ["oneOf", "anyOf"].iter().any(|k| {
            schema[*k]
                .as_array()
                .is_some_and(|items| items.iter().any(|i| null_type(&i["type"])))
        })
}

/// In every object schema inside `v`, requires the nullable properties.
fn require_nullable(v: &mut Value) {
    match v {
        Value::Object(o) => {
            if let Some(Value::Object(props)) = o.get("properties") {
                let mut required: Vec<Value> = o
                    .get("required")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                for (name, schema) in props {
                    let name = Value::String(name.clone());
                    if nullable(schema) && !required.contains(&name) {
                        required.push(name);
                    }
                }
                if !required.is_empty() {
                    o.insert("required".into(), Value::Array(required));
                }
            }
            for (_, x) in o.iter_mut() {
                require_nullable(x);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(require_nullable),
        _ => {}
    }
}

/// The roots of the answers and of the requests' payloads: the `x-feira-answer` of each
/// request schema and every other schema its request refers to, and the other routes' JSON
/// bodies (answers) and parameters.
fn roots(doc: &Value) -> (Vec<String>, Vec<String>) {
    let (mut answers, mut payloads) = (Vec::new(), Vec::new());
    let name = |r: &str| r.strip_prefix(PREFIX).map(str::to_owned);
    if let Some(schemas) = doc["components"]["schemas"].as_object() {
        for s in schemas.values() {
            if let Some(a) = s["x-feira-answer"].as_str() {
                answers.extend(name(a));
                let mut refs = Vec::new();
                collect_refs(s, &mut refs);
                payloads.extend(refs.iter().filter_map(|r| name(r)));
            }
        }
    }
    if let Some(paths) = doc["paths"].as_object() {
        for (path, item) in paths {
            for op in item.as_object().into_iter().flat_map(|o| o.values()) {
                let mut refs = Vec::new();
                collect_refs(&op["responses"], &mut refs);
                if path != "/api" {
                    answers.extend(refs.iter().filter_map(|r| name(r)));
                }
                let mut refs = Vec::new();
                collect_refs(&op["parameters"], &mut refs);
                collect_refs(&op["requestBody"], &mut refs);
                if path != "/api" {
                    payloads.extend(refs.iter().filter_map(|r| name(r)));
                }
            }
        }
    }
    (answers, payloads)
}

/// Rewrites `oneOf: [{$ref: T}, {type: null}]` as `{$ref: T}` wherever `T` accepts null.
fn collapse_null(v: &mut Value, schemas: &Value) {
    match v {
        Value::Object(o) => {
            let target = o.get("oneOf").and_then(Value::as_array).and_then(|items| {
                let [a, b] = items.as_slice() else {
                    return None;
                };
                let (r, null) = if a.get("$ref").is_some() {
                    (a, b)
                } else {
                    (b, a)
                };
                let name = r["$ref"].as_str()?.strip_prefix(PREFIX)?;
                (null == &serde_json::json!({"type": "null"}) && nullable(&schemas[name]))
                    .then(|| r["$ref"].clone())
            });
            if let Some(target) = target {
                o.remove("oneOf");
                o.insert("$ref".into(), target);
            }
            for (_, x) in o.iter_mut() {
                collapse_null(x, schemas);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| collapse_null(x, schemas)),
        _ => {}
    }
}

/// The finished document.
pub fn finish(mut doc: Value) -> Value {
    let (answers, payloads) = roots(&doc);
    let schemas = &doc["components"]["schemas"];
    let answers = reached(schemas, answers);
    let payloads = reached(schemas, payloads);
    for name in answers.difference(&payloads) {
        if let Some(s) = doc["components"]["schemas"].get_mut(name) {
            require_nullable(s);
        }
    }
    let schemas = doc["components"]["schemas"].clone();
    collapse_null(&mut doc, &schemas);
    doc
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nullable_answer_fields_are_required_and_payload_ones_stay_optional() {
        let doc = json!({
            "paths": {},
            "components": { "schemas": {
                "XRequest": { "x-feira-answer": "#/components/schemas/A",
                              "allOf": [{ "$ref": "#/components/schemas/P" }] },
                "A": { "type": "object", "properties": {
                    "a": { "type": ["string", "null"] },
                    "b": { "oneOf": [{ "type": "null" }, { "$ref": "#/components/schemas/B" }] },
                    "c": { "type": "string" } }, "required": ["c"] },
                "B": { "type": "object", "properties": { "n": { "type": ["integer", "null"] } } },
                "P": { "type": "object", "properties": { "p": { "type": ["string", "null"] } } },
            } },
        });
        let doc = finish(doc);
        let s = &doc["components"]["schemas"];
        assert_eq!(s["A"]["required"], json!(["c", "a", "b"]));
        // B does not accept null itself: its oneOf stays.
        assert!(s["A"]["properties"]["b"].get("oneOf").is_some());
        assert_eq!(s["B"]["required"], json!(["n"]));
        assert!(s["P"].get("required").is_none());
    }

    #[test]
    fn an_option_of_a_nullable_type_is_that_type() {
        let doc = json!({
            "paths": {},
            "components": { "schemas": {
                "T": { "type": ["string", "number", "null"] },
                "P": { "type": "object", "properties": {
                    "t": { "oneOf": [{ "$ref": "#/components/schemas/T" }, { "type": "null" }],
                           "description": "d" } } },
            } },
        });
        let doc = finish(doc);
        assert_eq!(
            doc["components"]["schemas"]["P"]["properties"]["t"],
            json!({ "$ref": "#/components/schemas/T", "description": "d" })
        );
    }
}

//! The JS glue the bindings share: reading plain JS objects field by field through `Reflect`,
//! building them back, and turning errors into JS `Error`s carrying the spec's message.
//!
//! Objects cross as plain JS objects with the field names of the Rust types' serde form
//! (`*_centavos` for amounts): serde's (de)serialisers would add about 40 KB gzipped to this
//! wasm. Input the rules cannot read (a wrong type, a fractional amount) becomes `Dados
//! inválidos: <campo>`. Nothing here can panic on input.

use crate::forms;
use crate::messages::{self, Message};
use crate::money::Money;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn reflect_set(target: &JsValue, key: &JsValue, value: &JsValue) -> bool;
    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;
    #[wasm_bindgen(js_name = Object)]
    fn new_object() -> JsValue;
    #[wasm_bindgen(js_name = Array)]
    fn new_array() -> JsValue;
}

/// The rule's message as a JS `Error`.
pub(super) fn js_error(e: impl Message) -> JsError {
    JsError::new(&e.message())
}

/// The rule's message as a JS `Error` whose `codigo` says which rule refused (the webapp
/// branches on it, never on the message).
pub(super) fn coded_error(e: impl Message, codigo: &str) -> JsValue {
    let err = JsValue::from(js_error(e));
    reflect_set(
        &err,
        &JsValue::from_str("codigo"),
        &JsValue::from_str(codigo),
    );
    err
}

pub(super) fn bad_input(what: &str) -> JsError {
    // "Dados inválidos: preco" (the sentence without its full stop, then what was wrong).
    let sentence = messages::DADOS_INVALIDOS.trim_end_matches('.');
    JsError::new(&[sentence, ": ", what].concat())
}

pub(super) fn money(centavos: f64, what: &str) -> Result<Money, JsError> {
    Money::from_centavos_f64(centavos).ok_or_else(|| bad_input(what))
}

pub(super) fn number(m: Money) -> f64 {
    m.centavos() as f64
}

// Reading plain JS objects.

pub(super) fn absent(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

/// `obj[key]`; a missing object reads as having no fields.
pub(super) fn get(obj: &JsValue, key: &str) -> Result<JsValue, JsError> {
    if absent(obj) {
        return Ok(JsValue::UNDEFINED);
    }
    if !obj.is_object() {
        return Err(bad_input(key));
    }
    reflect_get(obj, &JsValue::from_str(key)).map_err(|_| bad_input(key))
}

/// Text, or a number as its text, or `""` when absent.
pub(super) fn text(obj: &JsValue, key: &str) -> Result<String, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        Ok(String::new())
    } else if let Some(s) = v.as_string() {
        Ok(s)
    } else if let Some(n) = v.as_f64() {
        Ok(forms::number_text(n))
    } else {
        Err(bad_input(key))
    }
}

/// Several [`text`] fields, handed out in the order of the keys.
pub(super) struct Texts(std::vec::IntoIter<String>);

impl Texts {
    pub(super) fn next(&mut self) -> String {
        self.0.next().unwrap_or_default()
    }
}

pub(super) fn texts(obj: &JsValue, keys: &[&str]) -> Result<Texts, JsError> {
    let mut out = Vec::with_capacity(keys.len());
    for key in keys {
        out.push(text(obj, key)?);
    }
    Ok(Texts(out.into_iter()))
}

pub(super) fn optional_text(obj: &JsValue, key: &str) -> Result<Option<String>, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        Ok(None)
    } else {
        v.as_string().map(Some).ok_or_else(|| bad_input(key))
    }
}

pub(super) fn optional_number(obj: &JsValue, key: &str) -> Result<Option<f64>, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        Ok(None)
    } else {
        v.as_f64().map(Some).ok_or_else(|| bad_input(key))
    }
}

/// A whole number ≥ 0 (a number or digits), or `None` when absent or empty.
pub(super) fn count(obj: &JsValue, key: &str) -> Result<Option<u32>, JsError> {
    let v = get(obj, key)?;
    if absent(&v) {
        return Ok(None);
    }
    if let Some(n) = v.as_f64() {
        let ok = n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n);
        return if ok {
            Ok(Some(n as u32))
        } else {
            Err(bad_input(key))
        };
    }
    let s = v.as_string().ok_or_else(|| bad_input(key))?;
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse().map(Some).map_err(|_| bad_input(key))
}

/// Whole centavos, or `None` when absent.
pub(super) fn centavos(obj: &JsValue, key: &str) -> Result<Option<Money>, JsError> {
    optional_number(obj, key)?
        .map(|n| money(n, key))
        .transpose()
}

pub(super) fn raw_centavos(obj: &JsValue, key: &str) -> Result<Option<i64>, JsError> {
    Ok(centavos(obj, key)?.map(Money::centavos))
}

/// Longer arrays are refused (a sparse `length` of 4 billion would exhaust memory). The longest
/// legitimate list is a places list: every municipality, 5,571.
const MAX_ITEMS: u32 = 10_000;

/// The elements of an array (absent reads as empty).
pub(super) fn elements(value: &JsValue, what: &str) -> Result<Vec<JsValue>, JsError> {
    if absent(value) {
        return Ok(Vec::new());
    }
    if !is_array(value) {
        return Err(bad_input(what));
    }
    let len = get(value, "length")?.as_f64().unwrap_or(0.0) as u32;
    if len > MAX_ITEMS {
        return Err(bad_input(what));
    }
    let mut out = Vec::with_capacity(len as usize);
    for i in 0..len {
        out.push(reflect_get(value, &JsValue::from(i)).map_err(|_| bad_input(what))?);
    }
    Ok(out)
}

/// The elements of an array, each read with `read` (absent reads as empty).
pub(super) fn list<T>(
    value: &JsValue,
    what: &str,
    read: fn(&JsValue) -> Result<T, JsError>,
) -> Result<Vec<T>, JsError> {
    let items = elements(value, what)?;
    let mut out = Vec::with_capacity(items.len());
    for item in &items {
        out.push(read(item)?);
    }
    Ok(out)
}

/// An array of labels; `{<object_key>: label}` objects are read too when `object_key` is given.
pub(super) fn strings(
    obj: &JsValue,
    key: &str,
    object_key: Option<&str>,
) -> Result<Vec<String>, JsError> {
    let items = elements(&get(obj, key)?, key)?;
    let mut out = Vec::with_capacity(items.len());
    for v in &items {
        out.push(match (v.as_string(), object_key) {
            (Some(s), _) => s,
            (None, Some(k)) if v.is_object() => text(v, k)?,
            _ => return Err(bad_input(key)),
        });
    }
    Ok(out)
}

// Building plain JS objects (the serde form of the Rust types; `None` is `null`).

pub(super) struct Obj(JsValue);

impl Obj {
    pub(super) fn new() -> Self {
        Self(new_object())
    }

    pub(super) fn set(&self, key: &str, value: &JsValue) -> &Self {
        reflect_set(&self.0, &JsValue::from_str(key), value);
        self
    }

    pub(super) fn text(&self, key: &str, value: &str) -> &Self {
        self.set(key, &JsValue::from_str(value))
    }

    pub(super) fn optional_text(&self, key: &str, value: Option<&str>) -> &Self {
        self.set(key, &value.map_or(JsValue::NULL, JsValue::from_str))
    }

    pub(super) fn number(&self, key: &str, value: f64) -> &Self {
        self.set(key, &JsValue::from_f64(value))
    }

    pub(super) fn optional_number(&self, key: &str, value: Option<f64>) -> &Self {
        self.set(key, &value.map_or(JsValue::NULL, JsValue::from_f64))
    }

    pub(super) fn money(&self, key: &str, value: Money) -> &Self {
        self.number(key, number(value))
    }

    pub(super) fn optional_money(&self, key: &str, value: Option<Money>) -> &Self {
        self.optional_number(key, value.map(number))
    }

    pub(super) fn done(&self) -> JsValue {
        self.0.clone()
    }
}

pub(super) fn array(items: impl IntoIterator<Item = JsValue>) -> JsValue {
    let out = new_array();
    for (i, item) in items.into_iter().enumerate() {
        reflect_set(&out, &JsValue::from_f64(i as f64), &item);
    }
    out
}

pub(super) fn text_array(items: &[String]) -> JsValue {
    array(items.iter().map(|s| JsValue::from_str(s)))
}

pub(super) fn optional_count(value: Option<u32>) -> JsValue {
    value.map_or(JsValue::NULL, |n| JsValue::from_f64(f64::from(n)))
}

//! Money: parsing, filtering and formatting amounts of whole centavos.

use super::js::{bad_input, js_error, money, number};
use crate::money::Money;
use wasm_bindgen::prelude::*;

/// `money_parse("12,50")` → `1250`; throws `Insira um preço válido`.
#[wasm_bindgen]
pub fn money_parse(input: &str) -> Result<f64, JsError> {
    Money::parse(input).map(number).map_err(js_error)
}

/// What the price field keeps of the typed text (digits, dots and commas, as typed).
#[wasm_bindgen]
pub fn money_filter_input(input: &str) -> String {
    Money::filter_input(input)
}

/// `money_format(1250)` → `"R$ 12,50"`.
#[wasm_bindgen]
pub fn money_format(centavos: f64) -> Result<String, JsError> {
    Ok(money(centavos, "centavos")?.format())
}

/// Reais (a wire number) → centavos, rounded.
#[wasm_bindgen]
pub fn money_from_reais(reais: f64) -> Result<f64, JsError> {
    Money::from_reais(reais)
        .map(number)
        .ok_or_else(|| bad_input("reais"))
}

/// A stored price as the price field shows it: `money_input_text(3250)` → `"32,50"`.
#[wasm_bindgen]
pub fn money_input_text(centavos: f64) -> Result<String, JsError> {
    Ok(money(centavos, "centavos")?.input_text())
}

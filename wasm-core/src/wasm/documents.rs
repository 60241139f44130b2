//! Phone and CEP masks, CPF/CNPJ and the store URL.

use super::js::js_error;
use crate::document::TaxId;
use crate::phone::{self, Phone};
use crate::store_url::{self, StoreUrl};
use wasm_bindgen::prelude::*;

/// `(19) 99876-5432` / `(19) 3421-1234`, progressively while typing.
#[wasm_bindgen]
pub fn phone_mask(input: &str) -> String {
    phone::mask(input)
}

/// `00000-000`, progressively while typing.
#[wasm_bindgen]
pub fn cep_mask(input: &str) -> String {
    crate::cep::mask_cep(input)
}

/// 8 digits (masked or not).
#[wasm_bindgen]
pub fn cep_is_valid(input: &str) -> bool {
    crate::cep::Cep::parse(input).is_ok()
}

/// At least 14 masked characters (10 or 11 digits).
#[wasm_bindgen]
pub fn phone_is_valid(input: &str) -> bool {
    Phone::parse(input).is_ok()
}

/// CPF or CNPJ (numeric or alphanumeric) → its formatted form; throws `Insira um CPF/CNPJ` or
/// `Insira um CPF/CNPJ válido`.
#[wasm_bindgen]
pub fn document_validate(input: &str) -> Result<String, JsError> {
    TaxId::parse(input).map(|d| d.formatted()).map_err(js_error)
}

/// The store-URL field as typed: lower case, no whitespace.
#[wasm_bindgen]
pub fn store_url_normalize(input: &str) -> String {
    store_url::normalize(input)
}

/// A valid store URL name, or throws `Digite uma URL` and the like.
#[wasm_bindgen]
pub fn store_url_validate(input: &str) -> Result<String, JsError> {
    StoreUrl::parse(input)
        .map(|u| u.as_str().to_owned())
        .map_err(js_error)
}

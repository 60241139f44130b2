//! The supplier's payment options and withdrawals, and the notarisation page's tokens and upload
//! checks.

use super::js::{Obj, bad_input, js_error, money, number};
use crate::forms::{self, PaymentOptions, Withdrawal};
use wasm_bindgen::prelude::*;

/// The payment options chosen → the stored codes (`"1"`, `"2"`, `"12"`).
#[wasm_bindgen]
pub fn payment_options_validate(presencial: bool, pix: bool) -> Result<String, JsError> {
    PaymentOptions::choose(presencial, pix)
        .map(PaymentOptions::codes)
        .map_err(js_error)
}

/// The 2 % fee and the net amount for a balance → `{taxa_centavos, liquido_centavos}`.
#[wasm_bindgen]
pub fn withdrawal_preview(saldo_centavos: f64) -> Result<JsValue, JsError> {
    let (fee, net) = Withdrawal::preview(money(saldo_centavos, "saldo_centavos")?);
    Ok(Obj::new()
        .money("taxa_centavos", fee)
        .money("liquido_centavos", net)
        .done())
}

/// A withdrawal request → `{bruto_centavos, taxa_centavos, liquido_centavos, chave_pix}`.
#[wasm_bindgen]
pub fn withdrawal_request(saldo_centavos: f64, chave_pix: &str) -> Result<JsValue, JsError> {
    let balance = money(saldo_centavos, "saldo_centavos")?;
    let w = Withdrawal::request(balance, chave_pix).map_err(js_error)?;
    Ok(Obj::new()
        .money("bruto_centavos", w.bruto_centavos)
        .money("taxa_centavos", w.taxa_centavos)
        .money("liquido_centavos", w.liquido_centavos)
        .text("chave_pix", &w.chave_pix)
        .done())
}

/// The notarisation upload checks (tokens held, file size in bytes, description) → the trimmed
/// description.
#[wasm_bindgen]
pub fn blockchain_upload_validate(
    fichas: u32,
    bytes: f64,
    descricao: &str,
) -> Result<String, JsError> {
    if !(bytes.is_finite() && bytes >= 0.0) {
        return Err(bad_input("bytes"));
    }
    forms::blockchain_upload(fichas, bytes as u64, descricao).map_err(js_error)
}

/// The price of `quantidade` tokens (R$ 5 each), in centavos.
#[wasm_bindgen]
pub fn tokens_price(quantidade: u32) -> Result<f64, JsError> {
    forms::tokens_price(quantidade)
        .map(number)
        .map_err(js_error)
}

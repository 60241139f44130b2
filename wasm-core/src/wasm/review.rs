//! Reviews and moderation reasons (decisions.md §33).

use super::js::{Obj, js_error};
use crate::review::{self, Review};
use wasm_bindgen::prelude::*;

/// A review's note and comment → `{nota, comentario}` (comment trimmed, null when empty); throws
/// the message.
#[wasm_bindgen]
pub fn review_validate(nota: f64, comentario: &str) -> Result<JsValue, JsError> {
    let whole = if nota.fract() == 0.0 && nota.abs() < 1e6 {
        nota as i64
    } else {
        0
    };
    let r = Review::parse(whole, comentario).map_err(js_error)?;
    Ok(Obj::new()
        .number("nota", f64::from(r.nota))
        .optional_text("comentario", r.comentario.as_deref())
        .done())
}

/// The store's reply, trimmed; throws the message.
#[wasm_bindgen]
pub fn review_reply_validate(texto: &str) -> Result<String, JsError> {
    review::reply(texto).map_err(js_error)
}

/// A moderation reason, trimmed; throws the message.
#[wasm_bindgen]
pub fn moderation_reason_validate(texto: &str) -> Result<String, JsError> {
    review::reason(texto).map_err(js_error)
}

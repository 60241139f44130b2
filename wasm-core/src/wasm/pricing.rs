//! Product prices (promotional from a minimum quantity on), the discount badge and the quantity
//! buttons.

use super::js::{money, number};
use crate::pricing::{self, ProductPrice, QuantityLimits};
use wasm_bindgen::prelude::*;

fn product_price(
    preco: f64,
    precopromo: Option<f64>,
    minimopromo: Option<u32>,
) -> Result<ProductPrice, JsError> {
    Ok(ProductPrice::new(
        money(preco, "preco")?,
        precopromo.map(|p| money(p, "precopromo")).transpose()?,
        minimopromo,
    ))
}

/// Unit price for `quantidade` (the promotional one from `minimopromo` on), in centavos.
#[wasm_bindgen]
pub fn price_unit(
    preco: f64,
    precopromo: Option<f64>,
    minimopromo: Option<u32>,
    quantidade: u32,
) -> Result<f64, JsError> {
    let price = product_price(preco, precopromo, minimopromo)?;
    Ok(number(price.unit_price(quantidade)))
}

/// Unit price × quantity, in centavos.
#[wasm_bindgen]
pub fn price_line_total(
    preco: f64,
    precopromo: Option<f64>,
    minimopromo: Option<u32>,
    quantidade: u32,
) -> Result<f64, JsError> {
    let price = product_price(preco, precopromo, minimopromo)?;
    Ok(number(price.line_total(quantidade)))
}

/// The discount badge `round(100 − 100 × promo / price)`, or `undefined` for no badge.
#[wasm_bindgen]
pub fn price_discount_percent(preco: f64, precopromo: f64) -> Result<Option<u8>, JsError> {
    Ok(pricing::discount_percent(
        money(preco, "preco")?,
        money(precopromo, "precopromo")?,
    ))
}

/// The quantity a product starts at: its minimum order, or 1.
#[wasm_bindgen]
pub fn quantity_default(minimo: Option<u32>) -> u32 {
    pricing::default_quantity(minimo)
}

/// The minus button: nothing at 1 or at the minimum order.
#[wasm_bindgen]
pub fn quantity_decrement(quantidade: u32, minimo: Option<u32>) -> u32 {
    QuantityLimits::new(minimo, None).decrement(quantidade)
}

/// The plus button: stops at the stock when set.
#[wasm_bindgen]
pub fn quantity_increment(quantidade: u32, estoque: Option<u32>) -> u32 {
    QuantityLimits::new(None, estoque).increment(quantidade)
}

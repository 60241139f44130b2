//! Product prices (promotional from a minimum quantity on), the discount badge and the quantity
//! buttons.

use super::js::{Obj, money, number, optional_count};
use crate::options::{OptionStock, ProductOption, ProductTerms};
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

/// What option sells at (decisions.md §39), given the product's price, promotion, promotion
/// minimum and stock (centavos; `estoque` null: untracked) and the option's own price,
/// promotion and stock (`estoqueproprio` false: the product's) →
/// `{preco_centavos, precopromo_centavos, minimopromo, estoque}`, the terms its line is priced
/// and limited by (wasm-core's `ProductOption::terms`, as the server prices it).
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn option_terms(
    preco: f64,
    precopromo: Option<f64>,
    minimopromo: Option<u32>,
    estoque: Option<u32>,
    opcao_preco: Option<f64>,
    opcao_precopromo: Option<f64>,
    estoqueproprio: bool,
    opcao_estoque: Option<u32>,
) -> Result<JsValue, JsError> {
    let product = ProductTerms {
        price: product_price(preco, precopromo, minimopromo)?,
        stock: estoque,
        minimum: None,
    };
    let option = ProductOption {
        label: String::new(),
        price: opcao_preco.map(|p| money(p, "preco")).transpose()?,
        promo: opcao_precopromo
            .map(|p| money(p, "precopromo"))
            .transpose()?,
        stock: if estoqueproprio {
            OptionStock::from_own(Some(opcao_estoque))
        } else {
            OptionStock::Product
        },
    };
    let t = option.terms(&product);
    Ok(Obj::new()
        .money("preco_centavos", t.price.price)
        .optional_money("precopromo_centavos", t.price.promo)
        .set("minimopromo", &optional_count(t.price.promo_minimum))
        .set("estoque", &optional_count(t.stock))
        .done())
}

//! Coupons, the order summary and the one-supplier bag.

use super::delivery::{fee_js, read_settings};
use super::js::{
    Obj, absent, array, bad_input, centavos, count, get, js_error, list, money, number,
    optional_number, optional_text, raw_centavos, text,
};
use crate::checkout::{Buyer, CartLine, CheckoutRequest, CheckoutSummary, Fulfilment, Seller};
use crate::coupon::{self, Coupon, CouponKind};
use wasm_bindgen::prelude::*;

/// `{codigo, tipo, valor}` (`valor` in hundredths).
fn read_coupon(v: &JsValue) -> Result<Coupon, JsError> {
    let kind = CouponKind::parse(&text(v, "tipo")?).map_err(js_error)?;
    let value = raw_centavos(v, "valor")?.ok_or_else(|| bad_input("valor"))?;
    Coupon::from_stored(&text(v, "codigo")?, kind, value).map_err(js_error)
}

fn read_line(v: &JsValue) -> Result<CartLine, JsError> {
    Ok(CartLine {
        titulo: text(v, "titulo")?,
        preco_centavos: centavos(v, "preco_centavos")?
            .ok_or_else(|| bad_input("preco_centavos"))?,
        precopromo_centavos: centavos(v, "precopromo_centavos")?,
        minimopromo: count(v, "minimopromo")?,
        quantidade: count(v, "quantidade")?.ok_or_else(|| bad_input("quantidade"))?,
        minimo: count(v, "minimo")?,
        estoque: count(v, "estoque")?,
    })
}

fn coupon_js(c: &Coupon) -> JsValue {
    Obj::new()
        .text("codigo", c.code().as_str())
        .text("tipo", c.kind().as_str())
        .number("valor", c.value_hundredths() as f64)
        .done()
}

fn summary_js(s: &CheckoutSummary) -> JsValue {
    let lines = s.linhas.iter().map(|l| {
        Obj::new()
            .number("quantidade", f64::from(l.quantidade))
            .money("unitario_centavos", l.unitario_centavos)
            .money("total_centavos", l.total_centavos)
            .done()
    });
    Obj::new()
        .set("linhas", &array(lines))
        .money("produtos_centavos", s.produtos_centavos)
        .set("taxa", &s.taxa.as_ref().map_or(JsValue::NULL, fee_js))
        .money("taxa_centavos", s.taxa_centavos)
        .money("desconto_centavos", s.desconto_centavos)
        .money("total_centavos", s.total_centavos)
        .done()
}

/// New coupon → `{codigo, tipo, valor}` (`valor` in hundredths); throws the spec's message.
#[wasm_bindgen]
pub fn coupon_create(
    codigo: &str,
    tipo: &str,
    valor: &str,
    existentes: Vec<String>,
) -> Result<JsValue, JsError> {
    let kind = CouponKind::parse(tipo).map_err(js_error)?;
    let existing = existentes.iter().map(String::as_str);
    let created = Coupon::create(codigo, kind, valor, existing).map_err(js_error)?;
    Ok(coupon_js(&created))
}

/// The coupon of `cupons` (`[{codigo, tipo, valor}]`) matching the typed code; throws `Cupom
/// não encontrado!`.
#[wasm_bindgen]
pub fn coupon_find(cupons: JsValue, digitado: &str) -> Result<JsValue, JsError> {
    let coupons = list(&cupons, "cupons", read_coupon)?;
    let found = coupon::find_coupon(&coupons, digitado).map_err(js_error)?;
    Ok(coupon_js(found))
}

/// The discount of `cupom` (`{codigo, tipo, valor}`) on a products total, in centavos.
#[wasm_bindgen]
pub fn coupon_discount(cupom: JsValue, produtos_centavos: f64) -> Result<f64, JsError> {
    let c = read_coupon(&cupom)?;
    Ok(number(
        c.discount(money(produtos_centavos, "produtos_centavos")?),
    ))
}

/// The order summary `{linhas: [{quantidade, unitario_centavos, total_centavos}],
/// produtos_centavos, taxa, taxa_centavos, desconto_centavos, total_centavos}` of `{itens:
/// [{titulo, preco_centavos, precopromo_centavos, minimopromo, quantidade, minimo, estoque}],
/// cupom, fornecedor: {nomeforn, compras_fechadas, configuracao_entrega}, comprador: {rua,
/// latitude, longitude}, modo: 'entrega' | 'retirada'}`; throws the first applicable message.
#[wasm_bindgen]
pub fn checkout_summary(pedido: JsValue) -> Result<JsValue, JsError> {
    let seller = get(&pedido, "fornecedor")?;
    let buyer = get(&pedido, "comprador")?;
    let cupom = get(&pedido, "cupom")?;
    let itens = list(&get(&pedido, "itens")?, "itens", read_line)?;
    let request = CheckoutRequest {
        itens,
        cupom: if absent(&cupom) {
            None
        } else {
            Some(read_coupon(&cupom)?)
        },
        fornecedor: Seller {
            nomeforn: text(&seller, "nomeforn")?,
            compras_fechadas: get(&seller, "compras_fechadas")?.is_truthy(),
            delivery: read_settings(&get(&seller, "configuracao_entrega")?)?,
        },
        comprador: Buyer {
            rua: optional_text(&buyer, "rua")?,
            latitude: optional_number(&buyer, "latitude")?,
            longitude: optional_number(&buyer, "longitude")?,
        },
        modo: match text(&pedido, "modo")?.as_str() {
            "entrega" => Fulfilment::Delivery,
            "retirada" => Fulfilment::Pickup,
            _ => return Err(bad_input("modo")),
        },
    };
    let summary = crate::checkout::checkout(&request).map_err(js_error)?;
    Ok(summary_js(&summary))
}

/// Whether a product of `novo` may join a bag of `atual`'s products; throws the spec's message.
#[wasm_bindgen]
pub fn bag_accepts(atual: Option<String>, novo: &str) -> Result<(), JsError> {
    crate::checkout::bag_accepts(atual.as_deref(), novo).map_err(js_error)
}

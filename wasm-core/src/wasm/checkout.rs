//! Coupons, the order summary and the one-supplier bag.

use super::delivery::{fee_js, read_settings};
use super::js::{
    Obj, absent, array, bad_input, centavos, coded_error, count, get, js_error, list, money,
    number, optional_count, optional_number, optional_text, raw_centavos, text,
};
use crate::checkout::{
    Buyer, CartLine, CheckoutError, CheckoutRequest, CheckoutSummary, Fulfilment, Seller,
};
use crate::coupon::{self, Coupon, CouponError, CouponKind, CouponRules, RulesForm};
use crate::date::Date;
use wasm_bindgen::prelude::*;

/// A coupon's rules as the bindings exchange them: `validade_inicio`, `validade_fim`
/// (`AAAA-MM-DD`), `limite_usos`, `um_por_cliente`, `pedido_minimo_centavos`, each optional.
fn read_rules(v: &JsValue) -> Result<CouponRules, JsError> {
    let date = |key: &str| -> Result<Option<Date>, JsError> {
        match optional_text(v, key)? {
            None => Ok(None),
            Some(s) if s.trim().is_empty() => Ok(None),
            Some(s) => Date::parse(&s)
                .map(Some)
                .ok_or_else(|| js_error(CouponError::InvalidDate)),
        }
    };
    CouponRules {
        validade_inicio: date("validade_inicio")?,
        validade_fim: date("validade_fim")?,
        limite_usos: count(v, "limite_usos")?,
        um_por_cliente: get(v, "um_por_cliente")?.is_truthy(),
        pedido_minimo_centavos: centavos(v, "pedido_minimo_centavos")?,
    }
    .checked()
    .map_err(js_error)
}

fn rules_js(obj: &Obj, r: &CouponRules) {
    let date = |d: Option<Date>| d.map_or(JsValue::NULL, |d| JsValue::from_str(&d.iso()));
    obj.set("validade_inicio", &date(r.validade_inicio))
        .set("validade_fim", &date(r.validade_fim))
        .set("limite_usos", &optional_count(r.limite_usos))
        .set("um_por_cliente", &JsValue::from_bool(r.um_por_cliente))
        .optional_money("pedido_minimo_centavos", r.pedido_minimo_centavos);
}

/// `{codigo, tipo, valor}` (`valor` in hundredths) and the rules' optional fields.
fn read_coupon(v: &JsValue) -> Result<Coupon, JsError> {
    let kind = CouponKind::parse(&text(v, "tipo")?).map_err(js_error)?;
    let value = raw_centavos(v, "valor")?.ok_or_else(|| bad_input("valor"))?;
    let coupon = Coupon::from_stored(&text(v, "codigo")?, kind, value).map_err(js_error)?;
    coupon.with_rules(read_rules(v)?).map_err(js_error)
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
    let obj = Obj::new();
    obj.text("codigo", c.code().as_str())
        .text("tipo", c.kind().as_str())
        .number("valor", c.value_hundredths() as f64);
    rules_js(&obj, c.rules());
    obj.done()
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

/// A coupon's rules from the supplier's form (`{validade_inicio, validade_fim, limite_usos,
/// um_por_cliente, pedido_minimo}`, as typed; empty fields are no rule) → `{validade_inicio,
/// validade_fim, limite_usos, um_por_cliente, pedido_minimo_centavos}`; throws the message.
#[wasm_bindgen]
pub fn coupon_rules(form: JsValue) -> Result<JsValue, JsError> {
    let (inicio, fim, limite, minimo) = (
        text(&form, "validade_inicio")?,
        text(&form, "validade_fim")?,
        text(&form, "limite_usos")?,
        text(&form, "pedido_minimo")?,
    );
    let rules = CouponRules::from_form(RulesForm {
        inicio: &inicio,
        fim: &fim,
        limite: &limite,
        um_por_cliente: get(&form, "um_por_cliente")?.is_truthy(),
        minimo: &minimo,
    })
    .map_err(js_error)?;
    let obj = Obj::new();
    rules_js(&obj, &rules);
    Ok(obj.done())
}

/// Today in Brasília as `AAAA-MM-DD`, for UTC milliseconds `agora_ms` (the coupon form's
/// smallest date).
#[wasm_bindgen]
pub fn date_today(agora_ms: f64) -> Result<String, JsError> {
    Date::of_ms(agora_ms as i64)
        .map(Date::iso)
        .ok_or_else(|| bad_input("agora_ms"))
}

/// `DD/MM/AAAA` of a stored `AAAA-MM-DD` (the panel's coupon list).
#[wasm_bindgen]
pub fn date_format(iso: &str) -> Result<String, JsError> {
    Date::parse(iso)
        .map(|d| d.to_string())
        .ok_or_else(|| js_error(CouponError::InvalidDate))
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
/// latitude, longitude}, modo: 'entrega' | 'retirada', agora_ms}` (`agora_ms`, optional, checks
/// the coupon's validity days); throws the first applicable message, with `codigo:
/// 'pedido_minimo'` when the bag is below the delivery or pickup minimum (the checkout then
/// offers a way back to the store).
#[wasm_bindgen]
pub fn checkout_summary(pedido: JsValue) -> Result<JsValue, JsValue> {
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
            _ => return Err(bad_input("modo").into()),
        },
        agora_ms: optional_number(&pedido, "agora_ms")?.map(|n| n as i64),
    };
    let summary = crate::checkout::checkout(&request).map_err(|e| match e {
        CheckoutError::MinimumDelivery(_) | CheckoutError::MinimumPickup(_) => {
            coded_error(e, "pedido_minimo")
        }
        other => js_error(other).into(),
    })?;
    Ok(summary_js(&summary))
}

/// Whether a product of `novo` may join a bag of `atual`'s products; throws the spec's message.
#[wasm_bindgen]
pub fn bag_accepts(atual: Option<String>, novo: &str) -> Result<(), JsError> {
    crate::checkout::bag_accepts(atual.as_deref(), novo).map_err(js_error)
}

//! Delivery: the fee a buyer sees, the haversine distance and the supplier's delivery-settings
//! form.

use super::js::{Obj, bad_input, js_error, optional_number, raw_centavos, text, texts};
use crate::delivery::{
    self, Coordinates, DeliveryForm, DeliverySettings, DeliverySettingsRecord, DeliverySetup,
    FeeKind, FeeSetting, FeeState,
};
use wasm_bindgen::prelude::*;

/// The `DeliverySettingsRecord` fields.
pub(super) fn read_settings(v: &JsValue) -> Result<DeliverySettings, JsError> {
    let taxa_tipo = match text(v, "taxa_tipo")?.as_str() {
        "" => None,
        "fixa" => Some(FeeKind::Fixed),
        "porKm" => Some(FeeKind::PerKm),
        _ => return Err(bad_input("taxa_tipo")),
    };
    Ok(DeliverySettingsRecord {
        entrega: text(v, "entrega")?,
        taxa_tipo,
        taxa_entrega_centavos: raw_centavos(v, "taxa_entrega_centavos")?,
        taxa_por_km_centavos: raw_centavos(v, "taxa_por_km_centavos")?,
        latitude: optional_number(v, "latitude")?,
        longitude: optional_number(v, "longitude")?,
        pedido_minimo_entrega_centavos: raw_centavos(v, "pedido_minimo_entrega_centavos")?,
        pedido_minimo_retirada_centavos: raw_centavos(v, "pedido_minimo_retirada_centavos")?,
        distancia_maxima_km: optional_number(v, "distancia_maxima_km")?.map(|km| km as i64),
    }
    .into())
}

/// `{estado, taxa_centavos, km, texto}`.
pub(super) fn fee_js(fee: &FeeState) -> JsValue {
    let km = match fee {
        FeeState::PerKm { km, .. } | FeeState::OutOfArea { km } => Some(*km),
        _ => None,
    };
    Obj::new()
        .text("estado", fee.code())
        .optional_money("taxa_centavos", fee.fee())
        .optional_number("km", km)
        .text("texto", &fee.label())
        .done()
}

fn setup_js(s: &DeliverySetup) -> JsValue {
    let options = Obj::new()
        .set("entrega", &JsValue::from_bool(s.options.delivery))
        .set("retirada", &JsValue::from_bool(s.options.pickup))
        .done();
    let fee = Obj::new();
    match &s.fee {
        FeeSetting::Free => fee.text("taxa_tipo", "gratis"),
        FeeSetting::Fixed {
            taxa_entrega_centavos,
        } => fee
            .text("taxa_tipo", "fixa")
            .money("taxa_entrega_centavos", *taxa_entrega_centavos),
        FeeSetting::PerKm {
            taxa_por_km_centavos,
            rua,
            numero,
            cidade,
        } => fee
            .text("taxa_tipo", "porKm")
            .money("taxa_por_km_centavos", *taxa_por_km_centavos)
            .text("rua", rua)
            .text("numero", numero)
            .text("cidade", cidade),
    };
    Obj::new()
        .set("options", &options)
        .set("fee", &fee.done())
        .optional_money(
            "pedido_minimo_entrega_centavos",
            s.pedido_minimo_entrega_centavos,
        )
        .optional_money(
            "pedido_minimo_retirada_centavos",
            s.pedido_minimo_retirada_centavos,
        )
        .optional_number("distancia_maxima_km", s.distancia_maxima_km.map(f64::from))
        .done()
}

/// The delivery fee `{estado, taxa_centavos, km, texto}` for a buyer at the given coordinates;
/// `configuracao` has the fields of `DeliverySettingsRecord`.
#[wasm_bindgen]
pub fn delivery_fee(
    configuracao: JsValue,
    latitude: Option<f64>,
    longitude: Option<f64>,
) -> Result<JsValue, JsError> {
    let settings = read_settings(&configuracao)?;
    let buyer = Coordinates::from_pair(latitude, longitude);
    Ok(fee_js(&delivery::fee_state(&settings, buyer)))
}

/// `Endereço fora da área de entrega de {nomeforn}.` (decisions.md §31): the message the
/// checkout shows beside the pickup it still offers.
#[wasm_bindgen]
pub fn delivery_out_of_area_message(nomeforn: &str) -> String {
    crate::messages::fora_da_area(nomeforn)
}

/// The fee state shown while data loads (`Calculando taxa...`).
#[wasm_bindgen]
pub fn delivery_fee_calculating() -> JsValue {
    fee_js(&FeeState::Calculating)
}

/// Haversine distance in km (Earth radius 6371 km).
#[wasm_bindgen]
pub fn delivery_distance_km(
    latitude1: f64,
    longitude1: f64,
    latitude2: f64,
    longitude2: f64,
) -> Result<f64, JsError> {
    let a = Coordinates::new(latitude1, longitude1).map_err(|_| bad_input("coordenadas"))?;
    let b = Coordinates::new(latitude2, longitude2).map_err(|_| bad_input("coordenadas"))?;
    Ok(delivery::distance_km(a, b))
}

/// The supplier's delivery-settings form (`entrega, taxaTipo, taxaentrega, taxaPorKm,
/// enderecoRua, enderecoNumero, enderecoCidade, pedidominimoentrega, pedidominimoretirada,
/// enderecoCep, enderecoBairro, distanciamaxima`) → `{options: {entrega, retirada}, fee:
/// {taxa_tipo: 'gratis' | 'fixa' | 'porKm', …}, pedido_minimo_entrega_centavos,
/// pedido_minimo_retirada_centavos, distancia_maxima_km}`; throws the spec's message.
#[wasm_bindgen]
pub fn delivery_settings_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut t = texts(
        &form,
        &[
            "entrega",
            "taxaTipo",
            "taxaentrega",
            "taxaPorKm",
            "enderecoRua",
            "enderecoNumero",
            "enderecoCidade",
            "pedidominimoentrega",
            "pedidominimoretirada",
            "enderecoCep",
            "enderecoBairro",
            "distanciamaxima",
        ],
    )?;
    let f = DeliveryForm {
        entrega: t.next(),
        taxa_tipo: t.next(),
        taxaentrega: t.next(),
        taxa_por_km: t.next(),
        endereco_rua: t.next(),
        endereco_numero: t.next(),
        endereco_cidade: t.next(),
        pedidominimoentrega: t.next(),
        pedidominimoretirada: t.next(),
        endereco_cep: t.next(),
        endereco_bairro: t.next(),
        distanciamaxima: t.next(),
    };
    Ok(setup_js(&f.validate().map_err(js_error)?))
}

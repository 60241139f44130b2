//! Delivery days and windows (decisions.md §36): the store's settings form, the dates and
//! windows a buyer may choose now, and their Brazilian text.

use super::js::{
    Obj, array, bad_input, elements, get, js_error, optional_number, optional_text, text,
};
use crate::checkout::Fulfilment;
use crate::delivery::days::{
    Clock, DaysForm, DaysRecord, DeliveryDays, Slot, Window, WindowForm, date_label,
};
use wasm_bindgen::prelude::*;

fn kind(modo: &str) -> Result<Fulfilment, JsError> {
    match modo {
        "entrega" => Ok(Fulfilment::Delivery),
        "retirada" => Ok(Fulfilment::Pickup),
        _ => Err(bad_input("modo")),
    }
}

fn read_window(v: &JsValue) -> Result<Window, JsError> {
    let clock = |key: &str| -> Result<Clock, JsError> {
        Clock::parse(&text(v, key)?).ok_or_else(|| bad_input(key))
    };
    let dia = optional_number(v, "dia_semana")?
        .filter(|d| d.fract() == 0.0 && (0.0..=6.0).contains(d))
        .ok_or_else(|| bad_input("dia_semana"))?;
    Ok(Window {
        tipo: kind(&text(v, "tipo")?)?,
        dia_semana: dia as u8,
        inicio: clock("inicio")?,
        fim: clock("fim")?,
    })
}

/// The days as stored and sent (`{janelas, corte_horas, corte_dias, corte_hora}`).
fn read_days(v: &JsValue) -> Result<DeliveryDays, JsError> {
    let mut janelas = Vec::new();
    for w in elements(&get(v, "janelas")?, "janelas")? {
        janelas.push(read_window(&w)?);
    }
    let whole = |key: &str| -> Result<Option<i64>, JsError> {
        Ok(optional_number(v, key)?.map(|n| n as i64))
    };
    DeliveryDays::try_from(DaysRecord {
        janelas,
        corte_horas: whole("corte_horas")?,
        corte_dias: whole("corte_dias")?,
        corte_hora: optional_text(v, "corte_hora")?,
    })
    .map_err(js_error)
}

fn days_js(d: &DeliveryDays) -> JsValue {
    let record = DaysRecord::from(d.clone());
    let windows = record.janelas.iter().map(|w| {
        Obj::new()
            .text(
                "tipo",
                match w.tipo {
                    Fulfilment::Delivery => "entrega",
                    Fulfilment::Pickup => "retirada",
                },
            )
            .number("dia_semana", f64::from(w.dia_semana))
            .text("inicio", &w.inicio.iso())
            .text("fim", &w.fim.iso())
            .done()
    });
    Obj::new()
        .set("janelas", &array(windows))
        .optional_number("corte_horas", record.corte_horas.map(|h| h as f64))
        .optional_number("corte_dias", record.corte_dias.map(|h| h as f64))
        .optional_text("corte_hora", record.corte_hora.as_deref())
        .done()
}

/// The store's days form (`{janelas: [{tipo, dia_semana, inicio, fim}], corte_tipo: '' | 'horas'
/// | 'dias', corte_horas, corte_dias, corte_hora}`, as typed) → the days as stored
/// (`{janelas, corte_horas, corte_dias, corte_hora}`); throws the message that refuses them.
#[wasm_bindgen]
pub fn delivery_days_validate(form: JsValue) -> Result<JsValue, JsError> {
    let mut janelas = Vec::new();
    for w in elements(&get(&form, "janelas")?, "janelas")? {
        janelas.push(WindowForm {
            tipo: text(&w, "tipo")?,
            dia_semana: text(&w, "dia_semana")?,
            inicio: text(&w, "inicio")?,
            fim: text(&w, "fim")?,
        });
    }
    let f = DaysForm {
        janelas,
        corte_tipo: text(&form, "corte_tipo")?,
        corte_horas: text(&form, "corte_horas")?,
        corte_dias: text(&form, "corte_dias")?,
        corte_hora: text(&form, "corte_hora")?,
    };
    Ok(days_js(&f.validate().map_err(js_error)?))
}

/// The dates and windows of `modo` ('entrega' | 'retirada') a buyer may choose at `agora_ms`
/// (UTC ms), from the store's days as stored: `[{data, inicio, fim, rotulo}]`, empty when the
/// store has none for that mode (then the order carries no date).
#[wasm_bindgen]
pub fn delivery_days_offered(dias: JsValue, modo: &str, agora_ms: f64) -> Result<JsValue, JsError> {
    let days = read_days(&dias)?;
    let slots = days.offered(kind(modo)?, agora_ms as i64);
    Ok(array(slots.iter().map(|s| {
        Obj::new()
            .text("data", &s.data.iso())
            .text("inicio", &s.inicio.iso())
            .text("fim", &s.fim.iso())
            .text("rotulo", &s.label())
            .done()
    })))
}

/// 'Terça e sexta, 8h–12h' for `modo`, and the cut-off ('pedidos até 18h do dia anterior'):
/// `{resumo, corte}`; both empty when the store has no days for that mode.
#[wasm_bindgen]
pub fn delivery_days_summary(dias: JsValue, modo: &str) -> Result<JsValue, JsError> {
    let days = read_days(&dias)?;
    let kind = kind(modo)?;
    let corte = if days.has(kind) {
        days.cutoff().label()
    } else {
        String::new()
    };
    Ok(Obj::new()
        .text("resumo", &days.summary(kind))
        .text("corte", &corte)
        .done())
}

/// 'terça-feira, 1 de dezembro, 8h–12h' for an order's date and window; 'terça-feira, 1 de
/// dezembro' without a window; throws on a date or time it cannot read.
#[wasm_bindgen]
pub fn delivery_slot_label(data: &str, inicio: &str, fim: &str) -> Result<String, JsError> {
    if inicio.is_empty() && fim.is_empty() {
        let d = crate::date::Date::parse(data).ok_or_else(|| bad_input("data"))?;
        return Ok(date_label(d));
    }
    Slot::parse(data, inicio, fim)
        .map(|s| s.label())
        .ok_or_else(|| bad_input("data"))
}

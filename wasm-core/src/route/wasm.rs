//! The route's wasm-bindgen bindings, alone in their own wasm (feature `route-wasm`,
//! webapp/src/wasm/route, built by `just wasm` with the `wasm-route` profile): only the day's
//! page loads them, so the wasm every other page loads stays as it was.
//!
//! In: `{origem: {latitude, longitude} | null, paradas: ({latitude, longitude} | null)[],
//! voltar: boolean}`. Out (`route_plan`, `route_nearest_neighbour`): `{ordem: number[],
//! sem_localizacao: number[], distancia_km: number}`, indices into `paradas`; `route_length_km`
//! gives the length of `paradas` in the order given. A stop whose coordinates are absent or out
//! of range has no location (listed apart); input of the wrong shape throws `Dados inválidos:
//! <campo>`. Nothing here panics on input.

use super::{Route, length_km, nearest_neighbour, plan};
use crate::delivery::Coordinates;
use wasm_bindgen::prelude::*;

// The JS glue the main bindings use (reading plain objects through `Reflect`), compiled into
// this wasm as well; what it does not use is left out by the linker.
#[allow(dead_code, clippy::duplicate_mod)]
#[path = "../wasm/js.rs"]
mod js;

use js::{Obj, absent, array, bad_input, elements, get, js_error, optional_number};

struct Input {
    origin: Option<Coordinates>,
    stops: Vec<Option<Coordinates>>,
    back: bool,
}

fn point(value: &JsValue, what: &str) -> Result<Option<Coordinates>, JsError> {
    if absent(value) {
        return Ok(None);
    }
    let latitude = optional_number(value, "latitude").map_err(|_| bad_input(what))?;
    let longitude = optional_number(value, "longitude").map_err(|_| bad_input(what))?;
    Ok(Coordinates::from_pair(latitude, longitude))
}

fn read(input: &JsValue) -> Result<Input, JsError> {
    let origin = point(&get(input, "origem")?, "origem")?;
    let stops = elements(&get(input, "paradas")?, "paradas")?
        .iter()
        .map(|s| point(s, "paradas"))
        .collect::<Result<_, _>>()?;
    let back = get(input, "voltar")?;
    Ok(Input {
        origin,
        stops,
        back: back.as_bool().unwrap_or(false),
    })
}

fn route_js(route: &Route) -> JsValue {
    let indices = |v: &[usize]| array(v.iter().map(|&i| JsValue::from_f64(i as f64)));
    Obj::new()
        .set("ordem", &indices(&route.order))
        .set("sem_localizacao", &indices(&route.unlocated))
        .number("distancia_km", route.km)
        .done()
}

/// The day's route: nearest neighbour improved by 2-opt and Or-opt (see `route`).
#[wasm_bindgen]
pub fn route_plan(input: JsValue) -> Result<JsValue, JsError> {
    let i = read(&input)?;
    let route = plan(i.origin, &i.stops, i.back).map_err(js_error)?;
    Ok(route_js(&route))
}

/// The plain nearest-neighbour route (the bench's baseline).
#[wasm_bindgen]
pub fn route_nearest_neighbour(input: JsValue) -> Result<JsValue, JsError> {
    let i = read(&input)?;
    let route = nearest_neighbour(i.origin, &i.stops, i.back).map_err(js_error)?;
    Ok(route_js(&route))
}

/// The length in km of `paradas` visited in the order given (the supplier's own order).
#[wasm_bindgen]
pub fn route_length_km(input: JsValue) -> Result<f64, JsError> {
    let i = read(&input)?;
    Ok(length_km(i.origin, &i.stops, i.back))
}

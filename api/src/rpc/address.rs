//! The buyer's address: `gerar_coordenadas` and `alterar_endereco` (spec §5, decisions.md §15).
//!
//! Fields are checked by wasm-core's `AddressForm` (the wizard's own rules and messages). The
//! city must be an IBGE municipality (`City, UF`). Coordinates come from a Nominatim-compatible
//! geocoder when `GEOCODER_URL` is set — a result farther than 100 km from the municipality's
//! seat is taken for a wrong match and dropped — and otherwise, or when it finds nothing, from
//! the seat. `alterar_endereco` always computes them itself: a buyer cannot move closer to the
//! supplier to cut a per-km fee.
//!
//! The geocoder is another service called on a visitor's behalf, so it is bounded
//! ([`crate::outside`]): an address asked before is answered from a cache by its query
//! (`GEOCODER_CACHE_SECONDS`), and new queries are spaced to `GEOCODER_RATE` across all
//! instances (the public Nominatim's policy is 1 per second); over it the visitor is told to
//! try again shortly (503 with `Retry-After`).

use super::{
    account::{UserChanged, userinfo},
    shapes::True,
};
use crate::{
    auth::AuthUser,
    error::{ApiError, ApiResult},
    places::Places,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use std::{sync::OnceLock, time::Duration};
use utoipa::ToSchema;
use wasm_core::{
    delivery::{Coordinates, distance_km},
    forms::{Address, AddressForm, FormError},
    places::Municipality,
    text::fold,
};

/// The spec's message when no coordinates can be had.
pub const SEM_COORDENADAS: &str = "Não foi possível gerar as coordenadas para o novo endereço.";
/// A city that is not an IBGE municipality.
pub const CIDADE_INVALIDA: &str = "Selecione uma cidade da lista.";
/// A geocoded point farther than this from the municipality's seat is a wrong match.
const MAX_FROM_SEAT_KM: f64 = 100.0;
/// How long the geocoder may take.
const GEOCODER_TIMEOUT: Duration = Duration::from_secs(5);

/// The municipality labelled `cidade` (exactly, or ignoring accents and case).
pub fn municipality(cidade: &str) -> Option<&'static Municipality> {
    let places = Places::get();
    let cidade = cidade.trim();
    places.find(cidade).or_else(|| {
        let wanted = fold(cidade);
        let found = places.index().search(cidade, 1);
        let label = found.first().filter(|l| fold(l) == wanted)?;
        places.find(label)
    })
}

/// Coordinates of `numero rua` in `city`: the geocoder's (when configured and plausible),
/// else the municipality's seat; `None` when neither is valid. A query not in the cache when
/// the geocoder's budget is spent is a 503 (try again shortly).
pub async fn coordinates(
    state: &AppState,
    city: &Municipality,
    rua: &str,
    numero: &str,
) -> ApiResult<Option<Coordinates>> {
    let seat = Coordinates::new(city.latitude, city.longitude).ok();
    let Some(url) = state.config.geocoder_url.as_deref() else {
        return Ok(seat);
    };
    let query = geocoder_query(city, rua, numero);
    let outside = &state.outside;
    let found = match outside.geocodes.get(&query) {
        Some(cached) => cached.and_then(|(lat, lon)| Coordinates::new(lat, lon).ok()),
        None => {
            outside.geocoder.take(&state.db).await?;
            match geocode(url, &query).await {
                Ok(found) => {
                    let plausible = found.filter(|point| {
                        seat.is_none_or(|s| distance_km(s, *point) <= MAX_FROM_SEAT_KM)
                    });
                    if plausible.is_none() {
                        tracing::info!(?found, "geocoder: no plausible result, using the seat");
                    }
                    outside
                        .geocodes
                        .put(query, plausible.map(|p| (p.latitude(), p.longitude())));
                    plausible
                }
                Err(e) => {
                    tracing::warn!(error = ?e, "geocoder failed, using the seat");
                    None
                }
            }
        }
    };
    Ok(found.or(seat))
}

/// What the geocoder is asked for an address (also the cache's key).
fn geocoder_query(city: &Municipality, rua: &str, numero: &str) -> String {
    format!("{rua}, {numero}, {}, {}, Brasil", city.name, city.uf)
}

fn http() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(GEOCODER_TIMEOUT)
            .user_agent(concat!("feira/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default()
    })
}

/// `gerar_coordenadas`' answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Geocoded {
    pub latitude: f64,
    pub longitude: f64,
}

/// A Nominatim search hit: `lat` and `lon` as text (Nominatim) or numbers (some compatibles).
#[derive(Deserialize)]
struct Hit {
    lat: Degrees,
    lon: Degrees,
}

/// A coordinate as a geocoder writes it.
#[derive(Deserialize)]
#[serde(untagged)]
enum Degrees {
    Number(f64),
    Text(String),
}

impl Degrees {
    fn value(&self) -> Option<f64> {
        match self {
            Self::Number(n) => Some(*n),
            Self::Text(t) => t.trim().parse().ok(),
        }
    }
}

/// `GET {url}/search?q=…&format=jsonv2&limit=1&countrycodes=br`.
async fn geocode(url: &str, q: &str) -> anyhow::Result<Option<Coordinates>> {
    let hits: Vec<Hit> = http()
        .get(format!("{url}/search"))
        .query(&[
            ("q", q),
            ("format", "jsonv2"),
            ("limit", "1"),
            ("countrycodes", "br"),
        ])
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    Ok(hits
        .first()
        .and_then(|h| Coordinates::new(h.lat.value()?, h.lon.value()?).ok()))
}

/// Checks street, number and city (the phone too when `with_phone`), resolves the city.
fn validate(
    form: &AddressForm,
    with_phone: bool,
) -> ApiResult<(Option<Address>, &'static Municipality)> {
    let address = match form.validate() {
        Ok(a) => Some(a),
        // The phone is checked last: its error means everything else passed.
        Err(FormError::PhoneInvalid) if !with_phone => None,
        Err(e) => return Err(ApiError::bad_request(e.to_string())),
    };
    let city = municipality(&form.cidade).ok_or_else(|| ApiError::bad_request(CIDADE_INVALIDA))?;
    Ok((address, city))
}

/// `gerar_coordenadas`: `{latitude, longitude}` for `rua`, `numero`, `cidade`.
pub async fn generate_coordinates(state: &AppState, form: AddressForm) -> ApiResult<Geocoded> {
    let (_, city) = validate(&form, false)?;
    let point = coordinates(state, city, form.rua.trim(), form.numero.trim())
        .await?
        .ok_or_else(|| ApiError::bad_request(SEM_COORDENADAS))?;
    Ok(Geocoded {
        latitude: point.latitude(),
        longitude: point.longitude(),
    })
}

/// `alterar_endereco`: the signed-in user's address, phone and (computed) coordinates.
/// Answers `{ok, userinfo}`.
pub async fn change_address(
    state: &AppState,
    user: AuthUser,
    form: AddressForm,
) -> ApiResult<UserChanged> {
    let (address, city) = validate(&form, true)?;
    let address =
        address.ok_or_else(|| ApiError::bad_request(FormError::PhoneInvalid.to_string()))?;
    let point = coordinates(state, city, &address.rua, &address.numero)
        .await?
        .ok_or_else(|| ApiError::bad_request(SEM_COORDENADAS))?;
    sqlx::query(
        "UPDATE users SET rua = $1, numero = $2, cidade = $3, complemento = $4, telefone = $5, \
         latitude = $6, longitude = $7 WHERE id = $8",
    )
    .bind(&address.rua)
    .bind(&address.numero)
    .bind(city.label())
    .bind(&address.complemento)
    .bind(address.telefone.masked())
    .bind(point.latitude())
    .bind(point.longitude())
    .bind(&user.id)
    .execute(&state.db)
    .await?;
    Ok(UserChanged {
        ok: True,
        userinfo: userinfo(&state.db, &user.id, user.is_admin).await?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cities_are_found_exactly_or_ignoring_accents_and_case() {
        assert_eq!(municipality("Piracicaba, SP").unwrap().name, "Piracicaba");
        assert_eq!(
            municipality("sao paulo, sp").unwrap().label(),
            "São Paulo, SP"
        );
        assert!(municipality("Piracicaba").is_none());
        assert!(municipality("Atlântida, SP").is_none());
    }
}

//! The buyer's address: `gerar_coordenadas` and `alterar_endereco` (spec §5, decisions.md §15,
//! §31).
//!
//! Fields are checked by wasm-core's `AddressForm` (the wizard's own rules and messages; CEP and
//! bairro optional). The city must be an IBGE municipality (`City, UF`). Coordinates come from a
//! Nominatim-compatible geocoder when `GEOCODER_URL` is set, asked with the whole address
//! (street, number, bairro, city, CEP) — a result farther than 100 km from the municipality's
//! seat is taken for a wrong match and dropped — and otherwise, or when it finds nothing, from
//! the seat, which the answer says ('Usamos o centro de {cidade} para calcular a distância').
//! `alterar_endereco` always computes them itself: a buyer cannot move closer to the supplier to
//! cut a per-km fee or to get within its delivery distance.
//!
//! The geocoder is another service called on a visitor's behalf, so it is bounded
//! ([`crate::outside`]): an address asked before is answered from a cache by its query
//! (`GEOCODER_CACHE_SECONDS`), and new queries are spaced to `GEOCODER_RATE` across all
//! instances (the public Nominatim's policy is 1 per second); over it the visitor is told to
//! try again shortly (503 with `Retry-After`).

pub mod cep;

use super::{
    account::{UserInfo, userinfo},
    shapes::True,
};
use crate::{
    auth::AuthUser,
    error::{ApiError, ApiResult},
    mail::whatsapp::{Role, contacts},
    places::{Origin, Places, seat_notice},
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

/// The parts of an address a geocoder is asked for, besides the city.
#[derive(Debug, Clone, Copy, Default)]
pub struct Street<'a> {
    pub rua: &'a str,
    pub numero: &'a str,
    pub bairro: Option<&'a str>,
    /// 8 digits.
    pub cep: Option<&'a str>,
}

/// Coordinates of `street` in `city`: the geocoder's (when configured and plausible), else the
/// municipality's seat; `None` when neither is valid. A query not in the cache when the
/// geocoder's budget is spent is a 503 (try again shortly).
pub async fn coordinates(
    state: &AppState,
    city: &Municipality,
    street: Street<'_>,
) -> ApiResult<Option<(Coordinates, Origin)>> {
    let seat = Coordinates::new(city.latitude, city.longitude).ok();
    let seat = seat.map(|s| (s, Origin::Seat));
    let Some(url) = state.config.outside.geocoder_url.as_deref() else {
        return Ok(seat);
    };
    let query = geocoder_query(city, street);
    let outside = &state.outside;
    let found = match outside.geocodes.get(&query) {
        Some(cached) => cached.and_then(|(lat, lon)| Coordinates::new(lat, lon).ok()),
        None => {
            outside.geocoder.take(&state.db).await?;
            match geocode(url, &query).await {
                Ok(found) => {
                    let plausible = found.filter(|point| {
                        seat.is_none_or(|(s, _)| distance_km(s, *point) <= MAX_FROM_SEAT_KM)
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
    Ok(found.map(|p| (p, Origin::Address)).or(seat))
}

/// What the geocoder is asked for an address (also the cache's key), the whole address:
/// `Rua X, 120, Bairro, Cidade, UF, 13400-000, Brasil` (bairro and CEP when known).
fn geocoder_query(city: &Municipality, street: Street<'_>) -> String {
    let mut parts = vec![street.rua.to_owned(), street.numero.to_owned()];
    parts.extend(street.bairro.map(str::to_owned));
    parts.push(city.name.clone());
    parts.push(city.uf.clone());
    parts.extend(
        street
            .cep
            .and_then(|c| wasm_core::cep::Cep::parse(c).ok())
            .map(|c| c.masked()),
    );
    parts.push("Brasil".to_owned());
    parts.join(", ")
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
    /// True when these are the municipality's seat, not the address's own point.
    pub aproximado: bool,
    /// `Usamos o centro de {cidade} para calcular a distância` when `aproximado`; else null.
    pub aviso: Option<String>,
}

/// `alterar_endereco`'s answer: done, the user as now, and the seat notice when the
/// coordinates are the city's centre.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressSaved {
    pub ok: True,
    pub userinfo: UserInfo,
    /// As `userinfo.aviso_localizacao`.
    pub aviso: Option<String>,
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

/// `gerar_coordenadas`: `{latitude, longitude, aproximado, aviso}` for `rua`, `numero`,
/// `cidade` (and `bairro`, `cep` when given).
pub async fn generate_coordinates(state: &AppState, form: AddressForm) -> ApiResult<Geocoded> {
    let (_, city) = validate(&form, false)?;
    let cep = wasm_core::cep::Cep::parse(&form.cep).ok();
    let bairro = form.bairro.trim();
    let street = Street {
        rua: form.rua.trim(),
        numero: form.numero.trim(),
        bairro: (!bairro.is_empty()).then_some(bairro),
        cep: cep.as_ref().map(|c| c.digits()),
    };
    let (point, origin) = coordinates(state, city, street)
        .await?
        .ok_or_else(|| ApiError::bad_request(SEM_COORDENADAS))?;
    Ok(Geocoded {
        latitude: point.latitude(),
        longitude: point.longitude(),
        aproximado: origin == Origin::Seat,
        aviso: seat_notice(Some(origin.as_db()), Some(&city.label())),
    })
}

/// `alterar_endereco`: the signed-in user's address (CEP and bairro included), phone and
/// (computed) coordinates. Answers `{ok, userinfo, aviso}`.
pub async fn change_address(
    state: &AppState,
    user: AuthUser,
    form: AddressForm,
) -> ApiResult<AddressSaved> {
    let (address, city) = validate(&form, true)?;
    let address =
        address.ok_or_else(|| ApiError::bad_request(FormError::PhoneInvalid.to_string()))?;
    let street = Street {
        rua: &address.rua,
        numero: &address.numero,
        bairro: address.bairro.as_deref(),
        cep: address.cep.as_ref().map(|c| c.digits()),
    };
    let (point, origin) = coordinates(state, city, street)
        .await?
        .ok_or_else(|| ApiError::bad_request(SEM_COORDENADAS))?;
    sqlx::query(
        "UPDATE users SET rua = $1, numero = $2, cidade = $3, complemento = $4, telefone = $5, \
         latitude = $6, longitude = $7, cep = $8, bairro = $9, coordenadas_origem = $10 \
         WHERE id = $11",
    )
    .bind(&address.rua)
    .bind(&address.numero)
    .bind(city.label())
    .bind(&address.complemento)
    .bind(address.telefone.masked())
    .bind(point.latitude())
    .bind(point.longitude())
    .bind(address.cep.as_ref().map(|c| c.digits().to_owned()))
    .bind(&address.bairro)
    .bind(origin.as_db())
    .bind(&user.id)
    .execute(&state.db)
    .await?;
    // An opted-in WhatsApp channel follows the profile's new phone (docs/notices.md).
    let phone = address.telefone.masked();
    contacts::follow_phone(&state.db, &user.id, Role::Buyer, &phone).await?;
    let userinfo = userinfo(&state.db, &user.id, user.is_admin).await?;
    Ok(AddressSaved {
        ok: True,
        aviso: userinfo.aviso_localizacao.clone(),
        userinfo,
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

    #[test]
    fn the_seat_is_said_and_the_geocoder_asked_with_the_whole_address() {
        assert_eq!(
            seat_notice(Some("cidade"), Some("Santa Bárbara d'Oeste, SP")).as_deref(),
            Some("Usamos o centro de Santa Bárbara d'Oeste para calcular a distância")
        );
        assert_eq!(seat_notice(Some("endereco"), Some("Piracicaba, SP")), None);
        assert_eq!(seat_notice(None, Some("Piracicaba, SP")), None);
        let pira = municipality("Piracicaba, SP").unwrap();
        let street = Street {
            rua: "Rua Moraes Barros",
            numero: "120",
            bairro: Some("Centro"),
            cep: Some("13400390"),
        };
        assert_eq!(
            geocoder_query(pira, street),
            "Rua Moraes Barros, 120, Centro, Piracicaba, SP, 13400-390, Brasil"
        );
        let bare = Street {
            rua: "Rua A",
            numero: "1",
            ..Street::default()
        };
        assert_eq!(
            geocoder_query(pira, bare),
            "Rua A, 1, Piracicaba, SP, Brasil"
        );
    }
}

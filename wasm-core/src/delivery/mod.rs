//! Delivery: the supplier's settings (delivery and/or pickup, the fee rule, minimum orders, an
//! optional maximum distance: decisions.md §31), the fee a buyer sees (unavailable, calculating,
//! needs an address, per-km unavailable, out of the delivery area, fixed, per km, free or to be
//! agreed), the haversine distance, and the validation of the supplier's delivery-settings form.
//!
//! Distance is the haversine great-circle distance on a sphere of radius 6371 km (the spec's
//! Earth radius; `geo`'s default `Haversine` uses 6371.0088 km, so a measure with our radius is
//! built explicitly). The per-km fee is distance × rate rounded to the centavo.
//!
//! This module holds the coordinates, the distance and the settings; `fee` the fee the buyer
//! sees, `form` the supplier's settings form, `days` the delivery days and windows a buyer
//! chooses from (decisions.md §36), `basket` the cycles of a recurring basket (decisions.md §35).

pub mod basket;
pub mod days;
mod fee;
mod form;

pub use fee::*;
pub use form::*;

use crate::messages::{self, Message};
use crate::money::Money;
use geo::{Distance, HaversineMeasure, Point};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The spec's Earth radius, in km.
pub const EARTH_RADIUS_KM: f64 = 6371.0;

/// The haversine measure with the spec's radius; distances come out in km.
const HAVERSINE_KM: HaversineMeasure = HaversineMeasure::new(EARTH_RADIUS_KM);

/// Latitude or longitude that is not a finite number within range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidCoordinates;

impl Message for InvalidCoordinates {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(messages::CADASTRE_ENDERECO_CALCULAR)
    }
}

crate::display_message!(InvalidCoordinates);

/// A point on Earth: latitude in [-90, 90], longitude in [-180, 180], degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Coordinates {
    latitude: f64,
    longitude: f64,
}

impl Coordinates {
    pub fn new(latitude: f64, longitude: f64) -> Result<Self, InvalidCoordinates> {
        let ok = latitude.is_finite()
            && longitude.is_finite()
            && (-90.0..=90.0).contains(&latitude)
            && (-180.0..=180.0).contains(&longitude);
        ok.then_some(Self {
            latitude,
            longitude,
        })
        .ok_or(InvalidCoordinates)
    }

    /// Both present and valid, else `None` (the database's two nullable columns).
    pub fn from_pair(latitude: Option<f64>, longitude: Option<f64>) -> Option<Self> {
        Self::new(latitude?, longitude?).ok()
    }

    pub fn latitude(self) -> f64 {
        self.latitude
    }

    pub fn longitude(self) -> f64 {
        self.longitude
    }

    /// The point as the public may know it: rounded to [`PUBLIC_DECIMALS`] decimal places
    /// (about 1 km), so a store's page never gives away the exact delivery start address (often
    /// the supplier's home). Per-km fees are computed from this point by the browser and by the
    /// server alike, so both agree; idempotent.
    pub fn public(self) -> Self {
        let scale = 10f64.powi(PUBLIC_DECIMALS);
        let round = |v: f64| (v * scale).round() / scale;
        Self {
            latitude: round(self.latitude),
            longitude: round(self.longitude),
        }
    }
}

/// The decimal places of a supplier's public delivery start point ([`Coordinates::public`]).
pub const PUBLIC_DECIMALS: i32 = 2;

impl<'de> Deserialize<'de> for Coordinates {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Raw {
            latitude: f64,
            longitude: f64,
        }
        let r = Raw::deserialize(d)?;
        Self::new(r.latitude, r.longitude).map_err(serde::de::Error::custom)
    }
}

/// Haversine distance in km on a sphere of radius [`EARTH_RADIUS_KM`].
pub fn distance_km(a: Coordinates, b: Coordinates) -> f64 {
    HAVERSINE_KM.distance(
        Point::new(a.longitude, a.latitude),
        Point::new(b.longitude, b.latitude),
    )
}

/// `km × rate`, rounded to the centavo (half away from zero); negative or non-finite distances
/// count as 0, and the fee saturates at [`Money::MAX`].
pub fn per_km_fee(km: f64, rate: Money) -> Money {
    let km = if km.is_finite() { km.max(0.0) } else { 0.0 };
    let rate = rate.non_negative().centavos() as f64;
    let centavos = (km * rate).round().min(Money::MAX.centavos() as f64);
    Money::from_centavos(centavos as i64)
}

/// What a supplier offers: delivery (`'1'`) and/or pickup (`'2'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DeliveryOptions {
    #[serde(rename = "entrega")]
    pub delivery: bool,
    #[serde(rename = "retirada")]
    pub pickup: bool,
}

impl DeliveryOptions {
    /// From the stored string: `"1"`, `"2"`, `"12"`, `""`.
    pub fn from_codes(codes: &str) -> Self {
        Self {
            delivery: codes.contains('1'),
            pickup: codes.contains('2'),
        }
    }

    /// Back to the stored string.
    pub fn codes(self) -> String {
        let mut s = String::new();
        if self.delivery {
            s.push('1');
        }
        if self.pickup {
            s.push('2');
        }
        s
    }
}

/// How the delivery fee is computed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FeeRule {
    /// No fee type set, or a zero fee: `Entrega Grátis ou a combinar`.
    Free,
    /// A fixed fee above zero.
    Fixed(Money),
    /// A rate per km from the supplier's start address (its coordinates, once geocoded).
    PerKm {
        rate: Money,
        origin: Option<Coordinates>,
    },
}

/// `taxaTipo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FeeKind {
    #[serde(rename = "fixa")]
    Fixed,
    #[serde(rename = "porKm")]
    PerKm,
}

/// How far a supplier delivers: at most `max_km` from its start address (decisions.md §31).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeliveryArea {
    /// Whole km, above zero.
    pub max_km: u32,
    /// The start address's public point ([`Coordinates::public`]); `None` until geocoded (then
    /// the limit cannot be measured and does not apply).
    pub origin: Option<Coordinates>,
}

impl DeliveryArea {
    /// Whether a buyer at `buyer` is beyond the area, and the distance; `None` when it cannot be
    /// measured (no start point).
    pub fn beyond(&self, buyer: Coordinates) -> Option<(bool, f64)> {
        let km = distance_km(self.origin?, buyer);
        Some((km > f64::from(self.max_km), km))
    }
}

/// The longest maximum delivery distance a supplier may set, in km.
pub const MAX_DELIVERY_KM: u32 = 1_000;

/// A supplier's delivery settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "DeliverySettingsRecord", into = "DeliverySettingsRecord")]
pub struct DeliverySettings {
    pub options: DeliveryOptions,
    pub fee: FeeRule,
    /// Minimum products total for delivery, when set (above zero).
    pub minimum_delivery: Option<Money>,
    /// Minimum products total for pickup, when set (above zero).
    pub minimum_pickup: Option<Money>,
    /// The maximum delivery distance, when set.
    pub area: Option<DeliveryArea>,
}

/// The settings as stored (the `suppliers` columns), all amounts in centavos.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DeliverySettingsRecord {
    /// `"1"` delivery, `"2"` pickup, both, or neither.
    pub entrega: String,
    pub taxa_tipo: Option<FeeKind>,
    pub taxa_entrega_centavos: Option<i64>,
    pub taxa_por_km_centavos: Option<i64>,
    /// The supplier's start address, geocoded (per-km fee).
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub pedido_minimo_entrega_centavos: Option<i64>,
    pub pedido_minimo_retirada_centavos: Option<i64>,
    /// The maximum delivery distance in whole km (`None`, or 0: no limit).
    pub distancia_maxima_km: Option<i64>,
}

fn positive(centavos: Option<i64>) -> Option<Money> {
    centavos
        .map(Money::from_centavos)
        .filter(|m| m.is_positive())
}

impl From<DeliverySettingsRecord> for DeliverySettings {
    fn from(r: DeliverySettingsRecord) -> Self {
        let start = Coordinates::from_pair(r.latitude, r.longitude).map(Coordinates::public);
        let area = r
            .distancia_maxima_km
            .and_then(|km| u32::try_from(km).ok())
            .filter(|km| (1..=MAX_DELIVERY_KM).contains(km))
            .map(|max_km| DeliveryArea {
                max_km,
                origin: start,
            });
        let fee = match r.taxa_tipo {
            None => FeeRule::Free,
            Some(FeeKind::Fixed) => {
                positive(r.taxa_entrega_centavos).map_or(FeeRule::Free, FeeRule::Fixed)
            }
            Some(FeeKind::PerKm) => FeeRule::PerKm {
                rate: Money::from_centavos(r.taxa_por_km_centavos.unwrap_or(0)),
                origin: start,
            },
        };
        Self {
            options: DeliveryOptions::from_codes(&r.entrega),
            fee,
            minimum_delivery: positive(r.pedido_minimo_entrega_centavos),
            minimum_pickup: positive(r.pedido_minimo_retirada_centavos),
            area,
        }
    }
}

impl From<DeliverySettings> for DeliverySettingsRecord {
    fn from(s: DeliverySettings) -> Self {
        let (taxa_tipo, fixed, rate, origin) = match s.fee {
            FeeRule::Free => (None, None, None, None),
            FeeRule::Fixed(m) => (Some(FeeKind::Fixed), Some(m.centavos()), None, None),
            FeeRule::PerKm { rate, origin } => {
                (Some(FeeKind::PerKm), None, Some(rate.centavos()), origin)
            }
        };
        let origin = origin.or(s.area.and_then(|a| a.origin));
        Self {
            entrega: s.options.codes(),
            taxa_tipo,
            taxa_entrega_centavos: fixed,
            taxa_por_km_centavos: rate,
            latitude: origin.map(Coordinates::latitude),
            longitude: origin.map(Coordinates::longitude),
            pedido_minimo_entrega_centavos: s.minimum_delivery.map(Money::centavos),
            pedido_minimo_retirada_centavos: s.minimum_pickup.map(Money::centavos),
            distancia_maxima_km: s.area.map(|a| i64::from(a.max_km)),
        }
    }
}

#[cfg(test)]
mod tests;

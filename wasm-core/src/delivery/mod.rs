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
mod tests {
    use super::*;
    use proptest::prelude::*;

    pub(super) fn m(c: i64) -> Money {
        Money::from_centavos(c)
    }

    pub(super) fn at(lat: f64, lon: f64) -> Coordinates {
        Coordinates::new(lat, lon).unwrap()
    }

    pub(super) const PIRACICABA: (f64, f64) = (-22.7253, -47.6492);
    pub(super) const RIO_CLARO: (f64, f64) = (-22.4149, -47.5651);
    pub(super) const SAO_PAULO: (f64, f64) = (-23.5505, -46.6333);

    pub(super) fn pira() -> Coordinates {
        at(PIRACICABA.0, PIRACICABA.1)
    }

    #[test]
    fn the_public_start_point_is_rounded_to_about_a_kilometre() {
        let p = at(-22.69874, -47.68126).public();
        assert_eq!((p.latitude(), p.longitude()), (-22.7, -47.68));
        assert_eq!(p.public(), p);
        let record = DeliverySettingsRecord {
            taxa_tipo: Some(FeeKind::PerKm),
            taxa_por_km_centavos: Some(250),
            latitude: Some(-22.69874),
            longitude: Some(-47.68126),
            ..Default::default()
        };
        match DeliverySettings::from(record).fee {
            FeeRule::PerKm { origin, .. } => assert_eq!(origin, Some(p)),
            other => panic!("{other:?}"),
        }
    }

    pub(super) fn settings(json: &str) -> DeliverySettings {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn haversine_with_radius_6371_km() {
        // Expected values computed independently in Python (math.asin/sqrt haversine with
        // R = 6371.0): 35.5787333221216 and 138.59838423707762 km.
        let rc = distance_km(pira(), at(RIO_CLARO.0, RIO_CLARO.1));
        let sp = distance_km(pira(), at(SAO_PAULO.0, SAO_PAULO.1));
        assert!((rc - 35.578_733_322_121_6).abs() < 1e-9, "{rc}");
        assert!((sp - 138.598_384_237_077_62).abs() < 1e-9, "{sp}");
        assert_eq!(distance_km(pira(), pira()), 0.0);
        // Symmetric.
        assert!((distance_km(at(SAO_PAULO.0, SAO_PAULO.1), pira()) - sp).abs() < 1e-9);
    }

    #[test]
    fn per_km_fee_for_two_known_pairs() {
        let rc = distance_km(pira(), at(RIO_CLARO.0, RIO_CLARO.1));
        let sp = distance_km(pira(), at(SAO_PAULO.0, SAO_PAULO.1));
        // 35.5787… km × R$ 1,50 = R$ 53,368… → R$ 53,37
        assert_eq!(per_km_fee(rc, m(150)), m(5337));
        // 138.598… km × R$ 1,50 = R$ 207,897… → R$ 207,90
        assert_eq!(per_km_fee(sp, m(150)), m(20790));
        // 138.598… km × R$ 2,35 = R$ 325,706… → R$ 325,71
        assert_eq!(per_km_fee(sp, m(235)), m(32571));
        assert_eq!(per_km_fee(f64::NAN, m(150)), m(0));
        assert_eq!(per_km_fee(-3.0, m(150)), m(0));
        assert_eq!(per_km_fee(1e300, m(150)), Money::MAX);
    }

    #[test]
    fn coordinates_are_checked() {
        assert!(Coordinates::new(91.0, 0.0).is_err());
        assert!(Coordinates::new(0.0, 181.0).is_err());
        assert!(Coordinates::new(f64::NAN, 0.0).is_err());
        assert_eq!(Coordinates::from_pair(Some(1.0), None), None);
        assert!(serde_json::from_str::<Coordinates>(r#"{"latitude":99,"longitude":0}"#).is_err());
    }

    #[test]
    fn settings_round_trip_through_the_record() {
        let s = settings(
            r#"{"entrega":"12","taxa_tipo":"porKm","taxa_por_km_centavos":200,"latitude":-22.7,"longitude":-47.6,"pedido_minimo_entrega_centavos":3000,"pedido_minimo_retirada_centavos":0}"#,
        );
        assert_eq!(s.minimum_delivery, Some(m(3000)));
        assert_eq!(s.minimum_pickup, None);
        let back: DeliverySettings =
            serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
        assert_eq!(back, s);
        assert!(serde_json::from_str::<DeliverySettings>(r#"{"taxa_tipo":"outra"}"#).is_err());
    }

    proptest! {
        #[test]
        fn per_km_fee_is_monotonic_in_distance(
            a in 0.0f64..5_000.0,
            b in 0.0f64..5_000.0,
            rate in 0i64..100_000,
        ) {
            let (near, far) = if a <= b { (a, b) } else { (b, a) };
            prop_assert!(per_km_fee(near, m(rate)) <= per_km_fee(far, m(rate)));
            prop_assert!(per_km_fee(near, m(rate)) >= Money::ZERO);
        }

        #[test]
        fn distances_are_symmetric_and_bounded(
            la1 in -90.0f64..=90.0, lo1 in -180.0f64..=180.0,
            la2 in -90.0f64..=90.0, lo2 in -180.0f64..=180.0,
        ) {
            let (p, q) = (at(la1, lo1), at(la2, lo2));
            let d = distance_km(p, q);
            prop_assert!(d >= 0.0);
            prop_assert!(d <= std::f64::consts::PI * EARTH_RADIUS_KM + 1e-6);
            prop_assert!((d - distance_km(q, p)).abs() < 1e-6);
        }
    }
}

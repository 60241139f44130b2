//! Delivery: the supplier's settings (delivery and/or pickup, the fee rule, minimum orders), the
//! fee a buyer sees (unavailable, calculating, needs an address, per-km unavailable, fixed, per
//! km, free or to be agreed), the haversine distance, and the validation of the supplier's
//! delivery-settings form.
//!
//! Distance is the haversine great-circle distance on a sphere of radius 6371 km (the spec's
//! Earth radius; `geo`'s default `Haversine` uses 6371.0088 km, so a measure with our radius is
//! built explicitly). The per-km fee is distance × rate rounded to the centavo.

use crate::forms::{lenient_text, optional_text};
use crate::messages::{self, Message};
use crate::money::{AmountError, Money};
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
}

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
}

fn positive(centavos: Option<i64>) -> Option<Money> {
    centavos
        .map(Money::from_centavos)
        .filter(|m| m.is_positive())
}

impl From<DeliverySettingsRecord> for DeliverySettings {
    fn from(r: DeliverySettingsRecord) -> Self {
        let fee = match r.taxa_tipo {
            None => FeeRule::Free,
            Some(FeeKind::Fixed) => {
                positive(r.taxa_entrega_centavos).map_or(FeeRule::Free, FeeRule::Fixed)
            }
            Some(FeeKind::PerKm) => FeeRule::PerKm {
                rate: Money::from_centavos(r.taxa_por_km_centavos.unwrap_or(0)),
                origin: Coordinates::from_pair(r.latitude, r.longitude),
            },
        };
        Self {
            options: DeliveryOptions::from_codes(&r.entrega),
            fee,
            minimum_delivery: positive(r.pedido_minimo_entrega_centavos),
            minimum_pickup: positive(r.pedido_minimo_retirada_centavos),
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
        Self {
            entrega: s.options.codes(),
            taxa_tipo,
            taxa_entrega_centavos: fixed,
            taxa_por_km_centavos: rate,
            latitude: origin.map(Coordinates::latitude),
            longitude: origin.map(Coordinates::longitude),
            pedido_minimo_entrega_centavos: s.minimum_delivery.map(Money::centavos),
            pedido_minimo_retirada_centavos: s.minimum_pickup.map(Money::centavos),
        }
    }
}

/// The delivery fee as the buyer sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FeeState {
    /// The supplier does not deliver: `Entrega indisponível`.
    Unavailable,
    /// Waiting for data (settings or coordinates still loading): `Calculando taxa...`.
    Calculating,
    /// Per-km fee and the buyer has no coordinates: `Cadastre seu endereço para calcular`.
    NeedsAddress,
    /// Per-km fee without a rate or a geocoded start address: `Taxa por Km indisponível no
    /// momento`.
    PerKmUnavailable,
    /// A fixed fee, shown `R$ 7,50`.
    Fixed(Money),
    /// A per-km fee for `km` km.
    PerKm { km: f64, fee: Money },
    /// `Entrega Grátis ou a combinar`.
    Free,
}

impl FeeState {
    /// The fee to charge, or `None` while it cannot be charged (the spec's "fee is null": the
    /// summary's continue button stays disabled).
    pub fn fee(&self) -> Option<Money> {
        match *self {
            Self::Fixed(fee) | Self::PerKm { fee, .. } => Some(fee),
            Self::Free => Some(Money::ZERO),
            Self::Unavailable | Self::Calculating | Self::NeedsAddress | Self::PerKmUnavailable => {
                None
            }
        }
    }

    /// A short machine name: `indisponivel`, `calculando`, `sem_endereco`, `km_indisponivel`,
    /// `fixa`, `por_km`, `gratis`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Unavailable => "indisponivel",
            Self::Calculating => "calculando",
            Self::NeedsAddress => "sem_endereco",
            Self::PerKmUnavailable => "km_indisponivel",
            Self::Fixed(_) => "fixa",
            Self::PerKm { .. } => "por_km",
            Self::Free => "gratis",
        }
    }

    /// What the buyer reads: the state's message, or the fee as `R$ 7,50`.
    pub fn label(&self) -> String {
        self.message().into_owned()
    }
}

impl Message for FeeState {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::Unavailable => messages::ENTREGA_INDISPONIVEL,
            Self::Calculating => messages::CALCULANDO_TAXA,
            Self::NeedsAddress => messages::CADASTRE_ENDERECO_CALCULAR,
            Self::PerKmUnavailable => messages::TAXA_KM_INDISPONIVEL,
            Self::Free => messages::ENTREGA_GRATIS,
            Self::Fixed(fee) | Self::PerKm { fee, .. } => return Cow::Owned(fee.format()),
        })
    }
}

/// How a [`FeeState`] crosses to JavaScript: `{estado, taxa_centavos, km, texto}`.
#[derive(Serialize)]
struct FeeView {
    estado: &'static str,
    taxa_centavos: Option<Money>,
    km: Option<f64>,
    texto: String,
}

impl Serialize for FeeState {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FeeView {
            estado: self.code(),
            taxa_centavos: self.fee(),
            km: match self {
                Self::PerKm { km, .. } => Some(*km),
                _ => None,
            },
            texto: self.label(),
        }
        .serialize(s)
    }
}

/// The delivery fee for a buyer at `buyer` (their stored coordinates, if any).
pub fn fee_state(settings: &DeliverySettings, buyer: Option<Coordinates>) -> FeeState {
    if !settings.options.delivery {
        return FeeState::Unavailable;
    }
    match settings.fee {
        FeeRule::Free => FeeState::Free,
        FeeRule::Fixed(fee) => FeeState::Fixed(fee),
        FeeRule::PerKm { rate, origin } => match origin {
            Some(origin) if rate.is_positive() => match buyer {
                Some(buyer) => {
                    let km = distance_km(origin, buyer);
                    FeeState::PerKm {
                        km,
                        fee: per_km_fee(km, rate),
                    }
                }
                None => FeeState::NeedsAddress,
            },
            _ => FeeState::PerKmUnavailable,
        },
    }
}

// --- The supplier's delivery-settings form -----------------------------------------------------

/// Why the delivery-settings form was refused (supplier panel §5, Delivery).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryFormError {
    InvalidFixedFee,
    InvalidRate,
    IncompleteStartAddress,
    InvalidStartNumber,
    InvalidMinimumDelivery,
    InvalidMinimumPickup,
}

impl Message for DeliveryFormError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::InvalidFixedFee => messages::TAXA_FIXA_INVALIDA,
            Self::InvalidRate => messages::TAXA_KM_INVALIDA,
            Self::IncompleteStartAddress => messages::ENDERECO_PARTIDA,
            Self::InvalidStartNumber => messages::NUMERO_PARTIDA_INVALIDO,
            Self::InvalidMinimumDelivery => messages::PEDIDO_MINIMO_ENTREGA_INVALIDO,
            Self::InvalidMinimumPickup => messages::PEDIDO_MINIMO_RETIRADA_INVALIDO,
        })
    }
}

crate::display_message!(DeliveryFormError);

/// The form as typed (the spec's field names; text or numbers).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct DeliveryForm {
    /// `"1"`, `"2"`, `"12"` or `""`.
    #[serde(deserialize_with = "lenient_text")]
    pub entrega: String,
    /// `"fixa"`, `"porKm"`, or empty for none.
    #[serde(rename = "taxaTipo", deserialize_with = "lenient_text")]
    pub taxa_tipo: String,
    #[serde(deserialize_with = "lenient_text")]
    pub taxaentrega: String,
    #[serde(rename = "taxaPorKm", deserialize_with = "lenient_text")]
    pub taxa_por_km: String,
    #[serde(rename = "enderecoRua", deserialize_with = "lenient_text")]
    pub endereco_rua: String,
    #[serde(rename = "enderecoNumero", deserialize_with = "lenient_text")]
    pub endereco_numero: String,
    #[serde(rename = "enderecoCidade", deserialize_with = "lenient_text")]
    pub endereco_cidade: String,
    #[serde(deserialize_with = "lenient_text")]
    pub pedidominimoentrega: String,
    #[serde(deserialize_with = "lenient_text")]
    pub pedidominimoretirada: String,
}

/// The fee part of a valid form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "taxa_tipo")]
pub enum FeeSetting {
    #[serde(rename = "gratis")]
    Free,
    #[serde(rename = "fixa")]
    Fixed { taxa_entrega_centavos: Money },
    /// Per km from the start address (to be geocoded by `gerar_coordenadas`).
    #[serde(rename = "porKm")]
    PerKm {
        taxa_por_km_centavos: Money,
        rua: String,
        numero: String,
        cidade: String,
    },
}

/// A valid delivery-settings form. With delivery off, the fee is free and the delivery minimum
/// unset (those fields are disabled); with pickup off, the pickup minimum is unset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeliverySetup {
    pub options: DeliveryOptions,
    pub fee: FeeSetting,
    pub pedido_minimo_entrega_centavos: Option<Money>,
    pub pedido_minimo_retirada_centavos: Option<Money>,
}

fn optional_amount<E: Copy>(text: &str, err: E) -> Result<Option<Money>, E> {
    match Money::parse(text) {
        Ok(m) => Ok(m.is_positive().then_some(m)),
        Err(AmountError::Empty) => Ok(None),
        Err(AmountError::Malformed | AmountError::TooLarge) => Err(err),
    }
}

impl DeliveryForm {
    /// Checks the form in the spec's order and returns the settings to store.
    pub fn validate(&self) -> Result<DeliverySetup, DeliveryFormError> {
        let options = DeliveryOptions::from_codes(&self.entrega);
        let mut fee = FeeSetting::Free;
        let mut minimum_delivery = None;
        if options.delivery {
            fee = match self.taxa_tipo.trim() {
                "fixa" => optional_amount(&self.taxaentrega, DeliveryFormError::InvalidFixedFee)?
                    .map_or(FeeSetting::Free, |m| FeeSetting::Fixed {
                        taxa_entrega_centavos: m,
                    }),
                "porKm" => {
                    let rate = Money::parse(&self.taxa_por_km)
                        .ok()
                        .filter(|m| m.is_positive())
                        .ok_or(DeliveryFormError::InvalidRate)?;
                    let (rua, numero, cidade) = (
                        optional_text(&self.endereco_rua),
                        optional_text(&self.endereco_numero),
                        optional_text(&self.endereco_cidade),
                    );
                    let (Some(rua), Some(numero), Some(cidade)) = (rua, numero, cidade) else {
                        return Err(DeliveryFormError::IncompleteStartAddress);
                    };
                    if !numero.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(DeliveryFormError::InvalidStartNumber);
                    }
                    FeeSetting::PerKm {
                        taxa_por_km_centavos: rate,
                        rua,
                        numero,
                        cidade,
                    }
                }
                _ => FeeSetting::Free,
            };
            minimum_delivery = optional_amount(
                &self.pedidominimoentrega,
                DeliveryFormError::InvalidMinimumDelivery,
            )?;
        }
        let minimum_pickup = if options.pickup {
            optional_amount(
                &self.pedidominimoretirada,
                DeliveryFormError::InvalidMinimumPickup,
            )?
        } else {
            None
        };
        Ok(DeliverySetup {
            options,
            fee,
            pedido_minimo_entrega_centavos: minimum_delivery,
            pedido_minimo_retirada_centavos: minimum_pickup,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn m(c: i64) -> Money {
        Money::from_centavos(c)
    }

    fn at(lat: f64, lon: f64) -> Coordinates {
        Coordinates::new(lat, lon).unwrap()
    }

    const PIRACICABA: (f64, f64) = (-22.7253, -47.6492);
    const RIO_CLARO: (f64, f64) = (-22.4149, -47.5651);
    const SAO_PAULO: (f64, f64) = (-23.5505, -46.6333);

    fn pira() -> Coordinates {
        at(PIRACICABA.0, PIRACICABA.1)
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

    fn settings(json: &str) -> DeliverySettings {
        serde_json::from_str(json).unwrap()
    }

    /// Settings JSON, buyer, expected state code, fee and text.
    type FeeCase<'a> = (&'a str, Option<Coordinates>, &'a str, Option<i64>, &'a str);

    #[test]
    fn fee_states_and_their_texts() {
        let buyer = Some(at(RIO_CLARO.0, RIO_CLARO.1));
        let cases: &[FeeCase] = &[
            (
                r#"{"entrega":"2"}"#,
                buyer,
                "indisponivel",
                None,
                "Entrega indisponível",
            ),
            (
                r#"{"entrega":""}"#,
                buyer,
                "indisponivel",
                None,
                "Entrega indisponível",
            ),
            (
                r#"{"entrega":"1"}"#,
                buyer,
                "gratis",
                Some(0),
                "Entrega Grátis ou a combinar",
            ),
            (
                r#"{"entrega":"12","taxa_tipo":"fixa","taxa_entrega_centavos":750}"#,
                None,
                "fixa",
                Some(750),
                "R$ 7,50",
            ),
            (
                r#"{"entrega":"1","taxa_tipo":"fixa","taxa_entrega_centavos":0}"#,
                None,
                "gratis",
                Some(0),
                "Entrega Grátis ou a combinar",
            ),
            (
                r#"{"entrega":"1","taxa_tipo":"porKm","taxa_por_km_centavos":150,"latitude":-22.7253,"longitude":-47.6492}"#,
                buyer,
                "por_km",
                Some(5337),
                "R$ 53,37",
            ),
            (
                r#"{"entrega":"1","taxa_tipo":"porKm","taxa_por_km_centavos":150,"latitude":-22.7253,"longitude":-47.6492}"#,
                None,
                "sem_endereco",
                None,
                "Cadastre seu endereço para calcular",
            ),
            (
                r#"{"entrega":"1","taxa_tipo":"porKm","taxa_por_km_centavos":150}"#,
                buyer,
                "km_indisponivel",
                None,
                "Taxa por Km indisponível no momento",
            ),
            (
                r#"{"entrega":"1","taxa_tipo":"porKm","taxa_por_km_centavos":0,"latitude":-22.7,"longitude":-47.6}"#,
                buyer,
                "km_indisponivel",
                None,
                "Taxa por Km indisponível no momento",
            ),
        ];
        for (json, buyer, code, fee, text) in cases {
            let state = fee_state(&settings(json), *buyer);
            assert_eq!(state.code(), *code, "{json}");
            assert_eq!(state.fee().map(Money::centavos), *fee, "{json}");
            assert_eq!(state.label(), *text, "{json}");
        }
        assert_eq!(FeeState::Calculating.label(), "Calculando taxa...");
        assert_eq!(FeeState::Calculating.fee(), None);
    }

    #[test]
    fn fee_state_serialises_for_the_browser() {
        let v = serde_json::to_value(FeeState::Fixed(m(750))).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"estado":"fixa","taxa_centavos":750,"km":null,"texto":"R$ 7,50"})
        );
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

    fn form(json: &str) -> Result<DeliverySetup, String> {
        let f: DeliveryForm = serde_json::from_str(json).unwrap();
        f.validate().map_err(|e| e.to_string())
    }

    #[test]
    fn delivery_form_messages() {
        let cases: &[(&str, &str)] = &[
            (
                r#"{"entrega":"1","taxaTipo":"fixa","taxaentrega":"abc"}"#,
                "O valor da taxa de entrega fixa é inválido!",
            ),
            (
                r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"0"}"#,
                "Insira um preço por Km válido e maior que zero!",
            ),
            (
                r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":""}"#,
                "Insira um preço por Km válido e maior que zero!",
            ),
            (
                r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1,5","enderecoRua":"Rua A","enderecoCidade":"Piracicaba, SP"}"#,
                "Preencha o endereço de partida completo para usar a taxa por Km.",
            ),
            (
                r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1,5","enderecoRua":"Rua A","enderecoNumero":"12b","enderecoCidade":"Piracicaba, SP"}"#,
                "Insira um número de endreço válido",
            ),
            (
                r#"{"entrega":"1","pedidominimoentrega":"x"}"#,
                "O valor do pedido mínimo para entrega é inválido!",
            ),
            (
                r#"{"entrega":"2","pedidominimoretirada":"x"}"#,
                "Insira um pedido mínimo válido!",
            ),
        ];
        for (json, message) in cases {
            assert_eq!(form(json).unwrap_err(), *message, "{json}");
        }
    }

    #[test]
    fn valid_delivery_forms() {
        let fixed = form(
            r#"{"entrega":"12","taxaTipo":"fixa","taxaentrega":"7,50","pedidominimoentrega":30,"pedidominimoretirada":""}"#,
        )
        .unwrap();
        assert_eq!(
            fixed.fee,
            FeeSetting::Fixed {
                taxa_entrega_centavos: m(750)
            }
        );
        assert_eq!(fixed.pedido_minimo_entrega_centavos, Some(m(3000)));
        assert_eq!(fixed.pedido_minimo_retirada_centavos, None);

        let km = form(
            r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1.5","enderecoRua":" Rua A ","enderecoNumero":"120","enderecoCidade":"Piracicaba, SP"}"#,
        )
        .unwrap();
        assert_eq!(
            km.fee,
            FeeSetting::PerKm {
                taxa_por_km_centavos: m(150),
                rua: "Rua A".into(),
                numero: "120".into(),
                cidade: "Piracicaba, SP".into()
            }
        );

        // Delivery off: its fields are disabled and ignored.
        let pickup = form(
            r#"{"entrega":"2","taxaTipo":"fixa","taxaentrega":"abc","pedidominimoentrega":"x","pedidominimoretirada":"15"}"#,
        )
        .unwrap();
        assert_eq!(pickup.fee, FeeSetting::Free);
        assert_eq!(pickup.pedido_minimo_retirada_centavos, Some(m(1500)));
        assert_eq!(
            form(r#"{"entrega":"1","taxaTipo":"fixa"}"#).unwrap().fee,
            FeeSetting::Free
        );
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

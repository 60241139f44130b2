//! The delivery fee as the buyer sees it, from the supplier's settings and the buyer's
//! coordinates.

use super::{Coordinates, DeliverySettings, FeeRule, distance_km, per_km_fee};
use crate::messages::{self, Message};
use crate::money::Money;
use serde::Serialize;
use std::borrow::Cow;

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
    /// The buyer is `km` away, beyond the supplier's maximum delivery distance: pickup only
    /// (decisions.md §31; the checkout names the supplier, `messages::fora_da_area`).
    OutOfArea { km: f64 },
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
            Self::Unavailable
            | Self::Calculating
            | Self::NeedsAddress
            | Self::PerKmUnavailable
            | Self::OutOfArea { .. } => None,
        }
    }

    /// A short machine name: `indisponivel`, `calculando`, `sem_endereco`, `km_indisponivel`,
    /// `fora_da_area`, `fixa`, `por_km`, `gratis`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Unavailable => "indisponivel",
            Self::Calculating => "calculando",
            Self::NeedsAddress => "sem_endereco",
            Self::PerKmUnavailable => "km_indisponivel",
            Self::OutOfArea { .. } => "fora_da_area",
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
            Self::OutOfArea { .. } => messages::FORA_DA_AREA,
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
                Self::PerKm { km, .. } | Self::OutOfArea { km } => Some(*km),
                _ => None,
            },
            texto: self.label(),
        }
        .serialize(s)
    }
}

/// The delivery fee for a buyer at `buyer` (their stored coordinates, if any). With a maximum
/// distance, a buyer beyond it is [`FeeState::OutOfArea`], one without coordinates
/// [`FeeState::NeedsAddress`].
pub fn fee_state(settings: &DeliverySettings, buyer: Option<Coordinates>) -> FeeState {
    if !settings.options.delivery {
        return FeeState::Unavailable;
    }
    if let Some(area) = settings.area.filter(|a| a.origin.is_some()) {
        match buyer.and_then(|b| area.beyond(b)) {
            None => return FeeState::NeedsAddress,
            Some((true, km)) => return FeeState::OutOfArea { km },
            Some((false, _)) => {}
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::tests::{RIO_CLARO, at, m, settings};

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
                r#"{"entrega":"1","taxa_tipo":"porKm","taxa_por_km_centavos":150,"latitude":-22.73,"longitude":-47.65}"#,
                buyer,
                "por_km",
                Some(5416),
                "R$ 54,16",
            ),
            (
                r#"{"entrega":"1","taxa_tipo":"porKm","taxa_por_km_centavos":150,"latitude":-22.73,"longitude":-47.65}"#,
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
}

//! The supplier's delivery-settings form (supplier panel §5, Delivery), with the start
//! address's CEP and bairro and the optional maximum delivery distance (decisions.md §31).

use super::{DeliveryOptions, MAX_DELIVERY_KM};
use crate::cep::Cep;
use crate::forms::{
    MAX_HOUSE_NUMBER, MAX_PLACE, MAX_STREET, lenient_text, optional_text, texts_within,
};
use crate::messages::{self, Message};
use crate::money::{AmountError, Money};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Why the delivery-settings form was refused (supplier panel §5, Delivery).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryFormError {
    InvalidFixedFee,
    InvalidRate,
    IncompleteStartAddress,
    InvalidStartNumber,
    InvalidMinimumDelivery,
    InvalidMinimumPickup,
    /// The maximum distance is not a whole number of km from 1 to [`MAX_DELIVERY_KM`].
    InvalidDistance,
    /// A maximum distance without a full start address to measure it from.
    IncompleteStartAddressForArea,
    /// The start address's CEP is not 8 digits.
    InvalidStartCep,
    /// A start-address text over its bound (`messages::texto_longo`).
    TooLong {
        field: &'static str,
        max: usize,
    },
}

impl Message for DeliveryFormError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::TooLong { field, max } => {
                return Cow::Owned(messages::texto_longo(field, *max));
            }
            Self::InvalidFixedFee => messages::TAXA_FIXA_INVALIDA,
            Self::InvalidRate => messages::TAXA_KM_INVALIDA,
            Self::IncompleteStartAddress => messages::ENDERECO_PARTIDA,
            Self::InvalidStartNumber => messages::NUMERO_PARTIDA_INVALIDO,
            Self::InvalidMinimumDelivery => messages::PEDIDO_MINIMO_ENTREGA_INVALIDO,
            Self::InvalidMinimumPickup => messages::PEDIDO_MINIMO_RETIRADA_INVALIDO,
            Self::InvalidDistance => messages::DISTANCIA_INVALIDA,
            Self::IncompleteStartAddressForArea => messages::ENDERECO_PARTIDA_DISTANCIA,
            Self::InvalidStartCep => messages::CEP_INVALIDO,
        })
    }
}

crate::display_message!(DeliveryFormError);

/// The form as typed (the spec's field names; text or numbers).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct DeliveryForm {
    /// `"1"`, `"2"`, `"12"` or `""`.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub entrega: String,
    /// `"fixa"`, `"porKm"`, or empty for none.
    #[serde(rename = "taxaTipo", deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub taxa_tipo: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub taxaentrega: String,
    #[serde(rename = "taxaPorKm", deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub taxa_por_km: String,
    #[serde(rename = "enderecoRua", deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub endereco_rua: String,
    #[serde(rename = "enderecoNumero", deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub endereco_numero: String,
    #[serde(rename = "enderecoCidade", deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub endereco_cidade: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub pedidominimoentrega: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub pedidominimoretirada: String,
    /// The start address's CEP (optional).
    #[serde(rename = "enderecoCep", deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub endereco_cep: String,
    /// The start address's bairro (optional).
    #[serde(rename = "enderecoBairro", deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub endereco_bairro: String,
    /// The maximum delivery distance in km (optional; empty: no limit).
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub distanciamaxima: String,
}

/// The supplier's delivery start address: where per-km fees and the maximum distance are
/// measured from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StartAddress {
    pub rua: String,
    pub numero: String,
    pub cidade: String,
    /// 8 digits, when given.
    pub cep: Option<String>,
    pub bairro: Option<String>,
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
    /// The maximum delivery distance in km, when set (delivery on).
    pub distancia_maxima_km: Option<u32>,
    /// The start address (to be geocoded), needed by a per-km fee and by a maximum distance;
    /// `None` without either.
    pub partida: Option<StartAddress>,
}

fn optional_amount<E: Copy>(text: &str, err: E) -> Result<Option<Money>, E> {
    match Money::parse(text) {
        Ok(m) => Ok(m.is_positive().then_some(m)),
        Err(AmountError::Empty) => Ok(None),
        Err(AmountError::Malformed | AmountError::TooLarge) => Err(err),
    }
}

impl DeliveryForm {
    /// The start address, checked: `missing` when its street, number or city is missing.
    fn start_address(&self, missing: DeliveryFormError) -> Result<StartAddress, DeliveryFormError> {
        let (rua, numero, cidade) = (
            optional_text(&self.endereco_rua),
            optional_text(&self.endereco_numero),
            optional_text(&self.endereco_cidade),
        );
        let (Some(rua), Some(numero), Some(cidade)) = (rua, numero, cidade) else {
            return Err(missing);
        };
        let bairro = optional_text(&self.endereco_bairro);
        texts_within(&[
            (&rua, messages::CAMPO_RUA, MAX_STREET),
            (&numero, messages::CAMPO_NUMERO, MAX_HOUSE_NUMBER),
            (&cidade, messages::CAMPO_CIDADE, MAX_PLACE),
            (
                bairro.as_deref().unwrap_or_default(),
                messages::CAMPO_BAIRRO,
                MAX_PLACE,
            ),
        ])
        .map_err(|(field, max)| DeliveryFormError::TooLong { field, max })?;
        if !numero.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DeliveryFormError::InvalidStartNumber);
        }
        let cep = optional_text(&self.endereco_cep)
            .map(|c| Cep::parse(&c).map(|c| c.digits().to_owned()))
            .transpose()
            .map_err(|_| DeliveryFormError::InvalidStartCep)?;
        Ok(StartAddress {
            rua,
            numero,
            cidade,
            cep,
            bairro,
        })
    }

    /// Checks the form in the spec's order (then the maximum distance) and returns the
    /// settings to store.
    pub fn validate(&self) -> Result<DeliverySetup, DeliveryFormError> {
        let options = DeliveryOptions::from_codes(&self.entrega);
        let mut fee = FeeSetting::Free;
        let mut minimum_delivery = None;
        let mut partida = None;
        let mut distancia = None;
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
                    let start = self.start_address(DeliveryFormError::IncompleteStartAddress)?;
                    let fee = FeeSetting::PerKm {
                        taxa_por_km_centavos: rate,
                        rua: start.rua.clone(),
                        numero: start.numero.clone(),
                        cidade: start.cidade.clone(),
                    };
                    partida = Some(start);
                    fee
                }
                _ => FeeSetting::Free,
            };
            minimum_delivery = optional_amount(
                &self.pedidominimoentrega,
                DeliveryFormError::InvalidMinimumDelivery,
            )?;
            distancia = match optional_text(&self.distanciamaxima) {
                None => None,
                Some(t) => Some(
                    t.parse::<u32>()
                        .ok()
                        .filter(|km| (1..=MAX_DELIVERY_KM).contains(km))
                        .ok_or(DeliveryFormError::InvalidDistance)?,
                ),
            };
            if distancia.is_some() && partida.is_none() {
                partida =
                    Some(self.start_address(DeliveryFormError::IncompleteStartAddressForArea)?);
            }
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
            distancia_maxima_km: distancia,
            partida,
        })
    }
}

#[cfg(test)]
mod tests;

//! The store's delivery days as its Entrega settings form holds them (text as typed), checked
//! into [`DeliveryDays`] with the first message that refuses them.

use super::{Clock, Cutoff, DaysError, DeliveryDays, MAX_WINDOWS, Window};
use crate::checkout::Fulfilment;
use crate::forms::lenient_text;
use serde::{Deserialize, Serialize};

/// The store's days as its Entrega settings form holds them (text as typed).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct DaysForm {
    pub janelas: Vec<WindowForm>,
    /// `""` (orders until the window starts), `"horas"` or `"dias"`.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_tipo: String,
    /// Hours before the window (`horas`).
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_horas: String,
    /// Days before the delivery day (`dias`; 1 = the day before).
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_dias: String,
    /// `HH:MM` on that day (`dias`).
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub corte_hora: String,
}

/// One window row of the form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct WindowForm {
    /// `entrega` or `retirada`.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub tipo: String,
    /// 0 Sunday … 6 Saturday.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub dia_semana: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub inicio: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub fim: String,
}

impl WindowForm {
    fn validate(&self) -> Result<Window, DaysError> {
        let tipo = match self.tipo.trim() {
            "entrega" => Fulfilment::Delivery,
            "retirada" => Fulfilment::Pickup,
            _ => return Err(DaysError::InvalidKind),
        };
        let dia_semana = self
            .dia_semana
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|d| *d <= 6)
            .ok_or(DaysError::InvalidWeekday)?;
        let time = |t: &str| Clock::parse(t).ok_or(DaysError::InvalidTime);
        Ok(Window {
            tipo,
            dia_semana,
            inicio: time(&self.inicio)?,
            fim: time(&self.fim)?,
        })
    }
}

impl DaysForm {
    /// The store's days, or the first message that refuses them.
    pub fn validate(&self) -> Result<DeliveryDays, DaysError> {
        if self.janelas.len() > MAX_WINDOWS {
            return Err(DaysError::TooManyWindows);
        }
        let windows = self
            .janelas
            .iter()
            .map(WindowForm::validate)
            .collect::<Result<Vec<_>, _>>()?;
        let number = |t: &str| {
            t.trim()
                .parse::<i64>()
                .map_err(|_| DaysError::InvalidCutoff)
        };
        let cutoff = match self.corte_tipo.trim() {
            "" => Cutoff::AtStart,
            "horas" => match number(&self.corte_horas)? {
                // Hours "before" that fall after the window's start.
                h if h < 0 => {
                    return Err(windows.first().map_or(DaysError::InvalidCutoff, |w| {
                        DaysError::CutoffAfterDelivery(*w)
                    }));
                }
                h => Cutoff::HoursBefore(u32::try_from(h).map_err(|_| DaysError::InvalidCutoff)?),
            },
            "dias" => Cutoff::DaysBefore {
                days: u8::try_from(number(&self.corte_dias)?)
                    .map_err(|_| DaysError::InvalidCutoff)?,
                at: Clock::parse(&self.corte_hora).ok_or(DaysError::InvalidCutoff)?,
            },
            _ => return Err(DaysError::InvalidCutoff),
        };
        DeliveryDays::new(windows, cutoff)
    }
}

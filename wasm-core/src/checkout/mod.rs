//! Checkout: the order summary both sides compute — products total, delivery fee, coupon
//! discount and total, all in centavos — or the first message that stops the purchase.
//!
//! The browser shows it; the server recomputes it from the database (decisions.md §7) and
//! refuses a client total more than R$ 0,01 away ([`verify_client_total`]).
//!
//! Rules: `total = products + fee − discount`, never negative; no fee for pickup; the coupon
//! discount is computed on the products total and never exceeds it; minimum orders compare the
//! products total (before the coupon) with the supplier's minimum for the chosen mode. The
//! checks, in order: an empty bag, purchases closed, no registered street (every order needs
//! one, spec §4 and §6), the chosen mode not offered (a supplier that offers neither accepts
//! pickup, the spec's "straight to confirmation"), quantities outside minimum order and stock,
//! the minimum order (saying how much is missing), a delivery address beyond the supplier's
//! maximum distance (decisions.md §31), a delivery fee that cannot be charged yet, and the
//! coupon's rules that depend on the order (its days, when the request says what time it is,
//! and its minimum: decisions.md §32; its uses are the server's to count).
//!
//! This module holds the request, the summary and the error; `summary` computes it and
//! `bag` keeps a bag to one supplier.

mod bag;
mod summary;

pub use bag::*;
pub use summary::*;

use crate::coupon::{Coupon, CouponError};
use crate::delivery::{Coordinates, DeliverySettings, FeeState};
use crate::messages::{self, Message};
use crate::money::Money;
use crate::pricing::ProductPrice;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Delivery or pickup (`entrega: true / false` in `finalizar_pedido`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fulfilment {
    #[serde(rename = "entrega")]
    Delivery,
    #[serde(rename = "retirada")]
    Pickup,
}

/// One bag line: the product as stored and the quantity ordered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CartLine {
    #[serde(default)]
    pub titulo: String,
    pub preco_centavos: Money,
    #[serde(default)]
    pub precopromo_centavos: Option<Money>,
    #[serde(default)]
    pub minimopromo: Option<u32>,
    pub quantidade: u32,
    /// Minimum order, if any.
    #[serde(default)]
    pub minimo: Option<u32>,
    /// Stock, if tracked.
    #[serde(default)]
    pub estoque: Option<u32>,
}

impl CartLine {
    pub fn price(&self) -> ProductPrice {
        ProductPrice::new(
            self.preco_centavos,
            self.precopromo_centavos,
            self.minimopromo,
        )
    }
}

/// The buyer as stored: a street (`rua`) and geocoded coordinates, if any.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Buyer {
    pub rua: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

impl Buyer {
    pub fn has_address(&self) -> bool {
        self.rua.as_deref().is_some_and(|r| !r.trim().is_empty())
    }

    pub fn coordinates(&self) -> Option<Coordinates> {
        Coordinates::from_pair(self.latitude, self.longitude)
    }
}

/// The supplier's side of a checkout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seller {
    pub nomeforn: String,
    /// `compras: true`: purchases closed.
    #[serde(default)]
    pub compras_fechadas: bool,
    #[serde(rename = "configuracao_entrega")]
    pub delivery: DeliverySettings,
}

/// Everything a checkout needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckoutRequest {
    pub itens: Vec<CartLine>,
    #[serde(default)]
    pub cupom: Option<Coupon>,
    pub fornecedor: Seller,
    pub comprador: Buyer,
    pub modo: Fulfilment,
    /// Now, in UTC milliseconds, for the coupon's validity days; `None` skips them.
    #[serde(default)]
    pub agora_ms: Option<i64>,
}

/// One line of the summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineSummary {
    pub quantidade: u32,
    pub unitario_centavos: Money,
    pub total_centavos: Money,
}

/// The order summary.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckoutSummary {
    pub linhas: Vec<LineSummary>,
    pub produtos_centavos: Money,
    /// The delivery fee state; `None` for pickup.
    pub taxa: Option<FeeState>,
    pub taxa_centavos: Money,
    pub desconto_centavos: Money,
    pub total_centavos: Money,
}

/// The most units of one product in one order ([`crate::pricing::MAX_QUANTITY`], where the
/// bag's stepper stops; named here too for the checkout's callers).
pub use crate::pricing::MAX_QUANTITY;

/// Why a checkout cannot go on; displays the spec's message.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckoutError {
    EmptyBag,
    PurchasesClosed(String),
    AddressRequired,
    DeliveryUnavailable,
    PickupUnavailable,
    BelowMinimumQuantity {
        titulo: String,
        minimo: u32,
    },
    OutOfStock(String),
    /// More than [`MAX_QUANTITY`] units of one product.
    AboveMaximumQuantity(String),
    /// Below the delivery minimum by this much.
    MinimumDelivery(Money),
    /// Below the pickup minimum by this much.
    MinimumPickup(Money),
    /// The delivery fee cannot be charged yet; shows the state's text.
    Fee(FeeState),
    /// The buyer is beyond the supplier's maximum delivery distance (decisions.md §31):
    /// `Endereço fora da área de entrega de {nomeforn}.`
    OutOfArea(String),
    PricesChanged,
    /// The coupon cannot be used for this order.
    Coupon(CouponError),
}

impl Message for CheckoutError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::EmptyBag => messages::SACOLA_VAZIA,
            Self::AddressRequired => messages::CADASTRE_ENDERECO,
            Self::DeliveryUnavailable => messages::ENTREGA_INDISPONIVEL,
            Self::PickupUnavailable => messages::RETIRADA_INDISPONIVEL,
            Self::PricesChanged => messages::PRECOS_MUDARAM,
            Self::PurchasesClosed(nomeforn) => {
                return Cow::Owned(messages::compras_fechadas(nomeforn));
            }
            Self::BelowMinimumQuantity { titulo, minimo } => {
                return Cow::Owned(messages::quantidade_minima(titulo, *minimo));
            }
            Self::OutOfStock(titulo) => return Cow::Owned(messages::estoque_insuficiente(titulo)),
            Self::AboveMaximumQuantity(titulo) => {
                return Cow::Owned(messages::quantidade_maxima(titulo, MAX_QUANTITY));
            }
            Self::MinimumDelivery(missing) => {
                return Cow::Owned(messages::faltam_pedido_minimo_entrega(*missing));
            }
            Self::MinimumPickup(missing) => {
                return Cow::Owned(messages::faltam_pedido_minimo_retirada(*missing));
            }
            Self::OutOfArea(nomeforn) => return Cow::Owned(messages::fora_da_area(nomeforn)),
            Self::Fee(state) => return state.message(),
            Self::Coupon(e) => return e.message(),
        })
    }
}

crate::display_message!(CheckoutError);

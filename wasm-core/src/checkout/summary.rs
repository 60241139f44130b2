//! The order summary: products total, delivery fee, coupon discount and total, checked in the
//! spec's order; and the server's check of a client's total.

use super::{CheckoutError, CheckoutRequest, CheckoutSummary, Fulfilment, LineSummary};
use crate::coupon::Coupon;
use crate::delivery::{FeeState, fee_state};
use crate::money::Money;

/// Products total, fee and coupon → `(discount, total)`: the discount never exceeds the products
/// total and the total is never negative.
pub fn totals(products: Money, fee: Money, coupon: Option<&Coupon>) -> (Money, Money) {
    let products = products.non_negative();
    let discount = coupon.map_or(Money::ZERO, |c| c.discount(products));
    let total = products
        .saturating_add(fee.non_negative())
        .saturating_sub(discount)
        .non_negative();
    (discount, total)
}

/// The summary of `request`, or the first message that stops it.
pub fn checkout(request: &CheckoutRequest) -> Result<CheckoutSummary, CheckoutError> {
    let seller = &request.fornecedor;
    let settings = &seller.delivery;
    if request.itens.is_empty() {
        return Err(CheckoutError::EmptyBag);
    }
    if seller.compras_fechadas {
        return Err(CheckoutError::PurchasesClosed(seller.nomeforn.clone()));
    }
    if !request.comprador.has_address() {
        return Err(CheckoutError::AddressRequired);
    }
    let options = settings.options;
    match request.modo {
        Fulfilment::Delivery if !options.delivery => {
            return Err(CheckoutError::DeliveryUnavailable);
        }
        Fulfilment::Pickup if !options.pickup && options.delivery => {
            return Err(CheckoutError::PickupUnavailable);
        }
        _ => {}
    }

    let mut lines = Vec::with_capacity(request.itens.len());
    let mut products = Money::ZERO;
    for item in &request.itens {
        let minimo = item.minimo.unwrap_or(1).max(1);
        if item.quantidade < minimo {
            return Err(CheckoutError::BelowMinimumQuantity {
                titulo: item.titulo.clone(),
                minimo,
            });
        }
        if item.quantidade > super::MAX_QUANTITY {
            return Err(CheckoutError::AboveMaximumQuantity(item.titulo.clone()));
        }
        if item.estoque.is_some_and(|s| item.quantidade > s) {
            return Err(CheckoutError::OutOfStock(item.titulo.clone()));
        }
        let price = item.price();
        let line = LineSummary {
            quantidade: item.quantidade,
            unitario_centavos: price.unit_price(item.quantidade),
            total_centavos: price.line_total(item.quantidade).non_negative(),
        };
        products = products.saturating_add(line.total_centavos);
        lines.push(line);
    }

    let (taxa, fee) = match request.modo {
        Fulfilment::Delivery => {
            let state = fee_state(settings, request.comprador.coordinates());
            if let FeeState::OutOfArea { .. } = state {
                return Err(CheckoutError::OutOfArea(seller.nomeforn.clone()));
            }
            minimum_order(
                products,
                settings.minimum_delivery,
                CheckoutError::MinimumDelivery,
            )?;
            let fee = state.fee().ok_or(CheckoutError::Fee(state))?;
            (Some(state), fee)
        }
        Fulfilment::Pickup => {
            minimum_order(
                products,
                settings.minimum_pickup,
                CheckoutError::MinimumPickup,
            )?;
            (None, Money::ZERO)
        }
    };

    if let Some(coupon) = &request.cupom {
        if let Some(now) = request.agora_ms {
            coupon
                .rules()
                .check_time(now)
                .map_err(CheckoutError::Coupon)?;
        }
        coupon
            .rules()
            .check_minimum(products)
            .map_err(CheckoutError::Coupon)?;
    }
    let (discount, total) = totals(products, fee, request.cupom.as_ref());
    Ok(CheckoutSummary {
        linhas: lines,
        produtos_centavos: products,
        taxa,
        taxa_centavos: fee,
        desconto_centavos: discount,
        total_centavos: total,
    })
}

/// `refused(missing)` when the products total is below the mode's minimum order by `missing`.
fn minimum_order(
    products: Money,
    minimum: Option<Money>,
    refused: fn(Money) -> CheckoutError,
) -> Result<(), CheckoutError> {
    match minimum {
        Some(min) if products < min => Err(refused(min.saturating_sub(products))),
        _ => Ok(()),
    }
}

/// The server's check of a client's total: more than R$ 0,01 away is `Os preços mudaram.
/// Revise o pedido.`
pub fn verify_client_total(computed: Money, client: Money) -> Result<(), CheckoutError> {
    let diff = computed.saturating_sub(client).centavos().unsigned_abs();
    if diff > 1 {
        Err(CheckoutError::PricesChanged)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;

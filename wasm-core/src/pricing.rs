//! Product pricing: the unit price for a quantity (promotional price from `minimopromo` units on),
//! line totals, the discount badge, the default quantity and the bag's quantity stepper.

use crate::money::Money;
use serde::{Deserialize, Serialize};

/// The most units of one product in one order (docs/readings.md: stock hoarding): the stepper
/// stops there and the checkout refuses more.
pub const MAX_QUANTITY: u32 = 1_000;

/// A product's prices as stored: `preco`, `precopromo`, `minimopromo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductPrice {
    /// The normal unit price.
    #[serde(rename = "preco_centavos")]
    pub price: Money,
    /// The promotional unit price, if a promotion is on.
    #[serde(rename = "precopromo_centavos", default)]
    pub promo: Option<Money>,
    /// The quantity from which the promotional price applies; a promotion without one applies
    /// from 1 unit (the spec's default promotion minimum).
    #[serde(rename = "minimopromo", default)]
    pub promo_minimum: Option<u32>,
}

impl ProductPrice {
    pub const fn new(price: Money, promo: Option<Money>, promo_minimum: Option<u32>) -> Self {
        Self {
            price,
            promo,
            promo_minimum,
        }
    }

    /// Whether `quantity` units get the promotional price (quantity ≥ `minimopromo`).
    pub fn promo_applies(&self, quantity: u32) -> bool {
        self.promo.is_some() && quantity >= self.promo_minimum.unwrap_or(1)
    }

    /// The unit price for `quantity` units.
    pub fn unit_price(&self, quantity: u32) -> Money {
        match self.promo {
            Some(promo) if self.promo_applies(quantity) => promo,
            _ => self.price,
        }
    }

    /// `unit_price(quantity) × quantity`.
    pub fn line_total(&self, quantity: u32) -> Money {
        self.unit_price(quantity).times(quantity)
    }

    /// The price a product card shows: the promotional price if there is one, else the price.
    pub fn card_price(&self) -> Money {
        self.promo.unwrap_or(self.price)
    }

    /// The discount badge: `round(100 − 100 × promo / price)`, rounded half up like JavaScript's
    /// `Math.round`. `None` without a promotion, or when the promotional price is not below the
    /// price (no badge for a "discount" of zero or less).
    pub fn discount_percent(&self) -> Option<u8> {
        discount_percent(self.price, self.promo?)
    }
}

/// `round(100 − 100 × promo / price)` in exact integer arithmetic; `None` unless
/// `0 ≤ promo < price`.
pub fn discount_percent(price: Money, promo: Money) -> Option<u8> {
    let (p, q) = (price.centavos(), promo.centavos());
    if p <= 0 || q < 0 || q >= p {
        return None;
    }
    // 100·(p − q)/p rounded half up = ⌊(200·(p − q) + p) / 2p⌋, all positive here.
    let (p, d) = (p.unsigned_abs(), (p - q).unsigned_abs());
    let percent = d.checked_mul(200)?.checked_add(p)? / p.checked_mul(2)?;
    u8::try_from(percent).ok()
}

/// The quantity a product starts at in the bag: its minimum order, or 1.
pub fn default_quantity(minimum: Option<u32>) -> u32 {
    minimum.unwrap_or(1).max(1)
}

/// The bag's quantity stepper for one product: minimum order and stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuantityLimits {
    /// The minimum order (`minimo`), if any.
    #[serde(rename = "minimo", default)]
    pub minimum: Option<u32>,
    /// The stock (`estoque`), if tracked.
    #[serde(rename = "estoque", default)]
    pub stock: Option<u32>,
}

impl QuantityLimits {
    pub const fn new(minimum: Option<u32>, stock: Option<u32>) -> Self {
        Self { minimum, stock }
    }

    /// The starting quantity: [`default_quantity`].
    pub fn default_quantity(&self) -> u32 {
        default_quantity(self.minimum)
    }

    /// The minus button: does nothing at 1 or at (or below) the minimum order.
    pub fn decrement(&self, quantity: u32) -> u32 {
        if quantity <= 1 || quantity <= self.minimum.unwrap_or(0) {
            quantity
        } else {
            quantity - 1
        }
    }

    /// The plus button: stops at the stock when the stock is set, and at the most one order
    /// may hold ([`MAX_QUANTITY`]).
    pub fn increment(&self, quantity: u32) -> u32 {
        match self.stock {
            Some(stock) if quantity >= stock => quantity,
            _ if quantity >= MAX_QUANTITY => quantity,
            _ => quantity.saturating_add(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn m(c: i64) -> Money {
        Money::from_centavos(c)
    }

    #[test]
    fn promo_price_from_the_promo_minimum() {
        let p = ProductPrice::new(m(1000), Some(m(800)), Some(5));
        assert_eq!(p.unit_price(1), m(1000));
        assert_eq!(p.unit_price(4), m(1000));
        assert_eq!(p.unit_price(5), m(800));
        assert_eq!(p.unit_price(6), m(800));
        assert_eq!(p.line_total(4), m(4000));
        assert_eq!(p.line_total(5), m(4000));
        assert_eq!(p.line_total(10), m(8000));
    }

    #[test]
    fn promo_without_minimum_applies_from_one() {
        let p = ProductPrice::new(m(1000), Some(m(900)), None);
        assert_eq!(p.unit_price(1), m(900));
        let none = ProductPrice::new(m(1000), None, Some(2));
        assert_eq!(none.unit_price(10), m(1000));
        assert_eq!(none.card_price(), m(1000));
        assert_eq!(p.card_price(), m(900));
    }

    #[test]
    fn discount_badge_from_the_spec_formula() {
        // (price, promo, badge): round(100 − 100 × promo / price)
        let table: &[(i64, i64, Option<u8>)] = &[
            (1000, 800, Some(20)),
            (1000, 750, Some(25)),
            (300, 200, Some(33)),     // 33,33…
            (300, 100, Some(67)),     // 66,67…
            (800, 700, Some(13)),     // 12,5 → 13 (half up, like Math.round)
            (2000, 1990, Some(1)),    // 0,5 → 1
            (10_000, 9_960, Some(0)), // 0,4 → 0
            (1000, 0, Some(100)),
            (1000, 1000, None),
            (1000, 1200, None),
            (0, 0, None),
        ];
        for &(price, promo, badge) in table {
            assert_eq!(
                discount_percent(m(price), m(promo)),
                badge,
                "{price} → {promo}"
            );
        }
        assert_eq!(
            ProductPrice::new(m(1000), None, None).discount_percent(),
            None
        );
    }

    #[test]
    fn default_quantity_is_the_minimum_or_one() {
        assert_eq!(default_quantity(None), 1);
        assert_eq!(default_quantity(Some(0)), 1);
        assert_eq!(default_quantity(Some(6)), 6);
    }

    #[test]
    fn stepper_limits() {
        let free = QuantityLimits::new(None, None);
        assert_eq!(free.decrement(1), 1);
        assert_eq!(free.decrement(0), 0);
        assert_eq!(free.decrement(3), 2);
        assert_eq!(free.increment(3), 4);

        let limited = QuantityLimits::new(Some(3), Some(5));
        assert_eq!(limited.default_quantity(), 3);
        assert_eq!(limited.decrement(3), 3);
        assert_eq!(limited.decrement(2), 2);
        assert_eq!(limited.decrement(4), 3);
        assert_eq!(limited.increment(4), 5);
        assert_eq!(limited.increment(5), 5);
        assert_eq!(limited.increment(7), 7);
        assert_eq!(
            QuantityLimits::new(None, None).increment(u32::MAX),
            u32::MAX
        );
        // No stock set: the plus button stops at the most one order may hold.
        assert_eq!(free.increment(1_000), 1_000);
        assert_eq!(free.increment(999), 1_000);
    }

    proptest! {
        #[test]
        fn stepper_stays_within_limits(
            min in proptest::option::of(0u32..20),
            stock in proptest::option::of(0u32..40),
            start in 0u32..40,
            steps in proptest::collection::vec(any::<bool>(), 0..60),
        ) {
            let limits = QuantityLimits::new(min, stock);
            let mut q = start;
            for up in steps {
                let next = if up { limits.increment(q) } else { limits.decrement(q) };
                if up {
                    prop_assert!(next >= q);
                    if let Some(s) = stock { prop_assert!(next <= s.max(q)); }
                } else {
                    prop_assert!(next <= q);
                    prop_assert!(next >= 1.min(q));
                    prop_assert!(next >= min.unwrap_or(0).min(q));
                }
                q = next;
            }
        }

        #[test]
        fn badge_is_a_percentage(price in 1i64..10_000_000, promo in 0i64..10_000_000) {
            if let Some(b) = discount_percent(m(price), m(promo)) {
                prop_assert!(b <= 100);
                prop_assert!(promo < price);
            }
        }
    }
}

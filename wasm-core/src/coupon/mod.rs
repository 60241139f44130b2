//! Discount coupons: creating one with the spec's rules, finding the one a buyer typed, and the
//! discount it gives on a product total; its optional rules (validity days, use limits, a
//! minimum order: decisions.md §32) are in [`rules`].
//!
//! A coupon's value is kept in hundredths, as the database stores it: centavos for a fixed
//! (`R$`) coupon, hundredths of a percent for a `%` coupon (`1250` = 12,5 %). A `%` discount is
//! the product total × percentage rounded to the centavo (half away from zero), i.e. "to 2
//! decimals"; no discount ever exceeds the product total, so nothing goes below zero.

use crate::messages::{self, Message};
use crate::money::{AmountError, Money, parse_hundredths};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

mod code;
mod rules;

use crate::date::Date;
use code::upper_case;
pub use code::{CouponCode, MAX_CODE_CHARS};
pub use rules::{CouponRules, MAX_USES, RulesForm, Uses};

/// Why a coupon could not be created, found or used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponError {
    EmptyCode,
    CodeTooLong,
    CodeHasSpaces,
    InvalidValue,
    PercentAbove100,
    Duplicate,
    UnknownKind,
    NotFound,
    /// A validity day that is not a date.
    InvalidDate,
    /// The last day before the first.
    EndBeforeStart,
    /// A use limit that is not a whole number above zero.
    InvalidLimit,
    /// A minimum order that is not an amount.
    InvalidMinimum,
    /// Before its first day.
    NotYetValid(Date),
    /// After its last day.
    Expired,
    /// Every use of its limit taken.
    Exhausted,
    /// One use per buyer, and this buyer used it.
    AlreadyUsed,
    /// A products total below its minimum.
    BelowMinimum(Money),
}

impl Message for CouponError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::EmptyCode => messages::CUPOM_VAZIO,
            Self::CodeTooLong => messages::CUPOM_LONGO,
            Self::CodeHasSpaces => messages::CUPOM_ESPACOS,
            Self::InvalidValue => messages::CUPOM_VALOR,
            Self::PercentAbove100 => messages::CUPOM_PORCENTAGEM,
            Self::Duplicate => messages::CUPOM_DUPLICADO,
            Self::UnknownKind => messages::CUPOM_TIPO,
            Self::NotFound => messages::CUPOM_NAO_ENCONTRADO,
            Self::InvalidDate => messages::CUPOM_DATA,
            Self::EndBeforeStart => messages::CUPOM_DATAS,
            Self::InvalidLimit => messages::CUPOM_LIMITE,
            Self::InvalidMinimum => messages::CUPOM_MINIMO,
            Self::Expired => messages::CUPOM_EXPIRADO,
            Self::Exhausted => messages::CUPOM_ESGOTADO,
            Self::AlreadyUsed => messages::CUPOM_USADO,
            Self::NotYetValid(start) => return Cow::Owned(messages::cupom_a_partir_de(*start)),
            Self::BelowMinimum(min) => return Cow::Owned(messages::cupom_pedido_minimo(*min)),
        })
    }
}

crate::display_message!(CouponError);

/// `%` (a percentage of the product total) or `R$` (a fixed amount).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CouponKind {
    #[serde(rename = "%")]
    Percent,
    #[serde(rename = "R$")]
    Fixed,
}

impl CouponKind {
    /// `"%"` or `"R$"` (the stored `tipo`).
    pub fn parse(tipo: &str) -> Result<Self, CouponError> {
        match tipo.trim() {
            "%" => Ok(Self::Percent),
            "R$" => Ok(Self::Fixed),
            _ => Err(CouponError::UnknownKind),
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Percent => "%",
            Self::Fixed => "R$",
        }
    }
}

/// A valid coupon: code, kind and a positive value in hundredths (at most 100 % for `%`), and
/// its rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "CouponRecord", into = "CouponRecord")]
pub struct Coupon {
    code: CouponCode,
    kind: CouponKind,
    value: i64,
    rules: CouponRules,
}

/// A coupon as stored and as the bindings exchange it: `{codigo, tipo, valor}` with `valor` in
/// hundredths (centavos for `R$`, hundredths of a percent for `%`), and its rules' fields when
/// it has any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CouponRecord {
    pub codigo: String,
    pub tipo: CouponKind,
    pub valor: i64,
    #[serde(flatten)]
    pub regras: CouponRules,
}

impl TryFrom<CouponRecord> for Coupon {
    type Error = CouponError;
    fn try_from(r: CouponRecord) -> Result<Self, CouponError> {
        Coupon::from_stored(&r.codigo, r.tipo, r.valor)?.with_rules(r.regras)
    }
}

impl From<Coupon> for CouponRecord {
    fn from(c: Coupon) -> Self {
        Self {
            codigo: c.code.0,
            tipo: c.kind,
            valor: c.value,
            regras: c.rules,
        }
    }
}

impl Coupon {
    /// The supplier's new-coupon form: the code as typed, the type, the value as typed (`10`,
    /// `12,5`, `7,50`), and the codes the supplier already has (compared case-insensitively).
    pub fn create<'a>(
        code: &str,
        kind: CouponKind,
        value: &str,
        existing: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, CouponError> {
        let code = CouponCode::parse(code)?;
        let value = match parse_hundredths(value) {
            Ok(v) => v,
            Err(AmountError::Empty | AmountError::Malformed | AmountError::TooLarge) => {
                return Err(CouponError::InvalidValue);
            }
        };
        let coupon = Self::checked(code, kind, value)?;
        if existing
            .into_iter()
            .any(|e| upper_case(e.trim()) == coupon.code.0)
        {
            return Err(CouponError::Duplicate);
        }
        Ok(coupon)
    }

    /// A stored coupon (`valor` in hundredths), re-checked.
    pub fn from_stored(codigo: &str, kind: CouponKind, valor: i64) -> Result<Self, CouponError> {
        Self::checked(CouponCode::parse(codigo)?, kind, valor)
    }

    fn checked(code: CouponCode, kind: CouponKind, value: i64) -> Result<Self, CouponError> {
        if value <= 0 || value > Money::MAX.centavos() {
            return Err(CouponError::InvalidValue);
        }
        if kind == CouponKind::Percent && value > 10_000 {
            return Err(CouponError::PercentAbove100);
        }
        Ok(Self {
            code,
            kind,
            value,
            rules: CouponRules::default(),
        })
    }

    /// This coupon with `rules` (checked).
    pub fn with_rules(mut self, rules: CouponRules) -> Result<Self, CouponError> {
        self.rules = rules.checked()?;
        Ok(self)
    }

    pub fn rules(&self) -> &CouponRules {
        &self.rules
    }

    /// Whether a buyer may use it now: at `now_ms`, with `uses` counted so far, on a products
    /// total of `products`. The checks in the order a buyer meets them: its days, its uses, its
    /// minimum.
    pub fn check(&self, now_ms: i64, uses: Uses, products: Money) -> Result<(), CouponError> {
        self.rules.check_time(now_ms)?;
        self.rules.check_uses(uses)?;
        self.rules.check_minimum(products)
    }

    pub fn code(&self) -> &CouponCode {
        &self.code
    }

    pub fn kind(&self) -> CouponKind {
        self.kind
    }

    /// The value in hundredths (centavos, or hundredths of a percent).
    pub fn value_hundredths(&self) -> i64 {
        self.value
    }

    /// The discount on `products_total`: never negative, never more than the total.
    pub fn discount(&self, products_total: Money) -> Money {
        let total = products_total.non_negative();
        let raw = match self.kind {
            CouponKind::Percent => total.percent_hundredths(self.value),
            CouponKind::Fixed => Money::from_centavos(self.value),
        };
        raw.min(total).non_negative()
    }
}

/// The coupon whose code the buyer typed (upper-cased first), or `Cupom não encontrado!`.
pub fn find_coupon<'a>(coupons: &'a [Coupon], typed: &str) -> Result<&'a Coupon, CouponError> {
    let wanted = upper_case(typed.trim());
    coupons
        .iter()
        .find(|c| c.code.0 == wanted)
        .ok_or(CouponError::NotFound)
}

#[cfg(test)]
mod tests;

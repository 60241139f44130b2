//! A coupon's optional rules (decisions.md §32): the days it is valid (first and last, in
//! Brasília time), how many orders may use it in all, whether each buyer may use it once, and
//! the smallest products total it applies to. A coupon with none of them behaves as the spec
//! says. The supplier's form is read by [`CouponRules::from_form`]; a buyer's use is checked by
//! [`CouponRules::check_time`], [`CouponRules::check_uses`] and [`CouponRules::check_minimum`]
//! (the browser runs the first and the last as the bag changes, the server all three when the
//! order is placed, and counts the use in the order's transaction).

use super::CouponError;
use crate::date::Date;
use crate::money::{AmountError, Money, parse_hundredths};
use serde::{Deserialize, Serialize};

/// The largest total use limit a form accepts.
pub const MAX_USES: u32 = 1_000_000;

/// A coupon's rules; every one optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CouponRules {
    /// The first day it is valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validade_inicio: Option<Date>,
    /// The last day it is valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validade_fim: Option<Date>,
    /// How many orders may use it, in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limite_usos: Option<u32>,
    /// Each buyer may use it once.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub um_por_cliente: bool,
    /// The smallest products total (before the discount and without the delivery fee).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pedido_minimo_centavos: Option<Money>,
}

/// The form's optional fields, as typed (`""` for none).
#[derive(Debug, Clone, Copy, Default)]
pub struct RulesForm<'a> {
    pub inicio: &'a str,
    pub fim: &'a str,
    pub limite: &'a str,
    pub um_por_cliente: bool,
    pub minimo: &'a str,
}

/// How often a coupon was used, as the server counts it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Uses {
    /// By every buyer (orders not cancelled).
    pub total: u32,
    /// By this buyer.
    pub by_buyer: u32,
}

impl CouponRules {
    /// Whether it has no rule at all (the spec's plain coupon).
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The supplier's form: dates (`AAAA-MM-DD` or `DD/MM/AAAA`), a whole limit above zero, a
    /// minimum as a price is typed (`50`, `50,00`). Empty fields are no rule.
    pub fn from_form(form: RulesForm<'_>) -> Result<Self, CouponError> {
        let date = |s: &str| -> Result<Option<Date>, CouponError> {
            if s.trim().is_empty() {
                Ok(None)
            } else {
                Date::parse(s).map(Some).ok_or(CouponError::InvalidDate)
            }
        };
        let limite_usos = match form.limite.trim() {
            "" => None,
            t => match t.parse::<u32>() {
                Ok(n) if (1..=MAX_USES).contains(&n) => Some(n),
                _ => return Err(CouponError::InvalidLimit),
            },
        };
        let pedido_minimo_centavos = match parse_hundredths(form.minimo) {
            Err(AmountError::Empty) => None,
            Ok(0) => None,
            Ok(c) => Some(Money::from_centavos(c)),
            Err(_) => return Err(CouponError::InvalidMinimum),
        };
        Self {
            validade_inicio: date(form.inicio)?,
            validade_fim: date(form.fim)?,
            limite_usos,
            um_por_cliente: form.um_por_cliente,
            pedido_minimo_centavos,
        }
        .checked()
    }

    /// The rules, re-checked (as stored or as received): the last day not before the first, a
    /// limit above zero, a minimum above zero.
    pub fn checked(self) -> Result<Self, CouponError> {
        if let (Some(a), Some(b)) = (self.validade_inicio, self.validade_fim)
            && b < a
        {
            return Err(CouponError::EndBeforeStart);
        }
        if self.limite_usos.is_some_and(|n| n == 0 || n > MAX_USES) {
            return Err(CouponError::InvalidLimit);
        }
        if self
            .pedido_minimo_centavos
            .is_some_and(|m| !m.is_positive() || m > Money::MAX)
        {
            return Err(CouponError::InvalidMinimum);
        }
        Ok(self)
    }

    /// Valid at `now_ms` (UTC milliseconds): not before its first day, not after its last.
    pub fn check_time(&self, now_ms: i64) -> Result<(), CouponError> {
        if let Some(start) = self.validade_inicio
            && now_ms < start.start_ms()
        {
            return Err(CouponError::NotYetValid(start));
        }
        if let Some(end) = self.validade_fim
            && now_ms >= end.end_ms()
        {
            return Err(CouponError::Expired);
        }
        Ok(())
    }

    /// Room for one more use: below the total limit, and not used by this buyer yet when each
    /// buyer may use it once.
    pub fn check_uses(&self, uses: Uses) -> Result<(), CouponError> {
        if self.um_por_cliente && uses.by_buyer > 0 {
            return Err(CouponError::AlreadyUsed);
        }
        if self.limite_usos.is_some_and(|limit| uses.total >= limit) {
            return Err(CouponError::Exhausted);
        }
        Ok(())
    }

    /// A products total of at least the minimum.
    pub fn check_minimum(&self, products: Money) -> Result<(), CouponError> {
        match self.pedido_minimo_centavos {
            Some(min) if products < min => Err(CouponError::BelowMinimum(min)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn form<'a>(inicio: &'a str, fim: &'a str, limite: &'a str, minimo: &'a str) -> RulesForm<'a> {
        RulesForm {
            inicio,
            fim,
            limite,
            um_por_cliente: false,
            minimo,
        }
    }

    #[test]
    fn an_empty_form_is_the_spec_coupon() {
        let r = CouponRules::from_form(RulesForm::default()).unwrap();
        assert!(r.is_empty());
        assert_eq!(r.check_time(0), Ok(()));
        assert_eq!(
            r.check_uses(Uses {
                total: 1_000,
                by_buyer: 9
            }),
            Ok(())
        );
        assert_eq!(r.check_minimum(Money::ZERO), Ok(()));
        assert_eq!(serde_json::to_string(&r).unwrap(), "{}");
    }

    #[test]
    fn the_form_is_read_with_its_messages() {
        let r = CouponRules::from_form(RulesForm {
            inicio: "2025-12-01",
            fim: "31/12/2025",
            limite: " 5 ",
            um_por_cliente: true,
            minimo: "50,00",
        })
        .unwrap();
        assert_eq!(r.validade_inicio, Some(d("2025-12-01")));
        assert_eq!(r.validade_fim, Some(d("2025-12-31")));
        assert_eq!(r.limite_usos, Some(5));
        assert!(r.um_por_cliente);
        assert_eq!(r.pedido_minimo_centavos, Some(Money::from_centavos(5000)));
        let cases = [
            (form("2025-02-30", "", "", ""), "Insira uma data válida."),
            (form("", "amanhã", "", ""), "Insira uma data válida."),
            (
                form("2025-12-31", "2025-12-01", "", ""),
                "A data final do cupom não pode ser anterior à inicial.",
            ),
            (
                form("", "", "0", ""),
                "O limite de usos deve ser um número inteiro maior que zero.",
            ),
            (
                form("", "", "2,5", ""),
                "O limite de usos deve ser um número inteiro maior que zero.",
            ),
            (
                form("", "", "-1", ""),
                "O limite de usos deve ser um número inteiro maior que zero.",
            ),
            (
                form("", "", "", "abc"),
                "O pedido mínimo do cupom deve ser um valor válido.",
            ),
        ];
        for (f, message) in cases {
            assert_eq!(
                CouponRules::from_form(f).unwrap_err().to_string(),
                message,
                "{f:?}"
            );
        }
        // A minimum of zero is no minimum.
        let r = CouponRules::from_form(form("", "", "", "0")).unwrap();
        assert_eq!(r.pedido_minimo_centavos, None);
    }

    #[test]
    fn dates_are_whole_days_in_brasilia() {
        let r = CouponRules::from_form(form("2025-12-10", "2025-12-20", "", "")).unwrap();
        let start = d("2025-12-10").start_ms();
        let end = d("2025-12-20").end_ms();
        let err = r.check_time(start - 1).unwrap_err();
        assert_eq!(err.to_string(), "Cupom válido a partir de 10/12/2025.");
        assert_eq!(r.check_time(start), Ok(()));
        assert_eq!(r.check_time(end - 1), Ok(()));
        assert_eq!(
            r.check_time(end).unwrap_err().to_string(),
            "Cupom expirado."
        );
        // The last day alone, or the first alone.
        let only_end = CouponRules::from_form(form("", "2025-12-20", "", "")).unwrap();
        assert_eq!(only_end.check_time(0), Ok(()));
        assert_eq!(only_end.check_time(end), Err(CouponError::Expired));
        let only_start = CouponRules::from_form(form("2025-12-10", "", "", "")).unwrap();
        assert_eq!(only_start.check_time(i64::MAX / 2), Ok(()));
        // One day: from its start to its end.
        let one = CouponRules::from_form(form("2025-12-10", "2025-12-10", "", "")).unwrap();
        assert_eq!(one.check_time(start + 3_600_000), Ok(()));
    }

    #[test]
    fn uses_and_minimum() {
        let mut r = CouponRules::from_form(form("", "", "5", "50")).unwrap();
        let used = |total, by_buyer| Uses { total, by_buyer };
        assert_eq!(r.check_uses(used(4, 3)), Ok(()));
        assert_eq!(
            r.check_uses(used(5, 0)).unwrap_err().to_string(),
            "Este cupom atingiu o limite de usos."
        );
        r.um_por_cliente = true;
        assert_eq!(
            r.check_uses(used(0, 1)).unwrap_err().to_string(),
            "Este cupom já foi usado."
        );
        assert_eq!(r.check_uses(used(4, 0)), Ok(()));
        assert_eq!(
            r.check_minimum(Money::from_centavos(4999))
                .unwrap_err()
                .to_string(),
            "Cupom válido para pedidos a partir de R$ 50,00."
        );
        assert_eq!(r.check_minimum(Money::from_centavos(5000)), Ok(()));
    }

    #[test]
    fn stored_rules_are_checked_again() {
        let bad = CouponRules {
            limite_usos: Some(0),
            ..CouponRules::default()
        };
        assert_eq!(bad.checked(), Err(CouponError::InvalidLimit));
        let json = r#"{"validade_inicio":"2025-12-31","validade_fim":"2025-12-01"}"#;
        let r: CouponRules = serde_json::from_str(json).unwrap();
        assert_eq!(r.checked(), Err(CouponError::EndBeforeStart));
        let round: CouponRules = serde_json::from_str(
            r#"{"validade_fim":"2025-12-31","limite_usos":3,"um_por_cliente":true,"pedido_minimo_centavos":1500}"#,
        )
        .unwrap();
        assert_eq!(
            serde_json::to_string(&round).unwrap(),
            r#"{"validade_fim":"2025-12-31","limite_usos":3,"um_por_cliente":true,"pedido_minimo_centavos":1500}"#
        );
    }
}

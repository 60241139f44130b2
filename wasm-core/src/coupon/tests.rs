use super::*;
use proptest::prelude::*;

fn m(c: i64) -> Money {
    Money::from_centavos(c)
}

#[test]
fn creation_rules_with_the_spec_messages() {
    let none: [&str; 0] = [];
    let cases: &[(&str, CouponKind, &str, &str)] = &[
        (
            "",
            CouponKind::Percent,
            "10",
            "O nome do cupom não pode ser vazio.",
        ),
        (
            "   ",
            CouponKind::Percent,
            "10",
            "O nome do cupom não pode ser vazio.",
        ),
        (
            "PROMOCAO2025",
            CouponKind::Percent,
            "10",
            "O nome do cupom deve ter no máximo 10 caracteres.",
        ),
        (
            "MEU CUPOM",
            CouponKind::Fixed,
            "10",
            "O nome do cupom não pode conter espaços.",
        ),
        (
            "OI",
            CouponKind::Fixed,
            "0",
            "O valor do desconto deve ser um número positivo.",
        ),
        (
            "OI",
            CouponKind::Fixed,
            "",
            "O valor do desconto deve ser um número positivo.",
        ),
        (
            "OI",
            CouponKind::Fixed,
            "abc",
            "O valor do desconto deve ser um número positivo.",
        ),
        (
            "OI",
            CouponKind::Percent,
            "100,01",
            "Desconto em porcentagem não pode ser maior que 100%.",
        ),
        (
            "OI",
            CouponKind::Percent,
            "150",
            "Desconto em porcentagem não pode ser maior que 100%.",
        ),
    ];
    for (code, kind, value, message) in cases {
        let err = Coupon::create(code, *kind, value, none).unwrap_err();
        assert_eq!(err.to_string(), *message, "{code:?} {value:?}");
    }
    let err = Coupon::create("feira10", CouponKind::Percent, "10", ["FEIRA10"]).unwrap_err();
    assert_eq!(err.to_string(), "Já existe um cupom com este nome.");
}

#[test]
fn codes_are_upper_cased() {
    let c = Coupon::create("feira10", CouponKind::Percent, "12,5", ["OUTRO"]).unwrap();
    assert_eq!(c.code().as_str(), "FEIRA10");
    assert_eq!(c.value_hundredths(), 1250);
    assert!(Coupon::create("x", CouponKind::Percent, "100", [""; 0]).is_ok());
    let accented = Coupon::create("promoção", CouponKind::Fixed, "1", [""; 0]).unwrap();
    assert_eq!(accented.code().as_str(), "PROMOÇÃO");
}

#[test]
fn percent_and_fixed_discounts() {
    let pct = Coupon::from_stored("DEZ", CouponKind::Percent, 1000).unwrap();
    assert_eq!(pct.discount(m(4590)), m(459));
    assert_eq!(pct.discount(m(1999)), m(200)); // 199,9 → 200: to 2 decimals
    let half = Coupon::from_stored("METADE", CouponKind::Percent, 5000).unwrap();
    assert_eq!(half.discount(m(5)), m(3));
    let odd = Coupon::from_stored("ODD", CouponKind::Percent, 1250).unwrap();
    assert_eq!(odd.discount(m(1000)), m(125));
    let all = Coupon::from_stored("TUDO", CouponKind::Percent, 10_000).unwrap();
    assert_eq!(all.discount(m(4321)), m(4321));

    let fixed = Coupon::from_stored("CINCO", CouponKind::Fixed, 500).unwrap();
    assert_eq!(fixed.discount(m(3000)), m(500));
    assert_eq!(fixed.discount(m(300)), m(300)); // never below zero
    assert_eq!(fixed.discount(m(0)), m(0));
    assert_eq!(fixed.discount(m(-100)), m(0));
}

#[test]
fn finds_typed_codes_case_insensitively() {
    let coupons = vec![
        Coupon::from_stored("DEZ", CouponKind::Percent, 1000).unwrap(),
        Coupon::from_stored("CINCO", CouponKind::Fixed, 500).unwrap(),
    ];
    assert_eq!(
        find_coupon(&coupons, " cinco ").unwrap().code().as_str(),
        "CINCO"
    );
    let err = find_coupon(&coupons, "VINTE").unwrap_err();
    assert_eq!(err.to_string(), "Cupom não encontrado!");
}

#[test]
fn records_round_trip_through_serde() {
    let json = r#"{"codigo":"dez","tipo":"%","valor":1000}"#;
    let c: Coupon = serde_json::from_str(json).unwrap();
    assert_eq!(c.code().as_str(), "DEZ");
    assert_eq!(
        serde_json::to_string(&c).unwrap(),
        r#"{"codigo":"DEZ","tipo":"%","valor":1000}"#
    );
    assert!(serde_json::from_str::<Coupon>(r#"{"codigo":"A","tipo":"%","valor":20000}"#).is_err());
    assert!(serde_json::from_str::<Coupon>(r#"{"codigo":"A","tipo":"x","valor":1}"#).is_err());
    assert_eq!(CouponKind::parse("R$"), Ok(CouponKind::Fixed));
    assert_eq!(CouponKind::parse("?"), Err(CouponError::UnknownKind));
}

#[test]
fn a_use_is_checked_days_then_uses_then_minimum() {
    let rules = CouponRules::from_form(RulesForm {
        inicio: "2025-12-01",
        fim: "2025-12-31",
        limite: "5",
        um_por_cliente: true,
        minimo: "50",
    })
    .unwrap();
    let c = Coupon::from_stored("NATAL", CouponKind::Fixed, 1000)
        .unwrap()
        .with_rules(rules)
        .unwrap();
    let inside = Date::parse("2025-12-24").unwrap().start_ms();
    let after = Date::parse("2026-01-01").unwrap().start_ms();
    let fresh = Uses::default();
    let used = Uses {
        total: 5,
        by_buyer: 1,
    };
    assert_eq!(c.check(inside, fresh, m(5000)), Ok(()));
    assert_eq!(c.check(after, used, m(0)), Err(CouponError::Expired));
    assert_eq!(c.check(inside, used, m(0)), Err(CouponError::AlreadyUsed));
    let others = Uses {
        total: 5,
        by_buyer: 0,
    };
    assert_eq!(c.check(inside, others, m(0)), Err(CouponError::Exhausted));
    assert_eq!(
        c.check(inside, fresh, m(4999)),
        Err(CouponError::BelowMinimum(m(5000)))
    );
    // The record carries the rules, and reads them back checked.
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(
        json,
        r#"{"codigo":"NATAL","tipo":"R$","valor":1000,"validade_inicio":"2025-12-01","validade_fim":"2025-12-31","limite_usos":5,"um_por_cliente":true,"pedido_minimo_centavos":5000}"#
    );
    assert_eq!(serde_json::from_str::<Coupon>(&json).unwrap(), c);
    let bad = json.replace("2025-12-01", "2026-01-31");
    assert!(serde_json::from_str::<Coupon>(&bad).is_err());
}

proptest! {
    #[test]
    fn discount_never_exceeds_the_product_total(
        percent in any::<bool>(),
        value in 1i64..=1_000_000,
        total in -1_000i64..100_000_000,
    ) {
        let (kind, value) = if percent {
            (CouponKind::Percent, value.min(10_000))
        } else {
            (CouponKind::Fixed, value)
        };
        let c = Coupon::from_stored("P", kind, value).unwrap();
        let d = c.discount(m(total));
        prop_assert!(d >= Money::ZERO);
        prop_assert!(d <= m(total).non_negative());
    }
}

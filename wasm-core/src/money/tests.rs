use super::{AmountError, Money};
use proptest::prelude::*;

fn parse(s: &str) -> Result<i64, AmountError> {
    Money::parse(s).map(Money::centavos)
}

#[test]
fn formats_brazilian_style() {
    assert_eq!(Money::from_centavos(750).format(), "R$ 7,50");
    assert_eq!(Money::from_centavos(123_456).format(), "R$ 1.234,56");
    assert_eq!(Money::from_centavos(5).format(), "R$ 0,05");
    assert_eq!(Money::from_centavos(-300).format(), "-R$ 3,00");
    assert_eq!(Money::from_centavos(0).format(), "R$ 0,00");
    assert_eq!(
        Money::from_centavos(100_000_000).format(),
        "R$ 1.000.000,00"
    );
}

#[test]
fn reais_round_to_centavos() {
    assert_eq!(Money::from_reais(4.5), Some(Money::from_centavos(450)));
    assert_eq!(Money::from_reais(0.1 + 0.2), Some(Money::from_centavos(30)));
    assert_eq!(Money::from_reais(f64::NAN), None);
    assert_eq!(Money::from_centavos(1999).reais(), 19.99);
}

#[test]
fn centavos_from_js_numbers() {
    assert_eq!(
        Money::from_centavos_f64(750.0),
        Some(Money::from_centavos(750))
    );
    assert_eq!(Money::from_centavos_f64(7.5), None);
    assert_eq!(Money::from_centavos_f64(f64::INFINITY), None);
    assert_eq!(Money::from_centavos_f64(1e16), None);
}

#[test]
fn decimal_string_for_the_wire() {
    assert_eq!(Money::from_centavos(1000).decimal_string(), "10.00");
    assert_eq!(Money::from_centavos(5).decimal_string(), "0.05");
}

#[test]
fn parses_the_spec_price_input() {
    let table: &[(&str, i64)] = &[
        ("12,50", 1250),
        ("12,5", 1250),
        ("12.50", 1250),
        ("12.5", 1250),
        ("12", 1200),
        ("0", 0),
        ("0,99", 99),
        (",5", 50),
        ("12,", 1200),
        ("1.234,56", 123_456),
        ("1.234.56", 123_456),
        ("1.234", 123_400),
        ("1.234.567", 123_456_700),
        ("1.234.567,8", 123_456_780),
        ("R$ 7,50", 750),
        ("  30 ", 3000),
        ("-5", 500),
        ("1234,5", 123_450),
        ("007", 700),
    ];
    for (input, centavos) in table {
        assert_eq!(parse(input), Ok(*centavos), "{input}");
    }
}

#[test]
fn refuses_what_is_not_a_price() {
    assert_eq!(parse(""), Err(AmountError::Empty));
    assert_eq!(parse("   "), Err(AmountError::Empty));
    for input in [
        "abc",
        ".",
        ",",
        "12.3456",
        "1.2.3",
        "0.125",
        "1..5",
        "1234.567",
        ".5.0",
        "1,234.5.6",
    ] {
        assert_eq!(parse(input), Err(AmountError::Malformed), "{input}");
    }
    assert_eq!(parse("99999999999999999999"), Err(AmountError::TooLarge));
    assert_eq!(parse("900.000.000.000.000"), Err(AmountError::TooLarge));
    assert_eq!(AmountError::Malformed.to_string(), "Insira um preço válido");
}

#[test]
fn filters_input_as_typed() {
    assert_eq!(Money::filter_input("R$ 12,50abc"), "12,50");
    assert_eq!(Money::filter_input("1.234,56"), "1.234,56");
    assert_eq!(Money::parse("32,50"), Ok(Money::from_centavos(3250)));
    assert_eq!(Money::from_centavos(3250).input_text(), "32,50");
    assert_eq!(Money::from_centavos(123_405).input_text(), "1234,05");
    assert_eq!(
        Money::parse(&Money::from_centavos(123_405).input_text()),
        Ok(Money::from_centavos(123_405))
    );
}

#[test]
fn percentages_round_half_away_from_zero() {
    let m = Money::from_centavos(1999);
    assert_eq!(m.percent_hundredths(1000), Money::from_centavos(200)); // 199,9 → 200
    assert_eq!(
        Money::from_centavos(250)
            .percent_hundredths(1000)
            .centavos(),
        25
    );
    assert_eq!(
        Money::from_centavos(5).percent_hundredths(5000).centavos(),
        3
    ); // 2,5 → 3
    assert_eq!(
        Money::from_centavos(4).percent_hundredths(5000).centavos(),
        2
    );
    assert_eq!(Money::MAX.percent_hundredths(10_000), Money::MAX);
    assert_eq!(Money::MAX.percent_hundredths(i64::MAX), Money::MAX);
    assert_eq!(
        Money::from_centavos(-5).percent_hundredths(5000).centavos(),
        -3
    );
    assert_eq!(
        Money::from_centavos(1234)
            .percent_hundredths(200)
            .centavos(),
        25
    );
}

#[test]
fn arithmetic_saturates() {
    assert_eq!(
        Money::MAX.saturating_add(Money::from_centavos(1)),
        Money::MAX
    );
    assert_eq!(Money::MAX.times(u32::MAX), Money::MAX);
    assert_eq!(Money::from_centavos(250).times(3).centavos(), 750);
    assert_eq!(Money::from_centavos(-3).non_negative(), Money::ZERO);
}

proptest! {
    #[test]
    fn formatted_amounts_parse_back(c in 0i64..1_000_000_000_000) {
        let m = Money::from_centavos(c);
        let shown = m.format();
        prop_assert_eq!(Money::parse(&shown), Ok(m));
        prop_assert_eq!(Money::parse(&m.decimal_string()), Ok(m));
    }

    #[test]
    fn percentages_match_exact_arithmetic(a in -1_000_000_000_000i64..1_000_000_000_000, h in 0i64..=20_000) {
        let exact = i128::from(a) * i128::from(h);
        let half = if exact < 0 { -5_000 } else { 5_000 };
        let expected = (exact + half) / 10_000;
        prop_assert_eq!(i128::from(Money::from_centavos(a).percent_hundredths(h).centavos()), expected);
    }

    #[test]
    fn parse_never_panics(s in "\\PC{0,24}") {
        let _ = Money::parse(&s);
    }
}

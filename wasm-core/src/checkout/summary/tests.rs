use super::*;
use crate::checkout::{Buyer, CartLine, Seller};
use crate::coupon::CouponKind;
use crate::delivery::DeliverySettings;
use proptest::prelude::*;

fn m(c: i64) -> Money {
    Money::from_centavos(c)
}

fn line(preco: i64, promo: Option<i64>, minimopromo: Option<u32>, q: u32) -> CartLine {
    CartLine {
        titulo: "mel".into(),
        preco_centavos: m(preco),
        precopromo_centavos: promo.map(m),
        minimopromo,
        quantidade: q,
        minimo: None,
        estoque: None,
    }
}

fn settings(json: serde_json::Value) -> DeliverySettings {
    serde_json::from_value(json).unwrap()
}

fn request(modo: Fulfilment, delivery: serde_json::Value) -> CheckoutRequest {
    CheckoutRequest {
        itens: vec![line(1000, Some(800), Some(3), 3), line(550, None, None, 2)],
        cupom: None,
        fornecedor: Seller {
            nomeforn: "Sítio Boa Vista".into(),
            compras_fechadas: false,
            delivery: settings(delivery),
        },
        comprador: Buyer {
            rua: Some("Rua A".into()),
            latitude: Some(-22.4149),
            longitude: Some(-47.5651),
        },
        modo,
        agora_ms: None,
    }
}

fn message(r: Result<CheckoutSummary, CheckoutError>) -> String {
    r.unwrap_err().to_string()
}

#[test]
fn a_line_holds_at_most_the_maximum_quantity() {
    // 1e9 units of a product without stock were once accepted.
    let mut req = request(Fulfilment::Pickup, serde_json::json!({"entrega":"2"}));
    req.itens[1].quantidade = 1_000_000_000;
    assert_eq!(
        message(checkout(&req)),
        "A quantidade máxima de mel por pedido é 1000"
    );
    req.itens[1].quantidade = crate::checkout::MAX_QUANTITY;
    assert!(checkout(&req).is_ok());
}

#[test]
fn beyond_the_delivery_distance_only_pickup_is_offered() {
    // The buyer is in Rio Claro, 36 km from a start point in Piracicaba.
    let area = |km: u32| {
        serde_json::json!({"entrega":"12","taxa_tipo":"fixa","taxa_entrega_centavos":750,
            "latitude":-22.7253,"longitude":-47.6492,"distancia_maxima_km":km})
    };
    assert_eq!(
        message(checkout(&request(Fulfilment::Delivery, area(30)))),
        "Endereço fora da área de entrega de Sítio Boa Vista."
    );
    let state = fee_state(
        &settings(area(30)),
        request(Fulfilment::Delivery, area(30))
            .comprador
            .coordinates(),
    );
    assert_eq!((state.code(), state.fee()), ("fora_da_area", None));
    // Pickup stays open; within 40 km delivery is too.
    assert!(checkout(&request(Fulfilment::Pickup, area(30))).is_ok());
    assert_eq!(
        checkout(&request(Fulfilment::Delivery, area(40)))
            .unwrap()
            .taxa_centavos,
        m(750)
    );
    // Without coordinates the distance cannot be measured: the address is needed.
    let mut req = request(Fulfilment::Delivery, area(40));
    req.comprador.latitude = None;
    assert_eq!(
        message(checkout(&req)),
        "Cadastre seu endereço para calcular"
    );
    // No limit, or one that is not a whole km from 1 to 1000, lets any address through.
    for km in [0, 5000] {
        assert!(
            checkout(&request(Fulfilment::Delivery, area(km))).is_ok(),
            "{km}"
        );
    }
}

#[test]
fn fixed_fee_with_percent_coupon() {
    let mut req = request(
        Fulfilment::Delivery,
        serde_json::json!({"entrega":"12","taxa_tipo":"fixa","taxa_entrega_centavos":750}),
    );
    req.cupom = Some(Coupon::from_stored("DEZ", CouponKind::Percent, 1000).unwrap());
    let s = checkout(&req).unwrap();
    // 3 × 8,00 (promo from 3) + 2 × 5,50 = 35,00; fee 7,50; 10 % = 3,50.
    assert_eq!(s.linhas[0].unitario_centavos, m(800));
    assert_eq!(s.produtos_centavos, m(3500));
    assert_eq!(s.taxa_centavos, m(750));
    assert_eq!(s.taxa.map(|t| t.label()).as_deref(), Some("R$ 7,50"));
    assert_eq!(s.desconto_centavos, m(350));
    assert_eq!(s.total_centavos, m(3900));
}

#[test]
fn per_km_fee_and_pickup() {
    let km = serde_json::json!({"entrega":"12","taxa_tipo":"porKm","taxa_por_km_centavos":150,
        "latitude":-22.7253,"longitude":-47.6492});
    let s = checkout(&request(Fulfilment::Delivery, km.clone())).unwrap();
    // From the public start point (-22,73, -47,65): 36,1… km × R$ 1,50.
    assert_eq!(s.taxa_centavos, m(5416));
    assert_eq!(s.total_centavos, m(3500 + 5416));

    let mut pickup = request(Fulfilment::Pickup, km);
    pickup.cupom = Some(Coupon::from_stored("CINCO", CouponKind::Fixed, 500).unwrap());
    let s = checkout(&pickup).unwrap();
    assert_eq!(s.taxa, None);
    assert_eq!(s.taxa_centavos, m(0));
    assert_eq!(s.total_centavos, m(3000));
}

#[test]
fn coupon_larger_than_products_leaves_the_fee() {
    let mut req = request(
        Fulfilment::Delivery,
        serde_json::json!({"entrega":"1","taxa_tipo":"fixa","taxa_entrega_centavos":750}),
    );
    req.cupom = Some(Coupon::from_stored("MIL", CouponKind::Fixed, 100_000).unwrap());
    let s = checkout(&req).unwrap();
    assert_eq!(s.desconto_centavos, m(3500));
    assert_eq!(s.total_centavos, m(750));
}

#[test]
fn messages_in_order() {
    let fixed = serde_json::json!({"entrega":"12","taxa_tipo":"fixa","taxa_entrega_centavos":750,
        "pedido_minimo_entrega_centavos":3000,"pedido_minimo_retirada_centavos":5000});
    let base = request(Fulfilment::Delivery, fixed.clone());
    let with = |f: &dyn Fn(&mut CheckoutRequest)| {
        let mut r = base.clone();
        f(&mut r);
        message(checkout(&r))
    };
    assert_eq!(with(&|r| r.itens.clear()), "Sua sacola está vazia");
    assert_eq!(
        with(&|r| r.fornecedor.compras_fechadas = true),
        "Sítio Boa Vista está com o período de compras fechado!"
    );
    assert_eq!(
        with(&|r| r.comprador.rua = Some(" ".into())),
        "Cadastre um endereço para realizar compras"
    );
    assert_eq!(
        with(&|r| r.fornecedor.delivery = settings(serde_json::json!({"entrega":"2"}))),
        "Entrega indisponível"
    );
    assert_eq!(
        with(&|r| {
            r.modo = Fulfilment::Pickup;
            r.fornecedor.delivery = settings(serde_json::json!({"entrega":"1"}));
        }),
        "Retirada indisponível"
    );
    assert_eq!(
        with(&|r| r.itens[1].minimo = Some(3)),
        "A quantidade mínima de mel é 3"
    );
    assert_eq!(
        with(&|r| r.itens[1].estoque = Some(1)),
        "Estoque insuficiente para mel"
    );
    assert_eq!(
        with(&|r| r.itens.truncate(1)), // 24,00 < 30,00
        "Faltam R$ 6,00 para o pedido mínimo de entrega."
    );
    assert_eq!(
        with(&|r| r.modo = Fulfilment::Pickup), // 35,00 < 50,00
        "Faltam R$ 15,00 para o pedido mínimo de retirada."
    );
    assert_eq!(
        with(&|r| {
            r.fornecedor.delivery = settings(serde_json::json!({"entrega":"1","taxa_tipo":"porKm",
                "taxa_por_km_centavos":150,"latitude":-22.7,"longitude":-47.6}));
            r.comprador.latitude = None;
        }),
        "Cadastre seu endereço para calcular"
    );
    assert_eq!(
        with(&|r| {
            r.fornecedor.delivery = settings(
                serde_json::json!({"entrega":"1","taxa_tipo":"porKm","taxa_por_km_centavos":150}),
            );
        }),
        "Taxa por Km indisponível no momento"
    );
    // Neither mode offered: pickup goes straight through.
    let mut none = base.clone();
    none.modo = Fulfilment::Pickup;
    none.fornecedor.delivery = settings(serde_json::json!({"entrega":""}));
    assert!(checkout(&none).is_ok());
    let mut zero = base.clone();
    zero.itens[0].quantidade = 0;
    assert_eq!(message(checkout(&zero)), "A quantidade mínima de mel é 1");
}

#[test]
fn request_from_json_and_summary_to_json() {
    let req: CheckoutRequest = serde_json::from_value(serde_json::json!({
        "itens": [{"titulo":"mel","preco_centavos":2500,"quantidade":2}],
        "cupom": {"codigo":"DEZ","tipo":"%","valor":1000},
        "fornecedor": {"nomeforn":"Sítio","configuracao_entrega":{"entrega":"1"}},
        "comprador": {"rua":"Rua A"},
        "modo": "entrega"
    }))
    .unwrap();
    let s = checkout(&req).unwrap();
    let v = serde_json::to_value(&s).unwrap();
    assert_eq!(v["produtos_centavos"], 5000);
    assert_eq!(v["desconto_centavos"], 500);
    assert_eq!(v["total_centavos"], 4500);
    assert_eq!(v["taxa"]["texto"], "Entrega Grátis ou a combinar");
}

#[test]
fn the_coupon_rules_that_depend_on_the_order() {
    use crate::coupon::{CouponRules, RulesForm};
    use crate::date::Date;
    let rules = CouponRules::from_form(RulesForm {
        inicio: "2025-12-10",
        fim: "2025-12-20",
        minimo: "36",
        ..RulesForm::default()
    })
    .unwrap();
    let coupon = Coupon::from_stored("DEZ", CouponKind::Percent, 1000)
        .unwrap()
        .with_rules(rules)
        .unwrap();
    let mut req = request(Fulfilment::Pickup, serde_json::json!({"entrega":"2"}));
    req.cupom = Some(coupon);
    // 35,00 of products: below the coupon's R$ 36,00.
    assert_eq!(
        message(checkout(&req)),
        "Cupom válido para pedidos a partir de R$ 36,00."
    );
    req.itens[1].quantidade = 3; // 40,50
    let day = Date::parse("2025-12-15").unwrap().start_ms();
    req.agora_ms = Some(day);
    assert_eq!(checkout(&req).unwrap().desconto_centavos, m(405));
    req.agora_ms = Some(Date::parse("2025-12-21").unwrap().start_ms());
    assert_eq!(message(checkout(&req)), "Cupom expirado.");
    req.agora_ms = Some(Date::parse("2025-12-09").unwrap().start_ms());
    assert_eq!(
        message(checkout(&req)),
        "Cupom válido a partir de 10/12/2025."
    );
    // Without a time (a client that does not say) only the minimum is checked.
    req.agora_ms = None;
    assert!(checkout(&req).is_ok());
}

#[test]
fn client_totals_within_one_centavo() {
    assert!(verify_client_total(m(3900), m(3900)).is_ok());
    assert!(verify_client_total(m(3900), m(3901)).is_ok());
    assert!(verify_client_total(m(3900), m(3899)).is_ok());
    assert_eq!(
        verify_client_total(m(3900), m(3902))
            .unwrap_err()
            .to_string(),
        "Os preços mudaram. Revise o pedido."
    );
}

fn coupon_strategy() -> impl Strategy<Value = Option<Coupon>> {
    prop_oneof![
        Just(None),
        (1i64..=10_000).prop_map(|v| Coupon::from_stored("P", CouponKind::Percent, v).ok()),
        (1i64..=1_000_000).prop_map(|v| Coupon::from_stored("F", CouponKind::Fixed, v).ok()),
    ]
}

proptest! {
    #[test]
    fn totals_are_never_negative(
        products in -1_000i64..100_000_000,
        fee in -1_000i64..1_000_000,
        coupon in coupon_strategy(),
    ) {
        let (discount, total) = totals(m(products), m(fee), coupon.as_ref());
        prop_assert!(total >= Money::ZERO);
        prop_assert!(discount >= Money::ZERO);
        prop_assert!(discount <= m(products).non_negative());
        prop_assert!(total >= m(fee).non_negative());
    }

    #[test]
    fn checkout_totals_add_up(
        items in proptest::collection::vec(
            (1i64..100_000, proptest::option::of(1i64..100_000), proptest::option::of(1u32..10), 1u32..50),
            1..6,
        ),
        coupon in coupon_strategy(),
        pickup in any::<bool>(),
        fee in 0i64..10_000,
    ) {
        let mut req = request(
            if pickup { Fulfilment::Pickup } else { Fulfilment::Delivery },
            serde_json::json!({"entrega":"12","taxa_tipo":"fixa","taxa_entrega_centavos":fee}),
        );
        req.itens = items.iter().map(|&(p, promo, mp, q)| line(p, promo, mp, q)).collect();
        req.cupom = coupon;
        let s = checkout(&req).unwrap();
        prop_assert!(s.total_centavos >= Money::ZERO);
        prop_assert!(s.desconto_centavos <= s.produtos_centavos);
        prop_assert_eq!(
            s.total_centavos,
            s.produtos_centavos.saturating_add(s.taxa_centavos).saturating_sub(s.desconto_centavos)
        );
        if pickup { prop_assert_eq!(s.taxa_centavos, Money::ZERO); }
    }
}

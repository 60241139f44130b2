use super::*;
use proptest::prelude::*;

pub(super) fn m(c: i64) -> Money {
    Money::from_centavos(c)
}

pub(super) fn at(lat: f64, lon: f64) -> Coordinates {
    Coordinates::new(lat, lon).unwrap()
}

pub(super) const PIRACICABA: (f64, f64) = (-22.7253, -47.6492);
pub(super) const RIO_CLARO: (f64, f64) = (-22.4149, -47.5651);
pub(super) const SAO_PAULO: (f64, f64) = (-23.5505, -46.6333);

pub(super) fn pira() -> Coordinates {
    at(PIRACICABA.0, PIRACICABA.1)
}

#[test]
fn the_public_start_point_is_rounded_to_about_a_kilometre() {
    let p = at(-22.69874, -47.68126).public();
    assert_eq!((p.latitude(), p.longitude()), (-22.7, -47.68));
    assert_eq!(p.public(), p);
    let record = DeliverySettingsRecord {
        taxa_tipo: Some(FeeKind::PerKm),
        taxa_por_km_centavos: Some(250),
        latitude: Some(-22.69874),
        longitude: Some(-47.68126),
        ..Default::default()
    };
    match DeliverySettings::from(record).fee {
        FeeRule::PerKm { origin, .. } => assert_eq!(origin, Some(p)),
        other => panic!("{other:?}"),
    }
}

pub(super) fn settings(json: &str) -> DeliverySettings {
    serde_json::from_str(json).unwrap()
}

#[test]
fn haversine_with_radius_6371_km() {
    // Expected values computed independently in Python (math.asin/sqrt haversine with
    // R = 6371.0): 35.5787333221216 and 138.59838423707762 km.
    let rc = distance_km(pira(), at(RIO_CLARO.0, RIO_CLARO.1));
    let sp = distance_km(pira(), at(SAO_PAULO.0, SAO_PAULO.1));
    assert!((rc - 35.578_733_322_121_6).abs() < 1e-9, "{rc}");
    assert!((sp - 138.598_384_237_077_62).abs() < 1e-9, "{sp}");
    assert_eq!(distance_km(pira(), pira()), 0.0);
    // Symmetric.
    assert!((distance_km(at(SAO_PAULO.0, SAO_PAULO.1), pira()) - sp).abs() < 1e-9);
}

#[test]
fn per_km_fee_for_two_known_pairs() {
    let rc = distance_km(pira(), at(RIO_CLARO.0, RIO_CLARO.1));
    let sp = distance_km(pira(), at(SAO_PAULO.0, SAO_PAULO.1));
    // 35.5787… km × R$ 1,50 = R$ 53,368… → R$ 53,37
    assert_eq!(per_km_fee(rc, m(150)), m(5337));
    // 138.598… km × R$ 1,50 = R$ 207,897… → R$ 207,90
    assert_eq!(per_km_fee(sp, m(150)), m(20790));
    // 138.598… km × R$ 2,35 = R$ 325,706… → R$ 325,71
    assert_eq!(per_km_fee(sp, m(235)), m(32571));
    assert_eq!(per_km_fee(f64::NAN, m(150)), m(0));
    assert_eq!(per_km_fee(-3.0, m(150)), m(0));
    assert_eq!(per_km_fee(1e300, m(150)), Money::MAX);
}

#[test]
fn coordinates_are_checked() {
    assert!(Coordinates::new(91.0, 0.0).is_err());
    assert!(Coordinates::new(0.0, 181.0).is_err());
    assert!(Coordinates::new(f64::NAN, 0.0).is_err());
    assert_eq!(Coordinates::from_pair(Some(1.0), None), None);
    assert!(serde_json::from_str::<Coordinates>(r#"{"latitude":99,"longitude":0}"#).is_err());
}

#[test]
fn settings_round_trip_through_the_record() {
    let s = settings(
        r#"{"entrega":"12","taxa_tipo":"porKm","taxa_por_km_centavos":200,"latitude":-22.7,"longitude":-47.6,"pedido_minimo_entrega_centavos":3000,"pedido_minimo_retirada_centavos":0}"#,
    );
    assert_eq!(s.minimum_delivery, Some(m(3000)));
    assert_eq!(s.minimum_pickup, None);
    let back: DeliverySettings = serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
    assert_eq!(back, s);
    assert!(serde_json::from_str::<DeliverySettings>(r#"{"taxa_tipo":"outra"}"#).is_err());
}

proptest! {
    #[test]
    fn per_km_fee_is_monotonic_in_distance(
        a in 0.0f64..5_000.0,
        b in 0.0f64..5_000.0,
        rate in 0i64..100_000,
    ) {
        let (near, far) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(per_km_fee(near, m(rate)) <= per_km_fee(far, m(rate)));
        prop_assert!(per_km_fee(near, m(rate)) >= Money::ZERO);
    }

    #[test]
    fn distances_are_symmetric_and_bounded(
        la1 in -90.0f64..=90.0, lo1 in -180.0f64..=180.0,
        la2 in -90.0f64..=90.0, lo2 in -180.0f64..=180.0,
    ) {
        let (p, q) = (at(la1, lo1), at(la2, lo2));
        let d = distance_km(p, q);
        prop_assert!(d >= 0.0);
        prop_assert!(d <= std::f64::consts::PI * EARTH_RADIUS_KM + 1e-6);
        prop_assert!((d - distance_km(q, p)).abs() < 1e-6);
    }
}

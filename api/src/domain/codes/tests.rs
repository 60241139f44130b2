use super::*;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::json;
use std::fmt::Debug;

/// Every variant: database text → variant → wire text → variant → database text.
fn round_trips<T>(
    all: &[T],
    as_db: fn(T) -> &'static str,
    from_db: fn(&str) -> Result<T, UnknownCode>,
) where
    T: Copy + PartialEq + Debug + Serialize + DeserializeOwned + utoipa::PartialSchema,
{
    let codes: Vec<&str> = all.iter().map(|v| as_db(*v)).collect();
    let schema = serde_json::to_value(T::schema()).unwrap();
    assert_eq!(schema["enum"], json!(codes), "the schema's codes");
    for &v in all {
        let db = as_db(v);
        assert_eq!(from_db(db), Ok(v));
        let wire = serde_json::to_value(v).unwrap();
        assert_eq!(wire, json!(db), "{v:?} on the wire");
        let back: T = serde_json::from_value(wire).unwrap();
        assert_eq!(back, v);
    }
    assert!(from_db("x").is_err());
    assert!(serde_json::from_value::<T>(json!("x")).is_err());
}

#[test]
fn every_code_round_trips_between_database_and_wire() {
    round_trips(OrderStatus::ALL, OrderStatus::as_db, OrderStatus::from_db);
    round_trips(PixStatus::ALL, PixStatus::as_db, PixStatus::from_db);
    round_trips(
        PaymentMethod::ALL,
        PaymentMethod::as_db,
        PaymentMethod::from_db,
    );
    round_trips(
        ChargeStatus::ALL,
        ChargeStatus::as_db,
        ChargeStatus::from_db,
    );
    round_trips(
        ChargePurpose::ALL,
        ChargePurpose::as_db,
        ChargePurpose::from_db,
    );
    round_trips(
        OpenItemStatus::ALL,
        OpenItemStatus::as_db,
        OpenItemStatus::from_db,
    );
    round_trips(
        WithdrawalStatus::ALL,
        WithdrawalStatus::as_db,
        WithdrawalStatus::from_db,
    );
    round_trips(TokenEntry::ALL, TokenEntry::as_db, TokenEntry::from_db);
    round_trips(ReceiptBy::ALL, ReceiptBy::as_db, ReceiptBy::from_db);
    round_trips(
        ReceivedState::ALL,
        ReceivedState::as_db,
        ReceivedState::from_db,
    );
    round_trips(PixOrigin::ALL, PixOrigin::as_db, PixOrigin::from_db);
    round_trips(
        RefundStatus::ALL,
        RefundStatus::as_db,
        RefundStatus::from_db,
    );
    round_trips(
        RefundReason::ALL,
        RefundReason::as_db,
        RefundReason::from_db,
    );
}

#[test]
fn the_spec_codes_are_the_stored_ones() {
    assert_eq!(OrderStatus::Awaiting.as_db(), "1");
    assert_eq!(OrderStatus::CancelledByBuyer.as_db(), "00");
    assert_eq!(PixStatus::Paid.as_db(), "2");
    assert_eq!(PaymentMethod::Pix.as_db(), "2");
    assert_eq!(OpenItemStatus::PaidOut.as_db(), "3");
    assert_eq!(ChargeStatus::Refunded.to_string(), "devolvido");
    assert_eq!(
        OrderStatus::try_from("0".to_owned()),
        Ok(OrderStatus::CancelledBySupplier)
    );
}

#[test]
fn payment_methods_come_as_their_codes() {
    assert_eq!(PaymentMethod::from_wire("2"), Some(PaymentMethod::Pix));
    assert_eq!(
        PaymentMethod::from_wire(" 1 "),
        Some(PaymentMethod::InPerson)
    );
    for other in ["3", "12", "", "Pix"] {
        assert_eq!(PaymentMethod::from_wire(other), None);
    }
    let pix_only = PaymentOptions::from_codes("2");
    assert!(PaymentMethod::Pix.accepted_by(pix_only));
    assert!(!PaymentMethod::InPerson.accepted_by(pix_only));
}

#[test]
fn cancelled_and_paid_groups() {
    assert!(OrderStatus::CancelledByBuyer.is_cancelled());
    assert!(!OrderStatus::Delivered.is_cancelled());
    assert!(ChargeStatus::Refunded.was_paid());
    assert!(ChargeStatus::Cancelled.was_abandoned());
    assert!(!ChargeStatus::Pending.was_paid() && !ChargeStatus::Pending.was_abandoned());
}

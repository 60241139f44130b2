//! A basket's cycle charged by Pix Automático (decisions.md §35; docs/subscriptions.md): its
//! order is a Pix order whose charge is a recurring charge ([`CycleCharger`]: `PUT /cobr/{txid}`
//! due on the delivery's eve, payable until that day ends), placed by the checkout's own code
//! ([`place_cycle`]). Its outcome reaches the order through the payment path like any Pix
//! ([`crate::domain::pix_automatico`]).

use crate::{
    db::Db,
    domain::{
        error::{DomainError, DomainResult},
        orders::{
            Idempotency, Placed,
            checkout::{Checkout, PricedBag, place_priced_via},
        },
        pix_automatico::{self, BasketRec, RecState},
        subscriptions::BasketRow,
    },
    messages::PIX_INDISPONIVEL,
    pix::{
        ChargeAtPsp, NewCharge, OpenCharge, PixProvider, PixResult, ReceivedPix, RefundAtPsp,
        RefundRequest,
        recurring::{NewRecurringCharge, RecurringPix},
    },
};
use futures::future::BoxFuture;
use std::time::Duration;
use wasm_core::date::Date;

/// Basket `b`'s recurrence when its cycles are charged by Pix Automático: `Ok(None)` for an
/// in-person basket, `Err(reason)` when the cycle cannot be charged (not authorised yet).
pub async fn for_cycle(db: &Db, b: &BasketRow) -> DomainResult<Result<Option<BasketRec>, String>> {
    if b.pagamento != "pix_automatico" {
        return Ok(Ok(None));
    }
    let Some(rec) = pix_automatico::of_basket(db, &b.id).await? else {
        return Ok(Ok(None));
    };
    Ok(match rec.state() {
        Some(RecState::Active) if rec.rec_id.is_some() => Ok(Some(rec)),
        Some(RecState::Awaiting) => Err(
            "O Pix Automático ainda não foi autorizado no seu banco. Autorize pelo QR em \
             Minhas assinaturas."
                .to_owned(),
        ),
        _ => Err("O Pix Automático desta assinatura não está ativo.".to_owned()),
    })
}

/// The cycle's Pix charge as a recurring charge of `recurrence`, due on `due`; every other call
/// goes to the platform's provider.
pub struct CycleCharger<'a> {
    pub inner: &'a dyn PixProvider,
    pub rec: &'a dyn RecurringPix,
    pub recurrence: &'a str,
    pub due: Date,
}

impl PixProvider for CycleCharger<'_> {
    fn kind(&self) -> crate::config::PixProviderKind {
        self.inner.kind()
    }

    fn open_charge<'a>(&'a self, charge: NewCharge<'a>) -> BoxFuture<'a, PixResult<OpenCharge>> {
        Box::pin(async move {
            self.rec
                .open_recurring_charge(NewRecurringCharge {
                    txid: charge.txid,
                    recurrence: self.recurrence,
                    amount: charge.amount,
                    due: self.due,
                    description: "Cesta na Feira",
                })
                .await?;
            // Nothing for the buyer to scan: the bank pays it on the due date.
            Ok(OpenCharge {
                copia_e_cola: String::new(),
            })
        })
    }

    fn remove_charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<()>> {
        self.rec.cancel_recurring_charge(txid)
    }

    fn charge<'a>(&'a self, txid: &'a str) -> BoxFuture<'a, PixResult<Option<ChargeAtPsp>>> {
        Box::pin(async move {
            Ok(self.rec.recurring_charge(txid).await?.map(|c| {
                if !c.paid_by.is_empty() {
                    ChargeAtPsp::Paid(c.paid_by)
                } else if matches!(c.status.as_str(), "ATIVA" | "CRIADA") {
                    ChargeAtPsp::Active
                } else {
                    ChargeAtPsp::Removed
                }
            }))
        })
    }

    fn refund<'a>(&'a self, refund: RefundRequest<'a>) -> BoxFuture<'a, PixResult<RefundAtPsp>> {
        self.inner.refund(refund)
    }

    fn refund_status<'a>(
        &'a self,
        end_to_end_id: &'a str,
        id: &'a str,
    ) -> BoxFuture<'a, PixResult<RefundAtPsp>> {
        self.inner.refund_status(end_to_end_id, id)
    }

    fn pix<'a>(&'a self, end_to_end_id: &'a str) -> BoxFuture<'a, PixResult<Option<ReceivedPix>>> {
        self.inner.pix(end_to_end_id)
    }

    fn received<'a>(
        &'a self,
        from_ms: i64,
        to_ms: i64,
    ) -> BoxFuture<'a, PixResult<Vec<ReceivedPix>>> {
        self.inner.received(from_ms, to_ms)
    }

    fn register_webhook<'a>(
        &'a self,
        url: &'a str,
        hmac: Option<&'a str>,
    ) -> BoxFuture<'a, PixResult<()>> {
        self.inner.register_webhook(url, hmac)
    }
}

/// Places the cycle's order of basket `b` (priced as a Pix order) with its recurring charge,
/// due on the delivery's eve and payable until that day ends; records the charge.
pub async fn place_cycle(
    ck: &Checkout<'_>,
    b: &BasketRow,
    rec: &BasketRec,
    priced: &PricedBag,
    key: Idempotency<'_>,
    delivery: Date,
    now: i64,
) -> DomainResult<Placed> {
    let recurring = ck
        .pix
        .recurring()
        .ok_or_else(|| DomainError::Unavailable(PIX_INDISPONIVEL.into()))?;
    let id_rec = rec.rec_id.as_deref().unwrap_or_default();
    let today = Date::of_ms(now).unwrap_or(delivery);
    let due = pix_automatico::due_date(delivery, today);
    let payable_for = pix_automatico::deadline_ms(due)
        .saturating_sub(now)
        .max(60_000);
    let charger = CycleCharger {
        inner: ck.pix,
        rec: recurring,
        recurrence: id_rec,
        due,
    };
    let placed = place_priced_via(
        ck,
        priced,
        Some(key),
        &charger,
        Duration::from_millis(u64::try_from(payable_for).unwrap_or(60_000)),
        None,
    )
    .await?;
    if let Some(txid) = &placed.txid {
        pix_automatico::record_charge(ck.db, txid, &b.id, &placed.order_id, id_rec, due).await?;
    }
    Ok(placed)
}

//! A basket paid by Pix Automático (decisions.md §35; docs/subscriptions.md): at `assinar` the
//! buyer's recurrence is created at the PSP ([`authorise`]: periodicidade SEMANAL — a
//! fortnightly basket is a weekly recurrence charged every other week — or MENSAL, with the
//! buyer's maximum per cycle, refused when below the first cycle's total) and its QR shown as
//! a Pix QR; each cycle's order is a Pix order whose charge is a recurring charge
//! ([`CycleCharger`]: `PUT /cobr/{txid}` due on the delivery's eve, payable until that day
//! ends), placed by the checkout's own code ([`place_cycle`]). Its outcome reaches the order
//! through the payment path like any Pix ([`crate::domain::pix_automatico`]).

use crate::{
    domain::{
        orders::{Idempotency, Placed},
        pix_automatico::{self, BasketRec, Fallback, NewRec, RecState},
        subscriptions::BasketRow,
    },
    error::{ApiError, ApiResult},
    messages::PIX_INDISPONIVEL,
    pix::{
        ChargeAtPsp, NewCharge, OpenCharge, PixProvider, PixResult, ReceivedPix, RefundAtPsp,
        RefundRequest,
        recurring::{NewRecurrence, NewRecurringCharge, Periodicity, RecurringPix},
    },
    rpc::orders::place::{PricedBag, place_priced_via},
    state::AppState,
};
use futures::future::BoxFuture;
use std::time::Duration;
use wasm_core::{
    date::Date, delivery::basket::Frequency, document::TaxId, messages::Message, money::Money,
};

/// Refused when the Pix provider offers no Pix Automático (the sandbox).
pub const PIX_AUTOMATICO_INDISPONIVEL: &str =
    "O Pix Automático não está disponível para assinaturas. Escolha pagar na entrega.";

/// What `assinar` needs to authorise a recurrence.
#[derive(Debug, Clone, Copy)]
pub struct Authorise<'a> {
    pub frequency: Frequency,
    pub first: Date,
    /// The first cycle's total.
    pub total: Money,
    /// The buyer's maximum per cycle, in reais.
    pub max_reais: Option<f64>,
    pub fallback: Option<&'a str>,
    pub store: &'a str,
    /// The payer's CPF or CNPJ (the recurrence names its payer; it is not stored here).
    pub document: Option<&'a str>,
}

/// A recurrence created at the PSP for a new basket.
#[derive(Debug, Clone)]
pub struct Authorised {
    pub id: String,
    pub copia_e_cola: String,
    pub max: Money,
    pub fallback: Fallback,
}

impl Authorised {
    pub fn as_new(&self) -> NewRec<'_> {
        NewRec {
            id: &self.id,
            copia_e_cola: &self.copia_e_cola,
            max_centavos: self.max.centavos(),
            fallback: self.fallback,
        }
    }
}

/// 'Informe o valor máximo por entrega para o Pix Automático.'
pub const VALOR_MAXIMO_FALTANDO: &str = "Informe o valor máximo por entrega para o Pix Automático.";
/// 'Cadastre seu CPF para pagar com Pix Automático.'
pub const CPF_FALTANDO: &str =
    "Cadastre seu CPF ou CNPJ em Meus dados para pagar com Pix Automático.";

/// The buyer's maximum must cover the cycle's total.
pub fn max_below_total(max: Money, total: Money) -> String {
    format!(
        "O valor máximo autorizado ({}) é menor que o total da cesta ({}). Aumente o valor máximo.",
        max.format(),
        total.format()
    )
}

/// Checks what the buyer chose and creates the recurrence at the PSP for basket `basket`.
pub async fn authorise(
    state: &AppState,
    buyer_id: &str,
    basket: &str,
    a: &Authorise<'_>,
) -> ApiResult<Authorised> {
    let rec = state
        .pix
        .recurring()
        .ok_or_else(|| ApiError::bad_request(PIX_AUTOMATICO_INDISPONIVEL))?;
    let max = a
        .max_reais
        .and_then(Money::from_reais)
        .filter(|m| *m > Money::ZERO)
        .ok_or_else(|| ApiError::bad_request(VALOR_MAXIMO_FALTANDO))?;
    if max < a.total {
        return Err(ApiError::bad_request(max_below_total(max, a.total)));
    }
    let fallback = match a.fallback.map(str::trim).filter(|f| !f.is_empty()) {
        None => Fallback::Pause,
        Some(f) => Fallback::parse(f).ok_or_else(|| {
            ApiError::bad_request("Escolha o que fazer se o Pix Automático for cancelado no banco.")
        })?,
    };
    let document = match a.document.map(str::trim).filter(|d| !d.is_empty()) {
        None => return Err(ApiError::bad_request(CPF_FALTANDO)),
        Some(d) => TaxId::parse(d).map_err(|e| ApiError::bad_request(e.message().into_owned()))?,
    };
    let digits = document.as_str().to_owned();
    let nome: String = sqlx::query_scalar("SELECT nome FROM users WHERE id = $1")
        .bind(buyer_id)
        .fetch_one(&state.db)
        .await?;
    let nomeforn = crate::domain::subscriptions::store_name(&state.db, a.store).await?;
    let object: String = format!("Cesta {nomeforn}").chars().take(35).collect();
    let payer: String = nome.chars().take(140).collect();
    let created = rec
        .create_recurrence(NewRecurrence {
            contract: basket,
            object: &object,
            payer_document: &digits,
            payer_name: &payer,
            first: a.first,
            periodicity: match a.frequency {
                Frequency::Weekly | Frequency::Fortnightly => Periodicity::Weekly,
                Frequency::Monthly => Periodicity::Monthly,
            },
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, basket, "creating a recurrence at the PSP");
            ApiError::Unavailable(PIX_INDISPONIVEL.into())
        })?;
    Ok(Authorised {
        id: created.id,
        copia_e_cola: created.copia_e_cola,
        max,
        fallback,
    })
}

/// Cancels a recurrence whose basket was not stored (best effort).
pub async fn forget(state: &AppState, id_rec: &str) {
    if let Some(rec) = state.pix.recurring()
        && let Err(e) = rec.cancel_recurrence(id_rec).await
    {
        tracing::warn!(error = %e, id_rec, "cancelling an unstored basket's recurrence");
    }
}

/// Basket `b`'s recurrence when its cycles are charged by Pix Automático: `Ok(None)` for an
/// in-person basket, `Err(reason)` when the cycle cannot be charged (not authorised yet).
pub async fn for_cycle(
    state: &AppState,
    b: &BasketRow,
) -> ApiResult<Result<Option<BasketRec>, String>> {
    if b.pagamento != "pix_automatico" {
        return Ok(Ok(None));
    }
    let Some(rec) = pix_automatico::of_basket(&state.db, &b.id).await? else {
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
    state: &AppState,
    b: &BasketRow,
    rec: &BasketRec,
    priced: &PricedBag,
    key: Idempotency<'_>,
    delivery: Date,
    now: i64,
) -> ApiResult<Placed> {
    let recurring = state
        .pix
        .recurring()
        .ok_or_else(|| ApiError::Unavailable(PIX_INDISPONIVEL.into()))?;
    let id_rec = rec.rec_id.as_deref().unwrap_or_default();
    let today = Date::of_ms(now).unwrap_or(delivery);
    let due = pix_automatico::due_date(delivery, today);
    let payable_for = pix_automatico::deadline_ms(due)
        .saturating_sub(now)
        .max(60_000);
    let charger = CycleCharger {
        inner: state.pix.as_ref(),
        rec: recurring,
        recurrence: id_rec,
        due,
    };
    let placed = place_priced_via(
        state,
        priced,
        Some(key),
        &charger,
        Duration::from_millis(u64::try_from(payable_for).unwrap_or(60_000)),
    )
    .await?;
    if let Some(txid) = &placed.txid {
        pix_automatico::record_charge(&state.db, txid, &b.id, &placed.order_id, id_rec, due)
            .await?;
    }
    Ok(placed)
}

//! `assinar` (decisions.md §35): a store's bag becomes a recurring basket. The bag is priced and
//! checked exactly as `finalizar_pedido` checks a checkout (`price_bag`: one store, products
//! enabled, options, stock, minimums, fee, coupon, the date and window one the store offers now,
//! the payment it accepts), and the client's total must agree; the frequency must be one of
//! 'semanal', 'quinzenal', 'mensal' and the store must have days for the mode chosen (a basket
//! is always delivered on a date). A refusal creates nothing. No order is placed now: the first
//! cycle's order is placed at its cut-off by the cycles job, like every other. A basket may be
//! delivered to another address than the profile's (`endereco`, [`super::address`]): the bag is
//! then priced for it (its fee, the store's delivery area), and the basket keeps it.

use super::view::{BasketView, basket_view, store_days};
use crate::{
    auth::AuthUser,
    db::{new_id, now_ms},
    domain::subscriptions::{self, BasketLine, BasketPayment, NewBasket},
    error::{ApiError, ApiResult},
    rpc::{
        fields::Text,
        orders::place::{
            Bag, BagItem, CouponRef, SellerRef, When, price_bag_to, refusal, slot_sent,
        },
    },
    state::AppState,
};
use serde::Deserialize;
use utoipa::ToSchema;
use wasm_core::{
    checkout::{CheckoutError, Fulfilment, verify_client_total},
    delivery::{
        basket::{FREQUENCIA_INVALIDA, Frequency},
        days::DaysError,
    },
    forms::AddressForm,
    money::Money,
};

/// `assinar`'s payload: a bag as `finalizar_pedido` takes it, with the frequency. The first
/// delivery's date and window (`data_entrega`, `janela_inicio`, `janela_fim`) give the basket's
/// weekday and window.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Subscribe {
    #[serde(default)]
    pub sacola: Vec<BagItem>,
    #[serde(default)]
    pub forn: Option<SellerRef>,
    /// The first cycle's total the buyer saw, in reais.
    pub total: f64,
    /// Delivery (`true`) or pickup.
    #[serde(default)]
    pub entrega: bool,
    /// The coupon: applied to the first cycle only, or to every cycle when the coupon says
    /// so ('Vale para todas as entregas da assinatura').
    #[serde(default)]
    pub infoscupom: Option<CouponRef>,
    /// `semanal`, `quinzenal` or `mensal`.
    #[serde(default)]
    pub frequencia: String,
    #[serde(default)]
    pub data_entrega: Option<String>,
    #[serde(default)]
    pub janela_inicio: Option<String>,
    #[serde(default)]
    pub janela_fim: Option<String>,
    /// `na_entrega` (or `'1'`): paid on delivery or pickup; `pix_automatico` (or `'2'`): each
    /// cycle charged by Pix Automático, where the store accepts Pix.
    #[serde(default)]
    pub pagamento: Text,
    /// Pix Automático: the most the buyer accepts per cycle, in reais (at least the first
    /// cycle's total).
    #[serde(default)]
    #[schema(nullable = false)]
    pub valor_maximo: Option<f64>,
    /// Pix Automático: what the basket becomes if the recurrence is cancelled at the bank —
    /// `na_entrega` (paid in person from then on) or `pausar` (the default).
    #[serde(default)]
    #[schema(nullable = false)]
    pub sem_pix: Option<String>,
    /// Pix Automático: the payer's CPF or CNPJ, which the recurrence names (sent to the PSP,
    /// not stored).
    #[serde(default)]
    #[schema(nullable = false)]
    pub cpf: Option<String>,
    #[serde(default)]
    #[schema(nullable = false)]
    pub observacao: Option<String>,
    /// Where the basket is delivered: absent or null, the buyer's profile address (as it is
    /// when each cycle is ordered); else this address (no phone), checked and located by the
    /// server, from which the fee and the store's delivery area are computed.
    #[serde(default)]
    pub endereco: Option<AddressForm>,
}

/// The basket's payment as sent.
fn payment(sent: &str) -> ApiResult<BasketPayment> {
    match sent.trim() {
        "na_entrega" | "1" => Ok(BasketPayment::InPerson),
        "pix_automatico" | "2" => Ok(BasketPayment::PixAutomatico),
        _ => Err(ApiError::bad_request("Selecione a forma de pagamento.")),
    }
}

/// `{nomeforn} não tem dias de entrega para assinaturas.`
fn no_days(mode: Fulfilment) -> ApiError {
    ApiError::bad_request(match mode {
        Fulfilment::Delivery => "Esta loja não tem dias de entrega para assinaturas.",
        Fulfilment::Pickup => "Esta loja não tem dias de retirada para assinaturas.",
    })
}

/// `assinar`.
pub async fn subscribe(state: &AppState, user: AuthUser, req: Subscribe) -> ApiResult<BasketView> {
    let frequency = Frequency::parse(&req.frequencia)
        .ok_or_else(|| ApiError::bad_request(FREQUENCIA_INVALIDA))?;
    let pay = payment(req.pagamento.as_str())?;
    if pay == BasketPayment::PixAutomatico && state.pix.recurring().is_none() {
        return Err(ApiError::bad_request(
            super::pix_automatico::PIX_AUTOMATICO_INDISPONIVEL,
        ));
    }
    let client_total = Money::from_reais(req.total)
        .filter(|m| *m >= Money::ZERO)
        .ok_or_else(|| refusal(CheckoutError::PricesChanged))?;
    let mode = if req.entrega {
        Fulfilment::Delivery
    } else {
        Fulfilment::Pickup
    };
    let slot = slot_sent(&req.data_entrega, &req.janela_inicio, &req.janela_fim)
        .map_err(|()| super::super::orders::place::days_refusal(DaysError::NotOffered(mode)))?;
    let coupon = req.infoscupom.as_ref().and_then(CouponRef::code);
    let address = match &req.endereco {
        Some(form) => Some(super::address::checked(state, form).await?),
        None => None,
    };
    let now = now_ms();
    let priced = price_bag_to(
        state,
        &Bag {
            buyer_id: &user.id,
            items: &req.sacola,
            forn: req.forn.as_ref().and_then(SellerRef::id),
            entrega: req.entrega,
            coupon: coupon.clone(),
            // Pix Automático is a Pix: the store must accept Pix.
            pagamento: if pay == BasketPayment::PixAutomatico {
                "2"
            } else {
                "1"
            },
            when: When::Chosen(slot),
            note: req.observacao.as_deref(),
            now,
        },
        address.as_ref(),
    )
    .await?;
    let days = store_days(state, priced.supplier_id()).await?;
    let Some(first) = slot.filter(|_| days.has(mode)) else {
        return Err(no_days(mode));
    };
    verify_client_total(priced.summary.total_centavos, client_total).map_err(refusal)?;
    let lines: Vec<BasketLine> = priced
        .chosen_lines()
        .map(|(id, q, opcao, note)| BasketLine {
            product_id: id.to_owned(),
            opcao: opcao.map(str::to_owned),
            quantidade: i64::from(q),
            observacao: note.map(str::to_owned),
        })
        .collect();
    let id = new_id();
    let rec = match pay {
        BasketPayment::PixAutomatico => Some(
            super::pix_automatico::authorise(
                state,
                &user.id,
                &id,
                &super::pix_automatico::Authorise {
                    frequency,
                    first: first.data,
                    total: priced.summary.total_centavos,
                    max_reais: req.valor_maximo,
                    fallback: req.sem_pix.as_deref(),
                    store: priced.supplier_id(),
                    document: req.cpf.as_deref(),
                },
            )
            .await?,
        ),
        BasketPayment::InPerson => None,
    };
    let note = req
        .observacao
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let coupon_cycles =
        subscriptions::coupon_cycles(&state.db, priced.supplier_id(), coupon.as_deref()).await?;
    let stored = subscriptions::create(
        &state.db,
        &NewBasket {
            id: &id,
            buyer_id: &user.id,
            supplier_id: priced.supplier_id(),
            frequency,
            mode,
            first,
            payment: pay,
            coupon: coupon.as_deref(),
            coupon_cycles,
            address: address.as_ref(),
            note,
            lines: &lines,
            pix: rec.as_ref().map(super::pix_automatico::Authorised::as_new),
        },
    )
    .await;
    if let Err(e) = stored {
        if let Some(r) = &rec {
            super::pix_automatico::forget(state, &r.id).await;
        }
        return Err(e.into());
    }
    let b = subscriptions::load(&state.db, &id)
        .await?
        .ok_or_else(super::not_found)?;
    basket_view(state, &b, &days, now).await
}

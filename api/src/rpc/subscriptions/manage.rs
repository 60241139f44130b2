//! 'Minhas assinaturas' (decisions.md §35): `minhas_assinaturas` lists the buyer's baskets with
//! their next delivery and its total; `alterar_assinatura` skips the next delivery, pauses until
//! a date (or resumes), changes the lines, quantities, frequency, mode or window, or the address
//! (its own, or back to the profile's: [`super::address`]), or cancels.
//!
//! Every change first settles the basket ([`cycles::settle`]): a cycle whose cut-off passed is
//! ordered (or skipped) as it stood, so a change made before a cut-off applies to that cycle and
//! one made after it to the next. A change is checked as a checkout would be (`price_bag`: the
//! same store's products, stock, minimums, the date and window offered now); a refusal changes
//! nothing.

use super::{
    cycles,
    view::{BasketView, basket_view, store_days},
};
use crate::{
    auth::AuthUser,
    db::now_ms,
    domain::{
        orders::checkout,
        subscriptions::{self, BasketAddress, BasketLine, BasketRow, Change},
    },
    error::{ApiError, ApiResult},
    rpc::orders::place::{Bag, BagItem, When, days_refusal, price_bag_to, slot_sent},
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::{
    checkout::Fulfilment,
    date::Date,
    delivery::{
        basket::{FREQUENCIA_INVALIDA, Frequency},
        days::DaysError,
    },
    forms::AddressForm,
};

/// `minhas_assinaturas`' payload (nothing).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MyBasketsAsk {}

/// The buyer's baskets, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyBaskets {
    pub assinaturas: Vec<BasketView>,
}

/// `minhas_assinaturas`.
pub async fn my_baskets(
    state: &AppState,
    user: AuthUser,
    _ask: MyBasketsAsk,
) -> ApiResult<MyBaskets> {
    let now = now_ms();
    let mut assinaturas = Vec::new();
    for b in subscriptions::of_buyer(&state.db, &user.id).await? {
        let days = store_days(state, &b.supplier_id).await?;
        assinaturas.push(basket_view(state, &b, &days, now).await?);
    }
    Ok(MyBaskets { assinaturas })
}

/// What `alterar_assinatura` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
pub enum BasketAction {
    /// Skips the next delivery.
    #[serde(rename = "pular")]
    Skip,
    /// Undoes a skip.
    #[serde(rename = "desfazer_pulo")]
    Unskip,
    /// Pauses until `ate` (the first date delivered again).
    #[serde(rename = "pausar")]
    Pause,
    /// Ends a pause.
    #[serde(rename = "retomar")]
    Resume,
    /// Changes the lines (`sacola`), `frequencia`, and/or mode and window (`entrega` with
    /// `data_entrega`, `janela_inicio`, `janela_fim`: the next delivery, from which it repeats).
    #[serde(rename = "alterar")]
    Change,
    #[serde(rename = "cancelar")]
    Cancel,
    /// Delivers to `endereco` from the next cycle on (absent or null: to the profile's address),
    /// checked against the store's delivery area for a delivered basket.
    #[serde(rename = "endereco")]
    Address,
}

/// `alterar_assinatura`'s payload.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangeBasket {
    pub id: String,
    pub acao: BasketAction,
    /// `pausar`: `AAAA-MM-DD`.
    #[serde(default)]
    pub ate: Option<String>,
    #[serde(default)]
    pub sacola: Option<Vec<BagItem>>,
    #[serde(default)]
    pub frequencia: Option<String>,
    #[serde(default)]
    pub entrega: Option<bool>,
    #[serde(default)]
    pub data_entrega: Option<String>,
    #[serde(default)]
    pub janela_inicio: Option<String>,
    #[serde(default)]
    pub janela_fim: Option<String>,
    /// `endereco`: the basket's own address (no phone), or null for the profile's.
    #[serde(default)]
    pub endereco: Option<AddressForm>,
}

/// 'Escolha uma data futura para retomar as entregas.'
pub const DATA_RETOMADA: &str = "Escolha uma data futura para retomar as entregas.";

/// The caller's basket `id`, settled at `now`.
async fn mine(state: &AppState, user: &AuthUser, id: &str, now: i64) -> ApiResult<BasketRow> {
    let b = subscriptions::load(&state.db, id)
        .await?
        .filter(|b| b.buyer_id == user.id)
        .ok_or_else(super::not_found)?;
    cycles::settle(state, &b.id, now).await?;
    subscriptions::load(&state.db, id)
        .await?
        .ok_or_else(super::not_found)
}

/// `alterar_assinatura`.
pub async fn change(state: &AppState, user: AuthUser, req: ChangeBasket) -> ApiResult<BasketView> {
    let now = now_ms();
    let b = mine(state, &user, &req.id, now).await?;
    if b.status() == subscriptions::BasketStatus::Cancelled {
        return Err(ApiError::conflict(
            crate::error::ErrorCode::Conflito,
            "Esta assinatura foi cancelada.",
        ));
    }
    let today = Date::of_ms(now).ok_or_else(|| ApiError::bad_request("Data inválida."))?;
    let owned_lines;
    let until_iso;
    let owned_address;
    let c = match req.acao {
        BasketAction::Skip => Change {
            skip: Some(Some(b.proxima_data.as_str())),
            ..Change::default()
        },
        BasketAction::Unskip => Change {
            skip: Some(None),
            ..Change::default()
        },
        BasketAction::Resume => Change {
            pause: Some(None),
            ..Change::default()
        },
        BasketAction::Cancel => Change {
            cancel: true,
            ..Change::default()
        },
        BasketAction::Pause => {
            let until = req
                .ate
                .as_deref()
                .and_then(|d| Date::parse(d.trim()))
                .filter(|d| *d > today)
                .ok_or_else(|| ApiError::bad_request(DATA_RETOMADA))?;
            until_iso = until.iso();
            Change {
                pause: Some(Some(until_iso.as_str())),
                ..Change::default()
            }
        }
        BasketAction::Address => {
            owned_address = match &req.endereco {
                Some(form) => Some(super::address::checked(state, form).await?),
                None => None,
            };
            if b.mode() == Fulfilment::Delivery {
                check_address(state, &b, owned_address.as_ref(), now).await?;
            }
            Change {
                address: Some(owned_address.as_ref()),
                ..Change::default()
            }
        }
        BasketAction::Change => {
            let checked = check_change(state, &b, &req, now).await?;
            owned_lines = checked.0;
            let (frequency, slot) = (checked.1, checked.2);
            Change {
                lines: req.sacola.as_ref().map(|_| owned_lines.as_slice()),
                frequency,
                slot,
                ..Change::default()
            }
        }
    };
    if !subscriptions::change(&state.db, &b.id, &user.id, &c).await? {
        return Err(super::not_found());
    }
    if c.cancel {
        // Its recurrence is cancelled at the PSP too (a failure is left for the admin).
        crate::domain::pix_automatico::cancel_with_basket(&state.db, state.pix.as_ref(), &b.id)
            .await?;
    }
    answer(state, &b.id, now).await
}

async fn answer(state: &AppState, id: &str, now: i64) -> ApiResult<BasketView> {
    let b = subscriptions::load(&state.db, id)
        .await?
        .ok_or_else(super::not_found)?;
    let days = store_days(state, &b.supplier_id).await?;
    basket_view(state, &b, &days, now).await
}

type Checked = (
    Vec<BasketLine>,
    Option<Frequency>,
    Option<(Fulfilment, wasm_core::delivery::days::Slot)>,
);

/// A change of lines, frequency or window, checked as a checkout of the basket's store.
async fn check_change(
    state: &AppState,
    b: &BasketRow,
    req: &ChangeBasket,
    now: i64,
) -> ApiResult<Checked> {
    let frequency = match &req.frequencia {
        Some(f) => {
            Some(Frequency::parse(f).ok_or_else(|| ApiError::bad_request(FREQUENCIA_INVALIDA))?)
        }
        None => None,
    };
    let mode = match req.entrega.unwrap_or(b.mode() == Fulfilment::Delivery) {
        true => Fulfilment::Delivery,
        false => Fulfilment::Pickup,
    };
    let sent = slot_sent(&req.data_entrega, &req.janela_inicio, &req.janela_fim)
        .map_err(|()| days_refusal(DaysError::NotOffered(mode)))?;
    if sent.is_none() && mode != b.mode() {
        return Err(days_refusal(DaysError::DateRequired(mode)));
    }
    if let Some(s) = sent {
        // A date already handled cannot come again.
        let last = subscriptions::cycles(&state.db, &b.id, 1).await?;
        if last.first().is_some_and(|c| c.data_entrega >= s.data.iso()) {
            return Err(days_refusal(DaysError::NotOffered(mode)));
        }
    }
    let current: Vec<BagItem>;
    let items: &[BagItem] = match &req.sacola {
        Some(items) => items,
        None => {
            current = subscriptions::lines(&state.db, &b.id)
                .await?
                .into_iter()
                .map(|l| BagItem {
                    id: l.product_id,
                    quantidade: u32::try_from(l.quantidade).unwrap_or(0),
                    opcaoselecionada: l.opcao.map(crate::rpc::orders::place::OptionRef::Label),
                    userforn: None,
                    observacao: l.observacao,
                })
                .collect();
            &current
        }
    };
    let when = match (sent, b.next_slot()) {
        (Some(s), _) => When::Chosen(Some(s)),
        (None, Some(next)) => When::Cycle(next),
        (None, None) => return Err(days_refusal(DaysError::DateRequired(mode))),
    };
    let priced = price_bag_to(
        state,
        &Bag {
            buyer_id: &b.buyer_id,
            items,
            forn: Some(&b.supplier_id),
            entrega: mode == Fulfilment::Delivery,
            coupon: None,
            pagamento: payment_code(b),
            when,
            note: b.observacao.as_deref(),
            now,
        },
        b.address().as_ref(),
    )
    .await?;
    let lines = priced
        .chosen_lines()
        .map(|(id, q, opcao, note)| BasketLine {
            product_id: id.to_owned(),
            opcao: opcao.map(str::to_owned),
            quantidade: i64::from(q),
            observacao: note.map(str::to_owned),
        })
        .collect();
    Ok((lines, frequency, sent.map(|s| (mode, s))))
}

/// The checkout's payment code of `b`'s cycles: a Pix Automático basket's are Pix orders.
fn payment_code(b: &BasketRow) -> &'static str {
    if b.pagamento == "pix_automatico" {
        "2"
    } else {
        "1"
    }
}

/// A delivered basket's next cycle priced for address `to` (the profile's when `None`): the
/// store's delivery area and the fee's rules refuse an address they do not serve ('Endereço fora
/// da área de entrega de {nomeforn}.'). Nothing to check while no line is in stock or no cycle is
/// ahead.
async fn check_address(
    state: &AppState,
    b: &BasketRow,
    to: Option<&BasketAddress>,
    now: i64,
) -> ApiResult<()> {
    let Some(next) = b.next_slot() else {
        return Ok(());
    };
    let lines = subscriptions::lines(&state.db, &b.id).await?;
    let avail = cycles::available(state, &lines).await?;
    if avail.items.is_empty() {
        return Ok(());
    }
    checkout::price_bag(
        &state.db,
        &checkout::Bag {
            buyer_id: &b.buyer_id,
            items: &avail.items,
            forn: Some(&b.supplier_id),
            entrega: true,
            coupon: None,
            pagamento: payment_code(b),
            when: When::Cycle(next),
            note: b.observacao.as_deref(),
            now,
            deliver_to: to.cloned(),
        },
    )
    .await?;
    Ok(())
}

//! `finalizar_pedido` (decisions.md §6–§8): decode the bag, price it, place it, answer it. The
//! bag's product ids, quantities and options are the only things taken from the client; the
//! domain prices it with wasm-core's `checkout` from the database's rows
//! ([`checkout::price_bag`]), the client's `total` must agree within R$ 0,01, and
//! [`checkout::place_priced`] reserves the stock and stores the order in one transaction (a Pix
//! charge opened at the provider before it and recorded inside it). A refusal stores nothing.
//! With an `Idempotency-Key` a checkout is placed once: a retry answers the order it placed
//! (`domain::orders::place`). A fresh order's answer is composed from what was written; a
//! replay's is read back.

use super::view;
use crate::{
    auth::AuthUser,
    domain::orders::{
        self, Idempotency, Placed,
        checkout::{self, Checkout, Item},
    },
    domain::subscriptions::BasketAddress,
    error::{ApiError, ApiResult},
    messages::DADOS_INVALIDOS,
    rpc::{
        IdempotencyKey,
        fields::{Text, filled},
        shapes::Order,
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::{
    checkout::{CheckoutError, verify_client_total},
    delivery::days::{DaysError, Slot},
    money::Money,
};

pub use checkout::{PROPRIA_LOJA, PricedBag, When};

/// `finalizar_pedido`'s payload. `desconto`, `taxaentregafinal`, `dados` and every price in the
/// bag are ignored: the server computes them.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PlaceOrder {
    #[serde(default)]
    pub sacola: Vec<BagItem>,
    /// The supplier the client thinks it is buying from (an id or `{usuario}`), checked.
    #[serde(default)]
    pub forn: Option<SellerRef>,
    /// The total the buyer saw, in reais.
    pub total: f64,
    /// `'1'` in person, `'2'` Pix (text or number).
    #[serde(default)]
    pub pagamento: Text,
    /// Delivery (`true`) or pickup.
    #[serde(default)]
    pub entrega: bool,
    /// `{codigo}` (other fields ignored), a code, or null.
    #[serde(default)]
    pub infoscupom: Option<CouponRef>,
    /// The delivery or pickup date chosen (`AAAA-MM-DD`, São Paulo) and its window's start and
    /// end (`HH:MM`), when the store has days for the chosen mode (decisions.md §36; required
    /// then, absent otherwise). The server recomputes the dates offered.
    #[serde(default)]
    pub data_entrega: Option<String>,
    #[serde(default)]
    pub janela_inicio: Option<String>,
    #[serde(default)]
    pub janela_fim: Option<String>,
    /// The buyer's note to the store (at most 280 characters, one line); absent or empty: none.
    #[serde(default)]
    #[schema(nullable = false)]
    pub observacao: Option<String>,
}

impl PlaceOrder {
    /// The date and window sent: `Ok(None)` when none, `Err` when one does not read.
    fn slot(&self) -> Result<Option<Slot>, ()> {
        slot_sent(&self.data_entrega, &self.janela_inicio, &self.janela_fim)
    }
}

/// A date and window as a client sends them: `Ok(None)` when none, `Err` when one does not read.
pub(crate) fn slot_sent(
    data: &Option<String>,
    inicio: &Option<String>,
    fim: &Option<String>,
) -> Result<Option<Slot>, ()> {
    fn text(v: &Option<String>) -> &str {
        v.as_deref().map(str::trim).unwrap_or_default()
    }
    let (d, a, b) = (text(data), text(inicio), text(fim));
    if d.is_empty() && a.is_empty() && b.is_empty() {
        return Ok(None);
    }
    Slot::parse(d, a, b).map(Some).ok_or(())
}

/// The supplier a client names: its id, or an object carrying it as `usuario` or `userforn`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum SellerRef {
    Id(String),
    Object {
        #[serde(default)]
        usuario: Option<String>,
        #[serde(default)]
        userforn: Option<String>,
    },
}

impl SellerRef {
    pub(crate) fn id(&self) -> Option<&str> {
        match self {
            Self::Id(id) => Some(id),
            Self::Object { usuario, userforn } => usuario.as_deref().or(userforn.as_deref()),
        }
    }
}

/// A coupon as its code or as `{codigo}` (the checked coupon the page holds; the rest ignored).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum CouponRef {
    Code(String),
    Object {
        #[serde(default)]
        codigo: Option<String>,
    },
}

/// A bag line's option as its label or as `{opcao}`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum OptionRef {
    Label(String),
    Object {
        #[serde(default)]
        opcao: Option<String>,
    },
}

impl CouponRef {
    pub(crate) fn code(&self) -> Option<String> {
        filled(match self {
            Self::Code(code) => Some(code),
            Self::Object { codigo } => codigo.as_deref(),
        })
    }
}

impl OptionRef {
    fn label(&self) -> Option<String> {
        filled(match self {
            Self::Label(label) => Some(label),
            Self::Object { opcao } => opcao.as_deref(),
        })
    }
}

/// `finalizar_pedido`'s answer: the order as stored, and for Pix its charge to pay.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPlaced {
    #[serde(rename = "all")]
    pub order: Order,
    /// The Pix copia e cola (Pix only).
    #[serde(rename = "qrcode", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pix_code: Option<String>,
    /// The QR code as a data URL (Pix only).
    #[serde(rename = "imagem_qrcode", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pix_image: Option<String>,
}

/// One bag line.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BagItem {
    pub id: String,
    #[serde(alias = "qtd")]
    pub quantidade: u32,
    /// The option label, or `{opcao}`.
    #[serde(default)]
    pub opcaoselecionada: Option<OptionRef>,
    /// The product's supplier as the client has it, checked.
    #[serde(default)]
    pub userforn: Option<String>,
    /// A note on this line, for a product that accepts one (`aceitaobs`); absent or empty: none.
    #[serde(default)]
    #[schema(nullable = false)]
    pub observacao: Option<String>,
}

impl BagItem {
    /// The line as the domain takes it.
    fn item(&self) -> Item {
        Item {
            product_id: self.id.clone(),
            quantity: self.quantidade,
            option: self.opcaoselecionada.as_ref().and_then(OptionRef::label),
            supplier: self.userforn.clone(),
            note: self.observacao.clone(),
        }
    }
}

/// A checkout's refusal, answered.
pub(crate) fn refusal(e: CheckoutError) -> ApiError {
    checkout::refusal(e).into()
}

/// A date and window refused, answered.
pub(crate) fn days_refusal(e: DaysError) -> ApiError {
    checkout::days_refusal(e).into()
}

/// What placing an order reaches, from the state.
pub fn checkout_of(state: &AppState) -> Checkout<'_> {
    Checkout {
        db: &state.db,
        pix: state.pix.as_ref(),
        pix_expiry: state.config.pix.expiry,
        max_open_orders: state.config.security.max_open_orders,
        events: &state.events,
    }
}

/// `finalizar_pedido`.
pub async fn place_order(
    state: &AppState,
    user: AuthUser,
    req: PlaceOrder,
    idempotency: Option<IdempotencyKey>,
) -> ApiResult<OrderPlaced> {
    let db = &state.db;
    let key = idempotency.as_ref().map(|k| Idempotency {
        key: &k.key,
        fingerprint: &k.fingerprint,
    });
    // A retry of an attempt that was placed answers that order, whatever changed since.
    if let Some(k) = key
        && let Some(placed) = orders::find_by_key(db, &user.id, k).await?
    {
        return answer(state, &placed, None).await;
    }
    if req.sacola.len() > checkout::MAX_LINES {
        return Err(ApiError::bad_request(DADOS_INVALIDOS));
    }
    let client_total = Money::from_reais(req.total)
        .filter(|m| *m >= Money::ZERO)
        .ok_or_else(|| refusal(CheckoutError::PricesChanged))?;
    let when =
        When::Chosen(req.slot().map_err(|()| {
            days_refusal(DaysError::NotOffered(checkout::fulfilment(req.entrega)))
        })?);
    let bag = Bag {
        buyer_id: &user.id,
        items: &req.sacola,
        forn: req.forn.as_ref().and_then(SellerRef::id),
        entrega: req.entrega,
        coupon: req.infoscupom.as_ref().and_then(CouponRef::code),
        pagamento: req.pagamento.as_str(),
        when,
        note: req.observacao.as_deref(),
        now: crate::db::now_ms(),
    };
    let priced = price_bag(state, &bag).await?;
    verify_client_total(priced.summary.total_centavos, client_total).map_err(refusal)?;
    let ck = checkout_of(state);
    let placed = checkout::place_priced(&ck, &priced, key, None).await?;
    answer(state, &placed, Some(&priced)).await
}

/// A bag as a client sends it (a checkout's, a basket's): see [`checkout::Bag`].
pub struct Bag<'a> {
    pub buyer_id: &'a str,
    pub items: &'a [BagItem],
    pub forn: Option<&'a str>,
    pub entrega: bool,
    pub coupon: Option<String>,
    /// `'1'` in person, `'2'` Pix.
    pub pagamento: &'a str,
    pub when: When,
    pub note: Option<&'a str>,
    pub now: i64,
}

/// Prices `bag` ([`checkout::price_bag`]); a refusal is the error a checkout answers.
pub async fn price_bag(state: &AppState, bag: &Bag<'_>) -> ApiResult<PricedBag> {
    price_bag_to(state, bag, None).await
}

/// [`price_bag`] delivered to `to` instead of the buyer's profile address when given (a
/// recurring basket's own address, decisions.md §35): the fee and the store's delivery area are
/// computed for it, and the order keeps it.
pub async fn price_bag_to(
    state: &AppState,
    bag: &Bag<'_>,
    to: Option<&BasketAddress>,
) -> ApiResult<PricedBag> {
    let items: Vec<Item> = bag.items.iter().map(BagItem::item).collect();
    let bag = checkout::Bag {
        buyer_id: bag.buyer_id,
        items: &items,
        forn: bag.forn,
        entrega: bag.entrega,
        coupon: bag.coupon.clone(),
        pagamento: bag.pagamento,
        when: bag.when,
        note: bag.note,
        now: bag.now,
        deliver_to: to.cloned(),
    };
    Ok(checkout::price_bag(&state.db, &bag).await?)
}

/// The answer for a placed order: a fresh one's composed from `priced` and what was written,
/// a replay's read back (as the order stands now).
async fn answer(
    state: &AppState,
    placed: &Placed,
    priced: Option<&PricedBag>,
) -> ApiResult<OrderPlaced> {
    let order = match priced {
        Some(priced) if placed.fresh => {
            let written = checkout::new_order(priced, None, state.config.pix.expiry, None);
            view::order_as_written(&written, placed, priced.store_phone())?
        }
        _ => view::load_order(&state.db, &placed.order_id).await?,
    };
    // The spec's client reads the image here, inline; the order lists its URL.
    let pix_image = match (&order.infos.pix_code, &order.infos.pix_image) {
        (Some(code), Some(_)) => Some(crate::pix::qr::data_url(code)?),
        _ => None,
    };
    Ok(OrderPlaced {
        pix_code: placed
            .txid
            .is_some()
            .then(|| order.infos.pix_code.clone())
            .flatten(),
        pix_image,
        order,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::codes::PaymentMethod;
    use serde_json::json;

    #[test]
    fn labels_come_as_text_or_in_their_object() {
        let coupon = |v| serde_json::from_value::<CouponRef>(v).map(|c| c.code());
        assert_eq!(
            coupon(json!(" FEIRA10 ")).unwrap().as_deref(),
            Some("FEIRA10")
        );
        let checked = json!({"codigo": "FEIRA10", "tipo": "%", "valor": 10});
        assert_eq!(coupon(checked).unwrap().as_deref(), Some("FEIRA10"));
        assert_eq!(coupon(json!("")).unwrap(), None);
        assert!(coupon(json!(10)).is_err());

        let option = |v| serde_json::from_value::<OptionRef>(v).map(|o| o.label());
        assert_eq!(option(json!("Maço")).unwrap().as_deref(), Some("Maço"));
        assert_eq!(
            option(json!({"opcao": "Maço"})).unwrap().as_deref(),
            Some("Maço")
        );
        assert_eq!(option(json!({})).unwrap(), None);

        let supplier = |v| serde_json::from_value::<SellerRef>(v).unwrap();
        assert_eq!(supplier(json!("demo-joao")).id(), Some("demo-joao"));
        assert_eq!(supplier(json!({"usuario": "u1"})).id(), Some("u1"));
        assert_eq!(
            supplier(json!({"userforn": "u2", "nomeforn": "x"})).id(),
            Some("u2")
        );
        assert!(serde_json::from_value::<SellerRef>(json!(true)).is_err());

        let order: PlaceOrder =
            serde_json::from_value(json!({"sacola": [], "total": 0, "pagamento": 2})).unwrap();
        assert_eq!(
            PaymentMethod::from_wire(order.pagamento.as_str()),
            Some(PaymentMethod::Pix)
        );
    }
}

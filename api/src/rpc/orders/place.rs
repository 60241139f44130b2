//! `finalizar_pedido` (decisions.md §6–§8): the bag's product ids, quantities and options are
//! the only things taken from the client. Prices, promotions, the coupon, the delivery fee and
//! the minimum orders come from the database and are recomputed by wasm-core's `checkout`, the
//! code the browser runs; the client's `total` must agree within R$ 0,01. Then
//! [`orders::place`] reserves the stock and stores the order in one transaction; a Pix charge
//! is opened at the provider before that transaction and recorded inside it (removed at the PSP
//! when the order is then refused). A refusal stores nothing. A supplier cannot order from their own store.
//! With an `Idempotency-Key` a checkout is placed once: a retry answers the order it placed
//! (`domain::orders::place`). The store hears of an in-person order now (its e-mail, and the
//! buyer's, queued in the order's transaction; the live event published here), of a Pix order
//! once it is paid. When the store has delivery days (decisions.md §36) the date and window
//! chosen must be one wasm-core still offers now, and the order keeps them.

use super::{
    load::{self, ProductRow},
    view,
};
use crate::{
    auth::AuthUser,
    domain::{
        codes::PaymentMethod,
        coupons, delivery_days,
        orders::{self, Address, Idempotency, NewLine, NewOrder, Placed, note::Note},
    },
    error::{ApiError, ApiResult, ErrorCode},
    messages::{DADOS_INVALIDOS, LOJA_INDISPONIVEL, PRODUTO_REMOVIDO},
    rpc::{
        IdempotencyKey,
        fields::{Text, filled},
        shapes::Order,
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use wasm_core::{
    checkout::{
        Buyer, CheckoutError, CheckoutRequest, Fulfilment, Seller, checkout, verify_client_total,
    },
    delivery::days::{DaysError, Slot},
    forms::PaymentOptions,
    messages,
    money::Money,
    options::PricedLine,
};

/// A supplier ordering from their own store.
pub const PROPRIA_LOJA: &str = "Você não pode comprar da sua própria loja.";

/// Most lines a bag may have.
const MAX_LINES: usize = 100;

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

/// A bag line with its product, priced for its option (wasm-core's `priced_line`).
struct Line<'a> {
    product: &'a ProductRow,
    priced: PricedLine,
    note: Option<Note>,
}

pub(crate) fn refusal(e: CheckoutError) -> ApiError {
    match e {
        CheckoutError::OutOfStock(_) => {
            ApiError::conflict(ErrorCode::EstoqueInsuficiente, e.to_string())
        }
        CheckoutError::Coupon(c) => coupons::refusal(c).into(),
        CheckoutError::PricesChanged => ApiError::conflict(ErrorCode::PrecosMudaram, e.to_string()),
        other => ApiError::bad_request(other.to_string()),
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
        return answer(state, &placed).await;
    }
    if req.sacola.len() > MAX_LINES {
        return Err(ApiError::bad_request(DADOS_INVALIDOS));
    }
    let client_total = Money::from_reais(req.total)
        .filter(|m| *m >= Money::ZERO)
        .ok_or_else(|| refusal(CheckoutError::PricesChanged))?;
    let when = When::Chosen(
        req.slot()
            .map_err(|()| days_refusal(DaysError::NotOffered(fulfilment(req.entrega))))?,
    );
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
    let placed = place_priced(state, &priced, key).await?;
    answer(state, &placed).await
}

/// How the date and window of a bag's order are chosen (decisions.md §36).
#[derive(Debug, Clone, Copy)]
pub enum When {
    /// A checkout: the buyer's choice, one of the dates and windows wasm-core offers now.
    Chosen(Option<Slot>),
    /// A recurring basket's cycle (decisions.md §35), ordered at its cut-off (so no longer
    /// offered to a checkout): its date, on one of the store's windows.
    Cycle(Slot),
}

/// A bag to price and order: a checkout's, or a recurring basket's cycle. The lines, the
/// supplier the client names, the mode, the coupon's code and the payment are the only things
/// taken from the buyer; everything else is read and computed here.
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

/// A bag priced by wasm-core with the database's prices, stock, coupon and fees, checked
/// against the store's rules, ready to be placed ([`place_priced`]).
pub struct PricedBag {
    buyer_id: String,
    products: HashMap<String, ProductRow>,
    lines: Vec<CheckedLine>,
    supplier_id: String,
    supplier: load::SupplierRow,
    buyer: load::BuyerRow,
    coupon: Option<wasm_core::coupon::Coupon>,
    coupon_version: Option<i64>,
    /// What the order will cost, line by line.
    pub summary: wasm_core::checkout::CheckoutSummary,
    slot: Option<Slot>,
    modo: Fulfilment,
    pagamento: PaymentMethod,
    note: Option<Note>,
}

/// A checked line of a [`PricedBag`]: its product, priced for its option, and its note.
struct CheckedLine {
    product_id: String,
    priced: PricedLine,
    note: Option<Note>,
}

impl PricedBag {
    /// The store's id.
    pub fn supplier_id(&self) -> &str {
        &self.supplier_id
    }

    /// The lines as checked: product id, quantity, option and note.
    pub fn chosen_lines(&self) -> impl Iterator<Item = (&str, u32, Option<&str>, Option<&str>)> {
        self.lines.iter().map(|l| {
            (
                l.product_id.as_str(),
                l.priced.line.quantidade,
                l.priced.option.as_deref(),
                l.note.as_ref().map(Note::as_str),
            )
        })
    }

    /// Each line's product title and option ('Alface (Maço)'), as `summary.linhas`.
    pub fn line_titles(&self) -> Vec<String> {
        self.lines
            .iter()
            .map(|l| {
                let titulo = &self.products[&l.product_id].titulo;
                match &l.priced.option {
                    Some(o) => format!("{titulo} ({o})"),
                    None => titulo.clone(),
                }
            })
            .collect()
    }
}

fn fulfilment(entrega: bool) -> Fulfilment {
    if entrega {
        Fulfilment::Delivery
    } else {
        Fulfilment::Pickup
    }
}

pub(crate) fn days_refusal(e: DaysError) -> ApiError {
    match e {
        DaysError::NotOffered(_) => ApiError::conflict(ErrorCode::DataIndisponivel, e.to_string()),
        other => ApiError::bad_request(other.to_string()),
    }
}

/// Prices `bag` with wasm-core's `checkout` (the code the browser runs) from the database's
/// rows, and checks it as any order: one store, not the buyer's own, open; each product enabled
/// with a valid option; stock, minimums, fee and coupon; the date and window; the payment the
/// store accepts. A refusal is the error a checkout answers.
pub async fn price_bag(state: &AppState, bag: &Bag<'_>) -> ApiResult<PricedBag> {
    price_bag_to(state, bag, None).await
}

/// [`price_bag`] delivered to `to` instead of the buyer's profile address when given (a
/// recurring basket's own address, decisions.md §35): the fee and the store's delivery area are
/// computed for it, and the order keeps it.
pub async fn price_bag_to(
    state: &AppState,
    bag: &Bag<'_>,
    to: Option<&crate::domain::subscriptions::BasketAddress>,
) -> ApiResult<PricedBag> {
    let db = &state.db;
    if bag.items.is_empty() {
        return Err(refusal(CheckoutError::EmptyBag));
    }
    if bag.items.len() > MAX_LINES {
        return Err(ApiError::bad_request(DADOS_INVALIDOS));
    }
    let products = load::load_products(db, bag.items.iter().map(|i| i.id.as_str())).await?;
    let supplier_id = one_supplier(&products, bag.items, bag.forn)?;
    if supplier_id == bag.buyer_id {
        // Else a supplier could pay themselves and withdraw the balance.
        return Err(ApiError::bad_request(PROPRIA_LOJA));
    }
    let lines: Vec<CheckedLine> = bag_lines(&products, bag.items)?
        .into_iter()
        .map(|l| CheckedLine {
            product_id: l.product.id.clone(),
            priced: l.priced,
            note: l.note,
        })
        .collect();
    let note = Note::parse(bag.note).map_err(ApiError::bad_request)?;
    let supplier = load::load_supplier(db, &supplier_id).await?;
    if supplier.oculta != 0 {
        return Err(ApiError::bad_request(LOJA_INDISPONIVEL));
    }
    let mut buyer = load::load_buyer(db, bag.buyer_id).await?;
    if let Some(a) = to {
        buyer.rua = Some(a.rua.clone());
        buyer.numero = Some(a.numero.clone());
        buyer.cidade = Some(a.cidade.clone());
        buyer.complemento = a.complemento.clone();
        buyer.bairro = a.bairro.clone();
        buyer.cep = a.cep.clone();
        (buyer.latitude, buyer.longitude) = (Some(a.latitude), Some(a.longitude));
    }
    let (coupon, coupon_version) = match &bag.coupon {
        Some(code) => {
            let (c, version) = load::load_coupon(db, &supplier_id, code).await?;
            (Some(c), Some(version))
        }
        None => (None, None),
    };
    let now = bag.now;
    let modo = fulfilment(bag.entrega);
    let summary = checkout(&CheckoutRequest {
        itens: lines.iter().map(|l| l.priced.line.clone()).collect(),
        cupom: coupon.clone(),
        fornecedor: Seller {
            nomeforn: supplier.nomeforn.clone(),
            compras_fechadas: supplier.compras_fechadas != 0,
            delivery: load::delivery_settings(&supplier),
        },
        comprador: Buyer {
            rua: buyer.rua.clone(),
            latitude: buyer.latitude,
            longitude: buyer.longitude,
        },
        modo,
        agora_ms: Some(now),
    })
    .map_err(refusal)?;
    if let (Some(c), Some(version)) = (&coupon, coupon_version) {
        // Its uses, before a Pix charge is opened for nothing; the order's transaction takes
        // the use (and checks again).
        let uses = coupons::uses(
            db,
            &supplier_id,
            c.code().as_str(),
            version,
            Some(bag.buyer_id),
        )
        .await?;
        c.rules().check_uses(uses).map_err(coupons::refusal)?;
    }
    // The date and window, against the store's days now (decisions.md §36).
    let days = delivery_days::load(&mut *db.acquire().await?, &supplier_id).await?;
    let slot = match bag.when {
        When::Chosen(chosen) => days.check_choice(modo, now, chosen),
        When::Cycle(slot) if days.has_window(modo, &slot) => Ok(Some(slot)),
        When::Cycle(_) => Err(DaysError::NotOffered(modo)),
    }
    .map_err(days_refusal)?;

    let pagamento = PaymentMethod::from_wire(bag.pagamento)
        .ok_or_else(|| ApiError::bad_request("Selecione a forma de pagamento."))?;
    if !pagamento.accepted_by(PaymentOptions::from_codes(&supplier.pagamento_opcoes)) {
        return Err(ApiError::bad_request(
            "Esta forma de pagamento não é aceita pela loja.",
        ));
    }
    if pagamento == PaymentMethod::Pix && !summary.total_centavos.is_positive() {
        return Err(ApiError::bad_request(
            "Um pedido sem valor a pagar não pode ser pago por Pix.",
        ));
    }
    Ok(PricedBag {
        buyer_id: bag.buyer_id.to_owned(),
        products,
        lines,
        supplier_id,
        supplier,
        buyer,
        coupon,
        coupon_version,
        summary,
        slot,
        modo,
        pagamento,
        note,
    })
}

/// Places `priced` ([`orders::place`]: stock reserved, order, coupon use and notices in one
/// transaction; once per `key`), and announces a fresh in-person order to its store live.
pub async fn place_priced(
    state: &AppState,
    priced: &PricedBag,
    key: Option<Idempotency<'_>>,
) -> ApiResult<Placed> {
    place_priced_via(
        state,
        priced,
        key,
        state.pix.as_ref(),
        state.config.pix.expiry,
    )
    .await
}

/// [`place_priced`] with the Pix charge opened at `pix` and payable for `pix_expiry` (a
/// basket's cycle charged by Pix Automático: its recurring charge, payable until the
/// delivery's eve).
pub async fn place_priced_via(
    state: &AppState,
    priced: &PricedBag,
    key: Option<Idempotency<'_>>,
    pix: &dyn crate::pix::PixProvider,
    pix_expiry: std::time::Duration,
) -> ApiResult<Placed> {
    let (buyer, supplier) = (&priced.buyer, &priced.supplier);
    let new_order = NewOrder {
        buyer_id: &priced.buyer_id,
        cliente_nome: &buyer.nome,
        cliente_telefone: buyer.telefone.as_deref(),
        supplier_id: &priced.supplier_id,
        nomeforn: &supplier.nomeforn,
        delivery_to: (priced.modo == Fulfilment::Delivery).then_some(Address {
            rua: buyer.rua.as_deref(),
            numero: buyer.numero.as_deref(),
            cidade: buyer.cidade.as_deref(),
            complemento: buyer.complemento.as_deref(),
            bairro: buyer.bairro.as_deref(),
            cep: buyer.cep.as_deref(),
        }),
        pagamento: priced.pagamento,
        lines: priced
            .lines
            .iter()
            .map(|l| {
                let p = &priced.products[&l.product_id];
                NewLine {
                    product_id: &p.id,
                    titulo: &p.titulo,
                    icone: p.icone.as_deref(),
                    opcao: l.priced.option.clone(),
                    quantidade: l.priced.line.quantidade,
                    note: l.note.as_ref().map(|n| n.as_str().to_owned()),
                }
            })
            .collect(),
        summary: &priced.summary,
        slot: priced.slot,
        coupon: priced.coupon.as_ref(),
        coupon_version: priced.coupon_version,
        pix_expiry,
        max_open_orders: state.config.security.max_open_orders,
        idempotency: key,
        note: priced.note.as_ref().map(Note::as_str),
    };
    let placed = orders::place(&state.db, pix, &new_order).await?;
    if placed.fresh {
        crate::metrics::order_placed();
    }
    if let Some(d) = &placed.announce {
        // In person: a delivery now (its e-mails were queued with the order). A Pix order
        // becomes one when paid (domain::inbox::announce).
        state.events.order_placed(
            &d.supplier_id,
            crate::events::NewOrder {
                order_id: d.order_id.clone(),
                cliente_nome: d.cliente_nome.clone(),
                total_centavos: d.total_centavos,
            },
        );
    }
    Ok(placed)
}

/// The answer for a placed order (a replay gets the same, as the order stands now).
async fn answer(state: &AppState, placed: &Placed) -> ApiResult<OrderPlaced> {
    let order = view::load_order(&state.db, &placed.order_id).await?;
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

/// The bag's lines with their products: each must exist and be enabled, and the option must be
/// one of the product's when it has options (none is stored otherwise); each is priced for its
/// option by [`ProductRow::priced_line`].
fn bag_lines<'a>(
    products: &'a HashMap<String, ProductRow>,
    bag: &[BagItem],
) -> ApiResult<Vec<Line<'a>>> {
    bag.iter()
        .map(|item| {
            let product = products
                .get(item.id.as_str())
                .ok_or_else(|| ApiError::bad_request(PRODUTO_REMOVIDO))?;
            if product.desabilitado != 0 {
                return Err(ApiError::bad_request(format!(
                    "{} está indisponível.",
                    product.titulo
                )));
            }
            let chosen = item.opcaoselecionada.as_ref().and_then(OptionRef::label);
            let priced = product
                .priced_line(chosen.as_deref(), item.quantidade)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            let note = Note::parse(item.observacao.as_deref()).map_err(ApiError::bad_request)?;
            if note.is_some() && product.aceita_observacao == 0 {
                return Err(ApiError::bad_request(format!(
                    "{} não aceita observação.",
                    product.titulo
                )));
            }
            Ok(Line {
                product,
                priced,
                note,
            })
        })
        .collect()
}

/// One supplier per order: the products' own (the first found), and the client's claims
/// (`forn`, each line's `userforn`) must agree with it.
fn one_supplier(
    products: &HashMap<String, ProductRow>,
    items: &[BagItem],
    forn: Option<&str>,
) -> ApiResult<String> {
    let mut found = items
        .iter()
        .filter_map(|i| products.get(&i.id))
        .map(|p| p.supplier_id.as_str());
    let supplier_id = found
        .next()
        .ok_or_else(|| ApiError::bad_request(PRODUTO_REMOVIDO))?;
    let claims = items.iter().filter_map(|i| i.userforn.as_deref());
    if found.chain(claims).chain(forn).any(|c| c != supplier_id) {
        return Err(ApiError::bad_request(messages::OUTRO_FORNECEDOR));
    }
    Ok(supplier_id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
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

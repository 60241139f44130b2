//! A bag priced and placed (decisions.md §6–§8): the bag's product ids, quantities and options
//! are the only things taken from the buyer. Prices, promotions, the coupon, the delivery fee
//! and the minimum orders come from the database and are recomputed by wasm-core's `checkout`,
//! the code the browser runs ([`price_bag`]); then [`place_priced`] stores it ([`super::place`]:
//! the stock reserved, the order, its notices in one transaction) and announces a fresh
//! in-person order to its store live. A checkout (`finalizar_pedido`) and a recurring basket's
//! cycle (`super::super::subscriptions_cycles`) both come through here. A supplier cannot order
//! from their own store. When the store has delivery days (decisions.md §36) the date and window
//! must be one wasm-core still offers now (a checkout) or one of the store's windows (a cycle).

use super::{
    Idempotency, Placed,
    note::Note,
    place::{Address, InOrderTx, NewLine, NewOrder},
    rows::{self, BuyerRow, ProductRow, SupplierRow},
};
use crate::{
    db::Db,
    domain::subscriptions::BasketAddress,
    domain::{
        codes::PaymentMethod,
        coupons, delivery_days,
        error::{DomainError, DomainResult, ErrorCode},
    },
    events::Hub,
    messages::{DADOS_INVALIDOS, LOJA_INDISPONIVEL, PRODUTO_REMOVIDO},
    pix::PixProvider,
};
use std::{collections::HashMap, time::Duration};
use wasm_core::{
    checkout::{
        Buyer, CheckoutError, CheckoutRequest, CheckoutSummary, Fulfilment, Seller, checkout,
    },
    delivery::days::{DaysError, DeliveryDays, Slot},
    forms::PaymentOptions,
    messages,
    options::PricedLine,
};

/// A supplier ordering from their own store.
pub const PROPRIA_LOJA: &str = "Você não pode comprar da sua própria loja.";

/// Most lines a bag may have.
pub const MAX_LINES: usize = 100;

/// What placing an order reaches: the pool, the Pix provider and how long its charges can be
/// paid, the bound on a buyer's unpaid open orders, the stores' live panels.
#[derive(Clone, Copy)]
pub struct Checkout<'a> {
    pub db: &'a Db,
    pub pix: &'a dyn PixProvider,
    pub pix_expiry: Duration,
    pub max_open_orders: Option<u32>,
    pub events: &'a Hub,
}

/// One line of a bag: a product, its quantity, its option's label, the store the client thinks
/// it is (checked) and the buyer's note on it.
#[derive(Debug, Clone)]
pub struct Item {
    pub product_id: String,
    pub quantity: u32,
    pub option: Option<String>,
    pub supplier: Option<String>,
    pub note: Option<String>,
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
    pub items: &'a [Item],
    pub forn: Option<&'a str>,
    pub entrega: bool,
    pub coupon: Option<String>,
    /// `'1'` in person, `'2'` Pix.
    pub pagamento: &'a str,
    pub when: When,
    pub note: Option<&'a str>,
    pub now: i64,
    /// Where to deliver instead of the buyer's profile address (a recurring basket's own
    /// address, decisions.md §35): the fee and the store's area are computed for it.
    pub deliver_to: Option<BasketAddress>,
}

/// The store's rows a bag is priced with, read once: a recurring basket's cycles at one store
/// share them ([`price_bag_at`]).
#[derive(Debug, Clone)]
pub struct StoreRows {
    pub(crate) supplier_id: String,
    pub(crate) supplier: SupplierRow,
    pub(crate) days: DeliveryDays,
}

impl StoreRows {
    /// The store's name.
    pub fn name(&self) -> &str {
        &self.supplier.nomeforn
    }
}

/// A bag priced by wasm-core with the database's prices, stock, coupon and fees, checked
/// against the store's rules, ready to be placed ([`place_priced`]).
pub struct PricedBag {
    pub(crate) buyer_id: String,
    pub(crate) products: HashMap<String, ProductRow>,
    pub(crate) lines: Vec<CheckedLine>,
    pub(crate) supplier_id: String,
    pub(crate) supplier: SupplierRow,
    pub(crate) buyer: BuyerRow,
    pub(crate) coupon: Option<wasm_core::coupon::Coupon>,
    pub(crate) coupon_version: Option<i64>,
    /// What the order will cost, line by line.
    pub summary: CheckoutSummary,
    pub(crate) slot: Option<Slot>,
    pub(crate) modo: Fulfilment,
    pub(crate) pagamento: PaymentMethod,
    pub(crate) note: Option<Note>,
}

/// A checked line of a [`PricedBag`]: its product, priced for its option, and its note.
pub(crate) struct CheckedLine {
    pub(crate) product_id: String,
    pub(crate) priced: PricedLine,
    pub(crate) note: Option<Note>,
}

impl PricedBag {
    /// The store's id.
    pub fn supplier_id(&self) -> &str {
        &self.supplier_id
    }

    /// The store's phone (each line of the order shows it).
    pub fn store_phone(&self) -> &str {
        &self.supplier.telefone
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

/// A checkout's refusal as the domain's error.
pub fn refusal(e: CheckoutError) -> DomainError {
    match e {
        CheckoutError::OutOfStock(_) => {
            DomainError::coded_conflict(ErrorCode::EstoqueInsuficiente, e.to_string())
        }
        CheckoutError::Coupon(c) => coupons::refusal(c),
        CheckoutError::PricesChanged => {
            DomainError::coded_conflict(ErrorCode::PrecosMudaram, e.to_string())
        }
        other => DomainError::invalid(other.to_string()),
    }
}

/// A date and window refused.
pub fn days_refusal(e: DaysError) -> DomainError {
    match e {
        DaysError::NotOffered(_) => {
            DomainError::coded_conflict(ErrorCode::DataIndisponivel, e.to_string())
        }
        other => DomainError::invalid(other.to_string()),
    }
}

/// Delivery or pickup.
pub fn fulfilment(entrega: bool) -> Fulfilment {
    if entrega {
        Fulfilment::Delivery
    } else {
        Fulfilment::Pickup
    }
}

/// Prices `bag` with wasm-core's `checkout` (the code the browser runs) from the database's
/// rows, and checks it as any order: one store, not the buyer's own, open; each product enabled
/// with a valid option; stock, minimums, fee and coupon; the date and window; the payment the
/// store accepts. A refusal is the error a checkout answers.
pub async fn price_bag(db: &Db, bag: &Bag<'_>) -> DomainResult<PricedBag> {
    check_size(bag)?;
    let products = rows::load_products(db, bag.items.iter().map(|i| i.product_id.as_str())).await?;
    let supplier_id = one_supplier(&products, bag.items, bag.forn)?;
    let supplier = rows::load_supplier(db, &supplier_id).await?;
    price_with(db, bag, products, &supplier_id, &supplier, None).await
}

/// [`price_bag`] for a bag of `store`'s products (a basket's cycle), with its rows read before
/// and `products` holding at least the bag's (read once for the store's baskets: their stock
/// may be stale, which the reservation's own check answers).
pub(crate) async fn price_bag_at(
    db: &Db,
    bag: &Bag<'_>,
    store: &StoreRows,
    products: &HashMap<String, ProductRow>,
) -> DomainResult<PricedBag> {
    check_size(bag)?;
    let mine: HashMap<String, ProductRow> = bag
        .items
        .iter()
        .filter_map(|i| products.get(&i.product_id))
        .map(|p| (p.id.clone(), p.clone()))
        .collect();
    let supplier_id = one_supplier(&mine, bag.items, bag.forn)?;
    if supplier_id != store.supplier_id {
        return Err(DomainError::invalid(messages::OUTRO_FORNECEDOR));
    }
    let days = Some(&store.days);
    price_with(db, bag, mine, &store.supplier_id, &store.supplier, days).await
}

fn check_size(bag: &Bag<'_>) -> DomainResult<()> {
    if bag.items.is_empty() {
        return Err(refusal(CheckoutError::EmptyBag));
    }
    if bag.items.len() > MAX_LINES {
        return Err(DomainError::invalid(DADOS_INVALIDOS));
    }
    Ok(())
}

/// The rest of [`price_bag`] once the store is known; `days`, its delivery days when read
/// before (else they are read here).
async fn price_with(
    db: &Db,
    bag: &Bag<'_>,
    products: HashMap<String, ProductRow>,
    supplier_id: &str,
    supplier: &SupplierRow,
    days: Option<&DeliveryDays>,
) -> DomainResult<PricedBag> {
    let supplier_id = supplier_id.to_owned();
    if supplier_id == bag.buyer_id {
        // Else a supplier could pay themselves and withdraw the balance.
        return Err(DomainError::invalid(PROPRIA_LOJA));
    }
    let lines = bag_lines(&products, bag.items)?;
    let note = Note::parse(bag.note).map_err(DomainError::invalid)?;
    if supplier.oculta != 0 {
        return Err(DomainError::invalid(LOJA_INDISPONIVEL));
    }
    let mut buyer = rows::load_buyer(db, bag.buyer_id).await?;
    if let Some(a) = &bag.deliver_to {
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
            let (c, version) = rows::load_coupon(db, &supplier_id, code).await?;
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
            delivery: rows::delivery_settings(supplier),
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
    let read;
    let days = match days {
        Some(days) => days,
        None => {
            read = delivery_days::load(&mut *db.acquire().await?, &supplier_id).await?;
            &read
        }
    };
    let slot = match bag.when {
        When::Chosen(chosen) => days.check_choice(modo, now, chosen),
        When::Cycle(slot) if days.has_window(modo, &slot) => Ok(Some(slot)),
        When::Cycle(_) => Err(DaysError::NotOffered(modo)),
    }
    .map_err(days_refusal)?;

    let pagamento = PaymentMethod::from_wire(bag.pagamento)
        .ok_or_else(|| DomainError::invalid("Selecione a forma de pagamento."))?;
    if !pagamento.accepted_by(PaymentOptions::from_codes(&supplier.pagamento_opcoes)) {
        return Err(DomainError::invalid(
            "Esta forma de pagamento não é aceita pela loja.",
        ));
    }
    if pagamento == PaymentMethod::Pix && !summary.total_centavos.is_positive() {
        return Err(DomainError::invalid(
            "Um pedido sem valor a pagar não pode ser pago por Pix.",
        ));
    }
    Ok(PricedBag {
        buyer_id: bag.buyer_id.to_owned(),
        products,
        lines,
        supplier_id,
        supplier: supplier.clone(),
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

/// Places `priced` ([`super::place`]: stock reserved, order, coupon use and notices in one
/// transaction with `also`'s writes; once per `key`), and announces a fresh in-person order to
/// its store live.
pub async fn place_priced(
    ck: &Checkout<'_>,
    priced: &PricedBag,
    key: Option<Idempotency<'_>>,
    also: Option<&dyn InOrderTx>,
) -> DomainResult<Placed> {
    place_priced_via(ck, priced, key, ck.pix, ck.pix_expiry, also).await
}

/// [`place_priced`] with the Pix charge opened at `pix` and payable for `pix_expiry` (a
/// basket's cycle charged by Pix Automático: its recurring charge, payable until the
/// delivery's eve).
pub async fn place_priced_via(
    ck: &Checkout<'_>,
    priced: &PricedBag,
    key: Option<Idempotency<'_>>,
    pix: &dyn PixProvider,
    pix_expiry: Duration,
    also: Option<&dyn InOrderTx>,
) -> DomainResult<Placed> {
    let new_order = new_order(priced, key, pix_expiry, ck.max_open_orders);
    let placed = super::place(ck.db, pix, &new_order, also).await?;
    if placed.fresh {
        crate::metrics::order_placed();
    }
    if let Some(d) = &placed.announce {
        // In person: a delivery now (its e-mails were queued with the order). A Pix order
        // becomes one when paid (domain::inbox::announce).
        ck.events.order_placed(
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

/// The order `priced` stores.
pub(crate) fn new_order<'a>(
    priced: &'a PricedBag,
    key: Option<Idempotency<'a>>,
    pix_expiry: Duration,
    max_open_orders: Option<u32>,
) -> NewOrder<'a> {
    let (buyer, supplier) = (&priced.buyer, &priced.supplier);
    NewOrder {
        buyer_id: &priced.buyer_id,
        buyer_email: &buyer.email,
        supplier_email: &supplier.email,
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
        max_open_orders,
        idempotency: key,
        note: priced.note.as_ref().map(Note::as_str),
    }
}

/// The bag's lines with their products: each must exist and be enabled, and the option must be
/// one of the product's when it has options (none is stored otherwise); each is priced for its
/// option by [`ProductRow::priced_line`].
fn bag_lines(
    products: &HashMap<String, ProductRow>,
    bag: &[Item],
) -> DomainResult<Vec<CheckedLine>> {
    bag.iter()
        .map(|item| {
            let product = products
                .get(item.product_id.as_str())
                .ok_or_else(|| DomainError::invalid(PRODUTO_REMOVIDO))?;
            if product.desabilitado != 0 {
                return Err(DomainError::invalid(format!(
                    "{} está indisponível.",
                    product.titulo
                )));
            }
            let priced = product
                .priced_line(item.option.as_deref(), item.quantity)
                .map_err(|e| DomainError::invalid(e.to_string()))?;
            let note = Note::parse(item.note.as_deref()).map_err(DomainError::invalid)?;
            if note.is_some() && product.aceita_observacao == 0 {
                return Err(DomainError::invalid(format!(
                    "{} não aceita observação.",
                    product.titulo
                )));
            }
            Ok(CheckedLine {
                product_id: product.id.clone(),
                priced,
                note,
            })
        })
        .collect()
}

/// One supplier per order: the products' own (the first found), and the client's claims
/// (`forn`, each line's supplier) must agree with it.
fn one_supplier(
    products: &HashMap<String, ProductRow>,
    items: &[Item],
    forn: Option<&str>,
) -> DomainResult<String> {
    let mut found = items
        .iter()
        .filter_map(|i| products.get(&i.product_id))
        .map(|p| p.supplier_id.as_str());
    let supplier_id = found
        .next()
        .ok_or_else(|| DomainError::invalid(PRODUTO_REMOVIDO))?;
    let claims = items.iter().filter_map(|i| i.supplier.as_deref());
    if found.chain(claims).chain(forn).any(|c| c != supplier_id) {
        return Err(DomainError::invalid(messages::OUTRO_FORNECEDOR));
    }
    Ok(supplier_id.to_owned())
}

//! Reading orders: the `pedido` shape of docs/rpc.md, built from an order's rows and lines, one
//! order or many in keyset pages ([`crate::rpc::paging`]); the lists, the buyer's
//! (`pegar_pedidos`) and the supplier's (the panel's Entregas), are [`lists`]'s, a fresh order's
//! answer [`written`]'s. Pix charges past their time are expired first (lazily; a background
//! task does it too).

use super::order_not_found;
use crate::{
    db::Db,
    domain::{
        codes::{
            ChargeStatus, OrderStatus, PaymentMethod, PixStatus, ReceiptBy, RefundReason,
            RefundStatus,
        },
        orders::awaiting_delivery,
    },
    error::ApiResult,
    pix_http::qr,
    rpc::{
        fields::Reais,
        shapes::{Order, OrderCoupon, OrderInfos, OrderLine},
    },
};
use std::{collections::HashMap, sync::LazyLock};

mod lists;
mod written;

pub use lists::{BuyerOrders, all_orders, list_orders, supplier_orders};
pub(super) use written::order_as_written;

#[derive(Debug, sqlx::FromRow)]
struct OrderRow {
    id: String,
    buyer_id: String,
    supplier_id: String,
    nomeforn: String,
    telefoneforn: String,
    criado_em: i64,
    #[sqlx(try_from = "String")]
    situacao: OrderStatus,
    tipo_entrega: String,
    #[sqlx(try_from = "String")]
    pagamento: PaymentMethod,
    status_pix: Option<String>,
    txid: Option<String>,
    preco_produtos_centavos: i64,
    taxa_entrega_centavos: i64,
    desconto_centavos: i64,
    cupom_codigo: Option<String>,
    cupom_tipo: Option<String>,
    cupom_valor: Option<i64>,
    total_centavos: i64,
    cliente_nome: String,
    cliente_telefone: Option<String>,
    rua: Option<String>,
    numero: Option<String>,
    cidade: Option<String>,
    complemento: Option<String>,
    bairro: Option<String>,
    cep: Option<String>,
    data_entrega: Option<String>,
    janela_inicio: Option<String>,
    janela_fim: Option<String>,
    observacao: Option<String>,
    copia_e_cola: Option<String>,
    charge_status: Option<String>,
    /// The latest refund of the order's Pix (`pix_refunds.status`), if any.
    refund_status: Option<String>,
    /// And why (`pix_refunds.motivo`).
    refund_reason: Option<String>,
    /// When the charge expires.
    pix_expira_em: Option<i64>,
    /// A recurring charge's due date (a basket's cycle paid by Pix Automático).
    cobr_vencimento: Option<String>,
    entregue_em: Option<i64>,
    recebido_em: Option<i64>,
    recebimento: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
struct LineRow {
    order_id: String,
    titulo: String,
    icone: Option<String>,
    opcao: Option<String>,
    quantidade: i64,
    preco_unitario_centavos: i64,
    pago_centavos: i64,
    observacao: Option<String>,
}

/// The orders' query: what [`OrderRow`] reads, then `filter` (a `WHERE …` with its order).
fn orders_where(filter: &str) -> String {
    format!(
        "SELECT o.id, o.buyer_id, o.supplier_id, o.nomeforn, s.telefone AS telefoneforn, \
         o.criado_em, o.situacao, o.tipo_entrega, o.pagamento, o.status_pix, o.txid, \
         o.preco_produtos_centavos, o.taxa_entrega_centavos, o.desconto_centavos, \
         o.cupom_codigo, o.cupom_tipo, o.cupom_valor, o.total_centavos, o.cliente_nome, \
         o.cliente_telefone, o.rua, o.numero, o.cidade, o.complemento, o.bairro, o.cep, \
         o.data_entrega, o.janela_inicio, o.janela_fim, \
         o.entregue_em, o.recebido_em, o.recebimento, o.observacao, c.copia_e_cola, \
         c.status AS charge_status, c.expira_em AS pix_expira_em, \
         pc.vencimento AS cobr_vencimento, \
         (SELECT r.status FROM pix_refunds r \
         WHERE r.txid = o.txid ORDER BY r.criado_em DESC, r.id LIMIT 1) AS refund_status, \
         (SELECT r.motivo FROM pix_refunds r \
         WHERE r.txid = o.txid ORDER BY r.criado_em DESC, r.id LIMIT 1) AS refund_reason \
         FROM orders o JOIN suppliers s ON s.user_id = o.supplier_id \
         LEFT JOIN pix_charges c ON c.txid = o.txid \
         LEFT JOIN pix_cobr pc ON pc.txid = o.txid {filter}"
    )
}

/// The lines' query for the orders `filter` selects, in the bag's order.
fn lines_where(filter: &str) -> String {
    format!(
        "SELECT l.order_id, l.titulo, l.icone, l.opcao, l.quantidade, \
         l.preco_unitario_centavos, l.pago_centavos, l.observacao \
         FROM order_lines l JOIN orders o ON o.id = l.order_id {filter} ORDER BY l.id"
    )
}

/// The queries, built once.
static ORDER_BY_ID: LazyLock<String> = LazyLock::new(|| orders_where("WHERE o.id = $1"));
static LINES_BY_ID: LazyLock<String> = LazyLock::new(|| lines_where("WHERE o.id = $1"));
/// A page of a buyer's orders, newest first, before the cursor (`$2` time, `$3` id); `$4` rows.
static BUYER_ORDERS: LazyLock<String> = LazyLock::new(|| {
    orders_where(
        "WHERE o.buyer_id = $1 AND (o.criado_em, o.id) < ($2, $3) \
         ORDER BY o.criado_em DESC, o.id DESC LIMIT $4",
    )
});
/// The lines of that page: its orders are before the cursor and from its last row (`$4`, `$5`).
static BUYER_LINES: LazyLock<String> = LazyLock::new(|| {
    lines_where(
        "WHERE o.buyer_id = $1 AND (o.criado_em, o.id) < ($2, $3) \
         AND (o.criado_em, o.id) >= ($4, $5)",
    )
});
/// A supplier's orders placed in `[$2, $3)`, only the deliveries awaiting confirmation when `$4`
/// is 1, after the cursor (`$5` time, `$6` id).
static SUPPLIER_FILTER: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WHERE o.supplier_id = $1 AND o.criado_em >= $2 AND o.criado_em < $3 AND ($4 = 0 OR {}) \
         AND (o.criado_em, o.id) > ($5, $6)",
        awaiting_delivery("o.")
    )
});
/// A page of them, oldest first; `$7` rows.
static SUPPLIER_ORDERS: LazyLock<String> = LazyLock::new(|| {
    orders_where(&format!(
        "{} ORDER BY o.criado_em, o.id LIMIT $7",
        *SUPPLIER_FILTER
    ))
});
/// The lines of that page: up to its last row (`$7`, `$8`).
static SUPPLIER_LINES: LazyLock<String> = LazyLock::new(|| {
    lines_where(&format!(
        "{} AND (o.criado_em, o.id) <= ($7, $8)",
        *SUPPLIER_FILTER
    ))
});

/// A supplier's orders of delivery date `$2` ('AAAA-MM-DD', decisions.md §36) that are not
/// cancelled, paid when by Pix (an unpaid Pix is not a delivery, decisions.md §27); and, when
/// `$3` is 1, its orders without a date still awaiting delivery (a store without delivery days).
static DAY_FILTER: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WHERE o.supplier_id = $1 AND (o.pagamento <> '{pix}' OR o.status_pix = '{paid}') \
         AND ((o.data_entrega = $2 AND o.situacao NOT IN ('{by_supplier}', '{by_buyer}')) \
         OR ($3 = 1 AND o.data_entrega IS NULL AND {awaiting}))",
        pix = PaymentMethod::Pix.as_db(),
        paid = PixStatus::Paid.as_db(),
        by_supplier = OrderStatus::CancelledBySupplier.as_db(),
        by_buyer = OrderStatus::CancelledByBuyer.as_db(),
        awaiting = awaiting_delivery("o."),
    )
});
static DAY_ORDERS: LazyLock<String> =
    LazyLock::new(|| orders_where(&format!("{} ORDER BY o.criado_em, o.id", *DAY_FILTER)));
static DAY_LINES: LazyLock<String> = LazyLock::new(|| lines_where(DAY_FILTER.as_str()));

/// The orders of `supplier_id`'s delivery date `date` ('AAAA-MM-DD') as `pedido` objects, oldest
/// first: not cancelled, and paid when by Pix; with `undated`, also its orders without a date
/// that await delivery (the day's page shows them on today's date, 'Sem data marcada').
pub async fn day_orders(
    db: &Db,
    supplier_id: &str,
    date: &str,
    undated: bool,
) -> ApiResult<Vec<Order>> {
    let orders: Vec<OrderRow> = sqlx::query_as(DAY_ORDERS.as_str())
        .bind(supplier_id)
        .bind(date)
        .bind(i64::from(undated))
        .fetch_all(db)
        .await?;
    let lines: Vec<LineRow> = sqlx::query_as(DAY_LINES.as_str())
        .bind(supplier_id)
        .bind(date)
        .bind(i64::from(undated))
        .fetch_all(db)
        .await?;
    assemble(&orders, &lines)
}

/// The `pedido` object of docs/rpc.md. The QR image's URL is listed only while the charge can be
/// paid.
fn order_of(o: &OrderRow, lines: &[&LineRow]) -> ApiResult<Order> {
    let coupon = o.cupom_codigo.as_ref().map(|code| OrderCoupon {
        code: code.clone(),
        kind: o.cupom_tipo.clone(),
        value: o.cupom_valor.map(Reais::from_centavos),
    });
    let pix_status = o
        .status_pix
        .as_deref()
        .map(PixStatus::from_db)
        .transpose()?;
    let charge = o
        .charge_status
        .as_deref()
        .map(ChargeStatus::from_db)
        .transpose()?;
    let refund = o
        .refund_status
        .as_deref()
        .map(RefundStatus::from_db)
        .transpose()?;
    let refund_reason = o
        .refund_reason
        .as_deref()
        .map(RefundReason::from_db)
        .transpose()?;
    let payable = charge == Some(ChargeStatus::Pending);
    let pix_image = match (&o.txid, payable) {
        (Some(txid), true) => Some(qr::url(txid)),
        _ => None,
    };
    let lines = lines
        .iter()
        .map(|l| OrderLine {
            title: l.titulo.clone(),
            icon: l.icone.clone(),
            option: l.opcao.clone(),
            quantity: l.quantidade,
            unit_price: Reais::from_centavos(l.preco_unitario_centavos),
            paid: Reais::from_centavos(l.pago_centavos),
            supplier_phone: o.telefoneforn.clone(),
            note: l.observacao.clone(),
        })
        .collect();
    Ok(Order {
        id: o.id.clone(),
        same_id: o.id.clone(),
        infos: OrderInfos {
            txid: o.txid.clone(),
            supplier_id: o.supplier_id.clone(),
            supplier_name: o.nomeforn.clone(),
            supplier_phone: o.telefoneforn.clone(),
            placed_at: o.criado_em,
            buyer_id: o.buyer_id.clone(),
            buyer_name: o.cliente_nome.clone(),
            buyer_phone: o.cliente_telefone.clone(),
            pix_status,
            status: o.situacao,
            mode: o.tipo_entrega.clone(),
            payment: o.pagamento,
            products_total: Reais::from_centavos(o.preco_produtos_centavos),
            delivery_fee: Reais::from_centavos(o.taxa_entrega_centavos),
            discount: Reais::from_centavos(o.desconto_centavos),
            total: Reais::from_centavos(o.total_centavos),
            coupon,
            pix_code: o.copia_e_cola.clone(),
            pix_image,
            refunded: charge == Some(ChargeStatus::Refunded) || refund.is_some(),
            refund,
            refund_reason,
            pix_expires_at: o.pix_expira_em,
            recurring_due: o.cobr_vencimento.clone(),
            delivered_at: o.entregue_em,
            received_at: o.recebido_em,
            received_by: o
                .recebimento
                .as_deref()
                .map(ReceiptBy::from_db)
                .transpose()?,
            street: o.rua.clone(),
            number: o.numero.clone(),
            city: o.cidade.clone(),
            complement: o.complemento.clone(),
            bairro: o.bairro.clone(),
            cep: o.cep.as_deref().map(|c| {
                wasm_core::cep::Cep::parse(c).map_or_else(|_| c.to_owned(), |c| c.masked())
            }),
            scheduled_label: scheduled_label(o),
            date: o.data_entrega.clone(),
            window_start: o.janela_inicio.clone(),
            window_end: o.janela_fim.clone(),
            note: o.observacao.clone(),
        },
        lines,
        review: None,
    })
}

/// 'terça-feira, 1 de dezembro, 8h–12h' for an order with a date and window (decisions.md §36).
fn scheduled_label(o: &OrderRow) -> Option<String> {
    let (d, a, b) = (
        o.data_entrega.as_deref()?,
        o.janela_inicio.as_deref()?,
        o.janela_fim.as_deref()?,
    );
    wasm_core::delivery::days::Slot::parse(d, a, b).map(|s| s.label())
}

fn assemble(orders: &[OrderRow], lines: &[LineRow]) -> ApiResult<Vec<Order>> {
    let mut by_order: HashMap<&str, Vec<&LineRow>> = HashMap::new();
    for l in lines {
        by_order.entry(l.order_id.as_str()).or_default().push(l);
    }
    orders
        .iter()
        .map(|o| {
            order_of(
                o,
                by_order.get(o.id.as_str()).map_or(&[][..], Vec::as_slice),
            )
        })
        .collect()
}

/// One order as the `pedido` object.
pub(super) async fn load_order(db: &Db, order_id: &str) -> ApiResult<Order> {
    let orders: Vec<OrderRow> = sqlx::query_as(ORDER_BY_ID.as_str())
        .bind(order_id)
        .fetch_all(db)
        .await?;
    let lines: Vec<LineRow> = sqlx::query_as(LINES_BY_ID.as_str())
        .bind(order_id)
        .fetch_all(db)
        .await?;
    assemble(&orders, &lines)?
        .into_iter()
        .next()
        .ok_or_else(order_not_found)
}

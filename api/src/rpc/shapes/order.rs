//! An order (`pedido`, docs/rpc.md "Orders"), one shape for the buyer's orders
//! (`pegar_pedidos`, `finalizar_pedido`) and the supplier's deliveries (`pegar_entregas*`):
//! `id` twice, `Infos` (who, when, how, how much, the Pix) and `Produtos` (the lines, in the
//! bag's order). Money in reais, times in epoch milliseconds.

use crate::{
    domain::codes::{OrderStatus, PaymentMethod, PixStatus, ReceiptBy, RefundReason, RefundStatus},
    rpc::fields::Reais,
};
use serde::Serialize;
use utoipa::ToSchema;

/// Delivered or picked up (only its schema: the value is the stored text).
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum DeliveryMode {
    /// Delivered to the buyer's address.
    #[schema(rename = "Entrega")]
    Delivery,
    /// Picked up at the store.
    #[schema(rename = "Retirada")]
    Pickup,
}

/// The coupon an order used, as it was then.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderCoupon {
    /// Upper case.
    #[serde(rename = "codigo")]
    pub code: String,
    /// `%` or `R$` (null on an order stored before the kind was kept).
    #[serde(rename = "tipo")]
    pub kind: Option<String>,
    /// The percentage for `%`, reais for `R$`.
    #[serde(rename = "valor")]
    pub value: Option<Reais>,
}

/// An order's facts (`Infos`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderInfos {
    /// The Pix charge's txid; null when paid in person.
    pub txid: Option<String>,
    /// The supplier's user id, name and phone.
    #[serde(rename = "userforn")]
    pub supplier_id: String,
    #[serde(rename = "nomeforn")]
    pub supplier_name: String,
    #[serde(rename = "telefoneforn")]
    pub supplier_phone: String,
    /// When it was placed.
    #[serde(rename = "horario_pedido")]
    pub placed_at: i64,
    /// The buyer's user id, name and phone (as they were when ordering).
    #[serde(rename = "cliente_user")]
    pub buyer_id: String,
    #[serde(rename = "cliente_nome")]
    pub buyer_name: String,
    #[serde(rename = "cliente_telefone")]
    pub buyer_phone: Option<String>,
    /// The Pix payment's state; null when paid in person.
    #[serde(rename = "status_pix")]
    pub pix_status: Option<PixStatus>,
    #[serde(rename = "situacao")]
    pub status: OrderStatus,
    #[serde(rename = "tipo_entrega")]
    #[schema(value_type = DeliveryMode)]
    pub mode: String,
    #[serde(rename = "pagamento")]
    pub payment: PaymentMethod,
    /// The products' sum, after promotions.
    #[serde(rename = "preco_produtos")]
    pub products_total: Reais,
    #[serde(rename = "taxa_entrega")]
    pub delivery_fee: Reais,
    /// The coupon's discount.
    #[serde(rename = "desconto")]
    pub discount: Reais,
    /// What the buyer pays.
    #[serde(rename = "total_pago")]
    pub total: Reais,
    #[serde(rename = "cupom")]
    pub coupon: Option<OrderCoupon>,
    /// The Pix copia e cola (present means Pix; it stays after the charge ends).
    #[serde(rename = "qrcode")]
    pub pix_code: Option<String>,
    /// The QR code image's URL (`/pix/{txid}/qr.svg`), only while the charge can be paid.
    #[serde(rename = "imagem_qrcode")]
    pub pix_image: Option<String>,
    /// A paid Pix is being or was given back.
    #[serde(rename = "reembolsado")]
    pub refunded: bool,
    /// That refund's state; null when there is none.
    #[serde(rename = "devolucao")]
    pub refund: Option<RefundStatus>,
    /// Why a Pix that came in for this order is being (or was) given back: a paid order
    /// cancelled, a payment after the charge could no longer be paid, another amount; null
    /// when none came back.
    #[serde(rename = "pix_devolvido")]
    pub refund_reason: Option<RefundReason>,
    /// When the store marked it delivered (epoch ms; decisions.md §37); null before (and for
    /// orders delivered before the buyer's word existed, the time of the store's confirmation).
    #[serde(rename = "entregue_em")]
    pub delivered_at: Option<i64>,
    /// When its receipt was settled: the buyer's 'Recebi meu pedido' or the automatic release;
    /// null while the buyer's word is awaited. Its held Pix money was released then.
    #[serde(rename = "recebido_em")]
    pub received_at: Option<i64>,
    /// How: `comprador`, `automatico`, or `loja` (confirmed by the store before §37).
    #[serde(rename = "recebimento")]
    pub received_by: Option<ReceiptBy>,
    /// When the Pix charge expires (epoch ms); null when paid in person.
    #[serde(rename = "pix_expira_em")]
    pub pix_expires_at: Option<i64>,
    /// A basket's cycle paid by Pix Automático (decisions.md §35): the day its recurring charge
    /// is due (`AAAA-MM-DD`), when the buyer's bank debits it — there is no code to copy; absent
    /// for any other order.
    #[serde(
        rename = "vencimento_pix_automatico",
        skip_serializing_if = "Option::is_none"
    )]
    #[schema(nullable = false)]
    pub recurring_due: Option<String>,
    /// The delivery address (null for a pickup).
    #[serde(rename = "rua")]
    pub street: Option<String>,
    #[serde(rename = "numero")]
    pub number: Option<String>,
    /// `City, UF`.
    #[serde(rename = "cidade")]
    pub city: Option<String>,
    #[serde(rename = "complemento")]
    pub complement: Option<String>,
    /// The bairro (absent for a pickup, or when the address had none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub bairro: Option<String>,
    /// The CEP, `00000-000` (absent for a pickup, or when the address had none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub cep: Option<String>,
    /// The delivery or pickup date chosen at checkout (`AAAA-MM-DD`, São Paulo; decisions.md
    /// §36), absent when the store has no delivery days.
    #[serde(rename = "data_entrega", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub date: Option<String>,
    /// The window's start and end (`HH:MM`), with `data_entrega`.
    #[serde(rename = "janela_inicio", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub window_start: Option<String>,
    #[serde(rename = "janela_fim", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub window_end: Option<String>,
    /// The date and window as Brazilians read them: 'terça-feira, 1 de dezembro, 8h–12h'.
    #[serde(rename = "data_entrega_texto", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub scheduled_label: Option<String>,
    /// The buyer's note to the store (absent when none).
    #[serde(rename = "observacao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub note: Option<String>,
}

/// One line of an order (`Produtos[]`), as it was bought.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderLine {
    #[serde(rename = "titulo")]
    pub title: String,
    #[serde(rename = "icone")]
    pub icon: Option<String>,
    /// The option chosen; null for a product without options.
    #[serde(rename = "opcao")]
    pub option: Option<String>,
    #[serde(rename = "quantidade")]
    pub quantity: i64,
    /// The unit price paid.
    #[serde(rename = "preco")]
    pub unit_price: Reais,
    /// The line's total.
    #[serde(rename = "pago")]
    pub paid: Reais,
    /// The supplier's phone.
    #[serde(rename = "telefone")]
    pub supplier_phone: String,
    /// The buyer's note on this line (absent when none).
    #[serde(rename = "observacao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub note: Option<String>,
}

/// An order (`pedido`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Order {
    pub id: String,
    /// The id again (the spec's clients read it).
    #[serde(rename = "idpedido")]
    pub same_id: String,
    #[serde(rename = "Infos")]
    pub infos: OrderInfos,
    /// The lines, in the bag's order.
    #[serde(rename = "Produtos")]
    pub lines: Vec<OrderLine>,
    /// Its review, once its buyer rated the delivery (decisions.md §33); in the buyer's orders
    /// and the store's deliveries only.
    #[serde(rename = "avaliacao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub review: Option<super::OrderReview>,
}

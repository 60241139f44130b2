//! The codes the database stores and the wire carries, one enum each: an order's `situacao`
//! ([`OrderStatus`]) and `status_pix` ([`PixStatus`]), its payment method ([`PaymentMethod`]),
//! a charge's status ([`ChargeStatus`]) and purpose ([`ChargePurpose`]), an open item's
//! ([`OpenItemStatus`]) and a withdrawal's ([`WithdrawalStatus`]) statuses, a token ledger
//! entry's reason ([`TokenEntry`]), a received Pix's state ([`ReceivedState`]) and origin
//! ([`PixOrigin`]), a refund's status ([`RefundStatus`]) and reason ([`RefundReason`]).
//!
//! Each code is written once, in the table below: it is both the database text ([`as_db`],
//! [`from_db`], `TryFrom<String>` for `#[sqlx(try_from = "String")]`) and the wire text (serde
//! renames, listed by its OpenAPI schema). Handlers compare enums, and queries bind `as_db()`.
//!
//! [`as_db`]: OrderStatus::as_db
//! [`from_db`]: OrderStatus::from_db

use wasm_core::forms::PaymentOptions;

/// A database text that is none of an enum's codes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} code {code:?} in the database")]
pub struct UnknownCode {
    kind: &'static str,
    code: String,
}

/// Defines code enums: each variant's text is its database text and its serde name.
macro_rules! codes {
    ($(
        $(#[doc = $doc:literal])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $code:literal, )+
        }
    )+) => {$(
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $code)] $variant, )+
        }

        impl $name {
            /// Every variant, in the table's order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The text stored in the database (and sent on the wire).
            pub const fn as_db(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)+
                }
            }

            /// The variant stored as `text`.
            pub fn from_db(text: &str) -> Result<Self, UnknownCode> {
                match text {
                    $($code => Ok(Self::$variant),)+
                    _ => Err(UnknownCode { kind: stringify!($name), code: text.to_owned() }),
                }
            }
        }

        impl TryFrom<String> for $name {
            type Error = UnknownCode;

            fn try_from(text: String) -> Result<Self, UnknownCode> {
                Self::from_db(&text)
            }
        }

        /// The codes as a string enum, with the enum's doc comment.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let doc: &[&str] = &[$($doc),*];
                let lines: Vec<&str> = doc.iter().map(|l| l.trim()).collect();
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::Type::String)
                    .enum_values(Some([$($code),+]))
                    .description(Some(lines.join("\n")))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_db())
            }
        }
    )+};
}

codes! {
    /// An order's situation (`orders.situacao`): `1` awaiting delivery or pickup, `2`
    /// delivered, `0` cancelled by the supplier, `00` cancelled by the buyer or by its Pix charge
    /// expiring.
    pub enum OrderStatus {
        /// Placed, awaiting delivery (or pickup).
        Awaiting = "1",
        Delivered = "2",
        /// Cancelled by the supplier (`cancelar_entrega`).
        CancelledBySupplier = "0",
        /// Cancelled by the buyer (`cancelar_pedido`) or by its Pix charge expiring.
        CancelledByBuyer = "00",
    }

    /// An order's Pix payment (`orders.status_pix`, NULL for an order paid in person): `1`
    /// awaiting payment, `2` paid, `0` expired or cancelled unpaid.
    pub enum PixStatus {
        /// The charge expired or was cancelled unpaid.
        Expired = "0",
        Awaiting = "1",
        Paid = "2",
    }

    /// How the buyer pays (`orders.pagamento`): `1` in person, `2` Pix.
    pub enum PaymentMethod {
        InPerson = "1",
        Pix = "2",
    }

    /// How a delivered order's receipt was settled (`orders.recebimento`, decisions.md §37):
    /// the buyer confirmed it, the release job did after `RELEASE_AFTER_DAYS` without a problem
    /// reported, or the store confirmed the delivery before the buyer's word existed.
    pub enum ReceiptBy {
        /// The buyer tapped 'Recebi meu pedido'.
        Buyer = "comprador",
        /// Released automatically after `RELEASE_AFTER_DAYS`.
        Automatic = "automatico",
        /// Confirmed by the store before decisions.md §37 (kept as it was).
        Store = "loja",
        /// Settled by a problem case (its refund, the buyer's acceptance or the admin's decision).
        Case = "reclamacao",
    }

    /// `pix_charges.status`.
    pub enum ChargeStatus {
        Pending = "pendente",
        Paid = "pago",
        /// Past its time unpaid.
        Expired = "expirado",
        /// Paid, then given back (its order was cancelled).
        Refunded = "devolvido",
        /// Unpaid, and its order was cancelled.
        Cancelled = "cancelado",
    }

    /// `pix_charges.finalidade`: what a charge pays for.
    pub enum ChargePurpose {
        Order = "pedido",
        Tokens = "fichas",
    }

    /// `open_items.status`.
    pub enum OpenItemStatus {
        /// Paid, held until the supplier confirms the delivery ('A liberar', decisions.md §27).
        Held = "a_liberar",
        /// Released to the supplier (in the balance unless in a withdrawal).
        Received = "2",
        /// Paid out in a confirmed withdrawal (the history's 'Saque').
        PaidOut = "3",
        /// Its order was refunded.
        Refunded = "devolvido",
    }

    /// `withdrawals.status`.
    pub enum WithdrawalStatus {
        Pending = "pendente",
        Paid = "pago",
    }

    /// `pix_received.estado`: what became of a Pix the PSP told us about.
    pub enum ReceivedState {
        /// Recorded, not applied yet.
        New = "novo",
        /// It paid its charge.
        Applied = "aplicado",
        /// Not applied (its charge could no longer be paid, another amount, an unknown txid):
        /// given back in full (decisions.md §28).
        Refunded = "devolvido",
        /// Recorded before decisions.md §28 without a refund: kept for the admin, never applied.
        Refused = "recusado",
    }

    /// How a received Pix reached us (`pix_received.origem`): `webhook`, `reconciliacao`, a
    /// status query (`consulta`), the expiry job (`expiracao`), `sandbox`.
    pub enum PixOrigin {
        Webhook = "webhook",
        Reconciliation = "reconciliacao",
        /// A status query (`consultar_pagamento`).
        Query = "consulta",
        /// The expiry job asking the PSP before it expires a charge.
        Expiry = "expiracao",
        Sandbox = "sandbox",
    }

    /// A refund's state (`pix_refunds.status`): `pendente` (not yet accepted by the PSP),
    /// `em_processamento` (accepted), `devolvido` (the money went back), `nao_realizado` or
    /// `falhou` (the admin acts).
    pub enum RefundStatus {
        /// Decided, not yet accepted by the PSP (the refund job retries).
        Pending = "pendente",
        /// Accepted by the PSP (`EM_PROCESSAMENTO`).
        Processing = "em_processamento",
        /// The money went back (`DEVOLVIDO`).
        Done = "devolvido",
        /// The PSP could not return it (`NAO_REALIZADO`): the admin acts.
        NotDone = "nao_realizado",
        /// The PSP refused the request for good: the admin acts.
        Failed = "falhou",
    }

    /// Why a Pix is refunded (`pix_refunds.motivo`): a paid order's `cancelamento`, or a
    /// `pagamento_tardio` for a charge that could no longer be paid.
    pub enum RefundReason {
        /// A paid order was cancelled.
        Cancellation = "cancelamento",
        /// A payment arrived after its charge expired (prazo expirado).
        LatePayment = "pagamento_tardio",
        /// A payment of another amount than its charge's.
        WrongAmount = "valor_diferente",
        /// A payment with no txid, or one that is none of our charges.
        UnknownCharge = "cobranca_desconhecida",
        /// A second payment of a charge already paid (pagamento em duplicidade).
        DuplicatePayment = "pagamento_duplicado",
        /// A payment that arrived after its order was cancelled (pedido cancelado).
        AfterCancellation = "pedido_cancelado",
        /// A Pix the PSP has for another Pix key than ours, found by the reconciliation.
        OtherKey = "outra_chave",
        /// All or part of a delivered order given back to settle its problem case (§37).
        Case = "reclamacao",
    }

    /// `order_cases.motivo`: why the buyer tapped 'Tive um problema' (decisions.md §37).
    pub enum CaseReason {
        /// 'Não recebi'.
        NotReceived = "nao_recebi",
        /// 'Veio faltando'.
        Missing = "faltando",
        /// 'Produto com defeito ou estragado'.
        Defective = "defeito",
        /// 'Outro'.
        Other = "outro",
    }

    /// `order_cases.status`.
    pub enum CaseStatus {
        /// The buyer and the store talk; the money stays held.
        Open = "aberta",
        /// In the admin's 'Disputas' (asked by the buyer, or `CASE_ESCALATE_DAYS` passed).
        Mediation = "mediacao",
        /// Settled once: see its outcome.
        Closed = "encerrada",
    }

    /// `order_cases.resultado`: how a case ended.
    pub enum CaseOutcome {
        /// Everything held released to the store.
        Released = "liberado",
        /// Part given back to the buyer, the rest released.
        PartlyRefunded = "devolvido_parcial",
        /// Everything held given back to the buyer.
        Refunded = "devolvido_total",
    }

    /// Who writes in a case or decided it (`order_case_messages.autor`, `order_cases.decidido_por`).
    pub enum CaseSide {
        Buyer = "comprador",
        Store = "loja",
        Admin = "admin",
    }

    /// `token_ledger.motivo`.
    pub enum TokenEntry {
        /// Tokens bought by Pix.
        Purchase = "compra",
        /// One token spent on a notarisation.
        Notarisation = "registro",
        /// One token held by an upload in progress (given back if it fails).
        Reservation = "reserva",
    }
}

impl OrderStatus {
    /// Cancelled by anyone.
    pub const fn is_cancelled(self) -> bool {
        matches!(self, Self::CancelledBySupplier | Self::CancelledByBuyer)
    }
}

impl ChargeStatus {
    /// Paid at some point (refunded ones too): `consultar_pagamento`'s `pago`.
    pub const fn was_paid(self) -> bool {
        matches!(self, Self::Paid | Self::Refunded)
    }

    /// Can no longer be paid without having been: `consultar_pagamento`'s `expirado`.
    pub const fn was_abandoned(self) -> bool {
        matches!(self, Self::Expired | Self::Cancelled)
    }
}

impl RefundStatus {
    /// The PSP has the request (or it ended): no more `PUT`s.
    pub const fn accepted(self) -> bool {
        !matches!(self, Self::Pending)
    }

    /// Nothing will change it any more.
    pub const fn is_final(self) -> bool {
        matches!(self, Self::Done | Self::NotDone | Self::Failed)
    }
}

impl PaymentMethod {
    /// The method a client names: its code as text (`"2"`, `" 1 "`; a number arrives as its
    /// text, `rpc::fields::Text`).
    pub fn from_wire(code: &str) -> Option<Self> {
        Self::from_db(code.trim()).ok()
    }

    /// Whether a supplier offering `offered` accepts this method.
    pub const fn accepted_by(self, offered: PaymentOptions) -> bool {
        match self {
            Self::InPerson => offered.in_person,
            Self::Pix => offered.pix,
        }
    }
}

#[cfg(test)]
mod tests;

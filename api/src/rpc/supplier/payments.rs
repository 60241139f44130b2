//! Pagamentos (decisions.md §6, §9, §14): `pegar_infos_pagamentos` (options, Pix key, balance =
//! the open items, the withdrawal's 2 % fee and net, the pending request), `opcoes_pagamento`,
//! `pegar_historico_pagamentos` (the session's supplier's Pix records), `alterar_pix` and
//! `transferir` (a withdrawal request: one pending at a time; the open items move into it).
//! Fee and net come from wasm-core's `forms::Withdrawal`.

use super::{bad, own_supplier};
use crate::{
    auth::AuthUser,
    db::Db,
    domain::{
        charges,
        codes::{OpenItemStatus, PaymentMethod, PixStatus},
        ledger,
        withdrawals::{self, Request},
    },
    error::ApiResult,
    rpc::{
        fields::{Reais, Text},
        paging::{self, PageAsk},
        shapes::True,
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::{
    forms::{FormError, PaymentOptions, Withdrawal},
    money::Money,
};

/// `opcoes_pagamento`: `opcao` (`"1"`, `"2"`, `"12"`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PaymentChoice {
    #[serde(default)]
    pub opcao: Text,
}

/// `alterar_pix` and `transferir`: `pix`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PixKey {
    #[serde(default)]
    pub pix: Option<String>,
}

/// A withdrawal request (`Solicitacao`), as its supplier sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct WithdrawalRequest {
    pub id: String,
    /// The balance requested (gross).
    #[serde(rename = "valor")]
    pub gross: Reais,
    /// The 2 % fee.
    #[serde(rename = "taxa")]
    pub fee: Reais,
    /// What the supplier receives.
    #[serde(rename = "liquido")]
    pub net: Reais,
    /// The Pix key it is paid to.
    #[serde(rename = "chave_pix")]
    pub pix_key: String,
    /// When it was requested.
    #[serde(rename = "criado_em")]
    pub created_at: i64,
}

impl From<&Request> for WithdrawalRequest {
    fn from(r: &Request) -> Self {
        Self {
            id: r.id.clone(),
            gross: Reais::from_centavos(r.bruto_centavos),
            fee: Reais::from_centavos(r.taxa_centavos),
            net: Reais::from_centavos(r.liquido_centavos),
            pix_key: r.chave_pix.clone(),
            created_at: r.criado_em,
        }
    }
}

/// A paid order's value owed to the supplier (`Abertos[]`).
#[derive(Debug, Serialize, ToSchema)]
pub struct OpenValue {
    /// The open item's id.
    pub id: String,
    /// Its order.
    #[serde(rename = "idpedido")]
    pub order_id: String,
    #[serde(rename = "cliente_nome")]
    pub buyer_name: String,
    #[serde(rename = "valor")]
    pub value: Reais,
    /// When the order was placed.
    #[serde(rename = "horario_pedido")]
    pub placed_at: i64,
}

/// Pagamentos' figures (`pagamentos`).
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentsSummary {
    /// Contains `1` (in person) and/or `2` (Pix) (decisions.md §6).
    #[serde(rename = "opcoes")]
    pub options: String,
    /// The key withdrawals are paid to.
    pub pix: Option<String>,
    /// The balance: the sum of the open values (released: their deliveries were confirmed).
    #[serde(rename = "saldo")]
    pub balance: Reais,
    /// 'A liberar': paid Pix money held until the supplier confirms the delivery (decisions.md
    /// §27); not withdrawable yet.
    #[serde(rename = "aliberar")]
    pub held: Reais,
    /// The held values, oldest first.
    #[serde(rename = "Aliberar")]
    pub held_items: Vec<OpenValue>,
    /// The 2 % fee and the net of a withdrawal of the whole balance.
    #[serde(rename = "taxa")]
    pub fee: Reais,
    #[serde(rename = "liquido")]
    pub net: Reais,
    #[serde(rename = "Abertos")]
    pub open: Vec<OpenValue>,
    /// The pending withdrawal request, if any.
    #[serde(rename = "Solicitacao")]
    pub request: Option<WithdrawalRequest>,
}

/// `pegar_infos_pagamentos`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentsInfo {
    #[serde(rename = "pagamentos")]
    pub payments: PaymentsSummary,
}

/// `opcoes_pagamento`'s answer: the options as saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct OptionsSaved {
    pub ok: True,
    /// Contains `1` (in person) and/or `2` (Pix).
    #[serde(rename = "opcoes")]
    pub options: String,
}

/// A Pix order's state in the payment history, as the spec codes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum HistoryStatus {
    /// Expirado: its charge expired or was cancelled unpaid.
    #[serde(rename = "0")]
    Expired,
    /// Aguardando pagamento.
    #[serde(rename = "1")]
    Awaiting,
    /// Recebido: paid (held until the delivery is confirmed, then in the balance or in a
    /// pending withdrawal).
    #[serde(rename = "2")]
    Received,
    /// Saque: paid out in a confirmed withdrawal.
    #[serde(rename = "3")]
    PaidOut,
}

/// A line of the payment history (`fechados[]`): one Pix order.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentRecord {
    /// The order's id.
    pub id: String,
    #[serde(rename = "horario_pedido")]
    pub placed_at: i64,
    #[serde(rename = "cliente_nome")]
    pub buyer_name: String,
    /// The order's total.
    #[serde(rename = "valor")]
    pub value: Reais,
    #[serde(rename = "status_pix")]
    pub status: HistoryStatus,
    /// Paid, then given back.
    #[serde(rename = "devolvido")]
    pub refunded: bool,
}

/// `pegar_historico_pagamentos`'s answer: a page of the history.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentRecords {
    /// The Pix orders, newest first.
    #[serde(rename = "fechados")]
    pub records: Vec<PaymentRecord>,
    /// The next page's cursor (send it as `cursor`); absent on the last page.
    #[serde(rename = "proximo", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next: Option<String>,
}

/// `alterar_pix`'s answer: the key as saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct PixKeySaved {
    pub ok: True,
    pub pix: String,
}

/// `transferir`'s answer: the request made.
#[derive(Debug, Serialize, ToSchema)]
pub struct WithdrawalRequested {
    pub ok: True,
    #[serde(rename = "Solicitacao")]
    pub request: WithdrawalRequest,
}

/// `pegar_infos_pagamentos`.
pub async fn info(state: &AppState, user: AuthUser) -> ApiResult<PaymentsInfo> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let (opcoes, pix): (String, Option<String>) =
        sqlx::query_as("SELECT pagamento_opcoes, pix_chave FROM suppliers WHERE user_id = $1")
            .bind(&supplier_id)
            .fetch_one(db)
            .await?;
    let open = ledger::open_items(db, &supplier_id).await?;
    let held = ledger::held_items(db, &supplier_id).await?;
    let saldo: i64 = open.iter().map(|o| o.valor_centavos).sum();
    let aliberar: i64 = held.iter().map(|o| o.valor_centavos).sum();
    let (taxa, liquido) = Withdrawal::preview(Money::from_centavos(saldo));
    let values = |items: &[ledger::OpenItem]| -> Vec<OpenValue> {
        items
            .iter()
            .map(|o| OpenValue {
                id: o.id.clone(),
                order_id: o.order_id.clone(),
                buyer_name: o.cliente_nome.clone(),
                value: Reais::from_centavos(o.valor_centavos),
                placed_at: o.criado_em,
            })
            .collect()
    };
    let request = withdrawals::pending_of(db, &supplier_id).await?;
    Ok(PaymentsInfo {
        payments: PaymentsSummary {
            options: PaymentOptions::from_codes(&opcoes).codes(),
            pix,
            balance: Reais::from_centavos(saldo),
            held: Reais::from_centavos(aliberar),
            held_items: values(&held),
            fee: taxa.into(),
            net: liquido.into(),
            open: values(&open),
            request: request.as_ref().map(WithdrawalRequest::from),
        },
    })
}

/// `opcoes_pagamento`: `1` in person, `2` Pix (decisions.md §6); at least one.
pub async fn set_options(
    state: &AppState,
    user: AuthUser,
    req: PaymentChoice,
) -> ApiResult<OptionsSaved> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let codes = req.opcao.as_str();
    let offers = |m: PaymentMethod| codes.contains(m.as_db());
    let chosen =
        PaymentOptions::choose(offers(PaymentMethod::InPerson), offers(PaymentMethod::Pix))
            .map_err(bad)?;
    sqlx::query(
        "UPDATE suppliers SET pagamento_opcoes = $1, pagamentos_confirmados = TRUE \
         WHERE user_id = $2",
    )
    .bind(chosen.codes())
    .bind(&supplier_id)
    .execute(&state.db)
    .await?;
    Ok(OptionsSaved {
        ok: True,
        options: chosen.codes(),
    })
}

/// A Pix order: id, time, customer, total, `status_pix`, its open item's status.
type HistoryRow = (String, i64, String, i64, Option<String>, Option<String>);

/// One line of the history: `status_pix` as the spec codes it (`'3'` once paid out).
fn record_of(row: HistoryRow) -> ApiResult<PaymentRecord> {
    let (id, placed_at, buyer_name, total, status_pix, item) = row;
    let item = item.as_deref().map(OpenItemStatus::from_db).transpose()?;
    let status_pix = status_pix.as_deref().map(PixStatus::from_db).transpose()?;
    let status = match (item, status_pix.unwrap_or(PixStatus::Awaiting)) {
        (Some(OpenItemStatus::PaidOut), _) => HistoryStatus::PaidOut,
        (_, PixStatus::Expired) => HistoryStatus::Expired,
        (_, PixStatus::Awaiting) => HistoryStatus::Awaiting,
        (_, PixStatus::Paid) => HistoryStatus::Received,
    };
    Ok(PaymentRecord {
        id,
        placed_at,
        buyer_name,
        value: Reais::from_centavos(total),
        status,
        refunded: item == Some(OpenItemStatus::Refunded),
    })
}

/// `pegar_historico_pagamentos`: a page of the Pix orders of the signed-in supplier, newest
/// first (the first without `cursor`).
pub async fn history(state: &AppState, user: AuthUser, ask: PageAsk) -> ApiResult<PaymentRecords> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let before = ask.after(paging::newest())?;
    charges::expire_due(db).await?;
    let mut rows: Vec<HistoryRow> = sqlx::query_as(
        "SELECT o.id, o.criado_em, o.cliente_nome, o.total_centavos, o.status_pix, i.status \
         FROM orders o LEFT JOIN open_items i ON i.order_id = o.id \
         WHERE o.supplier_id = $1 AND o.pagamento = $2 AND (o.criado_em, o.id) < ($3, $4) \
         ORDER BY o.criado_em DESC, o.id DESC LIMIT $5",
    )
    .bind(&supplier_id)
    .bind(PaymentMethod::Pix.as_db())
    .bind(before.0)
    .bind(&before.1)
    .bind(paging::fetch(ask.size()))
    .fetch_all(db)
    .await?;
    let next = paging::trim(&mut rows, ask.size(), |r| paging::encode(&r.1, &r.0));
    Ok(PaymentRecords {
        records: rows.into_iter().map(record_of).collect::<ApiResult<_>>()?,
        next,
    })
}

async fn save_key(db: &Db, supplier_id: &str, pix: Option<&str>) -> ApiResult<String> {
    let key = wasm_core::forms::pix_key(pix.unwrap_or("")).map_err(bad)?;
    let key = key.as_str();
    sqlx::query("UPDATE suppliers SET pix_chave = $1 WHERE user_id = $2")
        .bind(key)
        .bind(supplier_id)
        .execute(db)
        .await?;
    Ok(key.to_owned())
}

/// `alterar_pix`.
pub async fn set_pix(state: &AppState, user: AuthUser, req: PixKey) -> ApiResult<PixKeySaved> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let pix = save_key(&state.db, &supplier_id, req.pix.as_deref()).await?;
    Ok(PixKeySaved { ok: True, pix })
}

/// `transferir`: saves the Pix key when one is given (else uses the stored one) and requests
/// the payout of the whole balance ([`withdrawals::request`]).
pub async fn withdraw(
    state: &AppState,
    user: AuthUser,
    req: PixKey,
) -> ApiResult<WithdrawalRequested> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let key = match req.pix.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        Some(k) => save_key(db, &supplier_id, Some(k)).await?,
        None => {
            let stored: Option<String> =
                sqlx::query_scalar("SELECT pix_chave FROM suppliers WHERE user_id = $1")
                    .bind(&supplier_id)
                    .fetch_one(db)
                    .await?;
            stored
                .filter(|k| !k.trim().is_empty())
                .ok_or_else(|| bad(FormError::PixKeyRequired))?
        }
    };
    let request = withdrawals::request(db, &supplier_id, &key).await?;
    Ok(WithdrawalRequested {
        ok: True,
        request: WithdrawalRequest::from(&request),
    })
}

//! Withdrawal requests as the admin sees them (decisions.md §9): `pegar_solicitacoes_saque`
//! lists the pending ones with their suppliers and the orders each pays for; `confirmar_saque` confirms one once the admin
//! has paid it by Pix outside the app ([`withdrawals::confirm`]: only the first confirmation
//! changes anything).

use crate::{
    auth::Admin,
    domain::{codes::WithdrawalStatus, withdrawals},
    error::ApiResult,
    rpc::fields::Reais,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `confirmar_saque`: `userforn` carries the withdrawal request's id (the spec's field name).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ConfirmWithdrawal {
    pub userforn: String,
}

/// A pending request with its supplier.
#[derive(Debug, sqlx::FromRow)]
struct PendingRow {
    id: String,
    supplier_id: String,
    nomeforn: String,
    iconeforn: Option<String>,
    bruto_centavos: i64,
    taxa_centavos: i64,
    liquido_centavos: i64,
    chave_pix: String,
    criado_em: i64,
}

/// A request's figures (`Solicitacao`), as the admin pays it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Payout {
    /// What the admin transfers: the balance less the 2 % fee.
    #[serde(rename = "valor")]
    pub net: Reais,
    /// The balance requested.
    #[serde(rename = "bruto")]
    pub gross: Reais,
    /// The 2 % fee.
    #[serde(rename = "taxa")]
    pub fee: Reais,
    /// The Pix key to pay.
    #[serde(rename = "chave_pix")]
    pub pix_key: String,
    /// When it was requested.
    #[serde(rename = "horario")]
    pub requested_at: i64,
}

/// A pending withdrawal request with its supplier.
#[derive(Debug, Serialize, ToSchema)]
pub struct PendingWithdrawal {
    /// The request's id (what `confirmar_saque` takes).
    pub id: String,
    /// The supplier's user id, name and icon.
    #[serde(rename = "usuario")]
    pub supplier_id: String,
    #[serde(rename = "nomeforn")]
    pub supplier_name: String,
    #[serde(rename = "iconeforn")]
    pub supplier_icon: Option<String>,
    #[serde(rename = "Solicitacao")]
    pub payout: Payout,
    /// The orders this request pays for (their released values), oldest first.
    #[serde(rename = "pedidos")]
    pub orders: Vec<PaidOrder>,
}

/// An order a withdrawal request pays for.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaidOrder {
    #[serde(rename = "idpedido")]
    pub order_id: String,
    #[serde(rename = "cliente_nome")]
    pub buyer_name: String,
    #[serde(rename = "valor")]
    pub value: Reais,
    /// When it was paid.
    #[serde(rename = "horario_pedido")]
    pub paid_at: i64,
}

/// `pegar_solicitacoes_saque`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PendingWithdrawals {
    /// Oldest first.
    #[serde(rename = "pendentes")]
    pub pending: Vec<PendingWithdrawal>,
}

/// `confirmar_saque`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct WithdrawalConfirmed {
    /// This call paid it out (false: it had been confirmed before; nothing changed).
    #[serde(rename = "confirmado")]
    pub confirmed: bool,
}

/// `pegar_solicitacoes_saque`: pending requests, oldest first.
pub async fn pending(state: &AppState, _admin: Admin) -> ApiResult<PendingWithdrawals> {
    let rows: Vec<PendingRow> = sqlx::query_as(
        "SELECT w.id, w.supplier_id, s.nomeforn, s.iconeforn, w.bruto_centavos, \
         w.taxa_centavos, w.liquido_centavos, w.chave_pix, w.criado_em \
         FROM withdrawals w JOIN suppliers s ON s.user_id = w.supplier_id \
         WHERE w.status = $1 ORDER BY w.criado_em, w.id",
    )
    .bind(WithdrawalStatus::Pending.as_db())
    .fetch_all(&state.db)
    .await?;
    let mut pending = Vec::with_capacity(rows.len());
    for w in rows {
        let orders: Vec<(String, String, i64, i64)> = sqlx::query_as(
            "SELECT order_id, cliente_nome, valor_centavos, criado_em FROM open_items \
             WHERE withdrawal_id = $1 ORDER BY criado_em, order_id",
        )
        .bind(&w.id)
        .fetch_all(&state.db)
        .await?;
        pending.push(PendingWithdrawal {
            id: w.id,
            supplier_id: w.supplier_id,
            supplier_name: w.nomeforn,
            supplier_icon: w.iconeforn,
            payout: Payout {
                net: Reais::from_centavos(w.liquido_centavos),
                gross: Reais::from_centavos(w.bruto_centavos),
                fee: Reais::from_centavos(w.taxa_centavos),
                pix_key: w.chave_pix,
                requested_at: w.criado_em,
            },
            orders: orders
                .into_iter()
                .map(|(order_id, buyer_name, valor, paid_at)| PaidOrder {
                    order_id,
                    buyer_name,
                    value: Reais::from_centavos(valor),
                    paid_at,
                })
                .collect(),
        });
    }
    Ok(PendingWithdrawals { pending })
}

/// `confirmar_saque`: pays out the request `userforn` names, once. An unknown id is 404.
pub async fn confirm(
    state: &AppState,
    _admin: Admin,
    req: ConfirmWithdrawal,
) -> ApiResult<WithdrawalConfirmed> {
    let confirmed = withdrawals::confirm(&state.db, req.userforn.trim()).await?;
    Ok(WithdrawalConfirmed { confirmed })
}

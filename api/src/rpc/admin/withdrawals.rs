//! Withdrawal requests as the admin sees them (decisions.md §9): `pegar_solicitacoes_saque`
//! lists the pending ones with their suppliers; `confirmar_saque` confirms one once the admin
//! has paid it by Pix outside the app ([`withdrawals::confirm`]: only the first confirmation
//! changes anything).

use crate::{
    auth::Admin,
    domain::{codes::WithdrawalStatus, withdrawals},
    error::ApiResult,
    rpc::fields::reais,
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};

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

/// `pegar_solicitacoes_saque`: pending requests, oldest first. `Solicitacao.valor` is what the
/// admin transfers (the balance less the 2 % fee).
pub async fn pending(state: &AppState, _admin: Admin) -> ApiResult<Value> {
    let rows: Vec<PendingRow> = sqlx::query_as(
        "SELECT w.id, w.supplier_id, s.nomeforn, s.iconeforn, w.bruto_centavos, \
         w.taxa_centavos, w.liquido_centavos, w.chave_pix, w.criado_em \
         FROM withdrawals w JOIN suppliers s ON s.user_id = w.supplier_id \
         WHERE w.status = $1 ORDER BY w.criado_em, w.id",
    )
    .bind(WithdrawalStatus::Pending.as_db())
    .fetch_all(&state.db)
    .await?;
    let pendentes: Vec<Value> = rows
        .into_iter()
        .map(|w| {
            json!({
                "id": w.id,
                "usuario": w.supplier_id,
                "nomeforn": w.nomeforn,
                "iconeforn": w.iconeforn,
                "Solicitacao": {
                    "valor": reais(w.liquido_centavos),
                    "bruto": reais(w.bruto_centavos),
                    "taxa": reais(w.taxa_centavos),
                    "chave_pix": w.chave_pix,
                    "horario": w.criado_em,
                },
            })
        })
        .collect();
    Ok(json!({ "pendentes": pendentes }))
}

/// `confirmar_saque`: pays out the request `userforn` names, once. `confirmado` tells whether
/// this call did it (false: it had been confirmed before). An unknown id is 404.
pub async fn confirm(state: &AppState, _admin: Admin, req: ConfirmWithdrawal) -> ApiResult<Value> {
    let confirmado = withdrawals::confirm(&state.db, req.userforn.trim()).await?;
    Ok(json!({ "confirmado": confirmado }))
}

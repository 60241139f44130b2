//! Moderation with reasons (the owner is told why): `pegar_resumo_fornecedor` (a store's open orders and
//! money, which the admin sees before hiding it), `moderar_anuncio` and `moderar_produto` (hide
//! or show an ad or a single product, with a reason e-mailed to its owner). Hiding a whole store
//! is `invisivel` ([`super::people`]), which takes a reason the same way. The changes are
//! [`crate::domain::moderation`].

use crate::{
    auth::Admin,
    db::now_ms,
    domain::moderation,
    error::{ApiError, ApiResult},
    rpc::fields::Reais,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `pegar_resumo_fornecedor`: the store (its user id).
#[derive(Debug, Deserialize, ToSchema)]
pub struct StoreSummaryRequest {
    pub userforn: String,
}

/// An order of the store that is not finished.
#[derive(Debug, Serialize, ToSchema)]
pub struct OpenOrder {
    pub idpedido: String,
    pub cliente_nome: String,
    /// Reais.
    pub total: Reais,
    /// When it was placed (ms).
    pub horario_pedido: i64,
    /// Its Pix was not paid yet.
    pub aguardando_pagamento: bool,
}

/// `pegar_resumo_fornecedor`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreSummary {
    /// Orders awaiting delivery (or their Pix), oldest first.
    pub pedidos_abertos: Vec<OpenOrder>,
    /// Paid Pix money held until each delivery is confirmed (reais).
    pub aliberar: Reais,
    /// Released money the store may withdraw (reais).
    pub saldo: Reais,
    /// A withdrawal requested and not yet paid out (its gross amount, reais).
    pub saque_pendente: Option<Reais>,
}

/// `moderar_anuncio` / `moderar_produto`: the item, hidden or shown, and why.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Moderate {
    /// The ad's or product's id.
    pub id: String,
    /// `true` hides it; `false` shows it again.
    pub oculto: bool,
    /// Required to hide (e-mailed to the owner); at most 500 characters.
    #[serde(default)]
    pub motivo: Option<String>,
}

/// `moderar_anuncio` / `moderar_produto`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Moderated {
    /// As saved.
    pub oculto: bool,
    /// Whether this call changed it (the same state again changes nothing, e-mails nobody).
    pub alterado: bool,
}

/// The reason a moderation takes: required to hide, optional to show again.
pub fn reason(hidden: bool, motivo: Option<&str>) -> ApiResult<String> {
    match (hidden, motivo.map(str::trim).filter(|m| !m.is_empty())) {
        (_, Some(m)) => {
            wasm_core::review::reason(m).map_err(|e| ApiError::bad_request(e.to_string()))
        }
        (true, None) => Err(ApiError::bad_request(wasm_core::messages::MOTIVO_VAZIO)),
        (false, None) => Ok(String::new()),
    }
}

/// `pegar_resumo_fornecedor`.
pub async fn store_summary(
    state: &AppState,
    _admin: Admin,
    req: StoreSummaryRequest,
) -> ApiResult<StoreSummary> {
    let s = moderation::store_summary(&state.db, req.userforn.trim()).await?;
    Ok(StoreSummary {
        pedidos_abertos: s
            .open_orders
            .into_iter()
            .map(|o| OpenOrder {
                idpedido: o.id,
                cliente_nome: o.cliente_nome,
                total: Reais::from_centavos(o.total_centavos),
                horario_pedido: o.criado_em,
                aguardando_pagamento: o.aguardando_pagamento != 0,
            })
            .collect(),
        aliberar: Reais::from_centavos(s.held_centavos),
        saldo: Reais::from_centavos(s.balance_centavos),
        saque_pendente: s.pending_withdrawal_centavos.map(Reais::from_centavos),
    })
}

/// `moderar_anuncio`.
pub async fn ad(state: &AppState, _admin: Admin, req: Moderate) -> ApiResult<Moderated> {
    let motivo = reason(req.oculto, req.motivo.as_deref())?;
    let changed =
        moderation::set_ad_hidden(&state.db, req.id.trim(), req.oculto, &motivo, now_ms()).await?;
    Ok(Moderated {
        oculto: req.oculto,
        alterado: changed,
    })
}

/// `moderar_produto`.
pub async fn product(state: &AppState, _admin: Admin, req: Moderate) -> ApiResult<Moderated> {
    let motivo = reason(req.oculto, req.motivo.as_deref())?;
    let changed =
        moderation::set_product_hidden(&state.db, req.id.trim(), req.oculto, &motivo, now_ms())
            .await?;
    Ok(Moderated {
        oculto: req.oculto,
        alterado: changed,
    })
}

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
    rpc::fields::{reais, text},
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_core::{
    forms::{FormError, PaymentOptions, Withdrawal},
    money::Money,
};

/// `opcoes_pagamento`: `opcao` (`"1"`, `"2"`, `"12"`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PaymentChoice {
    #[serde(default)]
    pub opcao: Option<Value>,
}

/// `alterar_pix` and `transferir`: `pix`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PixKey {
    #[serde(default)]
    pub pix: Option<String>,
}

fn request_json(r: &Request) -> Value {
    json!({
        "id": r.id, "valor": reais(r.bruto_centavos), "taxa": reais(r.taxa_centavos),
        "liquido": reais(r.liquido_centavos), "chave_pix": r.chave_pix, "criado_em": r.criado_em,
    })
}

/// `pegar_infos_pagamentos`.
pub async fn info(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let (opcoes, pix): (String, Option<String>) =
        sqlx::query_as("SELECT pagamento_opcoes, pix_chave FROM suppliers WHERE user_id = $1")
            .bind(&supplier_id)
            .fetch_one(db)
            .await?;
    let open = ledger::open_items(db, &supplier_id).await?;
    let saldo: i64 = open.iter().map(|o| o.valor_centavos).sum();
    let (taxa, liquido) = Withdrawal::preview(Money::from_centavos(saldo));
    let abertos: Vec<Value> = open
        .iter()
        .map(|o| {
            json!({ "id": o.id, "idpedido": o.order_id, "cliente_nome": o.cliente_nome,
                    "valor": reais(o.valor_centavos), "horario_pedido": o.criado_em })
        })
        .collect();
    let solicitacao = withdrawals::pending_of(db, &supplier_id).await?;
    Ok(json!({ "pagamentos": {
        "opcoes": PaymentOptions::from_codes(&opcoes).codes(),
        "pix": pix,
        "saldo": reais(saldo),
        "taxa": taxa.reais(),
        "liquido": liquido.reais(),
        "Abertos": abertos,
        "Solicitacao": solicitacao.as_ref().map(request_json),
    }}))
}

/// `opcoes_pagamento`: `1` in person, `2` Pix (decisions.md §6); at least one.
pub async fn set_options(state: &AppState, user: AuthUser, req: PaymentChoice) -> ApiResult<Value> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let codes = text(req.opcao.as_ref());
    let offers = |m: PaymentMethod| codes.contains(m.as_db());
    let chosen =
        PaymentOptions::choose(offers(PaymentMethod::InPerson), offers(PaymentMethod::Pix))
            .map_err(bad)?;
    sqlx::query("UPDATE suppliers SET pagamento_opcoes = $1 WHERE user_id = $2")
        .bind(chosen.codes())
        .bind(&supplier_id)
        .execute(&state.db)
        .await?;
    Ok(json!({ "ok": true, "opcoes": chosen.codes() }))
}

/// A Pix order: id, time, customer, total, `status_pix`, its open item's status.
type HistoryRow = (String, i64, String, i64, Option<String>, Option<String>);

/// One line of the history: `status_pix` as the spec codes it (`'3'` once paid out).
fn history_json(row: HistoryRow) -> ApiResult<Value> {
    let (id, em, cliente, total, status_pix, item) = row;
    let item = item.as_deref().map(OpenItemStatus::from_db).transpose()?;
    let status_pix = status_pix.as_deref().map(PixStatus::from_db).transpose()?;
    let status = match item {
        Some(OpenItemStatus::PaidOut) => OpenItemStatus::PaidOut.as_db(),
        _ => status_pix.unwrap_or(PixStatus::Awaiting).as_db(),
    };
    Ok(json!({
        "id": id, "horario_pedido": em, "cliente_nome": cliente, "valor": reais(total),
        "status_pix": status, "devolvido": item == Some(OpenItemStatus::Refunded),
    }))
}

/// `pegar_historico_pagamentos`: the Pix orders of the signed-in supplier, newest first.
pub async fn history(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    charges::expire_due(db).await?;
    let rows: Vec<HistoryRow> = sqlx::query_as(
        "SELECT o.id, o.criado_em, o.cliente_nome, o.total_centavos, o.status_pix, i.status \
         FROM orders o LEFT JOIN open_items i ON i.order_id = o.id \
         WHERE o.supplier_id = $1 AND o.pagamento = $2 ORDER BY o.criado_em DESC, o.id",
    )
    .bind(&supplier_id)
    .bind(PaymentMethod::Pix.as_db())
    .fetch_all(db)
    .await?;
    let fechados = rows
        .into_iter()
        .map(history_json)
        .collect::<ApiResult<Vec<Value>>>()?;
    Ok(json!({ "fechados": fechados }))
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
pub async fn set_pix(state: &AppState, user: AuthUser, req: PixKey) -> ApiResult<Value> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let pix = save_key(&state.db, &supplier_id, req.pix.as_deref()).await?;
    Ok(json!({ "ok": true, "pix": pix }))
}

/// `transferir`: saves the Pix key when one is given (else uses the stored one) and requests
/// the payout of the whole balance ([`withdrawals::request`]).
pub async fn withdraw(state: &AppState, user: AuthUser, req: PixKey) -> ApiResult<Value> {
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
    Ok(json!({ "ok": true, "Solicitacao": request_json(&request) }))
}

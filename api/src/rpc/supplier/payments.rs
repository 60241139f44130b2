//! Pagamentos (decisions.md §6, §9, §14): `pegar_infos_pagamentos` (options, Pix key, balance =
//! the open items, the withdrawal's 2 % fee and net, the pending request), `opcoes_pagamento`,
//! `pegar_historico_pagamentos` (the session's supplier's Pix records), `alterar_pix` and
//! `transferir` (a withdrawal request: one pending at a time; the open items move into it).
//! Fee and net come from wasm-core's `forms::Withdrawal`.

use super::{bad, own_supplier, reais, text};
use crate::{
    auth::AuthUser,
    db::{Db, new_id, now_ms},
    error::{ApiError, ApiResult},
    rpc::orders::begin_write,
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_core::{
    forms::{FormError, PaymentOptions, Withdrawal},
    money::Money,
};

/// *Gap:* a second request while one is pending (decisions.md §9).
pub const SAQUE_PENDENTE: &str = "Você já tem uma solicitação de saque pendente.";

/// `opcoes_pagamento`: `opcao` (`"1"`, `"2"`, `"12"`).
#[derive(Debug, Deserialize)]
pub struct PaymentChoice {
    #[serde(default)]
    pub opcao: Option<Value>,
}

/// `alterar_pix` and `transferir`: `pix`.
#[derive(Debug, Deserialize)]
pub struct PixKey {
    #[serde(default)]
    pub pix: Option<String>,
}

/// The open items' sum: Pix money received and not yet in a withdrawal.
pub async fn balance(db: &Db, supplier_id: &str) -> ApiResult<i64> {
    let sum: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items \
         WHERE supplier_id = $1 AND status = '2' AND withdrawal_id IS NULL",
    )
    .bind(supplier_id)
    .fetch_one(db)
    .await?;
    Ok(sum.unwrap_or(0))
}

type RequestRow = (String, i64, i64, i64, String, i64);

fn request_json(r: &RequestRow) -> Value {
    json!({
        "id": r.0, "valor": reais(r.1), "taxa": reais(r.2), "liquido": reais(r.3),
        "chave_pix": r.4, "criado_em": r.5,
    })
}

async fn pending_request(db: &Db, supplier_id: &str) -> ApiResult<Option<RequestRow>> {
    Ok(sqlx::query_as(
        "SELECT id, bruto_centavos, taxa_centavos, liquido_centavos, chave_pix, criado_em \
         FROM withdrawals WHERE supplier_id = $1 AND status = 'pendente'",
    )
    .bind(supplier_id)
    .fetch_optional(db)
    .await?)
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
    let open: Vec<(String, String, String, i64, i64)> = sqlx::query_as(
        "SELECT id, order_id, cliente_nome, valor_centavos, criado_em FROM open_items \
         WHERE supplier_id = $1 AND status = '2' AND withdrawal_id IS NULL \
         ORDER BY criado_em, id",
    )
    .bind(&supplier_id)
    .fetch_all(db)
    .await?;
    let saldo: i64 = open.iter().map(|o| o.3).sum();
    let (taxa, liquido) = Withdrawal::preview(Money::from_centavos(saldo));
    let abertos: Vec<Value> = open
        .iter()
        .map(|(id, order, cliente, valor, em)| {
            json!({ "id": id, "idpedido": order, "cliente_nome": cliente,
                    "valor": reais(*valor), "horario_pedido": em })
        })
        .collect();
    let solicitacao = pending_request(db, &supplier_id).await?;
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
    let chosen = PaymentOptions::choose(codes.contains('1'), codes.contains('2')).map_err(bad)?;
    sqlx::query("UPDATE suppliers SET pagamento_opcoes = $1 WHERE user_id = $2")
        .bind(chosen.codes())
        .bind(&supplier_id)
        .execute(&state.db)
        .await?;
    Ok(json!({ "ok": true, "opcoes": chosen.codes() }))
}

/// A Pix order: id, time, customer, total, `status_pix`, its open item's status.
type HistoryRow = (String, i64, String, i64, Option<String>, Option<String>);

/// `pegar_historico_pagamentos`: the Pix orders of the signed-in supplier, newest first, with
/// the spec's status codes (`'3'` once paid out).
pub async fn history(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    crate::pix::charges::expire_due(db).await?;
    let rows: Vec<HistoryRow> = sqlx::query_as(
        "SELECT o.id, o.criado_em, o.cliente_nome, o.total_centavos, o.status_pix, i.status \
         FROM orders o LEFT JOIN open_items i ON i.order_id = o.id \
         WHERE o.supplier_id = $1 AND o.pagamento = '2' ORDER BY o.criado_em DESC, o.id",
    )
    .bind(&supplier_id)
    .fetch_all(db)
    .await?;
    let fechados: Vec<Value> = rows
        .into_iter()
        .map(|(id, em, cliente, total, status_pix, item)| {
            let status = match item.as_deref() {
                Some("3") => "3".to_owned(),
                _ => status_pix.unwrap_or_else(|| "1".to_owned()),
            };
            json!({
                "id": id, "horario_pedido": em, "cliente_nome": cliente, "valor": reais(total),
                "status_pix": status, "devolvido": item.as_deref() == Some("devolvido"),
            })
        })
        .collect();
    Ok(json!({ "fechados": fechados }))
}

async fn save_key(db: &Db, supplier_id: &str, pix: Option<&str>) -> ApiResult<String> {
    let key = pix
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .ok_or_else(|| bad(FormError::PixKeyRequired))?;
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

/// `transferir`: one write transaction. The request row is written first (the unique index
/// allows one pending per supplier), then the open items are moved into it and summed, then
/// the fee and net are filled in; no balance rolls everything back.
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
    if pending_request(db, &supplier_id).await?.is_some() {
        return Err(ApiError::Conflict(SAQUE_PENDENTE.into()));
    }
    if balance(db, &supplier_id).await? <= 0 {
        return Err(bad(FormError::NoBalance));
    }
    let id = new_id();
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let inserted = sqlx::query(
        "INSERT INTO withdrawals (id, supplier_id, bruto_centavos, taxa_centavos, \
         liquido_centavos, chave_pix, status, criado_em) VALUES ($1, $2, 0, 0, 0, $3, 'pendente', $4)",
    )
    .bind(&id)
    .bind(&supplier_id)
    .bind(&key)
    .bind(now)
    .execute(&mut *tx)
    .await;
    if let Err(e) = inserted {
        // The unique index: another request went in first.
        tracing::info!(error = %e, "withdrawal refused");
        tx.rollback().await?;
        return Err(ApiError::Conflict(SAQUE_PENDENTE.into()));
    }
    sqlx::query(
        "UPDATE open_items SET withdrawal_id = $1 \
         WHERE supplier_id = $2 AND status = '2' AND withdrawal_id IS NULL",
    )
    .bind(&id)
    .bind(&supplier_id)
    .execute(&mut *tx)
    .await?;
    let moved: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items WHERE withdrawal_id = $1",
    )
    .bind(&id)
    .fetch_one(&mut *tx)
    .await?;
    let w = match Withdrawal::request(Money::from_centavos(moved.unwrap_or(0)), &key) {
        Ok(w) => w,
        Err(e) => {
            tx.rollback().await?;
            return Err(bad(e));
        }
    };
    sqlx::query(
        "UPDATE withdrawals SET bruto_centavos = $1, taxa_centavos = $2, liquido_centavos = $3 \
         WHERE id = $4",
    )
    .bind(w.bruto_centavos.centavos())
    .bind(w.taxa_centavos.centavos())
    .bind(w.liquido_centavos.centavos())
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let row = (
        id,
        w.bruto_centavos.centavos(),
        w.taxa_centavos.centavos(),
        w.liquido_centavos.centavos(),
        w.chave_pix,
        now,
    );
    Ok(json!({ "ok": true, "Solicitacao": request_json(&row) }))
}

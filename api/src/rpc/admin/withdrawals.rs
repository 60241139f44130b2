//! Withdrawal requests (decisions.md §9). A supplier's `transferir` creates one pending request
//! holding its open items; the admin pays it by Pix outside the app and then confirms it here.
//!
//! Confirmation is one conditional update (`… WHERE status = 'pendente'`) in a write
//! transaction: only the first confirmation changes anything — the request becomes `'pago'` and
//! its open items status `'3'` (Saque) in the supplier's payment history; any later or
//! concurrent one finds nothing pending and leaves everything as it is.

use crate::{
    db::now_ms,
    error::{ApiError, ApiResult},
    rpc::orders::begin_write,
    state::AppState,
};
use serde_json::{Value, json};
use wasm_core::money::Money;

const SOLICITACAO_NAO_ENCONTRADA: &str = "Solicitação de saque não encontrada.";
/// `withdrawals.status` of a request awaiting its payout.
const PENDENTE: &str = "pendente";
/// `withdrawals.status` once paid out.
const PAGO: &str = "pago";
/// `open_items.status` of an item paid out (the supplier's history shows 'Saque').
const SAQUE: &str = "3";

fn reais(centavos: i64) -> f64 {
    Money::from_centavos(centavos).reais()
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
pub async fn pending(state: &AppState) -> ApiResult<Value> {
    let rows: Vec<PendingRow> = sqlx::query_as(
        "SELECT w.id, w.supplier_id, s.nomeforn, s.iconeforn, w.bruto_centavos, \
         w.taxa_centavos, w.liquido_centavos, w.chave_pix, w.criado_em \
         FROM withdrawals w JOIN suppliers s ON s.user_id = w.supplier_id \
         WHERE w.status = $1 ORDER BY w.criado_em, w.id",
    )
    .bind(PENDENTE)
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

/// `confirmar_saque`: pays out request `id` once. `confirmado` tells whether this call did it
/// (false: it had been confirmed before). An unknown id is 404.
pub async fn confirm(state: &AppState, id: &str) -> ApiResult<Value> {
    let id = id.trim();
    let now = now_ms();
    let mut tx = begin_write(&state.db).await?;
    let paid = sqlx::query(
        "UPDATE withdrawals SET status = $1, confirmado_em = $2 WHERE id = $3 AND status = $4",
    )
    .bind(PAGO)
    .bind(now)
    .bind(id)
    .bind(PENDENTE)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if paid == 0 {
        let exists: Option<String> = sqlx::query_scalar("SELECT id FROM withdrawals WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        tx.rollback().await?;
        return match exists {
            Some(_) => Ok(json!({ "confirmado": false })),
            None => Err(ApiError::NotFound(SOLICITACAO_NAO_ENCONTRADA.into())),
        };
    }
    sqlx::query(
        "UPDATE open_items SET status = $1 WHERE withdrawal_id = $2 AND status <> 'devolvido'",
    )
    .bind(SAQUE)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    tracing::info!(withdrawal = %id, "withdrawal paid out");
    Ok(json!({ "confirmado": true }))
}

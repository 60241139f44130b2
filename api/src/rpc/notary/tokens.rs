//! Tokens: a Pix charge of R$ 5 × quantity (at least 1) that credits the buyer's
//! `token_ledger` once when paid ([`crate::domain::charges::confirm_payment`]), and the balance
//! with the notarisation history.

use crate::{
    auth::AuthUser,
    db::now_ms,
    domain::{
        charges::{self, Charge, Purpose},
        tokens,
    },
    error::{ApiError, ApiResult},
    pix,
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_core::{forms, money::Money};

/// `gerarpix_blockchain`: `quantidade` (tokens), or the spec's `preco` ("15.00", a multiple
/// of R$ 5). The amount charged is always recomputed here.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BuyTokens {
    #[serde(default)]
    quantidade: Option<Value>,
    #[serde(default)]
    preco: Option<Value>,
}

fn quantity(req: &BuyTokens) -> ApiResult<u32> {
    let refused = || ApiError::bad_request(wasm_core::messages::FICHAS_QUANTIDADE);
    let as_text = |v: &Value| match v {
        Value::String(s) => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    if let Some(q) = req.quantidade.as_ref().and_then(as_text) {
        return q.parse::<u32>().map_err(|_| refused());
    }
    let preco = req.preco.as_ref().and_then(as_text).ok_or_else(refused)?;
    let amount = Money::parse(&preco).map_err(|_| refused())?;
    let each = forms::TOKEN_PRICE.centavos();
    if amount.centavos() % each != 0 {
        return Err(refused());
    }
    u32::try_from(amount.centavos() / each).map_err(|_| refused())
}

/// Opens the charge; answers the QR like the order's Pix (`codigo.qrcode`,
/// `codigo.imagemQrcode`, and the same at the top level).
pub async fn buy(state: &AppState, user: AuthUser, req: BuyTokens) -> ApiResult<Value> {
    let quantidade = quantity(&req)?;
    if quantidade > 1000 {
        return Err(ApiError::bad_request("Escolha no máximo 1000 fichas"));
    }
    let amount =
        forms::tokens_price(quantidade).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let txid = pix::new_txid();
    let copia_e_cola = charges::open(
        &state.db,
        state.pix.as_ref(),
        Charge {
            txid: &txid,
            purpose: Purpose::Tokens(i64::from(quantidade)),
            user_id: &user.id,
            amount,
            expires_in: state.config.pix.expiry,
            now: now_ms(),
        },
    )
    .await?;
    let imagem = pix::qr::data_url(&copia_e_cola)?;
    Ok(json!({
        "codigo": { "qrcode": copia_e_cola, "imagemQrcode": imagem },
        "qrcode": copia_e_cola,
        "imagem_qrcode": imagem,
        "txid": txid,
        "fichas": quantidade,
        "valor": amount.decimal_string(),
    }))
}

#[derive(sqlx::FromRow)]
struct Entry {
    id: String,
    descricao: String,
    nome_arquivo: String,
    tamanho: i64,
    sha256: String,
    link: String,
    criado_em: i64,
}

/// `pegar_fichas_blockchain`: `fichas` and `historico` (newest first: id, descricao, data in
/// ms, link, nomeArquivo, tamanho, sha256).
pub async fn balance(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    let fichas = tokens::balance(&state.db, &user.id).await?;
    let entries: Vec<Entry> = sqlx::query_as(
        "SELECT id, descricao, nome_arquivo, tamanho, sha256, link, criado_em FROM notarisations \
         WHERE user_id = $1 ORDER BY criado_em DESC, id",
    )
    .bind(&user.id)
    .fetch_all(&state.db)
    .await?;
    let historico: Vec<Value> = entries
        .into_iter()
        .map(|e| {
            json!({
                "id": e.id,
                "descricao": e.descricao,
                "data": e.criado_em,
                "link": e.link,
                "nomeArquivo": e.nome_arquivo,
                "tamanho": e.tamanho,
                "sha256": e.sha256,
            })
        })
        .collect();
    Ok(json!({ "fichas": fichas, "historico": historico }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(v: Value) -> ApiResult<u32> {
        quantity(&serde_json::from_value(v).unwrap())
    }

    #[test]
    fn quantity_from_quantidade_or_a_multiple_of_five_reais() {
        assert_eq!(q(json!({"quantidade": 2})).unwrap(), 2);
        assert_eq!(q(json!({"quantidade": "3"})).unwrap(), 3);
        assert_eq!(q(json!({"preco": "15.00"})).unwrap(), 3);
        assert!(q(json!({"preco": "12.00"})).is_err());
        assert!(q(json!({})).is_err());
        assert!(q(json!({"quantidade": -1})).is_err());
    }
}

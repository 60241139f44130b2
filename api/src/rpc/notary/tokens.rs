//! Tokens: a Pix charge of R$ 5 × quantity (at least 1) that credits the buyer's
//! `token_ledger` once when paid ([`crate::domain::charges::mark_paid`]), and the balance
//! with the notarisation history.
//!
//! One open token charge per account: while a user's charge can still be paid, asking again
//! shows that same charge (its quantity and amount) instead of opening another at the PSP; the
//! opening itself holds a slot per user ([`crate::outside::take_slot`]), so concurrent asks
//! (several tabs, a script) wait for the one being opened and get it.

use crate::{
    auth::AuthUser,
    db::{Db, now_ms},
    domain::{
        charges::{self, Charge, Purpose},
        codes::{ChargePurpose, ChargeStatus},
        tokens,
    },
    error::{ApiError, ApiResult},
    messages::PIX_INDISPONIVEL,
    outside::{free_slot, take_slot},
    pix,
    rpc::fields::Text,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use utoipa::ToSchema;
use wasm_core::{forms, money::Money};

/// `gerarpix_blockchain`: `quantidade` (tokens), or the spec's `preco` ("15.00", a multiple
/// of R$ 5). The amount charged is always recomputed here.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BuyTokens {
    /// How many tokens (1 to 1000).
    #[serde(rename = "quantidade", default)]
    quantity: Option<Text>,
    /// Or their price in reais, a multiple of R$ 5.
    #[serde(rename = "preco", default)]
    price: Option<Text>,
}

/// A Pix charge's QR as `codigo` holds it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PixQr {
    /// The BR Code (Pix copia e cola).
    pub qrcode: String,
    /// The QR image, as a data URL.
    #[serde(rename = "imagemQrcode")]
    pub image: String,
}

/// `gerarpix_blockchain`'s answer: the charge's QR (in `codigo` and at the top level, the
/// shapes of an order's Pix), its txid, the tokens and the amount.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenCharge {
    #[serde(rename = "codigo")]
    pub code: PixQr,
    /// The BR Code again.
    pub qrcode: String,
    /// The QR image again.
    #[serde(rename = "imagem_qrcode")]
    pub image: String,
    pub txid: String,
    /// The tokens bought.
    #[serde(rename = "fichas")]
    pub tokens: u32,
    /// The amount in reais, as text with two decimals (`"15.00"`).
    #[serde(rename = "valor")]
    pub amount: String,
}

/// A notarised file in the history.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotarisedFile {
    /// The Arweave transaction id.
    pub id: String,
    #[serde(rename = "descricao")]
    pub description: String,
    /// When, in milliseconds since the epoch.
    #[serde(rename = "data")]
    pub at: i64,
    /// `{ARWEAVE_GATEWAY}/{id}`.
    pub link: String,
    #[serde(rename = "nomeArquivo")]
    pub file_name: String,
    /// Bytes.
    #[serde(rename = "tamanho")]
    pub size: i64,
    /// Lower-case hex.
    pub sha256: String,
}

/// `pegar_fichas_blockchain`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Tokens {
    /// Tokens left.
    #[serde(rename = "fichas")]
    pub tokens: i64,
    /// Notarised files, newest first.
    #[serde(rename = "historico")]
    pub history: Vec<NotarisedFile>,
}

fn quantity(req: &BuyTokens) -> ApiResult<u32> {
    let refused = || ApiError::bad_request(wasm_core::messages::FICHAS_QUANTIDADE);
    if let Some(q) = &req.quantity {
        return q.trimmed().parse::<u32>().map_err(|_| refused());
    }
    let preco = req.price.as_ref().ok_or_else(refused)?;
    let amount = Money::parse(preco.trimmed()).map_err(|_| refused())?;
    let each = forms::TOKEN_PRICE.centavos();
    if amount.centavos() % each != 0 {
        return Err(refused());
    }
    u32::try_from(amount.centavos() / each).map_err(|_| refused())
}

/// A token charge as it is shown.
#[derive(sqlx::FromRow)]
struct OpenCharge {
    txid: String,
    copia_e_cola: String,
    fichas: i64,
    valor_centavos: i64,
}

/// The user's token charge that can still be paid at the PSP, if any (the newest).
async fn open_charge(db: &Db, user_id: &str, expiry: Duration) -> ApiResult<Option<OpenCharge>> {
    let payable_since = now_ms() - i64::try_from(expiry.as_millis()).unwrap_or(i64::MAX / 4);
    Ok(sqlx::query_as(
        "SELECT txid, copia_e_cola, fichas, valor_centavos FROM pix_charges \
         WHERE user_id = $1 AND finalidade = $2 AND status = $3 AND criado_em > $4 \
         ORDER BY criado_em DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(ChargePurpose::Tokens.as_db())
    .bind(ChargeStatus::Pending.as_db())
    .bind(payable_since)
    .fetch_optional(db)
    .await?)
}

/// How often a caller waiting for another's charge looks again.
const WAIT_STEP: Duration = Duration::from_millis(100);

/// Opens the charge — or shows again the user's charge that can still be paid — and answers
/// the QR like the order's Pix (`codigo.qrcode`, `codigo.imagemQrcode`, and the same at the
/// top level).
pub async fn buy(state: &AppState, user: AuthUser, req: BuyTokens) -> ApiResult<TokenCharge> {
    let quantidade = quantity(&req)?;
    if quantidade > 1000 {
        return Err(ApiError::bad_request("Escolha no máximo 1000 fichas"));
    }
    let amount =
        forms::tokens_price(quantidade).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let (db, expiry) = (&state.db, state.config.pix.expiry);
    // The slot outlives the PSP's call (its timeout), so a crashed opener frees it in time.
    let psp_timeout = state
        .config
        .pix
        .api
        .as_ref()
        .map_or(Duration::from_secs(10), |a| a.timeout);
    let hold = psp_timeout + Duration::from_secs(5);
    let slot = format!("fichas:{}", user.id);
    let deadline = Instant::now() + hold + Duration::from_secs(1);
    let open = loop {
        if let Some(open) = open_charge(db, &user.id, expiry).await? {
            break open;
        }
        match take_slot(db, &slot, hold).await? {
            None => {
                let opened = async {
                    // Another caller may have opened one just before we took the slot.
                    if let Some(open) = open_charge(db, &user.id, expiry).await? {
                        return Ok(open);
                    }
                    let txid = pix::new_txid();
                    let copia_e_cola = charges::open(
                        db,
                        state.pix.as_ref(),
                        Charge {
                            txid: &txid,
                            purpose: Purpose::Tokens(i64::from(quantidade)),
                            user_id: &user.id,
                            amount,
                            expires_in: expiry,
                            now: now_ms(),
                        },
                    )
                    .await?;
                    ApiResult::Ok(OpenCharge {
                        txid,
                        copia_e_cola,
                        fichas: i64::from(quantidade),
                        valor_centavos: amount.centavos(),
                    })
                }
                .await;
                free_slot(db, &slot).await?;
                break opened?;
            }
            Some(_) if Instant::now() < deadline => tokio::time::sleep(WAIT_STEP).await,
            Some(_) => return Err(ApiError::Unavailable(PIX_INDISPONIVEL.into())),
        }
    };
    let imagem = pix::qr::data_url(&open.copia_e_cola)?;
    Ok(TokenCharge {
        code: PixQr {
            qrcode: open.copia_e_cola.clone(),
            image: imagem.clone(),
        },
        qrcode: open.copia_e_cola,
        image: imagem,
        txid: open.txid,
        tokens: u32::try_from(open.fichas).unwrap_or_default(),
        amount: Money::from_centavos(open.valor_centavos).decimal_string(),
    })
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
pub async fn balance(state: &AppState, user: AuthUser) -> ApiResult<Tokens> {
    let fichas = tokens::balance(&state.db, &user.id).await?;
    let entries: Vec<Entry> = sqlx::query_as(
        "SELECT id, descricao, nome_arquivo, tamanho, sha256, link, criado_em FROM notarisations \
         WHERE user_id = $1 ORDER BY criado_em DESC, id",
    )
    .bind(&user.id)
    .fetch_all(&state.db)
    .await?;
    let history = entries
        .into_iter()
        .map(|e| NotarisedFile {
            id: e.id,
            description: e.descricao,
            at: e.criado_em,
            link: e.link,
            file_name: e.nome_arquivo,
            size: e.tamanho,
            sha256: e.sha256,
        })
        .collect();
    Ok(Tokens {
        tokens: fichas,
        history,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use serde_json::{Value, json};

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

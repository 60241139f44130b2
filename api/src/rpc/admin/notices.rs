//! `pegar_avisos_falhos` (decisions.md §38, docs/notices.md): the WhatsApp messages the outbox
//! gave up on (after its tries on 429/5xx, or refused by the Cloud API: an invalid number, a
//! template not approved), newest first, so the admin sees what did not reach people. E-mail
//! always went too (§38).

use crate::{auth::Admin, error::ApiResult, mail::whatsapp::outbox, state::AppState};
use serde::Serialize;
use utoipa::ToSchema;

/// The most messages listed.
const LIMIT: i64 = 200;

/// A WhatsApp message given up.
#[derive(Debug, Serialize, ToSchema)]
pub struct FailedNotice {
    pub id: String,
    /// The number it was for (E.164).
    pub destinatario: String,
    /// The template's name (docs/notices.md).
    pub modelo: String,
    pub idpedido: Option<String>,
    pub criado_em: i64,
    pub falhou_em: i64,
    pub tentativas: i64,
    /// Why: the Cloud API's answer or the last error.
    pub erro: Option<String>,
    /// The Cloud API's error code (131026: not a WhatsApp number).
    pub codigo_erro: Option<i64>,
}

/// `pegar_avisos_falhos`' answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct FailedNotices {
    pub avisos: Vec<FailedNotice>,
}

/// `pegar_avisos_falhos`.
pub async fn failed(state: &AppState, _admin: Admin) -> ApiResult<FailedNotices> {
    let avisos = outbox::failed(&state.db, LIMIT)
        .await?
        .into_iter()
        .map(|f| FailedNotice {
            id: f.id,
            destinatario: f.destinatario,
            modelo: f.modelo,
            idpedido: f.order_id,
            criado_em: f.criado_em,
            falhou_em: f.falhou_em,
            tentativas: f.tentativas,
            erro: f.erro,
            codigo_erro: f.codigo_erro,
        })
        .collect();
    Ok(FailedNotices { avisos })
}

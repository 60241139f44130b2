//! What the Cloud API's webhook tells, once its signature was checked (`crate::whatsapp_http`):
//! each message's status (`sent`, `delivered`, `read`, `failed` with its error code), recorded
//! on its outbox row (a status never goes back: a late `delivered` after `read` is kept as
//! `read`), and the people's replies: 'PARAR' or 'SAIR' turns their WhatsApp notices off and
//! queues a confirmation; any other reply is ignored. A failed status with an invalid-number
//! code turns the channel off too. A repeated notification changes nothing more.

use super::contacts::{INVALID_NUMBER_CODES, OFF_INVALID, OFF_STOP, turn_off};
use crate::db::{Db, new_id, now_ms};
use serde::Deserialize;

/// The confirmation of 'PARAR'.
pub const STOPPED: &str = "Pronto: você não vai mais receber avisos da Feira pelo WhatsApp. \
     Para voltar a receber, ligue 'Receber avisos pelo WhatsApp' no seu perfil.";

/// A webhook notification (only the parts Feira reads).
#[derive(Debug, Deserialize)]
pub struct Notification {
    pub object: String,
    #[serde(default)]
    pub entry: Vec<Entry>,
}

#[derive(Debug, Deserialize)]
pub struct Entry {
    #[serde(default)]
    pub changes: Vec<Change>,
}

#[derive(Debug, Deserialize)]
pub struct Change {
    pub field: String,
    pub value: Value,
}

#[derive(Debug, Deserialize)]
pub struct Value {
    #[serde(default)]
    pub statuses: Vec<Status>,
    #[serde(default)]
    pub messages: Vec<Incoming>,
}

#[derive(Debug, Deserialize)]
pub struct Status {
    pub id: String,
    pub status: String,
    #[serde(default)]
    pub errors: Vec<GraphError>,
}

#[derive(Debug, Deserialize)]
pub struct GraphError {
    pub code: i64,
}

#[derive(Debug, Deserialize)]
pub struct Incoming {
    pub from: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub text: Option<Text>,
}

#[derive(Debug, Deserialize)]
pub struct Text {
    pub body: String,
}

/// A status's rank: a status is recorded only over a lower one.
fn rank(status: &str) -> Option<i64> {
    match status {
        "sent" => Some(1),
        "delivered" => Some(2),
        "read" => Some(3),
        "failed" => Some(4),
        _ => None,
    }
}

/// Whether a reply asks to stop ('PARAR', 'SAIR', in any case, with spaces or a full stop).
pub fn asks_to_stop(text: &str) -> bool {
    let t = text
        .trim()
        .trim_end_matches(['.', '!'])
        .trim()
        .to_uppercase();
    t == "PARAR" || t == "SAIR"
}

/// What a notification changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Applied {
    pub statuses: usize,
    pub unknown: usize,
    pub stopped: usize,
}

/// Applies `n`.
pub async fn apply(db: &Db, n: &Notification) -> sqlx::Result<Applied> {
    let mut applied = Applied::default();
    if n.object != "whatsapp_business_account" {
        return Ok(applied);
    }
    let mut tx = crate::db::begin_write(db).await?;
    let now = now_ms();
    for change in n.entry.iter().flat_map(|e| &e.changes) {
        if change.field != "messages" {
            continue;
        }
        for s in &change.value.statuses {
            let Some(r) = rank(&s.status) else { continue };
            let code = s.errors.first().map(|e| e.code);
            let row: Option<(String, String, Option<String>)> = sqlx::query_as(
                "SELECT modelo, destinatario, situacao FROM whatsapp_outbox WHERE wamid = $1",
            )
            .bind(&s.id)
            .fetch_optional(&mut *tx)
            .await?;
            let Some((template, to, current)) = row else {
                tracing::info!(wamid = %s.id, "WhatsApp status of an unknown message ignored");
                applied.unknown += 1;
                continue;
            };
            if current.as_deref().and_then(rank).is_some_and(|c| c >= r) {
                continue;
            }
            sqlx::query(
                "UPDATE whatsapp_outbox SET situacao = $1, situacao_em = $2, \
                 codigo_erro = COALESCE($3, codigo_erro) WHERE wamid = $4",
            )
            .bind(&s.status)
            .bind(now)
            .bind(code)
            .bind(&s.id)
            .execute(&mut *tx)
            .await?;
            crate::metrics::whatsapp_status(&template, &s.status);
            applied.statuses += 1;
            if code.is_some_and(|c| INVALID_NUMBER_CODES.contains(&c)) {
                turn_off(&mut *tx, &to, OFF_INVALID).await?;
            }
        }
        for m in &change.value.messages {
            let stop = m.kind == "text" && m.text.as_ref().is_some_and(|t| asks_to_stop(&t.body));
            if !stop {
                continue;
            }
            let e164 = format!("+{}", m.from.trim_start_matches('+'));
            let off = turn_off(&mut *tx, &e164, OFF_STOP).await?;
            if let Some((user, role)) = off.first() {
                sqlx::query(
                    "INSERT INTO whatsapp_outbox (id, user_id, papel, destinatario, modelo, \
                     variaveis, texto, criado_em) VALUES ($1, $2, $3, $4, 'texto', '{}', $5, $6)",
                )
                .bind(new_id())
                .bind(user)
                .bind(role)
                .bind(&e164)
                .bind(STOPPED)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                applied.stopped += 1;
            }
        }
    }
    tx.commit().await?;
    if applied.stopped > 0 {
        crate::mail::wake();
    }
    Ok(applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_parar_and_sair_stop() {
        for yes in ["PARAR", "parar", " Sair. ", "sair!"] {
            assert!(asks_to_stop(yes), "{yes}");
        }
        for no in ["obrigado", "parar de receber?", "não"] {
            assert!(!asks_to_stop(no), "{no}");
        }
    }

    #[test]
    fn statuses_never_go_back() {
        assert!(rank("read") > rank("delivered"));
        assert!(rank("failed") > rank("read"));
        assert_eq!(rank("deleted"), None);
    }
}

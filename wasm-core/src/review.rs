//! Reviews of a delivered order (decisions.md §33) and the texts around them: the buyer's note
//! (1 to 5) and optional comment, the store's one reply, and the reason the moderation gives
//! when it removes a review or hides a store, an ad or a product. Texts are trimmed and bounded
//! here, for both sides; the browser escapes what it shows (React), so none is stored escaped.

use crate::messages::{self, Message};
use std::borrow::Cow;

/// The longest comment, reply or moderation reason, in characters.
pub const MAX_TEXT: usize = 500;
/// How long after it was written a review can be changed (30 days), in milliseconds.
pub const EDIT_WINDOW_MS: i64 = 30 * 86_400_000;

/// Why a review, a reply or a reason was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewError {
    /// A note outside 1–5.
    Note,
    CommentTooLong,
    EmptyReply,
    ReplyTooLong,
    EmptyReason,
    ReasonTooLong,
}

impl Message for ReviewError {
    fn message(&self) -> Cow<'static, str> {
        match self {
            Self::Note => Cow::Borrowed(messages::AVALIACAO_NOTA),
            Self::CommentTooLong => {
                Cow::Owned(messages::texto_longo(messages::CAMPO_COMENTARIO, MAX_TEXT))
            }
            Self::EmptyReply => Cow::Borrowed(messages::RESPOSTA_VAZIA),
            Self::ReplyTooLong => {
                Cow::Owned(messages::texto_longo(messages::CAMPO_RESPOSTA, MAX_TEXT))
            }
            Self::EmptyReason => Cow::Borrowed(messages::MOTIVO_VAZIO),
            Self::ReasonTooLong => {
                Cow::Owned(messages::texto_longo(messages::CAMPO_MOTIVO, MAX_TEXT))
            }
        }
    }
}

crate::display_message!(ReviewError);

/// A checked review: its note and its comment (trimmed; `None` when empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub nota: u8,
    pub comentario: Option<String>,
}

/// `text` trimmed; `None` when empty; `too_long` past [`MAX_TEXT`] characters.
fn bounded(text: &str, too_long: ReviewError) -> Result<Option<String>, ReviewError> {
    let t = text.trim();
    if t.chars().count() > MAX_TEXT {
        return Err(too_long);
    }
    Ok((!t.is_empty()).then(|| t.to_owned()))
}

impl Review {
    /// A note from 1 to 5 and an optional comment of at most [`MAX_TEXT`] characters.
    pub fn parse(nota: i64, comentario: &str) -> Result<Self, ReviewError> {
        let nota = u8::try_from(nota)
            .ok()
            .filter(|n| (1..=5).contains(n))
            .ok_or(ReviewError::Note)?;
        Ok(Self {
            nota,
            comentario: bounded(comentario, ReviewError::CommentTooLong)?,
        })
    }
}

/// The store's reply: not empty, at most [`MAX_TEXT`] characters, trimmed.
pub fn reply(text: &str) -> Result<String, ReviewError> {
    bounded(text, ReviewError::ReplyTooLong)?.ok_or(ReviewError::EmptyReply)
}

/// A moderation reason: not empty, at most [`MAX_TEXT`] characters, trimmed.
pub fn reason(text: &str) -> Result<String, ReviewError> {
    bounded(text, ReviewError::ReasonTooLong)?.ok_or(ReviewError::EmptyReason)
}

/// Whether a review written at `written_ms` can still be changed at `now_ms`.
pub fn editable(written_ms: i64, now_ms: i64) -> bool {
    now_ms < written_ms.saturating_add(EDIT_WINDOW_MS)
}

/// An average note with one decimal, as shown (`4,5`): `None` without reviews.
pub fn average_text(sum: i64, count: i64) -> Option<String> {
    (count > 0).then(|| {
        // Tenths, rounded half up.
        let tenths = (sum * 20 + count) / (2 * count);
        format!("{},{}", tenths / 10, tenths % 10)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_comments_replies_and_reasons() {
        assert_eq!(
            Review::parse(5, "  Ótimo!  ").unwrap(),
            Review {
                nota: 5,
                comentario: Some("Ótimo!".into())
            }
        );
        assert_eq!(Review::parse(1, " ").unwrap().comentario, None);
        for bad in [0, 6, -1, 256] {
            assert_eq!(
                Review::parse(bad, "").unwrap_err().to_string(),
                "Escolha uma nota de 1 a 5."
            );
        }
        let long = "á".repeat(501);
        assert_eq!(
            Review::parse(4, &long).unwrap_err().to_string(),
            "O comentário deve ter no máximo 500 caracteres"
        );
        assert!(Review::parse(4, &"á".repeat(500)).is_ok());
        assert_eq!(reply("  Obrigado! ").unwrap(), "Obrigado!");
        assert_eq!(reply("   ").unwrap_err().to_string(), "Escreva a resposta.");
        assert_eq!(
            reply(&long).unwrap_err().to_string(),
            "A resposta deve ter no máximo 500 caracteres"
        );
        assert_eq!(reason("").unwrap_err().to_string(), "Informe o motivo.");
        assert_eq!(
            reason(&long).unwrap_err().to_string(),
            "O motivo deve ter no máximo 500 caracteres"
        );
    }

    #[test]
    fn thirty_days_to_change_a_review() {
        assert!(editable(0, EDIT_WINDOW_MS - 1));
        assert!(!editable(0, EDIT_WINDOW_MS));
    }

    #[test]
    fn averages_with_one_decimal() {
        assert_eq!(average_text(0, 0), None);
        assert_eq!(average_text(9, 2).as_deref(), Some("4,5"));
        assert_eq!(average_text(14, 3).as_deref(), Some("4,7"));
        assert_eq!(average_text(5, 1).as_deref(), Some("5,0"));
        assert_eq!(average_text(13, 3).as_deref(), Some("4,3"));
    }
}

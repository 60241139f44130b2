//! Reviews' shapes (decisions.md §33): a store's average and count (`avaliacao` of the
//! storefront's `dadosforn`, the product pages' and /lojas' stores) and an order's review as
//! its buyer and its store see it (`avaliacao` of a `pedido`).

use crate::domain::reviews::{Rating as Stored, ReviewRow};
use serde::Serialize;
use utoipa::ToSchema;

/// A store's reviews: the average note (one decimal; 0 without reviews) and how many.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
pub struct Rating {
    #[serde(rename = "media")]
    pub average: f64,
    #[serde(rename = "quantidade")]
    pub count: i64,
}

impl From<Stored> for Rating {
    fn from(r: Stored) -> Self {
        Self {
            average: r.average(),
            count: r.count,
        }
    }
}

/// An order's review.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderReview {
    /// 1 to 5.
    pub nota: i64,
    pub comentario: Option<String>,
    /// When it was written (ms).
    pub criado_em: i64,
    /// When it was last changed (ms).
    pub editado_em: Option<i64>,
    /// Until when its buyer may change it (ms): 30 days after it was written.
    pub editavel_ate: i64,
    /// The store's reply.
    pub resposta: Option<String>,
    pub respondido_em: Option<i64>,
    /// Removed by the moderation (only its buyer sees it, with the reason).
    pub removida: bool,
    pub motivo_remocao: Option<String>,
}

impl OrderReview {
    pub fn new(r: &ReviewRow) -> Self {
        Self {
            nota: r.nota,
            comentario: r.comentario.clone(),
            criado_em: r.criado_em,
            editado_em: r.editado_em,
            editavel_ate: r
                .criado_em
                .saturating_add(wasm_core::review::EDIT_WINDOW_MS),
            resposta: r.resposta.clone(),
            respondido_em: r.respondido_em,
            removida: r.removido_em.is_some(),
            motivo_remocao: r.motivo_remocao.clone(),
        }
    }
}

//! A direct ad (`anuncio`), as the catalogue lists it and its owner edits it.

use super::{Photos, True, photos, places};
use crate::rpc::{catalog::rows::AdRow, fields::Reais};
use serde::Serialize;
use utoipa::ToSchema;

/// A direct ad (`anuncio`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Ad {
    pub id: String,
    /// The id again (the spec's clients read it).
    #[serde(rename = "idnormal")]
    pub same_id: String,
    /// Always `true`: an ad (a product says `false`).
    #[serde(rename = "anuncio")]
    pub is_ad: True,
    /// The seller's user id.
    #[serde(rename = "usuario")]
    pub seller_id: String,
    #[serde(rename = "categoria")]
    pub category: String,
    /// Lower case (the webapp capitalises it).
    #[serde(rename = "titulo")]
    pub title: String,
    #[serde(rename = "descricao")]
    pub description: Option<String>,
    #[serde(rename = "preco")]
    pub price: Reais,
    #[serde(rename = "icone")]
    pub icon: Option<String>,
    /// The photos besides the icon.
    #[serde(rename = "fotos")]
    pub photos: Photos,
    /// The seller's phone; null when there is none (then there is no 'Falar com o anunciante').
    #[serde(rename = "telefone")]
    pub phone: Option<String>,
    /// When it was published, in milliseconds since the epoch.
    #[serde(rename = "publicado")]
    pub published_at: i64,
    /// The seller's name.
    #[serde(rename = "nome")]
    pub seller_name: String,
    /// The municipality it comes from (`City, UF`).
    #[serde(rename = "origem")]
    pub origin: String,
    #[serde(rename = "locais")]
    pub scope: super::ScopeCode,
    /// `["ALL"]` for scope 1, else the states (`UF`) or municipalities (`City, UF`).
    #[serde(rename = "cidades")]
    pub places: Vec<String>,
    /// Why the moderation hid it (only in its author's own list, while hidden).
    #[serde(rename = "moderacao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub moderation: Option<String>,
}

impl Ad {
    /// The ad of `row`, with its photos (`(id, URL)`) and places.
    pub fn new(row: &AdRow, photo_list: &[(String, String)], place_list: &[String]) -> Self {
        Self {
            id: row.id.clone(),
            same_id: row.id.clone(),
            is_ad: True,
            seller_id: row.user_id.clone(),
            category: row.categoria.clone(),
            title: row.titulo.clone(),
            description: row.descricao.clone(),
            price: Reais::from_centavos(row.preco_centavos),
            icon: row.icone.clone(),
            photos: photos(photo_list),
            phone: row.telefone.clone(),
            published_at: row.publicado_em,
            seller_name: row.nome.clone(),
            origin: row.origem.clone(),
            scope: super::ScopeCode(row.local),
            places: places(row.local, place_list),
            moderation: None,
        }
    }
}

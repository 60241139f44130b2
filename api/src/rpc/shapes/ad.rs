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
    pub idnormal: String,
    /// Always `true`: an ad (a product says `false`).
    pub anuncio: True,
    /// The seller's user id.
    pub usuario: String,
    pub categoria: String,
    /// Lower case (the webapp capitalises it).
    pub titulo: String,
    pub descricao: Option<String>,
    pub preco: Reais,
    pub icone: Option<String>,
    /// The photos besides the icon, `{photo id: URL}`.
    pub fotos: Photos,
    /// The seller's phone; null when there is none (then there is no 'Falar com o anunciante').
    pub telefone: Option<String>,
    /// When it was published, in milliseconds since the epoch.
    pub publicado: i64,
    /// The seller's name.
    pub nome: String,
    /// The municipality it comes from (`City, UF`).
    pub origem: String,
    /// 1 all Brazil, 2 some states, 3 some municipalities.
    #[schema(minimum = 1, maximum = 3)]
    pub locais: i64,
    /// `["ALL"]` for scope 1, else the states (`UF`) or municipalities (`City, UF`).
    pub cidades: Vec<String>,
}

impl Ad {
    /// The ad of `row`, with its photos (`(id, URL)`) and places.
    pub fn new(row: &AdRow, photo_list: &[(String, String)], place_list: &[String]) -> Self {
        Self {
            id: row.id.clone(),
            idnormal: row.id.clone(),
            anuncio: True,
            usuario: row.user_id.clone(),
            categoria: row.categoria.clone(),
            titulo: row.titulo.clone(),
            descricao: row.descricao.clone(),
            preco: Reais::from_centavos(row.preco_centavos),
            icone: row.icone.clone(),
            fotos: photos(photo_list),
            telefone: row.telefone.clone(),
            publicado: row.publicado_em,
            nome: row.nome.clone(),
            origem: row.origem.clone(),
            locais: row.local,
            cidades: places(row.local, place_list),
        }
    }
}

//! A supplier's product (`produto`), as the catalogue lists it and the supplier's panel edits
//! it (with its real `status`).

use super::{False, Photos, photos};
use crate::rpc::{catalog::rows::ProductRow, fields::Reais};
use serde::Serialize;
use utoipa::ToSchema;
use wasm_core::{money::Money, pricing::discount_percent};

/// One of a product's options.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductOption {
    /// The option's label (e.g. `Maço`).
    #[serde(rename = "opcao")]
    pub label: String,
}

/// A supplier's product (`produto`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Product {
    pub id: String,
    /// The id again (the spec's clients read it).
    #[serde(rename = "idlocal")]
    pub same_id: String,
    /// Always `false`: a product (an ad says `true`).
    #[serde(rename = "anuncio")]
    pub is_ad: False,
    /// One of the four catalogue categories.
    #[serde(rename = "categoria")]
    pub category: String,
    /// The supplier's own category (one of `dadosforn.extensoes.categorias`).
    #[serde(rename = "subcategoria")]
    pub store_category: Option<String>,
    /// Lower case (the webapp capitalises it).
    #[serde(rename = "titulo")]
    pub title: String,
    #[serde(rename = "descricao")]
    pub description: Option<String>,
    #[serde(rename = "icone")]
    pub icon: Option<String>,
    /// The photos besides the icon.
    #[serde(rename = "fotos")]
    pub photos: Photos,
    #[serde(rename = "preco")]
    pub price: Reais,
    /// The promotional price, from `minimopromo` units on.
    #[serde(rename = "precopromo")]
    pub promo_price: Option<Reais>,
    #[serde(rename = "minimopromo")]
    pub promo_minimum: Option<i64>,
    /// The minimum order, in units.
    #[serde(rename = "minimo")]
    pub minimum: Option<i64>,
    /// Units in stock (0: sold out); null when not tracked ("Sem controle de estoque").
    #[serde(rename = "estoque")]
    pub stock: Option<i64>,
    /// Sold out: tracked stock below what one order needs (0, or below the minimum order);
    /// shown 'Esgotado', cannot be added to the bag (decisions.md §26).
    #[serde(rename = "esgotado")]
    pub sold_out: bool,
    #[serde(rename = "opcoes")]
    pub options: Vec<ProductOption>,
    /// Disabled by its supplier: never in public listings; its own page shows it 'Indisponível'.
    #[serde(rename = "status")]
    pub disabled: bool,
    /// The supplier's user id, name and store URL.
    #[serde(rename = "userforn")]
    pub supplier_id: String,
    #[serde(rename = "nomeforn")]
    pub supplier_name: String,
    #[serde(rename = "urlforn")]
    pub supplier_url: Option<String>,
    /// Units sold.
    #[serde(rename = "vendas")]
    pub sales: i64,
    /// The card's rounded percent off (wasm-core's rule); null without a promotion.
    #[serde(rename = "desconto")]
    pub discount: Option<u8>,
    /// Why the moderation hid it (only in its store's panel, while hidden).
    #[serde(rename = "moderacao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub moderation: Option<String>,
    /// The buyer may write a note on its line in the bag ('Aceita observação').
    #[serde(rename = "aceitaobs")]
    pub accepts_note: bool,
    /// Declared organic by its store ('Orgânico'; a search filter).
    #[serde(rename = "organico")]
    pub organic: bool,
}

/// The stored JSON list of option labels as options.
fn options(stored: &str) -> Vec<ProductOption> {
    let labels: Vec<String> = serde_json::from_str(stored).unwrap_or_else(|e| {
        tracing::warn!(error = %e, "product options are not a JSON list of labels");
        Vec::new()
    });
    labels
        .into_iter()
        .map(|label| ProductOption { label })
        .collect()
}

impl Product {
    /// The product of `row`, with its photos (`(id, URL)`) and whether it is `disabled`.
    pub fn new(row: &ProductRow, photo_list: &[(String, String)], disabled: bool) -> Self {
        let discount = row.preco_promo_centavos.and_then(|promo| {
            discount_percent(
                Money::from_centavos(row.preco_centavos),
                Money::from_centavos(promo),
            )
        });
        Self {
            id: row.id.clone(),
            same_id: row.id.clone(),
            is_ad: False,
            category: row.categoria.clone(),
            store_category: row.subcategoria.clone(),
            title: row.titulo.clone(),
            description: row.descricao.clone(),
            icon: row.icone.clone(),
            photos: photos(photo_list),
            price: Reais::from_centavos(row.preco_centavos),
            promo_price: row.preco_promo_centavos.map(Reais::from_centavos),
            promo_minimum: row.minimo_promo,
            minimum: row.minimo,
            stock: row.estoque,
            sold_out: wasm_core::forms::sold_out(row.estoque, row.minimo),
            options: options(&row.opcoes),
            disabled,
            supplier_id: row.supplier_id.clone(),
            supplier_name: row.nomeforn.clone(),
            supplier_url: row.urlforn.clone(),
            sales: row.vendas,
            discount,
            moderation: None,
            accepts_note: row.aceita_observacao != 0,
            organic: row.organico != 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn options_become_objects_and_bad_json_an_empty_list() {
        assert_eq!(
            serde_json::to_value(options(r#"["Maço","1 kg"]"#)).unwrap(),
            json!([{"opcao": "Maço"}, {"opcao": "1 kg"}])
        );
        assert!(options("nonsense").is_empty());
    }
}

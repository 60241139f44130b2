//! A supplier's product (`produto`), as the catalogue lists it and the supplier's panel edits
//! it (with its real `status`).

use super::{False, Photos, photos};
use crate::domain::options as opts;
use crate::rpc::{catalog::rows::ProductRow, fields::Reais};
use serde::Serialize;
use utoipa::ToSchema;
use wasm_core::{
    money::Money,
    options::{Listed, OptionStock},
    pricing::discount_percent,
};

/// One of a product's options (decisions.md §39): its label, and its own price, promotional
/// price and stock when it has them (null: the product's).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductOption {
    /// The option's label (e.g. `Maço`).
    #[serde(rename = "opcao")]
    pub label: String,
    /// Its own price; null: the product's price and promotion.
    #[serde(rename = "preco")]
    pub price: Option<Reais>,
    /// Its own promotional price (from one unit); null: none of its own.
    #[serde(rename = "precopromo")]
    pub promo_price: Option<Reais>,
    /// It counts its own stock (else it sells from the product's).
    #[serde(rename = "estoqueproprio")]
    pub own_stock: bool,
    /// Its own stock (0: sold out); null when untracked or when it uses the product's.
    #[serde(rename = "estoque")]
    pub stock: Option<i64>,
    /// Sold out: the stock it sells from is below what one order needs.
    #[serde(rename = "esgotado")]
    pub sold_out: bool,
    /// Its card's rounded percent off; null without a promotion.
    #[serde(rename = "desconto")]
    pub discount: Option<u8>,
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
    /// The lowest price of its options when they sell at different prices (the card's 'a
    /// partir de R$ …'); null otherwise.
    #[serde(rename = "apartirde")]
    pub from_price: Option<Reais>,
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

/// The options of `listed`, with what each sells at.
fn options(listed: &Listed<'_>) -> Vec<ProductOption> {
    listed
        .options
        .iter()
        .map(|o| {
            let terms = o.terms(&listed.terms);
            ProductOption {
                label: o.label.clone(),
                price: o.price.map(|m| Reais::from_centavos(m.centavos())),
                promo_price: o.promo.map(|m| Reais::from_centavos(m.centavos())),
                own_stock: !o.stock.is_product(),
                stock: match o.stock {
                    OptionStock::Count(n) => Some(i64::from(n)),
                    _ => None,
                },
                sold_out: listed.option_sold_out(o),
                discount: terms.price.discount_percent(),
            }
        })
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
        let stored = opts::parse(&row.opcoes);
        let listed = Listed {
            titulo: &row.titulo,
            terms: opts::terms(
                row.preco_centavos,
                row.preco_promo_centavos,
                row.minimo_promo,
                row.minimo,
                row.estoque,
            ),
            options: &stored,
        };
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
            sold_out: listed.sold_out(),
            options: options(&listed),
            from_price: Some(listed.from_price())
                .filter(|f| f.varies)
                .map(|f| Reais::from_centavos(f.price.centavos())),
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
    fn options_say_what_they_sell_at() {
        let listed_options = opts::parse(
            r#"["500 g",{"opcao":"1 kg","preco_centavos":900,"estoque":{"contagem":0}}]"#,
        );
        let listed = Listed {
            titulo: "tomate",
            terms: opts::terms(500, None, None, None, Some(4)),
            options: &listed_options,
        };
        assert_eq!(
            serde_json::to_value(options(&listed)).unwrap(),
            json!([
                {"opcao": "500 g", "preco": null, "precopromo": null, "estoqueproprio": false,
                 "estoque": null, "esgotado": false, "desconto": null},
                {"opcao": "1 kg", "preco": 9.0, "precopromo": null, "estoqueproprio": true,
                 "estoque": 0, "esgotado": true, "desconto": null}
            ])
        );
    }
}

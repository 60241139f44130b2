//! The add-product and edit-product forms, their wizard steps (minimum and stock, options) and
//! the promotion form.

use super::{
    Category, FormError, MAX_OPTION, MAX_OPTIONS, is_blank, lenient_count, lenient_text, limit,
    long_description, optional_text, price, title_and_price,
};
use crate::messages;
use crate::money::Money;
use serde::{Deserialize, Deserializer, Serialize};

/// Step "minimum order and stock" (decisions.md §26): the stock is a count, stored as typed (0 is
/// 'Esgotado', 1 is one unit); `None` is the explicit "no stock control". A minimum of 0 or 1 is
/// no minimum. When both are above 0 the stock may not be below the minimum.
pub fn minimum_and_stock(
    minimo: Option<u32>,
    estoque: Option<u32>,
) -> Result<(Option<u32>, Option<u32>), FormError> {
    let min = minimo.unwrap_or(0);
    if let Some(stock) = estoque
        && min > 0
        && stock > 0
        && stock < min
    {
        return Err(FormError::StockBelowMinimum);
    }
    Ok(((min > 1).then_some(min), estoque))
}

/// Whether a product with `estoque` units (`None`: not tracked) and minimum order `minimo` is
/// sold out: tracked stock below what one order needs (the minimum, at least 1).
pub fn sold_out(estoque: Option<i64>, minimo: Option<i64>) -> bool {
    estoque.is_some_and(|n| n < minimo.unwrap_or(1).max(1))
}

/// Step "options": trimmed, empty ones dropped, each at most 50 characters.
pub fn product_options(options: &[String]) -> Result<Vec<String>, FormError> {
    if options.len() > MAX_OPTIONS {
        return Err(FormError::TooManyOptions);
    }
    let kept: Vec<String> = options.iter().filter_map(|o| optional_text(o)).collect();
    for o in &kept {
        limit(o, messages::CAMPO_OPCAO, MAX_OPTION)?;
    }
    Ok(kept)
}

/// The add-product and edit-product forms as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ProductForm {
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub categoria: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub titulo: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub preco: String,
    #[serde(deserialize_with = "lenient_count")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_count))]
    pub minimo: Option<u32>,
    #[serde(deserialize_with = "lenient_count")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_count))]
    pub estoque: Option<u32>,
    /// Option labels; `{opcao}` objects are accepted too.
    #[serde(deserialize_with = "option_labels")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::option_labels))]
    pub opcoes: Vec<String>,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub descricao: String,
}

fn option_labels<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Label {
        Text(String),
        Object { opcao: String },
    }
    let labels = Option::<Vec<Label>>::deserialize(d)?.unwrap_or_default();
    Ok(labels
        .into_iter()
        .map(|l| match l {
            Label::Text(t) | Label::Object { opcao: t } => t,
        })
        .collect())
}

/// A valid product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Product {
    pub categoria: Category,
    pub titulo: String,
    pub preco_centavos: Money,
    pub minimo: Option<u32>,
    pub estoque: Option<u32>,
    pub opcoes: Vec<String>,
    pub descricao: Option<String>,
}

impl ProductForm {
    /// The wizard's checks in its order: category, title and price, minimum and stock,
    /// options, description. `editing` selects the edit form's price message.
    pub fn validate(&self, editing: bool) -> Result<Product, FormError> {
        let categoria = Category::parse(&self.categoria)?;
        let (titulo, preco) = title_and_price(&self.titulo, &self.preco, editing)?;
        let (minimo, estoque) = minimum_and_stock(self.minimo, self.estoque)?;
        Ok(Product {
            categoria,
            titulo,
            preco_centavos: preco,
            minimo,
            estoque,
            opcoes: product_options(&self.opcoes)?,
            descricao: long_description(&self.descricao)?,
        })
    }
}

/// A product promotion: the promotional price from `minimopromo` units on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Promotion {
    pub precopromo_centavos: Money,
    pub minimopromo: u32,
}

/// The promotion form: an empty price removes the promotion (`None`); otherwise a price above
/// zero (`Digite um preço válido`) and a minimum of at least 1.
pub fn promotion(precopromo: &str, minimopromo: u32) -> Result<Option<Promotion>, FormError> {
    if is_blank(precopromo) {
        return Ok(None);
    }
    let price = price(precopromo, FormError::InvalidPriceEdit)?;
    if minimopromo < 1 {
        return Err(FormError::PromoMinimum);
    }
    Ok(Some(Promotion {
        precopromo_centavos: price,
        minimopromo,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_util::{err, m, places};

    #[test]
    fn product_wizard_rules() {
        let f: ProductForm = serde_json::from_str(
            r#"{"categoria":"Alimentos","titulo":"Mel Puro","preco":"25,00","minimo":1,"estoque":"1","opcoes":[{"opcao":" 500 g "},{"opcao":""},"1 kg"],"descricao":" "}"#,
        )
        .unwrap();
        let p = f.validate(false).unwrap();
        assert_eq!(p.titulo, "mel puro");
        assert_eq!(p.preco_centavos, m(2500));
        // A minimum of 1 is no minimum; a stock of 1 is one unit (decisions.md §26).
        assert_eq!((p.minimo, p.estoque), (None, Some(1)));
        assert_eq!(p.opcoes, places(&["500 g", "1 kg"]));
        assert_eq!(p.descricao, None);

        assert_eq!(
            minimum_and_stock(Some(5), Some(20)),
            Ok((Some(5), Some(20)))
        );
        assert_eq!(minimum_and_stock(Some(5), None), Ok((Some(5), None)));
        assert_eq!(minimum_and_stock(Some(0), Some(3)), Ok((None, Some(3))));
        assert_eq!(minimum_and_stock(None, Some(0)), Ok((None, Some(0))));
        assert_eq!(minimum_and_stock(Some(1), Some(1)), Ok((None, Some(1))));
        assert_eq!(minimum_and_stock(Some(1), None), Ok((None, None)));
        // Sold out is allowed whatever the minimum.
        assert_eq!(minimum_and_stock(Some(5), Some(0)), Ok((Some(5), Some(0))));
        assert_eq!(
            err(minimum_and_stock(Some(5), Some(3))),
            "O estoque não pode ser menor do que o pedido mínimo"
        );
        let mut edit = f.clone();
        edit.preco = "x".into();
        assert_eq!(err(edit.validate(true)), "Digite um preço válido");
        assert_eq!(err(edit.validate(false)), "Insira um preço válido");
        edit.preco = "10".into();
        edit.opcoes = vec!["o".repeat(51)];
        assert_eq!(
            err(edit.validate(true)),
            "Cada opção deve ter no máximo 50 caracteres"
        );
        assert!(serde_json::from_str::<ProductForm>(r#"{"minimo":-1}"#).is_err());
        // A product with 20,000 options was once stored.
        edit.opcoes = vec!["500 g".into(); 20_000];
        assert_eq!(err(edit.validate(true)), "Adicione no máximo 20 opções.");
        edit.opcoes = vec!["500 g".into(); 20];
        assert!(edit.validate(true).is_ok());
    }

    #[test]
    fn sold_out_is_tracked_stock_below_one_order() {
        assert!(!sold_out(None, None));
        assert!(!sold_out(None, Some(5)));
        assert!(sold_out(Some(0), None));
        assert!(!sold_out(Some(1), None));
        assert!(!sold_out(Some(1), Some(1)));
        assert!(sold_out(Some(4), Some(5)));
        assert!(!sold_out(Some(5), Some(5)));
        assert!(sold_out(Some(0), Some(0)));
    }

    #[test]
    fn promotions() {
        assert_eq!(promotion("", 3), Ok(None));
        assert_eq!(
            promotion("8,50", 3),
            Ok(Some(Promotion {
                precopromo_centavos: m(850),
                minimopromo: 3
            }))
        );
        assert_eq!(err(promotion("abc", 1)), "Digite um preço válido");
        assert_eq!(
            err(promotion("8", 0)),
            "A quantidade mínima da promoção deve ser ao menos 1"
        );
    }
}

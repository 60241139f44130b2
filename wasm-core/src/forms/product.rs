//! The add-product and edit-product forms, their wizard steps (minimum and stock, options) and
//! the promotion form.

use super::{
    Category, FormError, MAX_OPTION, MAX_OPTIONS, is_blank, lenient_count, lenient_text, limit,
    long_description, optional_text, price, title_and_price,
};
use crate::messages;
use crate::money::Money;
use crate::options::{OptionStock, ProductOption};
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

/// One option as the wizard sends it (decisions.md §39): a label alone (the spec's clients), or
/// `{opcao, preco, precopromo, estoqueproprio, estoque, estoqueanterior}`. An empty `preco` is
/// the product's price; `estoqueproprio` false (or absent without `estoque`) is the product's
/// stock; with its own stock an empty `estoque` is 'Sem controle de estoque'.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct OptionForm {
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub opcao: String,
    /// Its own price; empty: the product's price and promotion.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub preco: String,
    /// Its own promotional price (with its own price only); empty: none.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub precopromo: String,
    /// Whether it has its own stock; absent: whether `estoque` was sent.
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub estoqueproprio: Option<bool>,
    /// Its own stock, a count; empty or null: 'Sem controle de estoque'.
    #[serde(deserialize_with = "present_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub estoque: Option<String>,
    /// Its own stock as the form was loaded (null: untracked or the product's); present, the
    /// edit applies the difference to the stock as it is now (decisions.md §26).
    #[serde(deserialize_with = "present_count")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_count))]
    pub estoqueanterior: Option<Option<u32>>,
}

fn present_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    lenient_text(d).map(Some)
}

fn present_count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<u32>>, D::Error> {
    lenient_count(d).map(Some)
}

impl OptionForm {
    /// A label alone.
    pub fn label(label: impl Into<String>) -> Self {
        Self {
            opcao: label.into(),
            ..Self::default()
        }
    }

    /// The option, valid (its label already checked and trimmed as `label`).
    fn validate(&self, label: String) -> Result<ProductOption, FormError> {
        let own_price = |text: &str| -> Result<Option<Money>, FormError> {
            if is_blank(text) {
                return Ok(None);
            }
            // The price parser drops what is not a digit or separator: a minus is refused here.
            match Money::parse(text) {
                Ok(m) if m.is_positive() && !text.contains('-') => Ok(Some(m)),
                _ => Err(FormError::OptionPrice(label.clone())),
            }
        };
        let price = own_price(&self.preco)?;
        let promo = own_price(&self.precopromo)?;
        match (price, promo) {
            (None, Some(_)) => return Err(FormError::OptionPromoWithoutPrice(label)),
            (Some(p), Some(q)) if q >= p => return Err(FormError::OptionPromoAbove(label)),
            _ => {}
        }
        let own_stock = self.estoqueproprio.unwrap_or(self.estoque.is_some());
        let stock = if own_stock {
            match self.estoque.as_deref().map(str::trim).unwrap_or("") {
                "" => OptionStock::Untracked,
                t => OptionStock::Count(
                    t.parse::<u32>()
                        .map_err(|_| FormError::OptionStock(label.clone()))?,
                ),
            }
        } else {
            OptionStock::Product
        };
        Ok(ProductOption {
            label,
            price,
            promo,
            stock,
        })
    }
}

/// Step "options" with each option's own price and stock: labels as [`product_options`] (a
/// label repeated is the same option, kept once), then each option's fields.
pub fn option_forms(options: &[OptionForm]) -> Result<Vec<ProductOption>, FormError> {
    if options.len() > MAX_OPTIONS {
        return Err(FormError::TooManyOptions);
    }
    let mut kept: Vec<ProductOption> = Vec::new();
    for form in options {
        let Some(label) = optional_text(&form.opcao) else {
            continue;
        };
        limit(&label, messages::CAMPO_OPCAO, MAX_OPTION)?;
        if kept.iter().any(|o| o.label == label) {
            continue;
        }
        kept.push(form.validate(label)?);
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
    /// The options: labels, or objects with their own price and stock ([`OptionForm`]).
    #[serde(deserialize_with = "option_list")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::option_labels))]
    pub opcoes: Vec<OptionForm>,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub descricao: String,
}

fn option_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<OptionForm>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Entry {
        Text(String),
        Object(OptionForm),
    }
    let entries = Option::<Vec<Entry>>::deserialize(d)?.unwrap_or_default();
    Ok(entries
        .into_iter()
        .map(|e| match e {
            Entry::Text(t) => OptionForm::label(t),
            Entry::Object(o) => o,
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
    pub opcoes: Vec<ProductOption>,
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
            opcoes: option_forms(&self.opcoes)?,
            descricao: long_description(&self.descricao)?,
        })
    }

    /// Each option's stock as the form was loaded, by trimmed label, for those that said it.
    pub fn previous_option_stocks(&self) -> Vec<(String, Option<u32>)> {
        self.opcoes
            .iter()
            .filter_map(|o| Some((o.opcao.trim().to_owned(), o.estoqueanterior?)))
            .collect()
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
mod tests;

//! Product options with their own price, promo price and stock (decisions.md §39).
//!
//! An option ('500 g', '1 kg') may carry its own price, its own promotional price (only with its
//! own price; it applies from one unit) and its own stock (a count, or its own "no stock
//! control", decisions.md §26). An option without them uses the product's: its price and
//! promotion, and the product's stock (shared by every such option). Every rule here runs in
//! the browser and on the server, so both price a line alike ([`priced_line`]).
//!
//! Options are stored in the product's `opcoes` as a JSON list: a plain label for an option
//! without its own fields (the shape the spec's clients always had), an object otherwise
//! ([`StoredOption`]).

use crate::checkout::CartLine;
use crate::forms::sold_out;
use crate::messages;
use crate::money::Money;
use crate::pricing::ProductPrice;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where an option's stock comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum OptionStock {
    /// The product's stock (shared by every option without its own).
    #[default]
    #[serde(rename = "produto")]
    Product,
    /// Its own, not tracked ('Sem controle de estoque').
    #[serde(rename = "sem_controle")]
    Untracked,
    /// Its own count (0: 'Esgotado').
    #[serde(rename = "contagem")]
    Count(u32),
}

impl OptionStock {
    pub fn is_product(&self) -> bool {
        *self == Self::Product
    }

    /// The option's own stock as a column holds it: `None` when it uses the product's,
    /// `Some(None)` untracked, `Some(Some(n))` a count.
    pub fn own(self) -> Option<Option<u32>> {
        match self {
            Self::Product => None,
            Self::Untracked => Some(None),
            Self::Count(n) => Some(Some(n)),
        }
    }

    pub fn from_own(own: Option<Option<u32>>) -> Self {
        match own {
            None => Self::Product,
            Some(None) => Self::Untracked,
            Some(Some(n)) => Self::Count(n),
        }
    }
}

/// One option of a product, valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductOption {
    #[serde(rename = "opcao")]
    pub label: String,
    /// Its own price; `None`: the product's price and promotion.
    #[serde(
        rename = "preco_centavos",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub price: Option<Money>,
    /// Its own promotional price (below its own price), from one unit.
    #[serde(
        rename = "precopromo_centavos",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub promo: Option<Money>,
    #[serde(
        rename = "estoque",
        default,
        skip_serializing_if = "OptionStock::is_product"
    )]
    pub stock: OptionStock,
}

impl ProductOption {
    /// An option with nothing of its own.
    pub fn label(label: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            price: None,
            promo: None,
            stock: OptionStock::Product,
        }
    }

    /// Whether it has nothing of its own (stored as its label alone).
    pub fn is_plain(&self) -> bool {
        self.price.is_none() && self.promo.is_none() && self.stock.is_product()
    }

    /// Its price and stock, given the product's.
    pub fn terms(&self, product: &ProductTerms) -> Terms {
        let price = match self.price {
            Some(own) => ProductPrice::new(own, self.promo, None),
            None => product.price,
        };
        let (stock, own_stock) = match self.stock {
            OptionStock::Product => (product.stock, false),
            OptionStock::Untracked => (None, true),
            OptionStock::Count(n) => (Some(n), true),
        };
        Terms {
            price,
            stock,
            own_stock,
        }
    }
}

/// An option as stored: its label alone, or the option with its own fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum StoredOption {
    Label(String),
    Full(ProductOption),
}

impl From<StoredOption> for ProductOption {
    fn from(s: StoredOption) -> Self {
        match s {
            StoredOption::Label(l) => Self::label(l),
            StoredOption::Full(o) => o,
        }
    }
}

impl From<&ProductOption> for StoredOption {
    fn from(o: &ProductOption) -> Self {
        if o.is_plain() {
            Self::Label(o.label.clone())
        } else {
            Self::Full(o.clone())
        }
    }
}

/// The product's own price and stock (`None`: not tracked).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProductTerms {
    pub price: ProductPrice,
    pub stock: Option<u32>,
    pub minimum: Option<u32>,
}

/// What one option (or a product without options) sells at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Terms {
    pub price: ProductPrice,
    /// The stock a line takes from; `None`: not tracked.
    pub stock: Option<u32>,
    /// Taken from the option's own stock (else the product's).
    pub own_stock: bool,
}

/// A product as the catalogue lists it: its terms and options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed<'a> {
    pub titulo: &'a str,
    pub terms: ProductTerms,
    pub options: &'a [ProductOption],
}

/// Why a line's option cannot be sold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// The product has options and none was chosen: `Selecione uma opção`.
    Choose,
    /// The option chosen is not (or no longer) one of the product's.
    Unknown { titulo: String, opcao: String },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Choose => f.write_str(messages::SELECIONE_OPCAO),
            Self::Unknown { titulo, opcao } => {
                f.write_str(&messages::opcao_inexistente(titulo, opcao))
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// A line's product priced for the option chosen: the checkout's line, the option's label
/// (`None` for a product without options; a choice sent for one is ignored) and whether it
/// takes the option's own stock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedLine {
    pub line: CartLine,
    pub option: Option<String>,
    pub own_stock: bool,
}

impl Listed<'_> {
    /// The option labelled `label`.
    pub fn option(&self, label: &str) -> Option<&ProductOption> {
        self.options.iter().find(|o| o.label == label)
    }

    /// The terms of option `chosen` (the product's own without options).
    pub fn terms_for(
        &self,
        chosen: Option<&str>,
    ) -> Result<(Option<&ProductOption>, Terms), OptionError> {
        if self.options.is_empty() {
            return Ok((
                None,
                Terms {
                    price: self.terms.price,
                    stock: self.terms.stock,
                    own_stock: false,
                },
            ));
        }
        let label = chosen
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .ok_or(OptionError::Choose)?;
        let option = self.option(label).ok_or_else(|| OptionError::Unknown {
            titulo: self.titulo.to_owned(),
            opcao: label.to_owned(),
        })?;
        Ok((Some(option), option.terms(&self.terms)))
    }

    /// Whether the whole product is sold out: without options, its stock; with options, every
    /// option's.
    pub fn sold_out(&self) -> bool {
        let minimum = self.terms.minimum.map(i64::from);
        if self.options.is_empty() {
            return sold_out(self.terms.stock.map(i64::from), minimum);
        }
        self.options
            .iter()
            .all(|o| sold_out(o.terms(&self.terms).stock.map(i64::from), minimum))
    }

    /// Whether option `o` is sold out.
    pub fn option_sold_out(&self, o: &ProductOption) -> bool {
        sold_out(
            o.terms(&self.terms).stock.map(i64::from),
            self.terms.minimum.map(i64::from),
        )
    }

    /// The card's price: the lowest the product sells at (each option's promotional price, if
    /// any, else its price), and whether the options differ ('a partir de R$ …').
    pub fn from_price(&self) -> FromPrice {
        let mut prices = self
            .options
            .iter()
            .map(|o| o.terms(&self.terms).price.card_price());
        let Some(first) = prices.next() else {
            return FromPrice {
                price: self.terms.price.card_price(),
                varies: false,
            };
        };
        prices.fold(
            FromPrice {
                price: first,
                varies: false,
            },
            |acc, p| FromPrice {
                price: acc.price.min(p),
                varies: acc.varies || p != first,
            },
        )
    }

    /// Line `quantidade` of option `chosen`, priced for the checkout (decisions.md §39): the
    /// one place both the bag and the server price an order line.
    pub fn priced_line(
        &self,
        chosen: Option<&str>,
        quantidade: u32,
    ) -> Result<PricedLine, OptionError> {
        let (option, terms) = self.terms_for(chosen)?;
        Ok(PricedLine {
            line: CartLine {
                // An option with its own terms is named in the checkout's messages.
                titulo: match option {
                    Some(o) if !o.is_plain() => format!("{} ({})", self.titulo, o.label),
                    _ => self.titulo.to_owned(),
                },
                preco_centavos: terms.price.price,
                precopromo_centavos: terms.price.promo,
                minimopromo: terms.price.promo_minimum,
                quantidade,
                minimo: self.terms.minimum,
                estoque: terms.stock,
            },
            option: option.map(|o| o.label.clone()),
            own_stock: terms.own_stock,
        })
    }
}

/// The card's price ([`Listed::from_price`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FromPrice {
    pub price: Money,
    /// The options sell at different prices: the card says 'a partir de'.
    pub varies: bool,
}

#[cfg(test)]
mod tests;

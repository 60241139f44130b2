//! The wizards' and forms' validation rules of both spec documents, each returning the value to
//! store or the spec's message: business registration and supplier profile, direct ads, products
//! and promotions, the buyer's address, store categories, user name, payment options and
//! withdrawal, and the blockchain notarisation page.
//!
//! Every form takes its fields as typed (the spec's field names; text or numbers) so the browser
//! can validate a wizard step and the server the whole payload with the same code. Each wizard
//! step also has its own function (e.g. [`business_name`]) for step-by-step checks.
//!
//! Decisions where the spec is silent: prices of products and ads must be above zero (a zero
//! price breaks the discount badge and the checkout); text limits count characters, not bytes;
//! names and descriptions are trimmed; empty optional texts become `None` (sent as null).
//!
//! Split by form: `fields` (lenient field reading and text helpers), `scope` (categories
//! and where a supplier or an ad is shown), `business`, `ad`, `product`, `address`,
//! `panel` (store categories, payments, withdrawals) and `blockchain`.

mod ad;
mod address;
mod blockchain;
mod business;
mod fields;
mod panel;
mod product;
mod scope;

pub use ad::*;
pub use address::*;
pub use blockchain::*;
pub use business::*;
pub use fields::*;
pub use panel::*;
pub use product::*;
pub use scope::*;

use crate::messages::{self, Message};
use crate::money::Money;
use std::borrow::Cow;

/// Business description limit (characters).
pub const MAX_BUSINESS_DESCRIPTION: usize = 500;
/// Title limit for ads and products.
pub const MAX_TITLE: usize = 50;
/// Product option label limit.
pub const MAX_OPTION: usize = 50;
/// Description limit for ads and products.
pub const MAX_DESCRIPTION: usize = 1500;
/// Notarisation description limit.
pub const MAX_BLOCKCHAIN_DESCRIPTION: usize = 500;
/// Public store names and user names (the spec gives none; every field is bounded).
pub const MAX_NAME: usize = 80;
/// The Instagram field (a handle is at most 30 characters; a pasted profile link is longer).
pub const MAX_INSTAGRAM: usize = 100;
/// A place, `UF` or `City, UF` (the longest IBGE municipality name has 32 characters).
pub const MAX_PLACE: usize = 60;
/// A street, in the buyer's address and the delivery start address.
pub const MAX_STREET: usize = 120;
/// A house number (digits).
pub const MAX_HOUSE_NUMBER: usize = 10;
/// The address complement.
pub const MAX_COMPLEMENT: usize = 100;
/// A Pix key (BACEN: an e-mail key has at most 77 characters; the others are shorter).
pub const MAX_PIX_KEY: usize = 77;
/// A store category's name.
pub const MAX_CATEGORY_NAME: usize = 40;
/// Options a product may offer.
pub const MAX_OPTIONS: usize = 20;
/// The storefront's template name (`modelo`).
pub const MAX_STORE_MODEL: usize = 40;
/// Notarisation file limit: 100 MB.
pub const MAX_FILE_BYTES: u64 = 104_857_600;
/// Price of one notarisation token (ficha): R$ 5.
pub const TOKEN_PRICE: Money = Money::from_centavos(500);
/// Withdrawal fee: 2 %, in hundredths of a percent.
pub const WITHDRAWAL_FEE_HUNDREDTHS: i64 = 200;

/// Why a form was refused; displays the spec's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormError {
    NameRequired,
    DocumentRequired,
    DocumentInvalid,
    /// Business wizard.
    PhoneRequired,
    /// Address and supplier profile.
    PhoneInvalid,
    ChooseOption,
    AddPlace,
    TooLong {
        field: &'static str,
        max: usize,
    },
    /// More places than a scope can hold (27 states, 6,000 cities).
    TooManyPlaces {
        max: usize,
    },
    /// More options than a product may offer.
    TooManyOptions,
    FillAll,
    InvalidPrice,
    InvalidPriceEdit,
    ChooseCategory,
    ChooseOrigin,
    StockBelowMinimum,
    PromoMinimum,
    InvalidNumber,
    CategoryNameRequired,
    FillName,
    FillDocument,
    FillPhone,
    PixKeyRequired,
    NoBalance,
    ChoosePayment,
    NoTokens,
    FileTooLarge,
    DescriptionRequired,
    TokenQuantity,
    /// A CEP that is not 8 digits.
    InvalidCep,
    /// An option's price that is not a number above zero (decisions.md §39).
    OptionPrice(String),
    /// An option's promotional price not below its price.
    OptionPromoAbove(String),
    /// An option's promotional price without its own price.
    OptionPromoWithoutPrice(String),
    /// An option's stock that is not a whole number of 0 or more.
    OptionStock(String),
}

impl Message for FormError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::NameRequired => messages::NOME_OBRIGATORIO,
            Self::DocumentRequired => messages::CPF_CNPJ_OBRIGATORIO,
            Self::DocumentInvalid => messages::CPF_CNPJ_INVALIDO,
            Self::PhoneRequired => messages::TELEFONE_OBRIGATORIO,
            Self::PhoneInvalid => messages::TELEFONE_INVALIDO,
            Self::ChooseOption => messages::SELECIONE_OPCAO,
            Self::AddPlace => messages::ADICIONE_LOCAL,
            Self::TooLong { field, max } => {
                return Cow::Owned(messages::texto_longo(field, *max));
            }
            Self::TooManyPlaces { max } => return Cow::Owned(messages::locais_demais(*max)),
            Self::TooManyOptions => {
                return Cow::Owned(messages::opcoes_demais(MAX_OPTIONS));
            }
            Self::FillAll => messages::PREENCHA_TODOS,
            Self::InvalidPrice => messages::PRECO_INVALIDO,
            Self::InvalidPriceEdit => messages::PRECO_INVALIDO_EDICAO,
            Self::ChooseCategory => messages::SELECIONE_CATEGORIA,
            Self::ChooseOrigin => messages::SELECIONE_ORIGEM,
            Self::StockBelowMinimum => messages::ESTOQUE_MENOR_MINIMO,
            Self::PromoMinimum => messages::MINIMO_PROMOCAO,
            Self::InvalidNumber => messages::NUMERO_INVALIDO,
            Self::CategoryNameRequired => messages::CATEGORIA_VAZIA,
            Self::FillName => messages::PREENCHA_NOME,
            Self::FillDocument => messages::PREENCHA_CPF_CNPJ,
            Self::FillPhone => messages::PREENCHA_TELEFONE,
            Self::PixKeyRequired => messages::CHAVE_PIX,
            Self::NoBalance => messages::SEM_SALDO,
            Self::ChoosePayment => messages::SELECIONE_PAGAMENTO,
            Self::NoTokens => messages::SEM_FICHAS,
            Self::FileTooLarge => messages::ARQUIVO_GRANDE,
            Self::DescriptionRequired => messages::INSIRA_DESCRICAO,
            Self::TokenQuantity => messages::FICHAS_QUANTIDADE,
            Self::InvalidCep => messages::CEP_INVALIDO,
            Self::OptionPrice(o) => return Cow::Owned(messages::preco_opcao_invalido(o)),
            Self::OptionPromoAbove(o) => return Cow::Owned(messages::promo_opcao_acima(o)),
            Self::OptionPromoWithoutPrice(o) => {
                return Cow::Owned(messages::promo_opcao_sem_preco(o));
            }
            Self::OptionStock(o) => return Cow::Owned(messages::estoque_opcao_invalido(o)),
        })
    }
}

crate::display_message!(FormError);

#[cfg(test)]
mod test_util {
    //! Helpers shared by the forms' tests.

    use super::FormError;
    use crate::money::Money;
    use std::fmt;

    pub(super) fn m(c: i64) -> Money {
        Money::from_centavos(c)
    }

    pub(super) fn err<T: fmt::Debug>(r: Result<T, FormError>) -> String {
        r.unwrap_err().to_string()
    }

    pub(super) fn places(p: &[&str]) -> Vec<String> {
        p.iter().map(|s| (*s).to_owned()).collect()
    }

    /// The message `validate` gives for `ok` changed by `change`.
    pub(super) fn refusal<F: Clone, T: fmt::Debug>(
        ok: &F,
        validate: impl Fn(&F) -> Result<T, FormError>,
    ) -> impl Fn(&dyn Fn(&mut F)) -> String {
        move |change| {
            let mut form = ok.clone();
            change(&mut form);
            err(validate(&form))
        }
    }
}

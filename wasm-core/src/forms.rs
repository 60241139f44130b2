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

use crate::document::{DocumentError, TaxId};
use crate::messages::{self, Message};
use crate::money::{AmountError, Money};
use crate::phone::Phone;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

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
        })
    }
}

crate::display_message!(FormError);

// --- Small text helpers ------------------------------------------------------------------------

pub(crate) fn is_blank(s: &str) -> bool {
    s.trim().is_empty()
}

/// Trimmed, or `None` when empty.
pub(crate) fn optional_text(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// Lower case, character by character (the same tables as `text::fold`).
pub(crate) fn lower_case(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}

fn limit(text: &str, field: &'static str, max: usize) -> Result<(), FormError> {
    if text.chars().count() > max {
        Err(FormError::TooLong { field, max })
    } else {
        Ok(())
    }
}

/// A form number as text: whole numbers as digits (`120`), others with two decimals (`7.50`),
/// non-finite ones as nothing. (No float formatting: it would weigh on the wasm.)
pub fn number_text(v: f64) -> String {
    if v.is_finite() && v.fract() == 0.0 && v.abs() < 9.0e15 {
        return (v as i64).to_string();
    }
    Money::from_reais(v)
        .map(Money::decimal_string)
        .unwrap_or_default()
}

/// Deserialises text, a number (as its decimal text) or null (as empty text): form fields as the
/// browser holds them.
pub(crate) fn lenient_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    struct Text;
    impl<'de> Visitor<'de> for Text {
        type Value = String;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("text or a number")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
            Ok(v.to_owned())
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
            Ok(number_text(v))
        }
        fn visit_unit<E: de::Error>(self) -> Result<String, E> {
            Ok(String::new())
        }
        fn visit_none<E: de::Error>(self) -> Result<String, E> {
            Ok(String::new())
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
            lenient_text(d)
        }
    }
    d.deserialize_any(Text)
}

/// Deserialises a whole number ≥ 0 given as a number or digits, or nothing (null, empty text).
fn lenient_count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let text = lenient_text(d)?;
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>()
        .map(Some)
        .map_err(|_| de::Error::custom(messages::DADOS_INVALIDOS))
}

// --- Categories and scope ----------------------------------------------------------------------

/// The four marketplace categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Category {
    #[serde(rename = "Alimentos")]
    Food,
    #[serde(rename = "Produtos, Coprodutos, Subprodutos")]
    Products,
    #[serde(rename = "Sementes e Mudas")]
    Seeds,
    #[serde(rename = "Variedades")]
    Varieties,
}

impl Category {
    pub const ALL: [Category; 4] = [Self::Food, Self::Products, Self::Seeds, Self::Varieties];

    pub const fn label(self) -> &'static str {
        match self {
            Self::Food => "Alimentos",
            Self::Products => "Produtos, Coprodutos, Subprodutos",
            Self::Seeds => "Sementes e Mudas",
            Self::Varieties => "Variedades",
        }
    }

    pub fn parse(label: &str) -> Result<Self, FormError> {
        let t = label.trim();
        Self::ALL
            .into_iter()
            .find(|c| c.label() == t)
            .ok_or(FormError::ChooseCategory)
    }
}

/// Where a supplier or an ad is shown: all Brazil (1), some states (2), some cities (3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Brazil,
    States(Vec<String>),
    Cities(Vec<String>),
}

impl Scope {
    /// `local` (1, 2 or 3) and the chosen places (`UF` or `City, UF`): a scope is required
    /// (`Selecione uma opção`), and states or cities need at least one place (`Adcione ao menos 1
    /// local`). Places are trimmed, empty ones dropped and duplicates removed; all Brazil
    /// ignores them.
    pub fn parse(local: Option<u32>, places: &[String]) -> Result<Self, FormError> {
        let mut chosen: Vec<String> = Vec::new();
        for p in places {
            if let Some(p) = optional_text(p)
                && p != "ALL"
                && !chosen.contains(&p)
            {
                chosen.push(p);
            }
        }
        match local {
            Some(1) => Ok(Self::Brazil),
            Some(2 | 3) if chosen.is_empty() => Err(FormError::AddPlace),
            Some(2) => Ok(Self::States(chosen)),
            Some(3) => Ok(Self::Cities(chosen)),
            _ => Err(FormError::ChooseOption),
        }
    }

    /// `local`: 1, 2 or 3.
    pub fn code(&self) -> u8 {
        match self {
            Self::Brazil => 1,
            Self::States(_) => 2,
            Self::Cities(_) => 3,
        }
    }

    /// `cidades`: the places, or `['ALL']` for all Brazil (the contract's form).
    pub fn places(&self) -> Vec<String> {
        match self {
            Self::Brazil => vec!["ALL".to_owned()],
            Self::States(p) | Self::Cities(p) => p.clone(),
        }
    }
}

impl Serialize for Scope {
    /// `{local, cidades}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct View {
            local: u8,
            cidades: Vec<String>,
        }
        View {
            local: self.code(),
            cidades: self.places(),
        }
        .serialize(s)
    }
}

// --- Business registration wizard and supplier profile -----------------------------------------

/// Step "public name": `Insira um nome!`.
pub fn business_name(input: &str) -> Result<String, FormError> {
    optional_text(input).ok_or(FormError::NameRequired)
}

/// Step "CPF/CNPJ": `Insira um CPF/CNPJ`, or a wrong number.
pub fn business_document(input: &str) -> Result<TaxId, FormError> {
    TaxId::parse(input).map_err(|e| match e {
        DocumentError::Empty => FormError::DocumentRequired,
        DocumentError::Invalid => FormError::DocumentInvalid,
    })
}

/// Step "phone": at least 14 masked characters, else `Insira um telefone`.
pub fn business_phone(input: &str) -> Result<Phone, FormError> {
    Phone::parse(input).map_err(|_| FormError::PhoneRequired)
}

/// Step "description" (optional, at most 500 characters).
pub fn business_description(input: &str) -> Result<Option<String>, FormError> {
    let d = optional_text(input);
    limit(
        d.as_deref().unwrap_or(""),
        messages::CAMPO_DESCRICAO,
        MAX_BUSINESS_DESCRIPTION,
    )?;
    Ok(d)
}

/// The business-registration payload as typed (`cadastro_fornecedor`'s `infos`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct BusinessForm {
    #[serde(deserialize_with = "lenient_text")]
    pub nomeforn: String,
    #[serde(deserialize_with = "lenient_text")]
    pub cpf: String,
    #[serde(deserialize_with = "lenient_text")]
    pub telefone: String,
    #[serde(deserialize_with = "lenient_text")]
    pub descricaoforn: String,
    #[serde(deserialize_with = "lenient_text")]
    pub instagram: String,
    #[serde(deserialize_with = "lenient_count")]
    pub local: Option<u32>,
    pub cidades: Vec<String>,
}

/// A valid business registration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Business {
    pub nomeforn: String,
    pub cpf: TaxId,
    pub telefone: Phone,
    pub descricaoforn: Option<String>,
    pub instagram: Option<String>,
    pub alcance: Scope,
}

impl BusinessForm {
    /// The wizard's checks in its order: name, CPF/CNPJ, phone, description, scope, places.
    pub fn validate(&self) -> Result<Business, FormError> {
        Ok(Business {
            nomeforn: business_name(&self.nomeforn)?,
            cpf: business_document(&self.cpf)?,
            telefone: business_phone(&self.telefone)?,
            descricaoforn: business_description(&self.descricaoforn)?,
            instagram: optional_text(&self.instagram),
            alcance: Scope::parse(self.local, &self.cidades)?,
        })
    }
}

/// The supplier panel's "Meus Dados" form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct SupplierProfileForm {
    #[serde(deserialize_with = "lenient_text")]
    pub nomeforn: String,
    #[serde(deserialize_with = "lenient_text")]
    pub cpf: String,
    #[serde(deserialize_with = "lenient_text")]
    pub telefone: String,
    #[serde(deserialize_with = "lenient_text")]
    pub instagram: String,
    #[serde(deserialize_with = "lenient_text")]
    pub descricaoforn: String,
}

/// A valid supplier profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SupplierProfile {
    pub nomeforn: String,
    pub cpf: TaxId,
    pub telefone: Phone,
    pub instagram: Option<String>,
    pub descricaoforn: Option<String>,
}

impl SupplierProfileForm {
    /// `Por favor, preencha o campo Nome.` / `CPF/CNPJ.` / `Telefone.` for empty fields, then
    /// the number checks.
    pub fn validate(&self) -> Result<SupplierProfile, FormError> {
        let nomeforn = optional_text(&self.nomeforn).ok_or(FormError::FillName)?;
        if is_blank(&self.cpf) {
            return Err(FormError::FillDocument);
        }
        if is_blank(&self.telefone) {
            return Err(FormError::FillPhone);
        }
        Ok(SupplierProfile {
            nomeforn,
            cpf: business_document(&self.cpf)?,
            telefone: Phone::parse(&self.telefone).map_err(|_| FormError::PhoneInvalid)?,
            instagram: optional_text(&self.instagram),
            descricaoforn: business_description(&self.descricaoforn)?,
        })
    }
}

/// A user's display name (`alterar_nome`): `Insira um nome!` when empty.
pub fn user_name(input: &str) -> Result<String, FormError> {
    business_name(input)
}

// --- Direct ads ----------------------------------------------------------------------------------

fn price(input: &str, invalid: FormError) -> Result<Money, FormError> {
    match Money::parse(input) {
        Ok(m) if m.is_positive() => Ok(m),
        Ok(_) | Err(AmountError::Malformed | AmountError::TooLarge) => Err(invalid),
        Err(AmountError::Empty) => Err(FormError::FillAll),
    }
}

/// Step "title and price" of the ad and product wizards: both required (`Preencha todos os
/// campos!`), title at most 50 characters, price a number above zero (`Insira um preço válido`,
/// or `Digite um preço válido` when `editing` a product). The title is returned lower-cased, as
/// stored.
pub fn title_and_price(
    titulo: &str,
    preco: &str,
    editing: bool,
) -> Result<(String, Money), FormError> {
    let title = optional_text(titulo).ok_or(FormError::FillAll)?;
    if is_blank(preco) {
        return Err(FormError::FillAll);
    }
    limit(&title, messages::CAMPO_TITULO, MAX_TITLE)?;
    let invalid = if editing {
        FormError::InvalidPriceEdit
    } else {
        FormError::InvalidPrice
    };
    Ok((lower_case(&title), price(preco, invalid)?))
}

/// Step "description" of the ad and product wizards (optional, at most 1500 characters).
pub fn long_description(input: &str) -> Result<Option<String>, FormError> {
    let d = optional_text(input);
    limit(
        d.as_deref().unwrap_or(""),
        messages::CAMPO_DESCRICAO,
        MAX_DESCRIPTION,
    )?;
    Ok(d)
}

/// The new-ad (and ad-edit) wizard as typed (`adicionar_anuncio`'s `infos`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct AdForm {
    #[serde(deserialize_with = "lenient_text")]
    pub categoria: String,
    #[serde(deserialize_with = "lenient_text")]
    pub titulo: String,
    #[serde(deserialize_with = "lenient_text")]
    pub preco: String,
    #[serde(deserialize_with = "lenient_text")]
    pub descricao: String,
    #[serde(deserialize_with = "lenient_text")]
    pub origem: String,
    #[serde(deserialize_with = "lenient_count")]
    pub locais: Option<u32>,
    pub cidades: Vec<String>,
}

/// A valid ad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ad {
    pub categoria: Category,
    pub titulo: String,
    pub preco_centavos: Money,
    pub descricao: Option<String>,
    pub origem: String,
    pub alcance: Scope,
}

impl AdForm {
    /// The wizard's checks in its order: category, title and price, description, origin,
    /// scope, places.
    pub fn validate(&self) -> Result<Ad, FormError> {
        let categoria = Category::parse(&self.categoria)?;
        let (titulo, preco) = title_and_price(&self.titulo, &self.preco, false)?;
        Ok(Ad {
            categoria,
            titulo,
            preco_centavos: preco,
            descricao: long_description(&self.descricao)?,
            origem: optional_text(&self.origem).ok_or(FormError::ChooseOrigin)?,
            alcance: Scope::parse(self.locais, &self.cidades)?,
        })
    }
}

// --- Products ------------------------------------------------------------------------------------

/// Step "minimum order and stock": when both are above 0 the stock may not be below the
/// minimum. Returns them as stored: a value of 0 or 1 means "not set" (the spec sends 1 as null).
pub fn minimum_and_stock(
    minimo: Option<u32>,
    estoque: Option<u32>,
) -> Result<(Option<u32>, Option<u32>), FormError> {
    let (min, stock) = (minimo.unwrap_or(0), estoque.unwrap_or(0));
    if min > 0 && stock > 0 && stock < min {
        return Err(FormError::StockBelowMinimum);
    }
    let set = |n: u32| (n > 1).then_some(n);
    Ok((set(min), set(stock)))
}

/// Step "options": trimmed, empty ones dropped, each at most 50 characters.
pub fn product_options(options: &[String]) -> Result<Vec<String>, FormError> {
    let kept: Vec<String> = options.iter().filter_map(|o| optional_text(o)).collect();
    for o in &kept {
        limit(o, messages::CAMPO_OPCAO, MAX_OPTION)?;
    }
    Ok(kept)
}

/// The add-product and edit-product forms as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct ProductForm {
    #[serde(deserialize_with = "lenient_text")]
    pub categoria: String,
    #[serde(deserialize_with = "lenient_text")]
    pub titulo: String,
    #[serde(deserialize_with = "lenient_text")]
    pub preco: String,
    #[serde(deserialize_with = "lenient_count")]
    pub minimo: Option<u32>,
    #[serde(deserialize_with = "lenient_count")]
    pub estoque: Option<u32>,
    /// Option labels; `{opcao}` objects are accepted too.
    #[serde(deserialize_with = "option_labels")]
    pub opcoes: Vec<String>,
    #[serde(deserialize_with = "lenient_text")]
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
    let price = match Money::parse(precopromo) {
        Ok(m) if m.is_positive() => m,
        _ => return Err(FormError::InvalidPriceEdit),
    };
    if minimopromo < 1 {
        return Err(FormError::PromoMinimum);
    }
    Ok(Some(Promotion {
        precopromo_centavos: price,
        minimopromo,
    }))
}

// --- Address -------------------------------------------------------------------------------------

/// The buyer's address form as typed (`alterar_endereco`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct AddressForm {
    #[serde(deserialize_with = "lenient_text")]
    pub cidade: String,
    #[serde(deserialize_with = "lenient_text")]
    pub rua: String,
    #[serde(deserialize_with = "lenient_text")]
    pub numero: String,
    #[serde(deserialize_with = "lenient_text")]
    pub complemento: String,
    #[serde(deserialize_with = "lenient_text")]
    pub telefone: String,
}

/// A valid address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Address {
    pub cidade: String,
    pub rua: String,
    pub numero: String,
    /// `None` (sent as null) when empty.
    pub complemento: Option<String>,
    pub telefone: Phone,
}

impl AddressForm {
    /// City, street and number required (`Preencha todos os campos!`), the number made of
    /// digits (`Insira um número válido`), a full phone (`Insira um telefone válido!`).
    pub fn validate(&self) -> Result<Address, FormError> {
        let cidade = optional_text(&self.cidade).ok_or(FormError::FillAll)?;
        let rua = optional_text(&self.rua).ok_or(FormError::FillAll)?;
        let numero = optional_text(&self.numero).ok_or(FormError::FillAll)?;
        if !numero.bytes().all(|b| b.is_ascii_digit()) {
            return Err(FormError::InvalidNumber);
        }
        let telefone = Phone::parse(&self.telefone).map_err(|_| FormError::PhoneInvalid)?;
        Ok(Address {
            cidade,
            rua,
            numero,
            complemento: optional_text(&self.complemento),
            telefone,
        })
    }
}

// --- Store categories ----------------------------------------------------------------------------

/// A new store category's name: `Insira o nome da categoria` when empty.
pub fn category_name(input: &str) -> Result<String, FormError> {
    optional_text(input).ok_or(FormError::CategoryNameRequired)
}

// --- Payments --------------------------------------------------------------------------------------

/// The payment options a supplier accepts: `'1'` in person, `'2'` Pix (decisions.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentOptions {
    #[serde(rename = "presencial")]
    pub in_person: bool,
    pub pix: bool,
}

impl PaymentOptions {
    /// From the stored codes; none configured means in person.
    pub fn from_codes(codes: &str) -> Self {
        let (in_person, pix) = (codes.contains('1'), codes.contains('2'));
        Self {
            in_person: in_person || !pix,
            pix,
        }
    }

    /// The supplier's choice: at least one (`Selecione ao menos uma forma de pagamento`).
    pub fn choose(in_person: bool, pix: bool) -> Result<Self, FormError> {
        if in_person || pix {
            Ok(Self { in_person, pix })
        } else {
            Err(FormError::ChoosePayment)
        }
    }

    /// `"1"`, `"2"` or `"12"`.
    pub fn codes(self) -> String {
        let mut s = String::new();
        if self.in_person {
            s.push('1');
        }
        if self.pix {
            s.push('2');
        }
        s
    }
}

/// A withdrawal: the balance, the 2 % fee (rounded to the centavo) and the net amount paid out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Withdrawal {
    pub bruto_centavos: Money,
    pub taxa_centavos: Money,
    pub liquido_centavos: Money,
    pub chave_pix: String,
}

impl Withdrawal {
    /// The fee and net total shown before a request.
    pub fn preview(balance: Money) -> (Money, Money) {
        let fee = balance
            .non_negative()
            .percent_hundredths(WITHDRAWAL_FEE_HUNDREDTHS);
        (fee, balance.non_negative().saturating_sub(fee))
    }

    /// A request: a Pix key (`Insira sua chave Pix`) and a balance above zero (`Você está sem
    /// saldo`).
    pub fn request(balance: Money, pix_key: &str) -> Result<Self, FormError> {
        let chave_pix = optional_text(pix_key).ok_or(FormError::PixKeyRequired)?;
        if !balance.is_positive() {
            return Err(FormError::NoBalance);
        }
        let (fee, net) = Self::preview(balance);
        Ok(Self {
            bruto_centavos: balance,
            taxa_centavos: fee,
            liquido_centavos: net,
            chave_pix,
        })
    }
}

// --- Blockchain ------------------------------------------------------------------------------------

/// The upload checks in the page's order: a token (`Você não possui fichas!`), a file of at most
/// 100 MB (`Arquivo muito grande!`), a description (`Insira uma descrição`) of at most 500
/// characters. Returns the trimmed description.
pub fn blockchain_upload(
    fichas: u32,
    file_bytes: u64,
    descricao: &str,
) -> Result<String, FormError> {
    if fichas < 1 {
        return Err(FormError::NoTokens);
    }
    if file_bytes > MAX_FILE_BYTES {
        return Err(FormError::FileTooLarge);
    }
    let d = optional_text(descricao).ok_or(FormError::DescriptionRequired)?;
    limit(&d, messages::CAMPO_DESCRICAO, MAX_BLOCKCHAIN_DESCRIPTION)?;
    Ok(d)
}

/// The price of `quantity` tokens: R$ 5 each, at least 1 (`Escolha ao menos 1 ficha`).
pub fn tokens_price(quantity: u32) -> Result<Money, FormError> {
    if quantity < 1 {
        return Err(FormError::TokenQuantity);
    }
    Ok(TOKEN_PRICE.times(quantity))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(c: i64) -> Money {
        Money::from_centavos(c)
    }

    fn err<T: fmt::Debug>(r: Result<T, FormError>) -> String {
        r.unwrap_err().to_string()
    }

    fn places(p: &[&str]) -> Vec<String> {
        p.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn business_wizard_messages_in_order() {
        let ok = BusinessForm {
            nomeforn: " Sítio Boa Vista ".into(),
            cpf: "529.982.247-25".into(),
            telefone: "(19) 99876-5432".into(),
            descricaoforn: "".into(),
            instagram: " @sitio ".into(),
            local: Some(3),
            cidades: places(&["Piracicaba, SP", "Piracicaba, SP", " "]),
        };
        let b = ok.validate().unwrap();
        assert_eq!(b.nomeforn, "Sítio Boa Vista");
        assert_eq!(b.alcance, Scope::Cities(places(&["Piracicaba, SP"])));
        assert_eq!(b.descricaoforn, None);
        assert_eq!(b.instagram.as_deref(), Some("@sitio"));

        let with = |f: &dyn Fn(&mut BusinessForm)| {
            let mut form = ok.clone();
            f(&mut form);
            err(form.validate())
        };
        assert_eq!(with(&|f| f.nomeforn = "  ".into()), "Insira um nome!");
        assert_eq!(with(&|f| f.cpf = "".into()), "Insira um CPF/CNPJ");
        assert_eq!(with(&|f| f.cpf = "123".into()), "Insira um CPF/CNPJ válido");
        assert_eq!(with(&|f| f.telefone = "".into()), "Insira um telefone");
        assert_eq!(
            with(&|f| f.telefone = "(19) 9987".into()),
            "Insira um telefone"
        );
        assert_eq!(
            with(&|f| f.descricaoforn = "a".repeat(501)),
            "A descrição deve ter no máximo 500 caracteres"
        );
        assert_eq!(with(&|f| f.local = None), "Selecione uma opção");
        assert_eq!(with(&|f| f.local = Some(7)), "Selecione uma opção");
        assert_eq!(with(&|f| f.cidades = vec![]), "Adcione ao menos 1 local");
        assert!(business_description(&"é".repeat(500)).is_ok());
    }

    #[test]
    fn scope_serialises_as_the_contract() {
        let all = Scope::parse(Some(1), &[]).unwrap();
        assert_eq!(
            serde_json::to_value(&all).unwrap(),
            serde_json::json!({"local":1,"cidades":["ALL"]})
        );
        let states = Scope::parse(Some(2), &places(&["SP", "MG", "SP"])).unwrap();
        assert_eq!(states.places(), places(&["SP", "MG"]));
        assert_eq!(
            Scope::parse(Some(2), &places(&["ALL"])),
            Err(FormError::AddPlace)
        );
    }

    #[test]
    fn business_form_from_json() {
        let f: BusinessForm = serde_json::from_str(
            r#"{"nomeforn":"Sítio","cpf":"11.222.333/0001-81","telefone":"1934211234","local":"1","cidades":["ALL"],"descricaoforn":null}"#,
        )
        .unwrap();
        let b = f.validate().unwrap();
        assert_eq!(b.cpf.formatted(), "11.222.333/0001-81");
        let v = serde_json::to_value(&b).unwrap();
        assert_eq!(v["telefone"], "1934211234");
        assert_eq!(v["alcance"]["local"], 1);
    }

    #[test]
    fn supplier_profile_messages() {
        let f = |n: &str, c: &str, t: &str| {
            SupplierProfileForm {
                nomeforn: n.into(),
                cpf: c.into(),
                telefone: t.into(),
                ..Default::default()
            }
            .validate()
        };
        assert_eq!(err(f("", "x", "x")), "Por favor, preencha o campo Nome.");
        assert_eq!(
            err(f("A", " ", "x")),
            "Por favor, preencha o campo CPF/CNPJ."
        );
        assert_eq!(
            err(f("A", "x", "")),
            "Por favor, preencha o campo Telefone."
        );
        assert_eq!(err(f("A", "x", "1")), "Insira um CPF/CNPJ válido");
        assert_eq!(
            err(f("A", "52998224725", "1")),
            "Insira um telefone válido!"
        );
        assert!(f("A", "52998224725", "19998765432").is_ok());
        assert_eq!(err(user_name(" ")), "Insira um nome!");
    }

    #[test]
    fn ad_wizard_messages() {
        let ok = AdForm {
            categoria: "Sementes e Mudas".into(),
            titulo: "Mudas de IPÊ".into(),
            preco: "12,5".into(),
            descricao: "".into(),
            origem: "Piracicaba, SP".into(),
            locais: Some(2),
            cidades: places(&["SP"]),
        };
        let ad = ok.validate().unwrap();
        assert_eq!(ad.titulo, "mudas de ipê");
        assert_eq!(ad.preco_centavos, m(1250));
        assert_eq!(ad.categoria, Category::Seeds);

        let with = |f: &dyn Fn(&mut AdForm)| {
            let mut form = ok.clone();
            f(&mut form);
            err(form.validate())
        };
        assert_eq!(
            with(&|f| f.categoria = "Outros".into()),
            "Selecione uma categoria"
        );
        assert_eq!(with(&|f| f.titulo = "".into()), "Preencha todos os campos!");
        assert_eq!(with(&|f| f.preco = " ".into()), "Preencha todos os campos!");
        assert_eq!(with(&|f| f.preco = "abc".into()), "Insira um preço válido");
        assert_eq!(with(&|f| f.preco = "0".into()), "Insira um preço válido");
        assert_eq!(
            with(&|f| f.titulo = "x".repeat(51)),
            "O título deve ter no máximo 50 caracteres"
        );
        assert_eq!(
            with(&|f| f.descricao = "x".repeat(1501)),
            "A descrição deve ter no máximo 1500 caracteres"
        );
        assert_eq!(
            with(&|f| f.origem = "".into()),
            "Selecione a cidade de origem"
        );
        assert_eq!(with(&|f| f.locais = None), "Selecione uma opção");
        assert_eq!(with(&|f| f.cidades = vec![]), "Adcione ao menos 1 local");
    }

    #[test]
    fn product_wizard_rules() {
        let f: ProductForm = serde_json::from_str(
            r#"{"categoria":"Alimentos","titulo":"Mel Puro","preco":"25,00","minimo":1,"estoque":"1","opcoes":[{"opcao":" 500 g "},{"opcao":""},"1 kg"],"descricao":" "}"#,
        )
        .unwrap();
        let p = f.validate(false).unwrap();
        assert_eq!(p.titulo, "mel puro");
        assert_eq!(p.preco_centavos, m(2500));
        assert_eq!((p.minimo, p.estoque), (None, None)); // 1 is sent as null
        assert_eq!(p.opcoes, places(&["500 g", "1 kg"]));
        assert_eq!(p.descricao, None);

        assert_eq!(
            minimum_and_stock(Some(5), Some(20)),
            Ok((Some(5), Some(20)))
        );
        assert_eq!(minimum_and_stock(Some(5), None), Ok((Some(5), None)));
        assert_eq!(minimum_and_stock(Some(0), Some(3)), Ok((None, Some(3))));
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

    #[test]
    fn address_messages() {
        let ok = AddressForm {
            cidade: "Piracicaba, SP".into(),
            rua: "Rua Moraes Barros".into(),
            numero: " 1200 ".into(),
            complemento: " ".into(),
            telefone: "19998765432".into(),
        };
        let a = ok.validate().unwrap();
        assert_eq!(a.numero, "1200");
        assert_eq!(a.complemento, None);
        assert_eq!(a.telefone.masked(), "(19) 99876-5432");
        let with = |f: &dyn Fn(&mut AddressForm)| {
            let mut form = ok.clone();
            f(&mut form);
            err(form.validate())
        };
        assert_eq!(with(&|f| f.rua = "".into()), "Preencha todos os campos!");
        assert_eq!(with(&|f| f.numero = "".into()), "Preencha todos os campos!");
        assert_eq!(with(&|f| f.cidade = "".into()), "Preencha todos os campos!");
        assert_eq!(
            with(&|f| f.numero = "12A".into()),
            "Insira um número válido"
        );
        assert_eq!(
            with(&|f| f.telefone = "1999".into()),
            "Insira um telefone válido!"
        );
    }

    #[test]
    fn category_and_payments() {
        assert_eq!(err(category_name("  ")), "Insira o nome da categoria");
        assert_eq!(category_name(" Queijos "), Ok("Queijos".into()));

        assert_eq!(PaymentOptions::from_codes("").codes(), "1");
        assert_eq!(PaymentOptions::from_codes("2").codes(), "2");
        assert_eq!(PaymentOptions::from_codes("12").codes(), "12");
        assert_eq!(
            err(PaymentOptions::choose(false, false)),
            "Selecione ao menos uma forma de pagamento"
        );

        let w = Withdrawal::request(m(10_000), " chave@pix.com ").unwrap();
        assert_eq!((w.taxa_centavos, w.liquido_centavos), (m(200), m(9800)));
        assert_eq!(w.chave_pix, "chave@pix.com");
        // 2 % of R$ 12,34 = 24,68 centavos → 25.
        assert_eq!(Withdrawal::preview(m(1234)), (m(25), m(1209)));
        assert_eq!(err(Withdrawal::request(m(100), "")), "Insira sua chave Pix");
        assert_eq!(err(Withdrawal::request(m(0), "k")), "Você está sem saldo");
    }

    #[test]
    fn blockchain_rules() {
        assert_eq!(
            err(blockchain_upload(0, 10, "x")),
            "Você não possui fichas!"
        );
        assert_eq!(
            err(blockchain_upload(1, 104_857_601, "x")),
            "Arquivo muito grande!"
        );
        assert!(blockchain_upload(1, 104_857_600, "x").is_ok());
        assert_eq!(err(blockchain_upload(1, 10, " ")), "Insira uma descrição");
        assert_eq!(
            err(blockchain_upload(1, 10, &"d".repeat(501))),
            "A descrição deve ter no máximo 500 caracteres"
        );
        assert_eq!(tokens_price(1), Ok(m(500)));
        assert_eq!(tokens_price(3), Ok(m(1500)));
        assert_eq!(tokens_price(3).unwrap().decimal_string(), "15.00");
        assert_eq!(err(tokens_price(0)), "Escolha ao menos 1 ficha");
    }

    #[test]
    fn numbers_as_form_text() {
        assert_eq!(number_text(120.0), "120");
        assert_eq!(number_text(7.5), "7.50");
        assert_eq!(number_text(-3.0), "-3");
        assert_eq!(number_text(f64::NAN), "");
        let f: DeliveryFormProbe = serde_json::from_str(r#"{"v":7.5}"#).unwrap();
        assert_eq!(f.v, "7.50");
    }

    #[derive(Deserialize)]
    struct DeliveryFormProbe {
        #[serde(deserialize_with = "lenient_text")]
        v: String,
    }
}

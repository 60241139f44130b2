//! The new-ad (and ad-edit) wizard, and the "title and price" and "description" steps it
//! shares with the product wizard.

use super::{
    Category, FormError, MAX_DESCRIPTION, MAX_PLACE, MAX_TITLE, Scope, is_blank, lenient_count,
    lenient_text, limit, lower_case, optional_limited, optional_text,
};
use crate::messages;
use crate::money::{AmountError, Money};
use serde::{Deserialize, Serialize};

/// A price above zero; `invalid` for anything else but an empty field (`Preencha todos os
/// campos!`).
pub(crate) fn price(input: &str, invalid: FormError) -> Result<Money, FormError> {
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
/// An ad's origin city: required (`Selecione a cidade de origem`), at most [`MAX_PLACE`]
/// characters.
pub fn origin(input: &str) -> Result<String, FormError> {
    let origem = optional_text(input).ok_or(FormError::ChooseOrigin)?;
    limit(&origem, messages::CAMPO_CIDADE, MAX_PLACE)?;
    Ok(origem)
}

pub fn long_description(input: &str) -> Result<Option<String>, FormError> {
    optional_limited(input, messages::CAMPO_DESCRICAO, MAX_DESCRIPTION)
}

/// The new-ad (and ad-edit) wizard as typed (`adicionar_anuncio`'s `infos`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct AdForm {
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub categoria: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub titulo: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub preco: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub descricao: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub origem: String,
    #[serde(deserialize_with = "lenient_count")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_count))]
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
            origem: origin(&self.origem)?,
            alcance: Scope::parse(self.locais, &self.cidades)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_util::{m, places, refusal};

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

        let with = refusal(&ok, AdForm::validate);
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
        assert_eq!(
            with(&|f| f.origem = "x".repeat(61)),
            "A cidade deve ter no máximo 60 caracteres"
        );
        assert_eq!(with(&|f| f.locais = None), "Selecione uma opção");
        assert_eq!(with(&|f| f.cidades = vec![]), "Adcione ao menos 1 local");
    }
}

//! The buyer's address form (`alterar_endereco`), with the CEP and bairro of decisions.md §31
//! (both optional, so the spec's clients keep working).

use super::{
    FormError, MAX_COMPLEMENT, MAX_HOUSE_NUMBER, MAX_PLACE, MAX_STREET, lenient_text, limit,
    optional_limited, optional_text,
};
use crate::cep::Cep;
use crate::messages;
use crate::phone::Phone;
use serde::{Deserialize, Serialize};

/// The buyer's address form as typed (`alterar_endereco`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct AddressForm {
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub cidade: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub rua: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub numero: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub complemento: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub telefone: String,
    /// `00000-000` or its 8 digits; optional.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub cep: String,
    /// Optional.
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub bairro: String,
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
    /// `None` when not given.
    #[serde(skip)]
    pub cep: Option<Cep>,
    /// `None` when not given.
    pub bairro: Option<String>,
}

impl AddressForm {
    /// City, street and number required (`Preencha todos os campos!`), the number made of
    /// digits (`Insira um número válido`), a CEP of 8 digits when given (`Insira um CEP
    /// válido`), a full phone (`Insira um telefone válido!`, checked last); every text within
    /// its length bound.
    pub fn validate(&self) -> Result<Address, FormError> {
        let cidade = optional_text(&self.cidade).ok_or(FormError::FillAll)?;
        let rua = optional_text(&self.rua).ok_or(FormError::FillAll)?;
        let numero = optional_text(&self.numero).ok_or(FormError::FillAll)?;
        limit(&cidade, messages::CAMPO_CIDADE, MAX_PLACE)?;
        limit(&rua, messages::CAMPO_RUA, MAX_STREET)?;
        limit(&numero, messages::CAMPO_NUMERO, MAX_HOUSE_NUMBER)?;
        if !numero.bytes().all(|b| b.is_ascii_digit()) {
            return Err(FormError::InvalidNumber);
        }
        let complemento = optional_limited(
            &self.complemento,
            messages::CAMPO_COMPLEMENTO,
            MAX_COMPLEMENT,
        )?;
        let cep = match optional_text(&self.cep) {
            Some(c) => Some(Cep::parse(&c).map_err(|_| FormError::InvalidCep)?),
            None => None,
        };
        let bairro = optional_limited(&self.bairro, messages::CAMPO_BAIRRO, MAX_PLACE)?;
        let telefone = Phone::parse(&self.telefone).map_err(|_| FormError::PhoneInvalid)?;
        Ok(Address {
            cidade,
            rua,
            numero,
            complemento,
            telefone,
            cep,
            bairro,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_util::refusal;

    #[test]
    fn address_messages() {
        let ok = AddressForm {
            cidade: "Piracicaba, SP".into(),
            rua: "Rua Moraes Barros".into(),
            numero: " 1200 ".into(),
            complemento: " ".into(),
            telefone: "19998765432".into(),
            cep: "13400-000".into(),
            bairro: " Centro ".into(),
        };
        let a = ok.validate().unwrap();
        assert_eq!(
            a.cep.as_ref().map(Cep::masked).as_deref(),
            Some("13400-000")
        );
        assert_eq!(a.bairro.as_deref(), Some("Centro"));
        assert_eq!(a.numero, "1200");
        assert_eq!(a.complemento, None);
        assert_eq!(a.telefone.masked(), "(19) 99876-5432");
        let with = refusal(&ok, AddressForm::validate);
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
        assert_eq!(with(&|f| f.cep = "1340".into()), "Insira um CEP válido");
        assert_eq!(
            with(&|f| f.bairro = "b".repeat(61)),
            "O bairro deve ter no máximo 60 caracteres"
        );
        // Without CEP and bairro (the spec's clients), the address is whole.
        let mut old = ok.clone();
        old.cep = String::new();
        old.bairro = String::new();
        let a = old.validate().unwrap();
        assert_eq!((a.cep, a.bairro), (None, None));
        // 1 MB values were once stored.
        let mb = "x".repeat(1 << 20);
        assert_eq!(
            with(&|f| f.rua = mb.clone()),
            "A rua deve ter no máximo 120 caracteres"
        );
        assert_eq!(
            with(&|f| f.cidade = mb.clone()),
            "A cidade deve ter no máximo 60 caracteres"
        );
        assert_eq!(
            with(&|f| f.numero = "1".repeat(11)),
            "O número deve ter no máximo 10 caracteres"
        );
        assert_eq!(
            with(&|f| f.complemento = mb.clone()),
            "O complemento deve ter no máximo 100 caracteres"
        );
    }
}

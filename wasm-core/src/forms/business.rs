//! The business-registration wizard (step by step and whole), the supplier panel's "Meus
//! Dados" form and a user's display name.

use super::{
    FormError, MAX_BUSINESS_DESCRIPTION, MAX_INSTAGRAM, MAX_NAME, Scope, is_blank, lenient_count,
    lenient_text, limit, optional_limited, optional_text,
};
use crate::document::{DocumentError, TaxId};
use crate::messages;
use crate::phone::Phone;
use serde::{Deserialize, Serialize};

/// Step "public name": `Insira um nome!`; at most [`MAX_NAME`] characters.
pub fn business_name(input: &str) -> Result<String, FormError> {
    let name = optional_text(input).ok_or(FormError::NameRequired)?;
    limit(&name, messages::CAMPO_NOME, MAX_NAME)?;
    Ok(name)
}

/// The Instagram field (optional, at most [`MAX_INSTAGRAM`] characters).
pub fn instagram(input: &str) -> Result<Option<String>, FormError> {
    optional_limited(input, messages::CAMPO_INSTAGRAM, MAX_INSTAGRAM)
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
    optional_limited(input, messages::CAMPO_DESCRICAO, MAX_BUSINESS_DESCRIPTION)
}

/// The business-registration payload as typed (`cadastro_fornecedor`'s `infos`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct BusinessForm {
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub nomeforn: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub cpf: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub telefone: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub descricaoforn: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub instagram: String,
    #[serde(deserialize_with = "lenient_count")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_count))]
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
            instagram: instagram(&self.instagram)?,
            alcance: Scope::parse(self.local, &self.cidades)?,
        })
    }
}

/// The supplier panel's "Meus Dados" form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct SupplierProfileForm {
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub nomeforn: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub cpf: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub telefone: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
    pub instagram: String,
    #[serde(deserialize_with = "lenient_text")]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::openapi::form_text))]
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
        limit(&nomeforn, messages::CAMPO_NOME, MAX_NAME)?;
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
            instagram: instagram(&self.instagram)?,
            descricaoforn: business_description(&self.descricaoforn)?,
        })
    }
}

/// A user's display name (`alterar_nome`): `Insira um nome!` when empty.
pub fn user_name(input: &str) -> Result<String, FormError> {
    business_name(input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_util::{err, places, refusal};

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

        let with = refusal(&ok, BusinessForm::validate);
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
        assert_eq!(
            with(&|f| f.nomeforn = "n".repeat(81)),
            "O nome deve ter no máximo 80 caracteres"
        );
        assert_eq!(
            with(&|f| f.instagram = "i".repeat(101)),
            "O Instagram deve ter no máximo 100 caracteres"
        );
        assert_eq!(with(&|f| f.local = None), "Selecione uma opção");
        assert_eq!(with(&|f| f.local = Some(7)), "Selecione uma opção");
        assert_eq!(with(&|f| f.cidades = vec![]), "Adcione ao menos 1 local");
        assert!(business_description(&"é".repeat(500)).is_ok());
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
        assert_eq!(
            err(f(&"n".repeat(81), "52998224725", "19998765432")),
            "O nome deve ter no máximo 80 caracteres"
        );
        assert_eq!(
            err(user_name(&"n".repeat(81))),
            "O nome deve ter no máximo 80 caracteres"
        );
        assert_eq!(err(user_name(" ")), "Insira um nome!");
    }
}

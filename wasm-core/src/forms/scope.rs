//! The four marketplace categories and a supplier's or an ad's scope (all Brazil, states,
//! cities).

use super::{FormError, optional_text};
use serde::{Deserialize, Serialize};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_util::places;

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
}

//! The four marketplace categories and a supplier's or an ad's scope (all Brazil, states,
//! cities).

use super::{FormError, MAX_PLACE, limit};
use crate::messages;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Brazil's states and federal district: the most a states scope can list.
pub const MAX_STATES: usize = 27;
/// The most a cities scope can list: every municipality the app lists (5.571 in IBGE's list
/// shipped in `seeds/municipios.csv`, which the webapp offers) with room for the new ones IBGE
/// adds, so choosing every city the app lists is always accepted (a test in `api/src/places.rs`
/// holds the list below this bound).
pub const MAX_CITIES: usize = 6_000;

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
    /// local`). Places are trimmed, empty ones dropped and duplicates removed (a set: linear
    /// time); all Brazil ignores them. Lists are bounded: at most [`MAX_STATES`] states or
    /// [`MAX_CITIES`] cities, each at most [`MAX_PLACE`] characters, and a list longer than
    /// [`MAX_CITIES`] is refused before it is looked at.
    pub fn parse(local: Option<u32>, places: &[String]) -> Result<Self, FormError> {
        let max = match local {
            Some(2) => MAX_STATES,
            _ => MAX_CITIES,
        };
        if places.len() > MAX_CITIES {
            return Err(FormError::TooManyPlaces { max });
        }
        let mut seen: HashSet<&str> = HashSet::with_capacity(places.len());
        let mut chosen: Vec<String> = Vec::new();
        for p in places {
            let p = p.trim();
            if p.is_empty() || p == "ALL" || !seen.insert(p) {
                continue;
            }
            limit(p, messages::CAMPO_LOCAL, MAX_PLACE)?;
            chosen.push(p.to_owned());
        }
        match local {
            Some(1) => Ok(Self::Brazil),
            Some(2 | 3) if chosen.is_empty() => Err(FormError::AddPlace),
            Some(2 | 3) if chosen.len() > max => Err(FormError::TooManyPlaces { max }),
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

    #[test]
    fn place_lists_are_bounded() {
        let ufs: Vec<String> = (0..28).map(|i| format!("U{i}")).collect();
        assert_eq!(
            Scope::parse(Some(2), &ufs).unwrap_err().to_string(),
            "Escolha no máximo 27 locais."
        );
        assert!(Scope::parse(Some(2), &ufs[..27]).is_ok());
        // Duplicates do not count against the bound, and cost a set lookup each.
        let same = vec!["SP".to_owned(); 5_000];
        assert_eq!(
            Scope::parse(Some(2), &same),
            Ok(Scope::States(places(&["SP"])))
        );
        let too_many = vec!["SP".to_owned(); MAX_CITIES + 1];
        assert_eq!(
            Scope::parse(Some(3), &too_many).unwrap_err().to_string(),
            "Escolha no máximo 6.000 locais."
        );
        let long = vec!["x".repeat(MAX_PLACE + 1)];
        assert_eq!(
            Scope::parse(Some(3), &long).unwrap_err().to_string(),
            format!("Cada local deve ter no máximo {MAX_PLACE} caracteres")
        );
    }

    #[test]
    fn the_measured_40k_list_is_refused_before_it_is_looked_at() {
        // 40,000 places once took ~1 s of a worker in the quadratic de-duplication.
        let huge: Vec<String> = (0..40_000).map(|i| format!("Cidade {i}, SP")).collect();
        assert_eq!(
            Scope::parse(Some(3), &huge),
            Err(FormError::TooManyPlaces { max: MAX_CITIES })
        );
        // A full list of distinct cities is still fine.
        assert!(Scope::parse(Some(3), &huge[..MAX_CITIES]).is_ok());
    }
}

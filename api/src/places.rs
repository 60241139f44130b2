//! The IBGE municipalities shipped in `seeds/municipios.csv`, held in memory: region validation
//! and the municipality seat's coordinates (decisions.md §11, §15); where an address's
//! coordinates came from ([`Origin`]) and the notice of a seat used for them ([`seat_notice`]),
//! which the address's handlers and the signed-in user's answer both write.

use std::{collections::HashMap, sync::OnceLock};
use wasm_core::places::{Municipality, PlaceIndex, parse_municipalities_csv};

const CSV: &str = include_str!("../../seeds/municipios.csv");

/// Every municipality, by its `City, UF` label.
pub struct Places {
    by_label: HashMap<String, Municipality>,
    index: PlaceIndex,
}

impl Places {
    /// The list, parsed once.
    pub fn get() -> &'static Places {
        static PLACES: OnceLock<Places> = OnceLock::new();
        PLACES.get_or_init(|| {
            let list = parse_municipalities_csv(CSV).expect("seeds/municipios.csv is valid");
            let index = PlaceIndex::new(list.iter().map(Municipality::label));
            let by_label = list.into_iter().map(|m| (m.label(), m)).collect();
            Places { by_label, index }
        })
    }

    /// The municipality called `label` (`City, UF`), if it exists.
    pub fn find(&self, label: &str) -> Option<&Municipality> {
        self.by_label.get(label)
    }

    /// How many municipalities there are.
    pub fn len(&self) -> usize {
        self.by_label.len()
    }

    /// Whether the list is empty (it never is).
    pub fn is_empty(&self) -> bool {
        self.by_label.is_empty()
    }

    /// The search index over the labels.
    pub fn index(&self) -> &PlaceIndex {
        &self.index
    }
}

/// Where an address's coordinates came from (`coordenadas_origem`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The geocoder found the address.
    Address,
    /// The municipality's seat.
    Seat,
}

impl Origin {
    /// As stored.
    pub fn as_db(self) -> &'static str {
        match self {
            Self::Address => "endereco",
            Self::Seat => "cidade",
        }
    }
}

/// The notice of coordinates that are the seat of `cidade` (`City, UF`), from the stored origin.
pub fn seat_notice(origin: Option<&str>, cidade: Option<&str>) -> Option<String> {
    let cidade = cidade?;
    (origin == Some(Origin::Seat.as_db())).then(|| {
        let name = cidade.rsplit_once(", ").map_or(cidade, |(name, _)| name);
        wasm_core::messages::centro_da_cidade(name)
    })
}

#[cfg(test)]
mod tests {
    use super::Places;

    #[test]
    fn the_seed_list_is_complete() {
        let p = Places::get();
        assert!(p.len() >= 5570, "{} municipalities", p.len());
        // Choosing every city the app lists stays within the bounds of a scope and a request.
        assert!(p.len() <= wasm_core::forms::MAX_CITIES, "{}", p.len());
        let pira = p.find("Piracicaba, SP").unwrap();
        assert!((pira.latitude + 22.73).abs() < 0.1);
        assert_eq!(p.index().search("sao paulo", 1), vec!["São Paulo, SP"]);
    }
}

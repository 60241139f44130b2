//! Brazilian places: the 27 states and the IBGE municipalities written `City, UF`, with the
//! accent-insensitive, case-insensitive substring search the region picker and the wizards use.

use crate::text::fold;
use serde::Serialize;

/// The 27 federative units, by their two-letter codes.
pub const STATES: [&str; 27] = [
    "AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE",
    "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO",
];

/// The default region of a new visitor.
pub const DEFAULT_REGION: &str = "Piracicaba, SP";

/// Whether `code` is one of the 27 state codes (upper case).
pub fn is_state(code: &str) -> bool {
    STATES.contains(&code)
}

/// States whose code contains `query` (accent- and case-insensitive), at most `limit`.
pub fn search_states(query: &str, limit: usize) -> Vec<&'static str> {
    let q = fold(query.trim());
    STATES
        .iter()
        .copied()
        .filter(|s| fold(s).contains(&q))
        .take(limit)
        .collect()
}

/// One municipality of the IBGE list, with its seat's coordinates.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Municipality {
    pub code: u32,
    pub name: String,
    pub uf: String,
    pub latitude: f64,
    pub longitude: f64,
}

impl Municipality {
    /// The region label, `City, UF`.
    pub fn label(&self) -> String {
        format!("{}, {}", self.name, self.uf)
    }
}

/// A line of `seeds/municipios.csv` that could not be read.
#[derive(Debug, Clone, Copy, thiserror::Error, PartialEq)]
#[error("linha {line} inválida em municipios.csv")]
pub struct CsvError {
    pub line: usize,
}

/// Parses the seeds' `codigo_ibge,nome,uf,latitude,longitude` file (header line first).
pub fn parse_municipalities_csv(text: &str) -> Result<Vec<Municipality>, CsvError> {
    text.lines()
        .enumerate()
        .skip(1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            let err = CsvError { line: i + 1 };
            let mut f = line.split(',');
            let code = f.next().and_then(|v| v.trim().parse().ok()).ok_or(err)?;
            let name = f
                .next()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .ok_or(err)?;
            let uf = f.next().map(str::trim).filter(|v| is_state(v)).ok_or(err)?;
            let latitude = f.next().and_then(|v| v.trim().parse().ok()).ok_or(err)?;
            let longitude = f.next().and_then(|v| v.trim().parse().ok()).ok_or(err)?;
            Ok(Municipality {
                code,
                name: name.to_owned(),
                uf: uf.to_owned(),
                latitude,
                longitude,
            })
        })
        .collect()
}

struct Entry {
    label: String,
    folded: String,
    /// Length of the folded city name (the part before `", UF"`).
    name_len: usize,
}

/// The searchable list of `City, UF` labels.
#[derive(Default)]
pub struct PlaceIndex {
    entries: Vec<Entry>,
}

impl PlaceIndex {
    /// Builds the index from labels `City, UF`, one per item; blank items are skipped.
    pub fn new<I, S>(labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let entries = labels
            .into_iter()
            .map(Into::into)
            .filter(|l| !l.trim().is_empty())
            .map(|label| {
                let folded = fold(label.trim());
                let name_len = folded.rfind(", ").unwrap_or(folded.len());
                Entry {
                    label: label.trim().to_owned(),
                    folded,
                    name_len,
                }
            })
            .collect();
        Self { entries }
    }

    /// Builds the index from text with one `City, UF` per line (the webapp's `municipios.txt`).
    pub fn from_lines(text: &str) -> Self {
        Self::new(text.lines())
    }

    /// How many places the index holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the index is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether `label` is exactly one of the places.
    pub fn contains(&self, label: &str) -> bool {
        self.entries.iter().any(|e| e.label == label)
    }

    /// Places whose label contains `query`, ignoring accents and case, at most `limit`.
    /// Exact city names come first, then names starting with the query (shorter first), then
    /// the rest, each group in list order. An empty query finds nothing.
    pub fn search(&self, query: &str, limit: usize) -> Vec<&str> {
        let q = fold(query.trim());
        if q.is_empty() || limit == 0 {
            return Vec::new();
        }
        let mut hits: Vec<(u8, usize, usize)> = self
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| {
                let pos = e.folded.find(&q)?;
                let rank = if pos == 0 && (q.len() == e.name_len || q == e.folded) {
                    0
                } else if pos == 0 {
                    1
                } else {
                    2
                };
                let length = if rank == 1 { e.name_len } else { 0 };
                Some((rank, length, i))
            })
            .collect();
        hits.sort_unstable();
        hits.into_iter()
            .take(limit)
            .map(|(_, _, i)| self.entries[i].label.as_str())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> PlaceIndex {
        PlaceIndex::from_lines(
            "Piracicaba, SP\nSão Paulo das Missões, RS\nSão Paulo, SP\nSão Pedro, SP\n\
             Santa Bárbara d'Oeste, SP\nPaulínia, SP\nSão Paulo de Olivença, AM\n",
        )
    }

    #[test]
    fn sao_paulo_finds_the_capital_first() {
        let idx = index();
        let found = idx.search("sao paulo", 3);
        assert_eq!(found[0], "São Paulo, SP");
        assert_eq!(found.len(), 3);
        // A prefix prefers the shortest name: 'sao pa' is São Paulo before São Paulo das Missões.
        assert_eq!(idx.search("sao pa", 1), vec!["São Paulo, SP"]);
    }

    #[test]
    fn search_respects_the_limit_and_ignores_case_and_accents() {
        let idx = index();
        assert_eq!(idx.search("SÃO", 2).len(), 2);
        assert_eq!(idx.search("barbara", 3), vec!["Santa Bárbara d'Oeste, SP"]);
        assert_eq!(idx.search("aulin", 3), vec!["Paulínia, SP"]);
        assert!(idx.search("   ", 3).is_empty());
        assert!(idx.search("xyz", 3).is_empty());
    }

    #[test]
    fn contains_is_exact() {
        let idx = index();
        assert!(idx.contains("Piracicaba, SP"));
        assert!(!idx.contains("piracicaba, sp"));
        assert_eq!(idx.len(), 7);
    }

    #[test]
    fn states_search() {
        assert_eq!(search_states("s", 5), vec!["ES", "MS", "RS", "SC", "SE"]);
        assert_eq!(search_states("sp", 3), vec!["SP"]);
        assert!(is_state("DF"));
        assert!(!is_state("XX"));
    }

    #[test]
    fn parses_the_seed_csv() {
        let csv =
            "codigo_ibge,nome,uf,latitude,longitude\n3538709,Piracicaba,SP,-22.7253,-47.6492\n";
        let m = parse_municipalities_csv(csv).unwrap();
        assert_eq!(m[0].label(), "Piracicaba, SP");
        assert_eq!(m[0].code, 3538709);
        assert_eq!(
            parse_municipalities_csv("h\n1,X,ZZ,1,2\n"),
            Err(CsvError { line: 2 })
        );
    }
}

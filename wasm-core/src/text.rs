//! Text helpers: accent- and case-insensitive folding of Portuguese text (the searches), the
//! words full-text search indexes and looks for ([`words`]), and the cleaning of typed text on
//! input ([`single_line`], [`multi_line`]): control characters (C0, DEL, C1) and the
//! bidirectional overrides that can disguise a name are removed.

pub mod words;

pub use words::{SEARCH_WORDS_VERSION, index_words, query_words, word_key};

/// Folds `input` for comparison: lower case, Portuguese (Latin-1 and Latin Extended-A) accents
/// removed. `"São Paulo"` and `"SAO PAULO"` fold to the same `"sao paulo"`.
pub fn fold(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        for lower in c.to_lowercase() {
            out.push(strip_accent(lower));
        }
    }
    out
}

/// A control character or a bidirectional embedding/override/isolate (U+202A–U+202E,
/// U+2066–U+2069): never part of typed text.
fn is_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A one-line text (a name, a title, an address line) as it is stored: tabs and line breaks
/// become spaces, every other control character is removed.
pub fn single_line(input: &str) -> String {
    input
        .chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if is_control(c) => None,
            c => Some(c),
        })
        .collect()
}

/// A text that may have several lines (a description): line breaks (`\n`, and `\r\n` read as
/// `\n`) and tabs stay, every other control character is removed.
pub fn multi_line(input: &str) -> String {
    input
        .chars()
        .filter(|c| matches!(c, '\t' | '\n') || !is_control(*c))
        .collect()
}

/// Whether `input` has anything [`single_line`] would change.
pub fn needs_cleaning(input: &str) -> bool {
    input.chars().any(is_control)
}

fn strip_accent(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        'ý' | 'ÿ' => 'y',
        other => other,
    }
}

#[cfg(test)]
mod text_cleaning {
    use super::*;

    #[test]
    fn control_characters_are_removed_and_lines_kept_only_where_allowed() {
        let typed = "Jo\u{0}ão\u{1b}[31m\tda\u{7f} Silva\r\n\u{202E}ahc\u{85}";
        assert_eq!(single_line(typed), "João[31m da Silva  ahc");
        assert_eq!(multi_line(typed), "João[31m\tda Silva\nahc");
        assert_eq!(single_line("Açaí & pão de queijo"), "Açaí & pão de queijo");
        assert!(needs_cleaning("a\u{0}"));
        assert!(needs_cleaning("a\nb"));
        assert!(!needs_cleaning("ação"));
    }
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn folds_accents_and_case() {
        assert_eq!(fold("São Paulo"), "sao paulo");
        assert_eq!(fold("MOGI GUAÇU"), "mogi guacu");
        assert_eq!(fold("Santa Bárbara d'Oeste"), "santa barbara d'oeste");
        assert_eq!(fold("Ôlho d'Água"), "olho d'agua");
    }

    #[test]
    fn leaves_plain_text_alone() {
        assert_eq!(fold("piracicaba, sp"), "piracicaba, sp");
    }
}

//! Text helpers shared by the searches: accent- and case-insensitive folding of Portuguese text,
//! and ([`words`]) the words full-text search indexes and looks for.

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

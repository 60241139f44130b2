//! What a word is, for full-text search (docs/search.md): the one rule that both databases'
//! indexes and every query go through, so SQLite and PostgreSQL hold, and look for, the same
//! words.
//!
//! A text is folded (lower case, accents removed: [`super::fold`]), split on anything that is not
//! a letter or a digit, and each piece becomes a *key*:
//! - Portuguese function words ('de', 'da', 'com', 'para'…) and single letters are dropped;
//! - plurals are reduced: `-ões`/`-ães` → `-ão`, `-ais` → `-al`, `-éis`/`-eis` → `-el`,
//!   `-óis` → `-ol`, `-ns` → `-m`, else a final `-s`;
//! - then a final `a`, `e` or `o` goes (gender and the `-e` of `tomate`/`flores`), so `orgânico`,
//!   `orgânica` and `orgânicos` are all `organic`, `tomate` and `tomates` `tomat`, `café` and
//!   `cafés` `caf`, `flor` and `flores` `flor`;
//! - words of three letters or fewer keep their vowel (`ovo`, `uva`, `mel`), and a piece with a
//!   digit is kept as it is (`500`, `1kg`);
//! - a letter outside ASCII that folding leaves (`ß`, `ø`, other scripts) is written as `u` and
//!   its hexadecimal code, so a key is always `[a-z0-9]+`, which SQLite's FTS5 `unicode61`
//!   tokenizer and PostgreSQL's `simple` parser both read as one token.
//!
//! Snowball's Portuguese stemmer (crate `rust-stemmers`) was tried first: it leaves `cafés`,
//! `ovos`, `uvas`, `pães` and `especiais` apart from their singulars (its regions are too short
//! in short words), which is what a buyer types most; these few rules do not.
//!
//! Bump [`SEARCH_WORDS_VERSION`] whenever the rules change: the API rebuilds every stored key
//! written with an older version when it starts.

use super::fold;

/// The version of these rules stored with each indexed row (`busca_versao`).
pub const SEARCH_WORDS_VERSION: i64 = 1;

/// At most this many words of a query are looked for.
pub const MAX_QUERY_WORDS: usize = 8;

/// Function words that carry no meaning in a product's name (folded).
const STOPWORDS: [&str; 34] = [
    "a", "o", "e", "as", "os", "ao", "aos", "de", "da", "do", "das", "dos", "em", "no", "na",
    "nos", "nas", "num", "numa", "um", "uma", "uns", "umas", "com", "para", "pra", "pro", "por",
    "pelo", "pela", "pelos", "pelas", "que", "ou",
];

/// The keys of `text`'s words, in order (repeats kept), as the index holds them.
pub fn index_words(text: &str) -> Vec<String> {
    fold(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(folded_key)
        .collect()
}

/// The distinct keys of a query, in the order typed, at most [`MAX_QUERY_WORDS`]. Empty when
/// nothing in it can be looked for (only function words or signs).
pub fn query_words(text: &str) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for key in index_words(text) {
        if keys.len() == MAX_QUERY_WORDS {
            break;
        }
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys
}

/// The key of one word (`None` for a function word, a single letter or nothing).
pub fn word_key(word: &str) -> Option<String> {
    let folded = fold(word.trim());
    if folded.is_empty() || !folded.chars().all(char::is_alphanumeric) {
        return None;
    }
    folded_key(&folded)
}

/// The key of a folded piece made of letters and digits only.
fn folded_key(piece: &str) -> Option<String> {
    let count = piece.chars().count();
    if count == 0 || STOPWORDS.contains(&piece) {
        return None;
    }
    if count == 1 && !piece.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let reduced = if piece.chars().any(|c| c.is_numeric()) {
        piece.to_owned()
    } else {
        without_inflection(piece)
    };
    Some(ascii(&reduced))
}

/// Plural, then gender: `orgânicos` → `organico` → `organic`.
fn without_inflection(word: &str) -> String {
    let mut w = singular(word);
    if w.chars().count() >= 4 && w.ends_with(['a', 'e', 'o']) {
        w.pop();
    }
    w
}

/// The singular of a (folded) Portuguese plural; other words unchanged.
fn singular(word: &str) -> String {
    let n = word.chars().count();
    let replace = |suffix: &str, by: &str| format!("{}{by}", &word[..word.len() - suffix.len()]);
    if n >= 4 {
        for (suffix, by) in [("oes", "ao"), ("aes", "ao")] {
            if word.ends_with(suffix) {
                return replace(suffix, by);
            }
        }
    }
    if n >= 5 {
        for (suffix, by) in [("ais", "al"), ("eis", "el"), ("ois", "ol")] {
            if word.ends_with(suffix) {
                return replace(suffix, by);
            }
        }
    }
    if n >= 4 {
        if word.ends_with("ns") {
            return replace("ns", "m");
        }
        if word.ends_with('s') && !word.ends_with("ss") {
            return replace("s", "");
        }
    }
    word.to_owned()
}

/// `[a-z0-9]` as it is; any other character as `u` and its code in hexadecimal.
fn ascii(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    for c in key.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push_str(&format!("u{:x}", c as u32));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<String> {
        index_words(text)
    }

    #[test]
    fn plurals_and_genders_meet() {
        for (a, b) in [
            ("tomate", "tomates"),
            ("orgânico", "orgânicos"),
            ("orgânica", "organicos"),
            ("café", "cafés"),
            ("cafe", "CAFÉ"),
            ("ovo", "ovos"),
            ("uva", "uvas"),
            ("pão", "pães"),
            ("limão", "limões"),
            ("feijão", "feijões"),
            ("especial", "especiais"),
            ("papel", "papéis"),
            ("lençol", "lençóis"),
            ("flor", "flores"),
            ("jardim", "jardins"),
            ("queijo", "queijos"),
            ("torrado", "torrada"),
            ("maçã", "maçãs"),
            ("muda", "mudas"),
        ] {
            assert_eq!(word_key(a), word_key(b), "{a} / {b}");
            assert!(word_key(a).is_some(), "{a}");
        }
        assert_eq!(word_key("tomates").unwrap(), "tomat");
        assert_eq!(word_key("orgânicos").unwrap(), "organic");
        assert_eq!(word_key("ovos").unwrap(), "ovo");
        assert_ne!(word_key("torrado"), word_key("torra"));
        assert_ne!(word_key("mel"), word_key("milho"));
    }

    #[test]
    fn texts_split_on_signs_and_drop_function_words() {
        assert_eq!(
            keys("Café especial torrado 250 g"),
            ["caf", "especial", "torrad", "250"]
        );
        assert_eq!(
            keys("Banana-prata (dúzia) de Sítio d'Água"),
            ["banan", "prat", "duzi", "siti", "agu"]
        );
        assert_eq!(
            keys("1kg de mel com 100% de 'pureza'"),
            ["1kg", "mel", "100", "purez"]
        );
        assert!(keys(" — de, da e o ").is_empty());
    }

    #[test]
    fn keys_are_always_ascii_letters_and_digits() {
        assert_eq!(keys("Straße"), ["straudf"]);
        for text in ["Straße", "øl", "Ωmega", "日本茶", "ção ÇÃO", "x²"] {
            for k in keys(text) {
                assert!(
                    !k.is_empty()
                        && k.bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                    "{text}: {k}"
                );
            }
        }
    }

    #[test]
    fn queries_are_distinct_words_in_order_and_bounded() {
        assert_eq!(
            query_words("Tomates e TOMATE orgânicos"),
            ["tomat", "organic"]
        );
        assert_eq!(query_words("cafe torrado"), ["caf", "torrad"]);
        assert!(query_words("  de  ").is_empty());
        let long = "um dois três quatro cinco seis sete oito nove dez onze";
        assert_eq!(query_words(long).len(), MAX_QUERY_WORDS);
    }

    #[test]
    fn a_word_key_is_the_key_it_has_in_a_text() {
        for text in [
            "Queijo Minas Frescal",
            "Ovos caipiras (dúzia)",
            "Mel silvestre 500 g",
        ] {
            for word in text.split_whitespace() {
                let from_text = keys(word);
                assert_eq!(
                    word_key(word.trim_matches(['(', ')'])),
                    from_text.first().cloned()
                );
            }
        }
    }
}

//! The search's vocabulary and its typo-tolerant fallback (docs/search.md, "Typos"): the keys of
//! every indexed title, each with a word it came from (`search_vocabulary`, migration 0079,
//! written with the keys), and, for a query whose exact search finds little, the closest keys
//! of that vocabulary to the ones typed that it lacks ('quejo' → `queij`, 'torado' → `torrad`).
//!
//! The distance is computed here, in Rust, over the candidates both databases return by the
//! same portable query (keys of about the typed one's length), and ties are broken here too, so
//! SQLite and PostgreSQL suggest the same words and find the same rows.

use sqlx::AnyConnection;
use std::collections::BTreeMap;
use wasm_core::text::{index_words, word_key};

/// Pairs `(key, word)` of a title: each key with the word (lower case) it came from.
pub fn title_vocabulary(titulo: &str) -> Vec<(String, String)> {
    titulo
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(|w| Some((word_key(w)?, w.to_lowercase())))
        .filter(|(k, _)| k.chars().all(|c| c.is_ascii_lowercase()))
        .collect()
}

/// Most vocabulary rows per statement (3 binds each).
const INSERT_CHUNK: usize = 300;

/// Adds `pairs` (key, word) to the vocabulary; a key already there keeps its word.
pub async fn add(conn: &mut AnyConnection, pairs: &[(String, String)]) -> sqlx::Result<()> {
    let distinct: BTreeMap<&str, &str> = pairs
        .iter()
        .map(|(k, w)| (k.as_str(), w.as_str()))
        .collect();
    let rows: Vec<(&str, &str)> = distinct.into_iter().collect();
    for chunk in rows.chunks(INSERT_CHUNK) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3))
            .collect();
        let sql = format!(
            "INSERT INTO search_vocabulary (palavra, exemplo, tamanho) VALUES {} \
             ON CONFLICT (palavra) DO NOTHING",
            values.join(", ")
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (k, w) in chunk {
            q = q
                .bind((*k).to_owned())
                .bind((*w).to_owned())
                .bind(k.chars().count() as i64);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// The optimal-string-alignment distance of `a` and `b` (insertions, deletions, substitutions
/// and swaps of two neighbours, each 1), or `None` when above `max`.
pub fn distance(a: &str, b: &str, max: usize) -> Option<usize> {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        let mut row_min = usize::MAX;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
            row_min = row_min.min(v);
        }
        if row_min > max {
            return None;
        }
    }
    Some(d[a.len() * w + b.len()]).filter(|&v| v <= max)
}

/// How far a key of `len` characters may be from the one meant: none below 4 characters (too
/// many short words are one letter apart), 1 up to 5, 2 from 6.
fn tolerance(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=5 => 1,
        _ => 2,
    }
}

/// The closest vocabulary key to `key` within its tolerance, with its word: the smallest
/// distance, then the same first letter, then the key's byte order. `None` when `key` is itself
/// in the vocabulary, has a digit, or nothing is near.
pub async fn closest(
    conn: &mut AnyConnection,
    key: &str,
) -> sqlx::Result<Option<(String, String)>> {
    let len = key.chars().count();
    let max = tolerance(len);
    if max == 0 || !key.chars().all(|c| c.is_ascii_lowercase()) {
        return Ok(None);
    }
    let candidates: Vec<(String, String)> = sqlx::query_as(
        "SELECT palavra, exemplo FROM search_vocabulary WHERE tamanho >= $1 AND tamanho <= $2",
    )
    .bind((len - max) as i64)
    .bind((len + max) as i64)
    .fetch_all(&mut *conn)
    .await?;
    if candidates.iter().any(|(k, _)| k == key) {
        return Ok(None);
    }
    let first = key.chars().next();
    Ok(candidates
        .into_iter()
        .filter_map(|(k, w)| {
            let d = distance(key, &k, max)?;
            Some(((d, k.chars().next() != first, k.clone()), (k, w)))
        })
        .min_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, pair)| pair))
}

/// The text to suggest: `typed` with each word whose key was corrected replaced by the word
/// of its correction (`fixes`: typed key → suggested word).
pub fn suggestion(typed: &str, fixes: &BTreeMap<String, String>) -> String {
    typed
        .split_whitespace()
        .map(|w| match index_words(w).as_slice() {
            [k] => fixes.get(k).cloned().unwrap_or_else(|| w.to_owned()),
            _ => w.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_give_their_keys_with_their_words() {
        assert_eq!(
            title_vocabulary("Queijo minas frescal 500 g"),
            vec![
                ("queij".to_owned(), "queijo".to_owned()),
                ("min".to_owned(), "minas".to_owned()),
                ("frescal".to_owned(), "frescal".to_owned()),
            ]
        );
    }

    #[test]
    fn distances_count_edits_and_swaps_within_a_bound() {
        assert_eq!(distance("quej", "queij", 1), Some(1));
        assert_eq!(distance("torad", "torrad", 1), Some(1));
        assert_eq!(distance("tomta", "tomat", 1), Some(1), "a swap is one edit");
        assert_eq!(distance("caf", "caf", 1), Some(0));
        assert_eq!(distance("alfac", "queij", 2), None);
        assert_eq!(distance("ab", "abcd", 1), None);
        assert_eq!(tolerance(3), 0);
        assert_eq!(tolerance(5), 1);
        assert_eq!(tolerance(7), 2);
    }

    #[test]
    fn the_suggestion_keeps_the_words_that_were_right() {
        let fixes = BTreeMap::from([("torad".to_owned(), "torrado".to_owned())]);
        assert_eq!(suggestion("cafe  torado", &fixes), "cafe torrado");
        let fixes = BTreeMap::from([("quej".to_owned(), "queijo".to_owned())]);
        assert_eq!(suggestion("Quejo", &fixes), "queijo");
    }
}

//! Keyset pages, one mechanism for every list that pages: the catalogue's category pages and
//! the long lists (the buyer's orders, the store's deliveries and payment history, the admin's
//! suppliers and customers).
//!
//! A list is ordered by a key (a time, or a name) and then by id; a page is the rows after (or
//! before) the last row of the page before, read with a row-value comparison
//! (`(key, id) > ($k, $id)`, the same on SQLite and PostgreSQL). The cursor that says where the
//! next page starts is that last row's key and id, opaque to the client (URL-safe base64 of a
//! JSON pair), so a walk sees every row once and in order even while rows are added: a row
//! inserted behind the cursor is not seen, one inserted ahead of it is, nothing is repeated or
//! skipped. A request without a cursor gets the first page, so the spec's clients (which send
//! none) keep working and see the first page.

use crate::error::{ApiError, ApiResult};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use utoipa::ToSchema;

/// A cursor that is not one of ours.
pub const CURSOR_INVALIDO: &str = "Cursor inválido.";

/// Rows per page of a list when the request does not say (`limite`).
pub const LIST_PAGE: i64 = 50;
/// Most rows a request may ask for in one page.
pub const MAX_PAGE: i64 = 200;

/// Where a page starts: after the row of this key and id.
pub type After<K> = (K, String);

/// The cursor of the row of `key` and `id`.
pub fn encode<K: Serialize>(key: &K, id: &str) -> String {
    let json = serde_json::to_string(&(key, id)).unwrap_or_default();
    URL_SAFE_NO_PAD.encode(json)
}

/// The key and id a cursor names; 400 `Cursor inválido.` when it is not one of ours.
pub fn decode<K: DeserializeOwned>(cursor: &str) -> ApiResult<After<K>> {
    let bad = || ApiError::bad_request(CURSOR_INVALIDO);
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).map_err(|_| bad())?;
    serde_json::from_slice(&bytes).map_err(|_| bad())
}

/// Keeps the first `size` of `rows` (read with one extra, [`fetch`], to tell whether more
/// follow) and gives the next page's cursor, from the last row kept, when more do.
pub fn trim<T>(rows: &mut Vec<T>, size: i64, cursor: impl Fn(&T) -> String) -> Option<String> {
    let size = usize::try_from(size).unwrap_or(0);
    let more = rows.len() > size;
    rows.truncate(size);
    rows.last().filter(|_| more).map(cursor)
}

/// How many rows to read for a page of `size`: one more, to know whether another page follows.
pub fn fetch(size: i64) -> i64 {
    size + 1
}

/// A list's paging fields, as a request sends them (both optional).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PageAsk {
    /// The `proximo` of the page before; absent or null: the first page.
    #[serde(default)]
    pub cursor: Option<String>,
    /// Rows per page: 1 to 200, 50 when absent.
    #[serde(default)]
    pub limite: Option<i64>,
}

impl PageAsk {
    /// The page's size: `limite` within 1..=[`MAX_PAGE`], else [`LIST_PAGE`].
    pub fn size(&self) -> i64 {
        self.limite.map_or(LIST_PAGE, |n| n.clamp(1, MAX_PAGE))
    }

    /// Where the page starts: after the cursor's row, or at `first` without a cursor.
    pub fn after<K: DeserializeOwned>(&self, first: After<K>) -> ApiResult<After<K>> {
        match self.cursor.as_deref().filter(|c| !c.trim().is_empty()) {
            Some(c) => decode(c),
            None => Ok(first),
        }
    }
}

/// Before every row of a list newest first (`(time, id) < cursor`).
pub fn newest() -> After<i64> {
    (i64::MAX, String::new())
}

/// Before every row of a list oldest first (`(time, id) > cursor`).
pub fn oldest() -> After<i64> {
    (i64::MIN, String::new())
}

/// Before every row of a list by name (`(name, id) > cursor`).
pub fn first_name() -> After<String> {
    (String::new(), String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_garbage() {
        let c = encode(&1_763_700_000_000_i64, "demo-p01");
        assert!(!c.contains("demo"), "opaque: {c}");
        assert_eq!(
            decode::<i64>(&c).unwrap(),
            (1_763_700_000_000, "demo-p01".to_owned())
        );
        // A name with the separators a text format would trip on.
        let c = encode(&"Sítio: \"Boa\" Vista".to_owned(), "u:1");
        assert_eq!(
            decode::<String>(&c).unwrap(),
            ("Sítio: \"Boa\" Vista".to_owned(), "u:1".to_owned())
        );
        assert!(decode::<i64>("%%%").is_err());
        assert!(decode::<i64>(&URL_SAFE_NO_PAD.encode("x:y")).is_err());
        assert!(decode::<i64>(&encode(&"nome".to_owned(), "x")).is_err());
    }

    #[test]
    fn a_page_keeps_its_size_and_says_whether_more_follow() {
        let mut rows = vec![1, 2, 3];
        assert_eq!(trim(&mut rows, 2, |r| r.to_string()), Some("2".into()));
        assert_eq!(rows, [1, 2]);
        let mut rows = vec![1, 2];
        assert_eq!(trim(&mut rows, 2, |r| r.to_string()), None);
        assert_eq!(rows, [1, 2]);
        let ask = PageAsk::default();
        assert_eq!(ask.size(), LIST_PAGE);
        assert_eq!(ask.after(oldest()).unwrap(), oldest());
        let ask = PageAsk {
            cursor: Some(encode(&5_i64, "a")),
            limite: Some(10_000),
        };
        assert_eq!(ask.size(), MAX_PAGE);
        assert_eq!(ask.after(newest()).unwrap(), (5, "a".to_owned()));
        assert_eq!(
            PageAsk {
                limite: Some(0),
                ..PageAsk::default()
            }
            .size(),
            1
        );
    }
}

//! Municipality and state search: the municipalities are loaded once into a thread-local
//! index, then searched accent- and case-insensitively.

use crate::places::{PlaceIndex, search_states};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static PLACES: RefCell<PlaceIndex> = RefCell::new(PlaceIndex::default());
}

/// Loads the municipalities (`municipios.txt`, one `City, UF` per line); returns how many.
#[wasm_bindgen]
pub fn places_load(text: &str) -> usize {
    let index = PlaceIndex::from_lines(text);
    let n = index.len();
    PLACES.with(|p| *p.borrow_mut() = index);
    n
}

/// Municipalities matching `query` (accent- and case-insensitive), at most `limit`.
#[wasm_bindgen]
pub fn places_search(query: &str, limit: usize) -> Vec<String> {
    PLACES.with(|p| {
        p.borrow()
            .search(query, limit)
            .into_iter()
            .map(str::to_owned)
            .collect()
    })
}

/// State codes matching `query`, at most `limit`.
#[wasm_bindgen]
pub fn states_search(query: &str, limit: usize) -> Vec<String> {
    search_states(query, limit)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

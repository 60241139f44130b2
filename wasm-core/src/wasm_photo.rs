//! wasm-bindgen bindings of the photo pipeline (feature `wasm-photo`), built as their own wasm
//! (webapp/src/wasm/photo) so that the pages' core wasm carries no image code and the photo code
//! is fetched only when a photo is picked. Bytes and strings in, a serde object out; a
//! [`PhotoError`] becomes a JS `Error` whose message is the Portuguese text.

use serde::{Serialize, Serializer};
use wasm_bindgen::prelude::*;

use crate::photo::{self, PhotoError, PhotoKind};

/// Serialised with `serialize_bytes`, which serde-wasm-bindgen turns into a `Uint8Array`
/// (a plain `Vec<u8>` would become an `Array` of numbers).
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

#[derive(Serialize)]
struct Processed<'a> {
    jpeg: Bytes<'a>,
    base64: String,
    width: u32,
    height: u32,
}

fn js_error(err: PhotoError) -> JsError {
    JsError::new(&err.to_string())
}

/// Shrinks a photo for upload: `kind` is `"icone"` (longest side ≤ 300 px, JPEG 0.8) or `"fundo"`
/// (width ≤ 800 px, JPEG 0.7). Returns `{ jpeg: Uint8Array, base64: string, width, height }`;
/// `base64` has no `data:` prefix.
#[wasm_bindgen]
pub fn process_photo(bytes: &[u8], kind: &str) -> Result<JsValue, JsError> {
    let kind = PhotoKind::parse(kind).map_err(js_error)?;
    let out = photo::process(bytes, kind).map_err(js_error)?;
    let value = Processed {
        jpeg: Bytes(&out.jpeg),
        base64: out.base64(),
        width: out.width,
        height: out.height,
    };
    serde_wasm_bindgen::to_value(&value).map_err(|_| js_error(PhotoError::Encode))
}

/// The second half of a large JPEG, for a second worker (see `webapp/src/lib/photo`): `head` is
/// the file's first bytes (its headers up to the scan), `tail` the file from some offset to its
/// end. Decodes the tail's Huffman codes from a guessed starting point and returns the record
/// that [`PhotoSplit::finish`] joins to the first half. Throws when the file is not a JPEG this
/// can split (the caller then decodes the whole file in one worker).
#[wasm_bindgen]
pub fn scan_photo_tail(head: &[u8], tail: &[u8]) -> Result<Vec<u8>, JsError> {
    photo::scan_tail(head, tail).ok_or_else(|| JsError::new("not split"))
}

/// Worker A's share of a large JPEG split between two workers (see `webapp/src/lib/photo`).
#[wasm_bindgen]
pub struct PhotoSplit(photo::SplitPhoto);

#[wasm_bindgen]
impl PhotoSplit {
    /// `part` is the file from its start to `at` (where worker B's tail starts) plus a margin;
    /// decodes the blocks before B's start at once, while B works. `undefined` when the file or
    /// the kind is not split: then call [`process_photo`] with the whole file.
    pub fn start(part: Vec<u8>, at: u32, kind: &str) -> Result<Option<PhotoSplit>, JsError> {
        let kind = PhotoKind::parse(kind).map_err(js_error)?;
        Ok(photo::SplitPhoto::start(part, at as usize, kind).map(PhotoSplit))
    }

    /// Joins worker B's record and finishes the photo: the same object as [`process_photo`]
    /// returns for the whole file, or `null` when the halves do not join (then call
    /// [`process_photo`] with the whole file). Frees this object.
    pub fn finish(self, tail: &[u8]) -> Result<JsValue, JsError> {
        let Some(out) = self.0.finish(tail) else {
            return Ok(JsValue::NULL);
        };
        let value = Processed {
            jpeg: Bytes(&out.jpeg),
            base64: out.base64(),
            width: out.width,
            height: out.height,
        };
        serde_wasm_bindgen::to_value(&value).map_err(|_| js_error(PhotoError::Encode))
    }
}

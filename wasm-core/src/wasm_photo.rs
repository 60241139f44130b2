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

//! wasm-bindgen bindings of the photo pipeline (feature `wasm`), built as their own wasm
//! (webapp/src/wasm/photo) so that the pages' core wasm (wasm-core) carries no image code and the
//! photo code is fetched only when a photo is picked. Bytes and strings in, a serde object out; a
//! [`PhotoError`] becomes a JS `Error` whose message is the Portuguese text.

use serde::{Serialize, Serializer};
use wasm_bindgen::prelude::*;

use crate::{Photo, PhotoError, PhotoKind};

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
    to_js(&crate::process(bytes, kind).map_err(js_error)?)
}

/// `{ jpeg: Uint8Array, base64: string, width, height }`, what the photo worker posts.
fn to_js(photo: &Photo) -> Result<JsValue, JsError> {
    let value = Processed {
        jpeg: Bytes(&photo.jpeg),
        base64: photo.base64(),
        width: photo.width,
        height: photo.height,
    };
    serde_wasm_bindgen::to_value(&value).map_err(|_| js_error(PhotoError::Encode))
}

/// Runs the pipeline's hot code a few times on a small generated photo, so that V8 swaps in its
/// optimised code before the user's first photo (call it when the worker is preloaded).
#[wasm_bindgen]
pub fn warm_up_photo() -> bool {
    crate::warm_up()
}

/// Worker B's share of a large JPEG split between two workers (see `webapp/src/lib/photo`): the
/// file from some offset on, decoded from a guessed start as its bytes arrive (Huffman codes
/// resynchronise by themselves); its record is what [`PhotoSplit::finish`] joins to the first
/// half.
#[wasm_bindgen]
pub struct TailScan(crate::TailScan);

#[wasm_bindgen]
impl TailScan {
    /// `head`: the file's first bytes (its headers up to the scan). `undefined` when the file
    /// cannot be split (the main worker then decodes the whole file).
    pub fn start(head: &[u8]) -> Option<TailScan> {
        crate::TailScan::start(head).map(TailScan)
    }

    /// The next bytes of the tail, in order; decodes what they allow. `false` when the scan
    /// failed.
    pub fn push(&mut self, chunk: Vec<u8>) -> bool {
        self.0.push(chunk)
    }

    /// The record, once every byte of the tail was pushed; `undefined` when there is none.
    /// Frees this object.
    pub fn finish(self) -> Option<Vec<u8>> {
        self.0.finish()
    }
}

/// Worker A's share of a large JPEG split between two workers (see `webapp/src/lib/photo`).
#[wasm_bindgen]
pub struct PhotoSplit(crate::SplitPhoto);

#[wasm_bindgen]
impl PhotoSplit {
    /// `first`: the file's first bytes (its headers at least); `at`: where worker B's tail
    /// starts. Decodes what these bytes allow. `undefined` when the file or the kind is not
    /// split: then call [`process_photo`] with the whole file.
    pub fn start(first: Vec<u8>, at: u32, kind: &str) -> Result<Option<PhotoSplit>, JsError> {
        let kind = PhotoKind::parse(kind).map_err(js_error)?;
        Ok(crate::SplitPhoto::start(first, at as usize, kind).map(PhotoSplit))
    }

    /// The next bytes of the file, in order, up to `at` plus a margin; decodes what they allow
    /// while worker B works. `false` when the split failed (`finish` will return `null`).
    pub fn push(&mut self, chunk: Vec<u8>) -> bool {
        self.0.push(chunk)
    }

    /// Joins worker B's record and finishes the photo: the same object as [`process_photo`]
    /// returns for the whole file, or `null` when the halves do not join (then call
    /// [`process_photo`] with the whole file). Frees this object.
    pub fn finish(self, tail: &[u8]) -> Result<JsValue, JsError> {
        self.0
            .finish(tail)
            .map_or(Ok(JsValue::NULL), |photo| to_js(&photo))
    }
}

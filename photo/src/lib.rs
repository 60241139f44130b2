//! Feira's photo pipeline: a phone photo in, a small JPEG out, as the RPC expects it
//! (decisions.md §16, supplier-panel.md §9). Plain Rust with plain tests; the `wasm` feature adds
//! the wasm-bindgen bindings (module `wasm`) of the browser's own wasm (`webapp/src/wasm/photo`), and
//! the API links it natively to re-validate uploads. A newcomer's tour: `docs/photo.md`.
//!
//! 1. Recognise JPEG, PNG or WebP by their first bytes; refuse others with a clear message and
//!    anything over [`MAX_PIXELS`] before decoding a pixel (decompression bombs).
//! 2. Read the EXIF orientation (1–8) and compute the target size in *displayed* orientation:
//!    icons, product and ad photos fit in 300×300; profile backgrounds are at most 800 wide
//!    (and, so that the server has a bound, at most 2400 tall). Never upscale.
//! 3. Decode at reduced size. A JPEG is decoded through DCT scaling (1/8, 1/4 or 1/2) to the
//!    smallest size still at least [`OVERSAMPLE`] × the target: at 1/8 and 1/4, ordinary
//!    baseline JPEGs (what phones write) go through `fast_jpeg`, which only skips over the
//!    coefficients the scaled image does not need; anything else through `jpeg-decoder`. PNG
//!    and WebP are decoded in full and box-averaged by an integer factor.
//! 4. Resample to the exact target with Lanczos3, then apply the orientation (on the small
//!    image, where rotating is cheap).
//! 5. Encode a baseline JPEG (quality 80, or 70 for backgrounds) without metadata, so the
//!    orientation cannot be applied twice.
//!
//! Also [`validate_jpeg`] / [`validate_upload`]: the server's re-validation of an upload.
//!
//! Nothing here panics on any input; every failure is a [`PhotoError`] with a Portuguese message.

mod base64;
mod decode;
pub mod encode;
mod error;
mod fast_jpeg;
mod format;
pub mod planes;
mod resize;
#[cfg(not(target_arch = "wasm32"))]
pub mod stages;
#[cfg(feature = "wasm")]
pub mod wasm;

#[cfg(test)]
mod test_jpeg;
#[cfg(test)]
mod tests;

use image::metadata::Orientation;
use planes::Ycc;

pub use error::PhotoError;

/// The largest image accepted, in pixels (width × height): 60 MP.
pub const MAX_PIXELS: u64 = 60_000_000;
/// Icons, product photos and ad photos: the longest side, in pixels.
pub const ICONE_MAX_SIDE: u32 = 300;
/// Profile backgrounds: the width, in pixels.
pub const FUNDO_MAX_WIDTH: u32 = 800;
/// Profile backgrounds: the height, in pixels (the spec bounds only the width; a bound is needed
/// for the server to refuse a 800×60000 strip; 3:1 portrait is far beyond any phone photo).
pub const FUNDO_MAX_HEIGHT: u32 = 2400;
/// The JPEG decode stops at the smallest DCT scale giving at least this many times the target
/// size; the resampler does the rest. 1 is the fastest; the DCT scaling is an area filter, so it
/// does not alias (SSIM figures in docs/benchmarks.md).
pub const OVERSAMPLE: u32 = 1;

/// What a photo is for: it decides the size bound and the JPEG quality.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoKind {
    /// Profile icon, product photo, ad photo: longest side ≤ 300 px, JPEG quality 80.
    Icone,
    /// Profile background: width ≤ 800 px (height ≤ 2400 px), JPEG quality 70.
    Fundo,
}

impl PhotoKind {
    /// `"icone"` or `"fundo"`.
    pub fn parse(kind: &str) -> Result<Self, PhotoError> {
        match kind {
            "icone" => Ok(Self::Icone),
            "fundo" => Ok(Self::Fundo),
            _ => Err(PhotoError::InvalidKind),
        }
    }

    /// The largest width and height a photo of this kind may have.
    pub const fn bounds(self) -> (u32, u32) {
        match self {
            Self::Icone => (ICONE_MAX_SIDE, ICONE_MAX_SIDE),
            Self::Fundo => (FUNDO_MAX_WIDTH, FUNDO_MAX_HEIGHT),
        }
    }

    /// JPEG quality (1–100).
    pub const fn quality(self) -> u8 {
        match self {
            Self::Icone => 80,
            Self::Fundo => 70,
        }
    }

    /// The output size for an image displayed at `w`×`h`: within [`Self::bounds`], same aspect
    /// ratio, never larger than the input.
    pub fn target_size(self, w: u32, h: u32) -> (u32, u32) {
        let (max_w, max_h) = self.bounds();
        resize::fit_within(w, h, max_w, max_h)
    }
}

/// A processed photo: a JPEG and its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Photo {
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

impl Photo {
    /// The JPEG as standard base64, without a `data:` prefix (what the RPC expects).
    pub fn base64(&self) -> String {
        base64::encode(&self.jpeg)
    }
}

/// Decodes a JPEG, PNG or WebP, applies its EXIF orientation, shrinks it to the bounds of `kind`
/// and encodes it as JPEG.
pub fn process(bytes: &[u8], kind: PhotoKind) -> Result<Photo, PhotoError> {
    guard(|| process_inner(bytes, kind))
}

fn process_inner(bytes: &[u8], kind: PhotoKind) -> Result<Photo, PhotoError> {
    let mut source = decode::Source::open(bytes)?;
    let (orientation, sw, sh) = plan(&mut source, kind);
    let decoded =
        source.decode_at_least(sw.saturating_mul(OVERSAMPLE), sh.saturating_mul(OVERSAMPLE))?;
    finish(decoded, orientation, sw, sh, kind)
}

/// The EXIF orientation and the target size in stored orientation (resize first, then rotate
/// the small result).
fn plan(source: &mut decode::Source, kind: PhotoKind) -> (Orientation, u32, u32) {
    let (w, h) = source.dimensions();
    let orientation = source.orientation();
    let swap = format::swaps_axes(orientation);
    let (tw, th) = if swap {
        kind.target_size(h, w)
    } else {
        kind.target_size(w, h)
    };
    let (sw, sh) = if swap { (th, tw) } else { (tw, th) };
    (orientation, sw, sh)
}

/// Resizes the decoded image to `sw`×`sh`, turns it upright and encodes it.
fn finish(
    decoded: Ycc,
    orientation: Orientation,
    sw: u32,
    sh: u32,
    kind: PhotoKind,
) -> Result<Photo, PhotoError> {
    let (jpeg, width, height) =
        decoded.to_jpeg(sw as usize, sh as usize, orientation, kind.quality());
    if jpeg.is_empty() {
        return Err(PhotoError::Encode);
    }
    Ok(Photo {
        jpeg,
        width,
        height,
    })
}

/// Worker B's share of a large JPEG split between two workers ([`fast_jpeg::split`]): the file
/// from some offset on, decoded from a guessed start as its bytes arrive.
pub struct TailScan {
    tail: Vec<u8>,
    scan: fast_jpeg::split::Tail,
}

impl TailScan {
    /// `head`: the file's first bytes, its headers at least. `None` when this file cannot be
    /// split (not a baseline JPEG without restart markers, or its headers are not all there).
    pub fn start(head: &[u8]) -> Option<Self> {
        let scan = guard(|| Ok(fast_jpeg::split::Tail::start(head).ok()))
            .ok()
            .flatten()?;
        Some(Self {
            tail: Vec::new(),
            scan,
        })
    }

    /// The next bytes of the tail, in order; decodes what they allow. `false` when the scan
    /// has failed (then [`TailScan::finish`] gives `None`).
    pub fn push(&mut self, chunk: Vec<u8>) -> bool {
        append(&mut self.tail, chunk);
        let (scan, tail) = (&mut self.scan, &self.tail);
        guard(|| Ok(scan.advance(tail, false).is_ok())).unwrap_or(false)
    }

    /// The record for [`SplitPhoto::finish`], once every byte of the tail was pushed.
    pub fn finish(self) -> Option<Vec<u8>> {
        let Self { tail, scan } = self;
        guard(|| Ok(scan.finish(&tail).ok()))
            .ok()
            .flatten()
            .map(|record| record.to_bytes())
    }
}

/// [`TailScan`] in one go: `head` holds the file's headers (its first bytes), `tail` the file
/// from some offset on.
pub fn scan_tail(head: &[u8], tail: &[u8]) -> Option<Vec<u8>> {
    let mut scan = TailScan::start(head)?;
    scan.push(tail.to_vec()).then_some(())?;
    scan.finish()
}

/// Worker A's share of a large JPEG split between two workers ([`fast_jpeg::split`]): the blocks
/// before the point where worker B ([`TailScan`]) starts, decoded as the file's bytes arrive and
/// while B works.
pub struct SplitPhoto {
    part: Vec<u8>,
    head: fast_jpeg::split::Head,
    orientation: Orientation,
    size: (u32, u32),
    kind: PhotoKind,
}

impl SplitPhoto {
    /// `first`: the file's first bytes, its headers at least; `at`: where B's tail starts.
    /// `None` when this file or this kind is not split (anything but a baseline JPEG shrunk at
    /// 1/8 scale): the caller then processes the whole file.
    pub fn start(first: Vec<u8>, at: usize, kind: PhotoKind) -> Option<Self> {
        let started = guard(|| {
            let mut source = decode::Source::open(&first)?;
            let (orientation, sw, sh) = plan(&mut source, kind);
            if !source.at_one_eighth(sw * OVERSAMPLE, sh * OVERSAMPLE) {
                return Ok(None);
            }
            let head = fast_jpeg::split::Head::start(&first, at).ok();
            Ok(head.map(|head| (head, orientation, (sw, sh))))
        });
        let (head, orientation, size) = started.ok().flatten()?;
        let mut split = Self {
            part: Vec::new(),
            head,
            orientation,
            size,
            kind,
        };
        split.push(first).then_some(split)
    }

    /// The next bytes of the file, in order, up to past `at` (the margin the join may need);
    /// decodes what they allow. `false` when the split has failed (then [`SplitPhoto::finish`]
    /// gives `None`).
    pub fn push(&mut self, chunk: Vec<u8>) -> bool {
        append(&mut self.part, chunk);
        let (head, part) = (&mut self.head, &self.part);
        guard(|| Ok(head.advance(part).is_ok())).unwrap_or(false)
    }

    /// Joins B's record `tail` and finishes the photo: the same bytes [`process`] gives for
    /// the whole file. `None` when the halves do not join (the caller then processes the whole
    /// file, which also gives the verdict on a broken one).
    pub fn finish(self, tail: &[u8]) -> Option<Photo> {
        let Self {
            part,
            head,
            orientation,
            size: (sw, sh),
            kind,
        } = self;
        guard(|| {
            let Ok(tail) = fast_jpeg::split::TailRecord::from_bytes(tail) else {
                return Ok(None);
            };
            let Ok(decoded) = head.join(&part, &tail) else {
                return Ok(None);
            };
            finish(decoded, orientation, sw, sh, kind).map(Some)
        })
        .ok()
        .flatten()
    }
}

/// Both of worker A's steps at once ([`SplitPhoto::start`] with the whole part, then
/// [`SplitPhoto::finish`]).
pub fn process_split(part: &[u8], at: usize, tail: &[u8], kind: PhotoKind) -> Option<Photo> {
    SplitPhoto::start(part.to_vec(), at, kind)?.finish(tail)
}

/// `chunk` after `bytes`, without copying it when `bytes` is still empty.
fn append(bytes: &mut Vec<u8>, chunk: Vec<u8>) {
    if bytes.is_empty() {
        *bytes = chunk;
    } else {
        bytes.extend_from_slice(&chunk);
    }
}

/// Runs every hot part of the pipeline (the one-worker decode, both halves of a split, the join,
/// the resize and the encoder) a few times on a small generated photo. In the browser, V8 first
/// runs wasm with its baseline compiler and swaps in optimised code only once a function has run
/// enough: called when a worker is preloaded (while the user chooses a file), this spares the
/// user's first photos the slow code. Returns whether the split ran and gave the one-pass photo
/// (that is, whether it went where a phone photo goes).
pub fn warm_up() -> bool {
    // A strip as long as a phone photo's side, so that it is shrunk at 1/8 scale and split as
    // a photo is; noise, so that its blocks have AC codes to skip.
    let (w, h) = (2400usize, 128usize);
    let mut x = 0x9E37_79B9_u32;
    let mut noise = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        (x >> 24) as u8
    };
    let y: Vec<u8> = (0..w * h)
        .map(|i| ((i % w) / 10) as u8 ^ (noise() >> 2))
        .collect();
    let chroma = |noise: &mut dyn FnMut() -> u8| -> Vec<u8> {
        (0..w.div_ceil(2) * h.div_ceil(2))
            .map(|_| 96 + (noise() >> 2))
            .collect()
    };
    let (cb, cr) = (chroma(&mut noise), chroma(&mut noise));
    let planes = encode::Planes {
        width: w,
        height: h,
        y: &y,
        cb: &cb,
        cr: &cr,
    };
    let jpeg = encode::encode_420(&planes, 92);
    let at = jpeg.len() / 2;
    let mut same = true;
    for _ in 0..4 {
        let whole = process(&jpeg, PhotoKind::Icone).ok();
        let split = scan_tail(&jpeg[..at], &jpeg[at..])
            .and_then(|tail| process_split(&jpeg, at, &tail, PhotoKind::Icone));
        same &= whole.is_some() && split == whole;
    }
    same
}

/// The server's re-validation (decisions.md §16): `bytes` must be a JPEG that decodes in full
/// and whose width and height are both at most `max_side`. Returns the width and height.
pub fn validate_jpeg(bytes: &[u8], max_side: u32) -> Result<(u32, u32), PhotoError> {
    validate_jpeg_within(bytes, max_side, max_side)
}

/// [`validate_jpeg`] with the bounds of a photo kind (`fundo`: 800 wide, 2400 tall).
pub fn validate_upload(bytes: &[u8], kind: PhotoKind) -> Result<(u32, u32), PhotoError> {
    let (max_w, max_h) = kind.bounds();
    validate_jpeg_within(bytes, max_w, max_h)
}

/// `bytes` must be a JPEG of at most `max_w`×`max_h` that decodes in full.
pub fn validate_jpeg_within(
    bytes: &[u8],
    max_w: u32,
    max_h: u32,
) -> Result<(u32, u32), PhotoError> {
    guard(|| {
        if format::sniff(bytes) != format::Format::Jpeg {
            return Err(PhotoError::NotJpeg);
        }
        // The header first: an oversized upload is refused without decoding it.
        let (w, h) = decode::jpeg_dimensions(bytes)?;
        if w > max_w || h > max_h {
            return Err(PhotoError::OutOfBounds {
                max_width: max_w,
                max_height: max_h,
            });
        }
        decode::decode_jpeg_fully(bytes)
    })
}

/// Runs `f`, turning a panic in a decoder (a bug in a dependency on a malformed file) into
/// [`PhotoError::Unreadable`] where panics unwind (native, the API). In the wasm build panics
/// abort; the worker then starts afresh (see webapp/src/lib/photo).
fn guard<T>(f: impl FnOnce() -> Result<T, PhotoError>) -> Result<T, PhotoError> {
    #[cfg(panic = "unwind")]
    {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
            .unwrap_or(Err(PhotoError::Unreadable))
    }
    #[cfg(not(panic = "unwind"))]
    {
        f()
    }
}

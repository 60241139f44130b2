//! Native timing of each stage of the pipeline on one file, for profiling (not used by the app):
//! `cargo run --release -p feira-photo --example photo_stages -- photo.jpg`.
//! Native only (`std::time::Instant` does not exist on `wasm32-unknown-unknown`).

use super::{OVERSAMPLE, PhotoError, PhotoKind, decode, format, plan, process};
use image::DynamicImage;
use std::time::{Duration, Instant};

/// One run's timings.
#[derive(Debug, Clone)]
pub struct Stages {
    /// Reading the header and the EXIF orientation.
    pub open: Duration,
    /// Decoding at reduced scale (to YCbCr planes), and the size decoded.
    pub decode: Duration,
    pub decoded: (u32, u32),
    /// Resampling the planes to the target and turning them upright, and the target size (before
    /// orientation).
    pub resize: Duration,
    pub resized: (u32, u32),
    /// The whole [`process`] call (a separate run), and its JPEG's size.
    pub whole: Duration,
    pub jpeg_bytes: usize,
    /// For comparison: `jpeg-decoder`'s own DCT-scaled decode (JPEG input only).
    pub jpeg_decoder: Option<Duration>,
    /// The resized, upright image before JPEG encoding, as RGB (to measure the resampling alone).
    pub upright: DynamicImage,
}

/// Times the stages of one photo's processing.
pub fn time(bytes: &[u8], kind: PhotoKind) -> Result<Stages, PhotoError> {
    let t = Instant::now();
    let mut source = decode::Source::open(bytes)?;
    let (orientation, sw, sh) = plan(&mut source, kind);
    let open = t.elapsed();
    let decoded = source.decode_at_least(sw * OVERSAMPLE, sh * OVERSAMPLE)?;
    let decode = t.elapsed() - open;
    let decoded_size = (decoded.width(), decoded.height());
    let small = decoded.shrunk_upright(sw as usize, sh as usize, orientation);
    let resize = t.elapsed() - open - decode;
    let resized = (sw, sh);

    let t = Instant::now();
    let photo = process(bytes, kind)?;
    let whole = t.elapsed();

    let jpeg_decoder = (format::sniff(bytes) == format::Format::Jpeg).then(|| {
        let t = Instant::now();
        let mut d = jpeg_decoder::Decoder::new(bytes);
        let _ = d.scale(sw as u16, sh as u16);
        let _ = d.decode();
        t.elapsed()
    });

    let upright = DynamicImage::ImageRgb8(small.to_rgb());
    Ok(Stages {
        open,
        decode,
        decoded: decoded_size,
        resize,
        resized,
        whole,
        jpeg_bytes: photo.jpeg.len(),
        jpeg_decoder,
        upright,
    })
}

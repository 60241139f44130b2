//! Demo photos, drawn here (simple coloured JPEGs) so the repository carries no binaries.
//!
//! Each is drawn once per process and kept: the API's tests seed the demo into a hundred fresh
//! databases, and drawing and encoding (generic code compiled with the project's own debug
//! settings) was nine tenths of a seed's time.

use crate::media::MediaStore;
use bytes::Bytes;
use image::{ImageBuffer, Rgb, codecs::jpeg::JpegEncoder};
use std::{
    collections::HashMap,
    sync::{LazyLock, Mutex, PoisonError},
};

/// Draws a demo photo (a soft gradient with a disc, its colours picked by `seed`), stores it
/// as a JPEG at quality 80 and returns its URL.
pub(super) async fn photo(
    media: &MediaStore,
    key: &str,
    seed: usize,
    width: u32,
    height: u32,
) -> anyhow::Result<String> {
    media.put(key, drawn(seed, width, height)?).await
}

/// Drawn photos by `(seed, width, height)`.
type Drawn = Mutex<HashMap<(usize, u32, u32), Bytes>>;

/// [`draw`], remembered by its arguments (a few dozen small JPEGs).
fn drawn(seed: usize, width: u32, height: u32) -> anyhow::Result<Bytes> {
    static DRAWN: LazyLock<Drawn> = LazyLock::new(Mutex::default);
    let key = (seed, width, height);
    // Drawn under the lock: seeds started at once (the API tests' first apps) wait for the one
    // drawing instead of each drawing the same photo.
    let mut drawn = DRAWN.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(jpeg) = drawn.get(&key) {
        return Ok(jpeg.clone());
    }
    let jpeg = draw(seed, width, height)?;
    drawn.insert(key, jpeg.clone());
    Ok(jpeg)
}

pub(super) fn draw(seed: usize, width: u32, height: u32) -> anyhow::Result<Bytes> {
    const PALETTE: [[u8; 3]; 8] = [
        [76, 153, 0],
        [230, 126, 34],
        [192, 57, 43],
        [241, 196, 15],
        [39, 174, 96],
        [142, 68, 173],
        [211, 84, 0],
        [22, 160, 133],
    ];
    let base = PALETTE[seed % PALETTE.len()];
    let accent = PALETTE[(seed * 3 + 1) % PALETTE.len()];
    let (cx, cy) = (f64::from(width) / 2.0, f64::from(height) / 2.0);
    let r = f64::from(width.min(height)) * (0.25 + (seed % 4) as f64 * 0.04);
    let img = ImageBuffer::from_fn(width, height, |x, y| {
        let (fx, fy) = (f64::from(x), f64::from(y));
        if (fx - cx).powi(2) + (fy - cy).powi(2) < r * r {
            Rgb(accent)
        } else {
            let t = fy / f64::from(height);
            Rgb(base.map(|c| (f64::from(c) * (0.75 + 0.35 * t)).min(255.0) as u8))
        }
    });
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 80).encode_image(&img)?;
    Ok(Bytes::from(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_photo_is_drawn_once_and_kept() {
        let first = drawn(7, 40, 30).unwrap();
        let again = drawn(7, 40, 30).unwrap();
        assert_eq!(
            first.as_ptr(),
            again.as_ptr(),
            "the same buffer, not a new drawing"
        );
        assert_eq!(first, draw(7, 40, 30).unwrap());
        assert_ne!(first, drawn(8, 40, 30).unwrap());
    }

    #[test]
    fn seeds_at_once_share_one_drawing() {
        let start = std::sync::Barrier::new(8);
        let photos: Vec<Bytes> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        start.wait();
                        drawn(9, 41, 31).unwrap()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert!(
            photos.iter().all(|p| p.as_ptr() == photos[0].as_ptr()),
            "one drawing, handed to every caller"
        );
    }
}

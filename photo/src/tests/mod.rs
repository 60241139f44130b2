//! Tests of the whole pipeline. Every input image is generated here with `image`'s encoders (the
//! EXIF orientation is written by hand into an APP1 segment): no binary fixtures. The generators
//! are here; the tests by subject in the submodules.

use super::*;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{ExtendedColorType, ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};

mod dc_decoder;
mod errors;
mod fuzz;
mod pipeline;
mod split;

// --- Generators --------------------------------------------------------------------------------

/// xorshift32: deterministic noise without a dependency.
pub(super) struct Noise(u32);
impl Noise {
    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
}

/// A photo-like image: smooth gradients, a disc and a bar with hard edges, and some noise.
pub(super) fn photo_like(w: u32, h: u32) -> RgbImage {
    let mut noise = Noise(0x9E37_79B9);
    let (cx, cy, r) = (w as i64 / 2, h as i64 / 2, (w.min(h) / 4) as i64);
    RgbImage::from_fn(w, h, |x, y| {
        let n = (noise.next() % 17) as i64 - 8;
        let (xi, yi) = (x as i64, y as i64);
        let base = if (xi - cx).pow(2) + (yi - cy).pow(2) < r * r {
            [220, 60, 40]
        } else if (yi * 10 / h as i64) == 2 {
            [20, 30, 140]
        } else {
            [(x * 255 / w) as i64, (y * 255 / h) as i64, 128]
        };
        Rgb(base.map(|c| (c + n).clamp(0, 255) as u8))
    })
}

pub(super) fn jpeg_of(image: &RgbImage, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, quality)
        .encode(
            image.as_raw(),
            image.width(),
            image.height(),
            ExtendedColorType::Rgb8,
        )
        .unwrap();
    out
}

pub(super) fn png_of_rgba(image: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            ExtendedColorType::Rgba8,
        )
        .unwrap();
    out
}

pub(super) fn png_of(image: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            ExtendedColorType::Rgb8,
        )
        .unwrap();
    out
}

/// Inserts an APP1 EXIF segment (big-endian TIFF, IFD0 with one Orientation entry) after SOI.
pub(super) fn with_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec(); // header, IFD0 at offset 8
    tiff.extend(1u16.to_be_bytes()); // one entry
    tiff.extend(0x0112u16.to_be_bytes()); // Orientation
    tiff.extend(3u16.to_be_bytes()); // SHORT
    tiff.extend(1u32.to_be_bytes()); // count
    tiff.extend(orientation.to_be_bytes());
    tiff.extend([0, 0]); // value padding
    tiff.extend(0u32.to_be_bytes()); // no next IFD
    let payload_len = 2 + 6 + tiff.len();
    let mut out = jpeg[..2].to_vec();
    out.extend([0xFF, 0xE1]);
    out.extend((payload_len as u16).to_be_bytes());
    out.extend(b"Exif\0\0");
    out.extend(tiff);
    out.extend(&jpeg[2..]);
    out
}

pub(super) fn decode_output(photo: &Photo) -> RgbImage {
    assert_eq!(
        &photo.jpeg[..3],
        &[0xFF, 0xD8, 0xFF],
        "output is not a JPEG"
    );
    let image = image::load_from_memory_with_format(&photo.jpeg, image::ImageFormat::Jpeg)
        .expect("output decodes")
        .into_rgb8();
    assert_eq!(
        image.dimensions(),
        (photo.width, photo.height),
        "declared size matches"
    );
    image
}

pub(super) fn mean(image: &RgbImage, x0: u32, y0: u32, w: u32, h: u32) -> [u32; 3] {
    let mut sum = [0u32; 3];
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let p = image.get_pixel(x, y).0;
            (0..3).for_each(|c| sum[c] += u32::from(p[c]));
        }
    }
    sum.map(|s| s / (w * h))
}

//! The DC-only decoder (`fast_jpeg`) against `jpeg-decoder`.

use super::*;

// --- The DC-only decoder against jpeg-decoder ----------------------------------------------------

/// jpeg-decoder's output at DCT scale `idct` (1: 1/8, 2: 1/4, 4: 1/2), as RGB.
fn reference_scaled(jpeg: &[u8], idct: u32) -> RgbImage {
    let mut d = jpeg_decoder::Decoder::new(jpeg);
    d.read_info().unwrap();
    let info = d.info().unwrap();
    let (w, h) = (u32::from(info.width), u32::from(info.height));
    d.scale(
        ((w * idct).div_ceil(8)) as u16,
        ((h * idct).div_ceil(8)) as u16,
    )
    .unwrap();
    let px = d.decode().unwrap();
    let info = d.info().unwrap();
    let rgb = match info.pixel_format {
        jpeg_decoder::PixelFormat::RGB24 => px,
        jpeg_decoder::PixelFormat::L8 => px.iter().flat_map(|&v| [v, v, v]).collect(),
        other => panic!("{other:?}"),
    };
    RgbImage::from_raw(u32::from(info.width), u32::from(info.height), rgb).unwrap()
}

fn compare(a: &RgbImage, b: &RgbImage) -> (f64, u8) {
    assert_eq!(a.dimensions(), b.dimensions());
    let diffs: Vec<u8> = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(&x, &y)| x.abs_diff(y))
        .collect();
    let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
    (mean, diffs.iter().copied().max().unwrap_or(0))
}

#[test]
fn dc_only_decoder_matches_jpeg_decoder() {
    use test_jpeg::{Options, encode};
    let image = photo_like(203, 157); // not a multiple of any MCU size
    let configs = [
        (
            "4:2:0",
            Options {
                h: 2,
                v: 2,
                gray: false,
                restart: 0,
                q: 6,
            },
        ),
        (
            "4:2:0, restarts",
            Options {
                h: 2,
                v: 2,
                gray: false,
                restart: 3,
                q: 6,
            },
        ),
        (
            "4:2:2",
            Options {
                h: 2,
                v: 1,
                gray: false,
                restart: 0,
                q: 4,
            },
        ),
        (
            "4:4:0, restarts",
            Options {
                h: 1,
                v: 2,
                gray: false,
                restart: 1,
                q: 4,
            },
        ),
        (
            "4:4:4",
            Options {
                h: 1,
                v: 1,
                gray: false,
                restart: 0,
                q: 2,
            },
        ),
        (
            "gray, restarts",
            Options {
                h: 1,
                v: 1,
                gray: true,
                restart: 7,
                q: 3,
            },
        ),
    ];
    for (name, options) in configs {
        let jpeg = encode(&image, &options);
        for idct in [1u32, 2, 4] {
            let fast = crate::fast_jpeg::decode_rgb(&jpeg, idct as usize)
                .unwrap_or_else(|_| panic!("{name}: declined"));
            let reference = reference_scaled(&jpeg, idct);
            let (mean, max) = compare(&fast, &reference);
            // Gray is bit-exact. Colour conversion may differ by 1 (jpeg-decoder has SIMD paths
            // on x86), and chroma upsampling rounds a little differently at the edges.
            let ok = if options.gray {
                max == 0
            } else if (options.h, options.v) == (1, 1) {
                max <= 1
            } else {
                mean < 0.05 && max <= 2
            };
            eprintln!("{name} 1/{}: mean {mean:.3}, max {max}", 8 / idct);
            assert!(ok, "{name} 1/{}: mean {mean:.3}, max {max}", 8 / idct);
        }
    }
}

#[test]
fn dc_only_decoder_handles_image_crate_jpegs_and_declines_the_rest() {
    let jpeg = jpeg_of(&photo_like(640, 480), 90);
    let fast = crate::fast_jpeg::decode_rgb(&jpeg, 1).unwrap();
    assert!(compare(&fast, &reference_scaled(&jpeg, 1)).1 <= 1);
    // Not a JPEG, truncated, other scales: declined (the caller falls back to jpeg-decoder).
    assert!(crate::fast_jpeg::decode_rgb(&png_of(&photo_like(8, 8)), 1).is_err());
    assert!(crate::fast_jpeg::decode_rgb(&jpeg[..jpeg.len() / 2], 1).is_err());
    assert!(crate::fast_jpeg::decode_rgb(&jpeg[..jpeg.len() - 1], 1).is_err());
    assert!(crate::fast_jpeg::decode_rgb(&jpeg, 8).is_err());
    assert!(crate::fast_jpeg::decode_rgb(&jpeg, 3).is_err());
}

#[test]
fn dc_only_decoder_never_panics_on_corrupted_input() {
    use test_jpeg::{Options, encode};
    let originals = [
        encode(
            &photo_like(70, 50),
            &Options {
                h: 2,
                v: 2,
                gray: false,
                restart: 2,
                q: 8,
            },
        ),
        encode(
            &photo_like(70, 50),
            &Options {
                h: 1,
                v: 1,
                gray: true,
                restart: 0,
                q: 8,
            },
        ),
        jpeg_of(&photo_like(70, 50), 80),
    ];
    let mut noise = Noise(4242);
    for original in &originals {
        for _ in 0..1500 {
            let mut bytes = original.clone();
            for _ in 0..1 + noise.next() % 3 {
                let i = noise.next() as usize % bytes.len();
                bytes[i] = noise.next() as u8;
            }
            let cut = bytes.len() - (noise.next() as usize % 8);
            let _ =
                crate::fast_jpeg::decode_rgb(&bytes[..cut], [1, 2, 4][noise.next() as usize % 3]);
        }
    }
}

//! Tests of the whole pipeline. Every input image is generated here with `image`'s encoders (the
//! EXIF orientation is written by hand into an APP1 segment): no binary fixtures.

use super::*;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};

// --- Generators --------------------------------------------------------------------------------

/// xorshift32: deterministic noise without a dependency.
struct Noise(u32);
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
fn photo_like(w: u32, h: u32) -> RgbImage {
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

fn jpeg_of(image: &RgbImage, quality: u8) -> Vec<u8> {
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

fn png_of_rgba(image: &RgbaImage) -> Vec<u8> {
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

fn png_of(image: &RgbImage) -> Vec<u8> {
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
fn with_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
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

fn decode_output(photo: &Photo) -> RgbImage {
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

fn mean(image: &RgbImage, x0: u32, y0: u32, w: u32, h: u32) -> [u32; 3] {
    let mut sum = [0u32; 3];
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let p = image.get_pixel(x, y).0;
            (0..3).for_each(|c| sum[c] += u32::from(p[c]));
        }
    }
    sum.map(|s| s / (w * h))
}

// --- Orientation -------------------------------------------------------------------------------

#[test]
fn orientation_6_portrait_comes_out_taller_than_wide() {
    // Stored landscape 1600×1200, left half red, right half blue; EXIF 6 = turn 90° clockwise.
    let stored = RgbImage::from_fn(1600, 1200, |x, _| {
        if x < 800 {
            Rgb([230, 20, 20])
        } else {
            Rgb([20, 20, 230])
        }
    });
    let jpeg = with_orientation(&jpeg_of(&stored, 90), 6);
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (225, 300));
    assert!(photo.height > photo.width);
    let out = decode_output(&photo);
    // Turned clockwise, the stored left (red) is now the top, the right (blue) the bottom.
    let top = mean(&out, 20, 10, 185, 100);
    let bottom = mean(&out, 20, 190, 185, 100);
    assert!(top[0] > 180 && top[2] < 70, "top should be red: {top:?}");
    assert!(
        bottom[2] > 180 && bottom[0] < 70,
        "bottom should be blue: {bottom:?}"
    );
}

#[test]
fn every_exif_orientation_gives_the_displayed_shape() {
    let jpeg = jpeg_of(&photo_like(640, 480), 85);
    for o in 1..=8u16 {
        let photo = process(&with_orientation(&jpeg, o), PhotoKind::Icone).unwrap();
        let expected = if o >= 5 { (225, 300) } else { (300, 225) };
        assert_eq!((photo.width, photo.height), expected, "orientation {o}");
        decode_output(&photo);
    }
    // An invalid orientation value is ignored.
    let photo = process(&with_orientation(&jpeg, 9), PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 225));
}

#[test]
fn orientation_is_applied_once_output_has_no_exif() {
    let jpeg = with_orientation(&jpeg_of(&photo_like(640, 480), 85), 6);
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!(
        format::jpeg_orientation(&photo.jpeg),
        image::metadata::Orientation::NoTransforms
    );
    // Processing the output again keeps it as it is.
    let again = process(&photo.jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((again.width, again.height), (photo.width, photo.height));
}

// --- Sizes -------------------------------------------------------------------------------------

#[test]
fn one_pixel_png_works() {
    let png = png_of(&RgbImage::from_pixel(1, 1, Rgb([10, 200, 30])));
    let photo = process(&png, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (1, 1));
    let p = decode_output(&photo).get_pixel(0, 0).0;
    assert!(p[1] > 150 && p[0] < 60, "{p:?}");
}

#[test]
fn twenty_megapixel_jpeg_gives_at_most_300_px() {
    let jpeg = jpeg_of(&photo_like(5472, 3648), 90);
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 200));
    decode_output(&photo);
    assert_eq!(validate_jpeg(&photo.jpeg, 300), Ok((300, 200)));
    assert!(photo.jpeg.len() < 60 * 1024, "{} bytes", photo.jpeg.len());
}

#[test]
fn backgrounds_are_at_most_800_wide_and_never_upscaled() {
    let landscape = jpeg_of(&photo_like(2000, 1500), 85);
    let photo = process(&landscape, PhotoKind::Fundo).unwrap();
    assert_eq!((photo.width, photo.height), (800, 600));
    decode_output(&photo);
    assert_eq!(
        validate_upload(&photo.jpeg, PhotoKind::Fundo),
        Ok((800, 600))
    );

    // A portrait phone photo (stored landscape, EXIF 6): 800 wide in the displayed orientation.
    let portrait = with_orientation(&landscape, 6);
    let photo = process(&portrait, PhotoKind::Fundo).unwrap();
    assert_eq!((photo.width, photo.height), (800, 1067));

    let small = jpeg_of(&photo_like(500, 260), 85);
    let photo = process(&small, PhotoKind::Fundo).unwrap();
    assert_eq!((photo.width, photo.height), (500, 260));
    let photo = process(&small, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 156));
}

#[test]
fn backgrounds_use_a_lower_quality_than_icons() {
    let jpeg = jpeg_of(&photo_like(600, 400), 95);
    let icone = process(&jpeg, PhotoKind::Icone).unwrap();
    let png = png_of(&decode_output(&icone));
    let as_icone = process(&png, PhotoKind::Icone).unwrap();
    let as_fundo = process(&png, PhotoKind::Fundo).unwrap();
    assert_eq!((as_fundo.width, as_fundo.height), (300, 200));
    assert!(as_fundo.jpeg.len() < as_icone.jpeg.len());
}

#[test]
fn resized_output_is_close_to_a_lanczos_reference() {
    // A large PNG (box average then Lanczos3) and a large JPEG (DCT-scaled decode then
    // Lanczos3) both stay close to a full-resolution Lanczos3 resize.
    let original = photo_like(2400, 1800);
    let reference =
        image::imageops::resize(&original, 300, 225, image::imageops::FilterType::Lanczos3);
    for (name, bytes) in [("png", png_of(&original)), ("jpeg", jpeg_of(&original, 92))] {
        let out = decode_output(&process(&bytes, PhotoKind::Icone).unwrap());
        let mse: f64 = out
            .as_raw()
            .iter()
            .zip(reference.as_raw())
            .map(|(&a, &b)| (f64::from(a) - f64::from(b)).powi(2))
            .sum::<f64>()
            / out.as_raw().len() as f64;
        let psnr = 10.0 * (255.0f64 * 255.0 / mse).log10();
        assert!(psnr > 30.0, "{name}: PSNR {psnr:.1} dB");
    }
}

// --- Formats -----------------------------------------------------------------------------------

#[test]
fn png_transparency_becomes_white() {
    let png = png_of_rgba(&RgbaImage::from_pixel(40, 20, Rgba([0, 0, 0, 0])));
    let out = decode_output(&process(&png, PhotoKind::Icone).unwrap());
    let p = mean(&out, 0, 0, 40, 20);
    assert!(p.iter().all(|&c| c > 245), "{p:?}");
}

#[test]
fn webp_is_decoded() {
    let image = RgbaImage::from_fn(700, 350, |x, _| Rgba([(x % 256) as u8, 90, 160, 255]));
    let mut webp = Vec::new();
    WebPEncoder::new_lossless(&mut webp)
        .encode(image.as_raw(), 700, 350, ExtendedColorType::Rgba8)
        .unwrap();
    let photo = process(&webp, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 150));
    decode_output(&photo);
}

#[test]
fn grayscale_jpeg_and_16_bit_png_are_decoded() {
    let gray = image::GrayImage::from_fn(400, 400, |x, y| image::Luma([((x + y) / 4) as u8]));
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, 85)
        .encode(gray.as_raw(), 400, 400, ExtendedColorType::L8)
        .unwrap();
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 300));

    let deep = image::ImageBuffer::<Rgb<u16>, Vec<u16>>::from_pixel(10, 10, Rgb([65535, 0, 0]));
    let mut png = Vec::new();
    let bytes: Vec<u8> = deep.as_raw().iter().flat_map(|v| v.to_be_bytes()).collect();
    PngEncoder::new(&mut png)
        .write_image(&bytes, 10, 10, ExtendedColorType::Rgb16)
        .unwrap();
    let p = decode_output(&process(&png, PhotoKind::Icone).unwrap())
        .get_pixel(5, 5)
        .0;
    assert!(p[0] > 200 && p[1] < 60, "{p:?}");
}

// --- Errors ------------------------------------------------------------------------------------

#[test]
fn truncated_files_give_an_error_never_a_panic() {
    let jpeg = jpeg_of(&photo_like(800, 600), 90);
    let png = png_of(&photo_like(300, 200));
    // A PNG cut inside its final IEND chunk (12 bytes) still has every pixel: not checked.
    for (bytes, tail) in [(&jpeg, 1), (&png, 13)] {
        for cut in [
            3,
            20,
            200,
            bytes.len() / 3,
            bytes.len() / 2,
            bytes.len() - 600,
            bytes.len() - tail,
        ] {
            let result =
                process_inner(&bytes[..cut], PhotoKind::Icone).map(|p| (p.width, p.height));
            assert!(
                matches!(result, Err(PhotoError::Truncated | PhotoError::Unreadable)),
                "cut at {cut} of {}: {result:?}",
                bytes.len()
            );
        }
    }
    let err = process(&jpeg[..jpeg.len() / 2], PhotoKind::Icone).unwrap_err();
    assert_eq!(err, PhotoError::Truncated);
    assert_eq!(
        err.to_string(),
        "Não foi possível ler esta imagem: o arquivo está incompleto."
    );
}

#[test]
fn random_bytes_give_an_error_never_a_panic() {
    let mut noise = Noise(12345);
    for len in [0, 1, 2, 3, 7, 64, 1000, 50_000] {
        let bytes: Vec<u8> = (0..len).map(|_| noise.next() as u8).collect();
        let err = process_inner(&bytes, PhotoKind::Icone).unwrap_err();
        assert_eq!(err, PhotoError::Unreadable, "{len} bytes");
        assert_eq!(err.to_string(), "Não foi possível ler esta imagem.");
    }
    // Random bytes behind a valid JPEG, PNG or WebP signature.
    for magic in [
        &b"\xFF\xD8\xFF"[..],
        b"\x89PNG\r\n\x1a\n",
        b"RIFF\0\0\0\0WEBP",
    ] {
        for seed in 1..50 {
            let mut noise = Noise(seed);
            let mut bytes = magic.to_vec();
            bytes.extend((0..2000).map(|_| noise.next() as u8));
            assert!(process_inner(&bytes, PhotoKind::Icone).is_err());
        }
    }
}

#[test]
fn corrupted_files_never_panic() {
    // Flip bytes of valid small files (headers, tables and entropy-coded data alike).
    let jpeg = with_orientation(&jpeg_of(&photo_like(96, 64), 80), 6);
    let png = png_of(&photo_like(96, 64));
    let mut webp = Vec::new();
    WebPEncoder::new_lossless(&mut webp)
        .encode(photo_like(96, 64).as_raw(), 96, 64, ExtendedColorType::Rgb8)
        .unwrap();
    let mut noise = Noise(7);
    for original in [&jpeg, &png, &webp] {
        for _ in 0..400 {
            let mut bytes = original.clone();
            for _ in 0..1 + noise.next() % 4 {
                let i = noise.next() as usize % bytes.len();
                bytes[i] = noise.next() as u8;
            }
            // Without the panic guard: a panic here would abort the wasm build.
            let _ = process_inner(&bytes, PhotoKind::Icone);
        }
    }
}

#[test]
fn unsupported_formats_say_so() {
    for bytes in [
        &b"GIF89a\x01\0\x01\0\0\0\0;"[..],
        b"\0\0\0\x18ftypheic\0\0\0\0mif1heic",
        b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0",
    ] {
        let err = process(bytes, PhotoKind::Icone).unwrap_err();
        assert_eq!(err, PhotoError::Unsupported);
        assert_eq!(
            err.to_string(),
            "Formato de imagem não suportado. Use JPEG, PNG ou WebP."
        );
    }
}

/// A JPEG whose frame header claims `w`×`h` (the data is a small image's).
fn jpeg_claiming(w: u16, h: u16) -> Vec<u8> {
    let mut jpeg = jpeg_of(&photo_like(16, 16), 80);
    let sof = jpeg.windows(2).position(|m| m == [0xFF, 0xC0]).unwrap();
    jpeg[sof + 5..sof + 7].copy_from_slice(&h.to_be_bytes());
    jpeg[sof + 7..sof + 9].copy_from_slice(&w.to_be_bytes());
    jpeg
}

#[test]
fn decompression_bombs_are_refused_before_decoding() {
    let err = process(&jpeg_claiming(65_000, 65_000), PhotoKind::Icone).unwrap_err();
    assert_eq!(err, PhotoError::TooManyPixels);
    assert_eq!(
        err.to_string(),
        "Esta imagem é grande demais (máximo de 60 megapixels)."
    );
    assert_eq!(
        process(&jpeg_claiming(10_000, 6_001), PhotoKind::Icone),
        Err(PhotoError::TooManyPixels)
    );
}

#[test]
fn kinds_parse() {
    assert_eq!(PhotoKind::parse("icone"), Ok(PhotoKind::Icone));
    assert_eq!(PhotoKind::parse("fundo"), Ok(PhotoKind::Fundo));
    assert_eq!(PhotoKind::parse("banner"), Err(PhotoError::InvalidKind));
}

#[test]
fn base64_has_no_prefix() {
    let photo = process(&jpeg_of(&photo_like(64, 64), 80), PhotoKind::Icone).unwrap();
    let b64 = photo.base64();
    assert!(b64.starts_with("/9j/"), "{}", &b64[..8]);
    assert_eq!(b64.len(), photo.jpeg.len().div_ceil(3) * 4);
}

// --- Server re-validation ----------------------------------------------------------------------

#[test]
fn validate_jpeg_accepts_a_processed_photo() {
    let photo = process(&jpeg_of(&photo_like(1200, 900), 85), PhotoKind::Icone).unwrap();
    assert_eq!(validate_jpeg(&photo.jpeg, 300), Ok((300, 225)));
    assert_eq!(
        validate_upload(&photo.jpeg, PhotoKind::Icone),
        Ok((300, 225))
    );
}

#[test]
fn validate_jpeg_refuses_other_formats_oversized_and_broken_files() {
    let png = png_of(&photo_like(100, 100));
    assert_eq!(validate_jpeg(&png, 300), Err(PhotoError::NotJpeg));
    assert_eq!(validate_jpeg(b"", 300), Err(PhotoError::NotJpeg));

    let big = jpeg_of(&photo_like(400, 300), 80);
    let err = validate_jpeg(&big, 300).unwrap_err();
    assert_eq!(
        err,
        PhotoError::OutOfBounds {
            max_width: 300,
            max_height: 300
        }
    );
    assert_eq!(
        err.to_string(),
        "A foto enviada é maior que o permitido (300×300 px)."
    );
    assert_eq!(validate_upload(&big, PhotoKind::Fundo), Ok((400, 300)));
    // A header claiming a huge image is refused without decoding it.
    assert!(matches!(
        validate_jpeg(&jpeg_claiming(40_000, 40_000), 300),
        Err(PhotoError::OutOfBounds { .. })
    ));

    let ok = jpeg_of(&photo_like(300, 200), 80);
    assert!(validate_jpeg(&ok[..ok.len() / 2], 300).is_err());
    let mut noise = Noise(99);
    let mut garbage = b"\xFF\xD8\xFF".to_vec();
    garbage.extend((0..5000).map(|_| noise.next() as u8));
    assert!(validate_jpeg(&garbage, 300).is_err());
}

fn source_is_jpeg(bytes: &[u8]) -> bool {
    format::sniff(bytes) == format::Format::Jpeg
}

/// Native timing of each stage on a real file (not a test):
/// `PHOTO_BENCH_FILE=photo.jpg cargo test --release -p wasm-core --features photo --lib
/// bench_stages -- --ignored --nocapture`. With `PHOTO_BENCH_DUMP=out.png`, also writes the
/// resized, upright image before JPEG encoding (to measure the resampling alone).
#[test]
#[ignore]
fn bench_stages() {
    use std::time::Instant;
    let Ok(path) = std::env::var("PHOTO_BENCH_FILE") else {
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    let runs = std::env::var("PHOTO_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(8);
    let kind =
        PhotoKind::parse(&std::env::var("PHOTO_BENCH_KIND").unwrap_or("icone".into())).unwrap();
    for _ in 0..runs {
        let t = Instant::now();
        let mut source = decode::Source::open(&bytes).unwrap();
        let (w, h) = source.dimensions();
        let orientation = source.orientation();
        let swap = format::swaps_axes(orientation);
        let (tw, th) = if swap {
            kind.target_size(h, w)
        } else {
            kind.target_size(w, h)
        };
        let (sw, sh) = if swap { (th, tw) } else { (tw, th) };
        let t_open = t.elapsed();
        let decoded = source
            .decode_at_least(sw * OVERSAMPLE, sh * OVERSAMPLE)
            .unwrap();
        let t_decode = t.elapsed();
        let dims = decoded.dimensions();
        let small = resize::resample(decoded, sw, sh);
        let t_resize = t.elapsed();
        let total = process(&bytes, kind).unwrap();
        let t_total = t.elapsed() - t_resize;
        println!(
            "open {:?}, decode {:?} to {dims:?}, resize {:?} to {:?}; whole process {:?} ({} bytes)",
            t_open,
            t_decode - t_open,
            t_resize - t_decode,
            small.dimensions(),
            t_total,
            total.jpeg.len()
        );
        // For comparison: jpeg-decoder's own DCT-scaled decode of the same file.
        if source_is_jpeg(&bytes) {
            let t = Instant::now();
            let mut d = jpeg_decoder::Decoder::new(&bytes[..]);
            let scaled = d.scale(sw as u16, sh as u16).ok();
            let ok = d.decode().is_ok();
            println!(
                "  jpeg-decoder alone, scaled to {scaled:?}: {:?} ({ok})",
                t.elapsed()
            );
        }
        if let Ok(dump) = std::env::var("PHOTO_BENCH_DUMP") {
            let mut upright = DynamicImage::ImageRgb8(small);
            upright.apply_orientation(orientation);
            upright.save(dump).unwrap();
        }
    }
}

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
            let fast = fast_jpeg::decode(&jpeg, idct as usize)
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
    let fast = fast_jpeg::decode(&jpeg, 1).unwrap();
    assert!(compare(&fast, &reference_scaled(&jpeg, 1)).1 <= 1);
    // Not a JPEG, truncated, other scales: declined (the caller falls back to jpeg-decoder).
    assert!(fast_jpeg::decode(&png_of(&photo_like(8, 8)), 1).is_err());
    assert!(fast_jpeg::decode(&jpeg[..jpeg.len() / 2], 1).is_err());
    assert!(fast_jpeg::decode(&jpeg[..jpeg.len() - 1], 1).is_err());
    assert!(fast_jpeg::decode(&jpeg, 8).is_err());
    assert!(fast_jpeg::decode(&jpeg, 3).is_err());
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
            let _ = fast_jpeg::decode(&bytes[..cut], [1, 2, 4][noise.next() as usize % 3]);
        }
    }
}

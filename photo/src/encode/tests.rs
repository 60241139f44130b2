use super::*;
use jpeg_decoder::{ColorTransform, Decoder};

/// A photo-like RGB image: smooth gradients, a hard-edged disc and some xorshift noise.
fn photo(w: usize, h: usize) -> Vec<u8> {
    let mut state = 0x2545_f491_u32;
    let mut out = Vec::with_capacity(w * h * 3);
    for y in 0..h {
        for x in 0..w {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let noise = (state % 13) as i32 - 6;
            let (dx, dy) = (x as i32 - w as i32 / 2, y as i32 - h as i32 / 3);
            let disc = dx * dx + dy * dy < (w as i32 / 4).pow(2);
            let base = if disc {
                [200, 40 + (x * 60 / w) as i32, 50]
            } else {
                [
                    (x * 255 / w) as i32,
                    (y * 200 / h) as i32 + 30,
                    180 - (x * y * 120 / (w * h)) as i32,
                ]
            };
            out.extend(base.map(|c| (c + noise).clamp(0, 255) as u8));
        }
    }
    out
}

fn luma(rgb: &[u8]) -> Vec<u8> {
    rgb.chunks_exact(3)
        .map(|p| {
            ((19595 * u32::from(p[0]) + 38470 * u32::from(p[1]) + 7471 * u32::from(p[2]) + 32768)
                >> 16) as u8
        })
        .collect()
}

/// Decodes without colour conversion (`RGB` passes the components through; `None` is broken
/// in jpeg-decoder 0.3.2): (width, height, Y plane at full size).
fn decode_luma(jpeg: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut d = Decoder::new(jpeg);
    d.set_color_transform(ColorTransform::RGB);
    let px = d.decode().expect("decodes");
    let info = d.info().expect("info");
    let n = px.len() / (usize::from(info.width) * usize::from(info.height));
    (
        usize::from(info.width),
        usize::from(info.height),
        px.iter().step_by(n).copied().collect(),
    )
}

fn psnr(a: &[u8], b: &[u8]) -> f64 {
    assert_eq!(a.len(), b.len());
    let se: f64 = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| (f64::from(x) - f64::from(y)).powi(2))
        .sum();
    10.0 * (255.0f64.powi(2) / (se / a.len() as f64)).log10()
}

fn luma_psnr(jpeg: &[u8], rgb: &[u8], w: usize, h: usize) -> f64 {
    let (dw, dh, y) = decode_luma(jpeg);
    assert_eq!((dw, dh), (w, h));
    psnr(&y, &luma(rgb))
}

#[test]
fn encode_round_trip_photo() {
    let (w, h) = (225, 300);
    let rgb = photo(w, h);
    let jpeg = encode_rgb(&rgb, w, h, 80);
    assert_eq!(&jpeg[..4], &[0xFF, 0xD8, 0xFF, 0xE0]);
    assert_eq!(&jpeg[jpeg.len() - 2..], &[0xFF, 0xD9]);
    let p = luma_psnr(&jpeg, &rgb, w, h);
    // The full RGB round trip through jpeg-decoder's own colour conversion.
    let decoded = Decoder::new(&jpeg[..]).decode().expect("decodes");
    let rgb_psnr = psnr(&decoded, &rgb);
    eprintln!(
        "q80 225x300: {} bytes, luma PSNR {p:.2} dB, RGB PSNR {rgb_psnr:.2} dB",
        jpeg.len()
    );
    assert!(p >= 30.0 && rgb_psnr >= 30.0, "{p} {rgb_psnr}");
    assert!((5_000..=40_000).contains(&jpeg.len()), "{}", jpeg.len());
}

#[test]
fn encode_quality_monotonic() {
    let (w, h) = (225, 300);
    let rgb = photo(w, h);
    let (lo, hi) = (encode_rgb(&rgb, w, h, 50), encode_rgb(&rgb, w, h, 95));
    assert!(hi.len() > lo.len(), "{} {}", hi.len(), lo.len());
    assert!(luma_psnr(&hi, &rgb, w, h) > luma_psnr(&lo, &rgb, w, h) + 1.0);
    // Extremes still produce valid files.
    for q in [0, 1, 100, 255] {
        assert!(luma_psnr(&encode_rgb(&rgb, w, h, q), &rgb, w, h) > 10.0);
    }
}

#[test]
fn encode_420_flat_grey_and_odd_sizes() {
    for (w, h) in [
        (1usize, 1usize),
        (3, 5),
        (17, 9),
        (301, 225),
        (16, 16),
        (8, 33),
    ] {
        let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
        let (y, c) = (vec![77u8; w * h], vec![128u8; cw * ch]);
        let jpeg = encode_420(
            &Planes {
                width: w,
                height: h,
                y: &y,
                cb: &c,
                cr: &c,
            },
            80,
        );
        let rgb = Decoder::new(&jpeg[..]).decode().expect("decodes");
        assert_eq!(rgb.len(), w * h * 3, "{w}x{h}");
        assert!(rgb.iter().all(|&v| v.abs_diff(77) <= 1), "{w}x{h}");
    }
}

#[test]
fn encode_all_small_sizes_decode_and_short_planes_refuse() {
    for (w, h) in (1..=20).flat_map(|w| (1..=20).map(move |h| (w, h))) {
        let rgb = photo(w, h);
        let jpeg = encode_rgb(&rgb, w, h, 60);
        let decoded = Decoder::new(&jpeg[..]).decode().expect("decodes");
        assert_eq!(decoded.len(), w * h * 3, "{w}x{h}");
        let [y, cb, cr] = rgb_to_420(&rgb, w, h).expect("valid");
        let short = encode_420(
            &Planes {
                width: w,
                height: h,
                y: &y[1..],
                cb: &cb,
                cr: &cr,
            },
            60,
        );
        assert!(
            short.is_empty() && encode_rgb(&rgb[1..], w, h, 60).is_empty(),
            "{w}x{h}"
        );
    }
}

#[test]
fn encode_rgb_colour_conversion_matches_float_reference() {
    // Odd sizes: the last chroma column/row averages the 2 or 1 pixels that exist.
    let (w, h) = (7, 5);
    let rgb = photo(w, h);
    let [y, cb, cr] = rgb_to_420(&rgb, w, h).expect("valid");
    let px = |x: usize, y: usize| [0, 1, 2].map(|i| f64::from(rgb[(y * w + x) * 3 + i]));
    for (i, &v) in y.iter().enumerate() {
        let [r, g, b] = px(i % w, i / w);
        assert!(
            (f64::from(v) - (0.299 * r + 0.587 * g + 0.114 * b)).abs() <= 0.51,
            "Y {i}"
        );
    }
    for (i, (&got_cb, &got_cr)) in cb.iter().zip(&cr).enumerate() {
        let (cx, cy) = (i % 4, i / 4);
        let pixels: Vec<_> = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .iter()
            .filter(|&&(dx, dy)| 2 * cx + dx < w && 2 * cy + dy < h)
            .map(|&(dx, dy)| px(2 * cx + dx, 2 * cy + dy))
            .collect();
        let mean = |f: fn([f64; 3]) -> f64| {
            pixels.iter().map(|&p| f(p)).sum::<f64>() / pixels.len() as f64
        };
        let want_cb = 128.0 + mean(|[r, g, b]| -0.168736 * r - 0.331264 * g + 0.5 * b);
        let want_cr = 128.0 + mean(|[r, g, b]| 0.5 * r - 0.418688 * g - 0.081312 * b);
        assert!(
            (f64::from(got_cb) - want_cb).abs() <= 0.51,
            "Cb {i}: {got_cb} vs {want_cb}"
        );
        assert!(
            (f64::from(got_cr) - want_cr).abs() <= 0.51,
            "Cr {i}: {got_cr} vs {want_cr}"
        );
    }
}

/// `src` (w×h) padded to pw×ph by replicating its last row and column.
fn pad(src: &[u8], w: usize, h: usize, pw: usize, ph: usize) -> Vec<u8> {
    (0..ph)
        .flat_map(|r| (0..pw).map(move |c| src[r.min(h - 1) * w + c.min(w - 1)]))
        .collect()
}

#[test]
fn encode_edges_replicate_like_libjpeg() {
    // 17×9 noise, and the same padded by hand to 24×16 (chroma 9×5 → 12×8): both fill the same
    // two MCUs with the same samples, so the files differ only in the SOF's size bytes.
    let (w, h) = (17, 9);
    let rgb = photo(w, h);
    let [y, cb, cr] = rgb_to_420(&rgb, w, h).expect("valid");
    let small = encode_420(
        &Planes {
            width: w,
            height: h,
            y: &y,
            cb: &cb,
            cr: &cr,
        },
        75,
    );
    let (py, pcb, pcr) = (
        pad(&y, w, h, 24, 16),
        pad(&cb, 9, 5, 12, 8),
        pad(&cr, 9, 5, 12, 8),
    );
    let big = encode_420(
        &Planes {
            width: 24,
            height: 16,
            y: &py,
            cb: &pcb,
            cr: &pcr,
        },
        75,
    );
    let sof = small
        .windows(2)
        .position(|m| m == [0xFF, 0xC0])
        .expect("SOF0")
        + 5;
    assert_eq!(
        (&small[sof..sof + 4], &big[sof..sof + 4]),
        (&[0, 9, 0, 17][..], &[0, 16, 0, 24][..])
    );
    assert_eq!(
        (&small[..sof], &small[sof + 4..]),
        (&big[..sof], &big[sof + 4..])
    );
    assert!(luma_psnr(&small, &rgb, w, h) > 30.0);
}

#[test]
fn encode_invalid_input_gives_empty() {
    let s = [0u8; 12];
    let p = |w, h, y: &'static [u8]| {
        encode_420(
            &Planes {
                width: w,
                height: h,
                y,
                cb: &[9],
                cr: &[9],
            },
            80,
        )
    };
    assert!(p(0, 1, &[]).is_empty());
    assert!(p(2, 2, &[1, 2, 3]).is_empty());
    assert!(p(65536, 1, &[]).is_empty());
    assert!(p(usize::MAX, usize::MAX, &[]).is_empty());
    assert!(!p(2, 2, &[1, 2, 3, 4]).is_empty());
    assert!(
        encode_420(
            &Planes {
                width: 3,
                height: 3,
                y: &s,
                cb: &s[..3],
                cr: &s
            },
            80
        )
        .is_empty()
    );
    assert!(encode_rgb(&s, 2, 3, 80).is_empty());
    assert!(encode_rgb(&s, usize::MAX, 3, 80).is_empty());
    assert!(encode_rgb(&s, 0, 0, 80).is_empty());
    assert!(!encode_rgb(&s, 2, 2, 80).is_empty());
    assert!(!encode_rgb(&[1, 2, 3], 1, 1, 80).is_empty());
}

/// Finds the body of the first segment with `marker`.
fn segment_body(jpeg: &[u8], marker: u8) -> &[u8] {
    let mut i = 2;
    while jpeg[i + 1] != marker {
        i += 2 + usize::from(u16::from_be_bytes([jpeg[i + 2], jpeg[i + 3]]));
    }
    &jpeg[i + 4..i + 2 + usize::from(u16::from_be_bytes([jpeg[i + 2], jpeg[i + 3]]))]
}

#[test]
fn encode_quant_tables_and_header() {
    // Natural (row-major) order, as Annex K prints them: first row of the luma table at q50 is
    // 16 11 10 16; at q80 (scale 40%) (16·40+50)/100 = 6, 4, 4, 6. Chroma q80: 17 → 7, 18 → 7.
    assert_eq!(scaled_table(&LUMA_Q, 50)[..4], [16, 11, 10, 16]);
    assert_eq!(scaled_table(&LUMA_Q, 80)[..4], [6, 4, 4, 6]);
    assert_eq!(scaled_table(&CHROMA_Q, 80)[..2], [7, 7]);
    assert_eq!(scaled_table(&LUMA_Q, 1)[0], 255);
    assert_eq!(scaled_table(&LUMA_Q, 100), [1; 64]);
    let jpeg = encode_rgb(&photo(20, 10), 20, 10, 50);
    // DQT holds zig-zag order: natural [0], [1], [8] → 16, 11, 12 for luma; chroma 17, 18, 18.
    let dqt = segment_body(&jpeg, 0xDB);
    assert_eq!((dqt[0], &dqt[1..4]), (0, &[16, 11, 12][..]));
    assert_eq!((dqt[65], &dqt[66..69]), (1, &[17, 18, 18][..]));
    let sof = segment_body(&jpeg, 0xC0);
    assert_eq!(
        sof,
        [8, 0, 10, 0, 20, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    );
    assert_eq!(&segment_body(&jpeg, 0xE0)[..5], b"JFIF\0");
}

#[test]
fn encode_vs_image_encoder() {
    let (w, h) = (225, 300);
    let rgb = photo(w, h);
    let ours = encode_rgb(&rgb, w, h, 80);
    let mut theirs = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut theirs, 80)
        .encode(&rgb, w as u32, h as u32, image::ExtendedColorType::Rgb8)
        .expect("encodes");
    let (po, pt) = (luma_psnr(&ours, &rgb, w, h), luma_psnr(&theirs, &rgb, w, h));
    eprintln!(
        "q80 luma PSNR: ours {po:.2} dB / {} B, image {pt:.2} dB / {} B",
        ours.len(),
        theirs.len()
    );
    assert!(po >= pt - 0.5, "{po} vs {pt}");
}

/// The fastest of `runs` calls (robust against the other tests running in parallel).
fn best(runs: usize, mut f: impl FnMut() -> usize) -> std::time::Duration {
    let mut total = 0;
    let best = (0..runs)
        .map(|_| {
            let t = std::time::Instant::now();
            total += f();
            t.elapsed()
        })
        .min();
    assert!(total > 0);
    best.unwrap_or_default()
}

#[test]
fn encode_timing() {
    let (w, h) = (225, 300);
    let rgb = photo(w, h);
    let [y, cb, cr] = rgb_to_420(&rgb, w, h).expect("valid");
    let planes = Planes {
        width: w,
        height: h,
        y: &y,
        cb: &cb,
        cr: &cr,
    };
    let rgb_time = best(200, || encode_rgb(&rgb, w, h, 80).len());
    let planes_time = best(200, || encode_420(&planes, 80).len());
    let image_time = best(50, || {
        let mut theirs = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut theirs, 80)
            .encode(&rgb, w as u32, h as u32, image::ExtendedColorType::Rgb8)
            .expect("encodes");
        theirs.len()
    });
    eprintln!(
        "225x300 q80, best of runs: encode_420 {planes_time:?}, encode_rgb {rgb_time:?}, \
         image's JpegEncoder {image_time:?}"
    );
}

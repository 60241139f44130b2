//! The resize module's tests: target sizes, the box average and the Lanczos passes.

use super::lanczos::{BITS, Taps, clamp_px, resample_plane, unpair};
use super::*;

/// The passes one sample at a time, as they were before the pairs: the pairs must give the
/// very same bytes.
fn one_at_a_time(src: &[u8], sw: usize, sh: usize, w: usize, h: usize, averaged: bool) -> Vec<u8> {
    let (tx, ty) = (Taps::new(sw, w, averaged), Taps::new(sh, h, averaged));
    let mut mid = vec![0u8; w * sh];
    for y in 0..sh {
        for x in 0..w {
            let sum: i32 = (0..tx.len)
                .map(|i| i32::from(src[y * sw + tx.start[x] + i]) * tx.weights[x * tx.len + i])
                .sum();
            mid[y * w + x] = clamp_px(sum);
        }
    }
    let mut out = vec![0u8; w * h];
    for y in 0..h {
        for x in 0..w {
            let sum: i32 = (0..ty.len)
                .map(|k| i32::from(mid[(ty.start[y] + k) * w + x]) * ty.weights[y * ty.len + k])
                .sum();
            out[y * w + x] = clamp_px(sum);
        }
    }
    out
}

#[test]
fn pairs_give_the_same_bytes_as_one_sample_at_a_time() {
    let mut x = 0x2545_F491_u32;
    let mut noise = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    for (sw, sh, w, h) in [
        (500, 375, 300, 225),
        (375, 500, 225, 300),
        (250, 188, 150, 113),
        (188, 250, 113, 150),
        (7, 5, 3, 2),
        (9, 9, 4, 1),
        (40, 3, 7, 3),
        (1000, 750, 800, 600),
        (3, 3, 1, 1),
    ] {
        // Noise with hard edges (0 next to 255): the sums overshoot both ways.
        let src: Vec<u8> = (0..sw * sh)
            .map(|_| match noise() % 4 {
                0 => 0,
                1 => 255,
                _ => (noise() >> 24) as u8,
            })
            .collect();
        for averaged in [false, true] {
            assert_eq!(
                resample_plane(&src, sw, sh, w, h, averaged),
                one_at_a_time(&src, sw, sh, w, h, averaged),
                "{sw}×{sh} → {w}×{h}, averaged {averaged}"
            );
        }
    }
}

#[test]
fn unpair_recovers_signed_sums() {
    for (a, b) in [
        (0, 0),
        (-1, 5),
        (5, -1),
        (-4_000_000, -3),
        (4_000_000, -4_000_000),
    ] {
        let sum = (i64::from(a) as u64).wrapping_add((i64::from(b) as u64) << 32);
        assert_eq!(unpair(sum), (a, b));
    }
}

#[test]
fn taps_sum_to_one_and_stay_inside() {
    for (src, dst) in [
        (500, 300),
        (375, 225),
        (1000, 300),
        (10, 3),
        (7, 1),
        (3, 2),
        (1, 1),
    ] {
        for averaged in [false, true] {
            let t = Taps::new(src, dst, averaged);
            for o in 0..dst {
                let w = &t.weights[o * t.len..(o + 1) * t.len];
                assert_eq!(w.iter().sum::<i32>(), 1 << BITS, "{src}->{dst} at {o}");
                assert!(t.start[o] + t.len <= src);
            }
        }
    }
}

#[test]
fn resample_keeps_flat_planes_flat_and_sizes_right() {
    for averaged in [false, true] {
        let out = resample_plane(&vec![200; 500 * 375], 500, 375, 300, 225, averaged);
        assert_eq!(out.len(), 300 * 225);
        assert!(out.iter().all(|&v| v == 200));
        assert_eq!(resample_plane(&[9, 9, 9], 3, 1, 1, 1, averaged), [9]);
        // Too short a plane, or an empty one: grey, never a panic.
        assert_eq!(resample_plane(&[1, 2], 3, 1, 2, 1, averaged), [128, 128]);
    }
}

#[test]
fn resample_keeps_edges_where_they_are() {
    // Left half dark, right half light: after halving, still dark then light, with the
    // step in the middle.
    let src: Vec<u8> = (0..40 * 4)
        .map(|i| if i % 40 < 20 { 20 } else { 220 })
        .collect();
    for averaged in [false, true] {
        let out = resample_plane(&src, 40, 4, 20, 2, averaged);
        assert!(out[..8].iter().all(|&v| v < 40) && out[12..20].iter().all(|&v| v > 200));
    }
}

#[test]
fn averaged_samples_are_sharpened_back() {
    // The 1/8 decode of a 4000 px side shrunk to 300 px: 500 samples to 300.
    let a = super::lanczos::box_compensation(500.0 / 300.0);
    assert!((0.06..0.067).contains(&a), "{a}");
    assert!(super::lanczos::box_compensation(4.0) < a);
    // A step: the sharpened one is steeper across it, and equal far from it.
    let src: Vec<u8> = (0..50 * 2)
        .map(|i| if i % 50 < 25 { 60 } else { 180 })
        .collect();
    let plain = resample_plane(&src, 50, 2, 30, 1, false);
    let sharp = resample_plane(&src, 50, 2, 30, 1, true);
    let slope = |row: &[u8]| i32::from(row[16]) - i32::from(row[14]);
    assert!(slope(&sharp) > slope(&plain), "{plain:?} {sharp:?}");
    assert_eq!((sharp[2], sharp[28]), (plain[2], plain[28]));
}

#[test]
fn fit_within_never_upscales_and_keeps_the_aspect_ratio() {
    assert_eq!(fit_within(4000, 3000, 300, 300), (300, 225));
    assert_eq!(fit_within(3000, 4000, 300, 300), (225, 300));
    assert_eq!(fit_within(5472, 3648, 300, 300), (300, 200));
    assert_eq!(fit_within(200, 100, 300, 300), (200, 100));
    assert_eq!(fit_within(1, 1, 300, 300), (1, 1));
    assert_eq!(fit_within(10_000, 1, 300, 300), (300, 1));
    assert_eq!(fit_within(1, 10_000, 300, 300), (1, 300));
    assert_eq!(fit_within(4000, 3000, 800, 2400), (800, 600));
    assert_eq!(fit_within(3000, 4000, 800, 2400), (800, 1067));
    assert_eq!(fit_within(1000, 9000, 800, 2400), (267, 2400));
}

#[test]
fn box_shrink_averages_blocks_including_partial_edges() {
    // 5×3, factor 2 → 3×2; the last column and row are partial blocks.
    let src = RgbImage::from_fn(5, 3, |x, y| {
        image::Rgb([(x * 10) as u8, (y * 100) as u8, 7])
    });
    let out = box_shrink(&src, 2);
    assert_eq!(out.dimensions(), (3, 2));
    assert_eq!(out.get_pixel(0, 0).0, [5, 50, 7]);
    assert_eq!(out.get_pixel(2, 0).0, [40, 50, 7]);
    assert_eq!(out.get_pixel(2, 1).0, [40, 200, 7]);
}

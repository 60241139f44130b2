//! Shrinking: target sizes, an integer box average (the cheap, alias-free first step for PNG and
//! WebP) and the final resampling to the exact size.

use image::RgbImage;

/// The resampling kernel: Lanczos3, a windowed sinc of three lobes (support 3). What the
/// reference uses (Pillow's LANCZOS); sharper than Catmull-Rom for a few more taps.
struct Lanczos3;

impl Lanczos3 {
    const SUPPORT: f64 = 3.0;

    fn weight(x: f64) -> f64 {
        let x = x.abs();
        if x < 3.0 {
            sinc(x) * sinc(x / 3.0)
        } else {
            0.0
        }
    }
}

fn sinc(x: f64) -> f64 {
    if x < 1e-9 {
        1.0
    } else {
        let px = std::f64::consts::PI * x;
        px.sin() / px
    }
}

/// `round(a × num / den)` in integers, at least 1.
fn scale_round(a: u32, num: u32, den: u32) -> u32 {
    let v = (u64::from(a) * u64::from(num) + u64::from(den) / 2) / u64::from(den.max(1));
    u32::try_from(v).unwrap_or(u32::MAX).max(1)
}

/// The size that fits `w`×`h` within `max_w`×`max_h`, keeping the aspect ratio; never larger
/// than the original (no upscaling).
pub fn fit_within(w: u32, h: u32, max_w: u32, max_h: u32) -> (u32, u32) {
    if w <= max_w && h <= max_h {
        return (w.max(1), h.max(1));
    }
    // Scale by the tighter of max_w/w and max_h/h (compare max_w·h with max_h·w).
    if u64::from(max_w) * u64::from(h) <= u64::from(max_h) * u64::from(w) {
        (max_w, scale_round(h, max_w, w).min(max_h))
    } else {
        (scale_round(w, max_h, h).min(max_w), max_h)
    }
}

/// Averages every `factor`×`factor` block into one pixel (blocks on the right and bottom edges
/// may be partial and are averaged over the pixels they have).
pub fn box_shrink(src: &RgbImage, factor: u32) -> RgbImage {
    let (w, h) = src.dimensions();
    let f = factor.max(1) as usize;
    let (w, h) = (w as usize, h as usize);
    let (ow, oh) = (w.div_ceil(f), h.div_ceil(f));
    let raw = src.as_raw();
    let mut out = Vec::with_capacity(ow * oh * 3);
    let mut sums = vec![0u32; ow * 3];
    for oy in 0..oh {
        sums.iter_mut().for_each(|s| *s = 0);
        let rows = (oy * f..((oy + 1) * f).min(h)).len();
        for y in oy * f..(oy * f + rows) {
            let row = &raw[y * w * 3..(y + 1) * w * 3];
            for (x, px) in row.chunks_exact(3).enumerate() {
                let o = (x / f) * 3;
                sums[o] += u32::from(px[0]);
                sums[o + 1] += u32::from(px[1]);
                sums[o + 2] += u32::from(px[2]);
            }
        }
        for ox in 0..ow {
            let cols = (ox * f..((ox + 1) * f).min(w)).len();
            let n = (cols * rows) as u32;
            for c in 0..3 {
                out.push(((sums[ox * 3 + c] + n / 2) / n) as u8);
            }
        }
    }
    // The buffer has exactly ow × oh × 3 bytes.
    RgbImage::from_raw(ow as u32, oh as u32, out).unwrap_or_default()
}

/// Fixed-point precision of the weights.
const BITS: u32 = 14;

/// For each output position along one axis: the first input index and its weights (which sum to
/// 1 << BITS). Windows are clipped to the image and renormalised (edges are not darkened).
struct Taps {
    start: Vec<usize>,
    len: usize,
    weights: Vec<i32>,
}

impl Taps {
    fn new(src: usize, dst: usize) -> Self {
        let scale = src as f64 / dst as f64;
        let stretch = scale.max(1.0);
        let support = Lanczos3::SUPPORT * stretch;
        let len = (support.ceil() as usize * 2 + 1).min(src.max(1));
        let mut start = Vec::with_capacity(dst);
        let mut weights = vec![0i32; dst * len];
        let mut row = vec![0f64; len];
        for o in 0..dst {
            let center = (o as f64 + 0.5) * scale;
            let first = ((center - support).floor().max(0.0) as usize).min(src.saturating_sub(len));
            let mut sum = 0.0;
            for (i, w) in row.iter_mut().enumerate() {
                let x = (first + i) as f64 + 0.5 - center;
                *w = Lanczos3::weight(x / stretch);
                sum += *w;
            }
            let out = &mut weights[o * len..(o + 1) * len];
            if sum.abs() < 1e-9 {
                out[((center as usize).saturating_sub(first)).min(len - 1)] = 1 << BITS;
            } else {
                let mut total = 0;
                for (q, w) in out.iter_mut().zip(&row) {
                    *q = (w / sum * f64::from(1 << BITS)).round() as i32;
                    total += *q;
                }
                // Put the rounding remainder on the largest weight: the weights sum exactly to 1.
                if let Some(max) = out.iter_mut().max_by_key(|q| **q) {
                    *max += (1 << BITS) - total;
                }
            }
            start.push(first);
        }
        Self {
            start,
            len,
            weights,
        }
    }
}

#[inline(always)]
fn clamp_px(v: i32) -> u8 {
    ((v + (1 << (BITS - 1))) >> BITS).clamp(0, 255) as u8
}

/// One output row of the horizontal pass. (Plain index loops: the wasm build is optimised for
/// size, and these stay fully inlined where iterator adapters did not.)
/// One row through the horizontal taps; compiled for the usual tap counts (a fixed-length inner
/// loop, unrolled, without bounds checks), any other count through the general loop.
fn horizontal(tx: &Taps, row: &[u8], out: &mut [u8]) {
    match tx.len {
        7 => horizontal_fixed::<7>(tx, row, out),
        11 => horizontal_fixed::<11>(tx, row, out),
        13 => horizontal_fixed::<13>(tx, row, out),
        17 => horizontal_fixed::<17>(tx, row, out),
        _ => horizontal_any(tx, row, out),
    }
}

#[inline(never)]
fn horizontal_fixed<const L: usize>(tx: &Taps, row: &[u8], out: &mut [u8]) {
    let (weights, _) = tx.weights.as_chunks::<L>();
    for ((o, weights), &first) in out.iter_mut().zip(weights).zip(&tx.start) {
        let Some(taps) = row.get(first..).and_then(<[u8]>::first_chunk::<L>) else {
            return;
        };
        let mut sum = 0i32;
        for i in 0..L {
            sum += i32::from(taps[i]) * weights[i];
        }
        *o = clamp_px(sum);
    }
}

#[inline(never)]
fn horizontal_any(tx: &Taps, row: &[u8], out: &mut [u8]) {
    let len = tx.len;
    for (x, o) in out.iter_mut().enumerate() {
        let (Some(weights), Some(&first)) =
            (tx.weights.get(x * len..(x + 1) * len), tx.start.get(x))
        else {
            return;
        };
        let Some(taps) = row.get(first..first + len) else {
            return;
        };
        let sum: i32 = taps
            .iter()
            .zip(weights)
            .map(|(&p, &wt)| i32::from(p) * wt)
            .sum();
        *o = clamp_px(sum);
    }
}

#[inline(never)]
fn vertical(weights: &[i32], rows: &[u8], acc: &mut [i32], out: &mut [u8]) {
    let stride = out.len();
    acc.fill(0);
    for (src, &wt) in rows.chunks_exact(stride).zip(weights) {
        for (a, &p) in acc.iter_mut().zip(src) {
            *a += i32::from(p) * wt;
        }
    }
    for (o, &a) in out.iter_mut().zip(acc.iter()) {
        *o = clamp_px(a);
    }
}

/// Resamples one plane of `sw`×`sh` samples (a JPEG's Y, Cb or Cr) to exactly `w`×`h` with
/// Lanczos3; a copy when the size already matches. The plane is at most a few times the target
/// here (after the DCT-scaled decode or the box average), and the kernel is widened by the scale
/// factor, so it low-passes before it samples: no aliasing. Separable, horizontal then vertical,
/// 14-bit fixed-point weights, 8-bit intermediate (as Pillow does).
pub fn resample_plane(src: &[u8], sw: usize, sh: usize, w: usize, h: usize) -> Vec<u8> {
    let (w, h) = (w.max(1), h.max(1));
    if sw == 0 || sh == 0 || src.len() < sw * sh {
        return vec![128; w * h];
    }
    if (sw, sh) == (w, h) {
        return src[..w * h].to_vec();
    }
    let raw = src;
    // Horizontal: sw × sh → w × sh, then vertical: → w × h. One call per row (see
    // `fast_jpeg`'s `mcu_row`: V8 swaps in optimised code between calls).
    let tx = Taps::new(sw, w);
    let mut mid = vec![0u8; w * sh];
    for y in 0..sh {
        horizontal(
            &tx,
            &raw[y * sw..(y + 1) * sw],
            &mut mid[y * w..(y + 1) * w],
        );
    }
    let ty = Taps::new(sh, h);
    let stride = w;
    let mut out = vec![0u8; w * h];
    let mut acc = vec![0i32; stride];
    for y in 0..h {
        let weights = &ty.weights[y * ty.len..(y + 1) * ty.len];
        let rows = &mid[ty.start[y] * stride..(ty.start[y] + ty.len) * stride];
        vertical(
            weights,
            rows,
            &mut acc,
            &mut out[y * stride..(y + 1) * stride],
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let t = Taps::new(src, dst);
            for o in 0..dst {
                let w = &t.weights[o * t.len..(o + 1) * t.len];
                assert_eq!(w.iter().sum::<i32>(), 1 << BITS, "{src}->{dst} at {o}");
                assert!(t.start[o] + t.len <= src);
            }
        }
    }

    #[test]
    fn resample_keeps_flat_planes_flat_and_sizes_right() {
        let out = resample_plane(&vec![200; 500 * 375], 500, 375, 300, 225);
        assert_eq!(out.len(), 300 * 225);
        assert!(out.iter().all(|&v| v == 200));
        assert_eq!(resample_plane(&[9, 9, 9], 3, 1, 1, 1), [9]);
        // Too short a plane, or an empty one: grey, never a panic.
        assert_eq!(resample_plane(&[1, 2], 3, 1, 2, 1), [128, 128]);
    }

    #[test]
    fn resample_keeps_edges_where_they_are() {
        // Left half dark, right half light: after halving, still dark then light, with the
        // step in the middle.
        let src: Vec<u8> = (0..40 * 4)
            .map(|i| if i % 40 < 20 { 20 } else { 220 })
            .collect();
        let out = resample_plane(&src, 40, 4, 20, 2);
        assert!(out[..8].iter().all(|&v| v < 40) && out[12..20].iter().all(|&v| v > 200));
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
}

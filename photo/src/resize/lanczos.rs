//! The final resampling to the exact size: Lanczos3 (what the reference, Pillow's LANCZOS,
//! uses), separable, horizontal then vertical, 14-bit fixed-point weights and an 8-bit
//! intermediate, as Pillow does.
//!
//! WebAssembly without SIMD multiplies one number at a time, so each multiply here works on two
//! samples at once, in the two 32-bit halves of a 64-bit integer: two rows side by side in the
//! horizontal pass, two neighbouring columns in the vertical one (the rows in between are kept
//! in that form). A sum of taps stays well within 32 bits, so the two halves never spill into
//! each other and each comes out exactly as it would alone (see [`unpair`]).

use std::cell::RefCell;
use std::rc::Rc;

/// Fixed-point precision of the weights.
pub(super) const BITS: u32 = 14;

/// The kernel's support: three lobes.
const SUPPORT: f64 = 3.0;

/// Lanczos3 at `x`: sinc(x)·sinc(x/3) within the support. With t = sin(πx/3), sin(πx) is
/// 3t − 4t³, so one sine does: 3·t²·(3 − 4t²) / (πx)².
fn lanczos3(x: f64) -> f64 {
    let x = x.abs();
    if x < 1e-9 {
        1.0
    } else if x < SUPPORT {
        let t = (std::f64::consts::PI * x / 3.0).sin();
        let px = std::f64::consts::PI * x;
        3.0 * t * t * (3.0 - 4.0 * t * t) / (px * px)
    } else {
        0.0
    }
}

/// How much to sharpen input samples that are each the mean of a block of the original (a
/// DCT-scaled decode, or the box average), for a final step of `scale` input samples per output
/// sample: such a mean dulls fine detail (its response at frequency f, in cycles per sample, is
/// sin(πf)/(πf)); [−a, 1 + 2a, −a] restores it at the output's highest frequency, f = 1/(2·scale).
/// About 0.063 for the 1/8 decode of a 12 MP photo shrunk to 300 px; it brings the result
/// nearer Pillow's LANCZOS of the full-size photo (the bench's reference).
pub(super) fn box_compensation(scale: f64) -> f64 {
    let f = 0.5 / scale.max(1.0);
    let pf = std::f64::consts::PI * f;
    let response = pf.sin() / pf;
    (1.0 / response - 1.0) / (2.0 * (1.0 - (2.0 * pf).cos()))
}

/// For each output position along one axis: the first input index and its weights (which sum to
/// 1 << BITS). Windows are clipped to the image and renormalised (edges are not darkened).
pub(super) struct Taps {
    pub(super) start: Vec<usize>,
    pub(super) len: usize,
    pub(super) weights: Vec<i32>,
}

impl Taps {
    /// `averaged`: each input sample is the mean of a block of the original
    /// ([`box_compensation`]).
    pub(super) fn new(src: usize, dst: usize, averaged: bool) -> Self {
        let scale = src as f64 / dst as f64;
        let stretch = scale.max(1.0);
        let a = if averaged {
            box_compensation(scale)
        } else {
            0.0
        };
        let support = SUPPORT * stretch;
        let len = (support.ceil() as usize * 2 + 1).min(src.max(1));
        let mut start = Vec::with_capacity(dst);
        let mut weights = vec![0i32; dst * len];
        let mut row = vec![0f64; len];
        // Lanczos3 at the inputs under the window and one either side.
        let mut plain = vec![0f64; len + 2];
        for o in 0..dst {
            let center = (o as f64 + 0.5) * scale;
            let first = ((center - support).floor().max(0.0) as usize).min(src.saturating_sub(len));
            for (i, k) in plain.iter_mut().enumerate() {
                *k = lanczos3(((first + i) as f64 - 0.5 - center) / stretch);
            }
            // Through the sharpening [−a, 1 + 2a, −a] on the input samples; its tails past the
            // support weigh under 0.1 % and are left out.
            let mut sum = 0.0;
            for (w, k) in row.iter_mut().zip(plain.windows(3)) {
                *w = (1.0 + 2.0 * a) * k[1] - a * (k[0] + k[2]);
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

thread_local! {
    /// The taps made last, newest first: the chroma planes share theirs, and the next photo of
    /// the same size (every photo of the same phone) needs the same ones.
    static TAPS: RefCell<Vec<(TapsKey, Rc<Taps>)>> = const { RefCell::new(Vec::new()) };
}

/// What [`Taps::new`] takes.
type TapsKey = (usize, usize, bool);

/// Taps kept in [`TAPS`].
const TAPS_KEPT: usize = 8;

impl Taps {
    /// [`Taps::new`], or the same taps made earlier.
    fn cached(src: usize, dst: usize, averaged: bool) -> Rc<Taps> {
        let key = (src, dst, averaged);
        TAPS.with_borrow_mut(|kept| {
            if let Some(i) = kept.iter().position(|(k, _)| *k == key) {
                let hit = kept.remove(i);
                kept.insert(0, hit);
            } else {
                kept.insert(0, (key, Rc::new(Taps::new(src, dst, averaged))));
                kept.truncate(TAPS_KEPT);
            }
            Rc::clone(&kept[0].1)
        })
    }
}

#[inline(always)]
pub(super) fn clamp_px(v: i32) -> u8 {
    ((v + (1 << (BITS - 1))) >> BITS).clamp(0, 255) as u8
}

/// Two samples in the halves of one integer.
#[inline(always)]
fn pair(low: u8, high: u8) -> u64 {
    u64::from(low) | u64::from(high) << 32
}

/// The two sums carried by a sum of [`pair`]s times weights. The low sum, a signed number well
/// within 32 bits, is the low half read as signed; the high one is what remains, shifted down.
#[inline(always)]
pub(super) fn unpair(sum: u64) -> (i32, i32) {
    let low = sum as u32 as i32;
    let high = (sum.wrapping_sub(i64::from(low) as u64) as i64 >> 32) as i32;
    (low, high)
}

/// The two samples a sum of [`pair`]s times weights stands for.
#[inline(always)]
fn clamp_pair(sum: u64) -> (u8, u8) {
    let (a, b) = unpair(sum);
    (clamp_px(a), clamp_px(b))
}

/// A weight as a factor of a [`pair`]: the product is exact modulo 2⁶⁴, and so are the sums.
#[inline(always)]
fn factor(weight: i32) -> u64 {
    i64::from(weight) as u64
}

/// Resamples one plane of `sw`×`sh` samples (a JPEG's Y, Cb or Cr) to exactly `w`×`h`; a copy
/// when the size already matches. The plane is at most a few times the target here (after the
/// DCT-scaled decode or the box average), and the kernel is widened by the scale factor, so it
/// low-passes before it samples: no aliasing. `averaged`: each sample of the plane is the mean
/// of a block of the original, whose blur the kernel then makes up for ([`box_compensation`]).
pub fn resample_plane(
    src: &[u8],
    sw: usize,
    sh: usize,
    w: usize,
    h: usize,
    averaged: bool,
) -> Vec<u8> {
    let (w, h) = (w.max(1), h.max(1));
    if sw == 0 || sh == 0 || src.len() < sw * sh {
        return vec![128; w * h];
    }
    if (sw, sh) == (w, h) {
        return src[..w * h].to_vec();
    }
    let tx = Taps::cached(sw, w, averaged);
    let ty = Taps::cached(sh, h, averaged);
    // The horizontal pass's rows, each as pairs of neighbouring samples (the last one alone
    // when `w` is odd). One call per pair of rows (see `fast_jpeg`'s `mcu_row`: V8 swaps in
    // optimised code between calls).
    let half = w.div_ceil(2);
    let mut mid = vec![0u64; half * sh];
    let mut rows = vec![0u64; sw];
    for y in (0..sh).step_by(2) {
        let (first, second) = (
            &src[y * sw..(y + 1) * sw],
            src.get((y + 1) * sw..(y + 2) * sw),
        );
        let (top, bottom) = mid[y * half..].split_at_mut(half);
        horizontal(&tx, first, second, &mut rows, top, bottom);
    }
    let factors: Vec<u64> = ty.weights.iter().map(|&wt| factor(wt)).collect();
    let mut out = vec![0u8; w * h];
    for (y, out) in out.chunks_exact_mut(w).enumerate() {
        let factors = &factors[y * ty.len..(y + 1) * ty.len];
        let mid = &mid[ty.start[y] * half..(ty.start[y] + ty.len) * half];
        vertical(factors, mid, half, out);
    }
    out
}

/// Two rows (`second` is `None` below the last one) through the horizontal taps, into `top` and
/// `bottom` (up to `w` samples each) as pairs; `rows` is scratch space.
fn horizontal(
    tx: &Taps,
    first: &[u8],
    second: Option<&[u8]>,
    rows: &mut [u64],
    top: &mut [u64],
    bottom: &mut [u64],
) {
    match second {
        Some(second) => {
            for ((r, &a), &b) in rows.iter_mut().zip(first).zip(second) {
                *r = pair(a, b);
            }
        }
        None => {
            for (r, &a) in rows.iter_mut().zip(first) {
                *r = pair(a, 0);
            }
        }
    }
    match tx.len {
        7 => horizontal_fixed::<7>(tx, rows, top, bottom),
        11 => horizontal_fixed::<11>(tx, rows, top, bottom),
        13 => horizontal_fixed::<13>(tx, rows, top, bottom),
        17 => horizontal_fixed::<17>(tx, rows, top, bottom),
        _ => horizontal_any(tx, rows, top, bottom),
    }
}

/// [`horizontal`] with a fixed number of taps (unrolled, without bounds checks).
#[inline(never)]
fn horizontal_fixed<const L: usize>(tx: &Taps, rows: &[u64], top: &mut [u64], bottom: &mut [u64]) {
    let (weights, _) = tx.weights.as_chunks::<L>();
    store(
        |x| sample_fixed(weights, &tx.start, rows, x),
        tx.start.len(),
        top,
        bottom,
    );
}

/// Both rows' sample at `x` through `L` taps.
#[inline(always)]
fn sample_fixed<const L: usize>(
    weights: &[[i32; L]],
    start: &[usize],
    rows: &[u64],
    x: usize,
) -> (u8, u8) {
    let (Some(weights), Some(&first)) = (weights.get(x), start.get(x)) else {
        return (0, 0);
    };
    let Some(taps) = rows.get(first..).and_then(<[u64]>::first_chunk::<L>) else {
        return (0, 0);
    };
    let mut sum = 0u64;
    for i in 0..L {
        sum = sum.wrapping_add(taps[i].wrapping_mul(factor(weights[i])));
    }
    clamp_pair(sum)
}

/// [`horizontal`] with any number of taps.
#[inline(never)]
fn horizontal_any(tx: &Taps, rows: &[u64], top: &mut [u64], bottom: &mut [u64]) {
    let len = tx.len;
    let sample = |x: usize| -> (u8, u8) {
        let (Some(weights), Some(&first)) =
            (tx.weights.get(x * len..(x + 1) * len), tx.start.get(x))
        else {
            return (0, 0);
        };
        let Some(taps) = rows.get(first..first + len) else {
            return (0, 0);
        };
        let sum = taps.iter().zip(weights).fold(0u64, |sum, (&t, &wt)| {
            sum.wrapping_add(t.wrapping_mul(factor(wt)))
        });
        clamp_pair(sum)
    };
    store(sample, tx.start.len(), top, bottom);
}

/// The `w` output columns of two rows, `sample(x)` giving both rows' sample at `x`, stored as
/// pairs of neighbouring columns (`bottom` is empty for the last row of an odd height).
#[inline(always)]
fn store(sample: impl Fn(usize) -> (u8, u8), w: usize, top: &mut [u64], bottom: &mut [u64]) {
    let odd = w % 2 == 1;
    let pairs = w / 2;
    for (j, t) in top.iter_mut().enumerate().take(pairs) {
        let ((t0, b0), (t1, b1)) = (sample(2 * j), sample(2 * j + 1));
        *t = pair(t0, t1);
        if let Some(b) = bottom.get_mut(j) {
            *b = pair(b0, b1);
        }
    }
    if odd {
        let (t0, b0) = sample(w - 1);
        if let Some(t) = top.get_mut(pairs) {
            *t = pair(t0, 0);
        }
        if let Some(b) = bottom.get_mut(pairs) {
            *b = pair(b0, 0);
        }
    }
}

/// One output row of the vertical pass: `mid` holds the rows under its taps (their weights as
/// [`factor`]s), `half` pairs each.
#[inline(never)]
fn vertical(factors: &[u64], mid: &[u64], half: usize, out: &mut [u8]) {
    for (j, out) in out.chunks_mut(2).enumerate() {
        let mut sum = 0u64;
        for (k, &f) in factors.iter().enumerate() {
            if let Some(&p) = mid.get(k * half + j) {
                sum = sum.wrapping_add(p.wrapping_mul(f));
            }
        }
        let (a, b) = clamp_pair(sum);
        out[0] = a;
        if let Some(o) = out.get_mut(1) {
            *o = b;
        }
    }
}

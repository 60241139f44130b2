//! Shrinking: target sizes, an integer box average (the cheap, alias-free first step for PNG and
//! WebP) and the final resampling to the exact size ([`lanczos`]).

use image::RgbImage;

mod lanczos;
pub use lanczos::resample_plane;

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

#[cfg(test)]
mod tests;

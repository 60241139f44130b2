//! Pixels: the scaled inverse DCTs, chroma upsampling and YCbCr → RGB.

#[cfg(test)]
use super::scan::Plane;
use super::{KEEP, ZIGZAG_4X4};

// The scaled inverse DCTs, as jpeg-decoder computes them (src/idct.rs), on the zig-zag-ordered
// coefficients and quantisation table heads. Wrapping arithmetic: a malformed file must not
// overflow into a panic. `out` starts at the block's first output sample.

#[inline(always)]
pub(super) fn px(v: i32) -> u8 {
    v.clamp(0, 255) as u8
}

/// 1/8 scale: the block's mean, (dc·q + 1024) / 8 (the +1024 is the level shift, 128 × 8).
#[inline(always)]
pub(super) fn idct_1x1(coef: &[i32; KEEP], q: &[i32; KEEP], out: &mut [u8]) {
    if let Some(o) = out.first_mut() {
        *o = px(coef[0].wrapping_mul(q[0]).wrapping_add(1024) / 8);
    }
}

/// [`idct_1x1`] from the DC coefficient `dc` and its quantiser `q` alone.
#[inline(always)]
pub(super) fn dc_sample(dc: i16, q: i32) -> u8 {
    px(i32::from(dc).wrapping_mul(q).wrapping_add(1024) / 8)
}

/// 1/4 scale: a 2×2 inverse DCT from (0,0), (0,1), (1,0), (1,1) — zig-zag 0, 1, 2 and 4.
#[inline(always)]
pub(super) fn idct_2x2(coef: &[i32; KEEP], q: &[i32; KEEP], stride: usize, out: &mut [u8]) {
    let deq = |k: usize| coef[k].wrapping_mul(q[k]);
    let (s00, s01, s10, s11) = (deq(0), deq(1), deq(2), deq(4));
    let bias = 4 + (128 << 3);
    let x0 = s00.wrapping_add(s10).wrapping_add(bias);
    let x2 = s00.wrapping_sub(s10).wrapping_add(bias);
    let x1 = s01.wrapping_add(s11);
    let x3 = s01.wrapping_sub(s11);
    let Some(top) = out.get_mut(..2) else { return };
    top[0] = px(x0.wrapping_add(x1) >> 3);
    top[1] = px(x0.wrapping_sub(x1) >> 3);
    let Some(bottom) = out.get_mut(stride..stride + 2) else {
        return;
    };
    bottom[0] = px(x2.wrapping_add(x3) >> 3);
    bottom[1] = px(x2.wrapping_sub(x3) >> 3);
}

/// 1/2 scale: a 4×4 inverse DCT from the 4×4 lowest frequencies (stb_image's, fixed point).
#[inline(always)]
pub(super) fn idct_4x4(coef: &[i32; KEEP], q: &[i32; KEEP], stride: usize, out: &mut [u8]) {
    const CONST_BITS: u32 = 12;
    const PASS1_BITS: u32 = 2;
    const FINAL_BITS: u32 = CONST_BITS + PASS1_BITS + 3;
    // round(x × 4096), as stbi_f2f.
    const C0_5411: i32 = 2217;
    const C1_8477: i32 = -7567;
    const C0_7653: i32 = 3135;
    let deq = |r: usize, c: usize| {
        let k = ZIGZAG_4X4[r][c];
        coef[k].wrapping_mul(q[k])
    };
    let mut temp = [0i32; 16];
    for i in 0..4 {
        let (s0, s1, s2, s3) = (deq(0, i), deq(1, i), deq(2, i), deq(3, i));
        let x0 = s0.wrapping_add(s2).wrapping_shl(PASS1_BITS);
        let x2 = s0.wrapping_sub(s2).wrapping_shl(PASS1_BITS);
        let p1 = s1.wrapping_add(s3).wrapping_mul(C0_5411);
        let t0 = p1.wrapping_add(s3.wrapping_mul(C1_8477)).wrapping_add(512)
            >> (CONST_BITS - PASS1_BITS);
        let t2 = p1.wrapping_add(s1.wrapping_mul(C0_7653)).wrapping_add(512)
            >> (CONST_BITS - PASS1_BITS);
        temp[i] = x0.wrapping_add(t2);
        temp[i + 12] = x0.wrapping_sub(t2);
        temp[i + 4] = x2.wrapping_add(t0);
        temp[i + 8] = x2.wrapping_sub(t0);
    }
    for i in 0..4 {
        let (s0, s1, s2, s3) = (
            temp[i * 4],
            temp[i * 4 + 1],
            temp[i * 4 + 2],
            temp[i * 4 + 3],
        );
        let bias = (1 << (FINAL_BITS - 1)) + (128 << FINAL_BITS);
        let x0 = s0
            .wrapping_add(s2)
            .wrapping_shl(CONST_BITS)
            .wrapping_add(bias);
        let x2 = s0
            .wrapping_sub(s2)
            .wrapping_shl(CONST_BITS)
            .wrapping_add(bias);
        let p1 = s1.wrapping_add(s3).wrapping_mul(C0_5411);
        let t0 = p1.wrapping_add(s3.wrapping_mul(C1_8477));
        let t2 = p1.wrapping_add(s1.wrapping_mul(C0_7653));
        let Some(row) = out.get_mut(i * stride..i * stride + 4) else {
            return;
        };
        row[0] = px(x0.wrapping_add(t2) >> FINAL_BITS);
        row[3] = px(x0.wrapping_sub(t2) >> FINAL_BITS);
        row[1] = px(x2.wrapping_add(t0) >> FINAL_BITS);
        row[2] = px(x2.wrapping_sub(t0) >> FINAL_BITS);
    }
}

#[cfg(test)]
/// Upsamples a chroma plane by `fx`×`fy` (1 or 2) to `ow`×`oh` samples with libjpeg's "fancy"
/// triangle filter: along a doubled axis each output sample weighs the two nearest input
/// samples 3:1 (edges repeat).
pub(super) fn upsample(plane: &Plane, fx: usize, fy: usize, ow: usize, oh: usize) -> Vec<u8> {
    let pw = plane.stride.max(1);
    let ph = (plane.data.len() / pw).max(1);
    let mut out = Vec::with_capacity(ow * oh);
    let mut t = vec![0u16; pw];
    let mut wide = vec![0u8; pw * fx];
    for y in 0..oh {
        // Vertical: t = 3·near + far (or 4·near), weight 4 in total.
        let (near, far) = if fy == 1 {
            let r = y.min(ph - 1);
            (r, r)
        } else {
            let n = (y / 2).min(ph - 1);
            (
                n,
                if y % 2 == 0 {
                    n.saturating_sub(1)
                } else {
                    (n + 1).min(ph - 1)
                },
            )
        };
        let nr = &plane.data[near * plane.stride..near * plane.stride + pw];
        let fr = &plane.data[far * plane.stride..far * plane.stride + pw];
        for ((t, &n), &f) in t.iter_mut().zip(nr).zip(fr) {
            *t = 3 * u16::from(n) + u16::from(f);
        }
        // Horizontal: the same 3:1 between neighbours, or just ×4; total weight 16.
        if fx == 1 {
            for (o, &v) in wide.iter_mut().zip(&t) {
                *o = ((4 * u32::from(v) + 8) >> 4) as u8;
            }
        } else {
            for i in 0..pw {
                let c = u32::from(t[i]);
                let l = u32::from(t[i.saturating_sub(1)]);
                let r = u32::from(t[(i + 1).min(pw - 1)]);
                wide[2 * i] = ((3 * c + l + 8) >> 4) as u8;
                wide[2 * i + 1] = ((3 * c + r + 8) >> 4) as u8;
            }
        }
        // (ow never exceeds pw·fx: the padded plane always covers the image.)
        out.extend_from_slice(&wide[..ow.min(wide.len())]);
    }
    out
}

#[cfg(test)]
/// JFIF YCbCr → RGB (ITU-R BT.601 full range), 20-bit fixed point as in `jpeg-decoder`.
#[inline(always)]
pub(super) fn ycbcr_to_rgb(y: u8, cb: u8, cr: u8) -> [u8; 3] {
    const SHIFT: i32 = 20;
    const HALF: i32 = 1 << (SHIFT - 1);
    const CR_R: i32 = 1_470_104; // 1.40200 × 2^20, rounded
    const CB_G: i32 = 360_857; // 0.34414
    const CR_G: i32 = 748_830; // 0.71414
    const CB_B: i32 = 1_858_077; // 1.77200
    let y = (i32::from(y) << SHIFT) + HALF;
    let (cb, cr) = (i32::from(cb) - 128, i32::from(cr) - 128);
    let c = |v: i32| (v >> SHIFT).clamp(0, 255) as u8;
    [
        c(y + CR_R * cr),
        c(y - CB_G * cb - CR_G * cr),
        c(y + CB_B * cb),
    ]
}

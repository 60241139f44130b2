//! A small, fast baseline JPEG encoder: 4:2:0 (luma 2×2, chroma 1×1), a JFIF APP0 header and no
//! other metadata, the standard tables of Annex K (quantisation scaled by libjpeg's quality
//! formula, Huffman of K.3). The forward DCT is the AAN float DCT (libjpeg's `jfdctflt`) with the
//! quantisation folded into its scale factors; entropy coding uses precomputed (code, length)
//! tables and a 64-bit bit buffer. Edge MCUs are padded by replicating the last row and column.
//!
//! Nothing here panics: invalid input (an empty or larger-than-65535 side, or a buffer shorter
//! than its size requires) gives an empty `Vec`.

/// Y (width×height), Cb and Cr (each ceil(width/2)×ceil(height/2)), row-major, no padding.
pub struct Planes<'a> {
    /// Luma width in pixels (1..=65535).
    pub width: usize,
    /// Luma height in pixels (1..=65535).
    pub height: usize,
    /// Luma, `width × height` samples (longer slices are fine; the rest is ignored).
    pub y: &'a [u8],
    /// Blue-difference chroma, `ceil(width/2) × ceil(height/2)` samples.
    pub cb: &'a [u8],
    /// Red-difference chroma, `ceil(width/2) × ceil(height/2)` samples.
    pub cr: &'a [u8],
}

mod tables;
use tables::*;

/// (code, length) per symbol, built at compile time (Annex C); length 0 = symbol not in table.
type Codes = [(u16, u8); 256];

const fn build_codes(bits: &[u8; 16], vals: &[u8]) -> Codes {
    let mut codes = [(0u16, 0u8); 256];
    let (mut code, mut k) = (0u16, 0usize);
    let mut len = 0;
    while len < 16 {
        let mut i = 0;
        while i < bits[len] {
            codes[vals[k] as usize] = (code, len as u8 + 1);
            code += 1;
            k += 1;
            i += 1;
        }
        code <<= 1;
        len += 1;
    }
    codes
}

static DC_LUMA: Codes = build_codes(&DC_LUMA_BITS, &DC_VALS);
static DC_CHROMA: Codes = build_codes(&DC_CHROMA_BITS, &DC_VALS);
static AC_LUMA: Codes = build_codes(&AC_LUMA_BITS, &AC_LUMA_VALS);
static AC_CHROMA: Codes = build_codes(&AC_CHROMA_BITS, &AC_CHROMA_VALS);

/// libjpeg's `jpeg_quality_scaling` + `jpeg_add_quant_table` (baseline: clamped to 1..=255).
fn scaled_table(base: &[u8; 64], quality: u8) -> [u8; 64] {
    let q = u32::from(quality.clamp(1, 100));
    let scale = if q < 50 { 5000 / q } else { 200 - 2 * q };
    base.map(|b| ((u32::from(b) * scale + 50) / 100).clamp(1, 255) as u8)
}

/// Reciprocal divisors for the AAN float DCT output, natural order (libjpeg `jcdctmgr.c`).
fn divisors(table: &[u8; 64]) -> [f32; 64] {
    // AAN scale factors: 1 for k = 0, else cos(kπ/16)·√2.
    let aan = |k: usize| match k {
        0 => 1.0,
        _ => (k as f64 * std::f64::consts::PI / 16.0).cos() * std::f64::consts::SQRT_2,
    };
    std::array::from_fn(|i| (1.0 / (f64::from(table[i]) * aan(i / 8) * aan(i % 8) * 8.0)) as f32)
}

/// One 1-D AAN forward DCT over 8 values `s` apart from `o` (libjpeg `jfdctflt.c`).
#[inline(always)]
fn fdct_1d(d: &mut [f32; 64], o: usize, s: usize) {
    let (t0, t7) = (d[o] + d[o + 7 * s], d[o] - d[o + 7 * s]);
    let (t1, t6) = (d[o + s] + d[o + 6 * s], d[o + s] - d[o + 6 * s]);
    let (t2, t5) = (d[o + 2 * s] + d[o + 5 * s], d[o + 2 * s] - d[o + 5 * s]);
    let (t3, t4) = (d[o + 3 * s] + d[o + 4 * s], d[o + 3 * s] - d[o + 4 * s]);
    let (t10, t13, t11, t12) = (t0 + t3, t0 - t3, t1 + t2, t1 - t2);
    d[o] = t10 + t11;
    d[o + 4 * s] = t10 - t11;
    let z1 = (t12 + t13) * 0.707_106_77;
    d[o + 2 * s] = t13 + z1;
    d[o + 6 * s] = t13 - z1;
    let (t10, t11, t12) = (t4 + t5, t5 + t6, t6 + t7);
    let z5 = (t10 - t12) * 0.382_683_43;
    let z2 = 0.541_196_1 * t10 + z5;
    let z4 = 1.306_563 * t12 + z5;
    let z3 = t11 * 0.707_106_77;
    let (z11, z13) = (t7 + z3, t7 - z3);
    d[o + 5 * s] = z13 + z2;
    d[o + 3 * s] = z13 - z2;
    d[o + s] = z11 + z4;
    d[o + 7 * s] = z11 - z4;
}

/// Bit writer: a 64-bit buffer flushed 32 bits at a time, with 0xFF → 0xFF 0x00 stuffing.
struct BitWriter {
    out: Vec<u8>,
    buf: u64,
    bits: u32,
}

impl BitWriter {
    /// Appends the low `len` (≤ 32) bits of `code`.
    #[inline(always)]
    fn put(&mut self, code: u32, len: u32) {
        self.buf = (self.buf << len) | u64::from(code);
        self.bits += len;
        if self.bits >= 32 {
            self.bits -= 32;
            let word = (self.buf >> self.bits) as u32;
            // A byte is 0xFF exactly when its top bit is set and (low 7 bits + 1) carries.
            if (word & 0x8080_8080) & ((word & 0x7f7f_7f7f) + 0x0101_0101) == 0 {
                self.out.extend_from_slice(&word.to_be_bytes());
            } else {
                word.to_be_bytes().into_iter().for_each(|b| self.byte(b));
            }
        }
    }

    /// Pads the last byte with 1-bits and writes out whatever is left.
    fn finish(mut self) -> Vec<u8> {
        let pad = (8 - self.bits % 8) % 8;
        self.put((1 << pad) - 1, pad);
        while self.bits >= 8 {
            self.bits -= 8;
            self.byte((self.buf >> self.bits) as u8);
        }
        self.out
    }

    fn byte(&mut self, b: u8) {
        self.out.push(b);
        if b == 0xFF {
            self.out.push(0);
        }
    }
}

/// A component's encoding state: divisors, Huffman tables and the DC predictor.
struct Component<'a> {
    plane: &'a [u8],
    width: usize,
    height: usize,
    div: [f32; 64],
    dc: &'static Codes,
    ac: &'static Codes,
    pred: i32,
}

impl Component<'_> {
    /// Encodes the 8×8 block whose top-left sample is (`x`, `y`), replicating the last row and
    /// column past the plane's edge.
    fn block(&mut self, w: &mut BitWriter, x: usize, y: usize) {
        let mut d = [0f32; 64];
        for r in 0..8 {
            let row_start = (y + r).min(self.height - 1) * self.width;
            let row = &self.plane[row_start..row_start + self.width];
            let dst = &mut d[r * 8..r * 8 + 8];
            if x + 8 <= self.width {
                for (o, &s) in dst.iter_mut().zip(&row[x..x + 8]) {
                    *o = f32::from(s) - 128.0;
                }
            } else {
                for (c, o) in dst.iter_mut().enumerate() {
                    *o = f32::from(row[(x + c).min(self.width - 1)]) - 128.0;
                }
            }
        }
        for r in 0..8 {
            fdct_1d(&mut d, r * 8, 1);
        }
        for c in 0..8 {
            fdct_1d(&mut d, c, 8);
        }
        // Quantise in natural order (vectorises): adding 1.5·2²³ leaves round-to-nearest(x) in
        // the low mantissa bits, so no float→int conversion is needed (|x| < 2²² always).
        let mut nat = [0i32; 64];
        for ((o, &v), &m) in nat.iter_mut().zip(&d).zip(&self.div) {
            *o = ((v * m + 12_582_912.0).to_bits() as i32 - 0x4B40_0000).clamp(-1023, 1023);
        }
        let mut q = [0i32; 64];
        let mut nonzero = 0u64;
        for (k, (o, &n)) in q.iter_mut().zip(&ZIGZAG).enumerate() {
            *o = nat[n];
            nonzero |= u64::from(*o != 0) << k;
        }
        let diff = q[0] - self.pred;
        self.pred = q[0];
        let (size, extra) = magnitude(diff);
        let (code, len) = self.dc[size as usize];
        w.put((u32::from(code) << size) | extra, u32::from(len) + size);
        // Walk the nonzero AC coefficients only; `last` is the previous one's zig-zag index.
        let (mut ac, mut last) = (nonzero & !1, 0);
        while ac != 0 {
            let k = ac.trailing_zeros() as usize;
            ac &= ac - 1;
            let mut run = k - last - 1;
            last = k;
            while run >= 16 {
                let (code, len) = self.ac[0xF0];
                w.put(u32::from(code), u32::from(len));
                run -= 16;
            }
            let (size, extra) = magnitude(q[k & 63]);
            let (code, len) = self.ac[(run << 4) | size as usize];
            w.put((u32::from(code) << size) | extra, u32::from(len) + size);
        }
        if last != 63 {
            let (code, len) = self.ac[0x00];
            w.put(u32::from(code), u32::from(len));
        }
    }
}

/// The category (bit count) of `v` and its extra bits (one's complement for negatives).
#[inline(always)]
fn magnitude(v: i32) -> (u32, u32) {
    let size = 32 - v.unsigned_abs().leading_zeros();
    let extra = if v < 0 { v - 1 } else { v } as u32 & ((1u32 << size) - 1);
    (size, extra)
}

fn segment(out: &mut Vec<u8>, marker: u8, body: &[u8]) {
    out.extend_from_slice(&[0xFF, marker]);
    out.extend_from_slice(&(body.len() as u16 + 2).to_be_bytes());
    out.extend_from_slice(body);
}

/// Baseline JPEG, 4:2:0 (luma 2×2, chroma 1×1), JFIF APP0 header, no other metadata, standard
/// Annex K tables (luminance/chrominance quant tables scaled by libjpeg's quality formula: q<50 →
/// 5000/q, else 200−2q, clamp 1..=255; the standard DC/AC Huffman tables of Annex K.3), quality
/// 1–100 (0 is treated as 1, above 100 as 100).
///
/// Returns an empty `Vec` if a side is 0 or above 65535, or if a plane is shorter than its size
/// requires (`width × height` for Y, `ceil(width/2) × ceil(height/2)` for Cb and Cr).
pub fn encode_420(p: &Planes, quality: u8) -> Vec<u8> {
    let (w, h) = (p.width, p.height);
    let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
    let too_short =
        |plane: &[u8], a: usize, b: usize| a.checked_mul(b).is_none_or(|n| plane.len() < n);
    if !(1..=65535).contains(&w)
        || !(1..=65535).contains(&h)
        || too_short(p.y, w, h)
        || too_short(p.cb, cw, ch)
        || too_short(p.cr, cw, ch)
    {
        return Vec::new();
    }
    let (lq, cq) = (
        scaled_table(&LUMA_Q, quality),
        scaled_table(&CHROMA_Q, quality),
    );
    let mut out = Vec::with_capacity(1024 + w * h / 4);
    out.extend_from_slice(&[0xFF, 0xD8]);
    segment(
        &mut out,
        0xE0,
        b"JFIF\0\x01\x01\x00\x00\x01\x00\x01\x00\x00",
    );
    let mut dqt = [0u8; 130];
    dqt[65] = 1;
    for (k, &n) in ZIGZAG.iter().enumerate() {
        (dqt[1 + k], dqt[66 + k]) = (lq[n], cq[n]);
    }
    segment(&mut out, 0xDB, &dqt);
    let (wb, hb) = ((w as u16).to_be_bytes(), (h as u16).to_be_bytes());
    let sof = [
        8, hb[0], hb[1], wb[0], wb[1], 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ];
    segment(&mut out, 0xC0, &sof);
    let mut dht = Vec::with_capacity(420);
    for (class, bits, vals) in [
        (0x00, &DC_LUMA_BITS, &DC_VALS[..]),
        (0x10, &AC_LUMA_BITS, &AC_LUMA_VALS[..]),
        (0x01, &DC_CHROMA_BITS, &DC_VALS[..]),
        (0x11, &AC_CHROMA_BITS, &AC_CHROMA_VALS[..]),
    ] {
        dht.push(class);
        dht.extend_from_slice(bits);
        dht.extend_from_slice(vals);
    }
    segment(&mut out, 0xC4, &dht);
    segment(&mut out, 0xDA, &[3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);

    let comp = |plane, width, height, table: &[u8; 64], dc, ac| Component {
        plane,
        width,
        height,
        div: divisors(table),
        dc,
        ac,
        pred: 0,
    };
    let mut y = comp(p.y, w, h, &lq, &DC_LUMA, &AC_LUMA);
    let mut cb = comp(p.cb, cw, ch, &cq, &DC_CHROMA, &AC_CHROMA);
    let mut cr = comp(p.cr, cw, ch, &cq, &DC_CHROMA, &AC_CHROMA);
    let mut bw = BitWriter {
        out,
        buf: 0,
        bits: 0,
    };
    for my in 0..h.div_ceil(16) {
        for mx in 0..w.div_ceil(16) {
            let (x, yy) = (mx * 16, my * 16);
            y.block(&mut bw, x, yy);
            y.block(&mut bw, x + 8, yy);
            y.block(&mut bw, x, yy + 8);
            y.block(&mut bw, x + 8, yy + 8);
            cb.block(&mut bw, mx * 8, my * 8);
            cr.block(&mut bw, mx * 8, my * 8);
        }
    }
    let mut out = bw.finish();
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

#[cfg(test)]
/// Convenience: RGB (3 bytes per pixel) → YCbCr (JFIF full range, BT.601: Y = 0.299R + 0.587G +
/// 0.114B, Cb = 128 − 0.168736R − 0.331264G + 0.5B, Cr = 128 + 0.5R − 0.418688G − 0.081312B,
/// 16-bit fixed point, rounded) → chroma 2×2 box-averaged (rounded; an odd last column/row
/// averages what exists) → [`encode_420`].
///
/// Returns an empty `Vec` if a side is 0 or above 65535 or `rgb` is shorter than
/// `width × height × 3`.
pub fn encode_rgb(rgb: &[u8], width: usize, height: usize, quality: u8) -> Vec<u8> {
    let Some([y, cb, cr]) = rgb_to_420(rgb, width, height) else {
        return Vec::new();
    };
    let planes = Planes {
        width,
        height,
        y: &y,
        cb: &cb,
        cr: &cr,
    };
    encode_420(&planes, quality)
}

/// RGB (3 bytes per pixel) as JFIF YCbCr planes, chroma averaged over 2×2 (what
/// [`encode_420`] takes), or `None` for a size it refuses (see [`encode_rgb`]).
pub fn rgb_to_420(rgb: &[u8], width: usize, height: usize) -> Option<[Vec<u8>; 3]> {
    let n = width.checked_mul(height).and_then(|n| n.checked_mul(3));
    if !(1..=65535).contains(&width)
        || !(1..=65535).contains(&height)
        || n.is_none_or(|n| rgb.len() < n)
    {
        return None;
    }
    let (cw, ch) = (width.div_ceil(2), height.div_ceil(2));
    let row_len = width * 3;
    let rgb = &rgb[..row_len * height];
    let y: Vec<u8> = rgb
        .chunks_exact(3)
        .map(|p| {
            let (r, g, b) = (u32::from(p[0]), u32::from(p[1]), u32::from(p[2]));
            ((19595 * r + 38470 * g + 7471 * b + 32768) >> 16) as u8
        })
        .collect();
    let (mut cb, mut cr) = (Vec::with_capacity(cw * ch), Vec::with_capacity(cw * ch));
    // `s` sums four pixels; the mean over what exists equals the mean with the odd last row or
    // column counted twice, so every chroma sample divides by 4 × 2^16, rounding.
    let mut push = |s: [i32; 3]| {
        let conv = |a: i32, b: i32, c: i32| {
            let v = (128 << 18) + a * s[0] + b * s[1] + c * s[2] + (1 << 17);
            (v >> 18).clamp(0, 255) as u8
        };
        cb.push(conv(-11059, -21709, 32768));
        cr.push(conv(32768, -27439, -5329));
    };
    for cy in 0..ch {
        let top = &rgb[2 * cy * row_len..][..row_len];
        let bottom = &rgb[(2 * cy + 1).min(height - 1) * row_len..][..row_len];
        for (a, b) in top.chunks_exact(6).zip(bottom.chunks_exact(6)) {
            let s = |i: usize| {
                i32::from(a[i]) + i32::from(a[i + 3]) + i32::from(b[i]) + i32::from(b[i + 3])
            };
            push([s(0), s(1), s(2)]);
        }
        if let (Some(a), Some(b)) = (top.get(row_len - 3..), bottom.get(row_len - 3..))
            && width % 2 == 1
        {
            push([0, 1, 2].map(|i| 2 * (i32::from(a[i]) + i32::from(b[i]))));
        }
    }
    Some([y, cb, cr])
}

#[cfg(test)]
mod tests;

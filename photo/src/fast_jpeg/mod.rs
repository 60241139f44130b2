//! A reduced-scale decoder for the JPEGs phones write: baseline, Huffman-coded, 8-bit, one
//! interleaved scan of Y (or Y, Cb, Cr). It produces the image at 1/8 scale (each 8×8 block's
//! average: its DC coefficient), 1/4 scale (a 2×2 inverse DCT of the 2×2 lowest frequencies) or
//! 1/2 scale (a 4×4 inverse DCT of the 4×4 lowest), with `jpeg-decoder`'s own arithmetic, but it
//! never stores, dequantises or transforms the other coefficients of a block: it only skips
//! over their Huffman codes. Entropy decoding is then nearly all the work, and that is what
//! makes a 12 MP photo cheap.
//!
//! Anything else (progressive, arithmetic-coded, 12-bit, CMYK, RGB-coded, several scans, odd
//! sampling factors) is declined with [`Declined`] and goes to `jpeg-decoder`, which also gives
//! the verdict on a broken file: this decoder declines instead of reporting errors.
//!
//! Parts: [`entropy`] reads the bit stream and the Huffman codes, [`scan`] walks the MCUs into
//! scaled planes, [`pixels`] holds the scaled inverse DCTs, chroma upsampling and colour
//! conversion.

mod entropy;
mod pixels;
mod scan;
pub mod split;

use entropy::Huffman;
use scan::Scan;

use crate::planes::Ycc;
#[cfg(test)]
use image::RgbImage;

/// Not decoded here: the caller falls back to the general decoder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declined;

type R<T> = Result<T, Declined>;

pub(super) struct Component {
    pub(super) id: u8,
    pub(super) h: usize,
    pub(super) v: usize,
    pub(super) tq: usize,
    pub(super) td: usize,
    pub(super) ta: usize,
}

/// Zig-zag positions kept: the 1×1, 2×2 or 4×4 lowest frequencies need zig-zag 0, 0–4 or 0–24.
const KEEP: usize = 25;

/// Zig-zag index of the natural position (row, column), for rows and columns 0–3.
const ZIGZAG_4X4: [[usize; 4]; 4] = [[0, 1, 5, 6], [2, 4, 7, 13], [3, 8, 12, 17], [9, 11, 18, 24]];

/// What the headers before the (only) scan say; `start` is where the entropy-coded data begins.
struct Header {
    width: usize,
    height: usize,
    comps: Vec<Component>,
    qt: [Option<[u16; KEEP]>; 4],
    dc: [Option<Huffman>; 4],
    ac: [Option<Huffman>; 4],
    restart_interval: usize,
    start: usize,
}

impl Header {
    /// The scan decoding at 1/8 (`idct == 1`), 1/4 (2) or 1/2 scale (4).
    fn scan(&self, idct: usize) -> R<Scan<'_>> {
        Scan::new(
            self.width,
            self.height,
            &self.comps,
            &self.qt,
            &self.dc,
            &self.ac,
            self.restart_interval,
            idct,
        )
    }
}

/// Decodes `bytes` at 1/8 (`idct == 1`), 1/4 (`idct == 2`) or 1/2 scale (`idct == 4`), to its
/// Y, Cb and Cr planes.
pub fn decode(bytes: &[u8], idct: usize) -> R<Ycc> {
    if !matches!(idct, 1 | 2 | 4) {
        return Err(Declined);
    }
    let header = parse(bytes)?;
    let scan = header.scan(idct)?;
    scan.to_ycc(&scan.run(bytes, header.start)?)
}

/// [`decode`] to RGB (chroma upsampled as libjpeg's "fancy" filter does): what the tests compare
/// with `jpeg-decoder`.
#[cfg(test)]
pub fn decode_rgb(bytes: &[u8], idct: usize) -> R<RgbImage> {
    if !matches!(idct, 1 | 2 | 4) {
        return Err(Declined);
    }
    let header = parse(bytes)?;
    let scan = header.scan(idct)?;
    scan.to_rgb(&scan.run(bytes, header.start)?)
}

/// Reads the markers up to the start of the scan. `bytes` need not hold more than that.
fn parse(bytes: &[u8]) -> R<Header> {
    if bytes.get(..2) != Some(&[0xFF, 0xD8][..]) {
        return Err(Declined);
    }
    let mut qt: [Option<[u16; KEEP]>; 4] = [None; 4];
    let mut dc: [Option<Huffman>; 4] = [None, None, None, None];
    let mut ac: [Option<Huffman>; 4] = [None, None, None, None];
    let mut frame: Option<(usize, usize, Vec<Component>)> = None;
    let mut restart_interval = 0usize;
    let mut adobe_rgb = false;
    let mut pos = 2;
    loop {
        // Next marker (skipping fill bytes).
        if bytes.get(pos) != Some(&0xFF) {
            return Err(Declined);
        }
        while bytes.get(pos) == Some(&0xFF) {
            pos += 1;
        }
        let marker = *bytes.get(pos).ok_or(Declined)?;
        pos += 1;
        if matches!(marker, 0xD0..=0xD7 | 0x01) {
            continue;
        }
        let len = usize::from(u16::from_be_bytes([
            *bytes.get(pos).ok_or(Declined)?,
            *bytes.get(pos + 1).ok_or(Declined)?,
        ]));
        if len < 2 {
            return Err(Declined);
        }
        let seg = bytes.get(pos + 2..pos + len).ok_or(Declined)?;
        pos += len;
        match marker {
            0xC0 | 0xC1 => {
                // Baseline / extended sequential, Huffman.
                if frame.is_some() || seg.len() < 6 || seg[0] != 8 {
                    return Err(Declined);
                }
                let height = usize::from(u16::from_be_bytes([seg[1], seg[2]]));
                let width = usize::from(u16::from_be_bytes([seg[3], seg[4]]));
                let n = usize::from(seg[5]);
                if width == 0 || height == 0 || !(n == 1 || n == 3) || seg.len() < 6 + 3 * n {
                    return Err(Declined);
                }
                let comps = (0..n)
                    .map(|i| {
                        let c = &seg[6 + 3 * i..9 + 3 * i];
                        Component {
                            id: c[0],
                            h: usize::from(c[1] >> 4),
                            v: usize::from(c[1] & 15),
                            tq: usize::from(c[2]),
                            td: 0,
                            ta: 0,
                        }
                    })
                    .collect::<Vec<_>>();
                frame = Some((width, height, comps));
            }
            0xC2 | 0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF => return Err(Declined),
            0xC4 => {
                let mut s = seg;
                while !s.is_empty() {
                    let tc_th = s[0];
                    let counts: [u8; 16] = s
                        .get(1..17)
                        .ok_or(Declined)?
                        .try_into()
                        .map_err(|_| Declined)?;
                    let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
                    let values = s.get(17..17 + total).ok_or(Declined)?;
                    let slot = usize::from(tc_th & 15);
                    if slot > 3 {
                        return Err(Declined);
                    }
                    match tc_th >> 4 {
                        0 => dc[slot] = Some(Huffman::new(&counts, values, false)?),
                        1 => ac[slot] = Some(Huffman::new(&counts, values, true)?),
                        _ => return Err(Declined),
                    }
                    s = &s[17 + total..];
                }
            }
            0xDB => {
                let mut s = seg;
                while !s.is_empty() {
                    let pq = s[0] >> 4;
                    let tq = usize::from(s[0] & 15);
                    if tq > 3 {
                        return Err(Declined);
                    }
                    let mut head = [0u16; KEEP];
                    let size = if pq == 0 {
                        let t = s.get(1..65).ok_or(Declined)?;
                        head.iter_mut().zip(t).for_each(|(h, &v)| *h = u16::from(v));
                        65
                    } else {
                        let t = s.get(1..129).ok_or(Declined)?;
                        head.iter_mut()
                            .zip(t.chunks_exact(2))
                            .for_each(|(h, v)| *h = u16::from_be_bytes([v[0], v[1]]));
                        129
                    };
                    qt[tq] = Some(head);
                    s = &s[size..];
                }
            }
            0xDD => {
                restart_interval = usize::from(u16::from_be_bytes([
                    *seg.first().ok_or(Declined)?,
                    *seg.get(1).ok_or(Declined)?,
                ]));
            }
            // Adobe APP14: transform 0 means the three components are R, G, B.
            0xEE if seg.len() >= 12 && seg.starts_with(b"Adobe") && seg[11] == 0 => {
                adobe_rgb = true
            }
            0xDA => {
                let (width, height, mut comps) = frame.take().ok_or(Declined)?;
                let ns = usize::from(*seg.first().ok_or(Declined)?);
                if ns != comps.len() || seg.len() < 4 + 2 * ns {
                    return Err(Declined); // one scan per component: not handled here
                }
                for (i, comp) in comps.iter_mut().enumerate() {
                    let sel = &seg[1 + 2 * i..3 + 2 * i];
                    if sel[0] != comp.id {
                        return Err(Declined);
                    }
                    comp.td = usize::from(sel[1] >> 4);
                    comp.ta = usize::from(sel[1] & 15);
                }
                let tail = &seg[1 + 2 * ns..];
                if tail != [0, 63, 0] {
                    return Err(Declined);
                }
                if comps.len() == 3 && (adobe_rgb || comps.iter().map(|c| c.id).eq(*b"RGB")) {
                    return Err(Declined);
                }
                return Ok(Header {
                    width,
                    height,
                    comps,
                    qt,
                    dc,
                    ac,
                    restart_interval,
                    start: pos,
                });
            }
            0xD9 => return Err(Declined),
            _ => {} // APPn, COM, DNL, … : skipped
        }
    }
}

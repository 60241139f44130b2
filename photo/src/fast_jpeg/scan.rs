//! The scan: MCU by MCU, each block's kept coefficients turned into its scaled samples, then
//! the planes upsampled and converted to RGB.

use super::entropy::{Bits, Huffman, LUT_BITS};
use super::pixels::{idct_1x1, idct_2x2, idct_4x4};
#[cfg(test)]
use super::pixels::{upsample, ycbcr_to_rgb};
use super::{Component, Declined, KEEP, R};
use crate::planes::{Plane as YccPlane, Ycc};
#[cfg(test)]
use image::RgbImage;

/// The decoding state carried from one MCU row to the next.
pub(super) struct Row<'a> {
    pub(super) bits: Bits<'a>,
    /// DC predictors, one per component.
    pub(super) pred: [i16; 3],
    /// MCUs left before the next restart marker, and that marker's number.
    pub(super) mcus_left: usize,
    pub(super) next_rst: u8,
}

pub(super) struct Plane {
    pub(super) comp: usize,
    /// Samples across at this scale (blocks across, MCU padding included, × idct); the rows
    /// follow one another in `data`.
    pub(super) stride: usize,
    pub(super) data: Vec<u8>,
}

pub(super) struct Scan<'t> {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) comps: &'t [Component],
    pub(super) quant: Vec<[i32; KEEP]>,
    pub(super) dc: Vec<&'t Huffman>,
    pub(super) ac: Vec<&'t Huffman>,
    pub(super) restart_interval: usize,
    pub(super) idct: usize,
    pub(super) hmax: usize,
    pub(super) vmax: usize,
}

impl<'t> Scan<'t> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        width: usize,
        height: usize,
        comps: &'t [Component],
        qt: &[Option<[u16; KEEP]>; 4],
        dc: &'t [Option<Huffman>; 4],
        ac: &'t [Option<Huffman>; 4],
        restart_interval: usize,
        idct: usize,
    ) -> R<Self> {
        let hmax = comps.iter().map(|c| c.h).max().ok_or(Declined)?;
        let vmax = comps.iter().map(|c| c.v).max().ok_or(Declined)?;
        for c in comps {
            let ok = (1..=2).contains(&c.h)
                && (1..=2).contains(&c.v)
                && hmax % c.h == 0
                && vmax % c.v == 0;
            if !ok || c.tq > 3 || c.td > 3 || c.ta > 3 {
                return Err(Declined);
            }
        }
        if comps.len() == 1 && (hmax, vmax) != (1, 1) {
            // A single component is never interleaved: one block per MCU whatever it declares.
            return Err(Declined);
        }
        let mut quant = Vec::new();
        let mut dcs = Vec::new();
        let mut acs = Vec::new();
        for c in comps {
            let q = qt[c.tq].ok_or(Declined)?;
            quant.push(q.map(i32::from));
            dcs.push(dc[c.td].as_ref().ok_or(Declined)?);
            acs.push(ac[c.ta].as_ref().ok_or(Declined)?);
        }
        Ok(Self {
            width,
            height,
            comps,
            quant,
            dc: dcs,
            ac: acs,
            restart_interval,
            idct,
            hmax,
            vmax,
        })
    }

    pub(super) fn run(&self, bytes: &[u8], start: usize) -> R<Vec<Plane>> {
        let mcux = self.width.div_ceil(8 * self.hmax);
        let mcuy = self.height.div_ceil(8 * self.vmax);
        let s = self.idct;
        let mut planes: Vec<Plane> = self
            .comps
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (bw, bh) = (mcux * c.h, mcuy * c.v);
                Plane {
                    comp: i,
                    stride: bw * s,
                    data: vec![0u8; bw * bh * s * s],
                }
            })
            .collect();
        let mut row = Row {
            bits: Bits::new(bytes, start),
            pred: [0; 3],
            mcus_left: self.restart_interval,
            next_rst: 0,
        };
        for my in 0..mcuy {
            match s {
                1 => self.mcu_row::<1>(&mut row, &mut planes, my, mcux)?,
                2 => self.mcu_row::<2>(&mut row, &mut planes, my, mcux)?,
                _ => self.mcu_row::<4>(&mut row, &mut planes, my, mcux)?,
            }
        }
        let bits = row.bits;
        // Truncated (the data ended without a marker), or a restart marker where none was due:
        // let jpeg-decoder give the verdict.
        if bits.eof || matches!(bits.marker, Some(0xD0..=0xD7)) {
            return Err(Declined);
        }
        Ok(planes)
    }

    /// The planes cropped to the picture at this scale: luma `ceil(width × s / 8)` by
    /// `ceil(height × s / 8)`, chroma in proportion to its sampling factors.
    pub(super) fn to_ycc(&self, planes: &[Plane]) -> R<Ycc> {
        let s = self.idct;
        let ow = (self.width * s).div_ceil(8);
        let oh = (self.height * s).div_ceil(8);
        let crop = |p: &Plane| -> R<YccPlane> {
            let c = &self.comps[p.comp];
            let w = (ow * c.h).div_ceil(self.hmax);
            let h = (oh * c.v).div_ceil(self.vmax);
            let mut data = Vec::with_capacity(w * h);
            for y in 0..h {
                data.extend_from_slice(p.data.get(y * p.stride..y * p.stride + w).ok_or(Declined)?);
            }
            Ok(YccPlane {
                width: w,
                height: h,
                data,
            })
        };
        let y = crop(&planes[0])?;
        let chroma = match planes {
            [_, cb, cr] => Some([crop(cb)?, crop(cr)?]),
            _ => None,
        };
        // At 1/8, 1/4 or 1/2 scale: each sample stands for a block of the original.
        Ok(Ycc {
            y,
            chroma,
            averaged: true,
        })
    }

    /// Decodes one row of MCUs into the planes; compiled once per scale `S` (1, 2 or 4 output
    /// samples per block side). A function of its own, called once per row, for the browser's
    /// sake: V8 first runs wasm with its baseline compiler and swaps in optimised code only on
    /// a later call, so even the first photo gets the optimised code after a few rows.
    #[inline(never)]
    pub(super) fn mcu_row<const S: usize>(
        &self,
        row: &mut Row,
        planes: &mut [Plane],
        my: usize,
        mcux: usize,
    ) -> R<()> {
        let s = S;
        let mut coef = [0i32; KEEP];
        for mx in 0..mcux {
            if self.restart_interval > 0 {
                if row.mcus_left == 0 {
                    row.bits.restart(row.next_rst)?;
                    row.next_rst = (row.next_rst + 1) & 7;
                    row.pred = [0; 3];
                    row.mcus_left = self.restart_interval;
                }
                row.mcus_left -= 1;
            }
            for plane in planes.iter_mut() {
                let ci = plane.comp;
                let (h, v) = (self.comps[ci].h, self.comps[ci].v);
                for by in 0..v {
                    for bx in 0..h {
                        self.block::<S>(&mut row.bits, ci, &mut row.pred[ci], &mut coef)?;
                        let (x, y) = ((mx * h + bx) * s, (my * v + by) * s);
                        let o = y * plane.stride + x;
                        let out = &mut plane.data[o..];
                        match s {
                            1 => idct_1x1(&coef, &self.quant[ci], out),
                            2 => idct_2x2(&coef, &self.quant[ci], plane.stride, out),
                            _ => idct_4x4(&coef, &self.quant[ci], plane.stride, out),
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Decodes one block: the DC coefficient into `coef[0]` and, at 1/4 and 1/2 scale, the AC
    /// coefficients up to zig-zag 4 or 24 into `coef[1..]` (as i16 values, like jpeg-decoder);
    /// the others are only skipped.
    #[inline(always)]
    pub(super) fn block<const S: usize>(
        &self,
        bits: &mut Bits,
        ci: usize,
        pred: &mut i16,
        coef: &mut [i32; KEEP],
    ) -> R<()> {
        if bits.n < 32 {
            bits.refill();
        }
        let t = u32::from(bits.symbol(self.dc[ci])?);
        if t > 11 {
            return Err(Declined);
        }
        // A malformed file can overflow the predictor: wrap, as jpeg-decoder does.
        *pred = pred.wrapping_add(bits.receive_extend(t) as i16);
        coef[0] = i32::from(*pred);
        let ac = self.ac[ci];
        let keep = match S {
            1 => 0,
            2 => 4,
            _ => KEEP - 1,
        };
        coef[1..=keep].fill(0);
        let mut k = 1usize;
        // At 1/4 and 1/2 scale the lowest zig-zag positions are needed: decode them in full.
        while k <= keep {
            if bits.n < 32 {
                bits.refill();
            }
            let rs = bits.symbol(ac)?;
            let (r, size) = (usize::from(rs >> 4), u32::from(rs & 15));
            if size == 0 {
                if r != 15 {
                    return Ok(()); // end of block
                }
                k += 16;
                continue;
            }
            k += r;
            let v = bits.receive_extend(size);
            if k <= keep {
                coef[k] = i32::from(v as i16);
            }
            k += 1;
        }
        // The rest are only skipped: one table lookup per coefficient for the usual short codes.
        while k < 64 {
            if bits.n < 32 {
                bits.refill();
            }
            let entry = ac.skip[bits.peek(LUT_BITS) as usize];
            if entry != 0 {
                // Fields of `Skip::pack` (each is < 128, the lengths < 16).
                let before_last = ((entry >> 16) & 0xFF) as usize;
                if k + before_last < 64 {
                    bits.skip(entry & 15);
                    k += ((entry >> 8) & 0xFF) as usize;
                } else {
                    bits.skip((entry >> 4) & 15);
                    k += (entry >> 24) as usize;
                }
                continue;
            }
            let rs = bits.symbol(ac)?;
            let (r, size) = (usize::from(rs >> 4), u32::from(rs & 15));
            if size == 0 {
                if r != 15 {
                    break; // end of block
                }
                k += 16;
                continue;
            }
            bits.skip(size);
            k += r + 1;
        }
        Ok(())
    }

    #[cfg(test)]
    /// Upsamples the chroma planes (libjpeg's "fancy" triangle filter) and converts to RGB.
    pub(super) fn to_rgb(&self, planes: &[Plane]) -> R<RgbImage> {
        let s = self.idct;
        let ow = (self.width * s).div_ceil(8);
        let oh = (self.height * s).div_ceil(8);
        let luma = &planes[0];
        let mut out = vec![0u8; ow * oh * 3];
        if planes.len() == 1 {
            for y in 0..oh {
                let row = &luma.data[y * luma.stride..y * luma.stride + ow];
                let dst = &mut out[y * ow * 3..(y + 1) * ow * 3];
                for x in 0..ow {
                    let v = row[x];
                    dst[3 * x] = v;
                    dst[3 * x + 1] = v;
                    dst[3 * x + 2] = v;
                }
            }
        } else {
            let (c1, c2) = (&self.comps[1], &self.comps[2]);
            let cb = upsample(&planes[1], self.hmax / c1.h, self.vmax / c1.v, ow, oh);
            let cr = upsample(&planes[2], self.hmax / c2.h, self.vmax / c2.v, ow, oh);
            if cb.len() < ow * oh || cr.len() < ow * oh {
                return Err(Declined);
            }
            for y in 0..oh {
                let yrow = &luma.data[y * luma.stride..y * luma.stride + ow];
                let cbrow = &cb[y * ow..(y + 1) * ow];
                let crrow = &cr[y * ow..(y + 1) * ow];
                let dst = &mut out[y * ow * 3..(y + 1) * ow * 3];
                for x in 0..ow {
                    let [r, g, b] = ycbcr_to_rgb(yrow[x], cbrow[x], crrow[x]);
                    dst[3 * x] = r;
                    dst[3 * x + 1] = g;
                    dst[3 * x + 2] = b;
                }
            }
        }
        RgbImage::from_raw(ow as u32, oh as u32, out).ok_or(Declined)
    }
}

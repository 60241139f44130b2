//! One JPEG, two workers: the entropy-coded data of a large photo is decoded in two halves at
//! once, at 1/8 scale (each block's DC coefficient), which nearly halves the time of the one
//! sequential step.
//!
//! Worker B gets the headers and the file from some offset `at` on. Not knowing where a code
//! starts there, nor which block of an MCU it is in, it simply starts decoding at a byte
//! boundary as if a first-component block began there. Huffman codes resynchronise by
//! themselves (Klein and Wiseman, "Parallel Huffman decoding with applications to JPEG files",
//! 2003): after a few wrong codes its reader falls into step with the real ones. A code that
//! cannot be decoded at all only means that it is not in step yet: it starts again one bit
//! further. Its record ([`TailRecord`]) holds, for every block it decoded, the block's DC
//! difference, and for the first [`SYNC_BLOCKS`] also where the block started (in data bits from
//! its starting point) and which block of the MCU it took it for.
//!
//! Worker A decodes from the start. Past `at`, before each block it asks whether B started a
//! block at the same bit as the same block of the MCU. The first time it did, both readers are
//! in the same state there, so from that block on B's differences are exactly what A would have
//! decoded: A takes them and stops. Nothing is guessed: when they never meet (a damaged file,
//! restart markers, a tail of another shape), A gives up and the caller decodes the whole file
//! in one go. The DC predictors are then run over the differences in one pass, as the scan would
//! have.

use super::entropy::{Bits, ff_bytes};
use super::pixels::idct_1x1;
use super::scan::{Plane, Scan};
use super::{Declined, Header, KEEP, R, parse};
use crate::photo::planes::Ycc;

mod record;
pub use record::TailRecord;

/// Blocks of B's run whose starting bit is recorded: A meets B well within the first of them.
pub(super) const SYNC_BLOCKS: usize = 1 << 14;

/// The components of the blocks of one MCU, in scan order.
fn layout(scan: &Scan) -> Vec<usize> {
    scan.comps
        .iter()
        .enumerate()
        .flat_map(|(ci, c)| std::iter::repeat_n(ci, c.h * c.v))
        .collect()
}

/// The scan as a split can take it: 1/8 scale, no restart markers, and its block count.
fn split_scan<'h>(header: &'h super::Header) -> R<(Scan<'h>, usize)> {
    if header.restart_interval != 0 {
        return Err(Declined);
    }
    let scan = header.scan(1)?;
    let mcus = scan.width.div_ceil(8 * scan.hmax) * scan.height.div_ceil(8 * scan.vmax);
    let blocks = mcus * layout(&scan).len();
    Ok((scan, blocks))
}

/// Worker B: `head` holds the headers up to the scan, `tail` the file from some offset on.
pub fn scan_tail(head: &[u8], tail: &[u8]) -> R<TailRecord> {
    let header = parse(head)?;
    let (scan, blocks) = split_scan(&header)?;
    let comps = layout(&scan);
    // Start on a byte that is data, not the stuffing 0x00 of a 0xFF before it.
    let mut begin = 1;
    while tail.get(begin - 1) == Some(&0xFF) {
        begin += 1;
    }
    if begin >= tail.len() {
        return Err(Declined);
    }
    let mut record = TailRecord {
        begin: u32::try_from(begin).map_err(|_| Declined)?,
        positions: Vec::with_capacity(SYNC_BLOCKS),
        phases: Vec::with_capacity(SYNC_BLOCKS),
        diffs: Vec::with_capacity(blocks / 2 + 64),
        clean_end: false,
    };
    let mut bits = Bits::new(tail, begin);
    let mut phase = 0;
    let mut coef = [0i32; KEEP];
    // Past the end of the data, only zeros come: a few blocks' worth ends the run. More blocks
    // than the image has means B is lost in something that is not this scan.
    while bits.zero_fill <= 8 && record.diffs.len() <= blocks {
        if bits.n < 32 {
            bits.refill();
        }
        let at = bits.bit_pos(begin);
        if record.positions.len() < SYNC_BLOCKS {
            record
                .positions
                .push(u32::try_from(at).map_err(|_| Declined)?);
            record.phases.push(phase as u8);
        }
        let before = bits;
        let mut pred = 0i16;
        if scan
            .block::<1>(&mut bits, comps[phase], &mut pred, &mut coef)
            .is_ok()
        {
            record.diffs.push(pred);
            phase = (phase + 1) % comps.len();
        } else if before.marker.is_some() {
            break; // the padding after the last block
        } else {
            // Not in step yet: start again one bit after where this block started.
            bits = before;
            bits.skip(1);
            record.positions.clear();
            record.phases.clear();
            record.diffs.clear();
            phase = 0;
        }
    }
    // The data must end at a marker, as [`Scan::run`] requires of the whole file.
    record.clean_end = !bits.eof && !matches!(bits.marker, Some(0xD0..=0xD7));
    Ok(record)
}

/// Worker A's first half, decoded up to where B started: resumed by [`Head::join`] once B's
/// record is there. Holds no reference to the file: `join` gets the same `part` again.
pub struct Head {
    header: Header,
    /// The DC differences of the blocks decoded so far.
    diffs: Vec<i16>,
    bits: Saved,
    phase: usize,
    /// Where B starts in the tail (by the same rule as [`scan_tail`]), and that point in A's
    /// data bits.
    begin: u32,
    offset: i64,
}

/// Worker A, first step: `part` is the file from its start to past `at` (plus a margin).
/// Decodes the blocks before the point where B starts, without waiting for B.
pub fn decode_head(part: &[u8], at: usize) -> R<Head> {
    let header = parse(part)?;
    let (scan, blocks) = split_scan(&header)?;
    let comps = layout(&scan);
    let start = header.start;
    let tail = part.get(at..).ok_or(Declined)?;
    let mut begin = 1;
    while tail.get(begin - 1) == Some(&0xFF) {
        begin += 1;
    }
    let meet = at + begin;
    if meet <= start || meet >= part.len() {
        return Err(Declined);
    }
    // B's bit 0 in A's count: the data bytes between the scan's start and B's first byte.
    let offset = 8 * data_bytes(&part[start..meet]) as i64;
    let mut diffs = Vec::with_capacity(blocks);
    let mut bits = Bits::new(part, start);
    let mut coef = [0i32; KEEP];
    let mut phase = 0;
    while diffs.len() < blocks {
        if bits.n < 32 {
            bits.refill();
        }
        if bits.eof {
            return Err(Declined); // a truncated file
        }
        if bits.bit_pos(start) >= offset {
            break;
        }
        let mut pred = 0i16;
        scan.block::<1>(&mut bits, comps[phase], &mut pred, &mut coef)?;
        diffs.push(pred);
        phase = (phase + 1) % comps.len();
    }
    let bits = bits.save();
    drop(scan);
    Ok(Head {
        header,
        diffs,
        bits,
        phase,
        begin: u32::try_from(begin).map_err(|_| Declined)?,
        offset,
    })
}

impl Head {
    /// Worker A, second step: carries on from where [`decode_head`] stopped, over the same
    /// `part`, until it meets B's record `tail`; then the image at 1/8 scale.
    pub fn join(self, part: &[u8], tail: &TailRecord) -> R<Ycc> {
        let Head {
            header,
            mut diffs,
            bits,
            mut phase,
            begin,
            offset,
        } = self;
        let (scan, blocks) = split_scan(&header)?;
        let comps = layout(&scan);
        let start = header.start;
        if tail.begin != begin || tail.positions.len() != tail.phases.len() {
            return Err(Declined);
        }
        // B may have taken a block for another block of the MCU. That is harmless when both
        // are decoded with the same Huffman tables, all along the MCU (e.g. one table pair for
        // all components): B's codes and differences are then the right ones all the same.
        let tables = |p: usize| (scan.comps[comps[p]].td, scan.comps[comps[p]].ta);
        let same_codes: Vec<bool> = (0..comps.len())
            .map(|d| (0..comps.len()).all(|p| tables(p) == tables((p + d) % comps.len())))
            .collect();
        let mut bits = Bits::resume(part, bits);
        let mut coef = [0i32; KEEP];
        let mut j = 0;
        let mut joined = false;
        while diffs.len() < blocks {
            if bits.n < 32 {
                bits.refill();
            }
            if bits.eof {
                // The end of `part` (or of a truncated file) is near and B was not met: stop
                // before decoding the zeros fed after it.
                return Err(Declined);
            }
            let rel = bits.bit_pos(start) - offset;
            while j < tail.positions.len() && i64::from(tail.positions[j]) < rel {
                j += 1;
            }
            if j == tail.positions.len() {
                return Err(Declined); // B's recorded blocks are behind: they never met
            }
            let shift = (usize::from(tail.phases[j]) + comps.len() - phase) % comps.len();
            if i64::from(tail.positions[j]) == rel && same_codes[shift] {
                let rest = tail
                    .diffs
                    .get(j..j + (blocks - diffs.len()))
                    .ok_or(Declined)?;
                diffs.extend_from_slice(rest);
                joined = true;
                break;
            }
            let mut pred = 0i16;
            scan.block::<1>(&mut bits, comps[phase], &mut pred, &mut coef)?;
            diffs.push(pred);
            phase = (phase + 1) % comps.len();
        }
        // Truncated, or a restart marker where none was due: let jpeg-decoder give the verdict.
        let clean_end = if joined {
            tail.clean_end
        } else {
            !matches!(bits.marker, Some(0xD0..=0xD7))
        };
        if !clean_end {
            return Err(Declined);
        }
        scan.to_ycc(&planes(&scan, &comps, &diffs)?)
    }
}

/// Both of worker A's steps at once (tests).
#[cfg(test)]
pub fn decode_joined(part: &[u8], at: usize, tail: &TailRecord) -> R<Ycc> {
    decode_head(part, at)?.join(part, tail)
}

/// A reader's state without its data, to resume it later over the same bytes.
#[derive(Clone, Copy)]
pub(super) struct Saved {
    pos: usize,
    acc: u64,
    n: u32,
    marker: Option<u8>,
    eof: bool,
    skew: isize,
    zero_fill: usize,
}

impl<'a> Bits<'a> {
    pub(super) fn save(&self) -> Saved {
        Saved {
            pos: self.pos,
            acc: self.acc,
            n: self.n,
            marker: self.marker,
            eof: self.eof,
            skew: self.skew,
            zero_fill: self.zero_fill,
        }
    }

    /// Resumes a [`Saved`] reader over the same `data` it was reading.
    pub(super) fn resume(data: &'a [u8], s: Saved) -> Self {
        Self {
            data,
            pos: s.pos,
            acc: s.acc,
            n: s.n,
            marker: s.marker,
            eof: s.eof,
            skew: s.skew,
            zero_fill: s.zero_fill,
        }
    }
}

/// Data bytes in a stretch of entropy-coded data: a 0x00 or 0xFF after a 0xFF carries none.
/// Eight bytes at a time: a word without 0xFF (nearly all of them) is skipped whole.
fn data_bytes(raw: &[u8]) -> usize {
    let mut extra = 0;
    let mut i = 0;
    while i + 8 <= raw.len() {
        let word = u64::from_be_bytes(raw[i..i + 8].try_into().unwrap_or([0; 8]));
        if ff_bytes(word) == 0 {
            i += 8;
            continue;
        }
        let end = (i + 8).min(raw.len() - 1);
        extra += raw[i..=end]
            .windows(2)
            .filter(|w| w[0] == 0xFF && (w[1] == 0x00 || w[1] == 0xFF))
            .count();
        i += 8;
    }
    if i < raw.len() {
        extra += raw[i.saturating_sub(1)..]
            .windows(2)
            .skip(usize::from(i > 0))
            .filter(|w| w[0] == 0xFF && (w[1] == 0x00 || w[1] == 0xFF))
            .count();
    }
    raw.len() - extra
}

/// The 1/8-scale planes from every block's DC difference, MCU by MCU.
fn planes(scan: &Scan, comps: &[usize], diffs: &[i16]) -> R<Vec<Plane>> {
    let mcux = scan.width.div_ceil(8 * scan.hmax);
    let mcuy = scan.height.div_ceil(8 * scan.vmax);
    let mut planes: Vec<Plane> = scan
        .comps
        .iter()
        .enumerate()
        .map(|(i, c)| Plane {
            comp: i,
            stride: mcux * c.h,
            data: vec![0u8; mcux * c.h * mcuy * c.v],
        })
        .collect();
    if diffs.len() != mcux * mcuy * comps.len() {
        return Err(Declined);
    }
    let mut pred = [0i16; 3];
    let mut coef = [0i32; KEEP];
    let mut d = diffs.iter();
    for my in 0..mcuy {
        for mx in 0..mcux {
            for (ci, plane) in planes.iter_mut().enumerate() {
                let (h, v) = (scan.comps[ci].h, scan.comps[ci].v);
                for by in 0..v {
                    for bx in 0..h {
                        pred[ci] = pred[ci].wrapping_add(*d.next().ok_or(Declined)?);
                        coef[0] = i32::from(pred[ci]);
                        let o = (my * v + by) * plane.stride + mx * h + bx;
                        idct_1x1(&coef, &scan.quant[ci], &mut plane.data[o..]);
                    }
                }
            }
        }
    }
    Ok(planes)
}

#[cfg(test)]
mod tests {
    use super::data_bytes;

    #[test]
    fn data_bytes_leaves_out_stuffing_and_fill_bytes() {
        let naive = |raw: &[u8]| {
            raw.len()
                - raw
                    .windows(2)
                    .filter(|w| w[0] == 0xFF && (w[1] == 0x00 || w[1] == 0xFF))
                    .count()
        };
        assert_eq!(data_bytes(&[1, 0xFF, 0, 2]), 3);
        assert_eq!(data_bytes(&[0xFF, 0xFF, 0]), 1);
        // Pseudo-random data full of 0xFF, 0x00 and 0xFE, cut at every length around the words.
        let mut x = 0x2545_F491_u32;
        let raw: Vec<u8> = (0..200)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                [0xFF, 0x00, 0xFE, 0x12][(x % 4) as usize]
            })
            .collect();
        for len in 0..raw.len() {
            assert_eq!(data_bytes(&raw[..len]), naive(&raw[..len]), "length {len}");
        }
    }
}

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
//! in one go. A turns its own blocks into samples as it goes ([`Samples`]), a row of MCUs at a
//! time, so that only B's half is left to fill once they join.

use super::entropy::{Bits, ff_bytes};
use super::pixels::dc_sample;
use super::scan::{Plane, Scan};
use super::{Declined, R};

mod head;
mod record;
mod tail;
pub use head::Head;
#[cfg(test)]
pub use head::decode_joined;
pub use record::TailRecord;
use tail::SYNC_BLOCKS;
pub use tail::Tail;
#[cfg(test)]
pub use tail::scan_tail;

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

/// The blocks of one row of MCUs: how many blocks one call of A's or B's `Run::blocks`
/// decodes. Calls of their own, for the browser's sake: V8 first runs wasm with its baseline
/// compiler and swaps in optimised code only on a later call (as `Scan::mcu_row`), so even the
/// first photo soon runs optimised code.
fn row_blocks(scan: &Scan, comps: &[usize]) -> usize {
    comps.len() * scan.width.div_ceil(8 * scan.hmax)
}

/// What a run of blocks ended on.
enum Step {
    /// `count` blocks decoded: call again.
    More,
    /// Too near the end of the bytes that have arrived: call again with more.
    Wait,
    /// Where it had to go (A: B's starting point; B: the end of the data).
    Done,
}

/// Bytes a reader keeps ahead of it in data still arriving: more than a block can take (a
/// block's codes and magnitude bits take at most about 220 bytes, 440 with every byte stuffed)
/// plus the refill's 8-byte lookahead.
const AHEAD: usize = 1024;

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

/// The 1/8-scale planes, filled block by block in scan order from each block's DC difference:
/// a block's sample is its DC coefficient dequantised, as `idct_1x1` computes it. A fills them
/// as it decodes its half (so that only B's half is left once they join), then from B's record.
pub(super) struct Samples {
    planes: Vec<Plane>,
    /// For each block of an MCU: its component, and its offset in that component's plane from
    /// the MCU's first sample.
    slots: Vec<(usize, usize)>,
    /// Per component: the samples one MCU takes across, and one row of MCUs takes in its plane.
    steps: Vec<(usize, usize)>,
    quant: Vec<i32>,
    pred: [i16; 3],
    mcux: usize,
    /// Where the next block goes: its slot in the MCU, its MCU across, and the first sample of
    /// its row of MCUs in each plane.
    slot: usize,
    mx: usize,
    row_start: Vec<usize>,
    /// Blocks filled so far.
    count: usize,
}

impl Samples {
    pub(super) fn new(scan: &Scan, comps: &[usize]) -> Self {
        let mcux = scan.width.div_ceil(8 * scan.hmax);
        let mcuy = scan.height.div_ceil(8 * scan.vmax);
        let planes: Vec<Plane> = scan
            .comps
            .iter()
            .enumerate()
            .map(|(i, c)| Plane {
                comp: i,
                stride: mcux * c.h,
                data: vec![0u8; mcux * c.h * mcuy * c.v],
            })
            .collect();
        let slots = scan
            .comps
            .iter()
            .enumerate()
            .flat_map(|(ci, c)| {
                let stride = planes[ci].stride;
                (0..c.v).flat_map(move |by| (0..c.h).map(move |bx| (ci, by * stride + bx)))
            })
            .collect::<Vec<_>>();
        debug_assert!(slots.iter().map(|s| s.0).eq(comps.iter().copied()));
        Self {
            steps: scan
                .comps
                .iter()
                .zip(&planes)
                .map(|(c, p)| (c.h, c.v * p.stride))
                .collect(),
            quant: scan.quant.iter().map(|q| q[0]).collect(),
            row_start: vec![0; planes.len()],
            planes,
            slots,
            pred: [0; 3],
            mcux,
            slot: 0,
            mx: 0,
            count: 0,
        }
    }

    /// Blocks filled so far.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// The next block's DC difference.
    pub(super) fn put(&mut self, diff: i16) {
        self.put_all(std::slice::from_ref(&diff));
    }

    /// The next blocks' DC differences, a row of MCUs per call at most (see [`row_blocks`]).
    pub(super) fn put_all(&mut self, mut diffs: &[i16]) {
        while !diffs.is_empty() {
            // The blocks left in the current row of MCUs (at least one, whatever the scan).
            let left = (self.mcux.saturating_sub(self.mx) * self.slots.len())
                .saturating_sub(self.slot)
                .max(1);
            let (span, rest) = diffs.split_at(left.min(diffs.len()));
            self.put_span(span);
            diffs = rest;
        }
    }

    /// Blocks from the next one on, all in its row of MCUs: the MCU begun first, then whole MCUs.
    #[inline(never)]
    fn put_span(&mut self, diffs: &[i16]) {
        let mut data: Vec<&mut [u8]> = self
            .planes
            .iter_mut()
            .zip(&self.row_start)
            .map(|(p, &start)| p.data.get_mut(start..).unwrap_or_default())
            .collect();
        let (pred, quant, steps) = (&mut self.pred, &self.quant, &self.steps);
        let mut fill = |mx: usize, diff: i16, &(ci, offset): &(usize, usize)| {
            if let (Some(pred), Some(&q), Some(&(across, _)), Some(out)) = (
                pred.get_mut(ci),
                quant.get(ci),
                steps.get(ci),
                data.get_mut(ci),
            ) {
                *pred = pred.wrapping_add(diff);
                if let Some(out) = out.get_mut(mx * across + offset) {
                    *out = dc_sample(*pred, q);
                }
            }
        };
        let n = self.slots.len();
        let (mut slot, mut mx) = (self.slot, self.mx);
        let begun = n.saturating_sub(slot).min(diffs.len()) * usize::from(slot > 0);
        let (first, whole) = diffs.split_at(begun);
        for (&diff, s) in first.iter().zip(&self.slots[slot.min(n)..]) {
            fill(mx, diff, s);
        }
        slot += begun;
        for mcu in whole.chunks(n.max(1)) {
            if slot == n {
                (slot, mx) = (0, mx + 1);
            }
            for (&diff, s) in mcu.iter().zip(&self.slots) {
                fill(mx, diff, s);
            }
            slot += mcu.len();
        }
        if slot == n {
            (slot, mx) = (0, mx + 1);
        }
        self.count += diffs.len();
        (self.slot, self.mx) = (slot, mx);
        if mx >= self.mcux {
            self.mx = 0;
            for (start, &(_, down)) in self.row_start.iter_mut().zip(&self.steps) {
                *start += down;
            }
        }
    }

    /// The planes, once every block is filled.
    pub(super) fn planes(self, blocks: usize) -> R<Vec<Plane>> {
        if self.count != blocks {
            return Err(Declined);
        }
        Ok(self.planes)
    }
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

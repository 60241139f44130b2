//! Worker A: the file from its start, decoded as its bytes arrive up to where B started, then
//! joined to B's record.

use super::split_scan;
use super::{AHEAD, Bits, Samples, Saved, Step, TailRecord, data_bytes, layout, row_blocks};
use crate::fast_jpeg::scan::Scan;
use crate::fast_jpeg::{Declined, Header, KEEP, R, parse};
use crate::planes::Ycc;

/// Worker A's first half: the blocks before the point where B starts, decoded while B works,
/// fed the file's bytes as they arrive ([`Head::advance`]), then joined to B's record
/// ([`Head::join`]). Holds no reference to the bytes: every call gets them again.
pub struct Head {
    header: Header,
    /// Where B's tail starts in the file.
    at: usize,
    /// The samples of the blocks decoded so far.
    samples: Samples,
    bits: Saved,
    phase: usize,
    /// Where B's run starts in the tail (by the same rule as `Tail::advance`), and that point
    /// in the file; known once the bytes just after `at` have arrived.
    found: Option<(u32, usize)>,
    /// That point in A's data bits (B's bit 0); known once A's reader is near it.
    offset: Option<i64>,
    /// B's starting point is reached (or every block is decoded).
    there: bool,
}

impl Head {
    /// `first`: the file's first bytes, its headers at least; `at`: where B's tail starts.
    pub fn start(first: &[u8], at: usize) -> R<Self> {
        let header = parse(first)?;
        let (scan, _) = split_scan(&header)?;
        if at <= header.start {
            return Err(Declined);
        }
        let samples = Samples::new(&scan, &layout(&scan));
        let bits = Bits::new(first, header.start).save();
        Ok(Self {
            header,
            at,
            samples,
            bits,
            phase: 0,
            found: None,
            offset: None,
            there: false,
        })
    }

    /// Decodes what `part` (the file from its start, as much of it as has arrived; the same
    /// bytes, longer, on every call) allows, up to B's starting point, never within [`AHEAD`]
    /// bytes of its end.
    pub fn advance(&mut self, part: &[u8]) -> R<()> {
        if self.there {
            return Ok(());
        }
        let start = self.header.start;
        if self.found.is_none() && part.len() > self.at + 2 {
            let mut begin = 1;
            while part.get(self.at + begin - 1) == Some(&0xFF) {
                begin += 1;
            }
            let meet = self.at + begin;
            if meet < part.len() {
                self.found = Some((u32::try_from(begin).map_err(|_| Declined)?, meet));
            }
        }
        let (scan, blocks) = split_scan(&self.header)?;
        let comps = layout(&scan);
        let mut bits = Bits::resume(part, self.bits);
        let row = row_blocks(&scan, &comps);
        let mut pending = Vec::with_capacity(row);
        let step = loop {
            let end = part.len().saturating_sub(AHEAD);
            // Until B's first byte is known in A's data bits, A stops short of it.
            let (offset, limit) = match (self.offset, self.found) {
                (Some(offset), _) => (offset, end),
                (None, Some((_, meet))) => (i64::MAX, end.min(meet.saturating_sub(AHEAD))),
                (None, None) => (i64::MAX, end),
            };
            let run = Run {
                scan: &scan,
                comps: &comps,
                start,
                offset,
                blocks,
                limit,
            };
            let done = self.samples.count();
            let step = run.blocks(&mut bits, &mut self.phase, done, &mut pending, row);
            // A row of MCUs' samples at a time: cheaper than block by block.
            self.samples.put_all(&pending);
            pending.clear();
            match (step?, self.offset, self.found) {
                (Step::Wait, None, Some((_, meet))) if bits.pos + AHEAD > meet => {
                    // B's bit 0 in A's count: the data bits A's reader has taken in, and the
                    // data bytes from there to B's first byte (never counted through the half).
                    let offset = if bits.pos <= meet {
                        bits.bit_pos(start)
                            + i64::from(bits.n)
                            + 8 * data_bytes(&part[bits.pos..meet]) as i64
                    } else {
                        8 * data_bytes(&part[start..meet]) as i64
                    };
                    self.offset = Some(offset);
                }
                (Step::More, ..) => {}
                (step, ..) => break step,
            }
        };
        self.there = matches!(step, Step::Done);
        self.bits = bits.save();
        Ok(())
    }

    /// Carries on from B's starting point over `part` (the file up to past `at`, all of it
    /// now) until it meets B's record `tail`; then the image at 1/8 scale.
    pub fn join(mut self, part: &[u8], tail: &TailRecord) -> R<Ycc> {
        self.advance(part)?;
        if !self.there {
            return Err(Declined); // `part` does not reach B's start
        }
        let Head {
            header,
            mut samples,
            bits,
            mut phase,
            found,
            offset,
            ..
        } = self;
        let (scan, blocks) = split_scan(&header)?;
        let comps = layout(&scan);
        let start = header.start;
        // Unless A decoded every block itself (the data ended before the cut), B's run must
        // start where A expects it.
        let (begin, offset) = match (found, offset) {
            (Some((begin, _)), Some(offset)) => (begin, offset),
            _ if samples.count() >= blocks => (tail.begin, 0),
            _ => return Err(Declined),
        };
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
        while samples.count() < blocks {
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
                    .get(j..j + (blocks - samples.count()))
                    .ok_or(Declined)?;
                samples.put_all(rest);
                joined = true;
                break;
            }
            let mut pred = 0i16;
            scan.block::<1>(&mut bits, comps[phase], &mut pred, &mut coef)?;
            samples.put(pred);
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
        scan.to_ycc(&samples.planes(blocks)?)
    }
}

/// What one call of [`Run::blocks`] works with.
struct Run<'s> {
    scan: &'s Scan<'s>,
    comps: &'s [usize],
    start: usize,
    /// B's starting point in A's data bits (`i64::MAX` while unknown).
    offset: i64,
    blocks: usize,
    /// No block starts within [`AHEAD`] bytes of the bytes that have arrived.
    limit: usize,
}

impl Run<'_> {
    /// Up to `count` blocks after the `done` ones, their DC differences pushed on `diffs` (a
    /// call of its own: see [`row_blocks`]).
    #[inline(never)]
    fn blocks(
        &self,
        bits: &mut Bits,
        phase: &mut usize,
        done: usize,
        diffs: &mut Vec<i16>,
        count: usize,
    ) -> R<Step> {
        let mut coef = [0i32; KEEP];
        for i in 0..count {
            if done + i >= self.blocks {
                return Ok(Step::Done);
            }
            if bits.pos > self.limit {
                return Ok(Step::Wait);
            }
            if bits.n < 32 {
                bits.refill();
            }
            if bits.eof {
                return Err(Declined); // a truncated file
            }
            if bits.bit_pos(self.start) >= self.offset {
                return Ok(Step::Done);
            }
            let mut pred = 0i16;
            self.scan
                .block::<1>(bits, self.comps[*phase], &mut pred, &mut coef)?;
            diffs.push(pred);
            *phase = (*phase + 1) % self.comps.len();
        }
        Ok(Step::More)
    }
}

/// Both of worker A's steps at once (tests).
#[cfg(test)]
pub fn decode_joined(part: &[u8], at: usize, tail: &TailRecord) -> R<Ycc> {
    Head::start(part, at)?.join(part, tail)
}

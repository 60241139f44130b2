//! Worker B: the tail of the file, decoded from a guessed start as its bytes arrive.

use super::{AHEAD, Bits, Saved, Step, TailRecord, layout, row_blocks, split_scan};
use crate::fast_jpeg::scan::Scan;
use crate::fast_jpeg::{Declined, Header, KEEP, R, parse};

/// Blocks of B's run whose starting bit is recorded: A meets B well within the first of them.
pub(in crate::fast_jpeg) const SYNC_BLOCKS: usize = 1 << 14;

/// Worker B's scan of the tail, fed its bytes as they arrive ([`Tail::advance`]).
pub struct Tail {
    header: Header,
    /// Where the run starts in the tail, once the tail's first bytes are there.
    begin: Option<usize>,
    bits: Option<Saved>,
    phase: usize,
    record: TailRecord,
}

impl Tail {
    /// `head` holds the file's headers up to the scan (its first bytes).
    pub fn start(head: &[u8]) -> R<Self> {
        let header = parse(head)?;
        let (_, blocks) = split_scan(&header)?;
        Ok(Self {
            header,
            begin: None,
            bits: None,
            phase: 0,
            record: TailRecord {
                begin: 0,
                positions: Vec::with_capacity(SYNC_BLOCKS),
                phases: Vec::with_capacity(SYNC_BLOCKS),
                diffs: Vec::with_capacity(blocks / 2 + 64),
                clean_end: false,
            },
        })
    }

    /// Decodes what `tail` (the file from the cut on, as much of it as has arrived; the same
    /// bytes, longer, on every call) allows: all of it when it is `complete`, else up to
    /// [`AHEAD`] bytes before its end.
    pub fn advance(&mut self, tail: &[u8], complete: bool) -> R<()> {
        let (scan, blocks) = split_scan(&self.header)?;
        let comps = layout(&scan);
        let begin = match self.begin {
            Some(begin) => begin,
            None => {
                // Start on a byte that is data, not the stuffing 0x00 of a 0xFF before it.
                let mut begin = 1;
                while tail.get(begin - 1) == Some(&0xFF) {
                    begin += 1;
                }
                if begin >= tail.len() {
                    return if complete { Err(Declined) } else { Ok(()) };
                }
                self.record.begin = u32::try_from(begin).map_err(|_| Declined)?;
                self.begin = Some(begin);
                begin
            }
        };
        let mut bits = match self.bits {
            Some(saved) => Bits::resume(tail, saved),
            None => Bits::new(tail, begin),
        };
        let limit = if complete {
            usize::MAX
        } else {
            tail.len().saturating_sub(AHEAD)
        };
        let row = row_blocks(&scan, &comps);
        let run = Run {
            scan: &scan,
            comps: &comps,
            begin,
            blocks,
            limit,
        };
        while let Step::More = run.blocks(&mut bits, &mut self.phase, &mut self.record, row)? {}
        self.bits = Some(bits.save());
        Ok(())
    }

    /// The record, once [`Tail::advance`] has seen the whole tail.
    pub fn finish(mut self, tail: &[u8]) -> R<TailRecord> {
        self.advance(tail, true)?;
        let bits = Bits::resume(tail, self.bits.ok_or(Declined)?);
        // The data must end at a marker, as `Scan::run` requires of the whole file.
        self.record.clean_end = !bits.eof && !matches!(bits.marker, Some(0xD0..=0xD7));
        Ok(self.record)
    }
}

/// What one call of [`Run::blocks`] works with.
struct Run<'s> {
    scan: &'s Scan<'s>,
    comps: &'s [usize],
    begin: usize,
    blocks: usize,
    /// No block starts within [`AHEAD`] bytes of the bytes that have arrived.
    limit: usize,
}

impl Run<'_> {
    /// Up to `count` blocks (a call of its own: see [`row_blocks`]). Past the end of the data
    /// only zeros come: a few blocks' worth ends the run. More blocks than the image has means B
    /// is lost in something that is not this scan.
    #[inline(never)]
    fn blocks(
        &self,
        bits: &mut Bits,
        phase: &mut usize,
        record: &mut TailRecord,
        count: usize,
    ) -> R<Step> {
        let mut coef = [0i32; KEEP];
        for _ in 0..count {
            if bits.zero_fill > 8 || record.diffs.len() > self.blocks {
                return Ok(Step::Done);
            }
            if bits.pos > self.limit {
                return Ok(Step::Wait);
            }
            if bits.n < 32 {
                bits.refill();
            }
            let at = bits.bit_pos(self.begin);
            if record.positions.len() < SYNC_BLOCKS {
                record
                    .positions
                    .push(u32::try_from(at).map_err(|_| Declined)?);
                record.phases.push(*phase as u8);
            }
            let before = *bits;
            let mut pred = 0i16;
            if self
                .scan
                .block::<1>(bits, self.comps[*phase], &mut pred, &mut coef)
                .is_ok()
            {
                record.diffs.push(pred);
                *phase = (*phase + 1) % self.comps.len();
            } else if before.marker.is_some() {
                return Ok(Step::Done); // the padding after the last block
            } else {
                // Not in step yet: start again one bit after where this block started.
                *bits = before;
                bits.skip(1);
                record.positions.clear();
                record.phases.clear();
                record.diffs.clear();
                *phase = 0;
            }
        }
        Ok(Step::More)
    }
}

/// Worker B in one go: `head` holds the headers, `tail` the whole file from some offset on.
#[cfg(test)]
pub fn scan_tail(head: &[u8], tail: &[u8]) -> R<TailRecord> {
    Tail::start(head)?.finish(tail)
}

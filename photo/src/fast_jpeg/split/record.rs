//! Worker B's record ([`TailRecord`]) and the bytes it travels in between the workers.

use super::SYNC_BLOCKS;
use crate::fast_jpeg::{Declined, R};

/// Bytes of the tail's record before its arrays.
const RECORD_HEAD: usize = 20;
const MAGIC: &[u8; 4] = b"FJT1";

/// What worker B found in the tail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TailRecord {
    /// Where in the tail B's last run started (a byte that is not the stuffing after a 0xFF).
    pub begin: u32,
    /// Start of each recorded block, in data bits from `begin`, and the block of the MCU B took
    /// it for.
    pub positions: Vec<u32>,
    pub phases: Vec<u8>,
    /// Every block's DC difference, in order.
    pub diffs: Vec<i16>,
    /// The data ended at a marker (not truncated).
    pub clean_end: bool,
}

impl TailRecord {
    /// Little-endian bytes (what travels between the workers).
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.positions.len();
        let mut out = Vec::with_capacity(RECORD_HEAD + 5 * n + 2 * self.diffs.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.begin.to_le_bytes());
        out.extend_from_slice(&(n as u32).to_le_bytes());
        out.extend_from_slice(&(self.diffs.len() as u32).to_le_bytes());
        out.extend_from_slice(&u32::from(self.clean_end).to_le_bytes());
        // The arrays written in place (one pass each, no capacity check per element).
        let positions_at = out.len();
        out.resize(positions_at + 4 * n, 0);
        for (o, p) in out[positions_at..].chunks_exact_mut(4).zip(&self.positions) {
            o.copy_from_slice(&p.to_le_bytes());
        }
        out.extend_from_slice(&self.phases);
        let diffs_at = out.len();
        out.resize(diffs_at + 2 * self.diffs.len(), 0);
        for (o, d) in out[diffs_at..].chunks_exact_mut(2).zip(&self.diffs) {
            o.copy_from_slice(&d.to_le_bytes());
        }
        out
    }

    /// The inverse of [`TailRecord::to_bytes`]; anything malformed is declined.
    pub fn from_bytes(bytes: &[u8]) -> R<Self> {
        let word = |i: usize| -> R<u32> {
            let b = bytes.get(i..i + 4).ok_or(Declined)?;
            Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        if bytes.get(..4) != Some(&MAGIC[..]) {
            return Err(Declined);
        }
        let (begin, n, m) = (word(4)?, word(8)? as usize, word(12)? as usize);
        let clean_end = match word(16)? {
            0 => false,
            1 => true,
            _ => return Err(Declined),
        };
        let phases_at = RECORD_HEAD + 4 * n;
        let diffs_at = phases_at + n;
        if n > SYNC_BLOCKS || bytes.len() != diffs_at + 2 * m {
            return Err(Declined);
        }
        let positions = bytes[RECORD_HEAD..phases_at]
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let diffs = bytes[diffs_at..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(Self {
            begin,
            positions,
            phases: bytes[phases_at..diffs_at].to_vec(),
            diffs,
            clean_end,
        })
    }
}

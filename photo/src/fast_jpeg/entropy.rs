//! The entropy-coded data: Huffman tables with lookahead and skip tables, and the bit stream.

use super::{Declined, R};

pub(super) struct Huffman {
    /// `LUT_BITS` lookahead: `len << 8 | symbol`, 0 for codes longer than `LUT_BITS`.
    pub(super) lut: Box<[u16; LUT_SIZE]>,
    /// For skipping AC coefficients: what the next `LUT_BITS` bits hold, as whole coefficients
    /// (code and magnitude bits), up to an end-of-block; see [`Skip`]. 0 when not even one fits.
    pub(super) skip: Box<[u32; LUT_SIZE]>,
    /// For lengths 1–16: the largest code of that length (−1 if none), and the offset that turns
    /// a code into an index into `values`.
    pub(super) maxcode: [i32; 18],
    pub(super) valoffset: [i32; 17],
    pub(super) values: Vec<u8>,
}

pub(super) const LUT_BITS: u32 = 11;
pub(super) const LUT_SIZE: usize = 1 << LUT_BITS;

impl Huffman {
    /// A table from a DHT segment; `ac` also builds the skipping lookahead.
    pub(super) fn new(counts: &[u8; 16], values: &[u8], ac: bool) -> R<Self> {
        let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
        if total == 0 || total > 256 || total != values.len() {
            return Err(Declined);
        }
        let mut lut = Box::new([0u16; LUT_SIZE]);
        let mut maxcode = [-1i32; 18];
        let mut valoffset = [0i32; 17];
        let mut code: i32 = 0;
        let mut k: i32 = 0;
        for len in 1..=16u32 {
            let count = i32::from(counts[len as usize - 1]);
            if count > 0 {
                if code + count > (1 << len) {
                    return Err(Declined); // over-subscribed code
                }
                valoffset[len as usize] = k - code;
                for i in 0..count {
                    let c = code + i;
                    if len <= LUT_BITS {
                        let sym = u16::from(values[(k + i) as usize]);
                        let shift = LUT_BITS - len;
                        let start = (c as usize) << shift;
                        for slot in &mut lut[start..start + (1 << shift)] {
                            *slot = ((len as u16) << 8) | sym;
                        }
                    }
                }
                code += count;
                k += count;
                maxcode[len as usize] = code - 1;
            }
            code <<= 1;
        }
        maxcode[17] = i32::MAX; // sentinel
        // One coefficient starting at the top of `bits` (`avail` of them known): its length in
        // bits and how far it moves the zig-zag index, if it fits.
        let unit = |bits: u32, avail: u32| -> Option<(u32, u32)> {
            let entry = lut[(bits >> (32 - LUT_BITS)) as usize];
            let (len, rs) = (u32::from(entry >> 8), u32::from(entry & 0xFF));
            let (run, size) = (rs >> 4, rs & 15);
            let advance = match (run, size) {
                (15, 0) => 16,
                (_, 0) => 64, // end of block
                _ => run + 1,
            };
            (entry != 0 && len + size <= avail).then_some((len + size, advance))
        };
        let mut skip = Box::new([0u32; LUT_SIZE]);
        for (p, slot) in skip.iter_mut().enumerate().filter(|_| ac) {
            let mut bits = (p as u32) << (32 - LUT_BITS);
            let mut avail = LUT_BITS;
            let Some((first_len, first_adv)) = unit(bits, avail) else {
                continue;
            };
            let (mut len, mut adv, mut before_last) = (0, 0, 0);
            while let Some((l, a)) = unit(bits, avail) {
                before_last = adv;
                len += l;
                adv += a;
                bits <<= l;
                avail -= l;
                if a == 64 || adv >= 64 {
                    break;
                }
            }
            *slot = Skip {
                len,
                adv,
                before_last,
                first_len,
                first_adv,
            }
            .pack();
        }
        Ok(Self {
            lut,
            skip,
            maxcode,
            valoffset,
            values: values.to_vec(),
        })
    }
}

/// A run of whole AC coefficients in the lookahead, packed in a `u32`: all of them take `len`
/// bits and move the zig-zag index by `adv` (`before_last` without the last one); the first one
/// alone takes `first_len` bits and moves it by `first_adv`. All of them may be skipped at once
/// only while the block is not over before the last one (index + `before_last` < 64): a block
/// whose last coefficient is non-zero has no end-of-block code, and the next block follows.
pub(super) struct Skip {
    pub(super) len: u32,
    pub(super) adv: u32,
    pub(super) before_last: u32,
    pub(super) first_len: u32,
    pub(super) first_adv: u32,
}

impl Skip {
    pub(super) fn pack(&self) -> u32 {
        self.len
            | self.first_len << 4
            | self.adv << 8
            | self.before_last << 16
            | self.first_adv << 24
    }
}

/// The entropy-coded bit stream: bytes with 0xFF00 stuffing, ending at a marker.
///
/// `Copy`, and the rare paths take and return it by value: its address never escapes the decode
/// loop, so the compiler keeps the bit buffer in registers.
#[derive(Clone, Copy)]
pub(super) struct Bits<'a> {
    pub(super) data: &'a [u8],
    pub(super) pos: usize,
    /// Left-aligned bit buffer and the number of valid bits in it.
    pub(super) acc: u64,
    pub(super) n: u32,
    /// A marker was met: zeros are fed from here on.
    pub(super) marker: Option<u8>,
    /// The data ended without a marker (a truncated file).
    pub(super) eof: bool,
    /// Raw bytes read that carry no data (stuffing, fill bytes, the marker) minus the zero bytes
    /// fed after the end: see [`Bits::bit_pos`].
    pub(super) skew: isize,
    /// Zero bytes fed after the end of the data.
    pub(super) zero_fill: usize,
}

impl<'a> Bits<'a> {
    pub(super) fn new(data: &'a [u8], pos: usize) -> Self {
        Self {
            data,
            pos,
            acc: 0,
            n: 0,
            marker: None,
            eof: false,
            skew: 0,
            zero_fill: 0,
        }
    }

    /// Tops the buffer up to at least 49 valid bits (so a code of up to 16 bits and its up to
    /// 15 magnitude bits can always be read). Usually one unaligned 8-byte load: the bytes that
    /// fit are added and the position advances by that many whole bytes; the bits of the next,
    /// partial byte land below the valid ones, and are the same bits the next refill adds again.
    #[inline(always)]
    pub(super) fn refill(&mut self) {
        if self.marker.is_none()
            && let Some(b) = self.data.get(self.pos..).and_then(<[u8]>::first_chunk::<8>)
        {
            let word = u64::from_be_bytes(*b);
            let ff = ff_bytes(word);
            if ff == 0 {
                self.acc |= word >> self.n;
                self.pos += ((63 - self.n) >> 3) as usize;
                self.n |= 56;
                return;
            }
            // Take the whole bytes before the first 0xFF (never a partial one: after a
            // marker the stream continues with zeros); the byte-wise path does the rest.
            let k = (ff.leading_zeros() >> 3).min((63 - self.n) >> 3);
            if k > 0 {
                self.acc |= (word & !(u64::MAX >> (8 * k))) >> self.n;
                self.n += 8 * k;
                self.pos += k as usize;
                if self.n > 48 {
                    return;
                }
            }
        }
        *self = self.refill_slow();
    }

    /// Byte by byte: stuffing, markers and the end of the data.
    #[cold]
    #[inline(never)]
    pub(super) fn refill_slow(mut self) -> Self {
        while self.n <= 48 {
            if self.marker.is_some() {
                self.n += 8; // zeros
                self.skew -= 1;
                self.zero_fill += 1;
            } else {
                self.refill_byte();
            }
        }
        self
    }

    #[inline(always)]
    pub(super) fn refill_byte(&mut self) {
        let byte = match self.data.get(self.pos) {
            None => {
                self.eof = true;
                self.marker = Some(0);
                self.skew -= 1;
                self.zero_fill += 1;
                0
            }
            Some(&0xFF) => {
                // Skip fill bytes (0xFF 0xFF …); 0xFF 0x00 is a stuffed 0xFF.
                let mut p = self.pos + 1;
                while self.data.get(p) == Some(&0xFF) {
                    p += 1;
                }
                match self.data.get(p) {
                    Some(0x00) => {
                        self.skew += (p - self.pos) as isize;
                        self.pos = p + 1;
                        0xFF
                    }
                    Some(&m) => {
                        self.skew += (p + 1 - self.pos) as isize - 1;
                        self.zero_fill += 1;
                        self.pos = p + 1;
                        self.marker = Some(m);
                        0
                    }
                    None => {
                        self.eof = true;
                        self.marker = Some(0);
                        self.skew -= 1;
                        self.zero_fill += 1;
                        0
                    }
                }
            }
            Some(&b) => {
                self.pos += 1;
                b
            }
        };
        self.acc |= u64::from(byte) << (56 - self.n);
        self.n += 8;
    }

    /// How many data bits were consumed since `origin` (the raw position the reading started
    /// from): raw bytes read, less those that carry no data, in bits, less the bits still
    /// buffered. Two readers of the same data that started at different places agree on it up to
    /// a constant: that is how two halves decoded apart find where they meet (`split`).
    #[inline(always)]
    pub(super) fn bit_pos(&self, origin: usize) -> i64 {
        ((self.pos - origin) as i64 - self.skew as i64) * 8 - i64::from(self.n)
    }

    #[inline(always)]
    pub(super) fn peek(&self, bits: u32) -> u32 {
        (self.acc >> (64 - bits)) as u32
    }

    #[inline(always)]
    pub(super) fn skip(&mut self, bits: u32) {
        self.acc <<= bits;
        self.n -= bits;
    }

    /// `bits` (≤ 16) bits as a signed value (JPEG's EXTEND).
    #[inline(always)]
    pub(super) fn receive_extend(&mut self, bits: u32) -> i32 {
        if bits == 0 {
            return 0;
        }
        let v = self.peek(bits) as i32;
        self.skip(bits);
        if v < (1 << (bits - 1)) {
            v - (1 << bits) + 1
        } else {
            v
        }
    }

    /// One Huffman symbol; needs at least 16 bits in the buffer.
    #[inline(always)]
    pub(super) fn symbol(&mut self, table: &Huffman) -> R<u8> {
        let entry = table.lut[self.peek(LUT_BITS) as usize];
        if entry != 0 {
            self.skip(u32::from(entry >> 8));
            return Ok(entry as u8);
        }
        let mut len = LUT_BITS + 1;
        let mut code = self.peek(len) as i32;
        while len <= 16 && code > table.maxcode[len as usize] {
            len += 1;
            code = self.peek(len) as i32;
        }
        if len > 16 {
            return Err(Declined);
        }
        self.skip(len);
        let index = code + table.valoffset[len as usize];
        table.values.get(index as usize).copied().ok_or(Declined)
    }

    /// After a restart interval: drop the remaining bits and expect RSTn.
    #[inline(always)]
    pub(super) fn restart(&mut self, expected: u8) -> R<()> {
        self.acc = 0;
        self.n = 0;
        match self.marker.take() {
            Some(m) if m == 0xD0 + expected => Ok(()),
            Some(_) => Err(Declined),
            None => {
                // The marker is the next thing in the data (after optional fill bytes).
                let mut p = self.pos;
                while self.data.get(p) == Some(&0xFF) {
                    p += 1;
                }
                if p > self.pos && self.data.get(p) == Some(&(0xD0 + expected)) {
                    self.pos = p + 1;
                    Ok(())
                } else {
                    Err(Declined)
                }
            }
        }
    }
}

/// A mask with the high bit set in the bytes of `word` that are 0xFF (a stuffed byte or a
/// marker): zero when there is none, and its first set byte is never after the first 0xFF (it
/// can flag a 0xFE just before a 0xFF too, which only costs the byte-wise path).
#[inline(always)]
pub(super) fn ff_bytes(word: u64) -> u64 {
    let x = !word; // a 0xFF byte becomes 0x00
    x.wrapping_sub(0x0101_0101_0101_0101) & !x & 0x8080_8080_8080_8080
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ff_detection() {
        let first = |w: u64| (ff_bytes(w) != 0).then(|| ff_bytes(w).leading_zeros() / 8);
        assert_eq!(first(0x1234_5678_12FF_3456), Some(5));
        assert_eq!(first(0xFF00_0000_0000_0000), Some(0));
        assert_eq!(first(0x0000_0000_0000_00FF), Some(7));
        assert_eq!(first(0x1234_5678_9ABC_DEF0), None);
        assert_eq!(first(0xFEFE_FEFE_FEFE_FEFE), None);
        assert_eq!(first(0), None);
        // A 0xFE right before a 0xFF may be flagged too: never later than the 0xFF.
        assert!(first(0x1234_56FE_FF00_0000).unwrap() <= 4);
    }

    #[test]
    fn huffman_tables_reject_oversubscribed_codes() {
        let mut counts = [0u8; 16];
        counts[0] = 3; // three 1-bit codes
        assert!(Huffman::new(&counts, &[1, 2, 3], true).is_err());
        counts[0] = 2;
        assert!(Huffman::new(&counts, &[1, 2], true).is_ok());
        assert!(Huffman::new(&counts, &[1], false).is_err());
    }
}

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

use image::RgbImage;

/// Not decoded here: the caller falls back to the general decoder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declined;

type R<T> = Result<T, Declined>;

struct Huffman {
    /// `LUT_BITS` lookahead: `len << 8 | symbol`, 0 for codes longer than `LUT_BITS`.
    lut: Box<[u16; LUT_SIZE]>,
    /// For skipping AC coefficients: what the next `LUT_BITS` bits hold, as whole coefficients
    /// (code and magnitude bits), up to an end-of-block; see [`Skip`]. 0 when not even one fits.
    skip: Box<[u32; LUT_SIZE]>,
    /// For lengths 1–16: the largest code of that length (−1 if none), and the offset that turns
    /// a code into an index into `values`.
    maxcode: [i32; 18],
    valoffset: [i32; 17],
    values: Vec<u8>,
}

const LUT_BITS: u32 = 11;
const LUT_SIZE: usize = 1 << LUT_BITS;

impl Huffman {
    /// A table from a DHT segment; `ac` also builds the skipping lookahead.
    fn new(counts: &[u8; 16], values: &[u8], ac: bool) -> R<Self> {
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
struct Skip {
    len: u32,
    adv: u32,
    before_last: u32,
    first_len: u32,
    first_adv: u32,
}

impl Skip {
    fn pack(&self) -> u32 {
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
struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
    /// Left-aligned bit buffer and the number of valid bits in it.
    acc: u64,
    n: u32,
    /// A marker was met: zeros are fed from here on.
    marker: Option<u8>,
    /// The data ended without a marker (a truncated file).
    eof: bool,
}

impl<'a> Bits<'a> {
    fn new(data: &'a [u8], pos: usize) -> Self {
        Self {
            data,
            pos,
            acc: 0,
            n: 0,
            marker: None,
            eof: false,
        }
    }

    /// Tops the buffer up to at least 49 valid bits (so a code of up to 16 bits and its up to
    /// 15 magnitude bits can always be read). Usually one unaligned 8-byte load: the bytes that
    /// fit are added and the position advances by that many whole bytes; the bits of the next,
    /// partial byte land below the valid ones, and are the same bits the next refill adds again.
    #[inline(always)]
    fn refill(&mut self) {
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
    fn refill_slow(mut self) -> Self {
        while self.n <= 48 {
            if self.marker.is_some() {
                self.n += 8; // zeros
            } else {
                self.refill_byte();
            }
        }
        self
    }

    #[inline(always)]
    fn refill_byte(&mut self) {
        let byte = match self.data.get(self.pos) {
            None => {
                self.eof = true;
                self.marker = Some(0);
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
                        self.pos = p + 1;
                        0xFF
                    }
                    Some(&m) => {
                        self.pos = p + 1;
                        self.marker = Some(m);
                        0
                    }
                    None => {
                        self.eof = true;
                        self.marker = Some(0);
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

    #[inline(always)]
    fn peek(&self, bits: u32) -> u32 {
        (self.acc >> (64 - bits)) as u32
    }

    #[inline(always)]
    fn skip(&mut self, bits: u32) {
        self.acc <<= bits;
        self.n -= bits;
    }

    /// `bits` (≤ 16) bits as a signed value (JPEG's EXTEND).
    #[inline(always)]
    fn receive_extend(&mut self, bits: u32) -> i32 {
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
    fn symbol(&mut self, table: &Huffman) -> R<u8> {
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
    fn restart(&mut self, expected: u8) -> R<()> {
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
fn ff_bytes(word: u64) -> u64 {
    let x = !word; // a 0xFF byte becomes 0x00
    x.wrapping_sub(0x0101_0101_0101_0101) & !x & 0x8080_8080_8080_8080
}

struct Component {
    id: u8,
    h: usize,
    v: usize,
    tq: usize,
    td: usize,
    ta: usize,
}

/// Zig-zag positions kept: the 1×1, 2×2 or 4×4 lowest frequencies need zig-zag 0, 0–4 or 0–24.
const KEEP: usize = 25;

/// Zig-zag index of the natural position (row, column), for rows and columns 0–3.
const ZIGZAG_4X4: [[usize; 4]; 4] = [[0, 1, 5, 6], [2, 4, 7, 13], [3, 8, 12, 17], [9, 11, 18, 24]];

/// Decodes `bytes` at 1/8 (`idct == 1`), 1/4 (`idct == 2`) or 1/2 scale (`idct == 4`), to RGB.
pub fn decode(bytes: &[u8], idct: usize) -> R<RgbImage> {
    if !matches!(idct, 1 | 2 | 4) {
        return Err(Declined);
    }
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
                let scan = Scan::new(width, height, comps, &qt, &dc, &ac, restart_interval, idct)?;
                return scan.run(bytes, pos);
            }
            0xD9 => return Err(Declined),
            _ => {} // APPn, COM, DNL, … : skipped
        }
    }
}

/// The decoding state carried from one MCU row to the next.
struct Row<'a> {
    bits: Bits<'a>,
    /// DC predictors, one per component.
    pred: [i16; 3],
    /// MCUs left before the next restart marker, and that marker's number.
    mcus_left: usize,
    next_rst: u8,
}

struct Plane {
    comp: usize,
    /// Blocks across and down, including the MCU padding.
    bw: usize,
    bh: usize,
    /// Samples across and down at this scale (bw × idct, bh × idct).
    stride: usize,
    data: Vec<u8>,
}

struct Scan<'t> {
    width: usize,
    height: usize,
    comps: Vec<Component>,
    quant: Vec<[i32; KEEP]>,
    dc: Vec<&'t Huffman>,
    ac: Vec<&'t Huffman>,
    restart_interval: usize,
    idct: usize,
    hmax: usize,
    vmax: usize,
}

impl<'t> Scan<'t> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        width: usize,
        height: usize,
        comps: Vec<Component>,
        qt: &[Option<[u16; KEEP]>; 4],
        dc: &'t [Option<Huffman>; 4],
        ac: &'t [Option<Huffman>; 4],
        restart_interval: usize,
        idct: usize,
    ) -> R<Self> {
        let hmax = comps.iter().map(|c| c.h).max().ok_or(Declined)?;
        let vmax = comps.iter().map(|c| c.v).max().ok_or(Declined)?;
        for c in &comps {
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
        for c in &comps {
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

    fn run(self, bytes: &[u8], start: usize) -> R<RgbImage> {
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
                    bw,
                    bh,
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
        self.to_rgb(&planes)
    }

    /// Decodes one row of MCUs into the planes; compiled once per scale `S` (1, 2 or 4 output
    /// samples per block side). A function of its own, called once per row, for the browser's
    /// sake: V8 first runs wasm with its baseline compiler and swaps in optimised code only on
    /// a later call, so even the first photo gets the optimised code after a few rows.
    #[inline(never)]
    fn mcu_row<const S: usize>(
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
    fn block<const S: usize>(
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

    /// Upsamples the chroma planes (libjpeg's "fancy" triangle filter) and converts to RGB.
    fn to_rgb(&self, planes: &[Plane]) -> R<RgbImage> {
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
            let cb = upsample(&planes[1], self.hmax / c1.h, self.vmax / c1.v, ow, oh, s);
            let cr = upsample(&planes[2], self.hmax / c2.h, self.vmax / c2.v, ow, oh, s);
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

// The scaled inverse DCTs, as jpeg-decoder computes them (src/idct.rs), on the zig-zag-ordered
// coefficients and quantisation table heads. Wrapping arithmetic: a malformed file must not
// overflow into a panic. `out` starts at the block's first output sample.

#[inline(always)]
fn px(v: i32) -> u8 {
    v.clamp(0, 255) as u8
}

/// 1/8 scale: the block's mean, (dc·q + 1024) / 8 (the +1024 is the level shift, 128 × 8).
#[inline(always)]
fn idct_1x1(coef: &[i32; KEEP], q: &[i32; KEEP], out: &mut [u8]) {
    if let Some(o) = out.first_mut() {
        *o = px(coef[0].wrapping_mul(q[0]).wrapping_add(1024) / 8);
    }
}

/// 1/4 scale: a 2×2 inverse DCT from (0,0), (0,1), (1,0), (1,1) — zig-zag 0, 1, 2 and 4.
#[inline(always)]
fn idct_2x2(coef: &[i32; KEEP], q: &[i32; KEEP], stride: usize, out: &mut [u8]) {
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
fn idct_4x4(coef: &[i32; KEEP], q: &[i32; KEEP], stride: usize, out: &mut [u8]) {
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

/// Upsamples a chroma plane by `fx`×`fy` (1 or 2) to `ow`×`oh` samples with libjpeg's "fancy"
/// triangle filter: along a doubled axis each output sample weighs the two nearest input
/// samples 3:1 (edges repeat).
fn upsample(plane: &Plane, fx: usize, fy: usize, ow: usize, oh: usize, s: usize) -> Vec<u8> {
    let (pw, ph) = ((plane.bw * s).max(1), (plane.bh * s).max(1));
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

/// JFIF YCbCr → RGB (ITU-R BT.601 full range), 20-bit fixed point as in `jpeg-decoder`.
#[inline(always)]
fn ycbcr_to_rgb(y: u8, cb: u8, cr: u8) -> [u8; 3] {
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

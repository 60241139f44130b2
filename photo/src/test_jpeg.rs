//! A small baseline JPEG encoder for the tests only: chroma subsampling (4:4:4, 4:2:2, 4:2:0,
//! 4:4:0), grayscale, restart intervals, and Huffman tables with codes from 2 to 16 bits (so the
//! decoders' slow paths run too). `image`'s encoder writes only 4:4:4 without restarts; phones
//! write 4:2:0, often with restart markers.

use image::RgbImage;

pub struct Options {
    /// Luma sampling factors (chroma is 1×1); ignored for grayscale.
    pub h: usize,
    pub v: usize,
    pub gray: bool,
    /// MCUs between restart markers (0: none).
    pub restart: usize,
    /// Quantiser step for every coefficient except the DC (which uses 8).
    pub q: u16,
}

const ZIGZAG: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

struct Table {
    counts: [u8; 16],
    symbols: Vec<u8>,
    code: [(u16, u8); 256],
}

impl Table {
    fn new(lengths: &[(usize, usize)], symbols: Vec<u8>) -> Self {
        let mut counts = [0u8; 16];
        for &(len, n) in lengths {
            counts[len - 1] = n as u8;
        }
        let mut code = [(0u16, 0u8); 256];
        let (mut c, mut k) = (0u16, 0usize);
        for len in 1..=16u8 {
            for _ in 0..counts[usize::from(len) - 1] {
                code[usize::from(symbols[k])] = (c, len);
                c += 1;
                k += 1;
            }
            c <<= 1;
        }
        assert_eq!(k, symbols.len());
        Self {
            counts,
            symbols,
            code,
        }
    }

    fn dc() -> Self {
        Self::new(&[(3, 5), (4, 4), (5, 3)], (0..12).collect())
    }

    fn ac() -> Self {
        // EOB, ZRL, then (run, size) by size: 162 symbols over lengths 2–16.
        let mut symbols = vec![0x00, 0xF0];
        for s in 1..=10u8 {
            for r in 0..16u8 {
                symbols.push(r << 4 | s);
            }
        }
        Self::new(&[(2, 1), (3, 2), (6, 10), (10, 60), (16, 89)], symbols)
    }
}

struct Writer {
    out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl Writer {
    fn bits(&mut self, value: u16, len: u8) {
        for i in (0..len).rev() {
            self.acc = (self.acc << 1) | u32::from((value >> i) & 1);
            self.n += 1;
            if self.n == 8 {
                let byte = self.acc as u8;
                self.out.push(byte);
                if byte == 0xFF {
                    self.out.push(0);
                }
                self.acc = 0;
                self.n = 0;
            }
        }
    }

    fn flush(&mut self) {
        while self.n != 0 {
            self.bits(1, 1);
        }
    }
}

fn category(v: i32) -> (u8, u16) {
    let size = (32 - v.unsigned_abs().leading_zeros()) as u8;
    let bits = if v < 0 {
        (v - 1) as u16 & ((1 << size) - 1)
    } else {
        v as u16
    };
    (size, bits)
}

fn fdct(block: &[f32; 64]) -> [f32; 64] {
    let mut out = [0f32; 64];
    for v in 0..8 {
        for u in 0..8 {
            let mut sum = 0f32;
            for y in 0..8 {
                for x in 0..8 {
                    sum += block[y * 8 + x]
                        * ((2 * x + 1) as f32 * u as f32 * std::f32::consts::PI / 16.0).cos()
                        * ((2 * y + 1) as f32 * v as f32 * std::f32::consts::PI / 16.0).cos();
                }
            }
            let cu = if u == 0 {
                std::f32::consts::FRAC_1_SQRT_2
            } else {
                1.0
            };
            let cv = if v == 0 {
                std::f32::consts::FRAC_1_SQRT_2
            } else {
                1.0
            };
            out[v * 8 + u] = 0.25 * cu * cv * sum;
        }
    }
    out
}

/// Encodes `image` as a baseline JPEG.
pub fn encode(image: &RgbImage, o: &Options) -> Vec<u8> {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let ycc: Vec<[f32; 3]> = image
        .pixels()
        .map(|p| {
            let [r, g, b] = p.0.map(f32::from);
            [
                0.299 * r + 0.587 * g + 0.114 * b,
                128.0 - 0.168_736 * r - 0.331_264 * g + 0.5 * b,
                128.0 + 0.5 * r - 0.418_688 * g - 0.081_312 * b,
            ]
        })
        .collect();
    let (hs, vs) = if o.gray { (1, 1) } else { (o.h, o.v) };
    let ncomp = if o.gray { 1 } else { 3 };
    // Sample of component c at (x, y) in its own grid (chroma: box average), edges replicated.
    let sample = |c: usize, x: usize, y: usize| -> f32 {
        let (fx, fy) = if c == 0 { (1, 1) } else { (hs, vs) };
        let mut sum = 0.0;
        for dy in 0..fy {
            for dx in 0..fx {
                let px = (x * fx + dx).min(w - 1);
                let py = (y * fy + dy).min(h - 1);
                sum += ycc[py * w + px][c];
            }
        }
        sum / (fx * fy) as f32
    };
    let mut quant = [o.q; 64];
    quant[0] = 8;
    let (dc, ac) = (Table::dc(), Table::ac());

    let mut out = vec![0xFF, 0xD8];
    let mut segment = |marker: u8, body: &[u8]| {
        out.extend([0xFF, marker]);
        out.extend(((body.len() + 2) as u16).to_be_bytes());
        out.extend(body);
    };
    let mut dqt = vec![0u8];
    dqt.extend(ZIGZAG.iter().map(|&i| quant[i] as u8));
    segment(0xDB, &dqt);
    let mut sof = vec![8];
    sof.extend((h as u16).to_be_bytes());
    sof.extend((w as u16).to_be_bytes());
    sof.push(ncomp as u8);
    for c in 0..ncomp {
        let f = if c == 0 { (hs << 4 | vs) as u8 } else { 0x11 };
        sof.extend([c as u8 + 1, f, 0]);
    }
    segment(0xC0, &sof);
    for (class, t) in [(0x00, &dc), (0x10, &ac)] {
        let mut body = vec![class];
        body.extend(t.counts);
        body.extend(&t.symbols);
        segment(0xC4, &body);
    }
    if o.restart > 0 {
        segment(0xDD, &(o.restart as u16).to_be_bytes());
    }
    let mut sos = vec![ncomp as u8];
    for c in 0..ncomp {
        sos.extend([c as u8 + 1, 0x00]);
    }
    sos.extend([0, 63, 0]);
    segment(0xDA, &sos);

    let mut wr = Writer {
        out: Vec::new(),
        acc: 0,
        n: 0,
    };
    let mut pred = [0i32; 3];
    let (mcux, mcuy) = (w.div_ceil(8 * hs), h.div_ceil(8 * vs));
    let mut count = 0;
    for my in 0..mcuy {
        for mx in 0..mcux {
            if o.restart > 0 && count > 0 && count % o.restart == 0 {
                wr.flush();
                wr.out
                    .extend([0xFF, 0xD0 + ((count / o.restart - 1) % 8) as u8]);
                pred = [0; 3];
            }
            count += 1;
            for (c, pred) in pred.iter_mut().enumerate().take(ncomp) {
                let (bh, bv) = if c == 0 { (hs, vs) } else { (1, 1) };
                for by in 0..bv {
                    for bx in 0..bh {
                        let mut block = [0f32; 64];
                        for y in 0..8 {
                            for x in 0..8 {
                                let sx = (mx * bh + bx) * 8 + x;
                                let sy = (my * bv + by) * 8 + y;
                                // Component grids are smaller for chroma; clamp to them.
                                let (cw, ch) = if c == 0 {
                                    (w, h)
                                } else {
                                    (w.div_ceil(hs), h.div_ceil(vs))
                                };
                                block[y * 8 + x] =
                                    sample(c, sx.min(cw - 1), sy.min(ch - 1)) - 128.0;
                            }
                        }
                        let f = fdct(&block);
                        let q: Vec<i32> = ZIGZAG
                            .iter()
                            .map(|&i| (f[i] / f32::from(quant[i])).round() as i32)
                            .collect();
                        let (size, bits) = category(q[0] - *pred);
                        *pred = q[0];
                        let (code, len) = dc.code[usize::from(size)];
                        wr.bits(code, len);
                        wr.bits(bits, size);
                        let mut run = 0;
                        for &v in &q[1..] {
                            if v == 0 {
                                run += 1;
                                continue;
                            }
                            while run > 15 {
                                let (code, len) = ac.code[0xF0];
                                wr.bits(code, len);
                                run -= 16;
                            }
                            let (size, bits) = category(v);
                            let (code, len) = ac.code[usize::from((run << 4) as u8 | size)];
                            wr.bits(code, len);
                            wr.bits(bits, size);
                            run = 0;
                        }
                        if run > 0 {
                            let (code, len) = ac.code[0x00];
                            wr.bits(code, len);
                        }
                    }
                }
            }
        }
    }
    wr.flush();
    out.extend(wr.out);
    out.extend([0xFF, 0xD9]);
    out
}

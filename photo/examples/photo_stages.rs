//! Times each stage of the photo pipeline on a real file (natively):
//!
//! ```sh
//! cargo run --release -p feira-photo --example photo_stages -- photo.jpg [runs] [icone|fundo] [dump.png]
//! ```
//!
//! With a fourth argument, also writes the resized, upright image before JPEG encoding there
//! (to measure the resampling alone, e.g. SSIM against a reference). The figures for the
//! browser are in docs/benchmarks.md (`webapp/bench/photo.mjs`).

use feira_photo::{PhotoKind, stages};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: photo_stages FILE [RUNS] [icone|fundo] [DUMP.png]")?;
    let runs: usize = args.next().map(|r| r.parse()).transpose()?.unwrap_or(8);
    let kind = PhotoKind::parse(&args.next().unwrap_or_else(|| "icone".into()))?;
    let dump = args.next();
    let bytes = std::fs::read(path)?;
    for _ in 0..runs {
        let s = stages::time(&bytes, kind)?;
        println!(
            "open {:?}, decode {:?} to {:?}, resize {:?} to {:?}; whole process {:?} ({} bytes){}",
            s.open,
            s.decode,
            s.decoded,
            s.resize,
            s.resized,
            s.whole,
            s.jpeg_bytes,
            s.jpeg_decoder
                .map(|d| format!("; jpeg-decoder alone {d:?}"))
                .unwrap_or_default()
        );
        // The two halves of the webapp's two-worker split (cut in the middle, as it does).
        let at = bytes.len() / 2;
        let t = std::time::Instant::now();
        let tail = feira_photo::scan_tail(&bytes[..at.min(256 << 10)], &bytes[at..]);
        let b = t.elapsed();
        let t = std::time::Instant::now();
        let part = &bytes[..(at + (64 << 10)).min(bytes.len())];
        let started = feira_photo::SplitPhoto::start(part.to_vec(), at, kind);
        let a1 = t.elapsed();
        let t = std::time::Instant::now();
        let joined = started.zip(tail).and_then(|(s, tail)| s.finish(&tail));
        let a2 = t.elapsed();
        println!(
            "  split at {at}: worker B {b:?}; worker A {a1:?} meanwhile, then {a2:?} ({})",
            match joined {
                Some(p) if p.jpeg.len() == s.jpeg_bytes => "joined, same size as one pass",
                Some(_) => "joined, DIFFERENT from one pass",
                None => "not joined: one pass",
            }
        );
        if let Some(dump) = &dump {
            s.upright.save(dump)?;
        }
    }
    Ok(())
}

//! Times each stage of the photo pipeline on a real file (natively):
//!
//! ```sh
//! cargo run --release -p wasm-core --features photo --example photo_stages -- photo.jpg [runs] [icone|fundo] [dump.png]
//! ```
//!
//! With a fourth argument, also writes the resized, upright image before JPEG encoding there
//! (to measure the resampling alone, e.g. SSIM against a reference). The figures for the
//! browser are in docs/benchmarks.md (`webapp/bench/photo.mjs`).

use wasm_core::photo::{PhotoKind, stages};

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
        if let Some(dump) = &dump {
            s.upright.save(dump)?;
        }
    }
    Ok(())
}

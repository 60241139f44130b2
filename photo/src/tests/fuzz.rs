//! A mutation fuzzer for the upload path the API runs on every photo (decisions.md §16):
//! [`validate_upload`] (the header, the bounds, jpeg-decoder's full decode) and then
//! [`process`] (the hand-written `fast_jpeg` decoder at every DCT scale, resize, encode). Valid
//! JPEGs of every shape the encoders here make (baseline 4:4:4, 4:2:0 and 2×1 sampling, grey,
//! restart intervals, `image`'s own encoder, an EXIF orientation) are mutated — bits flipped,
//! bytes set to markers and extremes, runs cut, repeated or inserted, files spliced — and each
//! result is fed to the path **without** its panic guard. The properties:
//!
//! - nothing panics (the guard in production would hide a panic as 'unreadable'; here it fails);
//! - each input is answered within [`SLOW`] (no decoder loops on a hostile file);
//! - whatever `validate_upload` accepts, `process` re-encodes (the API stores only that).
//!
//! Deterministic: the run's seed is printed, and a failing input is written to
//! `target/fuzz-failures/` with it. `cargo test` runs a short round; `just fuzz-photo` runs it
//! for longer (`FEIRA_FUZZ_SECONDS`, and `FEIRA_FUZZ_SEED` to start elsewhere).

use super::*;
use std::time::{Duration, Instant};

/// Longest any one input may take (debug builds of the crate's own code included).
const SLOW: Duration = Duration::from_secs(5);

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % (n.max(1) as u64)).unwrap_or(0)
    }
}

/// The valid JPEGs mutations start from.
fn seeds() -> Vec<Vec<u8>> {
    use test_jpeg::{Options, encode};
    let img = photo_like(96, 64);
    let small = photo_like(17, 9);
    let mut seeds = vec![
        jpeg_of(&img, 80),
        jpeg_of(&small, 50),
        with_orientation(&jpeg_of(&img, 70), 6),
    ];
    for (h, v, gray, restart, q) in [
        (1, 1, false, 0, 4),
        (2, 2, false, 0, 8),
        (2, 1, false, 3, 2),
        (1, 1, true, 1, 16),
        (2, 2, false, 2, 1),
    ] {
        seeds.push(encode(
            &img,
            &Options {
                h,
                v,
                gray,
                restart,
                q,
            },
        ));
    }
    seeds
}

/// Bytes a mutation likes to write: markers, extremes, lengths.
const INTERESTING: [u8; 12] = [
    0x00, 0xFF, 0xD8, 0xD9, 0xDA, 0xDB, 0xC0, 0xC2, 0xC4, 0xDD, 0x7F, 0x80,
];

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut b = seeds[rng.below(seeds.len())].clone();
    for _ in 0..=rng.below(4) {
        if b.is_empty() {
            b.push(0xFF);
        }
        let at = rng.below(b.len());
        match rng.below(8) {
            0 => b[at] ^= 1 << rng.below(8),
            1 => b[at] = INTERESTING[rng.below(INTERESTING.len())],
            2 => b[at] = (rng.next() & 0xFF) as u8,
            3 => b.truncate(at.max(2)),
            4 => {
                let len = rng.below(64).min(b.len() - at);
                let run: Vec<u8> = b[at..at + len].to_vec();
                let to = rng.below(b.len());
                b.splice(to..to, run);
            }
            5 => {
                let len = rng.below(32).min(b.len() - at);
                b.drain(at..at + len);
            }
            6 => {
                let other = &seeds[rng.below(seeds.len())];
                let from = rng.below(other.len());
                b.truncate(at);
                b.extend_from_slice(&other[from..]);
            }
            _ => {
                // A segment length or a dimension set to an extreme (big-endian u16).
                if at + 1 < b.len() {
                    let v: u16 = [0, 1, 2, 0xFFFF, 0x7FFF, 0x8000][rng.below(6)];
                    b[at..at + 2].copy_from_slice(&v.to_be_bytes());
                }
            }
        }
    }
    b
}

/// The API's upload path, without the panic guard: `Err(why)` when a property fails.
fn check(input: &[u8]) -> Result<(), String> {
    let started = Instant::now();
    let run = std::panic::catch_unwind(|| {
        let kind = PhotoKind::Icone;
        let (max_w, max_h) = kind.bounds();
        let accepted = format::sniff(input) == format::Format::Jpeg
            && decode::jpeg_dimensions(input).is_ok_and(|(w, h)| w <= max_w && h <= max_h)
            && decode::decode_jpeg_fully(input).is_ok();
        // The hand-written decoder at each scale, whatever jpeg-decoder said.
        for idct in [1, 2, 4, 8] {
            let _ = fast_jpeg::decode(input, idct);
        }
        let processed = process_inner(input, kind);
        (accepted, processed.map(|p| p.jpeg.len()))
    });
    let took = started.elapsed();
    match run {
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(format!("panicked: {what}"))
        }
        Ok(_) if took > SLOW => Err(format!("took {took:?}")),
        Ok((true, Err(e))) => Err(format!("validated but did not re-encode: {e}")),
        Ok((true, Ok(0))) => Err("validated but re-encoded to nothing".into()),
        Ok(_) => Ok(()),
    }
}

fn settings() -> (u64, Duration, usize) {
    let seed = std::env::var("FEIRA_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_F00D_CAFE_0001);
    let seconds = std::env::var("FEIRA_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    // Without a time, a fixed short round (cargo test).
    let rounds = if seconds == 0 { 400 } else { usize::MAX };
    (seed, Duration::from_secs(seconds), rounds)
}

#[test]
fn the_upload_path_survives_mutated_jpegs() {
    let (seed, time, rounds) = settings();
    let seeds = seeds();
    for s in &seeds {
        assert_eq!(check(s), Ok(()), "a seed itself fails");
        assert!(
            validate_upload(s, PhotoKind::Icone).is_ok(),
            "seeds are valid"
        );
    }
    let mut rng = Rng(seed.max(1));
    let started = Instant::now();
    let (mut runs, mut accepted) = (0_usize, 0_usize);
    while runs < rounds && (time.is_zero() || started.elapsed() < time) {
        let input = mutate(&mut rng, &seeds);
        if let Err(why) = check(&input) {
            let dir =
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-failures");
            let _ = std::fs::create_dir_all(&dir);
            let file = dir.join(format!("upload-{seed}-{runs}.jpg"));
            let _ = std::fs::write(&file, &input);
            panic!(
                "input {runs} of seed {seed} {why} (saved as {})",
                file.display()
            );
        }
        accepted += usize::from(validate_upload(&input, PhotoKind::Icone).is_ok());
        runs += 1;
    }
    println!(
        "fuzz: {runs} mutated inputs in {:?} from seed {seed}, {accepted} still valid JPEGs",
        started.elapsed()
    );
    assert!(runs > 0);
}

//! A large JPEG decoded by two workers (`fast_jpeg::split`) gives exactly what one pass gives,
//! wherever the file is cut; what cannot be joined is declined, never guessed.

use super::*;
use crate::fast_jpeg::{self, split};

/// Worker B's record of `jpeg` cut at `at`, as the webapp sends it (the head is at most 256 KiB).
fn record(jpeg: &[u8], at: usize) -> Option<split::TailRecord> {
    split::scan_tail(&jpeg[..at.min(256 << 10)], &jpeg[at..]).ok()
}

/// Worker A's part: the file up to `at` plus a margin.
fn part(jpeg: &[u8], at: usize, margin: usize) -> &[u8] {
    &jpeg[..(at + margin).min(jpeg.len())]
}

#[test]
fn joined_halves_equal_one_pass_for_every_layout() {
    use test_jpeg::{Options, encode};
    let image = photo_like(517, 389); // not a multiple of any MCU size
    let layouts = [
        (2, 2, false, 5),
        (2, 1, false, 3),
        (1, 2, false, 4),
        (1, 1, false, 2),
        (1, 1, true, 3),
    ];
    for (h, v, gray, q) in layouts {
        let jpeg = encode(
            &image,
            &Options {
                h,
                v,
                gray,
                restart: 0,
                q,
            },
        );
        let whole = fast_jpeg::decode(&jpeg, 1).unwrap();
        let (mut joined, mut cuts) = (0, 0);
        for tenth in 1..10 {
            let at = jpeg.len() * tenth / 10 + tenth; // odd offsets too
            cuts += 1;
            let Some(tail) = record(&jpeg, at) else {
                continue;
            };
            // Through the bytes that travel between the workers.
            let tail = split::TailRecord::from_bytes(&tail.to_bytes()).unwrap();
            if let Ok(image) = split::decode_joined(part(&jpeg, at, 64 << 10), at, &tail) {
                assert_eq!(
                    image, whole,
                    "{h}x{v} gray {gray}: cut at {at} joined wrongly"
                );
                joined += 1;
            }
        }
        assert_eq!(
            joined, cuts,
            "{h}x{v} gray {gray}: {joined} of {cuts} cuts joined"
        );
    }
}

#[test]
fn a_split_photo_is_byte_identical_to_the_one_pass_photo() {
    // Large enough for the 1/8 scale (the split's only scale) to serve a 300 px target.
    let jpeg = with_orientation(&jpeg_of(&photo_like(2600, 1950), 92), 6);
    let whole = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((whole.width, whole.height), (225, 300));
    for at in [jpeg.len() / 3, jpeg.len() / 2, jpeg.len() * 2 / 3] {
        let tail =
            scan_tail(&jpeg[..at.min(256 << 10)], &jpeg[at..]).expect("a baseline JPEG splits");
        let photo = process_split(part(&jpeg, at, 64 << 10), at, &tail, PhotoKind::Icone)
            .expect("the halves join");
        assert_eq!(photo, whole, "cut at {at}");
    }
    // A background (800 px wide) needs the 1/2 scale: not split, the caller does it in one pass.
    let at = jpeg.len() / 2;
    let tail = scan_tail(&jpeg[..at], &jpeg[at..]).unwrap();
    assert!(process_split(part(&jpeg, at, 64 << 10), at, &tail, PhotoKind::Fundo).is_none());
}

#[test]
fn what_cannot_be_joined_is_declined() {
    use test_jpeg::{Options, encode};
    let jpeg = jpeg_of(&photo_like(2600, 1950), 92);
    let at = jpeg.len() / 2;
    let tail = scan_tail(&jpeg[..at], &jpeg[at..]).unwrap();
    let kind = PhotoKind::Icone;
    // A's part must reach past the cut, and the record must be B's.
    assert!(process_split(&jpeg[..at - 1], at, &tail, kind).is_none());
    assert!(process_split(part(&jpeg, at, 64 << 10), at, &tail[..tail.len() - 1], kind).is_none());
    assert!(process_split(part(&jpeg, at, 64 << 10), at, b"FJT1 not a record", kind).is_none());
    // A truncated file: B's data ends without a marker, so nothing is joined (the one-pass
    // decoder gives the verdict).
    let cut = &jpeg[..jpeg.len() * 9 / 10];
    let tail = scan_tail(&cut[..at], &cut[at..]).unwrap();
    assert!(process_split(part(cut, at, 64 << 10), at, &tail, kind).is_none());
    // Not split at all: restart markers (each interval decodes on its own anyway), PNG, a head
    // without the scan's header.
    let restarts = encode(
        &photo_like(517, 389),
        &Options {
            h: 2,
            v: 2,
            gray: false,
            restart: 4,
            q: 5,
        },
    );
    assert!(
        scan_tail(
            &restarts[..restarts.len() / 2],
            &restarts[restarts.len() / 2..]
        )
        .is_none()
    );
    let png = png_of(&photo_like(64, 48));
    assert!(scan_tail(&png, &png[10..]).is_none());
    assert!(scan_tail(&jpeg[..100], &jpeg[at..]).is_none());
}

#[test]
fn the_record_survives_its_bytes_and_refuses_other_lengths() {
    let jpeg = jpeg_of(&photo_like(640, 480), 90);
    let at = jpeg.len() / 2;
    let tail = record(&jpeg, at).unwrap();
    assert!(!tail.positions.is_empty() && tail.clean_end);
    assert_eq!(tail.positions.len(), tail.phases.len());
    let bytes = tail.to_bytes();
    assert_eq!(split::TailRecord::from_bytes(&bytes).unwrap(), tail);
    assert!(split::TailRecord::from_bytes(&bytes[..bytes.len() - 2]).is_err());
    let mut longer = bytes.clone();
    longer.extend([0, 0]);
    assert!(split::TailRecord::from_bytes(&longer).is_err());
    assert!(split::TailRecord::from_bytes(&[]).is_err());
}

#[test]
fn fed_in_pieces_as_they_arrive_the_split_gives_the_same_photo() {
    let jpeg = with_orientation(&jpeg_of(&photo_like(2600, 1950), 92), 6);
    let kind = PhotoKind::Icone;
    let whole = process(&jpeg, kind).unwrap();
    let at = jpeg.len() / 2;
    let end = (at + (64 << 10)).min(jpeg.len());
    for piece in [997usize, 4096, 65536, 1 << 20] {
        let mut b = TailScan::start(&jpeg[..64 << 10]).expect("a baseline JPEG splits");
        for chunk in jpeg[at..].chunks(piece) {
            assert!(b.push(chunk.to_vec()));
        }
        let tail = b.finish().expect("a record");
        // A's first piece holds the headers; the rest come as they would from the reads.
        let first = 4096.max(piece).min(end);
        let mut a = SplitPhoto::start(jpeg[..first].to_vec(), at, kind).expect("A starts");
        for chunk in jpeg[first..end].chunks(piece) {
            assert!(a.push(chunk.to_vec()));
        }
        assert_eq!(
            a.finish(&tail),
            Some(whole.clone()),
            "pieces of {piece} bytes"
        );
    }
    // Not split: a head without the scan's headers, or a first piece without them.
    assert!(TailScan::start(&jpeg[..100]).is_none());
    assert!(SplitPhoto::start(jpeg[..100].to_vec(), at, kind).is_none());
}

#[test]
fn the_warm_up_photo_goes_through_the_split() {
    // warm_up() must reach the code a phone photo reaches: it is only useful if it does.
    assert!(warm_up());
}

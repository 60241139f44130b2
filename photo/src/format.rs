//! Recognising a file by its first bytes, and reading a JPEG's EXIF orientation.

use image::metadata::Orientation;

/// What the first bytes of a file say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Jpeg,
    Png,
    WebP,
    /// An image format we recognise but do not decode (HEIC/AVIF, GIF, BMP, TIFF, …).
    OtherImage,
    /// Not an image we know of (random bytes, a PDF, an empty file, …).
    Unknown,
}

/// Sniffs the format from the magic bytes (never from a file name or a MIME type).
pub fn sniff(bytes: &[u8]) -> Format {
    match bytes {
        [0xFF, 0xD8, 0xFF, ..] => Format::Jpeg,
        [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Format::Png,
        [
            b'R',
            b'I',
            b'F',
            b'F',
            _,
            _,
            _,
            _,
            b'W',
            b'E',
            b'B',
            b'P',
            ..,
        ] => Format::WebP,
        // GIF87a/GIF89a, BMP, TIFF (both byte orders), JPEG XL (bare and boxed), ICO.
        [b'G', b'I', b'F', b'8', ..]
        | [b'B', b'M', ..]
        | [b'I', b'I', 42, 0, ..]
        | [b'M', b'M', 0, 42, ..]
        | [0xFF, 0x0A, ..]
        | [0, 0, 0, 0x0C, b'J', b'X', b'L', b' ', ..]
        | [0, 0, 1, 0, ..] => Format::OtherImage,
        // ISO-BMFF image brands: HEIC/HEIF (iPhone photos) and AVIF.
        [_, _, _, _, b'f', b't', b'y', b'p', b1, b2, b3, b4, ..]
            if matches!(
                &[*b1, *b2, *b3, *b4],
                b"heic"
                    | b"heix"
                    | b"hevc"
                    | b"hevx"
                    | b"heim"
                    | b"heis"
                    | b"mif1"
                    | b"msf1"
                    | b"avif"
                    | b"avis"
            ) =>
        {
            Format::OtherImage
        }
        _ => Format::Unknown,
    }
}

/// The EXIF orientation of a JPEG (APP1 `Exif\0\0` segment before the first scan); no tag, or
/// an unreadable one, means no transform. Never reads past the end of `bytes`.
pub fn jpeg_orientation(bytes: &[u8]) -> Orientation {
    jpeg_exif(bytes)
        .and_then(Orientation::from_exif_chunk)
        .unwrap_or(Orientation::NoTransforms)
}

/// The TIFF payload of a JPEG's first EXIF APP1 segment.
fn jpeg_exif(bytes: &[u8]) -> Option<&[u8]> {
    let mut pos = 2; // after SOI
    loop {
        if *bytes.get(pos)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(pos + 1)?;
        match marker {
            0xFF => pos += 1,               // fill byte
            0x01 | 0xD0..=0xD8 => pos += 2, // markers without a length
            0xDA | 0xD9 => return None,     // start of scan / end of image: no EXIF before it
            _ => {
                let len = usize::from(u16::from_be_bytes([
                    *bytes.get(pos + 2)?,
                    *bytes.get(pos + 3)?,
                ]));
                if len < 2 {
                    return None;
                }
                let end = (pos + 2 + len).min(bytes.len());
                let segment = bytes.get(pos + 4..end)?;
                if marker == 0xE1
                    && let Some(tiff) = segment.strip_prefix(b"Exif\0\0")
                {
                    return Some(tiff);
                }
                pos += 2 + len;
            }
        }
    }
}

/// Whether an orientation turns the image by a quarter (width and height swap).
pub fn swaps_axes(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_the_supported_formats() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Format::Jpeg);
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Format::Png);
        assert_eq!(sniff(b"RIFF\x10\0\0\0WEBPVP8 "), Format::WebP);
    }

    #[test]
    fn recognises_unsupported_images_and_unknown_bytes() {
        assert_eq!(sniff(b"GIF89a...."), Format::OtherImage);
        assert_eq!(sniff(b"\0\0\0\x18ftypheic\0\0\0\0"), Format::OtherImage);
        assert_eq!(sniff(b"\0\0\0\x1cftypavif\0\0\0\0"), Format::OtherImage);
        assert_eq!(sniff(b"%PDF-1.7"), Format::Unknown);
        assert_eq!(sniff(b""), Format::Unknown);
        assert_eq!(sniff(&[0xFF, 0xD8]), Format::Unknown);
    }

    #[test]
    fn orientation_of_broken_segments_is_none() {
        // A segment length running past the end, a zero length, garbage after SOI.
        for bytes in [
            &[0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, b'E'][..],
            &[0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00][..],
            &[0xFF, 0xD8, 0x12, 0x34][..],
            &[0xFF, 0xD8][..],
        ] {
            assert_eq!(jpeg_orientation(bytes), Orientation::NoTransforms);
        }
    }
}

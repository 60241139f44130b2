//! Bad input never panics and says why; the server's re-validation.

use super::*;

// --- Errors ------------------------------------------------------------------------------------

#[test]
fn truncated_files_give_an_error_never_a_panic() {
    let jpeg = jpeg_of(&photo_like(800, 600), 90);
    let png = png_of(&photo_like(300, 200));
    // A PNG cut inside its final IEND chunk (12 bytes) still has every pixel: not checked.
    for (bytes, tail) in [(&jpeg, 1), (&png, 13)] {
        for cut in [
            3,
            20,
            200,
            bytes.len() / 3,
            bytes.len() / 2,
            bytes.len() - 600,
            bytes.len() - tail,
        ] {
            let result =
                process_inner(&bytes[..cut], PhotoKind::Icone).map(|p| (p.width, p.height));
            assert!(
                matches!(result, Err(PhotoError::Truncated | PhotoError::Unreadable)),
                "cut at {cut} of {}: {result:?}",
                bytes.len()
            );
        }
    }
    let err = process(&jpeg[..jpeg.len() / 2], PhotoKind::Icone).unwrap_err();
    assert_eq!(err, PhotoError::Truncated);
    assert_eq!(
        err.to_string(),
        "Não foi possível ler esta imagem: o arquivo está incompleto."
    );
}

#[test]
fn random_bytes_give_an_error_never_a_panic() {
    let mut noise = Noise(12345);
    for len in [0, 1, 2, 3, 7, 64, 1000, 50_000] {
        let bytes: Vec<u8> = (0..len).map(|_| noise.next() as u8).collect();
        let err = process_inner(&bytes, PhotoKind::Icone).unwrap_err();
        assert_eq!(err, PhotoError::Unreadable, "{len} bytes");
        assert_eq!(err.to_string(), "Não foi possível ler esta imagem.");
    }
    // Random bytes behind a valid JPEG, PNG or WebP signature.
    for magic in [
        &b"\xFF\xD8\xFF"[..],
        b"\x89PNG\r\n\x1a\n",
        b"RIFF\0\0\0\0WEBP",
    ] {
        for seed in 1..50 {
            let mut noise = Noise(seed);
            let mut bytes = magic.to_vec();
            bytes.extend((0..2000).map(|_| noise.next() as u8));
            assert!(process_inner(&bytes, PhotoKind::Icone).is_err());
        }
    }
}

#[test]
fn corrupted_files_never_panic() {
    // Flip bytes of valid small files (headers, tables and entropy-coded data alike).
    let jpeg = with_orientation(&jpeg_of(&photo_like(96, 64), 80), 6);
    let png = png_of(&photo_like(96, 64));
    let mut webp = Vec::new();
    WebPEncoder::new_lossless(&mut webp)
        .encode(photo_like(96, 64).as_raw(), 96, 64, ExtendedColorType::Rgb8)
        .unwrap();
    let mut noise = Noise(7);
    for original in [&jpeg, &png, &webp] {
        for _ in 0..400 {
            let mut bytes = original.clone();
            for _ in 0..1 + noise.next() % 4 {
                let i = noise.next() as usize % bytes.len();
                bytes[i] = noise.next() as u8;
            }
            // Without the panic guard: a panic here would abort the wasm build.
            let _ = process_inner(&bytes, PhotoKind::Icone);
        }
    }
}

#[test]
fn unsupported_formats_say_so() {
    for bytes in [
        &b"GIF89a\x01\0\x01\0\0\0\0;"[..],
        b"\0\0\0\x18ftypheic\0\0\0\0mif1heic",
        b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0",
    ] {
        let err = process(bytes, PhotoKind::Icone).unwrap_err();
        assert_eq!(err, PhotoError::Unsupported);
        assert_eq!(
            err.to_string(),
            "Formato de imagem não suportado. Use JPEG, PNG ou WebP."
        );
    }
}

/// A JPEG whose frame header claims `w`×`h` (the data is a small image's).
fn jpeg_claiming(w: u16, h: u16) -> Vec<u8> {
    let mut jpeg = jpeg_of(&photo_like(16, 16), 80);
    let sof = jpeg.windows(2).position(|m| m == [0xFF, 0xC0]).unwrap();
    jpeg[sof + 5..sof + 7].copy_from_slice(&h.to_be_bytes());
    jpeg[sof + 7..sof + 9].copy_from_slice(&w.to_be_bytes());
    jpeg
}

#[test]
fn decompression_bombs_are_refused_before_decoding() {
    let err = process(&jpeg_claiming(65_000, 65_000), PhotoKind::Icone).unwrap_err();
    assert_eq!(err, PhotoError::TooManyPixels);
    assert_eq!(
        err.to_string(),
        "Esta imagem é grande demais (máximo de 60 megapixels)."
    );
    assert_eq!(
        process(&jpeg_claiming(10_000, 6_001), PhotoKind::Icone),
        Err(PhotoError::TooManyPixels)
    );
}

#[test]
fn kinds_parse() {
    assert_eq!(PhotoKind::parse("icone"), Ok(PhotoKind::Icone));
    assert_eq!(PhotoKind::parse("fundo"), Ok(PhotoKind::Fundo));
    assert_eq!(PhotoKind::parse("banner"), Err(PhotoError::InvalidKind));
}

#[test]
fn base64_has_no_prefix() {
    let photo = process(&jpeg_of(&photo_like(64, 64), 80), PhotoKind::Icone).unwrap();
    let b64 = photo.base64();
    assert!(b64.starts_with("/9j/"), "{}", &b64[..8]);
    assert_eq!(b64.len(), photo.jpeg.len().div_ceil(3) * 4);
}

// --- Server re-validation ----------------------------------------------------------------------

#[test]
fn validate_jpeg_accepts_a_processed_photo() {
    let photo = process(&jpeg_of(&photo_like(1200, 900), 85), PhotoKind::Icone).unwrap();
    assert_eq!(validate_jpeg(&photo.jpeg, 300), Ok((300, 225)));
    assert_eq!(
        validate_upload(&photo.jpeg, PhotoKind::Icone),
        Ok((300, 225))
    );
}

#[test]
fn validate_jpeg_refuses_other_formats_oversized_and_broken_files() {
    let png = png_of(&photo_like(100, 100));
    assert_eq!(validate_jpeg(&png, 300), Err(PhotoError::NotJpeg));
    assert_eq!(validate_jpeg(b"", 300), Err(PhotoError::NotJpeg));

    let big = jpeg_of(&photo_like(400, 300), 80);
    let err = validate_jpeg(&big, 300).unwrap_err();
    assert_eq!(
        err,
        PhotoError::OutOfBounds {
            max_width: 300,
            max_height: 300
        }
    );
    assert_eq!(
        err.to_string(),
        "A foto enviada é maior que o permitido (300×300 px)."
    );
    assert_eq!(validate_upload(&big, PhotoKind::Fundo), Ok((400, 300)));
    // A header claiming a huge image is refused without decoding it.
    assert!(matches!(
        validate_jpeg(&jpeg_claiming(40_000, 40_000), 300),
        Err(PhotoError::OutOfBounds { .. })
    ));

    let ok = jpeg_of(&photo_like(300, 200), 80);
    assert!(validate_jpeg(&ok[..ok.len() / 2], 300).is_err());
    let mut noise = Noise(99);
    let mut garbage = b"\xFF\xD8\xFF".to_vec();
    garbage.extend((0..5000).map(|_| noise.next() as u8));
    assert!(validate_jpeg(&garbage, 300).is_err());
}

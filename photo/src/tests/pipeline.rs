//! The pipeline's results: orientation, sizes and formats.

use super::*;

// --- Orientation -------------------------------------------------------------------------------

#[test]
fn orientation_6_portrait_comes_out_taller_than_wide() {
    // Stored landscape 1600×1200, left half red, right half blue; EXIF 6 = turn 90° clockwise.
    let stored = RgbImage::from_fn(1600, 1200, |x, _| {
        if x < 800 {
            Rgb([230, 20, 20])
        } else {
            Rgb([20, 20, 230])
        }
    });
    let jpeg = with_orientation(&jpeg_of(&stored, 90), 6);
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (225, 300));
    assert!(photo.height > photo.width);
    let out = decode_output(&photo);
    // Turned clockwise, the stored left (red) is now the top, the right (blue) the bottom.
    let top = mean(&out, 20, 10, 185, 100);
    let bottom = mean(&out, 20, 190, 185, 100);
    assert!(top[0] > 180 && top[2] < 70, "top should be red: {top:?}");
    assert!(
        bottom[2] > 180 && bottom[0] < 70,
        "bottom should be blue: {bottom:?}"
    );
}

#[test]
fn every_exif_orientation_gives_the_displayed_shape() {
    let jpeg = jpeg_of(&photo_like(640, 480), 85);
    for o in 1..=8u16 {
        let photo = process(&with_orientation(&jpeg, o), PhotoKind::Icone).unwrap();
        let expected = if o >= 5 { (225, 300) } else { (300, 225) };
        assert_eq!((photo.width, photo.height), expected, "orientation {o}");
        decode_output(&photo);
    }
    // An invalid orientation value is ignored.
    let photo = process(&with_orientation(&jpeg, 9), PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 225));
}

#[test]
fn orientation_is_applied_once_output_has_no_exif() {
    let jpeg = with_orientation(&jpeg_of(&photo_like(640, 480), 85), 6);
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!(
        format::jpeg_orientation(&photo.jpeg),
        image::metadata::Orientation::NoTransforms
    );
    // Processing the output again keeps it as it is.
    let again = process(&photo.jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((again.width, again.height), (photo.width, photo.height));
}

// --- Sizes -------------------------------------------------------------------------------------

#[test]
fn one_pixel_png_works() {
    let png = png_of(&RgbImage::from_pixel(1, 1, Rgb([10, 200, 30])));
    let photo = process(&png, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (1, 1));
    let p = decode_output(&photo).get_pixel(0, 0).0;
    assert!(p[1] > 150 && p[0] < 60, "{p:?}");
}

#[test]
fn twenty_megapixel_jpeg_gives_at_most_300_px() {
    let jpeg = jpeg_of(&photo_like(5472, 3648), 90);
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 200));
    decode_output(&photo);
    assert_eq!(validate_jpeg(&photo.jpeg, 300), Ok((300, 200)));
    assert!(photo.jpeg.len() < 60 * 1024, "{} bytes", photo.jpeg.len());
}

#[test]
fn backgrounds_are_at_most_800_wide_and_never_upscaled() {
    let landscape = jpeg_of(&photo_like(2000, 1500), 85);
    let photo = process(&landscape, PhotoKind::Fundo).unwrap();
    assert_eq!((photo.width, photo.height), (800, 600));
    decode_output(&photo);
    assert_eq!(
        validate_upload(&photo.jpeg, PhotoKind::Fundo),
        Ok((800, 600))
    );

    // A portrait phone photo (stored landscape, EXIF 6): 800 wide in the displayed orientation.
    let portrait = with_orientation(&landscape, 6);
    let photo = process(&portrait, PhotoKind::Fundo).unwrap();
    assert_eq!((photo.width, photo.height), (800, 1067));

    let small = jpeg_of(&photo_like(500, 260), 85);
    let photo = process(&small, PhotoKind::Fundo).unwrap();
    assert_eq!((photo.width, photo.height), (500, 260));
    let photo = process(&small, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 156));
}

#[test]
fn backgrounds_use_a_lower_quality_than_icons() {
    let jpeg = jpeg_of(&photo_like(600, 400), 95);
    let icone = process(&jpeg, PhotoKind::Icone).unwrap();
    let png = png_of(&decode_output(&icone));
    let as_icone = process(&png, PhotoKind::Icone).unwrap();
    let as_fundo = process(&png, PhotoKind::Fundo).unwrap();
    assert_eq!((as_fundo.width, as_fundo.height), (300, 200));
    assert!(as_fundo.jpeg.len() < as_icone.jpeg.len());
}

#[test]
fn resized_output_is_close_to_a_lanczos_reference() {
    // A large PNG (box average then Lanczos3) and a large JPEG (DCT-scaled decode then
    // Lanczos3) both stay close to a full-resolution Lanczos3 resize.
    let original = photo_like(2400, 1800);
    let reference =
        image::imageops::resize(&original, 300, 225, image::imageops::FilterType::Lanczos3);
    for (name, bytes) in [("png", png_of(&original)), ("jpeg", jpeg_of(&original, 92))] {
        let out = decode_output(&process(&bytes, PhotoKind::Icone).unwrap());
        let mse: f64 = out
            .as_raw()
            .iter()
            .zip(reference.as_raw())
            .map(|(&a, &b)| (f64::from(a) - f64::from(b)).powi(2))
            .sum::<f64>()
            / out.as_raw().len() as f64;
        let psnr = 10.0 * (255.0f64 * 255.0 / mse).log10();
        assert!(psnr > 30.0, "{name}: PSNR {psnr:.1} dB");
    }
}

// --- Formats -----------------------------------------------------------------------------------

#[test]
fn png_transparency_becomes_white() {
    let png = png_of_rgba(&RgbaImage::from_pixel(40, 20, Rgba([0, 0, 0, 0])));
    let out = decode_output(&process(&png, PhotoKind::Icone).unwrap());
    let p = mean(&out, 0, 0, 40, 20);
    assert!(p.iter().all(|&c| c > 245), "{p:?}");
}

#[test]
fn webp_is_decoded() {
    let image = RgbaImage::from_fn(700, 350, |x, _| Rgba([(x % 256) as u8, 90, 160, 255]));
    let mut webp = Vec::new();
    WebPEncoder::new_lossless(&mut webp)
        .encode(image.as_raw(), 700, 350, ExtendedColorType::Rgba8)
        .unwrap();
    let photo = process(&webp, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 150));
    decode_output(&photo);
}

#[test]
fn grayscale_jpeg_and_16_bit_png_are_decoded() {
    let gray = image::GrayImage::from_fn(400, 400, |x, y| image::Luma([((x + y) / 4) as u8]));
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, 85)
        .encode(gray.as_raw(), 400, 400, ExtendedColorType::L8)
        .unwrap();
    let photo = process(&jpeg, PhotoKind::Icone).unwrap();
    assert_eq!((photo.width, photo.height), (300, 300));

    let deep = image::ImageBuffer::<Rgb<u16>, Vec<u16>>::from_pixel(10, 10, Rgb([65535, 0, 0]));
    let mut png = Vec::new();
    let bytes: Vec<u8> = deep.as_raw().iter().flat_map(|v| v.to_be_bytes()).collect();
    PngEncoder::new(&mut png)
        .write_image(&bytes, 10, 10, ExtendedColorType::Rgb16)
        .unwrap();
    let p = decode_output(&process(&png, PhotoKind::Icone).unwrap())
        .get_pixel(5, 5)
        .0;
    assert!(p[0] > 200 && p[1] < 60, "{p:?}");
}

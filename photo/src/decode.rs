//! Decoding JPEG, PNG and WebP into 8-bit RGB.
//!
//! A JPEG is decoded at reduced scale when it is much larger than needed: a 1×1, 2×2 or 4×4
//! inverse DCT per 8×8 block instead of the full 8×8 one (scales 1/8, 1/4, 1/2), so a 12 MP
//! photo becomes a 0.2 MP image without ever existing at full size. The 1/8 scale keeps each
//! block's average (an area filter), so nothing aliases. Ordinary baseline JPEGs go through
//! `fast_jpeg`, the rest (progressive, CMYK, …) through `jpeg-decoder`'s own DCT scaling. PNG
//! and WebP have no such shortcut: they are decoded in full and then box-averaged by an integer
//! factor.

use std::io::Cursor;

use image::codecs::png::PngDecoder;
use image::codecs::webp::WebPDecoder;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageError, Limits, RgbImage};

use super::error::PhotoError;
use super::format::{self, Format};
use super::planes::Ycc;
use super::{MAX_PIXELS, fast_jpeg, resize};

/// An opened image: its header is read, its pixels are not decoded yet.
pub enum Source<'a> {
    Jpeg(Box<jpeg_decoder::Decoder<&'a [u8]>>, &'a [u8], u32, u32),
    Png(Box<PngDecoder<Cursor<&'a [u8]>>>),
    WebP(Box<WebPDecoder<Cursor<&'a [u8]>>>),
}

impl<'a> Source<'a> {
    /// Recognises the format and reads the header; refuses unknown formats and images of more
    /// than [`MAX_PIXELS`] pixels before any pixel is decoded.
    pub fn open(bytes: &'a [u8]) -> Result<Self, PhotoError> {
        let source = match format::sniff(bytes) {
            Format::Jpeg => {
                let mut decoder = jpeg_decoder::Decoder::new(bytes);
                decoder.read_info().map_err(jpeg_error)?;
                let info = decoder.info().ok_or(PhotoError::Unreadable)?;
                let (w, h) = (u32::from(info.width), u32::from(info.height));
                Source::Jpeg(Box::new(decoder), bytes, w, h)
            }
            Format::Png => Source::Png(Box::new(
                PngDecoder::with_limits(Cursor::new(bytes), limits()).map_err(image_error)?,
            )),
            Format::WebP => Source::WebP(Box::new(
                WebPDecoder::new(Cursor::new(bytes)).map_err(image_error)?,
            )),
            Format::OtherImage => return Err(PhotoError::Unsupported),
            Format::Unknown => return Err(PhotoError::Unreadable),
        };
        let (w, h) = source.dimensions();
        if w == 0 || h == 0 {
            return Err(PhotoError::Unreadable);
        }
        if u64::from(w) * u64::from(h) > MAX_PIXELS {
            return Err(PhotoError::TooManyPixels);
        }
        Ok(source)
    }

    /// Width and height as stored (before the EXIF orientation is applied).
    pub fn dimensions(&self) -> (u32, u32) {
        match self {
            Source::Jpeg(_, _, w, h) => (*w, *h),
            Source::Png(d) => d.dimensions(),
            Source::WebP(d) => d.dimensions(),
        }
    }

    /// The EXIF orientation (none when absent or unreadable).
    pub fn orientation(&mut self) -> Orientation {
        match self {
            Source::Jpeg(_, bytes, ..) => format::jpeg_orientation(bytes),
            Source::Png(d) => d.orientation().unwrap_or(Orientation::NoTransforms),
            Source::WebP(d) => d.orientation().unwrap_or(Orientation::NoTransforms),
        }
    }

    /// Decodes to YCbCr planes, at the smallest size that is still at least `min_w`×`min_h`
    /// when the format allows a cheap reduction (never below it, never above the stored size).
    pub fn decode_at_least(self, min_w: u32, min_h: u32) -> Result<Ycc, PhotoError> {
        match self.decode_rgb_or_ycc(min_w, min_h)? {
            Ok(ycc) => Ok(ycc),
            // Only a side beyond 65,535 (which no JPEG can hold) is refused.
            Err((rgb, averaged)) => {
                let ycc = Ycc::from_rgb(&rgb).ok_or(PhotoError::TooManyPixels)?;
                Ok(Ycc { averaged, ..ycc })
            }
        }
    }

    /// The planes straight from the JPEG when `fast_jpeg` decodes it, else RGB, and whether
    /// each of its pixels is the mean of a block of the original (a reduced decode).
    fn decode_rgb_or_ycc(
        self,
        min_w: u32,
        min_h: u32,
    ) -> Result<Result<Ycc, (RgbImage, bool)>, PhotoError> {
        Ok(Err(match self {
            Source::Jpeg(mut decoder, bytes, w, h) => {
                let scale = dct_scale(w, h, min_w, min_h);
                // 1/8, 1/4 and 1/2 scale: the skipping decoder for ordinary baseline JPEGs first.
                if scale <= 4
                    && let Ok(planes) = fast_jpeg::decode(bytes, scale as usize)
                {
                    return Ok(Ok(planes));
                }
                let (rw, rh) = (scaled(w, scale), scaled(h, scale));
                decoder
                    .scale(clamp_u16(rw), clamp_u16(rh))
                    .map_err(jpeg_error)?;
                let pixels = decoder.decode().map_err(jpeg_error)?;
                let info = decoder.info().ok_or(PhotoError::Unreadable)?;
                (jpeg_to_rgb(pixels, info)?, scale < 8)
            }
            Source::Png(decoder) => {
                other_to_rgb(DynamicImage::from_decoder(*decoder), min_w, min_h)?
            }
            Source::WebP(decoder) => {
                other_to_rgb(DynamicImage::from_decoder(*decoder), min_w, min_h)?
            }
        }))
    }
}

impl Source<'_> {
    /// Whether [`Source::decode_at_least`] would decode this JPEG at 1/8 scale, the one scale
    /// the two-worker split (`fast_jpeg::split`) serves.
    pub fn at_one_eighth(&self, min_w: u32, min_h: u32) -> bool {
        matches!(self, Source::Jpeg(_, _, w, h) if dct_scale(*w, *h, min_w, min_h) == 1)
    }
}

/// Decodes a JPEG in full (no scaling): the server's re-validation.
pub fn decode_jpeg_fully(bytes: &[u8]) -> Result<(u32, u32), PhotoError> {
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    decoder.set_max_decoding_buffer_size(max_buffer());
    let pixels = decoder.decode().map_err(jpeg_error)?;
    let info = decoder.info().ok_or(PhotoError::Unreadable)?;
    let expected =
        usize::from(info.width) * usize::from(info.height) * info.pixel_format.pixel_bytes();
    if pixels.len() != expected {
        return Err(PhotoError::Unreadable);
    }
    Ok((u32::from(info.width), u32::from(info.height)))
}

/// The JPEG header's width and height, without decoding the pixels.
pub fn jpeg_dimensions(bytes: &[u8]) -> Result<(u32, u32), PhotoError> {
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    decoder.read_info().map_err(jpeg_error)?;
    let info = decoder.info().ok_or(PhotoError::Unreadable)?;
    Ok((u32::from(info.width), u32::from(info.height)))
}

/// The inverse-DCT size (1, 2, 4 or 8 of every 8×8 block) that gives the smallest image at least
/// `min_w`×`min_h`; 8 (full size) when even that is smaller.
fn dct_scale(w: u32, h: u32, min_w: u32, min_h: u32) -> u32 {
    [1, 2, 4]
        .into_iter()
        .find(|&s| scaled(w, s) >= min_w && scaled(h, s) >= min_h)
        .unwrap_or(8)
}

/// `ceil(len × scale / 8)`, as `jpeg-decoder` computes the scaled size.
fn scaled(len: u32, scale: u32) -> u32 {
    (len * scale).div_ceil(8)
}

fn clamp_u16(v: u32) -> u16 {
    u16::try_from(v).unwrap_or(u16::MAX)
}

fn max_buffer() -> usize {
    usize::try_from(MAX_PIXELS * 4).unwrap_or(usize::MAX)
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    // The decoded image (up to 16-bit RGBA) plus the decoder's own buffers.
    limits.max_alloc = Some(MAX_PIXELS * 8 + (64 << 20));
    limits
}

fn jpeg_to_rgb(pixels: Vec<u8>, info: jpeg_decoder::ImageInfo) -> Result<RgbImage, PhotoError> {
    use jpeg_decoder::PixelFormat;
    let (w, h) = (u32::from(info.width), u32::from(info.height));
    let n = usize::from(info.width) * usize::from(info.height);
    if w == 0 || h == 0 || pixels.len() != n * info.pixel_format.pixel_bytes() {
        return Err(PhotoError::Unreadable);
    }
    let rgb = match info.pixel_format {
        PixelFormat::RGB24 => pixels,
        PixelFormat::L8 => pixels.iter().flat_map(|&v| [v, v, v]).collect(),
        PixelFormat::L16 => {
            // Native-endian samples of 9 to 16 bits: keep the 8 most significant used bits.
            let samples: Vec<u16> = pixels
                .chunks_exact(2)
                .map(|c| u16::from_ne_bytes([c[0], c[1]]))
                .collect();
            let max = samples.iter().copied().max().unwrap_or(0);
            let shift = (16 - max.leading_zeros()).saturating_sub(8);
            samples
                .iter()
                .flat_map(|&v| {
                    let v = u8::try_from(v >> shift).unwrap_or(u8::MAX);
                    [v, v, v]
                })
                .collect()
        }
        PixelFormat::CMYK32 => pixels
            .chunks_exact(4)
            .flat_map(|p| {
                // jpeg-decoder hands out inverted CMYK (Adobe's convention): multiply by K.
                let k = 255 - u16::from(p[3]);
                let ch = |c: u8| u8::try_from((255 - u16::from(c)) * k / 255).unwrap_or(u8::MAX);
                [ch(p[0]), ch(p[1]), ch(p[2])]
            })
            .collect(),
    };
    RgbImage::from_raw(w, h, rgb).ok_or(PhotoError::Unreadable)
}

/// Converts a decoded PNG or WebP to RGB (transparency over white), box-averaged by the largest
/// integer factor that keeps it at least `min_w`×`min_h` (and says whether it was).
fn other_to_rgb(
    image: Result<DynamicImage, ImageError>,
    min_w: u32,
    min_h: u32,
) -> Result<(RgbImage, bool), PhotoError> {
    let image = image.map_err(image_error)?;
    let rgb = if image.color().has_alpha() {
        let rgba = image.into_rgba8();
        let (w, h) = rgba.dimensions();
        let over_white = rgba
            .pixels()
            .flat_map(|p| {
                let [r, g, b, a] = p.0;
                let a = u16::from(a);
                let ch = |c: u8| ((u16::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
                [ch(r), ch(g), ch(b)]
            })
            .collect();
        RgbImage::from_raw(w, h, over_white).ok_or(PhotoError::Unreadable)?
    } else {
        image.into_rgb8()
    };
    let (w, h) = rgb.dimensions();
    let factor = (w / min_w.max(1)).min(h / min_h.max(1));
    Ok(if factor >= 2 {
        (resize::box_shrink(&rgb, factor), true)
    } else {
        (rgb, false)
    })
}

fn jpeg_error(err: jpeg_decoder::Error) -> PhotoError {
    match err {
        jpeg_decoder::Error::Io(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            PhotoError::Truncated
        }
        // Format errors, and JPEG variants it does not decode (arithmetic coding, hierarchical).
        _ => PhotoError::Unreadable,
    }
}

fn image_error(err: ImageError) -> PhotoError {
    match err {
        ImageError::IoError(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            PhotoError::Truncated
        }
        ImageError::Limits(_) => PhotoError::TooManyPixels,
        ImageError::Unsupported(_) => PhotoError::Unsupported,
        _ => PhotoError::Unreadable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dct_scale_picks_the_smallest_scale_still_large_enough() {
        // 4000×3000 to 300×225: 1/8 gives 500×375.
        assert_eq!(dct_scale(4000, 3000, 300, 225), 1);
        // Asking for twice the target: 1/4 gives 1000×750.
        assert_eq!(dct_scale(4000, 3000, 600, 450), 2);
        // 1000×750 to 300×225: 1/8 would be 125 wide, 1/4 gives 250 (too small), 1/2 gives 500.
        assert_eq!(dct_scale(1000, 750, 300, 225), 4);
        // Already small: full size.
        assert_eq!(dct_scale(200, 100, 200, 100), 8);
        assert_eq!(dct_scale(1, 1, 1, 1), 1);
    }
}

//! A decoded JPEG kept as its Y, Cb and Cr planes, each at its own resolution, shrunk and
//! turned plane by plane and handed to the JPEG encoder as they are: no chroma upsampling, no
//! conversion to RGB and back, and the chroma resized at a quarter of the luma's cost.

use image::RgbImage;
use image::metadata::Orientation;

use super::encode::{Planes, encode_420, rgb_to_420};
use super::resize;

/// One plane: `width`×`height` samples, row-major, no padding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plane {
    pub width: usize,
    pub height: usize,
    pub data: Vec<u8>,
}

impl Plane {
    /// A plane of one value.
    pub fn flat(width: usize, height: usize, value: u8) -> Self {
        Self {
            width,
            height,
            data: vec![value; width * height],
        }
    }

    /// Lanczos3 to `width`×`height` ([`resize::resample_plane`]; `averaged` as there).
    pub fn resized(&self, width: usize, height: usize, averaged: bool) -> Self {
        Self {
            width,
            height,
            data: resize::resample_plane(
                &self.data,
                self.width,
                self.height,
                width,
                height,
                averaged,
            ),
        }
    }

    /// The plane as the EXIF `orientation` asks it to be shown (as `image`'s
    /// `DynamicImage::apply_orientation` does).
    pub fn oriented(self, orientation: Orientation) -> Self {
        let (w, h) = (self.width, self.height);
        // For each output position (x, y), the index of its source sample; one copy of the loop
        // per orientation, so that the index arithmetic is inlined.
        match orientation {
            Orientation::NoTransforms => self,
            Orientation::Rotate90 => self.remapped(h, w, |x, y| (h - 1 - x) * w + y),
            Orientation::Rotate180 => self.remapped(w, h, |x, y| (h - 1 - y) * w + (w - 1 - x)),
            Orientation::Rotate270 => self.remapped(h, w, |x, y| x * w + (w - 1 - y)),
            Orientation::FlipHorizontal => self.remapped(w, h, |x, y| y * w + (w - 1 - x)),
            Orientation::FlipVertical => self.remapped(w, h, |x, y| (h - 1 - y) * w + x),
            Orientation::Rotate90FlipH => self.remapped(h, w, |x, y| x * w + y),
            Orientation::Rotate270FlipH => {
                self.remapped(h, w, |x, y| (h - 1 - x) * w + (w - 1 - y))
            }
        }
    }

    /// A `width`×`height` plane whose sample (x, y) is this plane's sample `source(x, y)`.
    fn remapped(self, width: usize, height: usize, source: impl Fn(usize, usize) -> usize) -> Self {
        let mut data = Vec::with_capacity(width * height);
        for y in 0..height {
            data.extend((0..width).map(|x| self.data.get(source(x, y)).copied().unwrap_or(0)));
        }
        Self {
            width,
            height,
            data,
        }
    }
}

/// A YCbCr image: luma, and for colour images the two chroma planes at whatever resolution the
/// file stored them (full, half across, half both ways…), all covering the same picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ycc {
    pub y: Plane,
    pub chroma: Option<[Plane; 2]>,
    /// Each sample is the mean of a block of the original (a DCT-scaled decode or a box
    /// average): the final resampling makes up for that blur.
    pub averaged: bool,
}

impl Ycc {
    /// From RGB (JFIF's full-range BT.601, as a JPEG encoder converts), chroma averaged over
    /// 2×2 ([`rgb_to_420`]). `None` for a side longer than a JPEG's 65,535.
    pub fn from_rgb(rgb: &RgbImage) -> Option<Self> {
        let (w, h) = (rgb.width() as usize, rgb.height() as usize);
        let plane = |width, height, data| Plane {
            width,
            height,
            data,
        };
        let [y, cb, cr] = rgb_to_420(rgb.as_raw(), w, h)?;
        let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
        Some(Self {
            y: plane(w, h, y),
            chroma: Some([plane(cw, ch, cb), plane(cw, ch, cr)]),
            averaged: false,
        })
    }

    pub fn width(&self) -> u32 {
        self.y.width as u32
    }

    pub fn height(&self) -> u32 {
        self.y.height as u32
    }

    /// Shrinks to `width`×`height` in stored orientation (chroma to half that, as 4:2:0 keeps
    /// it) and turns the result upright.
    pub fn shrunk_upright(&self, width: usize, height: usize, orientation: Orientation) -> Self {
        let (cw, ch) = (width.div_ceil(2), height.div_ceil(2));
        let chroma = match &self.chroma {
            Some([cb, cr]) => [
                cb.resized(cw, ch, self.averaged),
                cr.resized(cw, ch, self.averaged),
            ],
            None => [Plane::flat(cw, ch, 128), Plane::flat(cw, ch, 128)],
        };
        Self {
            y: self
                .y
                .resized(width, height, self.averaged)
                .oriented(orientation),
            chroma: Some(chroma.map(|c| c.oriented(orientation))),
            averaged: false,
        }
    }

    /// Shrinks ([`Ycc::shrunk_upright`]) and encodes as a 4:2:0 JPEG of `quality`. Returns the
    /// JPEG and its upright width and height.
    pub fn to_jpeg(
        &self,
        width: usize,
        height: usize,
        orientation: Orientation,
        quality: u8,
    ) -> (Vec<u8>, u32, u32) {
        let small = self.shrunk_upright(width, height, orientation);
        let flat = Plane::flat(0, 0, 128);
        let [cb, cr] = small
            .chroma
            .as_ref()
            .map_or([&flat, &flat], |[cb, cr]| [cb, cr]);
        let jpeg = encode_420(
            &Planes {
                width: small.y.width,
                height: small.y.height,
                y: &small.y.data,
                cb: &cb.data,
                cr: &cr.data,
            },
            quality,
        );
        (jpeg, small.width(), small.height())
    }

    /// RGB, each chroma sample repeated over the luma samples it covers (for looking at it:
    /// the profiler's dump and the tests).
    pub fn to_rgb(&self) -> RgbImage {
        let (w, h) = (self.y.width, self.y.height);
        RgbImage::from_fn(w as u32, h as u32, |x, y| {
            let (x, y) = (x as usize, y as usize);
            let luma = f32::from(self.y.data[y * w + x]);
            let [cb, cr] = self.chroma.as_ref().map_or([128.0, 128.0], |planes| {
                planes.each_ref().map(|c| {
                    let cx = (x * c.width / w.max(1)).min(c.width.saturating_sub(1));
                    let cy = (y * c.height / h.max(1)).min(c.height.saturating_sub(1));
                    f32::from(c.data.get(cy * c.width + cx).copied().unwrap_or(128))
                })
            });
            let px = |v: f32| v.round().clamp(0.0, 255.0) as u8;
            image::Rgb([
                px(luma + 1.402 * (cr - 128.0)),
                px(luma - 0.344_136 * (cb - 128.0) - 0.714_136 * (cr - 128.0)),
                px(luma + 1.772 * (cb - 128.0)),
            ])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{DynamicImage, GrayImage};

    #[test]
    fn orientation_matches_image_for_all_eight() {
        let (w, h) = (5usize, 3usize);
        let data: Vec<u8> = (0..(w * h) as u8).collect();
        let all = [
            Orientation::NoTransforms,
            Orientation::Rotate90,
            Orientation::Rotate180,
            Orientation::Rotate270,
            Orientation::FlipHorizontal,
            Orientation::FlipVertical,
            Orientation::Rotate90FlipH,
            Orientation::Rotate270FlipH,
        ];
        for o in all {
            let ours = Plane {
                width: w,
                height: h,
                data: data.clone(),
            }
            .oriented(o);
            let gray = GrayImage::from_raw(w as u32, h as u32, data.clone()).unwrap();
            let mut theirs = DynamicImage::ImageLuma8(gray);
            theirs.apply_orientation(o);
            let theirs = theirs.into_luma8();
            assert_eq!(
                (ours.width as u32, ours.height as u32),
                theirs.dimensions(),
                "{o:?}"
            );
            assert_eq!(ours.data, theirs.into_raw(), "{o:?}");
        }
    }

    #[test]
    fn flat_planes_stay_flat_through_resize_and_turn() {
        let ycc = Ycc {
            y: Plane::flat(500, 375, 90),
            chroma: Some([Plane::flat(250, 188, 100), Plane::flat(250, 188, 160)]),
            averaged: true,
        };
        let (jpeg, w, h) = ycc.to_jpeg(300, 225, Orientation::Rotate90, 80);
        assert_eq!((w, h), (225, 300));
        let mut d = jpeg_decoder::Decoder::new(&jpeg[..]);
        let px = d.decode().unwrap();
        let info = d.info().unwrap();
        assert_eq!((info.width, info.height), (225, 300));
        // YCbCr (90, 100, 160) is about RGB (135, 77, 40).
        let mid = px[(150 * 225 + 112) * 3..][..3].to_vec();
        for (got, want) in mid.iter().zip([135u8, 77, 40]) {
            assert!(got.abs_diff(want) <= 3, "{mid:?}");
        }
    }
}

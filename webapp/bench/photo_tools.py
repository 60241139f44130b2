"""Python side of the photo benchmark (bench/photo.mjs runs it in a venv under the temp dir).

  phone ORIGINAL OUT [--width W --height H --orientation O --quality Q]
      Turns a real photograph into a phone-like JPEG of W×H stored pixels (default 4000×3000,
      EXIF orientation 6, quality 95, 4:2:0 like an Android camera). The photo is centre-cropped
      in its native pixels when it covers W×H; a smaller one is first enlarged with LANCZOS by the
      least factor that covers it (a much larger one, over 1.25×, is first shrunk to cover it).
      A landscape photo is stored as it is, so with orientation 6 it is shown turned, as a
      3000×4000 portrait; a portrait photo is stored turned, so it is shown upright. Its own
      metadata (EXIF, ICC profile) is dropped.

  fixture OUT [--width W --height H --orientation O --quality Q]
      The synthetic stress scene: smooth gradients (sky, ground, soft light), filtered noise at
      several scales (foliage-like texture everywhere), hard-edged shapes and thin lines, and
      sensor noise; drawn upright and stored turned, 4:2:0, with an EXIF orientation tag.

  ssim ORIGINAL OUTPUT...
      For each output image: SSIM against Pillow's LANCZOS resize of the original (EXIF
      orientation applied) to the output's size. SSIM of the luma (BT.601), Gaussian window 11x11
      sigma 1.5, K1 0.01, K2 0.03 (Wang et al. 2004); also the mean over R, G and B. Also the
      ceiling: the reference itself saved as JPEG quality 80. Prints JSON.
"""

import argparse
import io
import json
import math
import os
import sys

import numpy as np
from PIL import Image, ImageOps


def blurred_noise(rng, h, w, cell):
    """Noise with features about `cell` pixels wide (bilinear upscale of a coarse grid)."""
    coarse = rng.standard_normal((h // cell + 2, w // cell + 2)).astype(np.float32)
    img = Image.fromarray(coarse, mode="F").resize((w, h), Image.BILINEAR)
    return np.asarray(img, dtype=np.float32)


def fixture(out, width, height, orientation, quality):
    """`width`×`height` are the stored size; the scene is drawn upright (portrait for the
    orientations 5–8) and stored turned, as a phone camera does."""
    rng = np.random.default_rng(20260101)
    h, w = (width, height) if orientation >= 5 else (height, width)
    y = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None]
    x = np.linspace(0.0, 1.0, w, dtype=np.float32)[None, :]
    horizon = 0.42 + 0.05 * np.sin(x * 7.0)

    # Sky: blue gradient with a warm glow; ground: green-brown gradient.
    sky = np.stack(
        [90 + 120 * y + 60 * np.exp(-((x - 0.7) ** 2 + (y - 0.15) ** 2) * 12),
         140 + 80 * y + 30 * np.exp(-((x - 0.7) ** 2 + (y - 0.15) ** 2) * 12),
         230 - 40 * y + 0 * x], axis=-1)
    ground = np.stack([70 + 60 * y + 20 * x, 110 + 40 * y - 10 * x, 40 + 20 * y + 0 * x], axis=-1)
    is_sky = (y < horizon)[..., None]
    img = np.where(is_sky, sky, ground).astype(np.float32)

    # Foliage-like texture on the ground (several scales) and soft clouds in the sky.
    tex = (blurred_noise(rng, h, w, 2) * 12 + blurred_noise(rng, h, w, 5) * 10
           + blurred_noise(rng, h, w, 12) * 14
           + blurred_noise(rng, h, w, 60) * 18)
    clouds = np.clip(blurred_noise(rng, h, w, 150) * 40 + blurred_noise(rng, h, w, 25) * 10, 0, None)
    img += np.where(is_sky, clouds[..., None], tex[..., None] * np.array([0.8, 1.0, 0.5]))

    # Hard-edged objects: crates (rectangles with planks), fruit (discs), a fence (thin lines).
    for i in range(14):
        cx, cy = rng.uniform(0.05, 0.95) * w, rng.uniform(0.5, 0.95) * h
        r = rng.uniform(0.02, 0.07) * min(w, h)
        colour = rng.uniform([150, 20, 10], [250, 140, 60])
        x0, x1 = max(0, int(cx - r)), min(w, int(cx + r) + 1)
        y0, y1 = max(0, int(cy - r)), min(h, int(cy + r) + 1)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        disc = (xx - cx) ** 2 + (yy - cy) ** 2 < r * r
        shade = 1.0 - 0.35 * np.clip(((xx - cx + r * 0.4) ** 2 + (yy - cy + r * 0.4) ** 2) / (r * r) / 2, 0, 1)
        patch = img[y0:y1, x0:x1]
        patch[disc] = colour * shade[disc][:, None]
    for i in range(6):
        x0, y0 = int(rng.uniform(0.0, 0.8) * w), int(rng.uniform(0.55, 0.8) * h)
        cw, ch = int(rng.uniform(0.08, 0.18) * w), int(rng.uniform(0.08, 0.15) * h)
        img[y0:y0 + ch, x0:x0 + cw] = rng.uniform([120, 80, 40], [190, 140, 90])
        for k in range(1, 6):
            yk = y0 + k * ch // 6
            img[yk:yk + max(2, h // 600), x0:x0 + cw] = (60, 40, 20)
    fence_y = int(0.47 * h)
    for k in range(0, w, max(8, w // 80)):
        img[fence_y:fence_y + h // 10, k:k + max(3, w // 700)] = (235, 235, 225)
    img[fence_y + h // 40:fence_y + h // 40 + max(3, h // 500), :] = (235, 235, 225)

    # Sensor noise.
    img += rng.normal(0.0, 6.0, img.shape).astype(np.float32)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
    stored = store_turned(pil, orientation)
    assert stored.size == (width, height), stored.size
    save_phone_jpeg(stored, out, orientation, quality)


# The inverse of the transform each EXIF orientation asks for: how a camera stores an upright scene.
INVERSE = {2: Image.FLIP_LEFT_RIGHT, 3: Image.ROTATE_180, 4: Image.FLIP_TOP_BOTTOM,
           5: Image.TRANSPOSE, 6: Image.ROTATE_90, 7: Image.TRANSVERSE, 8: Image.ROTATE_270}


def store_turned(upright, orientation):
    return upright.transpose(INVERSE[orientation]) if orientation in INVERSE else upright


def save_phone_jpeg(stored, out, orientation, quality):
    """Baseline JPEG, 4:2:0, with only the orientation tag and a maker tag as EXIF."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x010F] = "Feira bench"
    stored.save(out, "JPEG", quality=quality, subsampling="4:2:0", exif=exif.tobytes())


def phone(original, out, width, height, orientation, quality):
    src = ImageOps.exif_transpose(Image.open(original)).convert("RGB")
    upright = (height, width) if orientation >= 5 else (width, height)
    # Keep the photo's own way up when it has the upright shape; else store it as it is.
    same_shape = (src.width >= src.height) == (upright[0] >= upright[1])
    tw, th = upright if same_shape else (width, height)
    w, h = src.size
    s = max(tw / w, th / h)
    if s > 1 or s < 0.8:
        src = src.resize((max(tw, math.ceil(w * s - 1e-6)), max(th, math.ceil(h * s - 1e-6))), Image.LANCZOS)
    left, top = (src.width - tw) // 2, (src.height - th) // 2
    crop = src.crop((left, top, left + tw, top + th))
    stored = store_turned(crop, orientation) if same_shape else crop
    assert stored.size == (width, height), stored.size
    save_phone_jpeg(stored, out, orientation, quality)
    print(json.dumps({"original": [w, h], "scale": round(s, 4), "stored": list(stored.size),
                      "bytes": os.path.getsize(out)}))


def gaussian_kernel(size=11, sigma=1.5):
    ax = np.arange(size, dtype=np.float64) - (size - 1) / 2
    k = np.exp(-(ax ** 2) / (2 * sigma ** 2))
    return k / k.sum()


def filt(a, k):
    """Separable 'valid' filtering with the 1-D kernel k along both axes."""
    a = np.apply_along_axis(lambda r: np.convolve(r, k, mode="valid"), 1, a)
    return np.apply_along_axis(lambda c: np.convolve(c, k, mode="valid"), 0, a)


def ssim_channel(a, b):
    k = gaussian_kernel()
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = filt(a, k), filt(b, k)
    saa = filt(a * a, k) - mu_a ** 2
    sbb = filt(b * b, k) - mu_b ** 2
    sab = filt(a * b, k) - mu_a * mu_b
    num = (2 * mu_a * mu_b + c1) * (2 * sab + c2)
    den = (mu_a ** 2 + mu_b ** 2 + c1) * (saa + sbb + c2)
    return float(np.mean(num / den))


def luma(rgb):
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


def compare(ref, out):
    a = np.asarray(ref, dtype=np.float64)
    b = np.asarray(out.convert("RGB"), dtype=np.float64)
    return {
        "ssim_y": ssim_channel(luma(a), luma(b)),
        "ssim_rgb": float(np.mean([ssim_channel(a[..., c], b[..., c]) for c in range(3)])),
    }


def ssim(original, outputs):
    src = ImageOps.exif_transpose(Image.open(original)).convert("RGB")
    results = []
    refs = {}
    for path in outputs:
        out = Image.open(path)
        ref = refs.setdefault(out.size, src.resize(out.size, Image.LANCZOS))
        results.append({"file": path, "size": list(out.size), **compare(ref, out)})
    # The ceiling: the reference itself saved as JPEG quality 80 (libjpeg through Pillow). No
    # resizer can score above it once its output is a JPEG of that quality.
    ceiling = []
    for size, ref in refs.items():
        for sub in ("4:2:0", "4:4:4"):
            buf = io.BytesIO()
            ref.save(buf, "JPEG", quality=80, subsampling=sub)
            buf.seek(0)
            ceiling.append({"size": list(size), "subsampling": sub, "bytes": buf.getbuffer().nbytes,
                            **compare(ref, Image.open(buf))})
    json.dump({"outputs": results, "ceiling": ceiling}, sys.stdout)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    for name, inputs in (("phone", ["original", "out"]), ("fixture", ["out"])):
        f = sub.add_parser(name)
        for arg in inputs:
            f.add_argument(arg)
        f.add_argument("--width", type=int, default=4000)
        f.add_argument("--height", type=int, default=3000)
        f.add_argument("--orientation", type=int, default=6)
        f.add_argument("--quality", type=int, default=95)
    s = sub.add_parser("ssim")
    s.add_argument("original")
    s.add_argument("outputs", nargs="+")
    args = p.parse_args()
    if args.cmd == "phone":
        phone(args.original, args.out, args.width, args.height, args.orientation, args.quality)
    elif args.cmd == "fixture":
        fixture(args.out, args.width, args.height, args.orientation, args.quality)
    else:
        ssim(args.original, args.outputs)


if __name__ == "__main__":
    main()

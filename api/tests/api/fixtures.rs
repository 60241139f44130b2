//! Fixtures more than one area of the suite needs: a real JPEG as the browser sends it, and
//! paying a Pix charge through the sandbox.

use crate::helpers::TestApp;
use base64::{Engine, engine::general_purpose::STANDARD};
use image::{ImageBuffer, Rgb, codecs::jpeg::JpegEncoder};
use serde_json::Value;

/// A real `w`×`h` JPEG as base64 without prefix (what the browser sends).
pub fn jpeg_b64(w: u32, h: u32) -> String {
    let img = ImageBuffer::from_fn(w, h, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 80)
        .encode_image(&img)
        .unwrap();
    STANDARD.encode(out)
}

/// `POST /pix/sandbox/{txid}/pagar`: pays charge `txid`; returns status and JSON.
pub async fn pay_pix(app: &TestApp, txid: &str) -> (u16, Value) {
    let res = app
        .http
        .post(format!("{}/pix/sandbox/{txid}/pagar", app.address))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

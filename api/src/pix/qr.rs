//! The QR image of a Pix payload, drawn locally: an SVG (a few kilobytes, sharp at any size).
//! `finalizar_pedido` answers it inline as a `data:image/svg+xml;base64,…` URL (the spec's
//! client reads it there); an order lists the URL of its charge's image, `GET /pix/{txid}/qr.svg`
//! ([`serve`]), which never changes for a txid and is cached for a year, so a listed order stays
//! small (its copia e cola is already in it).

use crate::state::AppState;
use axum::{
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::{Engine, engine::general_purpose::STANDARD};
use qrcode::{EcLevel, QrCode, render::svg};

/// The smallest side of the image, in SVG user units (pixels when shown at 1:1).
const MIN_SIDE: u32 = 240;

/// The SVG of `payload` as a QR code (error correction M, with its quiet zone).
pub fn svg(payload: &str) -> anyhow::Result<String> {
    let code = QrCode::with_error_correction_level(payload.as_bytes(), EcLevel::M)?;
    Ok(code
        .render::<svg::Color>()
        .min_dimensions(MIN_SIDE, MIN_SIDE)
        .quiet_zone(true)
        .build())
}

/// `data:image/svg+xml;base64,…` of the QR code of `payload`.
pub fn data_url(payload: &str) -> anyhow::Result<String> {
    Ok(format!(
        "data:image/svg+xml;base64,{}",
        STANDARD.encode(svg(payload)?)
    ))
}

/// Where an order's charge `txid` has its QR image.
pub fn url(txid: &str) -> String {
    format!("/pix/{txid}/qr.svg")
}

/// `GET /pix/{txid}/qr.svg`: the QR image of charge `txid` (404 for an unknown one). The txid
/// is unguessable and the image only encodes the copia e cola its order already shows.
pub async fn serve(State(state): State<AppState>, Path(txid): Path<String>) -> Response {
    let code: Result<Option<String>, sqlx::Error> =
        sqlx::query_scalar("SELECT copia_e_cola FROM pix_charges WHERE txid = $1")
            .bind(&txid)
            .fetch_optional(&state.db)
            .await;
    let drawn = match code {
        Ok(Some(code)) => svg(&code),
        Ok(None) => return (StatusCode::NOT_FOUND, "Cobrança não encontrada.").into_response(),
        Err(e) => Err(e.into()),
    };
    match drawn {
        Ok(svg) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("image/svg+xml"),
                ),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ),
            ],
            svg,
        )
            .into_response(),
        Err(e) => crate::error::ApiError::Internal(e).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_image_is_an_svg_data_url_whose_code_reads_back() {
        let payload = crate::pix::brcode::with_crc(
            "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***",
        );
        let url = data_url(&payload).unwrap();
        let b64 = url.strip_prefix("data:image/svg+xml;base64,").unwrap();
        let svg = String::from_utf8(STANDARD.decode(b64).unwrap()).unwrap();
        assert!(svg.contains("<svg") && svg.contains("<path"), "{svg}");

        // Read the modules back with an independent decoder.
        let code = QrCode::with_error_correction_level(payload.as_bytes(), EcLevel::M).unwrap();
        let (w, colors) = (code.width(), code.to_colors());
        let scale = 4;
        let side = (w + 8) * scale;
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
            let (mx, my) = ((x / scale).wrapping_sub(4), (y / scale).wrapping_sub(4));
            if mx < w && my < w && colors[my * w + mx] == qrcode::Color::Dark {
                0
            } else {
                255
            }
        });
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1);
        let (_, content) = grids[0].decode().unwrap();
        assert_eq!(content, payload);
    }
}

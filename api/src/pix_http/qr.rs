//! `GET /pix/{txid}/qr.svg`: a charge's QR image ([`crate::pix::qr`] draws it), which never
//! changes for a txid and is cached for a year.

use crate::{pix::qr::svg, state::AppState};
use axum::{
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};

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

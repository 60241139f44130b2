//! Uploads: `POST /api/blockchain/upload?nome=…&descricao=…` streams the raw file (Bearer
//! auth; the webapp's path), `upload_blockchain` takes the spec's data URL (old clients; within
//! the API's body limit). Both spool to disk ([`super::spool`]), build the chunk tree from the
//! file, and reserve one token (a ledger row, in its own transaction) before posting the signed
//! transaction and its chunks: so concurrent uploads can never spend one token many times. A
//! failed upload gives the token back; a successful one turns the reservation into the spend and
//! records the notarisation, in one database transaction. The stored type (the Arweave
//! `Content-Type` tag the gateway serves the file with) is the client's only when it is on
//! [`STORED_TYPES`]; anything else (HTML, SVG, scripts) is `application/octet-stream`.

use super::spool::{Spooled, TempFile, spool, too_large};
use crate::{
    arweave::{ChunkedFile, Tag},
    auth::{AuthUser, MaybeAuthUser},
    db::{begin_write, now_ms},
    domain::tokens,
    error::{ApiError, ApiResult},
    messages::ARQUIVO_INVALIDO,
    security::{client::ClientIp, rate::Class},
    state::AppState,
};
use anyhow::Context;
use axum::{
    Json,
    body::Body,
    extract::{Query, State},
    http::{HeaderMap, header},
};
use base64::{Engine, engine::general_purpose::STANDARD};
use serde::{Deserialize, Serialize};
use std::io::BufReader;
use utoipa::ToSchema;
use wasm_core::{
    forms::{self, MAX_FILE_BYTES},
    messages,
};

/// The query of the streaming endpoint.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UploadQuery {
    #[serde(default)]
    nome: String,
    #[serde(default)]
    descricao: String,
}

/// `upload_blockchain`: `arquivo` is a data URL, `nomeArquivo` its name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UploadJson {
    /// The file as a data URL (`data:{type};base64,…`).
    #[serde(rename = "arquivo")]
    file: String,
    #[serde(rename = "nomeArquivo", default)]
    file_name: String,
    /// 500 characters at most.
    #[serde(rename = "descricao", default)]
    description: String,
}

/// A file notarised: its Arweave transaction and where it is.
#[derive(Debug, Serialize, ToSchema)]
pub struct Notarised {
    #[serde(rename = "transactionId")]
    pub transaction_id: String,
    /// `{ARWEAVE_GATEWAY}/{transactionId}`.
    pub link: String,
}

/// What is stored besides the bytes.
struct Meta {
    nome: String,
    tipo: String,
    descricao: String,
}

/// The checks before reading the file, in the page's order: a token, the size when known, a
/// description of at most 500 characters. Returns the trimmed description.
async fn precheck(
    state: &AppState,
    user: &AuthUser,
    size: u64,
    descricao: &str,
) -> ApiResult<String> {
    let fichas = tokens::balance(&state.db, &user.id).await?;
    let fichas = u32::try_from(fichas.max(0)).unwrap_or(u32::MAX);
    forms::blockchain_upload(fichas, size, descricao)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// The types a notarised file is stored (and served by the gateway) with as sent; others
/// become [`OCTET_STREAM`]. None of these is rendered as a page by a browser.
pub const STORED_TYPES: &[&str] = &[
    "application/pdf",
    "application/zip",
    "application/msword",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.oasis.opendocument.text",
    "application/vnd.oasis.opendocument.spreadsheet",
    "image/jpeg",
    "image/png",
    "image/webp",
    "image/gif",
    "text/plain",
    "text/csv",
    "audio/mpeg",
    "video/mp4",
];
/// The type of anything not on [`STORED_TYPES`].
pub const OCTET_STREAM: &str = "application/octet-stream";

/// The type stored for a client's `Content-Type` (parameters dropped, lower case): itself when
/// it is on [`STORED_TYPES`], else [`OCTET_STREAM`].
pub fn stored_type(sent: &str) -> String {
    let essence = sent
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    STORED_TYPES
        .iter()
        .find(|t| **t == essence)
        .unwrap_or(&OCTET_STREAM)
        .to_string()
}

/// A file name safe for a tag and for display: no path, at most 200 characters.
fn clean_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    let base: String = wasm_core::text::single_line(base)
        .trim()
        .chars()
        .take(200)
        .collect();
    if base.is_empty() {
        "arquivo".into()
    } else {
        base
    }
}

/// `POST /api/blockchain/upload`.
pub async fn upload_stream(
    State(state): State<AppState>,
    caller: MaybeAuthUser,
    client: ClientIp,
    Query(q): Query<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<Json<Notarised>> {
    let user = AuthUser::try_from(caller)?;
    state
        .security
        .limits
        .check(Class::Notary, client, Some(&user.id))?;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    let descricao = precheck(
        &state,
        &user,
        declared,
        &wasm_core::text::multi_line(&q.descricao),
    )
    .await?;
    let tipo = stored_type(
        headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or(""),
    );
    let spooled = spool(&state.notary.spool_dir, body.into_data_stream()).await?;
    let meta = Meta {
        nome: clean_name(&q.nome),
        tipo,
        descricao,
    };
    notarise(&state, &user, spooled, meta).await.map(Json)
}

/// `upload_blockchain` with a data URL.
pub async fn upload_json(
    state: &AppState,
    user: AuthUser,
    req: UploadJson,
) -> ApiResult<Notarised> {
    let (head, data) = req
        .file
        .split_once(',')
        .ok_or_else(|| ApiError::bad_request(ARQUIVO_INVALIDO))?;
    let tipo = head
        .strip_prefix("data:")
        .and_then(|h| h.strip_suffix(";base64"))
        .ok_or_else(|| ApiError::bad_request(ARQUIVO_INVALIDO))?;
    let estimated = (data.len() as u64 / 4) * 3;
    let descricao = precheck(
        state,
        &user,
        estimated.min(MAX_FILE_BYTES + 1),
        &req.description,
    )
    .await?;
    let bytes = STANDARD
        .decode(data.trim())
        .map_err(|_| ApiError::bad_request(ARQUIVO_INVALIDO))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let body =
        futures::stream::once(async move { Ok::<_, std::io::Error>(bytes::Bytes::from(bytes)) });
    let spooled = spool(&state.notary.spool_dir, Box::pin(body)).await?;
    let meta = Meta {
        nome: clean_name(&req.file_name),
        tipo: stored_type(tipo),
        descricao,
    };
    notarise(state, &user, spooled, meta).await
}

/// Reserves a token, builds the tree and uploads; then turns the reservation into the spend and
/// records, in one transaction. A failed upload gives the token back.
async fn notarise(
    state: &AppState,
    user: &AuthUser,
    spooled: Spooled,
    meta: Meta,
) -> ApiResult<Notarised> {
    if spooled.size == 0 {
        return Err(ApiError::bad_request("Arquivo vazio."));
    }
    let Spooled { file, size, sha256 } = spooled;
    let Some(reservation) = tokens::reserve_one(&state.db, &user.id, now_ms()).await? else {
        return Err(ApiError::bad_request(messages::SEM_FICHAS));
    };
    let tx = match store(state, &file, size, &sha256, &meta).await {
        Ok(tx) => tx,
        Err(e) => {
            tracing::error!(error = ?e, "notarisation upload failed; its token is given back");
            tokens::release(&state.db, &reservation).await?;
            return Err(ApiError::Internal(e));
        }
    };
    let link = state.notary.gateway.link(&tx.id);
    let now = now_ms();
    let mut db = begin_write(&state.db).await?;
    tokens::spend_reserved(&mut db, &user.id, &reservation, &tx.id, now).await?;
    sqlx::query(
        "INSERT INTO notarisations (id, user_id, descricao, nome_arquivo, tipo_conteudo, tamanho, \
         sha256, link, criado_em) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&tx.id)
    .bind(&user.id)
    .bind(&meta.descricao)
    .bind(&meta.nome)
    .bind(&meta.tipo)
    .bind(i64::try_from(size).unwrap_or(i64::MAX))
    .bind(&sha256)
    .bind(&link)
    .bind(now)
    .execute(&mut *db)
    .await?;
    db.commit().await?;
    tracing::info!(id = %tx.id, size, "file notarised");
    Ok(Notarised {
        transaction_id: tx.id,
        link,
    })
}

async fn store(
    state: &AppState,
    file: &TempFile,
    size: u64,
    sha256: &str,
    meta: &Meta,
) -> anyhow::Result<crate::arweave::Transaction> {
    let wallet = state.notary.wallet().await?;
    let path = file.path().to_owned();
    let tree = tokio::task::spawn_blocking(move || {
        let f = std::fs::File::open(&path)?;
        ChunkedFile::from_reader(BufReader::with_capacity(64 * 1024, f), size)
    })
    .await
    .context("chunk task")?
    .context("building the chunk tree")?;
    let tags = vec![
        Tag::new("Content-Type", &meta.tipo),
        Tag::new("File-Name", &meta.nome),
        Tag::new("File-SHA256", sha256),
        Tag::new("App-Name", "Feira"),
    ];
    state
        .notary
        .gateway
        .upload(&wallet, file.path(), &tree, tags)
        .await
}

#[cfg(test)]
mod tests {
    use super::{clean_name, stored_type};

    #[test]
    fn only_allowed_types_are_stored_as_sent() {
        assert_eq!(stored_type("application/pdf"), "application/pdf");
        assert_eq!(stored_type("Text/Plain; charset=utf-8"), "text/plain");
        for t in [
            "text/html",
            "image/svg+xml",
            "application/xhtml+xml",
            "",
            "x",
        ] {
            assert_eq!(stored_type(t), "application/octet-stream", "{t}");
        }
    }

    #[test]
    fn names_lose_their_path() {
        assert_eq!(clean_name("C:\\x\\laudo.pdf"), "laudo.pdf");
        assert_eq!(clean_name("/etc/passwd"), "passwd");
        assert_eq!(clean_name("  "), "arquivo");
    }
}

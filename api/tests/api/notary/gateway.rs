//! The gateway client against a scripted gateway (a fake at the edge of the test: answers
//! arlocal cannot be made to give): status answers and chunk retries.

use super::random_bytes;
use axum::{
    Router,
    http::StatusCode,
    routing::{get, post},
};
use feira_api::arweave::{ChunkedFile, Wallet};
use serde_json::json;
use std::time::Duration;

/// A fake gateway at the edge of the test: `/tx/{id}/status` answers by id, `POST /chunk`
/// fails its first `fail_chunks` calls; counts the chunk calls.
async fn fake_gateway(
    fail_chunks: usize,
) -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    };
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = calls.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let router = Router::new()
        .route("/tx_anchor", get(|| async { "A".repeat(64) }))
        .route("/price/{bytes}", get(|| async { "1000" }))
        .route("/tx", post(|| async { "OK" }))
        .route(
            "/chunk",
            post(move || {
                let n = counter.fetch_add(1, Ordering::SeqCst);
                async move {
                    if n < fail_chunks {
                        (StatusCode::SERVICE_UNAVAILABLE, "busy")
                    } else {
                        (StatusCode::OK, "{}")
                    }
                }
            }),
        )
        .route(
            "/tx/{id}/status",
            get(
                |axum::extract::Path(id): axum::extract::Path<String>| async move {
                    match id.as_str() {
                        "accepted" => (StatusCode::ACCEPTED, "Pending".to_owned()),
                        "pending200" => (StatusCode::OK, "Pending".to_owned()),
                        "mined" => (
                            StatusCode::OK,
                            json!({"block_height": 7, "number_of_confirmations": 3}).to_string(),
                        ),
                        _ => (StatusCode::NOT_FOUND, "Not Found".to_owned()),
                    }
                },
            ),
        );
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, calls)
}

#[tokio::test]
async fn status_answers_and_chunk_retries_follow_the_gateway_api() {
    use feira_api::arweave::{Gateway, TxStatus};
    use std::sync::atomic::Ordering;
    let (url, calls) = fake_gateway(2).await;
    let gw = Gateway::new(&url, Duration::from_secs(5)).unwrap();
    assert_eq!(gw.status("accepted").await.unwrap(), TxStatus::Pending);
    assert_eq!(gw.status("pending200").await.unwrap(), TxStatus::Pending);
    assert_eq!(
        gw.status("mined").await.unwrap(),
        TxStatus::Confirmed {
            confirmations: 3,
            height: 7
        }
    );
    assert_eq!(gw.status("other").await.unwrap(), TxStatus::NotFound);
    // Two chunks; the first two POST /chunk fail and are retried.
    let data = random_bytes(300 * 1024);
    let path = std::env::temp_dir().join(format!("feira-chunks-{}", feira_api::db::new_id()));
    std::fs::write(&path, &data).unwrap();
    let file = ChunkedFile::from_bytes(&data);
    assert_eq!(file.chunks.len(), 2);
    let wallet = Wallet::generate(2048).unwrap();
    let tx = gw.upload(&wallet, &path, &file, vec![]).await.unwrap();
    assert_eq!(tx.data_size, (300 * 1024).to_string());
    assert_eq!(calls.load(Ordering::SeqCst), 4, "2 failures + 2 chunks");
    // A chunk that never goes through fails the upload (5 tries).
    let (url, calls) = fake_gateway(usize::MAX).await;
    let gw = Gateway::new(&url, Duration::from_secs(5)).unwrap();
    assert!(gw.upload(&wallet, &path, &file, vec![]).await.is_err());
    assert_eq!(calls.load(Ordering::SeqCst), 5);
    let _ = std::fs::remove_file(path);
}

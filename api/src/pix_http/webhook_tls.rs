//! The webhook's own TLS listener (`PIX_WEBHOOK_TLS_ADDR`): serves only the webhook routes
//! ([`super::webhook::PATHS`]) and completes a TLS handshake only with a client that presents a
//! certificate signed by the PSP's CA (`PIX_WEBHOOK_TLS_CLIENT_CA`; rustls'
//! `WebPkiClientVerifier`), so a caller without it is refused before any HTTP is read. TLS 1.2
//! and 1.3, the certificate and key from `PIX_WEBHOOK_TLS_CERT`/`_KEY` (PEM). Served with
//! `axum-server`; stopped with the rest of the server at shutdown.

use super::webhook;
use crate::{config::WebhookTlsConfig, state::AppState};
use anyhow::Context;
use axum::{Router, extract::DefaultBodyLimit, routing::post};
use rustls::{
    RootCertStore, ServerConfig,
    pki_types::{CertificateDer, PrivateKeyDer, pem::PemObject},
    server::WebPkiClientVerifier,
};
use std::{net::SocketAddr, sync::Arc, time::Duration};

/// A notification is small; this bounds a misbehaving client.
const BODY_LIMIT: usize = 1024 * 1024;

/// rustls' server settings: our certificate, client certificates required from `client_ca`.
fn server_config(c: &WebhookTlsConfig) -> anyhow::Result<ServerConfig> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&c.cert)
        .with_context(|| format!("PIX_WEBHOOK_TLS_CERT: cannot read {}", c.cert.display()))?
        .collect::<Result<_, _>>()
        .context("PIX_WEBHOOK_TLS_CERT: PEM certificates")?;
    let key = PrivateKeyDer::from_pem_file(&c.key).with_context(|| {
        format!(
            "PIX_WEBHOOK_TLS_KEY: a PEM private key in {}",
            c.key.display()
        )
    })?;
    let mut roots = RootCertStore::empty();
    for ca in CertificateDer::pem_file_iter(&c.client_ca).with_context(|| {
        format!(
            "PIX_WEBHOOK_TLS_CLIENT_CA: cannot read {}",
            c.client_ca.display()
        )
    })? {
        roots
            .add(ca.context("PIX_WEBHOOK_TLS_CLIENT_CA: PEM certificates")?)
            .context("PIX_WEBHOOK_TLS_CLIENT_CA: a CA certificate")?;
    }
    let verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider.clone())
        .build()
        .context("PIX_WEBHOOK_TLS_CLIENT_CA")?;
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])?
        .with_client_cert_verifier(verifier)
        .with_single_cert(certs, key)
        .context("PIX_WEBHOOK_TLS_CERT and PIX_WEBHOOK_TLS_KEY do not match")?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(config)
}

/// Binds the listener and serves the webhook on it until `state.shutdown`; returns its address.
pub fn serve(c: &WebhookTlsConfig, state: AppState) -> anyhow::Result<SocketAddr> {
    let tls = axum_server::tls_rustls::RustlsConfig::from_config(Arc::new(server_config(c)?));
    let listener = std::net::TcpListener::bind(c.addr)
        .with_context(|| format!("PIX_WEBHOOK_TLS_ADDR: cannot listen on {}", c.addr))?;
    listener.set_nonblocking(true)?;
    let address = listener.local_addr()?;
    let shutdown = state.shutdown.clone();
    let mut router = Router::new();
    for path in webhook::PATHS {
        router = router.route(path, post(webhook::over_mtls));
    }
    let app = router
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        // The same hardening headers as every other answer of the API.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::security::headers::apply,
        ))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state);
    let handle = axum_server::Handle::new();
    let server = axum_server::from_tcp_rustls(listener, tls)?.handle(handle.clone());
    tokio::spawn(async move {
        shutdown.cancelled().await;
        handle.graceful_shutdown(Some(Duration::from_secs(10)));
    });
    tokio::spawn(async move {
        if let Err(e) = server.serve(app.into_make_service()).await {
            tracing::error!(error = %e, "the pix webhook's TLS listener stopped");
        }
    });
    tracing::info!("pix webhook (mutual TLS) on https://{address}");
    Ok(address)
}

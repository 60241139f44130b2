//! Notarisation upload memory benchmark (docs/benchmarks.md, "Notarisation upload"); not a
//! test, never run by `cargo test`.
//!
//! `cargo run -p feira-api --example bench_notary_upload [-- MB]` starts arlocal
//! (devservices/arlocal.mjs, on a free loopback port, with a funded wallet), the real
//! application on a loopback port with a temporary SQLite database, a user with a session and
//! one token, then streams a file of MB megabytes (default 100) of random bytes to
//! `POST /api/blockchain/upload` from a client in the same process. It prints the process's
//! resident memory when idle (after a small warm-up upload, so the wallet is loaded and the
//! pools are warm) and its peak during the big upload, sampled every 5 ms and read from the
//! kernel's high-water mark (`VmHWM`, reset before the upload through `/proc/self/clear_refs`).
//! The client's share is small: it sends 1 MiB blocks as they are made. Linux only.

use anyhow::{Context, bail};
use feira_api::{auth::session, config::Config, db, startup::Application};
use futures::StreamExt;
use rand::RngCore;
use std::{
    process::Stdio,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};
use tokio::io::{AsyncBufReadExt, BufReader};

/// A `/proc/self/status` field, in KiB.
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mb: u64 = std::env::args().nth(1).map_or(Ok(100), |a| a.parse())?;
    let tmp = std::env::temp_dir().join(format!("feira-bench-notary-{}", db::new_id()));
    std::fs::create_dir_all(&tmp)?;
    let wallet = tmp.join("wallet.json");

    let mut arlocal = tokio::process::Command::new("node")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../devservices/arlocal.mjs"
        ))
        .env("ARLOCAL_PORT", "0")
        .env("ARWEAVE_WALLET", &wallet)
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .context("node (devservices: npm ci)")?;
    let mut lines = BufReader::new(arlocal.stdout.take().context("stdout")?).lines();
    let mut gateway = None;
    while let Some(line) = lines.next_line().await? {
        if let Some(rest) = line.strip_prefix("arlocal: listening on ") {
            gateway = rest.split_whitespace().next().map(str::to_owned);
            break;
        }
    }
    let gateway = gateway.context("arlocal did not start")?;
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });

    let mut config = Config::from_lookup(|k| match k {
        "APP_PORT" => Some("0".into()),
        "OIDC_CLIENT_ID" => Some("bench".into()),
        _ => None,
    })?;
    config.database.url = format!("sqlite://{}/bench.db", tmp.display());
    config.site.webapp_dir = tmp.join("dist");
    config.arweave.gateway = gateway.clone();
    config.arweave.wallet = wallet;
    config.arweave.spool_dir = tmp.join("spool");
    let app = Application::build(config).await?;
    let url = format!("http://127.0.0.1:{}/api/blockchain/upload", app.port());
    let pool = app.state().db.clone();
    tokio::spawn(app.run_until_stopped());

    sqlx::query("INSERT INTO users (id, email, nome, criado_em) VALUES ('bench', 'bench@feira.test', 'Bench', 0)")
        .execute(&pool)
        .await?;
    sqlx::query(
        "INSERT INTO token_ledger (id, user_id, delta, motivo, referencia, criado_em) \
         VALUES ('t', 'bench', 2, 'compra', 'bench', 0)",
    )
    .execute(&pool)
    .await?;
    let token = session::create(&pool, "bench", Duration::from_secs(3600)).await?;
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(1800))
        .build()?;

    // Warm-up: a 300 KB upload loads the wallet and warms the pools.
    let mut small = vec![0u8; 300 * 1024];
    rand::rng().fill_bytes(&mut small);
    let res = http
        .post(&url)
        .query(&[("nome", "warm.bin"), ("descricao", "aquecimento")])
        .bearer_auth(&token)
        .body(small)
        .send()
        .await?;
    if !res.status().is_success() {
        bail!("warm-up upload: {} {}", res.status(), res.text().await?);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle = status_kib("VmRSS:");
    std::fs::write("/proc/self/clear_refs", "5").context("resetting VmHWM")?;

    let peak = Arc::new(AtomicU64::new(idle));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (peak.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(status_kib("VmRSS:"), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    let blocks = futures::stream::iter(0..mb).map(|_| {
        let mut b = vec![0u8; 1024 * 1024];
        rand::rng().fill_bytes(&mut b);
        Ok::<_, std::io::Error>(bytes::Bytes::from(b))
    });
    let started = Instant::now();
    let res = http
        .post(&url)
        .query(&[("nome", "grande.bin"), ("descricao", "bench")])
        .header("content-length", (mb * 1024 * 1024).to_string())
        .bearer_auth(&token)
        .body(reqwest::Body::wrap_stream(blocks))
        .send()
        .await?;
    let elapsed = started.elapsed();
    let status = res.status();
    let body = res.text().await?;
    done.store(true, Ordering::Relaxed);
    sampler.join().ok();
    if !status.is_success() {
        bail!("upload: {status} {body}");
    }
    let hwm = status_kib("VmHWM:");
    let peak = peak.load(Ordering::Relaxed).max(hwm);
    println!(
        "upload of {mb} MiB to {gateway}: {:.1} s, answer {body}",
        elapsed.as_secs_f64()
    );
    println!("idle RSS: {:.1} MiB", idle as f64 / 1024.0);
    println!(
        "peak RSS during the upload: {:.1} MiB (VmHWM {:.1} MiB)",
        peak as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
    println!(
        "peak above idle: {:.1} MiB (target: at most 64 MB)",
        peak.saturating_sub(idle) as f64 / 1024.0
    );
    drop(arlocal);
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(())
}

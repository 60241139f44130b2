//! Failing well (issue 27): with the database down an RPC answers 503 with `Retry-After` and
//! 'Serviço temporariamente indisponível. Tente novamente em instantes.' within five seconds
//! (instead of hanging), and recovers when it is back; periodic jobs are done once per period
//! however many instances tick; the demo seed is safe when several instances load it at once.
//!
//! The database "stops" through a TCP proxy in front of PostgreSQL (a fake at the edge of the
//! test: it stops forwarding, closes what it forwarded and then accepts and drops, or holds,
//! every new connection); on SQLite, which has no server, the pool is closed.

use crate::helpers::{TempDir, fresh_database, spawn_app, spawn_app_with};
use feira_api::{
    db,
    jobs::{Job, Runner, Scope, period_start},
};
use serde_json::json;
use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};
use tokio::{net::TcpListener, sync::watch};
use tokio_util::sync::CancellationToken;

fn on_postgres() -> bool {
    std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"))
}

/// How the proxy treats connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Forward,
    /// Closes every connection (a stopped server).
    Refuse,
    /// Accepts and never answers (a server that hangs).
    Hang,
}

/// A TCP proxy to `target`, switched by the returned sender.
async fn proxy(target: String) -> (String, watch::Sender<Mode>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (mode, watching) = watch::channel(Mode::Forward);
    tokio::spawn(async move {
        loop {
            let Ok((mut client, _)) = listener.accept().await else {
                return;
            };
            let mut watching = watching.clone();
            let target = target.clone();
            tokio::spawn(async move {
                let now = *watching.borrow_and_update();
                match now {
                    Mode::Refuse => return,
                    Mode::Hang => {
                        let _ = watching.changed().await;
                        return;
                    }
                    Mode::Forward => {}
                }
                let Ok(mut server) = tokio::net::TcpStream::connect(&target).await else {
                    return;
                };
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                    // Any change stops what was forwarded.
                    _ = watching.changed() => {}
                }
            });
        }
    });
    (addr.to_string(), mode)
}

/// An RPC that needs the database (the session, then the balance), timed.
async fn timed_rpc(
    app: &crate::helpers::TestApp,
    token: &str,
) -> (u16, Option<String>, serde_json::Value, Duration) {
    let started = Instant::now();
    let res = app
        .http
        .post(format!("{}/api", app.address))
        .bearer_auth(token)
        .json(&json!({"codigo": "pegar_fichas_blockchain"}))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let retry = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = res.json().await.unwrap_or_default();
    (status, retry, body, started.elapsed())
}

fn assert_unavailable(answer: &(u16, Option<String>, serde_json::Value, Duration), what: &str) {
    let (status, retry, body, took) = answer;
    assert_eq!(*status, 503, "{what}: {body}");
    assert_eq!(retry.as_deref(), Some("5"), "{what}");
    assert_eq!(
        body["error"], "Serviço temporariamente indisponível. Tente novamente em instantes.",
        "{what}"
    );
    assert!(
        *took <= Duration::from_secs(5),
        "{what}: answered after {took:?}"
    );
}

#[tokio::test]
async fn with_the_database_down_an_rpc_answers_503_within_five_seconds_and_recovers() {
    if !on_postgres() {
        let app = spawn_app().await;
        let (token, _) = app.login("bia@exemplo.com.br").await;
        assert_eq!(timed_rpc(&app, &token).await.0, 200);
        app.app.db.close().await;
        assert_unavailable(&timed_rpc(&app, &token).await, "pool closed");
        return;
    }
    // The app's database URL goes through the proxy.
    let tmp = TempDir(std::env::temp_dir().join(format!("feira-outage-{}", db::new_id())));
    let direct = url::Url::parse(&fresh_database(&tmp.0).await).unwrap();
    let target = format!(
        "{}:{}",
        direct.host_str().unwrap(),
        direct.port().unwrap_or(5432)
    );
    let (through, mode) = proxy(target).await;
    let mut proxied = direct.clone();
    let (host, port) = through.split_once(':').unwrap();
    proxied.set_host(Some(host)).unwrap();
    proxied.set_port(Some(port.parse().unwrap())).unwrap();
    let url = proxied.to_string();
    let app = spawn_app_with(move |c| {
        c.database.url = url;
        // Production's bound (the suite's apps wait longer: `spawn_app_with`).
        c.database.acquire_timeout = Duration::from_secs(3);
    })
    .await;
    let (token, _) = app.login("bia@exemplo.com.br").await;
    assert_eq!(timed_rpc(&app, &token).await.0, 200);

    mode.send_replace(Mode::Refuse);
    assert_unavailable(&timed_rpc(&app, &token).await, "stopped");
    mode.send_replace(Mode::Hang);
    assert_unavailable(&timed_rpc(&app, &token).await, "hanging");
    // /readyz says so too; the process stays alive.
    assert_eq!(app.get("/readyz").await.status(), 503);
    assert_eq!(app.get("/healthz").await.status(), 200);

    mode.send_replace(Mode::Forward);
    let mut back = 0;
    for _ in 0..50 {
        back = timed_rpc(&app, &token).await.0;
        if back == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(back, 200, "recovered by itself");
}

/// A job that records the period of each run it does.
fn counting_job(name: &'static str, every: Duration, runs: Arc<Mutex<Vec<i64>>>) -> Job {
    Job::new(name, every, Scope::OneInstance, move |_| {
        let runs = runs.clone();
        Box::pin(async move {
            runs.lock().unwrap().push(period_start(db::now_ms(), every));
            // Long enough for the other instance to tick while this one works.
            tokio::time::sleep(Duration::from_millis(150)).await;
            Ok(())
        })
    })
}

#[tokio::test]
async fn two_instances_over_three_periods_run_each_job_three_times_in_all() {
    let tmp = TempDir(std::env::temp_dir().join(format!("feira-jobs-{}", db::new_id())));
    let url = fresh_database(&tmp.0).await;
    let timeout = Duration::from_secs(3);
    let first = db::connect(&url, 4, timeout).await.unwrap();
    db::migrate(&first).await.unwrap();
    // Two instances: two pools (two sets of sessions). SQLite is one process by design.
    let mut pools = vec![first];
    if on_postgres() {
        pools.push(db::connect(&url, 4, timeout).await.unwrap());
    }
    let every = Duration::from_secs(1);
    // Start just after a period begins: three periods fit in the next 2.5 s.
    let now = db::now_ms();
    let next = period_start(now, every) + 1000;
    tokio::time::sleep(Duration::from_millis(
        u64::try_from(next - now + 50).unwrap(),
    ))
    .await;
    let shutdown = CancellationToken::new();
    let jobs = ["pix-expiry-like", "outbox-like"];
    let runs: Vec<Arc<Mutex<Vec<i64>>>> = jobs.iter().map(|_| Arc::default()).collect();
    let mut runners = Vec::new();
    for pool in &pools {
        let mut runner = Runner::new(pool.clone(), shutdown.clone());
        for (name, runs) in jobs.iter().zip(&runs) {
            runner.spawn(counting_job(name, every, runs.clone()));
        }
        runners.push(runner);
    }
    tokio::time::sleep(Duration::from_millis(2500)).await;
    shutdown.cancel();
    for runner in runners {
        runner.stopped().await;
    }
    for (name, runs) in jobs.iter().zip(&runs) {
        let mut periods = runs.lock().unwrap().clone();
        assert_eq!(periods.len(), 3, "{name} ran {periods:?}");
        periods.dedup();
        assert_eq!(periods.len(), 3, "{name}: a period ran twice");
    }
    let done: Vec<(String, i64)> = sqlx::query_as("SELECT job, periodo FROM job_runs ORDER BY job")
        .fetch_all(&pools[0])
        .await
        .unwrap();
    assert_eq!(done.len(), 2, "{done:?}");
}

#[tokio::test]
async fn the_demo_seed_loads_once_when_instances_load_it_together() {
    let tmp = TempDir(std::env::temp_dir().join(format!("feira-seed-{}", db::new_id())));
    let url = fresh_database(&tmp.0).await;
    let timeout = Duration::from_secs(10);
    let a = db::connect(&url, 4, timeout).await.unwrap();
    db::migrate(&a).await.unwrap();
    let b = db::connect(&url, 4, timeout).await.unwrap();
    let media = feira_api::media::MediaStore::from_config(&feira_api::config::MediaConfig::Local {
        dir: tmp.0.join("media"),
    })
    .unwrap();
    let (ra, rb) = tokio::join!(
        feira_api::seed::load_demo(&a, &media),
        feira_api::seed::load_demo(&b, &media)
    );
    let (ra, rb) = (ra.expect("first loader"), rb.expect("second loader"));
    assert!(ra ^ rb, "exactly one loaded: {ra} {rb}");
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&a)
        .await
        .unwrap();
    let demo: serde_json::Value =
        serde_json::from_str(include_str!("../../../seeds/demo.json")).unwrap();
    assert_eq!(users, demo["usuarios"].as_array().unwrap().len() as i64);
}

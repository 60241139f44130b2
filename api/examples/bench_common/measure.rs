//! What the benches share: an endpoint, closed and open loops over it, and the table row each
//! phase reports (latency percentiles, the server's CPU per request, the machine's load).
//! Included by each bench with `#[path]` (examples are separate crates).

// Each bench uses its part of this file.
#![allow(dead_code)]

use serde_json::Value;
use std::{
    sync::Arc,
    time::{Duration, Instant},
};

/// The table's header, matching [`Run::report`]'s rows.
pub(crate) const HEADER: &str = "| action | phase | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | errors \
     | server CPU µs/req | load |\n|---|---|---|---|---|---|---|---|---|---|---|";

/// Percentile `p` (0–100) of sorted latencies, in milliseconds.
fn pct(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i].as_secs_f64() * 1_000.0
}

/// CPU seconds used so far by the server: the whole process (exited threads included) minus
/// the main thread, which runs the client. From `/proc` (Linux, 100 ticks a second).
pub(crate) fn server_cpu() -> f64 {
    let ticks = |path: &str| -> u64 {
        let stat = std::fs::read_to_string(path).unwrap_or_default();
        // After the name in parentheses come the fields from 3 (state) on: utime 14, stime 15.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        [11, 12]
            .iter()
            .filter_map(|&i| fields.get(i).and_then(|v| v.parse::<u64>().ok()))
            .sum()
    };
    let main = format!("/proc/self/task/{}/stat", std::process::id());
    ticks("/proc/self/stat").saturating_sub(ticks(&main)) as f64 / 100.0
}

/// The machine's 1-minute load average (other work on the shared cores shows here).
pub(crate) fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_default()
}

/// A phase under way: when it began, the server's CPU time and the load average then.
struct Phase {
    name: String,
    start: Instant,
    cpu: f64,
    load: String,
}

impl Phase {
    fn begin(name: &str) -> Self {
        let (load, cpu) = (load(), server_cpu());
        Self {
            name: name.into(),
            start: Instant::now(),
            cpu,
            load,
        }
    }

    /// The phase's result from its successful requests' latencies and its errors.
    fn end(self, latencies: Vec<Duration>, errors: usize) -> Run {
        Run {
            name: self.name,
            sent: latencies.len() + errors,
            errors,
            elapsed: self.start.elapsed(),
            latencies,
            cpu: server_cpu() - self.cpu,
            load: self.load,
        }
    }
}

/// A finished phase.
pub(crate) struct Run {
    name: String,
    sent: usize,
    errors: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
    /// Server CPU seconds over the phase.
    cpu: f64,
    /// Load average when the phase began.
    load: String,
}

impl Run {
    /// How many requests were answered 200.
    pub(crate) fn ok(&self) -> usize {
        self.latencies.len()
    }

    pub(crate) fn report(mut self) {
        self.latencies.sort();
        let l = &self.latencies;
        println!(
            "| {} | {} | {:.0} | {:.2} | {:.2} | {:.2} | {:.2} | {} | {:.0} | {} |",
            self.name,
            self.sent,
            l.len() as f64 / self.elapsed.as_secs_f64(),
            pct(l, 50.0),
            pct(l, 90.0),
            pct(l, 99.0),
            l.last().map_or(f64::NAN, |d| d.as_secs_f64() * 1_000.0),
            self.errors,
            self.cpu / self.sent.max(1) as f64 * 1e6,
            self.load,
        );
    }
}

/// Where the load goes: `POST` a JSON body to one of `urls` (several instances of one service
/// take turns), signed in with `token` if any.
#[derive(Clone)]
pub(crate) struct Endpoint {
    http: reqwest::Client,
    urls: Arc<Vec<String>>,
    token: Option<String>,
}

impl Endpoint {
    /// An endpoint whose requests go to each of `urls` in turn, with a client that keeps
    /// enough connections for the loops.
    pub(crate) fn over(urls: Vec<String>, token: Option<String>) -> anyhow::Result<Self> {
        anyhow::ensure!(!urls.is_empty(), "an endpoint needs a URL");
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .pool_max_idle_per_host(256)
            .build()?;
        Ok(Self {
            http,
            urls: Arc::new(urls),
            token,
        })
    }

    /// The same endpoint signed in with `token`.
    pub(crate) fn signed_in(&self, token: &str) -> Self {
        Self {
            token: Some(token.to_owned()),
            ..self.clone()
        }
    }

    /// One request's answer (to the first URL), whatever its status.
    pub(crate) async fn send(&self, body: &Value) -> anyhow::Result<(u16, Value)> {
        let mut req = self.http.post(&self.urls[0]).json(body);
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await?;
        let status = res.status().as_u16();
        Ok((status, res.json().await.unwrap_or(Value::Null)))
    }

    /// Request number `i`; `Err` on a transport error or a non-200 answer.
    async fn call(&self, i: usize, body: &Value) -> anyhow::Result<usize> {
        let mut req = self.http.post(&self.urls[i % self.urls.len()]).json(body);
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await?;
        anyhow::ensure!(res.status() == 200, "status {}", res.status());
        Ok(res.bytes().await?.len())
    }
}

/// `concurrency` workers sending back to back for `seconds`.
pub(crate) async fn closed_loop(
    endpoint: &Endpoint,
    bodies: Arc<Vec<Value>>,
    concurrency: usize,
    seconds: u64,
    name: &str,
) -> Run {
    let phase = Phase::begin(name);
    let end = phase.start + Duration::from_secs(seconds);
    let mut workers = Vec::new();
    for w in 0..concurrency {
        let (endpoint, bodies) = (endpoint.clone(), bodies.clone());
        workers.push(tokio::spawn(async move {
            let (mut lat, mut errors, mut i) = (Vec::new(), 0, w);
            while Instant::now() < end {
                let t = Instant::now();
                match endpoint.call(i, &bodies[i % bodies.len()]).await {
                    Ok(_) => lat.push(t.elapsed()),
                    Err(_) => errors += 1,
                }
                i += concurrency;
            }
            (lat, errors)
        }));
    }
    let (mut latencies, mut errors) = (Vec::new(), 0);
    for w in workers {
        let (lat, err) = w.await.expect("worker");
        errors += err;
        latencies.extend(lat);
    }
    phase.end(latencies, errors)
}

/// `rate` requests a second for `seconds`, each timed from its scheduled start.
pub(crate) async fn open_loop(
    endpoint: &Endpoint,
    bodies: Arc<Vec<Value>>,
    rate: u64,
    seconds: u64,
    name: &str,
) -> Run {
    let total = rate * seconds;
    let phase = Phase::begin(name);
    let start = phase.start;
    let mut tasks = Vec::with_capacity(total as usize);
    for i in 0..total {
        let due = start + Duration::from_nanos(i * 1_000_000_000 / rate);
        tokio::time::sleep_until(due.into()).await;
        let (endpoint, bodies) = (endpoint.clone(), bodies.clone());
        tasks.push(tokio::spawn(async move {
            endpoint
                .call(i as usize, &bodies[i as usize % bodies.len()])
                .await
                .map(|_| due.elapsed())
        }));
    }
    let (mut latencies, mut errors) = (Vec::new(), 0);
    for t in tasks {
        match t.await.expect("request task") {
            Ok(d) => latencies.push(d),
            Err(_) => errors += 1,
        }
    }
    phase.end(latencies, errors)
}

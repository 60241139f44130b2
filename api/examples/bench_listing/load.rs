//! The load: closed and open loops over one action, and the table they report.

use super::Options;
use super::data::CATEGORIES;
use serde_json::{Value, json};
use std::{
    sync::Arc,
    time::{Duration, Instant},
};

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
fn server_cpu() -> f64 {
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
fn load() -> String {
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
struct Run {
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
    fn report(mut self) {
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

/// One request; `Err` on a transport error or a non-200 answer.
async fn call(http: &reqwest::Client, url: &str, body: &Value) -> anyhow::Result<usize> {
    let res = http.post(url).json(body).send().await?;
    anyhow::ensure!(res.status() == 200, "status {}", res.status());
    Ok(res.bytes().await?.len())
}

/// `concurrency` workers sending back to back for `seconds`.
async fn closed_loop(
    http: &reqwest::Client,
    url: &str,
    bodies: Arc<Vec<Value>>,
    concurrency: usize,
    seconds: u64,
    name: &str,
) -> Run {
    let phase = Phase::begin(name);
    let end = phase.start + Duration::from_secs(seconds);
    let mut workers = Vec::new();
    for w in 0..concurrency {
        let (http, url, bodies) = (http.clone(), url.to_owned(), bodies.clone());
        workers.push(tokio::spawn(async move {
            let (mut lat, mut errors, mut i) = (Vec::new(), 0, w);
            while Instant::now() < end {
                let t = Instant::now();
                match call(&http, &url, &bodies[i % bodies.len()]).await {
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
async fn open_loop(
    http: &reqwest::Client,
    url: &str,
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
        let (http, url, bodies) = (http.clone(), url.to_owned(), bodies.clone());
        tasks.push(tokio::spawn(async move {
            call(&http, &url, &bodies[i as usize % bodies.len()])
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

/// The search bench's common two-word query: each word is in about 8 % of the titles, both in
/// about 0.7 % (≈ 700 products, a quarter of them in the region: several pages).
const COMMON_QUERY: &str = "tomate orgânico";

/// The requests of one action, sent in turn.
fn bodies(o: &Options, action: &str) -> Arc<Vec<Value>> {
    let search = |all: &str| json!({"codigo": "search", "all": all, "cidade": o.region});
    Arc::new(if action == "site" {
        vec![json!({"codigo": "pegar_produtos_anuncios_site", "regiao": o.region})]
    } else if action == "search-rare" {
        vec![search(super::data::RARE_WORD)]
    } else if action == "search-common" {
        vec![search(COMMON_QUERY)]
    } else {
        CATEGORIES
            .iter()
            .map(|c| {
                json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": o.region,
                       "categoria": c})
            })
            .collect()
    })
}

/// Checks that the region's first pages are full (or the bench would measure nothing), warms
/// up, then runs and reports each phase.
pub(crate) async fn load_server(o: &Options, url: &str) -> anyhow::Result<()> {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .pool_max_idle_per_host(256)
        .build()?;
    let site2 = bodies(o, "site2");
    for b in site2.iter() {
        let r: Value = http.post(url).json(b).send().await?.json().await?;
        let len = |k: &str| r[k].as_array().map_or(0, Vec::len);
        let (p, a) = (len("produtos"), len("anuncios"));
        let size = serde_json::to_vec(&r)?.len();
        eprintln!("{}: {p} products, {a} ads, {size} bytes", b["categoria"]);
        anyhow::ensure!(
            p == 12 && a == 12,
            "the region's first page is not full: {r}"
        );
    }
    for action in ["search-rare", "search-common"] {
        let body = &bodies(o, action)[0];
        let r: Value = http.post(url).json(body).send().await?.json().await?;
        let len = |k: &str| r[k].as_array().map_or(0, Vec::len);
        let counted: i64 = r["categorias"]
            .as_array()
            .map_or(0, |c| c.iter().filter_map(|c| c["produtos"].as_i64()).sum());
        eprintln!(
            "{}: first page {} products, {} ads; {counted} products match in the region",
            body["all"],
            len("produtos"),
            len("anuncios")
        );
        anyhow::ensure!(len("produtos") > 0, "the search finds nothing: {r}");
    }
    closed_loop(&http, url, site2, 4, 2, "warm-up").await;
    println!(
        "| action | phase | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | errors \
         | server CPU µs/req | load |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (action, rate) in [
        ("site2", o.rate),
        ("site", o.home_rate),
        ("search-rare", o.search_rate),
        ("search-common", o.search_rate),
    ] {
        if o.only != "all" && !action.starts_with(o.only.as_str()) {
            continue;
        }
        let name = match action {
            "search-rare" => format!("`search` '{}'", super::data::RARE_WORD),
            "search-common" => format!("`search` '{COMMON_QUERY}'"),
            _ => format!("`pegar_produtos_anuncios_{action}`"),
        };
        let c = o.concurrency;
        let phase = format!("{name} | closed loop, {c} in flight");
        closed_loop(&http, url, bodies(o, action), c, o.seconds, &phase)
            .await
            .report();
        let phase = format!("{name} | open loop, {rate} req/s");
        open_loop(&http, url, bodies(o, action), rate, o.seconds, &phase)
            .await
            .report();
    }
    Ok(())
}

//! Region-listing benchmark (docs/benchmarks.md, "Region listing"); not a test, never run by
//! `cargo test`.
//!
//! `cargo run --release -p feira-api --example bench_listing` generates a SQLite database in a
//! temporary folder (100,000 products of 2,000 suppliers spread over the three scopes, 10,000
//! ads), starts the real application on a loopback port, and loads it from a client in the same
//! process: first a closed loop at a fixed concurrency (throughput), then an open loop at a fixed
//! rate (latency from each request's scheduled start, so a stall is not hidden). Every phase is
//! bounded in time; the folder is removed at the end.
//!
//! Options (`--name value`): `products` (100000), `suppliers` (2000), `ads` (10000),
//! `concurrency` (16), `rate` (1000 per second, `_site2`), `home-rate` (300 per second,
//! `_site`), `seconds` (10 per phase, at most 60), `region` ('Piracicaba, SP'), `only` (`all`,
//! `site2` or `site`), `pool` (10, the server's `DATABASE_MAX_CONNECTIONS`). A watchdog ends the
//! process after ten minutes whatever happens; `BENCH_KEEP=1` keeps the database folder.

use anyhow::Context;
use feira_api::{config::Config, db, startup::Application};
use serde_json::{Value, json};
use std::{
    collections::HashMap,
    path::PathBuf,
    sync::Arc,
    time::{Duration, Instant},
};
use wasm_core::places::{STATES, parse_municipalities_csv};

const CATEGORIES: [&str; 4] = [
    "Alimentos",
    "Produtos, Coprodutos, Subprodutos",
    "Sementes e Mudas",
    "Variedades",
];
const WORDS: [&str; 24] = [
    "alface",
    "tomate",
    "café",
    "mel",
    "queijo",
    "doce",
    "muda",
    "semente",
    "esterco",
    "húmus",
    "laranja",
    "limão",
    "feijão",
    "milho",
    "mandioca",
    "ovos",
    "cachaça",
    "rapadura",
    "banana",
    "cesta",
    "lenha",
    "palha",
    "orgânico",
    "caseiro",
];

/// A small deterministic generator (SplitMix64): the same data on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

struct Options {
    products: usize,
    suppliers: usize,
    ads: usize,
    concurrency: usize,
    rate: u64,
    /// The open loop's rate for the home (`_site`), a heavier request.
    home_rate: u64,
    seconds: u64,
    region: String,
    /// `all`, `site2` or `site`: which actions to load.
    only: String,
    /// The server's `DATABASE_MAX_CONNECTIONS`.
    pool: u64,
}

fn options() -> anyhow::Result<Options> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut map = HashMap::new();
    for pair in args.chunks(2) {
        let key = pair[0].trim_start_matches("--").to_owned();
        map.insert(
            key,
            pair.get(1).cloned().context("an option without a value")?,
        );
    }
    let num = |k: &str, d: u64| -> anyhow::Result<u64> {
        map.get(k)
            .map_or(Ok(d), |v| v.parse().with_context(|| format!("--{k}")))
    };
    Ok(Options {
        products: num("products", 100_000)? as usize,
        suppliers: num("suppliers", 2_000)? as usize,
        ads: num("ads", 10_000)? as usize,
        concurrency: num("concurrency", 16)? as usize,
        rate: num("rate", 1_000)?,
        home_rate: num("home-rate", 300)?,
        seconds: num("seconds", 10)?.clamp(1, 60),
        region: map
            .get("region")
            .cloned()
            .unwrap_or_else(|| "Piracicaba, SP".into()),
        only: map.get("only").cloned().unwrap_or_else(|| "all".into()),
        pool: num("pool", 10)?,
    })
}

/// A value of a generated row.
enum V {
    T(String),
    I(i64),
    N,
    B(bool),
}

/// Inserts `rows` into `table` a few hundred at a time.
async fn insert(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &str,
    cols: &[&str],
    rows: Vec<Vec<V>>,
) -> anyhow::Result<()> {
    // Few parameters per statement: sqlx looks each one up by name, in time linear in their count.
    let per = (400 / cols.len()).max(1);
    for chunk in rows.chunks(per) {
        let mut n = 0;
        let values: Vec<String> = chunk
            .iter()
            .map(|_| {
                let ps: Vec<String> = cols
                    .iter()
                    .map(|_| {
                        n += 1;
                        format!("${n}")
                    })
                    .collect();
                format!("({})", ps.join(","))
            })
            .collect();
        let sql = format!(
            "INSERT INTO {table} ({}) VALUES {}",
            cols.join(","),
            values.join(",")
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for row in chunk {
            for v in row {
                q = match v {
                    V::T(s) => q.bind(s.clone()),
                    V::I(i) => q.bind(*i),
                    V::N => q.bind(None::<i64>),
                    V::B(b) => q.bind(*b),
                };
            }
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Fills the database with the generated catalogue, in one transaction.
async fn generate(db: &db::Db, o: &Options) -> anyhow::Result<()> {
    let mut rng = Rng(20_251_121);
    let cities: Vec<String> = parse_municipalities_csv(include_str!("../../seeds/municipios.csv"))?
        .iter()
        .map(|m| m.label())
        .collect();
    let now = 1_763_700_000_000_i64;
    let mut tx = db.begin().await?;
    let (mut users, mut suppliers, mut places) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..o.suppliers {
        let id = format!("u{i:05}");
        users.push(vec![
            V::T(id.clone()),
            V::T(format!("{id}@bench.test")),
            V::T(format!("Pessoa {i}")),
            V::I(now),
        ]);
        // 20 % all Brazil, 30 % some states, 50 % some cities; Piracicaba in 1 of 10 city lists.
        let local = match rng.below(10) {
            0 | 1 => 1,
            2..=4 => 2,
            _ => 3,
        };
        let mut mine: Vec<String> = match local {
            2 => (0..1 + rng.below(3))
                .map(|_| (*rng.pick(&STATES)).to_owned())
                .collect(),
            3 => (0..1 + rng.below(6))
                .map(|_| rng.pick(&cities).clone())
                .collect(),
            _ => Vec::new(),
        };
        if local == 3 && rng.chance(10) {
            mine.push(o.region.clone());
        }
        mine.sort();
        mine.dedup();
        places.extend(mine.into_iter().map(|p| vec![V::T(id.clone()), V::T(p)]));
        suppliers.push(vec![
            V::T(id.clone()),
            V::T(format!("Fornecedor {i}")),
            V::T("(19)99999-0000".into()),
            V::T("00000000000".into()),
            V::T(format!("{id}@bench.test")),
            V::T(format!("loja-{i}")),
            V::I(1 + rng.below(5) as i64),
            V::B(rng.chance(3)),
            V::B(rng.chance(2)),
            V::I(local),
            V::I(rng.below(1_000) as i64),
            V::I(now),
        ]);
    }
    insert(
        &mut tx,
        "users",
        &["id", "email", "nome", "criado_em"],
        users,
    )
    .await?;
    let cols = [
        "user_id",
        "nomeforn",
        "telefone",
        "documento",
        "email",
        "url",
        "paleta",
        "oculto",
        "invisivel",
        "local",
        "vendasforn",
        "criado_em",
    ];
    insert(&mut tx, "suppliers", &cols, suppliers).await?;
    insert(
        &mut tx,
        "supplier_places",
        &["supplier_id", "place"],
        places,
    )
    .await?;

    let (mut products, mut photos) = (Vec::new(), Vec::new());
    for i in 0..o.products {
        let id = format!("p{i:06}");
        let categoria = CATEGORIES[[0, 0, 1, 2, 3][rng.below(5)]];
        let preco = 100 + rng.below(20_000) as i64;
        let promo = rng.chance(20).then(|| preco * 9 / 10);
        products.push(vec![
            V::T(id.clone()),
            V::T(format!("u{:05}", rng.below(o.suppliers))),
            V::T(categoria.into()),
            V::T(format!("{} {} {i}", rng.pick(&WORDS), rng.pick(&WORDS))),
            V::T("Produto gerado para o benchmark.".into()),
            V::T(format!("/media/produtos/{id}/icone.jpg")),
            V::I(preco),
            promo.map_or(V::N, V::I),
            if promo.is_some() { V::I(3) } else { V::N },
            V::T("[\"Unidade\",\"Caixa\"]".into()),
            V::B(rng.chance(3)),
            V::I(rng.below(500) as i64),
            V::I(now - rng.below(365 * 86_400) as i64 * 1_000),
        ]);
        for n in 0..rng.below(3) {
            photos.push(vec![
                V::T(format!("{id}f{n}")),
                V::T(id.clone()),
                V::T(format!("/media/produtos/{id}/{n}.jpg")),
                V::I(now + n as i64),
            ]);
        }
    }
    let cols = [
        "id",
        "supplier_id",
        "categoria",
        "titulo",
        "descricao",
        "icone",
        "preco_centavos",
        "preco_promo_centavos",
        "minimo_promo",
        "opcoes",
        "desabilitado",
        "vendas",
        "criado_em",
    ];
    insert(&mut tx, "products", &cols, products).await?;
    let cols = ["id", "product_id", "url", "criado_em"];
    insert(&mut tx, "product_photos", &cols, photos).await?;

    let (mut ads, mut ad_places) = (Vec::new(), Vec::new());
    for i in 0..o.ads {
        let id = format!("a{i:06}");
        let local = match rng.below(10) {
            0 => 1,
            1..=3 => 2,
            _ => 3,
        };
        let mut mine: Vec<String> = match local {
            2 => (0..1 + rng.below(3))
                .map(|_| (*rng.pick(&STATES)).to_owned())
                .collect(),
            3 => (0..1 + rng.below(4))
                .map(|_| rng.pick(&cities).clone())
                .collect(),
            _ => Vec::new(),
        };
        if local == 3 && rng.chance(10) {
            mine.push(o.region.clone());
        }
        mine.sort();
        mine.dedup();
        ad_places.extend(mine.into_iter().map(|p| vec![V::T(id.clone()), V::T(p)]));
        ads.push(vec![
            V::T(id.clone()),
            V::T(format!("u{:05}", rng.below(o.suppliers))),
            V::T(CATEGORIES[rng.below(4)].into()),
            V::T(format!("{} {} {i}", rng.pick(&WORDS), rng.pick(&WORDS))),
            V::I(1_000 + rng.below(100_000) as i64),
            V::T(rng.pick(&cities).clone()),
            V::I(local),
            V::T(format!("Anunciante {i}")),
            V::T("(19)98888-0000".into()),
            V::I(now - rng.below(365 * 86_400) as i64 * 1_000),
        ]);
    }
    let cols = [
        "id",
        "user_id",
        "categoria",
        "titulo",
        "preco_centavos",
        "origem",
        "local",
        "nome",
        "telefone",
        "publicado_em",
    ];
    insert(&mut tx, "ads", &cols, ads).await?;
    insert(&mut tx, "ad_places", &["ad_id", "place"], ad_places).await?;
    tx.commit().await?;
    Ok(())
}

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
    let (load, cpu) = (load(), server_cpu());
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
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
    let mut run = Run {
        name: name.into(),
        sent: 0,
        errors: 0,
        elapsed: Duration::ZERO,
        latencies: Vec::new(),
        cpu: 0.0,
        load,
    };
    for w in workers {
        let (lat, errors) = w.await.expect("worker");
        run.errors += errors;
        run.latencies.extend(lat);
    }
    run.elapsed = start.elapsed();
    run.cpu = server_cpu() - cpu;
    run.sent = run.latencies.len() + run.errors;
    run
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
    let (load, cpu) = (load(), server_cpu());
    let start = Instant::now();
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
    let mut run = Run {
        name: name.into(),
        sent: total as usize,
        errors: 0,
        elapsed: Duration::ZERO,
        latencies: Vec::new(),
        cpu: 0.0,
        load,
    };
    for t in tasks {
        match t.await.expect("request task") {
            Ok(d) => run.latencies.push(d),
            Err(_) => run.errors += 1,
        }
    }
    run.elapsed = start.elapsed();
    run.cpu = server_cpu() - cpu;
    run
}

/// The requests of one action, sent in turn.
fn bodies(o: &Options, action: &str) -> Arc<Vec<Value>> {
    Arc::new(if action == "site" {
        vec![json!({"codigo": "pegar_produtos_anuncios_site", "regiao": o.region})]
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
async fn load_server(o: &Options, url: &str) -> anyhow::Result<()> {
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
    closed_loop(&http, url, site2, 4, 2, "warm-up").await;
    println!(
        "| action | phase | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | errors \
         | server CPU µs/req | load |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (action, rate) in [("site2", o.rate), ("site", o.home_rate)] {
        if o.only != "all" && o.only != action {
            continue;
        }
        let name = format!("`pegar_produtos_anuncios_{action}`");
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

fn main() -> anyhow::Result<()> {
    let o = options()?;
    let dir = std::env::temp_dir().join(format!("feira-bench-{}", std::process::id()));
    let watched = dir.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(600));
        eprintln!("bench_listing: ten minutes are up, stopping");
        let _ = std::fs::remove_dir_all(&watched);
        std::process::exit(2);
    });
    std::fs::create_dir_all(dir.join("dist"))?;
    std::fs::write(dir.join("dist/index.html"), "<!doctype html>")?;
    let result = run(&o, &dir);
    if std::env::var_os("BENCH_KEEP").is_some() {
        eprintln!("kept {}", dir.display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result
}

fn run(o: &Options, dir: &std::path::Path) -> anyhow::Result<()> {
    // The server: its own runtime with two workers, as on the project's 2-core machine.
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let database_url = format!("sqlite://{}", dir.join("bench.db").display());
    let address = server.block_on(async {
        let db = db::connect(&database_url, 1).await?;
        db::migrate(&db).await?;
        let t = Instant::now();
        generate(&db, o).await?;
        eprintln!(
            "generated {} products, {} suppliers, {} ads in {:.1} s",
            o.products,
            o.suppliers,
            o.ads,
            t.elapsed().as_secs_f64()
        );
        db.close().await;
        let dist: PathBuf = dir.join("dist");
        let media = dir.join("media");
        let url = database_url.clone();
        let config = Config::from_lookup(|k| match k {
            "APP_HOST" => Some("127.0.0.1".into()),
            "APP_PORT" => Some("0".into()),
            "OIDC_CLIENT_ID" => Some("bench".into()),
            "DATABASE_URL" => Some(url.clone()),
            "WEBAPP_DIR" => Some(dist.display().to_string()),
            "MEDIA_DIR" => Some(media.display().to_string()),
            "DATABASE_MAX_CONNECTIONS" => Some(o.pool.to_string()),
            _ => None,
        })?;
        let app = Application::build(config).await?;
        let address = app.address();
        tokio::spawn(app.run_until_stopped());
        anyhow::Ok(address)
    })?;
    anyhow::ensure!(
        address.ip().is_loopback(),
        "the bench serves on loopback only"
    );
    let url = format!("http://{address}/api");

    // The client: one thread.
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(load_server(o, &url))?;
    server.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

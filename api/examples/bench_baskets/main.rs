//! Recurring baskets benchmark (docs/benchmarks.md, "Recurring baskets"); not a test, never run
//! by `cargo test`.
//!
//! `cargo run --release -p feira-api --example bench_baskets` starts the real application with
//! the demo data on a fresh SQLite database in a temporary folder (or on PostgreSQL with
//! `--database URL`: the bench creates its own database there and drops it at the end), writes
//! `--stores` (500) copies of a demo store and `--baskets` (10,000) buyers with one weekly
//! basket each (three lines, pickup) spread over them, all due on one delivery date three days
//! on, and then runs the cycles job's work (`cycles::run`, what the `subscription-cycles` job
//! runs each minute) at an instant just past that date's cut-off: every basket's order is placed
//! through the checkout's code, once. It reports how long that took, and the latency of
//! `finalizar_pedido` (one buyer, in-person pickup orders of one product at the demo store) sent
//! at `--rate` (10) a second, timed from each request's scheduled start, before (`--seconds`, 5)
//! and during the generation. `--at-once` (the job's `cycles::STORES_AT_ONCE`) sets how many
//! stores' baskets are ordered side by side (1: one basket after another). `--count-sql 1`
//! counts the SQL statements of the generation (sqlx's `sqlx::query` events), run without the
//! checkouts beside it. At the end it checks one order and one cycle per basket.
//!
//! The data is written in SQL (copies of the demo store's rows), a fake at the edge of the
//! bench; the generation and the checkouts are the application's own code. A watchdog ends the
//! process after ten minutes; `BENCH_KEEP=1` keeps the folder.

#[path = "../bench_common/database.rs"]
mod database;
#[path = "../bench_common/measure.rs"]
mod measure;
#[path = "../bench_common/setup.rs"]
mod setup;
#[path = "../bench_common/statements.rs"]
mod statements;
// The bench uses the issuer and the sign-in; the tests' distortions of a token stay unused.
mod data;
#[allow(dead_code)]
#[path = "../../tests/api/helpers/issuer.rs"]
mod issuer;

use anyhow::Context;
use feira_api::{config::Config, rpc::subscriptions::cycles, startup::Application};
use measure::Endpoint;
use serde_json::json;
use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};
use wasm_core::date::Date;

/// The demo's buyer (Carla Souza), who places the checkouts measured beside the generation.
const BUYER: &str = "comprador@feira.test";

struct Options {
    stores: usize,
    baskets: usize,
    rate: u64,
    seconds: u64,
    pool: u64,
    at_once: usize,
    database: Option<String>,
    count_sql: bool,
}

fn options() -> anyhow::Result<Options> {
    let a = setup::Args::read()?;
    Ok(Options {
        stores: a.num("stores", 500)?.max(1) as usize,
        baskets: a.num("baskets", 10_000)? as usize,
        rate: a.num("rate", 10)?.clamp(1, 1_000),
        seconds: a.num("seconds", 5)?.clamp(1, 60),
        pool: a.num("pool", 10)?,
        at_once: a.num("at-once", cycles::STORES_AT_ONCE as u64)?.max(1) as usize,
        database: a.text("database"),
        count_sql: a.num("count-sql", 0)? == 1,
    })
}

fn main() -> anyhow::Result<()> {
    let o = options()?;
    if o.count_sql {
        statements::install();
    }
    setup::in_temp_folder("feira-bench-baskets", |dir| run(&o, dir))
}

fn config(o: &Options, dir: &std::path::Path, url: &str, issuer: &str) -> anyhow::Result<Config> {
    let (dist, media) = (dir.join("dist"), dir.join("media"));
    Config::from_lookup(|k| match k {
        "APP_HOST" => Some("127.0.0.1".into()),
        "APP_PORT" => Some("0".into()),
        "OIDC_CLIENT_ID" => Some(issuer::CLIENT_ID.into()),
        "OIDC_ISSUER" => Some(issuer.into()),
        "DATABASE_URL" => Some(url.into()),
        "DATABASE_MAX_CONNECTIONS" => Some(o.pool.to_string()),
        "WEBAPP_DIR" => Some(dist.display().to_string()),
        "MEDIA_DIR" => Some(media.display().to_string()),
        "SEED_DEMO" => Some("true".into()),
        "MAX_OPEN_ORDERS" => Some("off".into()),
        k if k.starts_with("RATE_LIMIT_") => Some("off".into()),
        _ => None,
    })
}

/// Latencies of the checkouts sent at a fixed rate while `running` holds (after the first
/// `at_least`), each from its scheduled start; and the errors.
async fn checkouts(
    buyer: &Endpoint,
    rate: u64,
    at_least: Duration,
    running: Arc<AtomicBool>,
) -> (Vec<Duration>, usize) {
    let order = json!({
        "codigo": "finalizar_pedido", "site": true,
        "sacola": [{"id": "demo-p04", "quantidade": 1, "preco": 8.0, "userforn": "demo-joao"}],
        "forn": "demo-joao", "total": 8.0, "desconto": 0, "taxaentregafinal": 0,
        "pagamento": "1", "entrega": false, "infoscupom": null,
    });
    let out = Arc::new(Mutex::new((Vec::new(), 0usize)));
    let start = Instant::now();
    let every = Duration::from_secs_f64(1.0 / rate as f64);
    let mut tick = tokio::time::interval(every);
    let mut sent = Vec::new();
    while running.load(Ordering::Relaxed) || start.elapsed() < at_least {
        let due = tick.tick().await;
        let (buyer, order, out) = (buyer.clone(), order.clone(), out.clone());
        sent.push(tokio::spawn(async move {
            let ok = matches!(buyer.send(&order).await, Ok((200, _)));
            let mut o = out.lock().unwrap();
            if ok {
                o.0.push(due.elapsed());
            } else {
                o.1 += 1;
            }
        }));
    }
    for s in sent {
        let _ = s.await;
    }
    let o = out.lock().unwrap();
    (o.0.clone(), o.1)
}

/// `| phase | requests | p50 | p90 | p99 | max | errors |` of `lat`.
fn row(phase: &str, mut lat: Vec<Duration>, errors: usize) -> String {
    lat.sort();
    let pct = |p: f64| {
        if lat.is_empty() {
            return f64::NAN;
        }
        let i = ((p / 100.0) * (lat.len() - 1) as f64).round() as usize;
        lat[i].as_secs_f64() * 1_000.0
    };
    format!(
        "| {phase} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {errors} |",
        lat.len() + errors,
        pct(50.0),
        pct(90.0),
        pct(99.0),
        pct(100.0),
    )
}

fn run(o: &Options, dir: &std::path::Path) -> anyhow::Result<()> {
    // The server: one runtime with two workers, as on the project's 2-core machine.
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let database_url = match &o.database {
        Some(server_url) => {
            server.block_on(database::postgres(server_url, "feira_bench_baskets", true))?
        }
        None => format!("sqlite://{}", dir.join("bench.db").display()),
    };
    let today = Date::of_ms(feira_api::db::now_ms()).context("today")?;
    // Three days on: its cut-off (18:00 the day before) and the notice 24 hours before that are
    // ahead of the clock, so the application's own job leaves these baskets alone.
    let date = today.add_days(3).context("the delivery date")?;
    let closes = date.start_ms() - 6 * 3_600_000;
    let (url, state, issuer) = server.block_on(async {
        let issuer = issuer::spawn_issuer().await;
        let app = Application::build(config(o, dir, &database_url, &issuer)?).await?;
        anyhow::ensure!(app.address().ip().is_loopback(), "loopback only");
        let url = format!("http://{}/api", app.address());
        let state = app.state().clone();
        tokio::spawn(app.run_until_stopped());
        let t = Instant::now();
        data::generate(
            &state.db,
            o.database.is_some(),
            o.stores,
            o.baskets,
            &date.iso(),
        )
        .await?;
        eprintln!(
            "{} stores and {} baskets written in {:.1} s",
            o.stores,
            o.baskets,
            t.elapsed().as_secs_f64()
        );
        anyhow::Ok((url, state, issuer))
    })?;

    let client = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let buyer = client.block_on(async {
        let anonymous = Endpoint::over(vec![url], None)?;
        let (_, started) = anonymous.send(&json!({"codigo": "iniciar_login"})).await?;
        let nonce = started["nonce"].as_str().context("iniciar_login")?;
        let t = issuer::Token {
            email: BUYER,
            ..issuer::Token::default()
        };
        let id_token = issuer::sign_id_token(&issuer, &t, nonce);
        let (status, signed) = anonymous
            .send(&json!({"codigo": "login_site", "user": {"id_token": id_token, "nonce": nonce}}))
            .await?;
        anyhow::ensure!(status == 200, "login_site {status}: {signed}");
        let token = signed["token"].as_str().context("the session token")?;
        anyhow::Ok(anonymous.signed_in(token))
    })?;

    // Checkouts alone, then beside the generation.
    let idle = Duration::from_secs(o.seconds);
    let (alone, alone_errors) = client.block_on(checkouts(
        &buyer,
        o.rate,
        idle,
        Arc::new(AtomicBool::new(false)),
    ));
    let running = Arc::new(AtomicBool::new(true));
    let (load_before, cpu_before) = (measure::load(), measure::server_cpu());
    let statements_before = statements::statements();
    let generation = {
        let (state, running, at_once) = (state.clone(), running.clone(), o.at_once);
        server.spawn(async move {
            let t = Instant::now();
            let report = cycles::run_stores(&state, closes + 60_000, 24, None, at_once).await;
            let took = t.elapsed();
            running.store(false, Ordering::Relaxed);
            report.map(|r| (r, took))
        })
    };
    // Counting statements, the generation runs alone (its count is its own).
    let (during, during_errors) = if o.count_sql {
        (Vec::new(), 0)
    } else {
        client.block_on(checkouts(&buyer, o.rate, Duration::ZERO, running))
    };
    let (report, took) = server.block_on(generation)??;
    if o.count_sql {
        let n = statements::statements() - statements_before;
        println!(
            "SQL statements of the generation: {n}, {:.1} per basket",
            n as f64 / o.baskets.max(1) as f64
        );
    }
    let cpu = measure::server_cpu() - cpu_before;
    let load_after = measure::load();

    let (orders, cycles_recorded): (i64, i64) = server.block_on(async {
        let orders = sqlx::query_scalar(
            "SELECT COUNT(*) FROM orders WHERE chave_idempotencia LIKE 'cesta:%'",
        )
        .fetch_one(&state.db)
        .await?;
        let cycles_recorded = sqlx::query_scalar(
            "SELECT COUNT(*) FROM subscription_cycles WHERE situacao = 'pedido'",
        )
        .fetch_one(&state.db)
        .await?;
        anyhow::Ok((orders, cycles_recorded))
    })?;
    let database = if o.database.is_some() {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    println!(
        "| database | baskets | stores | stores at once | generation s | baskets/s | orders | server CPU s | load before → after |\n|---|---|---|---|---|---|---|---|---|"
    );
    println!(
        "| {database} | {} | {} | {} | {:.1} | {:.0} | {} | {:.1} | {load_before} → {load_after} |",
        o.baskets,
        o.stores,
        o.at_once,
        took.as_secs_f64(),
        o.baskets as f64 / took.as_secs_f64(),
        report.orders,
        cpu,
    );
    println!(
        "\n`finalizar_pedido` at {} req/s:\n\n| phase | requests | p50 ms | p90 ms | p99 ms | max ms | errors |\n|---|---|---|---|---|---|---|",
        o.rate
    );
    println!("{}", row("alone", alone, alone_errors));
    println!("{}", row("during the generation", during, during_errors));
    server.shutdown_timeout(Duration::from_secs(1));
    if let Some(server_url) = &o.database {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
            .block_on(database::postgres(server_url, "feira_bench_baskets", false))?;
    }
    anyhow::ensure!(
        orders == o.baskets as i64 && cycles_recorded == o.baskets as i64,
        "{orders} orders and {cycles_recorded} cycles for {} baskets",
        o.baskets
    );
    Ok(())
}

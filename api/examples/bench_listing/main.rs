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
//! `_site`), `search-rate` (200 per second, `search`: a rare word and a common two-word query,
//! docs/search.md), `seconds` (10 per phase, at most 60), `region` ('Piracicaba, SP'), `only`
//! (`all`, `site2`, `site` or `search`), `pool` (10, the server's `DATABASE_MAX_CONNECTIONS`),
//! `database` (a PostgreSQL server's URL: the bench creates its own database there and drops it
//! at the end; SQLite in the temporary folder by default). A watchdog ends the process after
//! ten minutes whatever happens; `BENCH_KEEP=1` keeps the database folder (and the PostgreSQL
//! database, for `EXPLAIN`).
//!
//! Parts: `data` generates the catalogue, `load` drives the requests and reports.

mod data;
#[path = "../bench_common/database.rs"]
mod database;
mod load;
#[path = "../bench_common/measure.rs"]
mod measure;
#[path = "../bench_common/setup.rs"]
mod setup;

use feira_api::{config::Config, db, startup::Application};
use std::{
    path::PathBuf,
    time::{Duration, Instant},
};

struct Options {
    products: usize,
    suppliers: usize,
    ads: usize,
    concurrency: usize,
    rate: u64,
    /// The open loop's rate for the home (`_site`), a heavier request.
    home_rate: u64,
    /// The open loop's rate for `search`.
    search_rate: u64,
    seconds: u64,
    region: String,
    /// `all`, `site2` or `site`: which actions to load.
    only: String,
    /// The server's `DATABASE_MAX_CONNECTIONS`.
    pool: u64,
    /// A PostgreSQL server to run on instead of SQLite.
    database: Option<String>,
}

fn options() -> anyhow::Result<Options> {
    let a = setup::Args::read()?;
    let num = |k: &str, d: u64| a.num(k, d);
    Ok(Options {
        products: num("products", 100_000)? as usize,
        suppliers: num("suppliers", 2_000)? as usize,
        ads: num("ads", 10_000)? as usize,
        concurrency: num("concurrency", 16)? as usize,
        rate: num("rate", 1_000)?,
        home_rate: num("home-rate", 300)?,
        search_rate: num("search-rate", 200)?,
        seconds: num("seconds", 10)?.clamp(1, 60),
        region: a.text("region").unwrap_or_else(|| "Piracicaba, SP".into()),
        only: a.text("only").unwrap_or_else(|| "all".into()),
        pool: num("pool", 10)?,
        database: a.text("database"),
    })
}

fn main() -> anyhow::Result<()> {
    let o = options()?;
    setup::in_temp_folder("feira-bench", |dir| run(&o, dir))
}

fn run(o: &Options, dir: &std::path::Path) -> anyhow::Result<()> {
    // The server: its own runtime with two workers, as on the project's 2-core machine.
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let database_url = match &o.database {
        Some(server_url) => server.block_on(database::postgres(server_url, "feira_bench", true))?,
        None => format!("sqlite://{}", dir.join("bench.db").display()),
    };
    let address = server.block_on(async {
        let db = db::connect(&database_url, 1, std::time::Duration::from_secs(30)).await?;
        db::migrate(&db).await?;
        let t = Instant::now();
        data::generate(&db, o).await?;
        eprintln!(
            "generated {} products, {} suppliers, {} ads in {:.1} s",
            o.products,
            o.suppliers,
            o.ads,
            t.elapsed().as_secs_f64()
        );
        db.close().await;
        let t = Instant::now();
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
        // Building the application rebuilt the search keys of every generated row.
        eprintln!(
            "started (search keys written) in {:.1} s",
            t.elapsed().as_secs_f64()
        );
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
        .block_on(load::load_server(o, &url))?;
    server.shutdown_timeout(Duration::from_secs(1));
    if let Some(server_url) = o
        .database
        .as_ref()
        .filter(|_| std::env::var_os("BENCH_KEEP").is_none())
    {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
            .block_on(database::postgres(server_url, "feira_bench", false))?;
    }
    Ok(())
}

//! Order benchmark (docs/benchmarks.md, "Orders"); not a test, never run by `cargo test`.
//!
//! `cargo run --release -p feira-api --example bench_orders` starts the real application with
//! the demo data on a fresh SQLite database in a temporary folder (or on PostgreSQL with
//! `--database URL`: the bench creates its own database there and drops it at the end), signs
//! one buyer in through a local OpenID issuer (the tests' own, a fake at the edge of the bench:
//! the API verifies its tokens with the code it uses against Google), and places in-person
//! pickup orders of one product with `finalizar_pedido` — the whole path: the token, the
//! bag priced by wasm-core, the stock reserved, the order, its lines and its two e-mails
//! written in one transaction, the answer composed from what was written. Rate limits and the open-orders bound are
//! off (one buyer places thousands of orders); the product's stock is set high enough.
//!
//! First a closed loop at a fixed concurrency (throughput, and the latency a client sees), then
//! an open loop at a fixed rate (latency from each request's scheduled start). At the end the
//! stock and the order count are checked against each other: every order took its unit.
//!
//! Options (`--name value`): `concurrency` (16), `seconds` (10 per phase, at most 60), `rate`
//! (1000 orders per second for the open loop; 0 skips it), `pool` (10, each server's
//! `DATABASE_MAX_CONNECTIONS`), `instances` (1; with 2, two servers on one database take turns,
//! as behind a load balancer), `database` (a PostgreSQL server's URL), `count-sql` (1: count
//! the SQL statements sqlx runs — its `sqlx::query` events — for the first order and per order
//! of the warm-up, and print them). A watchdog ends the process after ten minutes;
//! `BENCH_KEEP=1` keeps the folder.

#[path = "../bench_common/database.rs"]
mod database;
#[path = "../bench_common/measure.rs"]
mod measure;
#[path = "../bench_common/setup.rs"]
mod setup;
#[path = "../bench_common/statements.rs"]
mod statements;
// The bench uses the issuer and the sign-in; the tests' distortions of a token stay unused.
#[allow(dead_code)]
#[path = "../../tests/api/helpers/issuer.rs"]
mod issuer;

use anyhow::Context;
use feira_api::{config::Config, startup::Application};
use measure::{Endpoint, HEADER, closed_loop, open_loop};
use serde_json::{Value, json};
use statements::statements;
use std::{sync::Arc, time::Duration};

/// The demo's "mandioca descascada 1 kg" of Sítio Boa Vista (R$ 8,00).
const PRODUCT: &str = "demo-p04";
/// Its stock for the bench: more than any run can order.
/// The demo's buyer (Carla Souza, with an address: a purchase needs one).
const BUYER: &str = "comprador@feira.test";
const STOCK: i64 = 1_000_000_000;

struct Options {
    concurrency: usize,
    seconds: u64,
    rate: u64,
    pool: u64,
    instances: usize,
    database: Option<String>,
    count_sql: bool,
}

fn options() -> anyhow::Result<Options> {
    let a = setup::Args::read()?;
    let num = |k: &str, d: u64| a.num(k, d);
    Ok(Options {
        concurrency: num("concurrency", 16)? as usize,
        seconds: num("seconds", 10)?.clamp(1, 60),
        rate: num("rate", 1_000)?,
        pool: num("pool", 10)?,
        instances: num("instances", 1)?.clamp(1, 4) as usize,
        database: a.text("database"),
        count_sql: num("count-sql", 0)? == 1,
    })
}

fn main() -> anyhow::Result<()> {
    let o = options()?;
    if o.count_sql {
        statements::install();
    }
    setup::in_temp_folder("feira-bench-orders", |dir| run(&o, dir))
}

/// The servers' settings: the demo data, the local issuer, no rate limits, no open-orders bound.
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

fn run(o: &Options, dir: &std::path::Path) -> anyhow::Result<()> {
    // The servers: one runtime with two workers, as on the project's 2-core machine.
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let database_url = match &o.database {
        Some(server_url) => {
            server.block_on(database::postgres(server_url, "feira_bench_orders", true))?
        }
        None => format!("sqlite://{}", dir.join("bench.db").display()),
    };
    let (urls, db, issuer) = server.block_on(async {
        let issuer = issuer::spawn_issuer().await;
        let mut urls = Vec::new();
        let mut db = None;
        for _ in 0..o.instances {
            let app = Application::build(config(o, dir, &database_url, &issuer)?).await?;
            anyhow::ensure!(app.address().ip().is_loopback(), "loopback only");
            urls.push(format!("http://{}/api", app.address()));
            db.get_or_insert_with(|| app.state().db.clone());
            tokio::spawn(app.run_until_stopped());
        }
        let db = db.context("no instance")?;
        sqlx::query("UPDATE products SET estoque = $1 WHERE id = $2")
            .bind(STOCK)
            .bind(PRODUCT)
            .execute(&db)
            .await?;
        anyhow::Ok((urls, db, issuer))
    })?;

    // The client: one thread.
    let placed = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(load(o, urls, &issuer))?;

    let (stock, orders): (i64, i64) = server.block_on(async {
        let stock = sqlx::query_scalar("SELECT estoque FROM products WHERE id = $1")
            .bind(PRODUCT)
            .fetch_one(&db)
            .await?;
        let orders = sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE buyer_id <> ''")
            .fetch_one(&db)
            .await?;
        anyhow::Ok((stock, orders))
    })?;
    eprintln!(
        "{orders} orders stored ({placed} answered 200), stock {stock}: {} units taken",
        STOCK - stock
    );
    server.shutdown_timeout(Duration::from_secs(1));
    if let Some(server_url) = &o.database {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
            .block_on(database::postgres(server_url, "feira_bench_orders", false))?;
    }
    anyhow::ensure!(
        STOCK - stock == orders,
        "the stock taken and the orders stored disagree"
    );
    Ok(())
}

/// Signs the buyer in, checks one order is placed, then runs and reports the phases; returns
/// how many orders were answered 200.
async fn load(o: &Options, urls: Vec<String>, issuer: &str) -> anyhow::Result<usize> {
    let anonymous = Endpoint::over(urls, None)?;
    let (_, started) = anonymous.send(&json!({"codigo": "iniciar_login"})).await?;
    let nonce = started["nonce"].as_str().context("iniciar_login")?;
    let t = issuer::Token {
        email: BUYER,
        ..issuer::Token::default()
    };
    let id_token = issuer::sign_id_token(issuer, &t, nonce);
    let (status, signed) = anonymous
        .send(&json!({"codigo": "login_site", "user": {"id_token": id_token, "nonce": nonce}}))
        .await?;
    anyhow::ensure!(status == 200, "login_site {status}: {signed}");
    let token = signed["token"].as_str().context("the session token")?;
    let buyer = anonymous.signed_in(token);

    let order = json!({
        "codigo": "finalizar_pedido", "site": true,
        "sacola": [{"id": PRODUCT, "quantidade": 1, "preco": 8.0, "userforn": "demo-joao"}],
        "forn": "demo-joao", "total": 8.0, "desconto": 0, "taxaentregafinal": 0,
        "pagamento": "1", "entrega": false, "infoscupom": null,
    });
    let before = statements();
    statements::keep();
    let (status, first) = buyer.send(&order).await?;
    anyhow::ensure!(status == 200, "finalizar_pedido {status}: {first}");
    let first_order = statements() - before;
    if let Some(kept) = statements::kept().filter(|_| o.count_sql) {
        for (i, s) in kept.iter().enumerate() {
            println!("  {:>2}. {s}", i + 1);
        }
    }
    let bodies: Arc<Vec<Value>> = Arc::new(vec![order]);
    let mut placed = 1;
    let before = statements();
    let warm = closed_loop(&buyer, bodies.clone(), 4, 2, "warm-up")
        .await
        .ok();
    placed += warm;
    if o.count_sql {
        println!(
            "SQL statements: {first_order} for the first order; {:.1} per order over the warm-up's {warm}",
            (statements() - before) as f64 / warm.max(1) as f64
        );
    }
    println!("{HEADER}");
    let c = o.concurrency;
    let name = match o.instances {
        1 => "`finalizar_pedido`".to_owned(),
        n => format!("`finalizar_pedido`, {n} instances"),
    };
    let run = closed_loop(
        &buyer,
        bodies.clone(),
        c,
        o.seconds,
        &format!("{name} | closed loop, {c} in flight"),
    )
    .await;
    placed += run.ok();
    run.report();
    if o.rate > 0 {
        let rate = o.rate;
        let run = open_loop(
            &buyer,
            bodies,
            rate,
            o.seconds,
            &format!("{name} | open loop, {rate} req/s"),
        )
        .await;
        placed += run.ok();
        run.report();
    }
    Ok(placed)
}

//! Feira's API server: reads the configuration, builds the application and serves it.
//! `feira-api backup PATH` copies the SQLite database instead ([`feira_api::backup`]);
//! `feira-api openapi` prints the OpenAPI document (as served with the default, sandbox Pix
//! provider).

use anyhow::bail;
use feira_api::{backup, config::Config, rpc::openapi, startup::Application, telemetry};
use std::io::Write;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => serve().await,
        ["backup", path] => {
            let url = feira_api::config::database_url(|k| std::env::var(k).ok());
            let bytes = backup::run(&url, path.as_ref()).await?;
            println!("backup written to {path} ({bytes} bytes)");
            Ok(())
        }
        ["openapi"] => {
            let doc = openapi::json(openapi::Options { sandbox: true });
            std::io::stdout().write_all(&doc)?;
            Ok(())
        }
        _ => bail!(
            "usage: feira-api            serve (settings from the environment)\n       feira-api backup PATH  copy the SQLite database to a new file\n       feira-api openapi      print the OpenAPI document"
        ),
    }
}

async fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    telemetry::init_with(config.ops.log_format);
    // A socket handed over already listening (systemd's socket activation, or a test harness
    // that bound port 0 itself) is served instead of binding APP_HOST:APP_PORT.
    let inherited = listenfd::ListenFd::from_env().take_tcp_listener(0)?;
    let app = Application::build_on(config, inherited).await?;
    tracing::info!("listening on http://{}", app.address());
    app.run_until_stopped().await
}

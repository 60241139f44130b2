//! Feira's API server: reads the configuration, builds the application and serves it.
//! `feira-api backup PATH` copies the SQLite database instead ([`feira_api::backup`]).

use anyhow::bail;
use feira_api::{backup, config::Config, startup::Application, telemetry};

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
        _ => bail!(
            "usage: feira-api            serve (settings from the environment)\n       feira-api backup PATH  copy the SQLite database to a new file"
        ),
    }
}

async fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    telemetry::init_with(config.ops.log_format);
    let app = Application::build(config).await?;
    tracing::info!("listening on http://{}", app.address());
    app.run_until_stopped().await
}

//! Feira's API server: reads the configuration, builds the application and serves it.
//! `feira-api openapi` prints the OpenAPI document instead (as served with the default, sandbox
//! Pix provider).

use feira_api::{config::Config, openapi, startup::Application, telemetry};
use std::io::Write;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        let doc = openapi::json(openapi::Options { sandbox: true });
        std::io::stdout().write_all(&doc)?;
        return Ok(());
    }
    telemetry::init();
    let config = Config::from_env()?;
    let app = Application::build(config).await?;
    tracing::info!("listening on http://{}", app.address());
    app.run_until_stopped().await
}

//! Feira's API server: reads the configuration, builds the application and serves it.

use feira_api::{config::Config, startup::Application, telemetry};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    telemetry::init();
    let config = Config::from_env()?;
    let app = Application::build(config).await?;
    tracing::info!("listening on http://{}", app.address());
    app.run_until_stopped().await
}

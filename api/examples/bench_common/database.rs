//! The benches' own database on a PostgreSQL server, created for a run and dropped after it.

/// Creates (`create`) or drops the bench's own database (`{prefix}_{pid}`) on the PostgreSQL server at
/// `server_url`; returns its URL.
pub(crate) async fn postgres(
    server_url: &str,
    prefix: &str,
    create: bool,
) -> anyhow::Result<String> {
    feira_api::db::install_drivers();
    let name = format!("{prefix}_{}", std::process::id());
    let admin = sqlx::AnyPool::connect(server_url).await?;
    let sql = if create {
        format!("CREATE DATABASE {name}")
    } else {
        format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    };
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .execute(&admin)
        .await?;
    admin.close().await;
    let mut url = url::Url::parse(server_url)?;
    url.set_path(&name);
    Ok(url.to_string())
}

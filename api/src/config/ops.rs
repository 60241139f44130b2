//! Operations settings: logs, metrics, the background jobs' pace, shutdown (`LOG_FORMAT`,
//! `METRICS_*`, `JOBS_EVERY_SECONDS`, `SHUTDOWN_GRACE_SECONDS`, `SUBSCRIPTION_NOTICE_HOURS`).

use super::{Secret, Vars, secret};
use anyhow::{Context, bail};
use std::{net::SocketAddr, time::Duration};

/// How logs are written (`LOG_FORMAT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default).
    Text,
    /// One JSON object per line.
    Json,
}

/// Operations settings.
#[derive(Debug, Clone)]
pub struct OpsConfig {
    pub log_format: LogFormat,
    /// `/metrics` on the main port with `Authorization: Bearer` this (`METRICS_TOKEN`).
    pub metrics_token: Option<Secret>,
    /// A separate listener serving only `/metrics`, without a token (`METRICS_ADDR`).
    pub metrics_addr: Option<SocketAddr>,
    /// When set, every periodic job runs this often instead of its own period
    /// (`JOBS_EVERY_SECONDS`; tests and demos).
    pub jobs_every: Option<Duration>,
    /// How long a shutdown waits for in-flight requests (`SHUTDOWN_GRACE_SECONDS`, default 30).
    pub shutdown_grace: Duration,
    /// How many hours before a recurring basket's cut-off the buyer gets the cycle's lines and
    /// total (`SUBSCRIPTION_NOTICE_HOURS`, default 24; decisions.md §35).
    pub subscription_notice_hours: u32,
}

pub(super) fn read(v: &Vars) -> anyhow::Result<OpsConfig> {
    Ok(OpsConfig {
        log_format: match v.get("LOG_FORMAT").as_deref().map(str::trim) {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(other) => bail!("LOG_FORMAT must be 'text' or 'json', not '{other}'"),
        },
        metrics_token: v.get("METRICS_TOKEN").map(|t| secret(t.trim())),
        metrics_addr: v
            .get("METRICS_ADDR")
            .map(|a| a.trim().parse())
            .transpose()
            .context("METRICS_ADDR must be an address with a port, e.g. 10.0.0.5:9100")?,
        jobs_every: v
            .get("JOBS_EVERY_SECONDS")
            .map(|_| v.seconds("JOBS_EVERY_SECONDS", 60, 1))
            .transpose()?,
        shutdown_grace: v.seconds("SHUTDOWN_GRACE_SECONDS", 30, 0)?,
        subscription_notice_hours: u32::try_from(v.num("SUBSCRIPTION_NOTICE_HOURS", 24)?)
            .context("SUBSCRIPTION_NOTICE_HOURS is too large")?
            .min(24 * 14),
    })
}

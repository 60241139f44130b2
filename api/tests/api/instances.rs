//! The API as separate processes: the `feira-api` binary started with nothing but
//! environment variables, on a free port, writing JSON logs that the tests read. Two of them on
//! one PostgreSQL database behave as one service ([`cluster`]: live events cross instances,
//! periodic work is done once, each e-mail is sent once); one alone shows the operator's side
//! ([`operations`]: metrics, request ids, JSON logs, graceful shutdown, backups).
//!
//! The cluster tests need PostgreSQL (`TEST_DATABASE_URL`): on SQLite there is one process by
//! design, and they return early.

mod basket_crash;
mod checkout_crash;
mod cluster;
mod crash;
mod operations;

use crate::helpers::{CLIENT_ID, TempDir, empty_database, login_at, rpc_at, spawn_issuer};
use serde_json::Value;
use std::{
    path::{Path, PathBuf},
    process::Stdio,
    sync::{Arc, Mutex},
    time::Duration,
};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

/// The API binary cargo built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_feira-api");

/// Whether the suite runs on PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"))
}

/// What several instances share: a database (empty: the instances started together migrate it
/// themselves), the test OpenID issuer, a scratch folder.
pub struct Shared {
    pub database_url: String,
    pub issuer: String,
    pub tmp: TempDir,
    pub http: reqwest::Client,
}

impl Shared {
    pub async fn new() -> Self {
        let tmp = TempDir(
            std::env::temp_dir().join(format!("feira-instances-{}", feira_api::db::new_id())),
        );
        let dist = tmp.0.join("dist");
        std::fs::create_dir_all(dist.join("assets")).unwrap();
        std::fs::write(
            dist.join("index.html"),
            "<!doctype html><title>Feira</title>",
        )
        .unwrap();
        Self {
            database_url: empty_database(&tmp.0).await,
            issuer: spawn_issuer().await,
            tmp,
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .unwrap(),
        }
    }

    /// A pool on the shared database, for the tests' own reads and writes.
    pub async fn db(&self) -> sqlx::AnyPool {
        feira_api::db::install_drivers();
        sqlx::AnyPool::connect(&self.database_url).await.unwrap()
    }

    /// Starts an instance named `name` with the common settings plus `env`.
    pub async fn start(&self, name: &str, env: &[(&str, String)]) -> Instance {
        let dir = self.tmp.0.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let mut cmd = Command::new(BIN);
        cmd.env_clear()
            .current_dir(&dir)
            .env("APP_HOST", "127.0.0.1")
            .env("APP_PORT", "0")
            .env("DATABASE_URL", &self.database_url)
            .env("DATABASE_MAX_CONNECTIONS", "5")
            .env("OIDC_ISSUER", &self.issuer)
            .env("OIDC_CLIENT_ID", CLIENT_ID)
            .env("ADMIN_EMAIL", crate::fixtures::ADMIN_EMAIL)
            .env("WEBAPP_DIR", self.tmp.0.join("dist"))
            .env("MEDIA_DIR", self.tmp.0.join("media"))
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        for (k, v) in env {
            cmd.env(k, v);
        }
        Instance::spawn(name, cmd, self.http.clone()).await
    }
}

/// One running `feira-api` process.
pub struct Instance {
    pub name: String,
    pub address: String,
    pub http: reqwest::Client,
    child: Child,
    logs: Arc<Mutex<Vec<String>>>,
}

impl Instance {
    async fn spawn(name: &str, mut cmd: Command, http: reqwest::Client) -> Self {
        let mut child = cmd.spawn().expect("the API binary starts");
        let logs = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = tokio::sync::oneshot::channel();
        let mut tx = Some(tx);
        let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
        let kept = logs.clone();
        tokio::spawn(async move {
            while let Ok(Some(line)) = out.next_line().await {
                if let Some(port) = listening_port(&line)
                    && let Some(tx) = tx.take()
                {
                    let _ = tx.send(port);
                }
                kept.lock().unwrap().push(line);
            }
        });
        let mut err = BufReader::new(child.stderr.take().unwrap()).lines();
        let kept = logs.clone();
        tokio::spawn(async move {
            while let Ok(Some(line)) = err.next_line().await {
                kept.lock().unwrap().push(format!("stderr: {line}"));
            }
        });
        let port = match tokio::time::timeout(Duration::from_secs(120), rx).await {
            Ok(Ok(port)) => port,
            _ => panic!(
                "instance {name} did not start:\n{}",
                logs.lock().unwrap().join("\n")
            ),
        };
        Self {
            name: name.to_owned(),
            address: format!("http://127.0.0.1:{port}"),
            http,
            child,
            logs,
        }
    }

    /// The log lines so far, parsed (JSON ones only).
    pub fn json_logs(&self) -> Vec<Value> {
        self.logs
            .lock()
            .unwrap()
            .iter()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    }

    /// How many JSON log lines have `message` equal to `msg`.
    pub fn count_logged(&self, msg: &str) -> usize {
        self.json_logs()
            .iter()
            .filter(|l| l["message"] == msg)
            .count()
    }

    pub fn dump_logs(&self) -> String {
        self.logs.lock().unwrap().join("\n")
    }

    /// `POST /api` with `body`, optionally signed in.
    pub async fn rpc(&self, token: Option<&str>, body: Value) -> (u16, Value) {
        rpc_at(&self.http, &self.address, token, body).await
    }

    /// Signs in as `email` (through the test issuer at `issuer`); returns the session token.
    pub async fn login(&self, issuer: &str, email: &str) -> String {
        login_at(&self.http, &self.address, issuer, email).await.0
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .unwrap()
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id().expect("running")
    }

    /// Sends SIGTERM (again, if it was sent already); returns the exit status (within
    /// `within`).
    pub async fn terminate(mut self, within: Duration) -> std::process::ExitStatus {
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status();
        }
        match tokio::time::timeout(within, self.child.wait()).await {
            Ok(status) => status.unwrap(),
            Err(_) => panic!(
                "{} still running {within:?} after SIGTERM:\n{}",
                self.name,
                self.dump_logs()
            ),
        }
    }
}

/// The port of a `listening on http://127.0.0.1:PORT` log line (JSON or text).
fn listening_port(line: &str) -> Option<u16> {
    let rest = &line[line.find("listening on http://")? + "listening on http://".len()..];
    let host_port = rest.split(['"', ' ', '/']).next()?;
    host_port.rsplit(':').next()?.parse().ok()
}

/// A path in a fresh scratch folder.
pub fn scratch(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{}-{name}", feira_api::db::new_id()))
}

#[test]
fn the_listening_line_gives_the_port() {
    assert_eq!(
        listening_port(r#"{"message":"listening on http://127.0.0.1:40123"}"#),
        Some(40123)
    );
    assert_eq!(
        listening_port("INFO listening on http://127.0.0.1:8080"),
        Some(8080)
    );
    assert_eq!(listening_port("something else"), None);
}

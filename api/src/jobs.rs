//! Periodic background work that stays correct with several instances on one database
//! (decisions.md §23): each [`Job`] runs every `every` (and whenever its `wake` is notified)
//! until the server shuts down, and its [`Scope`] says how instances share it:
//!
//! - [`Scope::OneInstance`]: on PostgreSQL each run first takes `pg_try_advisory_lock` on a key
//!   derived from the job's name, on a connection it holds for the run; an instance that does not
//!   get it skips that run. So however many instances run the job, one at a time does the work.
//!   (A crashed instance's lock goes with its connection.) On SQLite there is one process.
//! - [`Scope::EveryInstance`]: the job claims the rows it works on itself (the e-mail outbox:
//!   `FOR UPDATE SKIP LOCKED` on PostgreSQL), so instances share the work.
//!
//! A run in progress is never cut: [`Runner::stopped`] waits for it, and a job's work gets the
//! shutdown token to stop early between items and release what it claimed.
//!
//! Adding a job (e.g. the Pix reconciliation of decisions.md §21) is one [`Runner::spawn`] in
//! `startup.rs` with a name, a period and an idempotent `work` (one that leaves nothing half
//! done when run again): `Job::new("pix-reconciliation", Duration::from_secs(300),
//! Scope::OneInstance, |ctx| Box::pin(async move { reconcile(&ctx.db).await }))`.

use crate::db::Db;
use futures::future::BoxFuture;
use std::{sync::Arc, time::Duration};
use tokio::{sync::watch, task::JoinHandle};
use tokio_util::sync::CancellationToken;

/// How instances share a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One instance at a time (an advisory lock per job on PostgreSQL).
    OneInstance,
    /// Every instance; the work claims its rows itself.
    EveryInstance,
}

/// What a run gets.
#[derive(Clone)]
pub struct Context {
    pub db: Db,
    /// Cancelled at shutdown: stop between items, release claims.
    pub shutdown: CancellationToken,
}

type Work = Arc<dyn Fn(Context) -> BoxFuture<'static, anyhow::Result<()>> + Send + Sync>;

/// A periodic job.
pub struct Job {
    pub name: &'static str,
    pub every: Duration,
    pub scope: Scope,
    /// Changed to run before the period ends (e.g. a new e-mail in the outbox); the run
    /// starts [`WAKE_DELAY`] after the change, so the transaction that made it commits first.
    pub wake: Option<watch::Receiver<u64>>,
    work: Work,
}

impl Job {
    pub fn new(
        name: &'static str,
        every: Duration,
        scope: Scope,
        work: impl Fn(Context) -> BoxFuture<'static, anyhow::Result<()>> + Send + Sync + 'static,
    ) -> Self {
        Self {
            name,
            every,
            scope,
            wake: None,
            work: Arc::new(work),
        }
    }

    /// Also runs whenever `wake` changes.
    pub fn woken_by(mut self, wake: watch::Receiver<u64>) -> Self {
        self.wake = Some(wake);
        self
    }
}

/// The running jobs of one instance.
pub struct Runner {
    db: Db,
    shutdown: CancellationToken,
    tasks: Vec<JoinHandle<()>>,
}

impl Runner {
    pub fn new(db: Db, shutdown: CancellationToken) -> Self {
        Self {
            db,
            shutdown,
            tasks: Vec::new(),
        }
    }

    /// Starts `job`: a first run now, then every `job.every`, until shutdown.
    pub fn spawn(&mut self, job: Job) {
        let ctx = Context {
            db: self.db.clone(),
            shutdown: self.shutdown.clone(),
        };
        self.tasks.push(tokio::spawn(run_loop(job, ctx)));
    }

    /// Waits until every job has finished its run in progress and stopped (after shutdown).
    pub async fn stopped(self) {
        for t in self.tasks {
            let _ = t.await;
        }
    }
}

/// How long a woken job waits before it runs.
pub const WAKE_DELAY: Duration = Duration::from_millis(200);

async fn run_loop(job: Job, ctx: Context) {
    let mut every = tokio::time::interval(job.every);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Without a wake, one that never changes.
    let (_keep, idle) = watch::channel(0);
    let mut wake = job.wake.clone().unwrap_or(idle);
    loop {
        tokio::select! {
            () = ctx.shutdown.cancelled() => break,
            _ = every.tick() => {}
            Ok(()) = wake.changed() => {
                tokio::select! {
                    () = ctx.shutdown.cancelled() => break,
                    () = tokio::time::sleep(WAKE_DELAY) => {}
                }
            }
        }
        if let Err(e) = run_once(&job, &ctx).await {
            tracing::warn!(job = job.name, error = ?e, "background job failed");
        }
    }
    tracing::debug!(job = job.name, "background job stopped");
}

/// One run of `job`, under its advisory lock when it is for one instance on PostgreSQL.
/// Returns without working when another instance holds the lock.
pub async fn run_once(job: &Job, ctx: &Context) -> anyhow::Result<()> {
    let work = || {
        let fut = (job.work)(ctx.clone());
        // A panic in the work is contained (and reported) like an error.
        async move {
            tokio::spawn(fut)
                .await
                .map_err(|e| anyhow::anyhow!("job panicked: {e}"))?
        }
    };
    if job.scope == Scope::EveryInstance {
        return work().await;
    }
    let mut conn = ctx.db.acquire().await?;
    if conn.backend_name() != "PostgreSQL" {
        drop(conn);
        return work().await;
    }
    let key = lock_key(job.name);
    let got: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(key)
        .fetch_one(&mut *conn)
        .await?;
    if !got {
        tracing::debug!(job = job.name, "held by another instance; skipped");
        return Ok(());
    }
    let outcome = work().await;
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(key)
        .execute(&mut *conn)
        .await?;
    outcome
}

/// The advisory-lock key of a job: FNV-1a (64 bits) of `feira-job:{name}`, the same on every
/// instance and version.
pub fn lock_key(name: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in b"feira-job:".iter().chain(name.as_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    i64::from_ne_bytes(h.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn lock_keys_are_stable_and_distinct() {
        assert_eq!(lock_key("pix-expiry"), lock_key("pix-expiry"));
        assert_ne!(lock_key("pix-expiry"), lock_key("email-outbox"));
        // Fixed forever: instances of different versions must agree.
        assert_eq!(
            lock_key(""),
            i64::from_ne_bytes(0x4794_d544_ece9_cc52_u64.to_ne_bytes())
        );
    }

    #[tokio::test]
    async fn a_job_runs_at_start_when_woken_and_stops_at_shutdown() {
        sqlx::any::install_default_drivers();
        let db = sqlx::AnyPool::connect("sqlite::memory:").await.unwrap();
        let shutdown = CancellationToken::new();
        let runs = Arc::new(AtomicUsize::new(0));
        let (wake, woken) = watch::channel(0_u64);
        let mut runner = Runner::new(db, shutdown.clone());
        let counted = runs.clone();
        runner.spawn(
            Job::new(
                "t",
                Duration::from_secs(3600),
                Scope::OneInstance,
                move |_| {
                    let counted = counted.clone();
                    Box::pin(async move {
                        counted.fetch_add(1, Ordering::SeqCst);
                        Ok(())
                    })
                },
            )
            .woken_by(woken),
        );
        for want in 1..=2 {
            for _ in 0..100 {
                if runs.load(Ordering::SeqCst) >= want {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            assert_eq!(runs.load(Ordering::SeqCst), want);
            wake.send_modify(|n| *n += 1);
        }
        shutdown.cancel();
        tokio::time::timeout(Duration::from_secs(5), runner.stopped())
            .await
            .expect("jobs stop at shutdown");
    }
}

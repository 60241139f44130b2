//! Periodic background work that stays correct with several instances on one database
//! (decisions.md §23): each [`Job`] runs once per period of `every` — periods are aligned on the
//! clock (period `n` starts at `n × every` since the epoch), so every instance agrees on them —
//! and also whenever its `wake` is notified, until the server shuts down. Its [`Scope`] says how
//! instances share it:
//!
//! - [`Scope::OneInstance`]: a run first takes `pg_try_advisory_lock` on a key derived from the
//!   job's name, on a connection it holds for the run (a no-op on SQLite, one process); an
//!   instance that does not get it skips. A periodic run then claims its period in `job_runs`
//!   (a conditional upsert: only a period later than the last one claimed), so however many
//!   instances tick in the same period, one does the work and the others skip; a run that
//!   failed leaves its period unclaimed, for another instance (or the next tick) to try again.
//!   A crashed instance's lock goes with its connection (its session). A woken run (new work
//!   signalled on this instance) takes the lock but claims no period.
//! - [`Scope::EveryInstance`]: the job claims the rows it works on itself, so instances share
//!   the work; every instance runs it each period.
//!
//! A run in progress is never cut: [`Runner::stopped`] waits for it, and a job's work gets the
//! shutdown token to stop early between items and release what it claimed.
//!
//! Adding a job is one [`Runner::spawn`] in `startup/periodic.rs` with a name, a period and an
//! idempotent `work` (one that leaves nothing half done when run again):
//! `Job::new("pix-reconciliation", Duration::from_secs(300), Scope::OneInstance, |ctx|
//! Box::pin(async move { reconcile(&ctx.db).await }))`.

use crate::db::{Db, now_ms};
use futures::future::BoxFuture;
use std::{sync::Arc, time::Duration};
use tokio::{sync::watch, task::JoinHandle};
use tokio_util::sync::CancellationToken;

/// How instances share a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One instance per period (an advisory lock per job on PostgreSQL, and the period claimed
    /// in `job_runs`).
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
    /// How many runs of this instance may hold a connection for their lock at once (half the
    /// pool: the other half stays for the runs' own work and for requests).
    holders: Arc<tokio::sync::Semaphore>,
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
    holders: Arc<tokio::sync::Semaphore>,
    tasks: Vec<JoinHandle<()>>,
}

impl Runner {
    pub fn new(db: Db, shutdown: CancellationToken) -> Self {
        let holders = usize::try_from(db.options().get_max_connections() / 2)
            .unwrap_or(1)
            .max(1);
        Self {
            db,
            shutdown,
            holders: Arc::new(tokio::sync::Semaphore::new(holders)),
            tasks: Vec::new(),
        }
    }

    /// Starts `job`: a first run now, then once per period of `job.every`, until shutdown.
    pub fn spawn(&mut self, job: Job) {
        let ctx = Context {
            db: self.db.clone(),
            shutdown: self.shutdown.clone(),
            holders: self.holders.clone(),
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

/// The start (ms since the epoch) of the period of `every` that `now_ms` falls in.
pub fn period_start(now_ms: i64, every: Duration) -> i64 {
    let every = i64::try_from(every.as_millis()).unwrap_or(i64::MAX).max(1);
    now_ms - now_ms.rem_euclid(every)
}

/// How long from `now_ms` until the next period of `every` starts.
fn until_next_period(now_ms: i64, every: Duration) -> Duration {
    let next = period_start(now_ms, every)
        .saturating_add(i64::try_from(every.as_millis()).unwrap_or(i64::MAX).max(1));
    Duration::from_millis(u64::try_from(next - now_ms).unwrap_or(0))
}

/// How long from `now_ms` until the next periodic run is due, `last` being the period the last
/// one was for: at once when a run ended past the end of that period (its next period began
/// meanwhile and is still to be done).
fn until_due(last: Option<i64>, now_ms: i64, every: Duration) -> Duration {
    let Some(last) = last else {
        return until_next_period(now_ms, every);
    };
    let next = last.saturating_add(i64::try_from(every.as_millis()).unwrap_or(i64::MAX).max(1));
    Duration::from_millis(u64::try_from(next - now_ms).unwrap_or(0))
}

async fn run_loop(job: Job, ctx: Context) {
    // Without a wake, one that never changes.
    let (_keep, idle) = watch::channel(0);
    let mut wake = job.wake.clone().unwrap_or(idle);
    // The first run is at once (the current period), then at the start of each period.
    let mut due = Duration::ZERO;
    // The last period a periodic run was for: the next one is due at the end of it, even when
    // that run (or a woken one) ended past it.
    let mut last: Option<i64> = None;
    loop {
        let period = tokio::select! {
            () = ctx.shutdown.cancelled() => break,
            () = tokio::time::sleep(due) => {
                let start = period_start(now_ms(), job.every);
                last = Some(start);
                Some(start)
            }
            Ok(()) = wake.changed() => {
                tokio::select! {
                    () = ctx.shutdown.cancelled() => break,
                    () = tokio::time::sleep(WAKE_DELAY) => {}
                }
                None
            }
        };
        if let Err(e) = run_once(&job, &ctx, period).await {
            tracing::warn!(job = job.name, error = ?e, "background job failed");
        }
        due = until_due(last, now_ms(), job.every);
    }
    tracing::debug!(job = job.name, "background job stopped");
}

/// One run of `job`: for one instance, under its advisory lock (PostgreSQL), and, when it is
/// the periodic run of the period starting at `period` (ms), only if no instance has done that
/// period yet. Returns without working when another instance holds the lock or did the period.
pub async fn run_once(job: &Job, ctx: &Context, period: Option<i64>) -> anyhow::Result<()> {
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
    // PostgreSQL: the lock lives on this connection (its session) for the run. Jobs that tick
    // together wait their turn for a holder's place rather than take the whole pool.
    let _place = ctx.holders.acquire().await?;
    let key = lock_key(job.name);
    let mut locked = None;
    if crate::db::is_postgres(&ctx.db) {
        let mut conn = ctx.db.acquire().await?;
        let got: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(key)
            .fetch_one(&mut *conn)
            .await?;
        if !got {
            tracing::debug!(job = job.name, "held by another instance; skipped");
            return Ok(());
        }
        locked = Some(conn);
    }
    let outcome = async {
        if let Some(start) = period {
            let last: Option<i64> =
                sqlx::query_scalar("SELECT periodo FROM job_runs WHERE job = $1")
                    .bind(job.name)
                    .fetch_optional(&ctx.db)
                    .await?;
            if last.is_some_and(|l| l >= start) {
                tracing::debug!(
                    job = job.name,
                    period = start,
                    "period done already; skipped"
                );
                return Ok(false);
            }
        }
        work().await?;
        if let Some(start) = period {
            sqlx::query(
                "INSERT INTO job_runs (job, periodo, executado_em) VALUES ($1, $2, $3) \
                 ON CONFLICT (job) DO UPDATE SET periodo = excluded.periodo, \
                 executado_em = excluded.executado_em WHERE job_runs.periodo < excluded.periodo",
            )
            .bind(job.name)
            .bind(start)
            .bind(now_ms())
            .execute(&ctx.db)
            .await?;
            tracing::debug!(job = job.name, period = start, "periodic job ran");
        }
        anyhow::Ok(true)
    }
    .await;
    if let Some(mut conn) = locked {
        sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(key)
            .execute(&mut *conn)
            .await?;
    }
    if outcome.as_ref().is_ok_and(|ran| *ran) {
        crate::metrics::job_run(job.name);
    }
    outcome.map(|_| ())
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

    #[test]
    fn periods_are_aligned_on_the_clock() {
        let minute = Duration::from_secs(60);
        assert_eq!(period_start(120_000, minute), 120_000);
        assert_eq!(period_start(179_999, minute), 120_000);
        assert_eq!(until_next_period(179_999, minute), Duration::from_millis(1));
        assert_eq!(until_next_period(120_000, minute), minute);
    }

    #[test]
    fn a_run_that_crosses_a_boundary_does_not_skip_the_next_period() {
        let minute = Duration::from_secs(60);
        // The run for period 120 000 ended at 185 000, in the next period: due at once, for
        // period 180 000 (before, the next run waited for 240 000 and 180 000 was never run).
        assert_eq!(until_due(Some(120_000), 185_000, minute), Duration::ZERO);
        assert_eq!(period_start(185_000, minute), 180_000);
        // A run that ended within its period waits for the next one.
        assert_eq!(
            until_due(Some(120_000), 130_000, minute),
            Duration::from_secs(50)
        );
        // Before any periodic run: the next period's start.
        assert_eq!(until_due(None, 130_000, minute), Duration::from_secs(50));
    }

    #[tokio::test]
    async fn a_job_runs_at_start_when_woken_and_stops_at_shutdown() {
        let dir = std::env::temp_dir().join(format!("feira-jobs-{}", crate::db::new_id()));
        let db = crate::db::connect(
            &format!("sqlite://{}/j.db", dir.display()),
            2,
            Duration::from_secs(3),
        )
        .await
        .unwrap();
        crate::db::migrate(&db).await.unwrap();
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
        let _ = std::fs::remove_dir_all(dir);
    }
}

//! The instance's background jobs, wired at start: each a [`Job`] of [`crate::jobs`] with a name,
//! a period and its work (a new job is one more `runner.spawn` here).

use crate::{
    config::Config,
    db,
    events::Hub,
    jobs::{self, Job, Scope},
    pix::PixProvider,
    rpc,
    state::AppState,
};
use std::{sync::Arc, time::Duration};
use tokio_util::sync::CancellationToken;

/// A notarisation token reserved longer than this (6 hours) belongs to an upload whose process
/// died: housekeeping gives it back.
const STALE_RESERVATION_MS: i64 = 6 * 3600 * 1000;

/// The instance's periodic jobs (decisions.md §23; see [`crate::jobs`]): Pix expiry, refunds,
/// the received-Pix inbox, reconciliation, the e-mail outbox and housekeeping, each done once
/// per period by one instance (the outbox and the inbox also claim their rows, so a woken run
/// on another instance never sends or applies twice).
pub(super) fn spawn_jobs(
    config: &Config,
    db: &db::Db,
    shutdown: &CancellationToken,
    pix: &Arc<dyn PixProvider>,
    events: &Hub,
) -> anyhow::Result<jobs::Runner> {
    let every = |default: u64| {
        config
            .ops
            .jobs_every
            .unwrap_or(Duration::from_secs(default))
    };
    let mut runner = jobs::Runner::new(db.clone(), shutdown.clone());
    spawn_pix_jobs(&mut runner, config, pix, events, every);
    runner.spawn(Job::new(
        "housekeeping",
        every(3600),
        Scope::OneInstance,
        |ctx| {
            Box::pin(async move {
                crate::auth::ticket::delete_expired(&ctx.db).await?;
                crate::domain::tokens::release_stale(&ctx.db, db::now_ms() - STALE_RESERVATION_MS)
                    .await?;
                Ok(())
            })
        },
    ));
    let in_person_expiry = config.pix.in_person_expiry;
    runner.spawn(Job::new(
        "orders-expiry",
        every(3600),
        Scope::OneInstance,
        move |ctx| {
            Box::pin(async move {
                crate::domain::orders::expire_in_person(&ctx.db, in_person_expiry).await?;
                Ok(())
            })
        },
    ));
    // Delivered orders without the buyer's word are released once, across instances
    // (decisions.md §37).
    let release_after = config.pix.release_after;
    runner.spawn(Job::new(
        "orders-release",
        every(3600),
        Scope::OneInstance,
        move |ctx| {
            Box::pin(async move {
                crate::domain::orders::receipt::release_due(&ctx.db, release_after, db::now_ms())
                    .await?;
                Ok(())
            })
        },
    ));
    // Problem cases without agreement go to the admin's 'Disputas' once, across instances
    // (decisions.md §37).
    let escalate_after = config.cases.escalate_after;
    runner.spawn(Job::new(
        "cases-escalate",
        every(3600),
        Scope::OneInstance,
        move |ctx| {
            Box::pin(async move {
                crate::domain::cases::escalate_due(&ctx.db, escalate_after, db::now_ms()).await?;
                Ok(())
            })
        },
    ));
    if let Some(relay) = &config.mail.relay {
        let mailer = crate::mail::smtp::Mailer::new(relay, &config.mail)?;
        let policy = crate::mail::outbox::Policy {
            max_attempts: config.mail.max_attempts,
            first_retry: config.mail.first_retry,
            lease: config.mail.timeout * 12 + Duration::from_secs(60),
        };
        runner.spawn(
            Job::new("email-outbox", every(30), Scope::OneInstance, move |ctx| {
                let mailer = mailer.clone();
                Box::pin(async move {
                    crate::mail::outbox::sweep(&ctx.db, &mailer, &policy, &ctx.shutdown).await?;
                    Ok(())
                })
            })
            .woken_by(crate::mail::wakes()),
        );
    }
    if let Some(w) = &config.whatsapp {
        let client = crate::mail::whatsapp::client::Client::new(w)?;
        let policy = crate::mail::outbox::Policy {
            max_attempts: w.max_attempts,
            first_retry: w.first_retry,
            lease: w.timeout * 12 + Duration::from_secs(60),
        };
        runner.spawn(
            Job::new(
                "whatsapp-outbox",
                every(30),
                Scope::OneInstance,
                move |ctx| {
                    let client = client.clone();
                    Box::pin(async move {
                        crate::mail::whatsapp::outbox::sweep(
                            &ctx.db,
                            &client,
                            &policy,
                            &ctx.shutdown,
                        )
                        .await?;
                        Ok(())
                    })
                },
            )
            .woken_by(crate::mail::wakes()),
        );
    }
    Ok(runner)
}

/// The Pix jobs: expiry (asking the PSP first), refunds (woken when one is scheduled), the
/// received-Pix inbox (what a crash left unapplied), and, with a PSP, the reconciliation (every
/// `PIX_RECONCILE_MINUTES`, and once at start).
fn spawn_pix_jobs(
    runner: &mut jobs::Runner,
    config: &Config,
    pix: &Arc<dyn PixProvider>,
    events: &Hub,
    every: impl Fn(u64) -> Duration,
) {
    use crate::domain::{inbox, reconcile};
    let (p, hub) = (pix.clone(), events.clone());
    // A charge opened at the PSP and not recorded after six of its timeouts belongs to a
    // request that died: removed at the PSP (charges::forget_abandoned).
    let psp_timeout = config
        .pix
        .api
        .as_ref()
        .map_or(Duration::from_secs(10), |a| a.timeout);
    let abandoned_after = psp_timeout * 6;
    runner.spawn(Job::new(
        "pix-expiry",
        every(60),
        Scope::OneInstance,
        move |ctx| {
            let (p, hub) = (p.clone(), hub.clone());
            Box::pin(async move {
                crate::domain::pix_automatico::refresh_due(&ctx.db, &hub, p.as_ref()).await?;
                reconcile::expire(&ctx.db, p.as_ref(), &hub, abandoned_after).await?;
                crate::domain::pix_automatico::after_expiry(&ctx.db, p.as_ref()).await?;
                Ok(())
            })
        },
    ));
    let p = pix.clone();
    runner.spawn(
        Job::new("pix-refunds", every(60), Scope::OneInstance, move |ctx| {
            let p = p.clone();
            Box::pin(async move {
                crate::domain::refunds::process_due(&ctx.db, p.as_ref(), &ctx.shutdown).await?;
                Ok(())
            })
        })
        .woken_by(crate::domain::refunds::wakes()),
    );
    let hub = events.clone();
    runner.spawn(Job::new(
        "pix-inbox",
        every(60),
        Scope::OneInstance,
        move |ctx| {
            let hub = hub.clone();
            Box::pin(async move {
                inbox::drain(&ctx.db, &hub).await?;
                Ok(())
            })
        },
    ));
    if config.pix.provider == crate::config::PixProviderKind::ApiPix {
        let (p, hub) = (pix.clone(), events.clone());
        let key = std::sync::Arc::new(config.pix.key.clone());
        let period = config.ops.jobs_every.unwrap_or(config.pix.reconcile_every);
        runner.spawn(Job::new(
            "pix-reconciliation",
            period,
            Scope::OneInstance,
            move |ctx| {
                let (p, hub, key) = (p.clone(), hub.clone(), key.clone());
                Box::pin(async move {
                    reconcile::run(&ctx.db, p.as_ref(), &hub, &key).await?;
                    // Pix Automático: every open recurrence and recurring charge.
                    crate::domain::pix_automatico::reconcile(&ctx.db, &hub, p.as_ref(), 500)
                        .await?;
                    Ok(())
                })
            },
        ));
    }
}

/// The recurring baskets' cycles (decisions.md §35; `rpc::subscriptions::cycles`): every
/// minute, one instance (the jobs' advisory lock) orders each basket whose cut-off passed and
/// sends the notices due. It places orders with the checkout's code, so it holds the state.
pub(super) fn spawn_cycles_job(runner: &mut jobs::Runner, state: &AppState) {
    let every = state
        .config
        .ops
        .jobs_every
        .unwrap_or(Duration::from_secs(60));
    let hours = state.config.ops.subscription_notice_hours;
    let state = state.clone();
    runner.spawn(jobs::Job::new(
        "subscription-cycles",
        every,
        jobs::Scope::OneInstance,
        move |ctx| {
            let state = state.clone();
            Box::pin(async move {
                rpc::subscriptions::cycles::run_now(&state, hours, &ctx.shutdown).await
            })
        },
    ));
}

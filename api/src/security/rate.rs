//! Rate limits (GCRA, the `governor` crate) on the actions an attacker repeats: sign-in (each
//! `iniciar_login` writes a row), coupon checks (codes can be guessed), photo uploads, order
//! placement and notarisation uploads. Each class has a quota per client address and one per
//! signed-in user (either may be off); a request over either is answered 429 with
//! `Retry-After` and a Portuguese message ([`crate::error::ApiError::TooManyRequests`]).
//!
//! Quotas are `N/period` (`s`, `min`, `h`), e.g. `RATE_LIMIT_COUPON="ip=30/min user=10/min"`;
//! `off` turns a class off. They are settings ([`crate::config::LimitsConfig`]), built into
//! limiters here. The state lives in the process: with several instances each keeps its own
//! counts (docs/security.md), which multiplies a quota by the number of instances.

use crate::{error::ApiError, security::client::ClientIp};
use governor::{
    DefaultKeyedRateLimiter, Quota, RateLimiter,
    clock::{Clock, DefaultClock},
};
use std::{
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

pub use crate::config::{Class, LimitsConfig, Quotas, Rate};

/// `rate`'s GCRA quota: a bucket of `count` refilled evenly over its period.
fn quota(rate: Rate) -> Quota {
    let each = rate.period / rate.count.get();
    Quota::with_period(each.max(Duration::from_nanos(1)))
        .expect("a positive period")
        .allow_burst(rate.count)
}

struct ClassLimiter {
    class: Class,
    ip: Option<DefaultKeyedRateLimiter<ClientIp>>,
    user: Option<DefaultKeyedRateLimiter<String>>,
}

/// The limiters of one process.
pub struct Limiters {
    classes: Vec<ClassLimiter>,
    clock: DefaultClock,
    checks: AtomicU64,
}

/// Forget idle keys every this many checks (keeps the memory bounded).
const SWEEP_EVERY: u64 = 4096;

impl Limiters {
    pub fn new(config: &LimitsConfig) -> Self {
        Self {
            classes: config
                .quotas
                .iter()
                .map(|(class, q)| ClassLimiter {
                    class: *class,
                    ip: q.ip.map(|r| RateLimiter::keyed(quota(r))),
                    user: q.user.map(|r| RateLimiter::keyed(quota(r))),
                })
                .collect(),
            clock: DefaultClock::default(),
            checks: AtomicU64::new(0),
        }
    }

    /// Counts one request of `class` from `ip` (and `user`, when signed in); 429 when either
    /// quota is spent.
    pub fn check(&self, class: Class, ip: ClientIp, user: Option<&str>) -> Result<(), ApiError> {
        let Some(limiter) = self.classes.iter().find(|l| l.class == class) else {
            return Ok(());
        };
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.sweep();
        }
        let now = self.clock.now();
        let refused = |wait: Duration| {
            tracing::info!(?class, "rate limited");
            ApiError::TooManyRequests {
                retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            }
        };
        if let Some(l) = &limiter.ip {
            l.check_key(&ip)
                .map_err(|n| refused(n.wait_time_from(now)))?;
        }
        if let (Some(l), Some(user)) = (&limiter.user, user) {
            l.check_key(&user.to_owned())
                .map_err(|n| refused(n.wait_time_from(now)))?;
        }
        Ok(())
    }

    fn sweep(&self) {
        for l in &self.classes {
            if let Some(ip) = &l.ip {
                ip.retain_recent();
                ip.shrink_to_fit();
            }
            if let Some(user) = &l.user {
                user.retain_recent();
                user.shrink_to_fit();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    #[test]
    fn a_spent_quota_answers_429_with_the_wait() {
        let mut config = LimitsConfig::from_lookup(&|_| None).unwrap();
        config.set(Class::Coupon, Quotas::parse("ip=3/min user=2/min").unwrap());
        let limits = Limiters::new(&config);
        let a = ClientIp(IpAddr::from([10, 0, 0, 1]));
        let b = ClientIp(IpAddr::from([10, 0, 0, 2]));
        for _ in 0..3 {
            limits.check(Class::Coupon, a, None).unwrap();
        }
        match limits.check(Class::Coupon, a, None) {
            Err(ApiError::TooManyRequests { retry_after }) => {
                assert!((1..=20).contains(&retry_after), "{retry_after}");
            }
            other => panic!("{other:?}"),
        }
        // Another address is counted apart; a user's own quota applies from any address.
        limits.check(Class::Coupon, b, Some("u1")).unwrap();
        limits.check(Class::Coupon, b, Some("u1")).unwrap();
        assert!(limits.check(Class::Coupon, b, Some("u1")).is_err());
        let c = ClientIp(IpAddr::from([10, 0, 0, 3]));
        assert!(limits.check(Class::Coupon, c, Some("u2")).is_ok());
        // b's own address quota (3) is spent by now, whoever signs in.
        assert!(limits.check(Class::Coupon, b, Some("u3")).is_err());
        // An unlimited class is never refused.
        assert!(limits.check(Class::Order, a, None).is_ok());
    }
}

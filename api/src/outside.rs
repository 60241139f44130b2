//! Bounds on the calls the server makes to other services on a user's behalf (decisions.md §23):
//! nobody can make the API hammer the PSP, the geocoder, the CEP lookup or the Arweave
//! gateway.
//!
//! - [`take_calls`]: a named window in the database (`call_slots`) that starts with its first
//!   call and allows N calls until it ends, each taken with one conditional upsert, so the bound
//!   holds across every instance. [`take_slot`] (N = 1) bounds a charge's status query at the
//!   PSP (`consultar_pagamento`) and serialises the opening of a user's token charge.
//! - [`Budget`]: a provider's global rate (`GEOCODER_RATE`, `CEP_RATE`, `ARWEAVE_READ_RATE`: N
//!   per period) as such a window; over it the user is told to try again shortly (503 with `Retry-After`).
//!   A budget may also be split by client ([`Budget::take_for`]: one window per signed-in user,
//!   `CEP_CLIENT_RATE`), so one user cannot spend everyone's calls.
//! - [`TtlCache`]: a small in-process cache of answers by their input, for a short time.

use crate::{
    arweave::TxStatus,
    config::{Config, Rate},
    db::{Db, now_ms},
    error::{ApiError, ApiResult},
};
use std::{
    collections::{HashMap, VecDeque},
    hash::Hash,
    sync::Mutex,
    time::{Duration, Instant},
};

/// Told when the geocoder's budget is spent.
pub const GEOCODER_OCUPADO: &str =
    "Muitas buscas de endereço neste momento. Tente novamente em instantes.";
/// Told when the CEP lookup's budget is spent.
pub const CEP_OCUPADO: &str =
    "Muitas consultas de CEP neste momento. Tente novamente em instantes.";
/// Told when a user's own share of the CEP lookup is spent (the others' still works).
pub const CEP_CLIENTE_OCUPADO: &str =
    "Você fez muitas consultas de CEP. Tente novamente em instantes.";
/// Told when the Arweave gateway's budget is spent.
pub const GATEWAY_OCUPADO: &str =
    "Muitas verificações neste momento. Tente novamente em instantes.";

/// Most answers each cache keeps.
const CACHE_ENTRIES: usize = 10_000;

/// A geocoded point, by its query: `None` when the geocoder found nothing plausible.
pub type Geocodes = TtlCache<String, Option<(f64, f64)>>;

/// What the CEP lookup said of a CEP (by its 8 digits): the answer, or `None` when it does not
/// know the CEP. Failures are not kept.
pub type Ceps = TtlCache<String, Option<CepAnswer>>;

/// A CEP lookup's answer, as kept: street, bairro and `City, UF` (IBGE's spelling).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CepAnswer {
    pub rua: Option<String>,
    pub bairro: Option<String>,
    pub cidade: Option<String>,
}

/// The bounds of one process's outside calls.
pub struct Outside {
    /// The geocoder's global rate (`GEOCODER_RATE`).
    pub geocoder: Budget,
    /// Geocoded addresses (`GEOCODER_CACHE_SECONDS`).
    pub geocodes: Geocodes,
    /// The CEP lookup's global rate (`CEP_RATE`).
    pub cep: Budget,
    /// The CEP lookup's rate for each user (`CEP_CLIENT_RATE`).
    pub cep_client: Budget,
    /// CEPs looked up (`CEP_CACHE_SECONDS`).
    pub ceps: Ceps,
    /// The gateway's global rate of status reads (`ARWEAVE_READ_RATE`).
    pub gateway: Budget,
    /// Transactions' statuses (`ARWEAVE_STATUS_CACHE_SECONDS`).
    pub statuses: TtlCache<String, TxStatus>,
}

impl Outside {
    pub fn from_config(config: &Config) -> Self {
        Self {
            geocoder: Budget::new("geocoder", config.outside.geocoder_rate, GEOCODER_OCUPADO),
            geocodes: TtlCache::new(config.outside.geocoder_cache, CACHE_ENTRIES),
            cep: Budget::new("cep", config.outside.cep_rate, CEP_OCUPADO),
            cep_client: Budget::new(
                "cep-client",
                config.outside.cep_client_rate,
                CEP_CLIENTE_OCUPADO,
            ),
            ceps: TtlCache::new(config.outside.cep_cache, CACHE_ENTRIES),
            gateway: Budget::new("arweave-gateway", config.arweave.read_rate, GATEWAY_OCUPADO),
            statuses: TtlCache::new(config.arweave.status_cache, CACHE_ENTRIES),
        }
    }
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4)
}

/// Takes slot `name` for `hold` if it is free: `Ok(None)` when taken (it is ours until
/// `hold` has passed or we [`free_slot`] it), `Ok(Some(wait))` when someone else holds it for
/// `wait` more.
pub async fn take_slot(db: &Db, name: &str, hold: Duration) -> sqlx::Result<Option<Duration>> {
    take_calls(db, name, 1, hold).await
}

/// Takes one of the `count` calls of window `name` (a window lasts `period` from its first
/// call): `Ok(None)` when taken, `Ok(Some(wait))` when the window's calls are spent for `wait`
/// more.
pub async fn take_calls(
    db: &Db,
    name: &str,
    count: u32,
    period: Duration,
) -> sqlx::Result<Option<Duration>> {
    let now = now_ms();
    let taken = sqlx::query(
        "INSERT INTO call_slots (nome, livre_em, usadas) VALUES ($1, $2, 1) \
         ON CONFLICT (nome) DO UPDATE SET \
         usadas = CASE WHEN call_slots.livre_em <= $3 THEN 1 ELSE call_slots.usadas + 1 END, \
         livre_em = CASE WHEN call_slots.livre_em <= $3 THEN excluded.livre_em \
         ELSE call_slots.livre_em END \
         WHERE call_slots.livre_em <= $3 OR call_slots.usadas < $4",
    )
    .bind(name)
    .bind(now.saturating_add(ms(period)))
    .bind(now)
    .bind(i64::from(count))
    .execute(db)
    .await?
    .rows_affected();
    if taken == 1 {
        return Ok(None);
    }
    let free_at: Option<i64> =
        sqlx::query_scalar("SELECT livre_em FROM call_slots WHERE nome = $1")
            .bind(name)
            .fetch_optional(db)
            .await?;
    let wait = free_at.map_or(0, |f| f - now).max(1);
    Ok(Some(Duration::from_millis(
        u64::try_from(wait).unwrap_or(1),
    )))
}

/// Frees slot `name` now (its holder finished early).
pub async fn free_slot(db: &Db, name: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE call_slots SET livre_em = 0 WHERE nome = $1")
        .bind(name)
        .execute(db)
        .await?;
    Ok(())
}

/// A provider's calls across all instances: at most `rate.count` in a window of `rate.period`.
#[derive(Debug, Clone)]
pub struct Budget {
    /// The window's name (`geocoder`, `arweave-gateway`).
    name: &'static str,
    rate: Rate,
    /// Told to the user when the budget is spent.
    message: &'static str,
}

impl Budget {
    pub fn new(name: &'static str, rate: Rate, message: &'static str) -> Self {
        Self {
            name,
            rate,
            message,
        }
    }

    /// Takes the next call, or answers 503 with `Retry-After` and the budget's message.
    pub async fn take(&self, db: &Db) -> ApiResult<()> {
        self.take_window(db, self.name).await
    }

    /// Takes the next call of `client`'s own window (the budget's rate for each client), or
    /// answers 503 with `Retry-After` and the budget's message.
    pub async fn take_for(&self, db: &Db, client: &str) -> ApiResult<()> {
        self.take_window(db, &format!("{}:{client}", self.name))
            .await
    }

    async fn take_window(&self, db: &Db, window: &str) -> ApiResult<()> {
        match take_calls(db, window, self.rate.count.get(), self.rate.period).await? {
            None => Ok(()),
            Some(wait) => {
                tracing::info!(provider = self.name, ?wait, "outside call budget spent");
                Err(ApiError::TryAgain {
                    message: self.message,
                    retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
                })
            }
        }
    }
}

/// A bounded cache of answers kept for `ttl` (in this process). When full, the oldest entry
/// goes first.
pub struct TtlCache<K, V> {
    ttl: Duration,
    capacity: usize,
    inner: Mutex<Entries<K, V>>,
}

struct Entries<K, V> {
    map: HashMap<K, (Instant, V)>,
    order: VecDeque<(Instant, K)>,
}

impl<K: Eq + Hash + Clone, V: Clone> TtlCache<K, V> {
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        Self {
            ttl,
            capacity: capacity.max(1),
            inner: Mutex::new(Entries {
                map: HashMap::new(),
                order: VecDeque::new(),
            }),
        }
    }

    /// The answer for `key`, if one younger than the ttl is kept.
    pub fn get(&self, key: &K) -> Option<V> {
        let entries = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        entries
            .map
            .get(key)
            .filter(|(at, _)| at.elapsed() < self.ttl)
            .map(|(_, v)| v.clone())
    }

    /// Keeps `value` for `key`.
    pub fn put(&self, key: K, value: V) {
        if self.ttl.is_zero() {
            return;
        }
        let mut entries = self
            .inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        // Drop what expired, and the oldest while full.
        while let Some((at, k)) = entries.order.front().cloned() {
            let stale = at.elapsed() >= self.ttl;
            if !stale && entries.map.len() < self.capacity {
                break;
            }
            entries.order.pop_front();
            if entries.map.get(&k).is_some_and(|(t, _)| *t == at) {
                entries.map.remove(&k);
            }
        }
        entries.map.insert(key.clone(), (now, value));
        entries.order.push_back((now, key));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_forgets_after_its_ttl_and_stays_bounded() {
        let c = TtlCache::new(Duration::from_millis(50), 2);
        c.put("a", 1);
        c.put("b", 2);
        assert_eq!(c.get(&"a"), Some(1));
        c.put("c", 3);
        assert_eq!(c.get(&"a"), None, "the oldest went when full");
        assert_eq!((c.get(&"b"), c.get(&"c")), (Some(2), Some(3)));
        c.put("b", 20);
        assert_eq!(c.get(&"b"), Some(20));
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(c.get(&"c"), None, "expired");
        let off = TtlCache::new(Duration::ZERO, 10);
        off.put("a", 1);
        assert_eq!(off.get(&"a"), None);
    }

    #[tokio::test]
    async fn a_slot_is_held_once_per_interval() {
        let dir = std::env::temp_dir().join(format!("feira-slots-{}", crate::db::new_id()));
        let db = crate::db::connect(
            &format!("sqlite://{}/s.db", dir.display()),
            2,
            Duration::from_secs(3),
        )
        .await
        .unwrap();
        crate::db::migrate(&db).await.unwrap();
        let hold = Duration::from_millis(300);
        assert_eq!(take_slot(&db, "x", hold).await.unwrap(), None);
        let wait = take_slot(&db, "x", hold).await.unwrap().expect("held");
        assert!(wait <= hold, "{wait:?}");
        assert_eq!(
            take_slot(&db, "y", hold).await.unwrap(),
            None,
            "another slot"
        );
        free_slot(&db, "x").await.unwrap();
        assert_eq!(take_slot(&db, "x", hold).await.unwrap(), None, "freed");
        tokio::time::sleep(hold).await;
        assert_eq!(
            take_slot(&db, "x", hold).await.unwrap(),
            None,
            "after its hold"
        );
        let budget = Budget::new("b", Rate::parse("2/min").unwrap(), "Tente já já.");
        budget.take(&db).await.unwrap();
        budget.take(&db).await.unwrap();
        match budget.take(&db).await {
            Err(ApiError::TryAgain {
                message,
                retry_after,
            }) => {
                assert_eq!(message, "Tente já já.");
                assert!((1..=60).contains(&retry_after), "{retry_after}");
            }
            other => panic!("{other:?}"),
        }
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}

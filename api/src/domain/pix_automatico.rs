//! Pix Automático for recurring baskets (decisions.md §35; docs/subscriptions.md, docs/pix.md):
//! a basket's recurrence at the PSP and each cycle's recurring charge, as the database keeps
//! them, and how what the PSP tells is taken in.
//!
//! - A notification (the rec and cobr webhooks) is a hint: only ids of ours are looked at, and
//!   each is confirmed at its source (`GET /rec/{idRec}`, `GET /cobr/{txid}`) before anything
//!   changes. An id that is not ours changes nothing and is recorded for the admin
//!   (`pix_automatico_avisos`).
//! - A recurrence approved makes the basket's Pix active; refused, expired or cancelled at the
//!   bank, the basket falls back as the buyer chose at subscribe (`sem_pix`: paid in person, or
//!   paused), and the buyer is told.
//! - A recurring charge shares its txid with the order's Pix charge (`pix_charges`): paid, its
//!   Pix goes to the payment path like any other ([`inbox::take`]: our txid, the exact amount,
//!   once per end-to-end id, then 'A liberar' until delivery, §27; anything else returned, §28).
//!   An attempt that failed is retried (at most three retries, the PSP's PERMITE_3R_7D) while
//!   the charge can still be paid; the order's charge expires at the end of the due date — the
//!   delivery's eve — like any unpaid Pix (its order cancelled, its stock released, the buyer
//!   told by the expiry, the store here).
//! - [`reconcile`] asks the PSP about every open recurrence and charge, so a lost notification
//!   costs only time.
//!
//! No PSP call is made inside a transaction; every change is a conditional update, so two
//! callers (a webhook and the reconciliation) apply it once.

use super::{
    codes::{ChargeStatus, PixOrigin},
    error::DomainResult,
    inbox,
};
use crate::{
    db::{Db, begin_write, new_id, now_ms},
    events::Hub,
    pix::{
        PixProvider,
        recurring::{RecurrenceAtPsp, RecurringChargeAtPsp, RecurringPix},
    },
};
use wasm_core::date::Date;

/// Most retries of a failed attempt (the PSP's `PERMITE_3R_7D`).
pub const MAX_RETRIES: u32 = 3;

/// A basket's recurrence as we keep it (`subscriptions.rec_situacao`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecState {
    /// Created at the PSP; the payer has not approved it yet.
    Awaiting,
    Active,
    /// Refused or expired at the payer's bank.
    Refused,
    /// Cancelled by us, with the basket.
    Cancelled,
    /// Cancelled by the payer at their bank.
    CancelledAtBank,
}

impl RecState {
    pub const fn as_db(self) -> &'static str {
        match self {
            Self::Awaiting => "aguardando",
            Self::Active => "ativa",
            Self::Refused => "recusada",
            Self::Cancelled => "cancelada",
            Self::CancelledAtBank => "cancelada_banco",
        }
    }

    pub fn from_db(s: &str) -> Option<Self> {
        Some(match s {
            "aguardando" => Self::Awaiting,
            "ativa" => Self::Active,
            "recusada" => Self::Refused,
            "cancelada" => Self::Cancelled,
            "cancelada_banco" => Self::CancelledAtBank,
            _ => return None,
        })
    }
}

/// What a basket becomes when its recurrence ends at the bank (`subscriptions.sem_pix`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fallback {
    /// Paid in person from then on.
    InPerson,
    /// Paused until the buyer acts.
    Pause,
}

impl Fallback {
    pub const fn as_db(self) -> &'static str {
        match self {
            Self::InPerson => "na_entrega",
            Self::Pause => "pausar",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "na_entrega" => Some(Self::InPerson),
            "pausar" => Some(Self::Pause),
            _ => None,
        }
    }
}

/// A new basket's recurrence, stored with it.
#[derive(Debug, Clone, Copy)]
pub struct NewRec<'a> {
    pub id: &'a str,
    pub copia_e_cola: &'a str,
    pub max_centavos: i64,
    pub fallback: Fallback,
}

/// A basket's Pix Automático as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BasketRec {
    pub rec_id: Option<String>,
    pub rec_situacao: Option<String>,
    pub rec_copia_e_cola: Option<String>,
    pub valor_maximo_centavos: Option<i64>,
    pub sem_pix: Option<String>,
}

impl BasketRec {
    pub fn state(&self) -> Option<RecState> {
        self.rec_situacao.as_deref().and_then(RecState::from_db)
    }
}

/// Basket `id`'s recurrence.
pub async fn of_basket(db: &Db, id: &str) -> sqlx::Result<Option<BasketRec>> {
    sqlx::query_as(
        "SELECT rec_id, rec_situacao, rec_copia_e_cola, valor_maximo_centavos, sem_pix \
         FROM subscriptions WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Writes `rec` onto basket `id` inside its creating transaction.
pub async fn store_new(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    rec: &NewRec<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE subscriptions SET rec_id = $1, rec_situacao = $2, rec_copia_e_cola = $3, \
         valor_maximo_centavos = $4, sem_pix = $5 WHERE id = $6",
    )
    .bind(rec.id)
    .bind(RecState::Awaiting.as_db())
    .bind(rec.copia_e_cola)
    .bind(rec.max_centavos)
    .bind(rec.fallback.as_db())
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Records a notice that changed nothing, for the admin.
pub async fn note(db: &Db, tipo: &str, reference: &str, motivo: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO pix_automatico_avisos (id, tipo, ref, motivo, criado_em) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(new_id())
    .bind(tipo)
    .bind(reference.chars().take(64).collect::<String>())
    .bind(motivo)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// Records the recurring charge `txid` of an order placed for basket `basket` (idempotent: a
/// replayed cycle records nothing new).
pub async fn record_charge(
    db: &Db,
    txid: &str,
    basket: &str,
    order_id: &str,
    rec_id: &str,
    due: Date,
) -> sqlx::Result<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO pix_cobr (txid, subscription_id, order_id, rec_id, vencimento, criado_em, \
         atualizado_em) VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (txid) DO NOTHING",
    )
    .bind(txid)
    .bind(basket)
    .bind(order_id)
    .bind(rec_id)
    .bind(due.iso())
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// The due date of a cycle delivered on `delivery`, charged on `today`: the delivery's eve, or
/// today when the eve has passed (a cut-off on the delivery day itself).
pub fn due_date(delivery: Date, today: Date) -> Date {
    let eve = delivery.add_days(-1).unwrap_or(delivery);
    if eve < today { today } else { eve }
}

/// When a charge due on `due` stops being payable: the end of that day (São Paulo).
pub fn deadline_ms(due: Date) -> i64 {
    due.add_days(1).unwrap_or(due).start_ms()
}

/// Whose basket the recurrence `id_rec` is, with its state.
async fn basket_of_rec(
    db: &Db,
    id_rec: &str,
) -> sqlx::Result<Option<(String, String, Option<String>)>> {
    sqlx::query_as("SELECT id, buyer_id, rec_situacao FROM subscriptions WHERE rec_id = $1")
        .bind(id_rec)
        .fetch_optional(db)
        .await
}

/// Takes in what the PSP says of recurrence `id_rec` (a webhook's hint or the reconciliation):
/// an id that is not ours is recorded and changes nothing; ours is confirmed at the PSP and
/// applied.
pub async fn handle_recurrence(db: &Db, rec: &dyn RecurringPix, id_rec: &str) -> DomainResult<()> {
    let Some((basket, buyer, _)) = basket_of_rec(db, id_rec).await? else {
        note(
            db,
            "rec",
            id_rec,
            "recorrência desconhecida: nada foi alterado",
        )
        .await?;
        tracing::warn!(id_rec, "a recurrence that is not ours was notified");
        return Ok(());
    };
    let at_psp = match rec.recurrence(id_rec).await {
        Ok(Some(s)) => s,
        Ok(None) => {
            note(db, "rec", id_rec, "o PSP não tem esta recorrência").await?;
            return Ok(());
        }
        Err(e) => {
            tracing::warn!(error = %e, id_rec, "the PSP did not confirm a recurrence now");
            return Ok(());
        }
    };
    apply_recurrence(db, &basket, &buyer, at_psp).await?;
    Ok(())
}

/// Applies a recurrence's state confirmed at the PSP to basket `basket`; `true` when it changed.
pub async fn apply_recurrence(
    db: &Db,
    basket: &str,
    buyer: &str,
    at_psp: RecurrenceAtPsp,
) -> DomainResult<bool> {
    let now = now_ms();
    let (to, from): (RecState, &[RecState]) = match at_psp {
        RecurrenceAtPsp::Created => return Ok(false),
        RecurrenceAtPsp::Approved => (RecState::Active, &[RecState::Awaiting]),
        RecurrenceAtPsp::Refused => (RecState::Refused, &[RecState::Awaiting]),
        // Ours cancelled it: already 'cancelada', nothing to do.
        RecurrenceAtPsp::Cancelled { .. } => (
            RecState::CancelledAtBank,
            &[RecState::Awaiting, RecState::Active],
        ),
    };
    let mut tx = begin_write(db).await?;
    let mut changed = 0;
    for f in from {
        changed += sqlx::query(
            "UPDATE subscriptions SET rec_situacao = $1, atualizado_em = $2 \
             WHERE id = $3 AND rec_situacao = $4",
        )
        .bind(to.as_db())
        .bind(now)
        .bind(basket)
        .bind(f.as_db())
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    if changed == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    if to != RecState::Active {
        let fallback: Option<String> =
            sqlx::query_scalar("SELECT sem_pix FROM subscriptions WHERE id = $1")
                .bind(basket)
                .fetch_one(&mut *tx)
                .await?;
        let fallback = fallback
            .as_deref()
            .and_then(Fallback::parse)
            .unwrap_or(Fallback::Pause);
        let (sql, then) = match fallback {
            Fallback::InPerson => (
                "UPDATE subscriptions SET pagamento = 'na_entrega' WHERE id = $1",
                "Ela continua, paga na entrega.",
            ),
            Fallback::Pause => (
                "UPDATE subscriptions SET situacao = 'pausada', pausada_ate = NULL \
                 WHERE id = $1 AND situacao = 'ativa'",
                "Ela ficou pausada: retome em Minhas assinaturas quando quiser.",
            ),
        };
        sqlx::query(sql).bind(basket).execute(&mut *tx).await?;
        let why = if to == RecState::Refused {
            "A autorização do Pix Automático da sua assinatura não foi concluída no seu banco."
        } else {
            "O Pix Automático da sua assinatura foi cancelado no seu banco."
        };
        crate::mail::enqueue_for_user(
            &mut tx,
            buyer,
            "Pix Automático da sua assinatura",
            &format!("{why} {then}"),
        )
        .await?;
    }
    tx.commit().await?;
    tracing::info!(basket, state = to.as_db(), "basket's recurrence changed");
    Ok(true)
}

/// The recurring charge `txid` as stored: its order's charge status and the retries asked.
async fn stored_charge(db: &Db, txid: &str) -> sqlx::Result<Option<(String, String, i64)>> {
    sqlx::query_as(
        "SELECT c.vencimento, p.status, c.retentativas FROM pix_cobr c \
         JOIN pix_charges p ON p.txid = c.txid WHERE c.txid = $1",
    )
    .bind(txid)
    .fetch_optional(db)
    .await
}

async fn set_charge(
    db: &Db,
    txid: &str,
    at: &RecurringChargeAtPsp,
    retries: u32,
    problem: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE pix_cobr SET situacao_psp = $1, falhou = $2, retentativas = $3, problema = $4, \
         atualizado_em = $5 WHERE txid = $6",
    )
    .bind(&at.status)
    .bind(i64::from(at.last_attempt_failed))
    .bind(i64::from(retries))
    .bind(problem)
    .bind(now_ms())
    .bind(txid)
    .execute(db)
    .await?;
    Ok(())
}

/// Takes in what the PSP says of recurring charge `txid`: not ours, recorded and nothing
/// changes; ours, confirmed at the PSP: paid → its Pix to the payment path; an attempt failed →
/// retried while allowed and payable; ended otherwise → a problem for the admin (the order's
/// charge expires at its deadline).
pub async fn handle_charge(
    db: &Db,
    hub: &Hub,
    pix: &dyn PixProvider,
    txid: &str,
    origin: PixOrigin,
) -> DomainResult<()> {
    let Some(rec) = pix.recurring() else {
        return Ok(());
    };
    let Some((due, status, _)) = stored_charge(db, txid).await? else {
        note(
            db,
            "cobr",
            txid,
            "cobrança recorrente desconhecida: nada foi alterado",
        )
        .await?;
        tracing::warn!(txid, "a recurring charge that is not ours was notified");
        return Ok(());
    };
    let at = match rec.recurring_charge(txid).await {
        Ok(Some(at)) => at,
        Ok(None) => {
            note(db, "cobr", txid, "o PSP não tem esta cobrança recorrente").await?;
            return Ok(());
        }
        Err(e) => {
            tracing::warn!(error = %e, txid, "the PSP did not confirm a recurring charge now");
            return Ok(());
        }
    };
    if !at.paid_by.is_empty() {
        set_charge(db, txid, &at, at.retries, None).await?;
        inbox::take(db, hub, &at.paid_by, origin).await?;
        return Ok(());
    }
    let pending = status == ChargeStatus::Pending.as_db();
    let today = Date::of_ms(now_ms());
    let due = Date::parse(&due);
    let payable = matches!((today, due), (Some(t), Some(d)) if t <= d);
    match at.status.as_str() {
        "ATIVA" | "CRIADA" if at.last_attempt_failed => {
            if pending && payable && at.retries < MAX_RETRIES {
                let on =
                    today.unwrap_or_else(|| due.unwrap_or_else(|| Date::of_ms(0).expect("epoch")));
                match rec.retry_recurring_charge(txid, on).await {
                    Ok(()) => {
                        let why = format!(
                            "tentativa recusada pelo banco; nova tentativa em {}",
                            on.iso()
                        );
                        set_charge(db, txid, &at, at.retries + 1, Some(&why)).await?;
                    }
                    Err(e) => {
                        let why = format!("tentativa recusada; a nova tentativa falhou: {e}");
                        set_charge(db, txid, &at, at.retries, Some(&why)).await?;
                    }
                }
            } else {
                let why = "tentativa recusada pelo banco, sem nova tentativa possível";
                set_charge(db, txid, &at, at.retries, Some(why)).await?;
            }
        }
        "ATIVA" | "CRIADA" => set_charge(db, txid, &at, at.retries, None).await?,
        other => {
            let why = format!("cobrança recorrente {other} no PSP sem pagamento");
            set_charge(db, txid, &at, at.retries, Some(&why)).await?;
        }
    }
    Ok(())
}

/// Asks the PSP about every open recurrence and every pending recurring charge (at most
/// `limit` of each), as their notifications would have told.
pub async fn reconcile(db: &Db, hub: &Hub, pix: &dyn PixProvider, limit: i64) -> DomainResult<()> {
    let Some(rec) = pix.recurring() else {
        return Ok(());
    };
    let recs: Vec<String> = sqlx::query_scalar(
        "SELECT rec_id FROM subscriptions WHERE rec_id IS NOT NULL AND rec_situacao IN \
         ('aguardando', 'ativa') AND situacao <> 'cancelada' ORDER BY atualizado_em LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    for id in recs {
        handle_recurrence(db, rec, &id).await?;
    }
    let charges: Vec<String> = sqlx::query_scalar(
        "SELECT c.txid FROM pix_cobr c JOIN pix_charges p ON p.txid = c.txid \
         WHERE p.status = $1 ORDER BY c.atualizado_em LIMIT $2",
    )
    .bind(ChargeStatus::Pending.as_db())
    .bind(limit)
    .fetch_all(db)
    .await?;
    for txid in charges {
        handle_charge(db, hub, pix, &txid, PixOrigin::Reconciliation).await?;
    }
    Ok(())
}

/// Before the expiry job expires the pending charges past their time, asks the PSP about those
/// that are recurring charges (a payment found is applied instead of refunded later).
pub async fn refresh_due(db: &Db, hub: &Hub, pix: &dyn PixProvider) -> DomainResult<()> {
    if pix.recurring().is_none() {
        return Ok(());
    }
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT c.txid FROM pix_cobr c JOIN pix_charges p ON p.txid = c.txid \
         WHERE p.status = $1 AND p.expira_em <= $2",
    )
    .bind(ChargeStatus::Pending.as_db())
    .bind(now_ms())
    .fetch_all(db)
    .await?;
    for txid in due {
        handle_charge(db, hub, pix, &txid, PixOrigin::Expiry).await?;
    }
    Ok(())
}

/// 'não paga até a véspera da entrega: pedido cancelado' (`pix_cobr.problema`).
pub const UNPAID_AT_EVE: &str = "não paga até a véspera da entrega: pedido cancelado";

/// After the expiry job: each cycle whose recurring charge expired unpaid (its order cancelled
/// and its stock released by the expiry, the buyer told) is marked once, its recurring charge
/// cancelled at the PSP, and its store told through the same channels as the buyer: by e-mail
/// and, opted in (decisions.md §38), by WhatsApp ('cesta_nao_paga'). Returns how many.
pub async fn after_expiry(db: &Db, pix: &dyn PixProvider) -> DomainResult<u64> {
    let expired: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT c.txid, c.order_id, o.supplier_id FROM pix_cobr c \
         JOIN pix_charges p ON p.txid = c.txid JOIN orders o ON o.id = c.order_id \
         WHERE p.status = $1 AND (c.problema IS NULL OR c.problema <> $2)",
    )
    .bind(ChargeStatus::Expired.as_db())
    .bind(UNPAID_AT_EVE)
    .fetch_all(db)
    .await?;
    let mut told = 0;
    for (txid, order_id, supplier) in expired {
        let mut tx = begin_write(db).await?;
        let marked = sqlx::query(
            "UPDATE pix_cobr SET problema = $1, atualizado_em = $2 \
             WHERE txid = $3 AND (problema IS NULL OR problema <> $1)",
        )
        .bind(UNPAID_AT_EVE)
        .bind(now_ms())
        .bind(&txid)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if marked == 0 {
            tx.rollback().await?;
            continue;
        }
        let (email, cliente): (Option<String>, String) = sqlx::query_as(
            "SELECT u.email, o.cliente_nome FROM orders o JOIN users u ON u.id = $1 \
             WHERE o.id = $2",
        )
        .bind(&supplier)
        .bind(&order_id)
        .fetch_one(&mut *tx)
        .await?;
        if let Some(to) = email.filter(|e| !e.is_empty()) {
            let body = format!(
                "O Pix Automático da cesta de {cliente} não foi pago até a véspera da entrega. \
                 O pedido foi cancelado e o estoque devolvido; não entregue esta cesta."
            );
            crate::mail::enqueue(
                &mut *tx,
                &to,
                "Cesta cancelada: Pix Automático não pago",
                &body,
            )
            .await?;
        }
        crate::mail::whatsapp::baskets::unpaid_to_store(&mut tx, &order_id).await?;
        tx.commit().await?;
        crate::mail::wake();
        told += 1;
        if let Some(rec) = pix.recurring()
            && let Err(e) = rec.cancel_recurring_charge(&txid).await
        {
            tracing::warn!(error = %e, txid, "cancelling an expired recurring charge at the PSP");
        }
    }
    Ok(told)
}

/// Cancels basket `basket`'s recurrence at the PSP (the basket was cancelled): best effort, a
/// refusal is recorded for the admin.
pub async fn cancel_with_basket(db: &Db, pix: &dyn PixProvider, basket: &str) -> DomainResult<()> {
    let Some(b) = of_basket(db, basket).await? else {
        return Ok(());
    };
    let (Some(id), Some(state)) = (b.rec_id.as_deref(), b.state()) else {
        return Ok(());
    };
    if !matches!(state, RecState::Awaiting | RecState::Active) {
        return Ok(());
    }
    let Some(rec) = pix.recurring() else {
        return Ok(());
    };
    if let Err(e) = rec.cancel_recurrence(id).await {
        tracing::error!(error = %e, id, "cancelling a basket's recurrence at the PSP");
        note(db, "rec", id, &format!("o cancelamento no PSP falhou: {e}")).await?;
        return Ok(());
    }
    sqlx::query("UPDATE subscriptions SET rec_situacao = $1 WHERE id = $2 AND rec_situacao = $3")
        .bind(RecState::Cancelled.as_db())
        .bind(basket)
        .bind(state.as_db())
        .execute(db)
        .await?;
    Ok(())
}

/// One Pix Automático problem for the admin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 'rec' or 'cobr'.
    pub tipo: String,
    /// The idRec or txid.
    pub referencia: String,
    /// The basket, when it is ours.
    pub assinatura: Option<String>,
    pub motivo: String,
    pub quando: i64,
}

/// Recurrences refused or cancelled at the bank, recurring charges with a problem, and notices
/// that changed nothing, newest first (at most `limit`).
pub async fn problems(db: &Db, limit: i64) -> sqlx::Result<Vec<Problem>> {
    let recs: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT rec_id, id, rec_situacao, atualizado_em FROM subscriptions \
         WHERE rec_id IS NOT NULL AND rec_situacao IN ('recusada', 'cancelada_banco') \
         ORDER BY atualizado_em DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    let cobrs: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT txid, subscription_id, problema, atualizado_em FROM pix_cobr \
         WHERE problema IS NOT NULL ORDER BY atualizado_em DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    let notes: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT tipo, ref, motivo, criado_em FROM pix_automatico_avisos \
         ORDER BY criado_em DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?;
    let mut all: Vec<Problem> = recs
        .into_iter()
        .map(|(id, basket, state, at)| Problem {
            tipo: "rec".into(),
            referencia: id,
            assinatura: Some(basket),
            motivo: if state == "recusada" {
                "recorrência recusada ou expirada no banco do pagador".into()
            } else {
                "recorrência cancelada pelo pagador no banco".into()
            },
            quando: at,
        })
        .chain(cobrs.into_iter().map(|(txid, basket, why, at)| Problem {
            tipo: "cobr".into(),
            referencia: txid,
            assinatura: Some(basket),
            motivo: why,
            quando: at,
        }))
        .chain(notes.into_iter().map(|(tipo, r, why, at)| Problem {
            tipo,
            referencia: r,
            assinatura: None,
            motivo: why,
            quando: at,
        }))
        .collect();
    all.sort_by_key(|p| std::cmp::Reverse(p.quando));
    all.truncate(usize::try_from(limit).unwrap_or(100));
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_is_due_on_its_eve_and_payable_until_the_delivery_day_starts() {
        let d = |s| Date::parse(s).expect("date");
        assert_eq!(due_date(d("2026-12-08"), d("2026-12-06")), d("2026-12-07"));
        // A cut-off on the delivery day itself: due that day.
        assert_eq!(due_date(d("2026-12-08"), d("2026-12-08")), d("2026-12-08"));
        assert_eq!(deadline_ms(d("2026-12-07")), d("2026-12-08").start_ms());
    }

    #[test]
    fn states_read_back() {
        for s in [
            RecState::Awaiting,
            RecState::Active,
            RecState::Refused,
            RecState::Cancelled,
            RecState::CancelledAtBank,
        ] {
            assert_eq!(RecState::from_db(s.as_db()), Some(s));
        }
        assert_eq!(Fallback::parse("pausar"), Some(Fallback::Pause));
        assert_eq!(Fallback::parse("x"), None);
    }
}

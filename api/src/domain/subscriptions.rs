//! Recurring baskets ('Cesta da semana', decisions.md §35; docs/subscriptions.md): the rows of a
//! buyer's basket at one store (`subscriptions`, its lines, the cycles handled, the store's
//! vacations) and the writes that keep a cycle handled once per (basket, delivery date).
//!
//! Ordering a cycle is the checkout's own code (`rpc::orders::place`, driven by
//! `rpc::subscriptions::cycles`); here are only the basket's state changes: [`record_cycle`]
//! writes a cycle's outcome under the primary key (basket, date) and moves the basket on to its
//! next date in the same transaction, conditionally (only from the date handled), so two
//! instances or a retry after a crash record it once.

use crate::db::{Db, begin_write, now_ms};
use serde::Serialize;
use sqlx::{Any, Transaction};
use utoipa::ToSchema;
use wasm_core::{
    checkout::Fulfilment,
    date::Date,
    delivery::{basket::Frequency, days::Slot},
};

/// How a basket is paid. Only in person is built; Pix Automático (decisions.md §35) will be a
/// second value of the same column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum BasketPayment {
    /// Paid on delivery or pickup, as an in-person order.
    #[serde(rename = "na_entrega")]
    InPerson,
    /// Each cycle charged by Pix Automático (a recurrence the buyer authorised once).
    #[serde(rename = "pix_automatico")]
    PixAutomatico,
}

impl BasketPayment {
    pub fn as_db(self) -> &'static str {
        match self {
            Self::InPerson => "na_entrega",
            Self::PixAutomatico => "pix_automatico",
        }
    }
}

/// A basket's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum BasketStatus {
    #[serde(rename = "ativa")]
    Active,
    /// Cycles before `pausada_ate` are skipped.
    #[serde(rename = "pausada")]
    Paused,
    #[serde(rename = "cancelada")]
    Cancelled,
}

impl BasketStatus {
    pub fn as_db(self) -> &'static str {
        match self {
            Self::Active => "ativa",
            Self::Paused => "pausada",
            Self::Cancelled => "cancelada",
        }
    }

    fn from_db(s: &str) -> Self {
        match s {
            "pausada" => Self::Paused,
            "cancelada" => Self::Cancelled,
            _ => Self::Active,
        }
    }
}

/// What became of one cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum CycleOutcome {
    /// Its order was placed.
    #[serde(rename = "pedido")]
    Ordered,
    /// The buyer skipped it.
    #[serde(rename = "pulada")]
    Skipped,
    /// The buyer's pause covered it.
    #[serde(rename = "pausada")]
    Paused,
    /// The store's vacation covered it.
    #[serde(rename = "ferias")]
    Vacation,
    /// Nothing of it was in stock: no order.
    #[serde(rename = "vazia")]
    Empty,
    /// Its order was refused (the reason is kept: a minimum not reached, the store closed…).
    #[serde(rename = "recusada")]
    Refused,
}

impl CycleOutcome {
    pub fn as_db(self) -> &'static str {
        match self {
            Self::Ordered => "pedido",
            Self::Skipped => "pulada",
            Self::Paused => "pausada",
            Self::Vacation => "ferias",
            Self::Empty => "vazia",
            Self::Refused => "recusada",
        }
    }

    pub fn from_db(s: &str) -> Self {
        match s {
            "pedido" => Self::Ordered,
            "pulada" => Self::Skipped,
            "pausada" => Self::Paused,
            "ferias" => Self::Vacation,
            "vazia" => Self::Empty,
            _ => Self::Refused,
        }
    }
}

/// A basket as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BasketRow {
    pub id: String,
    pub buyer_id: String,
    pub supplier_id: String,
    pub frequencia: String,
    pub tipo_entrega: String,
    pub janela_inicio: String,
    pub janela_fim: String,
    pub data_inicio: String,
    pub proxima_data: String,
    pub pagamento: String,
    pub situacao: String,
    pub pausada_ate: Option<String>,
    pub pular_data: Option<String>,
    pub cupom_codigo: Option<String>,
    pub cupom_ciclos: i64,
    pub ciclos_feitos: i64,
    pub aviso_data: Option<String>,
    pub observacao: Option<String>,
    pub criado_em: i64,
    /// The basket's own address (all `None`: the buyer's profile's, read when each cycle is
    /// ordered).
    pub end_rua: Option<String>,
    pub end_numero: Option<String>,
    pub end_complemento: Option<String>,
    pub end_bairro: Option<String>,
    pub end_cep: Option<String>,
    pub end_cidade: Option<String>,
    pub end_latitude: Option<f64>,
    pub end_longitude: Option<f64>,
}

const BASKET_COLUMNS: &str = "id, buyer_id, supplier_id, frequencia, tipo_entrega, janela_inicio, \
     janela_fim, data_inicio, proxima_data, pagamento, situacao, pausada_ate, pular_data, \
     cupom_codigo, cupom_ciclos, ciclos_feitos, aviso_data, observacao, criado_em, end_rua, \
     end_numero, end_complemento, end_bairro, end_cep, end_cidade, end_latitude, end_longitude";

/// Where a basket is delivered when it is not the buyer's profile address: the address as the
/// buyer typed it (checked by wasm-core's address rules) and the coordinates the server computed
/// for it, from which each cycle's fee and the store's delivery area are computed.
#[derive(Debug, Clone, PartialEq)]
pub struct BasketAddress {
    pub rua: String,
    pub numero: String,
    pub complemento: Option<String>,
    pub bairro: Option<String>,
    /// 8 digits.
    pub cep: Option<String>,
    /// 'Cidade, UF'.
    pub cidade: String,
    pub latitude: f64,
    pub longitude: f64,
}

impl BasketRow {
    pub fn status(&self) -> BasketStatus {
        BasketStatus::from_db(&self.situacao)
    }

    pub fn frequency(&self) -> Frequency {
        Frequency::parse(&self.frequencia).unwrap_or(Frequency::Weekly)
    }

    pub fn mode(&self) -> Fulfilment {
        if self.tipo_entrega == "Entrega" {
            Fulfilment::Delivery
        } else {
            Fulfilment::Pickup
        }
    }

    /// The slot of the cycle on `date` (the basket's window), `None` when a stored text no
    /// longer reads.
    pub fn slot_on(&self, date: &str) -> Option<Slot> {
        Slot::parse(date, &self.janela_inicio, &self.janela_fim)
    }

    /// The next cycle not yet handled.
    pub fn next_slot(&self) -> Option<Slot> {
        self.slot_on(&self.proxima_data)
    }

    /// The basket's own address, `None` when it is delivered to the profile's.
    pub fn address(&self) -> Option<BasketAddress> {
        Some(BasketAddress {
            rua: self.end_rua.clone()?,
            numero: self.end_numero.clone().unwrap_or_default(),
            complemento: self.end_complemento.clone(),
            bairro: self.end_bairro.clone(),
            cep: self.end_cep.clone(),
            cidade: self.end_cidade.clone().unwrap_or_default(),
            latitude: self.end_latitude?,
            longitude: self.end_longitude?,
        })
    }
}

/// `cupom_ciclos` of a basket whose coupon applies to every cycle.
pub const EVERY_CYCLE: i64 = i64::MAX;

/// How many cycles coupon `code` of the store applies to in a basket subscribed now
/// (decisions.md §35): every one when the coupon says so ('Vale para todas as entregas da
/// assinatura'), else the first. Kept on the basket, so a buyer keeps what they subscribed to;
/// the coupon's own rules (its dates, its uses, its deletion) are checked again at each cycle.
pub async fn coupon_cycles(db: &Db, supplier_id: &str, code: Option<&str>) -> sqlx::Result<i64> {
    let Some(code) = code else {
        return Ok(1);
    };
    let every: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(CASE WHEN todas_entregas THEN 1 ELSE 0 END AS BIGINT) FROM coupons \
         WHERE supplier_id = $1 AND codigo = $2",
    )
    .bind(supplier_id)
    .bind(code)
    .fetch_optional(db)
    .await?;
    Ok(if every == Some(1) { EVERY_CYCLE } else { 1 })
}

impl BasketRow {
    /// The coupon of `b`'s next cycle: its code while the basket is within the coupon's cycles
    /// (the first, or every one for a coupon valid on every delivery), `None` after. Priced
    /// again with wasm-core at the cycle like any order's coupon.
    pub fn cycle_coupon(&self) -> Option<String> {
        (self.ciclos_feitos < self.cupom_ciclos)
            .then(|| self.cupom_codigo.clone())
            .flatten()
    }

    /// Whether its coupon applies to every cycle.
    pub fn coupon_every_cycle(&self) -> bool {
        self.cupom_codigo.is_some() && self.cupom_ciclos == EVERY_CYCLE
    }
}

/// [`BasketRow::cycle_coupon`]: the coupon the cycle job prices `b`'s next cycle with.
pub fn cycle_coupon(b: &BasketRow) -> Option<String> {
    b.cycle_coupon()
}

/// One line of a basket.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BasketLine {
    pub product_id: String,
    pub opcao: Option<String>,
    pub quantidade: i64,
    pub observacao: Option<String>,
}

/// A new basket, checked and priced by the caller.
pub struct NewBasket<'a> {
    pub id: &'a str,
    pub buyer_id: &'a str,
    pub supplier_id: &'a str,
    pub frequency: Frequency,
    pub mode: Fulfilment,
    pub first: Slot,
    pub payment: BasketPayment,
    pub coupon: Option<&'a str>,
    /// The cycles the coupon applies to ([`coupon_cycles`]).
    pub coupon_cycles: i64,
    /// Its own address; `None`: the buyer's profile's.
    pub address: Option<&'a BasketAddress>,
    pub note: Option<&'a str>,
    pub lines: &'a [BasketLine],
    /// Its recurrence at the PSP, for Pix Automático.
    pub pix: Option<super::pix_automatico::NewRec<'a>>,
}

fn mode_db(m: Fulfilment) -> &'static str {
    match m {
        Fulfilment::Delivery => "Entrega",
        Fulfilment::Pickup => "Retirada",
    }
}

/// Stores a new basket and its lines in one transaction.
pub async fn create(db: &Db, b: &NewBasket<'_>) -> sqlx::Result<()> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "INSERT INTO subscriptions (id, buyer_id, supplier_id, frequencia, tipo_entrega, \
         janela_inicio, janela_fim, data_inicio, proxima_data, pagamento, situacao, \
         cupom_codigo, cupom_ciclos, observacao, criado_em, atualizado_em) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, 'ativa', $10, $11, $12, $13, $13)",
    )
    .bind(b.id)
    .bind(b.buyer_id)
    .bind(b.supplier_id)
    .bind(b.frequency.as_str())
    .bind(mode_db(b.mode))
    .bind(b.first.inicio.iso())
    .bind(b.first.fim.iso())
    .bind(b.first.data.iso())
    .bind(b.payment.as_db())
    .bind(b.coupon)
    .bind(b.coupon_cycles)
    .bind(b.note)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    write_address(&mut tx, b.id, b.address).await?;
    write_lines(&mut tx, b.id, b.lines).await?;
    if let Some(rec) = &b.pix {
        super::pix_automatico::store_new(&mut tx, b.id, rec).await?;
    }
    tx.commit().await
}

/// Sets basket `id`'s own address (`None`: back to the profile's).
async fn write_address(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    a: Option<&BasketAddress>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE subscriptions SET end_rua = $1, end_numero = $2, end_complemento = $3, \
         end_bairro = $4, end_cep = $5, end_cidade = $6, end_latitude = $7, end_longitude = $8 \
         WHERE id = $9",
    )
    .bind(a.map(|a| a.rua.as_str()))
    .bind(a.map(|a| a.numero.as_str()))
    .bind(a.and_then(|a| a.complemento.as_deref()))
    .bind(a.and_then(|a| a.bairro.as_deref()))
    .bind(a.and_then(|a| a.cep.as_deref()))
    .bind(a.map(|a| a.cidade.as_str()))
    .bind(a.map(|a| a.latitude))
    .bind(a.map(|a| a.longitude))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn write_lines(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    lines: &[BasketLine],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM subscription_lines WHERE subscription_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    for (i, l) in lines.iter().enumerate() {
        sqlx::query(
            "INSERT INTO subscription_lines (subscription_id, posicao, product_id, opcao, \
             quantidade, observacao) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(i64::try_from(i).unwrap_or(i64::MAX))
        .bind(&l.product_id)
        .bind(l.opcao.as_deref())
        .bind(l.quantidade)
        .bind(l.observacao.as_deref())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A basket by id.
pub async fn load(db: &Db, id: &str) -> sqlx::Result<Option<BasketRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BASKET_COLUMNS} FROM subscriptions WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// A buyer's baskets, newest first.
pub async fn of_buyer(db: &Db, buyer_id: &str) -> sqlx::Result<Vec<BasketRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BASKET_COLUMNS} FROM subscriptions WHERE buyer_id = $1 \
         ORDER BY criado_em DESC, id"
    )))
    .bind(buyer_id)
    .fetch_all(db)
    .await
}

/// A store's baskets, by next date.
pub async fn of_supplier(db: &Db, supplier_id: &str) -> sqlx::Result<Vec<BasketRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BASKET_COLUMNS} FROM subscriptions WHERE supplier_id = $1 \
         ORDER BY proxima_data, criado_em, id"
    )))
    .bind(supplier_id)
    .fetch_all(db)
    .await
}

/// The baskets not cancelled whose next cycle falls on or before `until` (the cycles job's
/// candidates: their cut-off or their notice may be due).
pub async fn due(db: &Db, until: Date) -> sqlx::Result<Vec<BasketRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BASKET_COLUMNS} FROM subscriptions \
         WHERE situacao IN ('ativa', 'pausada') AND proxima_data <= $1 \
         ORDER BY supplier_id, proxima_data, id"
    )))
    .bind(until.iso())
    .fetch_all(db)
    .await
}

/// A basket's lines, in order.
pub async fn lines(db: &Db, id: &str) -> sqlx::Result<Vec<BasketLine>> {
    sqlx::query_as(
        "SELECT product_id, opcao, quantidade, observacao FROM subscription_lines \
         WHERE subscription_id = $1 ORDER BY posicao",
    )
    .bind(id)
    .fetch_all(db)
    .await
}

/// A cycle handled.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CycleRow {
    pub data_entrega: String,
    pub situacao: String,
    pub order_id: Option<String>,
    pub faltaram: String,
    pub motivo: Option<String>,
    pub total_centavos: Option<i64>,
}

/// A basket's last `n` cycles, newest first.
pub async fn cycles(db: &Db, id: &str, n: i64) -> sqlx::Result<Vec<CycleRow>> {
    sqlx::query_as(
        "SELECT data_entrega, situacao, order_id, faltaram, motivo, total_centavos \
         FROM subscription_cycles WHERE subscription_id = $1 \
         ORDER BY data_entrega DESC LIMIT $2",
    )
    .bind(id)
    .bind(n)
    .fetch_all(db)
    .await
}

/// A cycle's outcome, to record.
pub struct Cycle<'a> {
    pub basket: &'a BasketRow,
    pub date: &'a str,
    pub outcome: CycleOutcome,
    pub order_id: Option<&'a str>,
    /// Titles left out for lack of stock.
    pub left_out: &'a [String],
    pub reason: Option<&'a str>,
    pub total_centavos: Option<i64>,
    /// The basket's next date.
    pub next: Date,
    /// The buyer's e-mail about it, if any: (subject, body).
    pub tell: Option<(String, String)>,
}

/// Records `c` once: the cycle row (primary key (basket, date)) and the basket moved on to
/// `c.next` only from `c.date` (a pause that ended by then ends; a skip of that date is used),
/// with the buyer's e-mail, in one transaction. `false` when it was recorded before (by another
/// instance, or before a crash): nothing is written then.
pub async fn record_cycle(db: &Db, c: &Cycle<'_>) -> sqlx::Result<bool> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let moved = sqlx::query(
        "UPDATE subscriptions SET proxima_data = $1, atualizado_em = $2, \
         ciclos_feitos = ciclos_feitos + $3, \
         pular_data = CASE WHEN pular_data <= $4 THEN NULL ELSE pular_data END, \
         situacao = CASE WHEN situacao = 'pausada' AND pausada_ate <= $1 THEN 'ativa' \
                         ELSE situacao END, \
         pausada_ate = CASE WHEN situacao = 'pausada' AND pausada_ate <= $1 THEN NULL \
                            ELSE pausada_ate END \
         WHERE id = $5 AND proxima_data = $4",
    )
    .bind(c.next.iso())
    .bind(now)
    .bind(i64::from(c.outcome == CycleOutcome::Ordered))
    .bind(c.date)
    .bind(&c.basket.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let inserted = sqlx::query(
        "INSERT INTO subscription_cycles (subscription_id, data_entrega, situacao, order_id, \
         faltaram, motivo, total_centavos, criado_em) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT DO NOTHING",
    )
    .bind(&c.basket.id)
    .bind(c.date)
    .bind(c.outcome.as_db())
    .bind(c.order_id)
    .bind(serde_json::to_string(c.left_out).unwrap_or_else(|_| "[]".into()))
    .bind(c.reason)
    .bind(c.total_centavos)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved == 0 || inserted == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    if let Some((subject, body)) = &c.tell {
        tell_buyer(&mut tx, &c.basket.buyer_id, subject, body).await?;
    }
    let refused = match c.outcome {
        CycleOutcome::Empty => Some(None),
        CycleOutcome::Refused => Some(c.reason),
        _ => None,
    };
    if let Some(reason) = refused {
        let (b, s) = (&c.basket.buyer_id, &c.basket.supplier_id);
        crate::mail::whatsapp::baskets::not_placed(&mut tx, b, s, c.date, reason).await?;
    }
    tx.commit().await?;
    if c.tell.is_some() {
        crate::mail::wake();
    }
    Ok(true)
}

/// Queues an e-mail to `buyer_id` inside `tx` (nothing for an account without one).
pub use crate::mail::enqueue_for_user as tell_buyer;

/// The store's name, as its baskets' notices and views show it ('' when it is gone).
pub async fn store_name(db: &Db, supplier_id: &str) -> sqlx::Result<String> {
    Ok(
        sqlx::query_scalar("SELECT nomeforn FROM suppliers WHERE user_id = $1")
            .bind(supplier_id)
            .fetch_optional(db)
            .await?
            .unwrap_or_default(),
    )
}

/// Marks the notice ahead of the cut-off of `date` sent, with its e-mail, once: `false` when it
/// was sent before.
pub async fn record_notice(
    db: &Db,
    b: &BasketRow,
    date: &str,
    subject: &str,
    body: &str,
) -> sqlx::Result<bool> {
    let mut tx = begin_write(db).await?;
    let marked = sqlx::query(
        "UPDATE subscriptions SET aviso_data = $1 \
         WHERE id = $2 AND proxima_data = $1 AND (aviso_data IS NULL OR aviso_data <> $1)",
    )
    .bind(date)
    .bind(&b.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if marked == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    tell_buyer(&mut tx, &b.buyer_id, subject, body).await?;
    crate::mail::whatsapp::baskets::ahead(&mut tx, &b.buyer_id, &b.supplier_id, date).await?;
    tx.commit().await?;
    crate::mail::wake();
    Ok(true)
}

/// A buyer's change to their basket, each part optional.
#[derive(Default)]
pub struct Change<'a> {
    pub lines: Option<&'a [BasketLine]>,
    pub frequency: Option<Frequency>,
    /// A new mode and first slot from which the basket continues.
    pub slot: Option<(Fulfilment, Slot)>,
    pub skip: Option<Option<&'a str>>,
    /// `Some(Some(date))` pauses until that date, `Some(None)` resumes.
    pub pause: Option<Option<&'a str>>,
    /// `Some(Some(address))` delivers to that address, `Some(None)` to the profile's.
    pub address: Option<Option<&'a BasketAddress>>,
    pub cancel: bool,
}

/// Applies `c` to basket `id` of `buyer_id` in one transaction; `false` when it is not theirs
/// (or was cancelled).
pub async fn change(db: &Db, id: &str, buyer_id: &str, c: &Change<'_>) -> sqlx::Result<bool> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let mine = sqlx::query(
        "UPDATE subscriptions SET atualizado_em = $1 \
         WHERE id = $2 AND buyer_id = $3 AND situacao <> 'cancelada'",
    )
    .bind(now)
    .bind(id)
    .bind(buyer_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if mine == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    if let Some(lines) = c.lines {
        write_lines(&mut tx, id, lines).await?;
    }
    if let Some(a) = c.address {
        write_address(&mut tx, id, a).await?;
    }
    if let Some(f) = c.frequency {
        sqlx::query("UPDATE subscriptions SET frequencia = $1 WHERE id = $2")
            .bind(f.as_str())
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    if let Some((mode, slot)) = c.slot {
        sqlx::query(
            "UPDATE subscriptions SET tipo_entrega = $1, janela_inicio = $2, janela_fim = $3, \
             proxima_data = $4, pular_data = NULL WHERE id = $5",
        )
        .bind(mode_db(mode))
        .bind(slot.inicio.iso())
        .bind(slot.fim.iso())
        .bind(slot.data.iso())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    if let Some(skip) = c.skip {
        sqlx::query("UPDATE subscriptions SET pular_data = $1 WHERE id = $2")
            .bind(skip)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    if let Some(pause) = c.pause {
        sqlx::query("UPDATE subscriptions SET situacao = $1, pausada_ate = $2 WHERE id = $3")
            .bind(if pause.is_some() { "pausada" } else { "ativa" })
            .bind(pause)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    if c.cancel {
        sqlx::query("UPDATE subscriptions SET situacao = 'cancelada' WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// A store's vacation.
#[derive(Debug, Clone, sqlx::FromRow, Serialize, ToSchema)]
pub struct StorePause {
    pub de: String,
    pub ate: String,
}

/// The store's vacations that end on or after `from`.
pub async fn pauses(db: &Db, supplier_id: &str, from: Date) -> sqlx::Result<Vec<StorePause>> {
    sqlx::query_as(
        "SELECT de, ate FROM store_pauses WHERE supplier_id = $1 AND ate >= $2 ORDER BY de",
    )
    .bind(supplier_id)
    .bind(from.iso())
    .fetch_all(db)
    .await
}

/// Whether a vacation of the store covers `date`.
pub async fn on_vacation(db: &Db, supplier_id: &str, date: &str) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM store_pauses WHERE supplier_id = $1 AND de <= $2 AND ate >= $2",
    )
    .bind(supplier_id)
    .bind(date)
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// Records a vacation from `de` to `ate` and tells every subscriber not cancelled (one e-mail
/// each, in the same transaction); answers how many were told.
pub async fn add_pause(
    db: &Db,
    supplier_id: &str,
    de: Date,
    ate: Date,
    subject: &str,
    body: &str,
) -> sqlx::Result<u64> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "INSERT INTO store_pauses (supplier_id, de, ate, criado_em) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (supplier_id, de) DO UPDATE SET ate = excluded.ate",
    )
    .bind(supplier_id)
    .bind(de.iso())
    .bind(ate.iso())
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    let buyers: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT buyer_id FROM subscriptions \
         WHERE supplier_id = $1 AND situacao <> 'cancelada' ORDER BY buyer_id",
    )
    .bind(supplier_id)
    .fetch_all(&mut *tx)
    .await?;
    for b in &buyers {
        tell_buyer(&mut tx, b, subject, body).await?;
        let (de, ate) = (de.iso(), ate.iso());
        crate::mail::whatsapp::baskets::vacation(&mut tx, b, supplier_id, &de, &ate).await?;
    }
    tx.commit().await?;
    crate::mail::wake();
    Ok(u64::try_from(buyers.len()).unwrap_or(0))
}

//! A basket as stored (`subscriptions`): its row with its own address and its coupon's cycles,
//! its lines, and the reads of the views and the cycles job.

use super::BasketStatus;
use crate::db::Db;
use wasm_core::{
    checkout::Fulfilment,
    date::Date,
    delivery::{basket::Frequency, days::Slot},
};

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

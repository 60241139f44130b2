//! A coupon's uses (decisions.md §32): taken in the transaction that stores the order
//! ([`take`]), given back in the one that cancels it ([`release`]), counted for a buyer's check
//! ([`uses`]).
//!
//! A use is one conditional `UPDATE coupons SET usos = usos + 1 … WHERE usos < limite_usos`
//! (like the stock's), so concurrent orders never take more uses than the limit. That update
//! also locks the coupon's row until the order commits (PostgreSQL; SQLite's write transactions
//! are serial), so the one-use-per-buyer check that follows sees every other order of the coupon
//! that committed before it: a buyer racing themselves gets one use. A use is a
//! `coupon_uses` row keyed by the order, so an order holds at most one and gives it back once.
//! The coupon's version is its `criado_em`: a coupon deleted and created again under the same
//! code starts with no uses, and an old order's cancellation never gives a use to the new one.

use crate::domain::error::{DomainError, DomainResult, ErrorCode};
use sqlx::{Any, Executor, Transaction};
use wasm_core::{
    coupon::{Coupon, CouponError, CouponKind, CouponRules, Uses},
    date::Date,
    money::Money,
};

/// A stored coupon with its rules (decisions.md §32) and its version (`criado_em`).
#[derive(Debug, sqlx::FromRow)]
pub struct CouponRow {
    pub codigo: String,
    pub tipo: String,
    pub valor: i64,
    pub validade_inicio: Option<String>,
    pub validade_fim: Option<String>,
    pub limite_usos: Option<i64>,
    /// 1 when each buyer may use it once.
    pub um_por_cliente: i64,
    pub pedido_minimo_centavos: Option<i64>,
    pub usos: i64,
    pub criado_em: i64,
    /// 1 when it applies to every delivery of a recurring basket, not only the first
    /// (decisions.md §35).
    pub todas_entregas: i64,
}

/// A coupon row's columns, `c` the coupons table.
pub const COUPON_COLUMNS: &str = "c.codigo, c.tipo, c.valor, c.validade_inicio, c.validade_fim, \
     c.limite_usos, CAST(CASE WHEN c.um_por_cliente THEN 1 ELSE 0 END AS BIGINT) AS um_por_cliente, \
     c.pedido_minimo_centavos, c.usos, c.criado_em, \
     CAST(CASE WHEN c.todas_entregas THEN 1 ELSE 0 END AS BIGINT) AS todas_entregas";

impl CouponRow {
    /// The coupon as wasm-core checks it; `None` for a row that breaks the rules (logged).
    pub fn coupon(&self) -> Option<Coupon> {
        let rules = CouponRules {
            validade_inicio: self.validade_inicio.as_deref().and_then(Date::parse),
            validade_fim: self.validade_fim.as_deref().and_then(Date::parse),
            limite_usos: self.limite_usos.and_then(|n| u32::try_from(n).ok()),
            um_por_cliente: self.um_por_cliente != 0,
            pedido_minimo_centavos: self.pedido_minimo_centavos.map(Money::from_centavos),
        };
        let coupon = CouponKind::parse(&self.tipo)
            .and_then(|kind| Coupon::from_stored(&self.codigo, kind, self.valor))
            .and_then(|c| c.with_rules(rules));
        match coupon {
            Ok(c) => Some(c),
            Err(e) => {
                tracing::warn!(codigo = %self.codigo, error = %e, "stored coupon is invalid");
                None
            }
        }
    }
}

/// The coupon an order uses, and the order.
#[derive(Debug, Clone, Copy)]
pub struct CouponUse<'a> {
    pub supplier_id: &'a str,
    /// Upper case, as stored.
    pub code: &'a str,
    /// The coupon's `criado_em` when the order was priced.
    pub version: i64,
    pub one_per_buyer: bool,
    pub buyer_id: &'a str,
    pub order_id: &'a str,
    pub now: i64,
}

/// Takes one use of the coupon for the order, inside the order's transaction: refused with the
/// coupon's message (`Este cupom atingiu o limite de usos.`, `Este cupom já foi usado.`, 409;
/// `Cupom não encontrado!` when it was deleted meanwhile, 400). The caller rolls back.
pub async fn take(tx: &mut Transaction<'_, Any>, u: &CouponUse<'_>) -> DomainResult<()> {
    let taken = sqlx::query(
        "UPDATE coupons SET usos = usos + 1 WHERE supplier_id = $1 AND codigo = $2 \
         AND criado_em = $3 AND (limite_usos IS NULL OR usos < limite_usos)",
    )
    .bind(u.supplier_id)
    .bind(u.code)
    .bind(u.version)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if taken == 0 {
        let exists: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM coupons WHERE supplier_id = $1 AND codigo = $2 AND criado_em = $3",
        )
        .bind(u.supplier_id)
        .bind(u.code)
        .bind(u.version)
        .fetch_one(&mut **tx)
        .await?;
        return Err(if exists == 0 {
            DomainError::invalid(CouponError::NotFound.to_string())
        } else {
            refusal(CouponError::Exhausted)
        });
    }
    if u.one_per_buyer
        && buyer_uses(&mut **tx, u.supplier_id, u.code, u.version, u.buyer_id).await? > 0
    {
        return Err(refusal(CouponError::AlreadyUsed));
    }
    sqlx::query(
        "INSERT INTO coupon_uses (order_id, supplier_id, codigo, cupom_criado_em, buyer_id, \
         criado_em) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(u.order_id)
    .bind(u.supplier_id)
    .bind(u.code)
    .bind(u.version)
    .bind(u.buyer_id)
    .bind(u.now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Gives back the use order `order_id` holds, if any (its cancellation, in its transaction):
/// the use is marked released and the coupon's count goes down, once.
pub async fn release(tx: &mut Transaction<'_, Any>, order_id: &str, now: i64) -> sqlx::Result<()> {
    let held: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT supplier_id, codigo, cupom_criado_em FROM coupon_uses \
         WHERE order_id = $1 AND liberado_em IS NULL",
    )
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((supplier_id, code, version)) = held else {
        return Ok(());
    };
    let released = sqlx::query(
        "UPDATE coupon_uses SET liberado_em = $1 WHERE order_id = $2 AND liberado_em IS NULL",
    )
    .bind(now)
    .bind(order_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if released == 1 {
        sqlx::query(
            "UPDATE coupons SET usos = usos - 1 WHERE supplier_id = $1 AND codigo = $2 \
             AND criado_em = $3 AND usos > 0",
        )
        .bind(&supplier_id)
        .bind(&code)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Uses of a coupon held by `buyer_id`'s orders.
async fn buyer_uses<'e>(
    e: impl Executor<'e, Database = Any>,
    supplier_id: &str,
    code: &str,
    version: i64,
    buyer_id: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM coupon_uses WHERE supplier_id = $1 AND codigo = $2 \
         AND cupom_criado_em = $3 AND buyer_id = $4 AND liberado_em IS NULL",
    )
    .bind(supplier_id)
    .bind(code)
    .bind(version)
    .bind(buyer_id)
    .fetch_one(e)
    .await
}

/// How often the coupon was used, in all and by `buyer_id` (none when nobody is signed in), for
/// a check before the order (the order's own transaction checks again).
pub async fn uses(
    db: &crate::db::Db,
    supplier_id: &str,
    code: &str,
    version: i64,
    buyer_id: Option<&str>,
) -> sqlx::Result<Uses> {
    let total: i64 = sqlx::query_scalar(
        "SELECT usos FROM coupons WHERE supplier_id = $1 AND codigo = $2 AND criado_em = $3",
    )
    .bind(supplier_id)
    .bind(code)
    .bind(version)
    .fetch_optional(db)
    .await?
    .unwrap_or(0);
    let by_buyer = match buyer_id {
        Some(b) => buyer_uses(db, supplier_id, code, version, b).await?,
        None => 0,
    };
    let count = |n: i64| u32::try_from(n.max(0)).unwrap_or(u32::MAX);
    Ok(Uses {
        total: count(total),
        by_buyer: count(by_buyer),
    })
}

/// A coupon's refusal with its stable code: a use that is no longer possible (used,
/// exhausted) is a conflict (409), a coupon not found 404, the rest bad input (400); the rules'
/// refusals carry their own codes (`cupom_*`) for the client to branch on.
pub fn refusal(e: CouponError) -> DomainError {
    let message = e.to_string();
    match e {
        CouponError::NotFound => DomainError::NotFound(message),
        CouponError::Exhausted => DomainError::coded_conflict(ErrorCode::CupomEsgotado, message),
        CouponError::AlreadyUsed => DomainError::coded_conflict(ErrorCode::CupomJaUsado, message),
        CouponError::Expired => DomainError::coded_invalid(ErrorCode::CupomExpirado, message),
        CouponError::NotYetValid(_) => {
            DomainError::coded_invalid(ErrorCode::CupomAindaNaoValido, message)
        }
        CouponError::BelowMinimum(_) => {
            DomainError::coded_invalid(ErrorCode::CupomPedidoMinimo, message)
        }
        _ => DomainError::invalid(message),
    }
}

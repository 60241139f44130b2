//! Placing an order, priced and checked by the caller with wasm-core. For Pix the charge is
//! opened at the provider first, with a txid we chose ([`charges::open_at_provider`]): a PSP
//! that fails or times out stops here, with nothing stored and no stock held. Then one write
//! transaction reserves the stock ([`stock::reserve`]: zero rows → `Estoque insuficiente para
//! {titulo}` and everything rolls back), writes the order, its lines, its coupon's use
//! ([`coupons::take`]: the use limit and one use per buyer, decisions.md §32) and the charge. A
//! refusal stores nothing; a charge opened for an order that was then refused is removed at the PSP
//! (nobody was shown its code, so nobody can pay it meanwhile).
//!
//! A crash between the two steps leaves at most an unpaid charge at the PSP that nobody knows
//! the code of; its opening row ([`charges::open_at_provider`]) lets the expiry job remove it
//! there ([`charges::forget_abandoned`]).
//!
//! A checkout is placed once per intent: with an [`Idempotency`] key (the client's
//! `Idempotency-Key`), the key and the payload's fingerprint are stored with the order (unique
//! per buyer), so a retry — after a lost answer, a crash, on another instance — finds the order
//! ([`find_by_key`]) instead of placing another, and two concurrent attempts with one key place
//! one order (the second's insert fails on the unique index and it answers the first's).

use crate::{
    db::{Db, begin_write, new_id, now_ms},
    domain::{
        charges::{self, Charge, Purpose},
        codes::{OrderStatus, PaymentMethod, PixStatus},
        coupons::{self, CouponUse},
        stock::{self, Take},
    },
    error::{ApiError, ApiResult},
    pix::{self, PixProvider},
};
use sqlx::{Any, Transaction};
use std::time::Duration;
use wasm_core::{checkout::CheckoutSummary, coupon::Coupon};

/// A line as it will be stored; its prices are the summary's line of the same index.
#[derive(Debug, Clone)]
pub struct NewLine<'a> {
    pub product_id: &'a str,
    pub titulo: &'a str,
    pub icone: Option<&'a str>,
    pub opcao: Option<String>,
    pub quantidade: u32,
}

/// Where a delivery goes (the buyer's stored address when the order was placed).
#[derive(Debug, Clone, Copy, Default)]
pub struct Address<'a> {
    pub rua: Option<&'a str>,
    pub numero: Option<&'a str>,
    pub cidade: Option<&'a str>,
    pub complemento: Option<&'a str>,
}

/// An order checked and priced by wasm-core, ready to store.
#[derive(Debug, Clone)]
pub struct NewOrder<'a> {
    pub buyer_id: &'a str,
    pub cliente_nome: &'a str,
    pub cliente_telefone: Option<&'a str>,
    pub supplier_id: &'a str,
    pub nomeforn: &'a str,
    /// `Some` for a delivery, `None` for a pickup.
    pub delivery_to: Option<Address<'a>>,
    pub pagamento: PaymentMethod,
    /// In the bag's order, as `summary.linhas`.
    pub lines: Vec<NewLine<'a>>,
    pub summary: &'a CheckoutSummary,
    pub coupon: Option<&'a Coupon>,
    /// The coupon's version (its `criado_em`) as it was priced; its use is taken with the order.
    pub coupon_version: Option<i64>,
    /// How long a Pix charge can be paid.
    pub pix_expiry: Duration,
    /// The most unpaid open orders the buyer may hold at this store ([`super::open`]); `None`
    /// is no bound.
    pub max_open_orders: Option<u32>,
    /// The client's key for this checkout attempt, if it sent one.
    pub idempotency: Option<Idempotency<'a>>,
}

/// A checkout attempt's key (the `Idempotency-Key` header) and the fingerprint of its payload.
#[derive(Debug, Clone, Copy)]
pub struct Idempotency<'a> {
    pub key: &'a str,
    /// SHA-256 of the payload, hex.
    pub fingerprint: &'a str,
}

/// A stored order: its id and, for Pix, its charge's txid; `fresh` unless it was placed before
/// with the same key (then nothing new was created).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub order_id: String,
    pub txid: Option<String>,
    pub fresh: bool,
}

/// The key was used by this buyer for another payload (IETF Idempotency-Key draft: 422).
pub const CHAVE_REUSADA: &str =
    "Esta chave de idempotência já foi usada em outro pedido. Recarregue a página e tente de novo.";

/// The order `buyer_id` placed with key `k`, if any: `Ok(Some)` for the same payload, an error
/// (422) for another one.
pub async fn find_by_key(db: &Db, buyer_id: &str, k: Idempotency<'_>) -> ApiResult<Option<Placed>> {
    let row: Option<(String, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT id, txid, impressao_pedido FROM orders \
         WHERE buyer_id = $1 AND chave_idempotencia = $2",
    )
    .bind(buyer_id)
    .bind(k.key)
    .fetch_optional(db)
    .await?;
    match row {
        None => Ok(None),
        Some((_, _, fingerprint)) if fingerprint.as_deref() != Some(k.fingerprint) => {
            Err(ApiError::Unprocessable(CHAVE_REUSADA.into()))
        }
        Some((order_id, txid, _)) => Ok(Some(Placed {
            order_id,
            txid,
            fresh: false,
        })),
    }
}

/// Stores `o`: for Pix, the charge at the provider first, then everything in one write
/// transaction.
pub async fn place(db: &Db, provider: &dyn PixProvider, o: &NewOrder<'_>) -> ApiResult<Placed> {
    if let Some(k) = o.idempotency
        && let Some(placed) = find_by_key(db, o.buyer_id, k).await?
    {
        return Ok(placed);
    }
    let now = now_ms();
    let order_id = new_id();
    let txid = (o.pagamento == PaymentMethod::Pix).then(pix::new_txid);
    let takes: Vec<Take> = o
        .lines
        .iter()
        .map(|l| Take {
            product_id: l.product_id,
            titulo: l.titulo,
            quantidade: l.quantidade,
        })
        .collect();
    let charge = txid.as_deref().map(|txid| Charge {
        txid,
        purpose: Purpose::Order(&order_id),
        user_id: o.buyer_id,
        amount: o.summary.total_centavos,
        expires_in: o.pix_expiry,
        now,
    });
    if let (Some(_), Some(max)) = (&charge, o.max_open_orders) {
        // A buyer at the bound is refused before a charge is opened at the PSP for nothing.
        super::open::precheck(db, o.buyer_id, o.supplier_id, max).await?;
    }
    let copia_e_cola = match &charge {
        Some(c) => Some(charges::open_at_provider(db, provider, c).await?),
        None => None,
    };
    let stored = store(db, o, &order_id, now, &takes, txid.as_deref()).await;
    let stored = match (stored, &charge, copia_e_cola) {
        (Ok(mut tx), Some(c), Some(code)) => {
            match charges::record(&mut tx, c, &code, provider.expiry_grace()).await {
                Ok(()) => tx.commit().await.map_err(ApiError::from),
                Err(e) => Err(e.into()),
            }
        }
        (Ok(tx), _, _) => tx.commit().await.map_err(ApiError::from),
        (Err(e), _, _) => Err(e),
    };
    if let Err(e) = stored {
        if let Some(txid) = &txid {
            charges::forget_at_provider(db, provider, txid).await;
        }
        // The same key won meanwhile (a concurrent retry): its order is the answer, whatever
        // stopped this attempt (the key's unique index, or the stock or coupon use the first
        // one took).
        if let Some(k) = o.idempotency
            && let Some(placed) = find_by_key(db, o.buyer_id, k).await?
        {
            if let ApiError::Internal(cause) = &e
                && !is_unique_violation(cause)
            {
                tracing::warn!(error = %e, "a concurrent retry failed otherwise");
            }
            return Ok(placed);
        }
        return Err(e);
    }
    Ok(Placed {
        order_id,
        txid,
        fresh: true,
    })
}

/// Whether `e` is the database refusing a duplicate (the idempotency key's unique index).
fn is_unique_violation(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<sqlx::Error>()
            .and_then(sqlx::Error::as_database_error)
            .is_some_and(|d| d.is_unique_violation())
    })
}

/// Reserves the stock and writes order `order_id` with its lines in a new write transaction,
/// returned open (the caller adds the charge and commits). A refusal rolls back.
async fn store(
    db: &Db,
    o: &NewOrder<'_>,
    order_id: &str,
    now: i64,
    takes: &[Take<'_>],
    txid: Option<&str>,
) -> ApiResult<Transaction<'static, Any>> {
    let mut tx = begin_write(db).await?;
    if let Some(max) = o.max_open_orders
        && let Err(refused) = super::open::check_room(&mut tx, o.buyer_id, o.supplier_id, max).await
    {
        tx.rollback().await?;
        return Err(refused);
    }
    if let Err(refused) = stock::reserve(&mut tx, o.supplier_id, takes).await {
        tx.rollback().await?;
        return Err(refused);
    }
    let address = o.delivery_to.unwrap_or_default();
    let coupon = o.coupon;
    sqlx::query(
        "INSERT INTO orders (id, buyer_id, supplier_id, nomeforn, criado_em, situacao, \
         tipo_entrega, pagamento, status_pix, txid, preco_produtos_centavos, \
         taxa_entrega_centavos, desconto_centavos, cupom_codigo, cupom_tipo, cupom_valor, \
         total_centavos, cliente_nome, cliente_telefone, rua, numero, cidade, complemento, \
         atualizado_em, chave_idempotencia, impressao_pedido) VALUES ($1, $2, $3, $4, $5, $23, \
         $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $5, \
         $24, $25)",
    )
    .bind(order_id)
    .bind(o.buyer_id)
    .bind(o.supplier_id)
    .bind(o.nomeforn)
    .bind(now)
    .bind(if o.delivery_to.is_some() {
        "Entrega"
    } else {
        "Retirada"
    })
    .bind(o.pagamento.as_db())
    .bind(txid.map(|_| PixStatus::Awaiting.as_db()))
    .bind(txid)
    .bind(o.summary.produtos_centavos.centavos())
    .bind(o.summary.taxa_centavos.centavos())
    .bind(o.summary.desconto_centavos.centavos())
    .bind(coupon.map(|c| c.code().as_str().to_owned()))
    .bind(coupon.map(|c| c.kind().as_str()))
    .bind(coupon.map(Coupon::value_hundredths))
    .bind(o.summary.total_centavos.centavos())
    .bind(o.cliente_nome)
    .bind(o.cliente_telefone)
    .bind(address.rua)
    .bind(address.numero)
    .bind(address.cidade)
    .bind(address.complemento)
    .bind(OrderStatus::Awaiting.as_db())
    .bind(o.idempotency.map(|k| k.key))
    .bind(o.idempotency.map(|k| k.fingerprint))
    .execute(&mut *tx)
    .await?;
    for (i, (line, sum)) in o.lines.iter().zip(&o.summary.linhas).enumerate() {
        sqlx::query(
            "INSERT INTO order_lines (id, order_id, product_id, titulo, icone, opcao, quantidade, \
             preco_unitario_centavos, pago_centavos) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(format!("{order_id}-{i:03}"))
        .bind(order_id)
        .bind(line.product_id)
        .bind(line.titulo)
        .bind(line.icone)
        .bind(&line.opcao)
        .bind(i64::from(sum.quantidade))
        .bind(sum.unitario_centavos.centavos())
        .bind(sum.total_centavos.centavos())
        .execute(&mut *tx)
        .await?;
    }
    if let (Some(c), Some(version)) = (coupon, o.coupon_version) {
        let taken = coupons::take(
            &mut tx,
            &CouponUse {
                supplier_id: o.supplier_id,
                code: c.code().as_str(),
                version,
                one_per_buyer: c.rules().um_por_cliente,
                buyer_id: o.buyer_id,
                order_id,
                now,
            },
        )
        .await;
        if let Err(refused) = taken {
            tx.rollback().await?;
            return Err(refused);
        }
    }
    Ok(tx)
}

//! Placing an order, priced and checked by the caller with wasm-core. For Pix the charge is
//! opened at the provider first, with a txid we chose ([`charges::open_at_provider`]): a PSP
//! that fails or times out stops here, with nothing stored and no stock held. Then one write
//! transaction writes the buyer's and the store's account rows (refused if either was deleted:
//! a deletion writes the same row, so neither misses the other), reserves the stock ([`stock::reserve`]: zero rows → `Estoque insuficiente para
//! {titulo}` and everything rolls back), writes the order, its lines, its coupon's use
//! ([`coupons::take`]: the use limit and one use per buyer, decisions.md §32) and the charge, and
//! for an in-person order (a delivery at once) the store's 'Novo pedido' and the buyer's 'Pedido
//! recebido' e-mails (the outbox), composed from what it writes (nothing is read back), and
//! whatever the caller adds to the same transaction ([`InOrderTx`]: a basket's cycle recorded
//! with its order). A refusal stores nothing; a charge opened for an order that was then refused is removed at the PSP
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
    db::{Db, begin_write, insert, new_id, now_ms},
    domain::error::{DomainError, DomainResult, ErrorCode},
    domain::{
        charges::{self, Charge, Purpose},
        codes::{OrderStatus, PaymentMethod, PixStatus},
        coupons::{self, CouponUse},
        stock::{self, Take},
    },
    pix::{self, PixProvider},
};
use futures::future::BoxFuture;
use sqlx::{Any, Transaction};
use std::time::Duration;
use wasm_core::{checkout::CheckoutSummary, coupon::Coupon, delivery::days::Slot};

/// A line as it will be stored; its prices are the summary's line of the same index.
#[derive(Debug, Clone)]
pub struct NewLine<'a> {
    pub product_id: &'a str,
    pub titulo: &'a str,
    pub icone: Option<&'a str>,
    pub opcao: Option<String>,
    pub quantidade: u32,
    /// The buyer's note on this line (checked: `super::note`).
    pub note: Option<String>,
}

/// Where a delivery goes (the buyer's stored address when the order was placed).
#[derive(Debug, Clone, Copy, Default)]
pub struct Address<'a> {
    pub rua: Option<&'a str>,
    pub numero: Option<&'a str>,
    pub cidade: Option<&'a str>,
    pub complemento: Option<&'a str>,
    pub bairro: Option<&'a str>,
    /// 8 digits, as the address keeps it.
    pub cep: Option<&'a str>,
}

/// An order checked and priced by wasm-core, ready to store.
#[derive(Debug, Clone)]
pub struct NewOrder<'a> {
    pub buyer_id: &'a str,
    /// The buyer's and the store's e-mails (the order's notices are composed from these).
    pub buyer_email: &'a str,
    pub supplier_email: &'a str,
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
    /// The delivery or pickup date and window chosen (decisions.md §36), checked by the caller.
    pub slot: Option<Slot>,
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
    /// The buyer's note to the store (checked: `super::note`).
    pub note: Option<&'a str>,
}

/// A checkout attempt's key (the `Idempotency-Key` header) and the fingerprint of its payload.
#[derive(Debug, Clone, Copy)]
pub struct Idempotency<'a> {
    pub key: &'a str,
    /// SHA-256 of the payload, hex.
    pub fingerprint: &'a str,
}

/// A stored order: its id and, for Pix, its charge's txid; `fresh` unless it was placed before
/// with the same key (then nothing new was created); `announce`, for a fresh in-person order,
/// the delivery the edge announces live to its store (a Pix order is announced once paid).
/// A fresh order also says when it was placed and, for Pix, its charge's copia e cola and
/// expiry, as written: with the [`NewOrder`] they are the whole order, answered without
/// reading it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub order_id: String,
    pub txid: Option<String>,
    pub fresh: bool,
    pub announce: Option<NewDelivery>,
    /// `criado_em` (fresh only; 0 for an order found by its key).
    pub placed_at: i64,
    /// The charge's copia e cola and `expira_em` (a fresh Pix order only).
    pub pix_charge: Option<(String, i64)>,
}

/// Writes of the caller's that belong in the order's own transaction (a basket's cycle recorded
/// with its order: one commit, and the cycle exists iff its order does). Run last, before the
/// commit; an error rolls the order back and is the placement's error.
pub trait InOrderTx: Sync {
    fn write<'t>(
        &'t self,
        tx: &'t mut Transaction<'static, Any>,
        order_id: &'t str,
    ) -> BoxFuture<'t, DomainResult<()>>;
}

/// A new delivery for a store's live panel: the order, its buyer's name and its total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDelivery {
    pub supplier_id: String,
    pub order_id: String,
    pub cliente_nome: String,
    pub total_centavos: i64,
}

/// The key was used by this buyer for another payload (IETF Idempotency-Key draft: 422).
pub const CHAVE_REUSADA: &str =
    "Esta chave de idempotência já foi usada em outro pedido. Recarregue a página e tente de novo.";

/// The order `buyer_id` placed with key `k`, if any: `Ok(Some)` for the same payload, an error
/// (422) for another one.
pub async fn find_by_key(
    db: &Db,
    buyer_id: &str,
    k: Idempotency<'_>,
) -> DomainResult<Option<Placed>> {
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
        Some((_, _, fingerprint)) if fingerprint.as_deref() != Some(k.fingerprint) => Err(
            DomainError::unprocessable(ErrorCode::ChaveReusada, CHAVE_REUSADA),
        ),
        Some((order_id, txid, _)) => Ok(Some(Placed {
            order_id,
            txid,
            fresh: false,
            announce: None,
            placed_at: 0,
            pix_charge: None,
        })),
    }
}

/// Stores `o`: for Pix, the charge at the provider first, then everything in one write
/// transaction, with `also`'s writes.
pub async fn place(
    db: &Db,
    provider: &dyn PixProvider,
    o: &NewOrder<'_>,
    also: Option<&dyn InOrderTx>,
) -> DomainResult<Placed> {
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
            option: l.opcao.as_deref(),
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
    let grace = provider.expiry_grace();
    let stored = match store(db, o, &order_id, now, &takes, txid.as_deref()).await {
        Ok(mut tx) => {
            async {
                if let (Some(c), Some(code)) = (&charge, &copia_e_cola) {
                    charges::record(&mut tx, c, code, grace).await?;
                }
                if let Some(also) = also {
                    also.write(&mut tx, &order_id).await?;
                }
                tx.commit().await?;
                Ok::<(), DomainError>(())
            }
            .await
        }
        Err(e) => Err(e),
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
            if let DomainError::Internal(cause) = &e
                && !is_unique_violation(cause)
            {
                tracing::warn!(error = %e, "a concurrent retry failed otherwise");
            }
            return Ok(placed);
        }
        return Err(e);
    }
    let announce = (o.pagamento != PaymentMethod::Pix).then(|| NewDelivery {
        supplier_id: o.supplier_id.to_owned(),
        order_id: order_id.clone(),
        cliente_nome: o.cliente_nome.to_owned(),
        total_centavos: o.summary.total_centavos.centavos(),
    });
    // As `charges::record` writes it.
    let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4);
    let pix_charge = copia_e_cola.map(|code| {
        let expira_em = now
            .saturating_add(ms(o.pix_expiry))
            .saturating_add(ms(grace));
        (code, expira_em)
    });
    Ok(Placed {
        order_id,
        txid,
        fresh: true,
        announce,
        placed_at: now,
        pix_charge,
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

/// Writes the buyer's and the store's `users` rows first thing in the order's `tx` (in id order,
/// so two placements lock alike), refusing when either account was deleted. An account deletion
/// (`domain::privacy`) writes the same row first in its own transaction: on PostgreSQL the row
/// lock, on SQLite the one writer, makes either this order visible to the deletion's check or the
/// deletion visible here — never an order committed unseen for a deleted person or store.
async fn lock_accounts(
    tx: &mut Transaction<'_, Any>,
    buyer_id: &str,
    supplier_id: &str,
) -> DomainResult<()> {
    let mut ids = [buyer_id, supplier_id];
    ids.sort_unstable();
    for id in ids {
        let live = sqlx::query(
            "UPDATE users SET excluido_em = NULL WHERE id = $1 AND excluido_em IS NULL",
        )
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        if live == 0 {
            return Err(if id == supplier_id {
                DomainError::Invalid(crate::messages::LOJA_INDISPONIVEL.into())
            } else {
                DomainError::Forbidden
            });
        }
    }
    Ok(())
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
) -> DomainResult<Transaction<'static, Any>> {
    let mut tx = begin_write(db).await?;
    if let Err(refused) = lock_accounts(&mut tx, o.buyer_id, o.supplier_id).await {
        tx.rollback().await?;
        return Err(refused);
    }
    if let Some(max) = o.max_open_orders
        && let Err(refused) = super::open::check_room(&mut tx, o.buyer_id, o.supplier_id, max).await
    {
        tx.rollback().await?;
        return Err(refused);
    }
    let from_option = match stock::reserve(&mut tx, takes).await {
        Ok(from_option) => from_option,
        Err(refused) => {
            tx.rollback().await?;
            return Err(refused);
        }
    };
    let address = o.delivery_to.unwrap_or_default();
    let coupon = o.coupon;
    let code = coupon.map(|c| c.code().as_str().to_owned());
    let mode = if o.delivery_to.is_some() {
        "Entrega"
    } else {
        "Retirada"
    };
    let sum = o.summary;
    let slot = o.slot.map(|s| (s.data.iso(), s.inicio.iso(), s.fim.iso()));
    insert(
        &mut *tx,
        "orders",
        &[
            ("id", order_id.into()),
            ("buyer_id", o.buyer_id.into()),
            ("supplier_id", o.supplier_id.into()),
            ("nomeforn", o.nomeforn.into()),
            ("criado_em", now.into()),
            ("atualizado_em", now.into()),
            ("situacao", OrderStatus::Awaiting.as_db().into()),
            ("tipo_entrega", mode.into()),
            ("pagamento", o.pagamento.as_db().into()),
            (
                "status_pix",
                txid.map(|_| PixStatus::Awaiting.as_db()).into(),
            ),
            ("txid", txid.into()),
            (
                "preco_produtos_centavos",
                sum.produtos_centavos.centavos().into(),
            ),
            ("taxa_entrega_centavos", sum.taxa_centavos.centavos().into()),
            ("desconto_centavos", sum.desconto_centavos.centavos().into()),
            ("cupom_codigo", code.as_deref().into()),
            ("cupom_tipo", coupon.map(|c| c.kind().as_str()).into()),
            ("cupom_valor", coupon.map(Coupon::value_hundredths).into()),
            ("total_centavos", sum.total_centavos.centavos().into()),
            ("cliente_nome", o.cliente_nome.into()),
            ("cliente_telefone", o.cliente_telefone.into()),
            ("rua", address.rua.into()),
            ("numero", address.numero.into()),
            ("cidade", address.cidade.into()),
            ("complemento", address.complemento.into()),
            ("bairro", address.bairro.into()),
            ("cep", address.cep.into()),
            ("data_entrega", slot.as_ref().map(|s| s.0.as_str()).into()),
            ("janela_inicio", slot.as_ref().map(|s| s.1.as_str()).into()),
            ("janela_fim", slot.as_ref().map(|s| s.2.as_str()).into()),
            ("observacao", o.note.into()),
            ("chave_idempotencia", o.idempotency.map(|k| k.key).into()),
            (
                "impressao_pedido",
                o.idempotency.map(|k| k.fingerprint).into(),
            ),
        ],
        "",
    )
    .await?;
    for (i, (line, sum)) in o.lines.iter().zip(&sum.linhas).enumerate() {
        let id = format!("{order_id}-{i:03}");
        insert(
            &mut *tx,
            "order_lines",
            &[
                ("id", (&id).into()),
                ("order_id", order_id.into()),
                ("product_id", line.product_id.into()),
                ("titulo", line.titulo.into()),
                ("icone", line.icone.into()),
                ("opcao", line.opcao.as_deref().into()),
                ("quantidade", i64::from(sum.quantidade).into()),
                (
                    "preco_unitario_centavos",
                    sum.unitario_centavos.centavos().into(),
                ),
                ("pago_centavos", sum.total_centavos.centavos().into()),
                ("observacao", line.note.as_deref().into()),
                (
                    "estoque_opcao",
                    from_option.get(i).copied().unwrap_or(false).into(),
                ),
            ],
            "",
        )
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
    if o.pagamento != PaymentMethod::Pix {
        // In person it is a delivery at once: the store's 'Novo pedido' and the buyer's
        // 'Pedido recebido' exist iff the order does (a Pix order's come with its payment),
        // composed from what was just written.
        use crate::mail::OrderNotice::{NewOrder, Received};
        let written = crate::mail::WrittenOrder {
            buyer_id: o.buyer_id,
            supplier_id: o.supplier_id,
            buyer_email: o.buyer_email,
            supplier_email: o.supplier_email,
            cliente: o.cliente_nome,
            loja: o.nomeforn,
            total_centavos: sum.total_centavos.centavos(),
            tipo_entrega: mode,
            observacao: o.note,
            slot: o.slot,
            txid,
            lines: o
                .lines
                .iter()
                .zip(&sum.linhas)
                .map(|(line, sum)| crate::mail::WrittenLine {
                    quantidade: i64::from(sum.quantidade),
                    titulo: line.titulo,
                    opcao: line.opcao.as_deref(),
                    pago_centavos: sum.total_centavos.centavos(),
                    observacao: line.note.as_deref(),
                })
                .collect(),
            taxa_centavos: sum.taxa_centavos.centavos(),
            cupom_codigo: code.as_deref(),
            desconto_centavos: sum.desconto_centavos.centavos(),
        };
        crate::mail::queue_placed_notices(&mut tx, order_id, &written, &[NewOrder, Received])
            .await?;
    }
    Ok(tx)
}

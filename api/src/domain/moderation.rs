//! Moderation with reasons (the owner is always told why): the admin hides a store ([`set_store_hidden`]), an ad
//! ([`set_ad_hidden`]) or a single product ([`set_product_hidden`]) with a reason that its owner
//! is e-mailed (in the change's transaction, [`crate::mail::moderation`]) and sees in their
//! panel; before hiding a store the admin sees its open orders and its money
//! ([`store_summary`]).
//!
//! A hidden store is `suppliers.invisivel` (every public query already leaves it out,
//! decisions.md §11); a hidden product is also disabled (no listing shows a disabled product)
//! and its store cannot enable it again while it is hidden; a hidden ad leaves every public
//! listing (`moderado_em`, checked by the catalogue's ad queries).

use super::{
    codes::{OrderStatus, PaymentMethod, PixStatus},
    ledger, withdrawals,
};
use crate::{
    db::{Db, begin_write},
    domain::error::{DomainError, DomainResult},
    mail::moderation::{Moderated, queue},
    messages::{ANUNCIO_NAO_ENCONTRADO, FORNECEDOR_NAO_ENCONTRADO, PRODUTO_NAO_ENCONTRADO},
};

/// An order of the store that is not finished (awaiting delivery, or its Pix).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpenOrder {
    pub id: String,
    pub cliente_nome: String,
    pub total_centavos: i64,
    pub criado_em: i64,
    /// The Pix not paid yet.
    pub aguardando_pagamento: i64,
}

/// What the admin sees before hiding a store.
#[derive(Debug, Clone)]
pub struct StoreSummary {
    pub open_orders: Vec<OpenOrder>,
    /// Paid Pix money held until delivery ('A liberar').
    pub held_centavos: i64,
    /// Released money, withdrawable.
    pub balance_centavos: i64,
    /// A withdrawal requested and not yet paid out (its gross amount).
    pub pending_withdrawal_centavos: Option<i64>,
}

/// The store's open orders, oldest first, and its money.
pub async fn store_summary(db: &Db, supplier_id: &str) -> DomainResult<StoreSummary> {
    let exists: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM suppliers WHERE user_id = $1")
        .bind(supplier_id)
        .fetch_one(db)
        .await?;
    if exists == 0 {
        return Err(DomainError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()));
    }
    let open_orders: Vec<OpenOrder> = sqlx::query_as(
        "SELECT id, cliente_nome, total_centavos, criado_em, \
         CAST(CASE WHEN pagamento = $3 AND (status_pix IS NULL OR status_pix <> $4) \
         THEN 1 ELSE 0 END AS BIGINT) AS aguardando_pagamento \
         FROM orders WHERE supplier_id = $1 AND situacao = $2 ORDER BY criado_em, id",
    )
    .bind(supplier_id)
    .bind(OrderStatus::Awaiting.as_db())
    .bind(PaymentMethod::Pix.as_db())
    .bind(PixStatus::Paid.as_db())
    .fetch_all(db)
    .await?;
    let held_centavos = ledger::held_items(db, supplier_id)
        .await?
        .iter()
        .map(|i| i.valor_centavos)
        .sum();
    Ok(StoreSummary {
        open_orders,
        held_centavos,
        balance_centavos: ledger::balance(db, supplier_id).await?,
        pending_withdrawal_centavos: withdrawals::pending_of(db, supplier_id)
            .await?
            .map(|w| w.bruto_centavos),
    })
}

/// Hides (or shows) store `supplier_id` everywhere public, with `reason` (required to hide),
/// e-mailed to its owner. Answers whether the flag changed (the same flag again changes
/// nothing and e-mails nobody).
pub async fn set_store_hidden(
    db: &Db,
    supplier_id: &str,
    hidden: bool,
    reason: &str,
    now: i64,
) -> DomainResult<bool> {
    let mut tx = begin_write(db).await?;
    let row: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT email, nomeforn, CAST(CASE WHEN invisivel THEN 1 ELSE 0 END AS BIGINT) \
         FROM suppliers WHERE user_id = $1",
    )
    .bind(supplier_id)
    .fetch_optional(&mut *tx)
    .await?;
    let (email, nome, was) =
        row.ok_or_else(|| DomainError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()))?;
    if (was != 0) == hidden {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query(
        "UPDATE suppliers SET invisivel = $1, invisivel_motivo = $2, invisivel_em = $3 \
         WHERE user_id = $4",
    )
    .bind(hidden)
    .bind(hidden.then_some(reason))
    .bind(hidden.then_some(now))
    .bind(supplier_id)
    .execute(&mut *tx)
    .await?;
    queue(&mut tx, &email, &nome, Moderated::Store { hidden }, reason).await?;
    tx.commit().await?;
    Ok(true)
}

/// Hides (or shows) ad `ad_id` with `reason`, e-mailed to its author.
pub async fn set_ad_hidden(
    db: &Db,
    ad_id: &str,
    hidden: bool,
    reason: &str,
    now: i64,
) -> DomainResult<bool> {
    set_item_hidden(db, Item::Ad, ad_id, hidden, reason, now).await
}

/// Hides (disables, and keeps disabled) or shows product `product_id` with `reason`, e-mailed
/// to its store.
pub async fn set_product_hidden(
    db: &Db,
    product_id: &str,
    hidden: bool,
    reason: &str,
    now: i64,
) -> DomainResult<bool> {
    set_item_hidden(db, Item::Product, product_id, hidden, reason, now).await
}

/// What the moderation hides one by one.
#[derive(Clone, Copy)]
enum Item {
    Ad,
    Product,
}

impl Item {
    /// Its owner's e-mail and name, its title and when it was hidden (`$1`: its id).
    fn lookup(self) -> &'static str {
        match self {
            Self::Ad => {
                "SELECT u.email, u.nome, a.titulo, a.moderado_em FROM ads a \
                 JOIN users u ON u.id = a.user_id WHERE a.id = $1"
            }
            Self::Product => {
                "SELECT s.email, s.nomeforn, p.titulo, p.moderado_em FROM products p \
                 JOIN suppliers s ON s.user_id = p.supplier_id WHERE p.id = $1"
            }
        }
    }

    /// Sets when (`$1`) and why (`$2`) it was hidden; a product is also disabled while hidden
    /// (`$3`). Its id is the last value.
    fn update(self) -> &'static str {
        match self {
            Self::Ad => "UPDATE ads SET moderado_em = $1, moderado_motivo = $2 WHERE id = $3",
            Self::Product => {
                "UPDATE products SET moderado_em = $1, moderado_motivo = $2, desabilitado = $3 \
                 WHERE id = $4"
            }
        }
    }

    fn not_found(self) -> &'static str {
        match self {
            Self::Ad => ANUNCIO_NAO_ENCONTRADO,
            Self::Product => PRODUTO_NAO_ENCONTRADO,
        }
    }
}

/// Hides (or shows) `item` `id` with `reason`, e-mailed to its owner. Answers whether the flag
/// changed (the same flag again changes nothing and e-mails nobody).
async fn set_item_hidden(
    db: &Db,
    item: Item,
    id: &str,
    hidden: bool,
    reason: &str,
    now: i64,
) -> DomainResult<bool> {
    let mut tx = begin_write(db).await?;
    let row: Option<(String, String, String, Option<i64>)> = sqlx::query_as(item.lookup())
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    let (email, nome, titulo, moderated) =
        row.ok_or_else(|| DomainError::NotFound(item.not_found().into()))?;
    if moderated.is_some() == hidden {
        tx.rollback().await?;
        return Ok(false);
    }
    let update = sqlx::query(item.update())
        .bind(hidden.then_some(now))
        .bind(hidden.then_some(reason));
    let update = match item {
        Item::Ad => update,
        Item::Product => update.bind(hidden),
    };
    update.bind(id).execute(&mut *tx).await?;
    let titulo = titulo.as_str();
    let what = match item {
        Item::Ad => Moderated::Ad { hidden, titulo },
        Item::Product => Moderated::Product { hidden, titulo },
    };
    queue(&mut tx, &email, &nome, what, reason).await?;
    tx.commit().await?;
    Ok(true)
}

/// *Gap:* a store enabling a product the moderation hid.
pub fn produto_moderado(reason: &str) -> String {
    format!("Este produto foi ocultado pela moderação. Motivo: {reason}")
}

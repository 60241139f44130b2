//! Deleting an account (LGPD, decisions.md §34; docs/privacy.md), in ONE write transaction
//! ([`delete_account`]) that first writes the person's `users` row — the row every order
//! placement writes first too (`domain::orders::place`), so an order and a deletion never
//! overlap: either the order is committed first and the deletion sees it, or the deletion is and
//! the order is refused —, then checks what keeps the account ([`blockers`]: deliveries in
//! progress, as a buyer or as a store, or money to receive: 'A liberar', balance, a withdrawal not
//! yet paid out), and then, when nothing does:
//!
//! - their orders awaiting a Pix payment (as a buyer or as a store) are cancelled, their stock
//!   and coupon uses given back; a charge paid meanwhile is refunded through the PSP (the durable
//!   refund rows, [`super::refunds`]); an unpaid one is removed at the PSP after the commit (a
//!   payment that still arrives is refunded);
//! - their ads and photos, their store's products, photos, coupons and categories, their reviews
//!   and notarisation records and every session are deleted;
//! - what the law lets us keep for accounting (orders, payments, withdrawals, the token ledger)
//!   stays with their name, e-mail, phone, address, CEP, bairro and Pix key replaced. The user
//!   row stays (the orders refer to it) with every identifying field replaced; a later sign-in
//!   with the same Google account opens a new, empty account.
//!
//! `holds` reads what keeps an account and words the refusal; `cancel` cancels the orders
//! awaiting payment; the deletion itself is here.

mod cancel;
mod holds;

pub use holds::{blockers, refusal};

use super::charges;
use crate::{
    db::{Db, begin_write},
    domain::error::{DomainError, DomainResult, ErrorCode},
    pix::PixProvider,
};
use cancel::cancel_awaiting_payment;

/// The name that replaces a deleted person's in the orders and payments kept.
pub const CLIENTE_EXCLUIDO: &str = "Cliente excluído";
/// The name that replaces a deleted store's.
pub const LOJA_EXCLUIDA: &str = "Loja excluída";
/// The deleted user's name.
pub const CONTA_EXCLUIDA: &str = "Conta excluída";

/// What a deletion removed that lives outside the database: media URLs to delete, and the
/// sessions (their token hashes) to end on every instance.
#[derive(Debug, Default)]
pub struct Deleted {
    pub media: Vec<String>,
    pub sessions: Vec<String>,
}

/// Deletes `user_id`'s account as the module says, in one write transaction; refused (409,
/// [`refusal`]) while [`blockers`] names something, and then nothing changes. The e-mails the
/// outbox holds lose the person's name, e-mail and phone too.
pub async fn delete_account(
    db: &Db,
    pix: &dyn PixProvider,
    user_id: &str,
    now: i64,
) -> DomainResult<Deleted> {
    let mut tx = begin_write(db).await?;
    // The row every order placement writes first (its buyer's and its store's): from here on no
    // order of this person or store commits unseen.
    sqlx::query("UPDATE users SET excluido_em = excluido_em WHERE id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    let found = blockers(&mut tx, user_id).await?;
    if !found.is_empty() {
        tx.rollback().await?;
        return Err(DomainError::coded_conflict(
            ErrorCode::ContaComPendencias,
            refusal(&found),
        ));
    }
    let forget = cancel_awaiting_payment(&mut tx, user_id, now).await?;
    let (nome, email, telefone): (String, String, Option<String>) =
        sqlx::query_as("SELECT nome, email, telefone FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
    let supplier: Option<StoreRow> = sqlx::query_as(
        "SELECT email, telefone, iconeforn, fundoforn, nomeforn FROM suppliers \
             WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?;

    let mut media: Vec<String> = sqlx::query_scalar(
        "SELECT icone FROM ads WHERE user_id = $1 AND icone IS NOT NULL \
         UNION ALL SELECT f.url FROM ad_photos f JOIN ads a ON a.id = f.ad_id WHERE a.user_id = $1 \
         UNION ALL SELECT icone FROM products WHERE supplier_id = $1 AND icone IS NOT NULL \
         UNION ALL SELECT f.url FROM product_photos f JOIN products p ON p.id = f.product_id \
         WHERE p.supplier_id = $1",
    )
    .bind(user_id)
    .fetch_all(&mut *tx)
    .await?;
    let sessions: Vec<String> =
        sqlx::query_scalar("SELECT token_hash FROM sessions WHERE user_id = $1")
            .bind(user_id)
            .fetch_all(&mut *tx)
            .await?;
    // The keys of their titles: the search's vocabulary forgets those no other title has (a
    // word of theirs, a name in a title, must not stay as a suggestion).
    let title_keys: Vec<String> = sqlx::query_scalar(
        "SELECT busca_titulo FROM ads WHERE user_id = $1 \
         UNION ALL SELECT busca_titulo FROM products WHERE supplier_id = $1",
    )
    .bind(user_id)
    .fetch_all(&mut *tx)
    .await?;
    let placeholder = format!("excluido-{user_id}@conta-excluida.invalid");

    // What is theirs alone goes.
    for sql in [
        "DELETE FROM ads WHERE user_id = $1",
        "DELETE FROM sessions WHERE user_id = $1",
        "DELETE FROM notarisations WHERE user_id = $1",
        "DELETE FROM products WHERE supplier_id = $1",
        "DELETE FROM coupons WHERE supplier_id = $1",
        "DELETE FROM store_categories WHERE supplier_id = $1",
        "DELETE FROM supplier_places WHERE supplier_id = $1",
        // WhatsApp notices (decisions.md §38): the opt-ins, kinds and messages to their phone.
        "DELETE FROM whatsapp_contacts WHERE user_id = $1",
        "DELETE FROM whatsapp_notice_kinds WHERE user_id = $1",
        "DELETE FROM whatsapp_outbox WHERE user_id = $1",
    ] {
        sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
    }
    let keys: std::collections::BTreeSet<&str> = title_keys
        .iter()
        .flat_map(|t| t.split_whitespace())
        .collect();
    for key in keys {
        sqlx::query(
            "DELETE FROM search_vocabulary WHERE palavra = $1 \
             AND NOT EXISTS (SELECT 1 FROM products WHERE ' ' || busca_titulo || ' ' LIKE $2) \
             AND NOT EXISTS (SELECT 1 FROM ads WHERE ' ' || busca_titulo || ' ' LIKE $2)",
        )
        .bind(key)
        .bind(format!("% {key} %"))
        .execute(&mut *tx)
        .await?;
    }
    // Their reviews leave their stores' averages.
    let reviews: Vec<(String, i64)> = sqlx::query_as(
        "SELECT supplier_id, nota FROM reviews WHERE buyer_id = $1 AND removido_em IS NULL",
    )
    .bind(user_id)
    .fetch_all(&mut *tx)
    .await?;
    for (supplier_id, nota) in reviews {
        sqlx::query(
            "UPDATE suppliers SET avaliacoes_soma = avaliacoes_soma - $1, \
             avaliacoes_quantidade = avaliacoes_quantidade - 1 WHERE user_id = $2",
        )
        .bind(nota)
        .bind(&supplier_id)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("DELETE FROM reviews WHERE buyer_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;

    // What accounting keeps stays, without who they were.
    sqlx::query(
        "UPDATE orders SET cliente_nome = $1, cliente_telefone = NULL, rua = NULL, \
         numero = NULL, cidade = NULL, complemento = NULL, bairro = NULL, cep = NULL \
         WHERE buyer_id = $2",
    )
    .bind(CLIENTE_EXCLUIDO)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE open_items SET cliente_nome = $1 \
         WHERE order_id IN (SELECT id FROM orders WHERE buyer_id = $2)",
    )
    .bind(CLIENTE_EXCLUIDO)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE pix_received SET info_pagador = NULL \
         WHERE txid IN (SELECT txid FROM pix_charges WHERE user_id = $1)",
    )
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    if let Some((store_email, store_phone, icon, background, store_name)) = &supplier {
        media.extend(icon.iter().chain(background).cloned());
        sqlx::query(
            "UPDATE suppliers SET nomeforn = $1, descricaoforn = NULL, telefone = '', \
             instagram = NULL, documento = '', email = $2, iconeforn = NULL, fundoforn = NULL, \
             url = NULL, oculto = TRUE, invisivel = TRUE, pix_chave = NULL, \
             descricao_entrega = NULL, descricao_retirada = NULL, entrega_rua = NULL, \
             entrega_numero = NULL, entrega_cidade = NULL, entrega_latitude = NULL, \
             entrega_longitude = NULL, entrega_cep = NULL, entrega_bairro = NULL, \
             entrega_coordenadas_origem = NULL, invisivel_motivo = NULL \
             WHERE user_id = $3",
        )
        .bind(LOJA_EXCLUIDA)
        .bind(&placeholder)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE orders SET nomeforn = $1 WHERE supplier_id = $2")
            .bind(LOJA_EXCLUIDA)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE withdrawals SET chave_pix = '' WHERE supplier_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        scrub_outbox(&mut tx, &[store_email, store_phone], &placeholder).await?;
        // The store's name, where a message to its buyers wrote it.
        if store_name.trim().chars().count() >= 3 {
            sqlx::query(
                "UPDATE email_outbox SET assunto = REPLACE(assunto, $1, $2), \
                 corpo = REPLACE(corpo, $1, $2)",
            )
            .bind(store_name.trim())
            .bind(LOJA_EXCLUIDA)
            .execute(&mut *tx)
            .await?;
        }
    }
    sqlx::query(
        "UPDATE users SET nome = $1, email = $2, telefone = NULL, cidade = NULL, rua = NULL, \
         numero = NULL, complemento = NULL, latitude = NULL, longitude = NULL, cep = NULL, \
         bairro = NULL, coordenadas_origem = NULL, oidc_issuer = NULL, oidc_subject = NULL, \
         excluido_em = $3 WHERE id = $4",
    )
    .bind(CONTA_EXCLUIDA)
    .bind(&placeholder)
    .bind(now)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    let mut words: Vec<&str> = vec![&email];
    if let Some(t) = &telefone {
        words.push(t);
    }
    scrub_outbox(&mut tx, &words, &placeholder).await?;
    // Their name, where a message to someone else wrote it (a store's 'Novo pedido de …').
    if nome.trim().chars().count() >= 3 {
        sqlx::query(
            "UPDATE email_outbox SET assunto = REPLACE(assunto, $1, $2), \
             corpo = REPLACE(corpo, $1, $2)",
        )
        .bind(nome.trim())
        .bind(CLIENTE_EXCLUIDO)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    for txid in forget {
        charges::forget_at_provider(db, pix, &txid).await;
    }
    media.sort();
    media.dedup();
    Ok(Deleted { media, sessions })
}

/// A store's e-mail, phone, icon, background and name.
type StoreRow = (String, String, Option<String>, Option<String>, String);

/// The outbox's messages to any of `words` (e-mails) lose their text and recipient; every other
/// message loses those words.
async fn scrub_outbox(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    words: &[&str],
    placeholder: &str,
) -> sqlx::Result<()> {
    for word in words.iter().map(|w| w.trim()).filter(|w| w.len() >= 3) {
        sqlx::query(
            "UPDATE email_outbox SET destinatario = $1, assunto = '(removido)', \
             corpo = '(removido)' WHERE LOWER(destinatario) = LOWER($2)",
        )
        .bind(placeholder)
        .bind(word)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "UPDATE email_outbox SET assunto = REPLACE(assunto, $1, '(removido)'), \
             corpo = REPLACE(corpo, $1, '(removido)')",
        )
        .bind(word)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

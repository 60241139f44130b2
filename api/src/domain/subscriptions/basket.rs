//! The buyer's writes to a basket: a new basket with its lines (and its recurrence at the PSP
//! for Pix Automático) in one transaction, and a change — lines, frequency, mode and window,
//! address, skip, pause, cancel — in one transaction.

use super::{BasketAddress, BasketLine, BasketPayment};
use crate::db::{Db, begin_write, now_ms};
use sqlx::{Any, Transaction};
use wasm_core::{
    checkout::Fulfilment,
    delivery::{basket::Frequency, days::Slot},
};

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
    /// The cycles the coupon applies to ([`super::coupon_cycles`]).
    pub coupon_cycles: i64,
    /// Its own address; `None`: the buyer's profile's.
    pub address: Option<&'a BasketAddress>,
    pub note: Option<&'a str>,
    pub lines: &'a [BasketLine],
    /// Its recurrence at the PSP, for Pix Automático.
    pub pix: Option<crate::domain::pix_automatico::NewRec<'a>>,
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
        crate::domain::pix_automatico::store_new(&mut tx, b.id, rec).await?;
    }
    tx.commit().await
}

/// Sets basket `id`'s own address (`None`: back to the profile's).
async fn write_address(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    a: Option<&BasketAddress>,
) -> sqlx::Result<()> {
    // Two statements rather than one with NULL parameters: PostgreSQL keeps the parameter types
    // of a prepared statement from its first execution, and a NULL bound through the `Any`
    // driver there would make a later coordinate's binary format "incorrect".
    let Some(a) = a else {
        sqlx::query(
            "UPDATE subscriptions SET end_rua = NULL, end_numero = NULL, end_complemento = NULL, \
             end_bairro = NULL, end_cep = NULL, end_cidade = NULL, end_latitude = NULL, \
             end_longitude = NULL WHERE id = $1",
        )
        .bind(id)
        .execute(&mut **tx)
        .await?;
        return Ok(());
    };
    sqlx::query(
        "UPDATE subscriptions SET end_rua = $1, end_numero = $2, end_complemento = $3, \
         end_bairro = $4, end_cep = $5, end_cidade = $6, end_latitude = $7, end_longitude = $8 \
         WHERE id = $9",
    )
    .bind(&a.rua)
    .bind(&a.numero)
    .bind(a.complemento.as_deref())
    .bind(a.bairro.as_deref())
    .bind(a.cep.as_deref())
    .bind(&a.cidade)
    .bind(a.latitude)
    .bind(a.longitude)
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

//! The notice ahead of a cycle's cut-off: the lines and total as they would be ordered now,
//! and until when they can be changed.

use super::{StoreCycles, available_in, cycle_bag};
use crate::{
    db::Db,
    domain::{
        error::{DomainError, DomainResult},
        orders::checkout,
        subscriptions::{self, BasketRow, BasketStatus},
    },
    messages::LOJA_INDISPONIVEL,
};
use wasm_core::delivery::days::date_label;

/// Sends `b`'s notice for its next cycle once, `notice_hours` before its cut-off; `true` when
/// this call sent it.
pub(super) async fn notice(
    db: &Db,
    b: &BasketRow,
    store: &mut StoreCycles,
    now: i64,
    notice_hours: u32,
) -> DomainResult<bool> {
    let Some(slot) = b.next_slot() else {
        return Ok(false);
    };
    let closes = store.days.closes_ms(&slot);
    let date = slot.data.iso();
    if now < closes - i64::from(notice_hours) * 3_600_000
        || now >= closes
        || b.aviso_data.as_deref() == Some(date.as_str())
        || b.pular_data.as_deref() == Some(date.as_str())
        || b.status() != BasketStatus::Active
        || store.on_vacation(&date)
    {
        return Ok(false);
    }
    let nomeforn = store.name().to_owned();
    let lines = store.lines_of(&b.id).to_vec();
    store.ensure(db, &lines).await?;
    let avail = available_in(&store.products, &lines);
    let priced = if avail.items.is_empty() {
        Err("nenhum item tem estoque agora.".to_owned())
    } else {
        let bag = cycle_bag(b, &avail.items, slot, now, true);
        match &store.rows {
            Some(rows) => checkout::price_bag_at(db, &bag, rows, &store.products).await,
            None => Err(DomainError::invalid(LOJA_INDISPONIVEL)),
        }
        .map_err(|e| e.to_string())
    };
    let until = wasm_core::date::Date::of_ms(closes)
        .map(|d| {
            let minutes = (closes - d.start_ms()) / 60_000;
            format!(
                "{} às {:02}h{:02}",
                date_label(d),
                minutes / 60,
                minutes % 60
            )
        })
        .unwrap_or_default();
    let mut body = format!("Sua cesta de {nomeforn} para {}:\n", slot.label());
    match &priced {
        Ok(p) => {
            for (l, titulo) in p.summary.linhas.iter().zip(p.line_titles()) {
                body.push_str(&format!(
                    "{} × {titulo} — {}\n",
                    l.quantidade,
                    l.total_centavos.format()
                ));
            }
            let how = if b.pagamento == "pix_automatico" {
                "cobrado por Pix Automático na véspera da entrega"
            } else {
                "pago na entrega"
            };
            body.push_str(&format!(
                "Total: {} ({how}).\n",
                p.summary.total_centavos.format()
            ));
        }
        Err(why) => body.push_str(&format!("O pedido não poderá ser feito: {why}\n")),
    }
    if !avail.left_out.is_empty() {
        body.push_str(&format!(
            "Sem estoque agora: {}.\n",
            avail.left_out.join(", ")
        ));
    }
    body.push_str(&format!(
        "Você pode mudar, pular ou pausar em Minhas assinaturas até {until}."
    ));
    let subject = format!("Sua cesta de {}", date_label(slot.data));
    Ok(subscriptions::record_notice(db, b, &date, &subject, &body).await?)
}

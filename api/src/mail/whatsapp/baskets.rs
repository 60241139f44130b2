//! The WhatsApp messages of recurring baskets (decisions.md §38), beside their e-mails and
//! recorded in the same transaction (`crate::domain::subscriptions`): the order of a cycle soon
//! (ahead of the cut-off), a cycle whose order was not placed (nothing in stock, or refused),
//! and the store's vacation over the basket's deliveries. Each goes to the buyer only if they
//! opted in and take `cestas` by WhatsApp; the link is the buyer's profile ('Minhas assinaturas').
//! The store hears of a cycle whose Pix Automático charge was not paid by the delivery's eve
//! (its order cancelled: not to be delivered), beside its e-mail, if it opted in and takes
//! `cestas` by WhatsApp; the link is that order in its panel.

use super::{Message, Role, Template, one_line, queue};
use sqlx::{Any, Transaction};
use wasm_core::{date::Date, delivery::days::date_label};

/// The buyer's name and the store's, for `buyer` and `supplier`.
async fn names(
    tx: &mut Transaction<'_, Any>,
    buyer: &str,
    supplier: &str,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT u.nome, s.nomeforn FROM users u, suppliers s WHERE u.id = $1 AND s.user_id = $2",
    )
    .bind(buyer)
    .bind(supplier)
    .fetch_optional(&mut **tx)
    .await
}

/// 'sábado, 5 de dezembro' of an ISO date, as the e-mails say it; the text itself if it is
/// not one.
fn label(iso: &str) -> String {
    Date::parse(iso).map_or_else(|| iso.to_owned(), date_label)
}

async fn send(
    tx: &mut Transaction<'_, Any>,
    buyer: &str,
    template: Template,
    body: Vec<String>,
) -> sqlx::Result<()> {
    let message = Message {
        template,
        body,
        link: format!("painel/perfil/{buyer}"),
    };
    queue(&mut **tx, buyer, Role::Buyer, &message, None).await?;
    Ok(())
}

/// The order of `buyer`'s basket from `supplier` for `date` is placed soon ('cesta_aviso').
pub async fn ahead(
    tx: &mut Transaction<'_, Any>,
    buyer: &str,
    supplier: &str,
    date: &str,
) -> sqlx::Result<()> {
    if let Some((nome, loja)) = names(tx, buyer, supplier).await? {
        let body = vec![first_name(&nome), loja, label(date)];
        send(tx, buyer, Template::CestaAviso, body).await?;
    }
    Ok(())
}

/// No order was placed for `buyer`'s basket from `supplier` for `date` ('cesta_nao_gerada'):
/// nothing was in stock (`refused` is `None`) or it was refused for that reason.
pub async fn not_placed(
    tx: &mut Transaction<'_, Any>,
    buyer: &str,
    supplier: &str,
    date: &str,
    refused: Option<&str>,
) -> sqlx::Result<()> {
    let why = refused.map_or_else(|| "nenhum item tinha estoque.".to_owned(), one_line);
    if let Some((nome, loja)) = names(tx, buyer, supplier).await? {
        let body = vec![first_name(&nome), loja, label(date), why];
        send(tx, buyer, Template::CestaNaoGerada, body).await?;
    }
    Ok(())
}

/// The store `supplier` is on vacation from `de` to `ate` (ISO dates): 'cesta_ferias' to
/// subscriber `buyer`.
pub async fn vacation(
    tx: &mut Transaction<'_, Any>,
    buyer: &str,
    supplier: &str,
    de: &str,
    ate: &str,
) -> sqlx::Result<()> {
    if let Some((nome, loja)) = names(tx, buyer, supplier).await? {
        let body = vec![first_name(&nome), loja, label(de), label(ate)];
        send(tx, buyer, Template::CestaFerias, body).await?;
    }
    Ok(())
}

/// The cycle's order `order_id` was cancelled unpaid by Pix Automático at the delivery's eve:
/// 'cesta_nao_paga' to its store (the buyer hears 'pix_expirado' from the order's expiry).
pub async fn unpaid_to_store(tx: &mut Transaction<'_, Any>, order_id: &str) -> sqlx::Result<()> {
    let order: Option<(String, String, String, Option<String>)> = sqlx::query_as(
        "SELECT supplier_id, cliente_nome, nomeforn, data_entrega FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((supplier, cliente, loja, date)) = order else {
        return Ok(());
    };
    let cliente = Some(cliente)
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| "cliente".to_owned());
    let when = date.map_or_else(|| "a próxima entrega".to_owned(), |d| label(&d));
    let message = Message {
        template: Template::CestaNaoPaga,
        body: vec![one_line(&cliente), loja, when],
        link: format!("painel/{supplier}?pedido={order_id}"),
    };
    queue(&mut **tx, &supplier, Role::Store, &message, Some(order_id)).await?;
    Ok(())
}

/// The first name ('Carla' of 'Carla Souza'); 'cliente' when there is none (a template
/// variable may not be empty).
fn first_name(nome: &str) -> String {
    nome.split_whitespace()
        .next()
        .map_or_else(|| "cliente".to_owned(), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_dates_and_reasons_fit_a_template_variable() {
        assert_eq!(first_name("Carla Souza"), "Carla");
        assert_eq!(first_name("  "), "cliente");
        assert_eq!(label("2026-12-05"), "sábado, 5 de dezembro");
        assert_eq!(label("x"), "x");
        assert_eq!(
            one_line("Pedido mínimo\nnão atingido."),
            "Pedido mínimo não atingido."
        );
    }
}

//! What the moderation e-mails, and to whom: a store's owner when the admin hides the store
//! (or shows it again), an ad's author when their ad is hidden, a store's owner when one of its
//! products is hidden, a review's author when their review is removed — each with the admin's
//! reason (moderation with reasons: the owner is always told why). Recorded in the caller's transaction, so a
//! message exists iff the change committed; the outbox sends it.

use super::enqueue;
use sqlx::{Any, Transaction};

/// What was moderated, with what the texts need.
#[derive(Debug, Clone, Copy)]
pub enum Moderated<'a> {
    /// A store hidden (`true`) or shown again.
    Store { hidden: bool },
    /// An ad hidden (`true`) or shown again; its title.
    Ad { hidden: bool, titulo: &'a str },
    /// A product hidden (`true`) or shown again; its title.
    Product { hidden: bool, titulo: &'a str },
    /// A review removed; the store it was about.
    Review { loja: &'a str },
}

/// Subject and body of the message to `nome` about `what`, with `reason`.
fn compose(what: Moderated<'_>, nome: &str, reason: &str) -> (String, String) {
    let contato = "Se tiver dúvidas, responda a este e-mail.";
    let (subject, text) = match what {
        Moderated::Store { hidden: true } => (
            "Sua loja foi ocultada na Feira".to_owned(),
            "Sua loja e seus produtos deixaram de aparecer na Feira. \
             Os pedidos em andamento continuam no seu painel."
                .to_owned(),
        ),
        Moderated::Store { hidden: false } => (
            "Sua loja voltou a aparecer na Feira".to_owned(),
            "Sua loja e seus produtos voltaram a aparecer na Feira.".to_owned(),
        ),
        Moderated::Ad {
            hidden: true,
            titulo,
        } => (
            format!("Seu anúncio \u{201c}{titulo}\u{201d} foi ocultado"),
            format!("Seu anúncio \u{201c}{titulo}\u{201d} deixou de aparecer na Feira."),
        ),
        Moderated::Ad {
            hidden: false,
            titulo,
        } => (
            format!("Seu anúncio \u{201c}{titulo}\u{201d} voltou a aparecer"),
            format!("Seu anúncio \u{201c}{titulo}\u{201d} voltou a aparecer na Feira."),
        ),
        Moderated::Product {
            hidden: true,
            titulo,
        } => (
            format!("Seu produto \u{201c}{titulo}\u{201d} foi ocultado"),
            format!(
                "Seu produto \u{201c}{titulo}\u{201d} deixou de aparecer na sua loja e na \
                 Feira."
            ),
        ),
        Moderated::Product {
            hidden: false,
            titulo,
        } => (
            format!("Seu produto \u{201c}{titulo}\u{201d} voltou a aparecer"),
            format!("Seu produto \u{201c}{titulo}\u{201d} voltou a aparecer na Feira."),
        ),
        Moderated::Review { loja } => (
            format!("Sua avaliação de {loja} foi removida"),
            format!("Sua avaliação do pedido em {loja} foi removida pela moderação."),
        ),
    };
    let motivo = match reason.trim() {
        "" => String::new(),
        r => format!("\n\nMotivo: {r}"),
    };
    (
        subject,
        format!("Olá, {nome}!\n\n{text}{motivo}\n\n{contato}\nEquipe Feira"),
    )
}

/// Queues the message about `what` to `email` (greeting `nome`).
pub async fn queue(
    tx: &mut Transaction<'_, Any>,
    email: &str,
    nome: &str,
    what: Moderated<'_>,
    reason: &str,
) -> sqlx::Result<()> {
    let (subject, body) = compose(what, nome, reason);
    enqueue(&mut **tx, email, &subject, &body).await?;
    super::wake();
    Ok(())
}

/// Queues the message to the author of review `review_id`, removed with `reason`.
pub async fn queue_review_removed(
    tx: &mut Transaction<'_, Any>,
    review_id: &str,
    reason: &str,
) -> sqlx::Result<()> {
    let row: Option<(String, String, String)> = sqlx::query_as(
        "SELECT u.email, u.nome, s.nomeforn FROM reviews r JOIN users u ON u.id = r.buyer_id \
         JOIN suppliers s ON s.user_id = r.supplier_id WHERE r.id = $1",
    )
    .bind(review_id)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((email, nome, loja)) = row {
        queue(tx, &email, &nome, Moderated::Review { loja: &loja }, reason).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_says_what_and_why() {
        let (subject, body) = compose(
            Moderated::Ad {
                hidden: true,
                titulo: "enxada",
            },
            "Ana",
            "Produto proibido",
        );
        assert_eq!(subject, "Seu anúncio “enxada” foi ocultado");
        assert!(body.starts_with("Olá, Ana!"));
        assert!(body.contains("Motivo: Produto proibido"));
        let (subject, _) = compose(Moderated::Store { hidden: true }, "João", "x");
        assert_eq!(subject, "Sua loja foi ocultada na Feira");
        let (subject, _) = compose(Moderated::Review { loja: "Sítio" }, "Carla", "x");
        assert_eq!(subject, "Sua avaliação de Sítio foi removida");
    }
}

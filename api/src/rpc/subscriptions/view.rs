//! A basket as the buyer and the store see it: its lines, its next delivery (the first cycle
//! from its next date that is not skipped, paused or on the store's vacation) with that cycle's
//! total as it would be ordered now (wasm-core's checkout, as the order will be), until when it
//! can be changed, and its last cycles.

use super::cycles::{available, price_cycle};
use crate::{
    domain::{
        delivery_days, pix_automatico,
        subscriptions::{self, BasketRow, BasketStatus, CycleOutcome},
    },
    error::ApiResult,
    state::AppState,
};
use serde::Serialize;
use utoipa::ToSchema;
use wasm_core::{checkout::Fulfilment, date::Date, delivery::days::DeliveryDays};

/// A basket's line.
#[derive(Debug, Serialize, ToSchema)]
pub struct BasketItem {
    /// The product's id.
    pub id: String,
    pub titulo: String,
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opcao: Option<String>,
    pub quantidade: i64,
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observacao: Option<String>,
}

/// One cycle handled.
#[derive(Debug, Serialize, ToSchema)]
pub struct CycleView {
    /// `AAAA-MM-DD`.
    pub data: String,
    pub situacao: CycleOutcome,
    /// The order placed (`pedido`).
    pub pedido: Option<String>,
    /// Titles left out for lack of stock.
    pub faltaram: Vec<String>,
    pub motivo: Option<String>,
    pub total_centavos: Option<i64>,
}

/// A basket.
#[derive(Debug, Serialize, ToSchema)]
pub struct BasketView {
    pub id: String,
    /// The store's id and name.
    pub forn: String,
    pub nomeforn: String,
    /// The buyer's name (the store's view).
    pub cliente_nome: String,
    /// `semanal`, `quinzenal` or `mensal`.
    pub frequencia: String,
    pub situacao: BasketStatus,
    /// Delivery (`true`) or pickup.
    pub entrega: bool,
    /// The basket's own delivery address; absent: the buyer's profile address.
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endereco: Option<AddressView>,
    /// Where a delivered basket's cycles go, as one line ('Rua das Flores, 12 — Centro,
    /// Piracicaba, SP'): its own address or the profile's as it is now; null for pickup.
    pub endereco_texto: Option<String>,
    pub janela_inicio: String,
    pub janela_fim: String,
    /// `na_entrega` or `pix_automatico`.
    pub pagamento: String,
    /// The basket's Pix Automático (when it has one).
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pix_automatico: Option<PixAutomaticoView>,
    /// The next cycle not yet ordered (`AAAA-MM-DD`): changes made now apply to it.
    pub proxima_data: String,
    /// The next delivery (skips, pauses and the store's vacation left out), and its text
    /// ('terça-feira, 1 de dezembro, 8h–12h').
    pub proxima_entrega: Option<String>,
    pub proxima_entrega_texto: Option<String>,
    /// When orders for `proxima_data` close (ms since the epoch).
    pub fecha_em: Option<i64>,
    /// Its total as it would be ordered now, or why it would not be.
    pub total_centavos: Option<i64>,
    pub aviso: Option<String>,
    /// The basket's coupon while it still applies (the next cycle's), and whether it applies
    /// to every delivery ('Vale para todas as entregas da assinatura') or the first only.
    pub cupom: Option<String>,
    pub cupom_todas_entregas: bool,
    /// A skipped date, and the pause's end.
    pub pular_data: Option<String>,
    pub pausada_ate: Option<String>,
    pub itens: Vec<BasketItem>,
    /// The last cycles, newest first.
    pub ciclos: Vec<CycleView>,
}

/// A basket's own address, as the buyer typed it (its coordinates stay on the server).
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressView {
    pub rua: String,
    pub numero: String,
    pub complemento: Option<String>,
    pub bairro: Option<String>,
    /// 8 digits.
    pub cep: Option<String>,
    /// 'Cidade, UF'.
    pub cidade: String,
}

/// 'Rua das Flores, 12, casa 2 — Centro, Piracicaba, SP' (the parts there are).
fn address_line(
    rua: &str,
    numero: &str,
    complemento: Option<&str>,
    bairro: Option<&str>,
    cidade: &str,
) -> String {
    let mut street = vec![rua, numero];
    street.extend(complemento.filter(|c| !c.trim().is_empty()));
    let mut place: Vec<&str> = bairro
        .filter(|b| !b.trim().is_empty())
        .into_iter()
        .collect();
    place.push(cidade);
    let street: Vec<&str> = street
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .collect();
    format!("{} — {}", street.join(", "), place.join(", "))
}

/// Where `b`'s cycles are delivered, as one line; `None` for pickup or a profile without an
/// address.
async fn address_text(state: &AppState, b: &BasketRow) -> ApiResult<Option<String>> {
    if b.mode() != Fulfilment::Delivery {
        return Ok(None);
    }
    if let Some(a) = b.address() {
        return Ok(Some(address_line(
            &a.rua,
            &a.numero,
            a.complemento.as_deref(),
            a.bairro.as_deref(),
            &a.cidade,
        )));
    }
    type Profile = (
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    );
    let profile: Option<Profile> =
        sqlx::query_as("SELECT rua, numero, complemento, bairro, cidade FROM users WHERE id = $1")
            .bind(&b.buyer_id)
            .fetch_optional(&state.db)
            .await?;
    Ok(
        profile.and_then(|(rua, numero, complemento, bairro, cidade)| {
            let rua = rua.filter(|r| !r.trim().is_empty())?;
            Some(address_line(
                &rua,
                numero.as_deref().unwrap_or_default(),
                complemento.as_deref(),
                bairro.as_deref(),
                cidade.as_deref().unwrap_or_default(),
            ))
        }),
    )
}

/// A basket's Pix Automático: its recurrence's state and, while the buyer has not authorised
/// it, the QR to scan in their bank's app.
#[derive(Debug, Serialize, ToSchema)]
pub struct PixAutomaticoView {
    /// `aguardando` (authorisation), `ativa`, `recusada`, `cancelada`, `cancelada_banco`.
    pub situacao: String,
    /// The most the buyer accepts per cycle, in centavos.
    pub valor_maximo_centavos: i64,
    /// What the basket becomes if the recurrence ends at the bank: `na_entrega` or `pausar`.
    pub sem_pix: String,
    /// The recurrence's "copia e cola" and its QR image (a data URL), while `aguardando`.
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pix_code: Option<String>,
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pix_image: Option<String>,
}

/// Basket `id`'s Pix Automático view.
async fn pix_view(state: &AppState, id: &str) -> ApiResult<Option<PixAutomaticoView>> {
    let Some(rec) = pix_automatico::of_basket(&state.db, id).await? else {
        return Ok(None);
    };
    let Some(situacao) = rec.rec_situacao.clone() else {
        return Ok(None);
    };
    let awaiting = rec.state() == Some(pix_automatico::RecState::Awaiting);
    let code = rec.rec_copia_e_cola.filter(|_| awaiting);
    let image = match &code {
        Some(c) => Some(crate::pix::qr::data_url(c)?),
        None => None,
    };
    Ok(Some(PixAutomaticoView {
        situacao,
        valor_maximo_centavos: rec.valor_maximo_centavos.unwrap_or(0),
        sem_pix: rec.sem_pix.unwrap_or_else(|| "pausar".into()),
        pix_code: code,
        pix_image: image,
    }))
}

/// The first date from `b.proxima_data` (at most a year on) that is delivered: not skipped,
/// not paused, not on the store's vacation.
async fn next_delivery(state: &AppState, b: &BasketRow) -> ApiResult<Option<Date>> {
    let Some(mut date) = b.next_slot().map(|s| s.data) else {
        return Ok(None);
    };
    if b.status() == BasketStatus::Cancelled {
        return Ok(None);
    }
    for _ in 0..60 {
        let iso = date.iso();
        let paused = b.status() == BasketStatus::Paused
            && b.pausada_ate.as_deref().is_none_or(|u| iso.as_str() < u);
        let skipped = b.pular_data.as_deref() == Some(iso.as_str());
        if !paused
            && !skipped
            && !subscriptions::on_vacation(&state.db, &b.supplier_id, &iso).await?
        {
            return Ok(Some(date));
        }
        match b.frequency().next(date) {
            Some(n) => date = n,
            None => return Ok(None),
        }
    }
    Ok(None)
}

/// The view of `b` at `now`; `days` the store's.
pub async fn basket_view(
    state: &AppState,
    b: &BasketRow,
    days: &DeliveryDays,
    now: i64,
) -> ApiResult<BasketView> {
    let lines = subscriptions::lines(&state.db, &b.id).await?;
    let mut itens = Vec::new();
    for l in &lines {
        let titulo: Option<String> =
            sqlx::query_scalar("SELECT titulo FROM products WHERE id = $1")
                .bind(&l.product_id)
                .fetch_optional(&state.db)
                .await?;
        itens.push(BasketItem {
            id: l.product_id.clone(),
            titulo: titulo.unwrap_or_else(|| "Produto removido".into()),
            opcao: l.opcao.clone(),
            quantidade: l.quantidade,
            observacao: l.observacao.clone(),
        });
    }
    let next = next_delivery(state, b).await?;
    let slot = next.and_then(|d| b.slot_on(&d.iso()));
    let (mut total, mut aviso) = (None, None);
    if let Some(slot) = slot {
        let avail = available(state, &lines).await?;
        if avail.items.is_empty() {
            aviso = Some("Nenhum item da cesta tem estoque agora.".to_owned());
        } else {
            match price_cycle(state, b, &avail.items, slot, now, true).await {
                Ok(p) => total = Some(p.summary.total_centavos.centavos()),
                Err(e) => aviso = Some(e.to_string()),
            }
            if !avail.left_out.is_empty() {
                aviso = Some(format!("Sem estoque agora: {}.", avail.left_out.join(", ")));
            }
        }
    }
    let cliente_nome: Option<String> = sqlx::query_scalar("SELECT nome FROM users WHERE id = $1")
        .bind(&b.buyer_id)
        .fetch_optional(&state.db)
        .await?;
    let ciclos = subscriptions::cycles(&state.db, &b.id, 8)
        .await?
        .into_iter()
        .map(|c| CycleView {
            situacao: CycleOutcome::from_db(&c.situacao),
            faltaram: serde_json::from_str(&c.faltaram).unwrap_or_default(),
            data: c.data_entrega,
            pedido: c.order_id,
            motivo: c.motivo,
            total_centavos: c.total_centavos,
        })
        .collect();
    Ok(BasketView {
        id: b.id.clone(),
        forn: b.supplier_id.clone(),
        nomeforn: subscriptions::store_name(&state.db, &b.supplier_id).await?,
        cliente_nome: cliente_nome.unwrap_or_default(),
        frequencia: b.frequencia.clone(),
        situacao: b.status(),
        entrega: b.mode() == Fulfilment::Delivery,
        endereco: b.address().map(|a| AddressView {
            rua: a.rua,
            numero: a.numero,
            complemento: a.complemento,
            bairro: a.bairro,
            cep: a.cep,
            cidade: a.cidade,
        }),
        endereco_texto: address_text(state, b).await?,
        janela_inicio: b.janela_inicio.clone(),
        janela_fim: b.janela_fim.clone(),
        pagamento: b.pagamento.clone(),
        pix_automatico: pix_view(state, &b.id).await?,
        proxima_data: b.proxima_data.clone(),
        proxima_entrega: next.map(Date::iso),
        proxima_entrega_texto: slot.map(|s| s.label()),
        fecha_em: (b.status() != BasketStatus::Cancelled)
            .then(|| b.next_slot().map(|s| days.closes_ms(&s)))
            .flatten(),
        total_centavos: total,
        aviso,
        cupom: b.cycle_coupon(),
        cupom_todas_entregas: b.coupon_every_cycle(),
        pular_data: b.pular_data.clone(),
        pausada_ate: b.pausada_ate.clone(),
        itens,
        ciclos,
    })
}

/// The store's days (for the views of its baskets).
pub async fn store_days(state: &AppState, supplier_id: &str) -> ApiResult<DeliveryDays> {
    Ok(delivery_days::load(&mut *state.db.acquire().await?, supplier_id).await?)
}

#[cfg(test)]
mod tests {
    use super::address_line;

    #[test]
    fn an_address_reads_as_one_line_with_the_parts_there_are() {
        assert_eq!(
            address_line(
                "Rua das Flores",
                "12",
                Some("casa 2"),
                Some("Centro"),
                "Piracicaba, SP"
            ),
            "Rua das Flores, 12, casa 2 — Centro, Piracicaba, SP"
        );
        assert_eq!(
            address_line("Rua A", "1", Some(" "), None, "Piracicaba, SP"),
            "Rua A, 1 — Piracicaba, SP"
        );
    }
}

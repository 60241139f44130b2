//! A basket paid by Pix Automático (decisions.md §35; docs/subscriptions.md): at `assinar` the
//! buyer's recurrence is created at the PSP ([`authorise`]: periodicidade SEMANAL — a
//! fortnightly basket is a weekly recurrence charged every other week — or MENSAL, with the
//! buyer's maximum per cycle, refused when below the first cycle's total) and its QR shown as
//! a Pix QR; each cycle's order is a Pix order whose charge is a recurring charge, placed by the
//! cycles job (`domain::subscriptions_cycles::pix`). Its outcome reaches the order through the
//! payment path like any Pix ([`crate::domain::pix_automatico`]).

use crate::{
    domain::pix_automatico::{Fallback, NewRec},
    error::{ApiError, ApiResult},
    messages::PIX_INDISPONIVEL,
    pix::recurring::{NewRecurrence, Periodicity},
    state::AppState,
};
use wasm_core::{
    date::Date, delivery::basket::Frequency, document::TaxId, messages::Message, money::Money,
};

/// Refused when the Pix provider offers no Pix Automático (the sandbox).
pub const PIX_AUTOMATICO_INDISPONIVEL: &str =
    "O Pix Automático não está disponível para assinaturas. Escolha pagar na entrega.";

/// What `assinar` needs to authorise a recurrence.
#[derive(Debug, Clone, Copy)]
pub struct Authorise<'a> {
    pub frequency: Frequency,
    pub first: Date,
    /// The first cycle's total.
    pub total: Money,
    /// The buyer's maximum per cycle, in reais.
    pub max_reais: Option<f64>,
    pub fallback: Option<&'a str>,
    pub store: &'a str,
    /// The payer's CPF or CNPJ (the recurrence names its payer; it is not stored here).
    pub document: Option<&'a str>,
}

/// A recurrence created at the PSP for a new basket.
#[derive(Debug, Clone)]
pub struct Authorised {
    pub id: String,
    pub copia_e_cola: String,
    pub max: Money,
    pub fallback: Fallback,
}

impl Authorised {
    pub fn as_new(&self) -> NewRec<'_> {
        NewRec {
            id: &self.id,
            copia_e_cola: &self.copia_e_cola,
            max_centavos: self.max.centavos(),
            fallback: self.fallback,
        }
    }
}

/// 'Informe o valor máximo por entrega para o Pix Automático.'
pub const VALOR_MAXIMO_FALTANDO: &str = "Informe o valor máximo por entrega para o Pix Automático.";
/// 'Cadastre seu CPF para pagar com Pix Automático.'
pub const CPF_FALTANDO: &str =
    "Cadastre seu CPF ou CNPJ em Meus dados para pagar com Pix Automático.";

/// The buyer's maximum must cover the cycle's total.
pub fn max_below_total(max: Money, total: Money) -> String {
    format!(
        "O valor máximo autorizado ({}) é menor que o total da cesta ({}). Aumente o valor máximo.",
        max.format(),
        total.format()
    )
}

/// Checks what the buyer chose and creates the recurrence at the PSP for basket `basket`.
pub async fn authorise(
    state: &AppState,
    buyer_id: &str,
    basket: &str,
    a: &Authorise<'_>,
) -> ApiResult<Authorised> {
    let rec = state
        .pix
        .recurring()
        .ok_or_else(|| ApiError::bad_request(PIX_AUTOMATICO_INDISPONIVEL))?;
    let max = a
        .max_reais
        .and_then(Money::from_reais)
        .filter(|m| *m > Money::ZERO)
        .ok_or_else(|| ApiError::bad_request(VALOR_MAXIMO_FALTANDO))?;
    if max < a.total {
        return Err(ApiError::bad_request(max_below_total(max, a.total)));
    }
    let fallback = match a.fallback.map(str::trim).filter(|f| !f.is_empty()) {
        None => Fallback::Pause,
        Some(f) => Fallback::parse(f).ok_or_else(|| {
            ApiError::bad_request("Escolha o que fazer se o Pix Automático for cancelado no banco.")
        })?,
    };
    let document = match a.document.map(str::trim).filter(|d| !d.is_empty()) {
        None => return Err(ApiError::bad_request(CPF_FALTANDO)),
        Some(d) => TaxId::parse(d).map_err(|e| ApiError::bad_request(e.message().into_owned()))?,
    };
    let digits = document.as_str().to_owned();
    let nome: String = sqlx::query_scalar("SELECT nome FROM users WHERE id = $1")
        .bind(buyer_id)
        .fetch_one(&state.db)
        .await?;
    let nomeforn = crate::domain::subscriptions::store_name(&state.db, a.store).await?;
    let object: String = format!("Cesta {nomeforn}").chars().take(35).collect();
    let payer: String = nome.chars().take(140).collect();
    let created = rec
        .create_recurrence(NewRecurrence {
            contract: basket,
            object: &object,
            payer_document: &digits,
            payer_name: &payer,
            first: a.first,
            periodicity: match a.frequency {
                Frequency::Weekly | Frequency::Fortnightly => Periodicity::Weekly,
                Frequency::Monthly => Periodicity::Monthly,
            },
        })
        .await
        .map_err(|e| {
            tracing::error!(error = %e, basket, "creating a recurrence at the PSP");
            ApiError::Unavailable(PIX_INDISPONIVEL.into())
        })?;
    Ok(Authorised {
        id: created.id,
        copia_e_cola: created.copia_e_cola,
        max,
        fallback,
    })
}

/// Cancels a recurrence whose basket was not stored (best effort).
pub async fn forget(state: &AppState, id_rec: &str) {
    if let Some(rec) = state.pix.recurring()
        && let Err(e) = rec.cancel_recurrence(id_rec).await
    {
        tracing::warn!(error = %e, id_rec, "cancelling an unstored basket's recurrence");
    }
}

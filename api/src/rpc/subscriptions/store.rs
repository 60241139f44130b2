//! The store's 'Assinaturas' (decisions.md §35): `pegar_assinaturas_loja` lists its baskets
//! (active, paused, cancelled) and, for its next delivery date, how many baskets go out and the
//! totals per product — what to harvest ('23 cestas; alface 46 maços') — with each basket's
//! lines and total; `ferias_assinaturas` pauses every delivery of a period (a vacation) and tells
//! every subscriber by e-mail.

use super::view::{BasketView, basket_view, store_days};
use crate::{
    auth::AuthUser,
    db::now_ms,
    domain::subscriptions::{self, BasketStatus, StorePause},
    error::{ApiError, ApiResult},
    rpc::supplier::own_supplier,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use wasm_core::date::Date;

/// `pegar_assinaturas_loja`'s payload (nothing).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct StoreBasketsAsk {}

/// A product's total over the next delivery's baskets.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductTotal {
    pub titulo: String,
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opcao: Option<String>,
    pub quantidade: i64,
}

/// The store's baskets and its next delivery's totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreBaskets {
    /// Every basket, by next date.
    pub assinaturas: Vec<BasketView>,
    /// The next date a basket is delivered (`AAAA-MM-DD`), if any.
    pub proxima_data: Option<String>,
    /// How many baskets go out that date, and the ids of those baskets.
    pub cestas: u32,
    pub cestas_ids: Vec<String>,
    /// The totals per product that date, and the same as one line of text.
    pub produtos: Vec<ProductTotal>,
    pub resumo: String,
    /// The sum of that date's baskets' totals, as they would be ordered now.
    pub total_centavos: i64,
    /// The store's vacations not over yet.
    pub ferias: Vec<StorePause>,
}

/// `pegar_assinaturas_loja`.
pub async fn store_baskets(
    state: &AppState,
    user: AuthUser,
    _ask: StoreBasketsAsk,
) -> ApiResult<StoreBaskets> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let now = now_ms();
    let today = Date::of_ms(now).ok_or_else(|| ApiError::bad_request("Data inválida."))?;
    let days = store_days(state, &supplier_id).await?;
    let mut assinaturas = Vec::new();
    for b in subscriptions::of_supplier(&state.db, &supplier_id).await? {
        assinaturas.push(basket_view(state, &b, &days, now).await?);
    }
    let next = assinaturas
        .iter()
        .filter(|v| v.situacao != BasketStatus::Cancelled)
        .filter_map(|v| v.proxima_entrega.clone())
        .min();
    let going: Vec<&BasketView> = assinaturas
        .iter()
        .filter(|v| v.situacao != BasketStatus::Cancelled && v.proxima_entrega == next)
        .filter(|_| next.is_some())
        .collect();
    let mut totals: BTreeMap<(String, Option<String>), i64> = BTreeMap::new();
    for v in &going {
        for i in &v.itens {
            *totals
                .entry((i.titulo.clone(), i.opcao.clone()))
                .or_default() += i.quantidade;
        }
    }
    let produtos: Vec<ProductTotal> = totals
        .into_iter()
        .map(|((titulo, opcao), quantidade)| ProductTotal {
            titulo,
            opcao,
            quantidade,
        })
        .collect();
    let cestas = u32::try_from(going.len()).unwrap_or(u32::MAX);
    let resumo = summary(cestas, &produtos);
    Ok(StoreBaskets {
        proxima_data: next,
        cestas,
        cestas_ids: going.iter().map(|v| v.id.clone()).collect(),
        total_centavos: going.iter().filter_map(|v| v.total_centavos).sum(),
        produtos,
        resumo,
        ferias: subscriptions::pauses(&state.db, &supplier_id, today).await?,
        assinaturas,
    })
}

/// '23 cestas; Alface 46 (Maço); Ovos 12'.
fn summary(cestas: u32, produtos: &[ProductTotal]) -> String {
    let mut parts = vec![match cestas {
        1 => "1 cesta".to_owned(),
        n => format!("{n} cestas"),
    }];
    for p in produtos {
        parts.push(match &p.opcao {
            Some(o) => format!("{} {} ({o})", p.titulo, p.quantidade),
            None => format!("{} {}", p.titulo, p.quantidade),
        });
    }
    parts.join("; ")
}

/// `ferias_assinaturas`' payload: the first and the last date without deliveries.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Vacation {
    pub de: String,
    pub ate: String,
}

/// The vacation recorded and how many subscribers were told.
#[derive(Debug, Serialize, ToSchema)]
pub struct VacationSet {
    pub avisados: u64,
    pub ferias: Vec<StorePause>,
}

/// The longest vacation, in days.
const MAX_VACATION_DAYS: i64 = 120;

/// 'Escolha as datas das férias: a primeira a partir de hoje, a última depois dela (até 120 dias).'
pub const FERIAS_INVALIDAS: &str = "Escolha as datas das férias: a primeira a partir de hoje, a última depois dela (até 120 dias).";

/// `ferias_assinaturas`.
pub async fn vacation(state: &AppState, user: AuthUser, req: Vacation) -> ApiResult<VacationSet> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let today = Date::of_ms(now_ms()).ok_or_else(|| ApiError::bad_request(FERIAS_INVALIDAS))?;
    let (de, ate) = match (Date::parse(req.de.trim()), Date::parse(req.ate.trim())) {
        (Some(de), Some(ate))
            if de >= today
                && ate >= de
                && de.add_days(MAX_VACATION_DAYS).is_some_and(|m| ate <= m) =>
        {
            (de, ate)
        }
        _ => return Err(ApiError::bad_request(FERIAS_INVALIDAS)),
    };
    let nomeforn = subscriptions::store_name(&state.db, &supplier_id).await?;
    let label = |d: Date| wasm_core::delivery::days::date_label(d);
    let subject = format!("{nomeforn} em férias: sua cesta não será entregue");
    let body = format!(
        "{nomeforn} não fará entregas de {} a {}. As cestas dessas datas não serão geradas nem \
         cobradas; depois, sua assinatura continua normalmente.",
        label(de),
        label(ate)
    );
    let avisados =
        subscriptions::add_pause(&state.db, &supplier_id, de, ate, &subject, &body).await?;
    Ok(VacationSet {
        avisados,
        ferias: subscriptions::pauses(&state.db, &supplier_id, today).await?,
    })
}

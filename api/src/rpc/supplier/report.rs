//! Pagamentos' 'Relatório de vendas': `pegar_relatorio_vendas` answers the session's store's
//! sales per month and per product of a year, from the ledger ([`crate::domain::sales_report`]);
//! the webapp turns a month (or the year) into the accountant's CSV.

use super::{deliveries::PERIODO_INVALIDO, own_supplier};
use crate::{
    auth::AuthUser,
    domain::sales_report::{self, Amounts},
    error::{ApiError, ApiResult},
    rpc::fields::{Reais, Text},
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `pegar_relatorio_vendas`: `ano` (text or number).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReportAsk {
    #[serde(default)]
    pub ano: Text,
}

/// A row's figures, in reais.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportFigures {
    /// Units sold (for the delivery fees: orders delivered with a fee).
    #[serde(rename = "quantidade")]
    pub quantity: i64,
    /// The lines as paid, after promotions, before the coupon.
    #[serde(rename = "bruto")]
    pub gross: Reais,
    /// The coupons' discount.
    #[serde(rename = "cupons")]
    pub coupons: Reais,
    /// The platform's fee (the withdrawal's 2 %; zero until withdrawn).
    #[serde(rename = "taxas")]
    pub fees: Reais,
    /// Refunded to the buyer.
    #[serde(rename = "devolvido")]
    pub refunds: Reais,
    /// Gross − coupons − fees − refunds.
    #[serde(rename = "liquido")]
    pub net: Reais,
}

impl From<&Amounts> for ReportFigures {
    fn from(a: &Amounts) -> Self {
        Self {
            quantity: a.quantity,
            gross: Reais::from_centavos(a.gross),
            coupons: Reais::from_centavos(a.coupons),
            fees: Reais::from_centavos(a.fees),
            refunds: Reais::from_centavos(a.refunds),
            net: Reais::from_centavos(a.net()),
        }
    }
}

/// One product's row (the delivery fees' has no `id`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportRow {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub id: String,
    #[serde(rename = "produto")]
    pub title: String,
    #[serde(flatten)]
    pub figures: ReportFigures,
}

/// One month.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportMonth {
    /// `AAAA-MM` (Brasília time, of the payment).
    #[serde(rename = "mes")]
    pub month: String,
    #[serde(rename = "produtos")]
    pub rows: Vec<ReportRow>,
    #[serde(rename = "total")]
    pub total: ReportFigures,
}

/// `pegar_relatorio_vendas`'s answer: the year's months with sales, in order, and its total.
#[derive(Debug, Serialize, ToSchema)]
pub struct SalesReport {
    #[serde(rename = "ano")]
    pub year: i32,
    #[serde(rename = "meses")]
    pub months: Vec<ReportMonth>,
    #[serde(rename = "total")]
    pub total: ReportFigures,
}

/// `pegar_relatorio_vendas`.
pub async fn report(state: &AppState, user: AuthUser, req: ReportAsk) -> ApiResult<SalesReport> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    let year: i32 = req
        .ano
        .trimmed()
        .parse()
        .ok()
        .filter(|y| (2000..=9999).contains(y))
        .ok_or_else(|| ApiError::bad_request(PERIODO_INVALIDO))?;
    let months = sales_report::report(&state.db, &supplier_id, year).await?;
    let mut total = Amounts::default();
    for m in &months {
        total.quantity += m.total.quantity;
        total.gross += m.total.gross;
        total.coupons += m.total.coupons;
        total.fees += m.total.fees;
        total.refunds += m.total.refunds;
    }
    Ok(SalesReport {
        year,
        months: months
            .iter()
            .map(|m| ReportMonth {
                month: m.month.clone(),
                rows: m
                    .rows
                    .iter()
                    .map(|r| ReportRow {
                        id: r.product_id.clone(),
                        title: r.title.clone(),
                        figures: (&r.amounts).into(),
                    })
                    .collect(),
                total: (&m.total).into(),
            })
            .collect(),
        total: (&total).into(),
    })
}

//! The rows `finalizar_pedido` reads: the bag's products, the supplier's settings and
//! coupons, the buyer's stored address and coordinates. Booleans are read as `0`/`1` (the
//! `Any` driver cannot decode SQLite's BOOLEAN).

use crate::domain::coupons::{COUPON_COLUMNS, CouponRow};
use crate::domain::options as opts;
use crate::{
    db::Db,
    error::{ApiError, ApiResult},
    messages::LOJA_INDISPONIVEL,
};
use serde_json::Value;
use std::collections::HashMap;
use wasm_core::{
    coupon::{Coupon, find_coupon},
    delivery::{DeliverySettings, DeliverySettingsRecord},
    options::{Listed, OptionError, PricedLine},
};

#[derive(Debug, sqlx::FromRow)]
pub(crate) struct ProductRow {
    pub(super) id: String,
    pub(super) supplier_id: String,
    pub(super) titulo: String,
    pub(super) icone: Option<String>,
    pub(super) preco_centavos: i64,
    pub(super) preco_promo_centavos: Option<i64>,
    pub(super) minimo_promo: Option<i64>,
    pub(super) minimo: Option<i64>,
    pub(super) estoque: Option<i64>,
    pub(super) opcoes: String,
    /// 1 when disabled (`status`).
    pub(super) desabilitado: i64,
    /// 1 when its lines may carry a note.
    pub(super) aceita_observacao: i64,
}

#[derive(Debug, sqlx::FromRow)]
pub(super) struct SupplierRow {
    pub(super) nomeforn: String,
    /// 1 when hidden by the supplier (`oculto`) or the admin (`invisivel`).
    pub(super) oculta: i64,
    /// 1 when purchases are closed.
    pub(super) compras_fechadas: i64,
    pub(super) pagamento_opcoes: String,
    pub(super) entrega_opcoes: String,
    pub(super) taxa_tipo: Option<String>,
    pub(super) taxa_entrega_centavos: Option<i64>,
    pub(super) taxa_por_km_centavos: Option<i64>,
    pub(super) entrega_latitude: Option<f64>,
    pub(super) entrega_longitude: Option<f64>,
    pub(super) pedido_minimo_entrega_centavos: Option<i64>,
    pub(super) pedido_minimo_retirada_centavos: Option<i64>,
    /// The maximum delivery distance in km (decisions.md §31).
    pub(super) distancia_maxima_km: Option<i64>,
}

#[derive(Debug, sqlx::FromRow)]
pub(super) struct BuyerRow {
    pub(super) nome: String,
    pub(super) telefone: Option<String>,
    pub(super) rua: Option<String>,
    pub(super) numero: Option<String>,
    pub(super) cidade: Option<String>,
    pub(super) complemento: Option<String>,
    pub(super) bairro: Option<String>,
    pub(super) cep: Option<String>,
    pub(super) latitude: Option<f64>,
    pub(super) longitude: Option<f64>,
}

impl ProductRow {
    /// Its line of `quantidade` units of option `chosen`, priced by wasm-core (decisions.md
    /// §39): the server's one place that prices an order line from a product row.
    pub(crate) fn priced_line(
        &self,
        chosen: Option<&str>,
        quantidade: u32,
    ) -> Result<PricedLine, OptionError> {
        let options = opts::parse(&self.opcoes);
        let listed = Listed {
            titulo: &self.titulo,
            terms: opts::terms(
                self.preco_centavos,
                self.preco_promo_centavos,
                self.minimo_promo,
                self.minimo,
                self.estoque,
            ),
            options: &options,
        };
        listed.priced_line(chosen, quantidade)
    }
}

/// The bag's products (`ids`: its lines' products), by id (one query).
pub(super) async fn load_products<'a>(
    db: &Db,
    ids: impl IntoIterator<Item = &'a str>,
) -> ApiResult<HashMap<String, ProductRow>> {
    let mut ids: Vec<&str> = ids.into_iter().collect();
    ids.sort_unstable();
    ids.dedup();
    let placeholders: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        "SELECT id, supplier_id, titulo, icone, preco_centavos, preco_promo_centavos, \
         minimo_promo, minimo, estoque, opcoes, \
         CAST(CASE WHEN desabilitado THEN 1 ELSE 0 END AS BIGINT) AS desabilitado, \
         CAST(CASE WHEN aceita_observacao THEN 1 ELSE 0 END AS BIGINT) AS aceita_observacao \
         FROM products WHERE id IN ({})",
        placeholders.join(", ")
    );
    // Only `$n` placeholders are interpolated; the ids are bound.
    let mut query = sqlx::query_as::<_, ProductRow>(sqlx::AssertSqlSafe(sql));
    for id in &ids {
        query = query.bind(*id);
    }
    let rows = query.fetch_all(db).await?;
    Ok(rows.into_iter().map(|p| (p.id.clone(), p)).collect())
}

pub(super) async fn load_supplier(db: &Db, supplier_id: &str) -> ApiResult<SupplierRow> {
    sqlx::query_as(
        "SELECT nomeforn, CAST(CASE WHEN oculto OR invisivel THEN 1 ELSE 0 END AS BIGINT) AS oculta, \
         CAST(CASE WHEN compras_fechadas THEN 1 ELSE 0 END AS BIGINT) AS compras_fechadas, \
         pagamento_opcoes, entrega_opcoes, \
         taxa_tipo, taxa_entrega_centavos, taxa_por_km_centavos, entrega_latitude, \
         entrega_longitude, pedido_minimo_entrega_centavos, pedido_minimo_retirada_centavos, \
         distancia_maxima_km FROM suppliers WHERE user_id = $1",
    )
    .bind(supplier_id)
    .fetch_optional(db)
    .await?
    .ok_or_else(|| ApiError::bad_request(LOJA_INDISPONIVEL))
}

/// The supplier's coupon with the code the buyer typed, with its version, or `Cupom não
/// encontrado!`.
pub(super) async fn load_coupon(
    db: &Db,
    supplier_id: &str,
    code: &str,
) -> ApiResult<(Coupon, i64)> {
    let rows: Vec<CouponRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COUPON_COLUMNS} FROM coupons c WHERE c.supplier_id = $1"
    )))
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    let coupons: Vec<(Coupon, i64)> = rows
        .iter()
        .filter_map(|r| Some((r.coupon()?, r.criado_em)))
        .collect();
    let plain: Vec<Coupon> = coupons.iter().map(|(c, _)| c.clone()).collect();
    let found = find_coupon(&plain, code).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let version = coupons
        .iter()
        .find(|(c, _)| c.code() == found.code())
        .map_or(0, |(_, v)| *v);
    Ok((found.clone(), version))
}

pub(super) fn delivery_settings(s: &SupplierRow) -> DeliverySettings {
    DeliverySettings::from(DeliverySettingsRecord {
        entrega: s.entrega_opcoes.clone(),
        taxa_tipo: s
            .taxa_tipo
            .as_deref()
            .and_then(|t| serde_json::from_value(Value::String(t.to_owned())).ok()),
        taxa_entrega_centavos: s.taxa_entrega_centavos,
        taxa_por_km_centavos: s.taxa_por_km_centavos,
        latitude: s.entrega_latitude,
        longitude: s.entrega_longitude,
        pedido_minimo_entrega_centavos: s.pedido_minimo_entrega_centavos,
        pedido_minimo_retirada_centavos: s.pedido_minimo_retirada_centavos,
        distancia_maxima_km: s.distancia_maxima_km,
    })
}

/// The buyer's name, phone and stored address.
pub(super) async fn load_buyer(db: &Db, user_id: &str) -> ApiResult<BuyerRow> {
    sqlx::query_as(
        "SELECT nome, telefone, rua, numero, cidade, complemento, bairro, cep, latitude, \
         longitude FROM users WHERE id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?
    .ok_or(ApiError::Unauthorized)
}

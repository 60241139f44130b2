//! The rows a checkout reads ([`super::checkout`]): the bag's products, the supplier's settings
//! and coupons, the buyer's stored address and coordinates — with the e-mails and the store's
//! phone, so that the order's notices and its answer are composed from them without reading the
//! order back. Booleans are read as `0`/`1` (the `Any` driver cannot decode SQLite's BOOLEAN).

use crate::domain::coupons::{COUPON_COLUMNS, CouponRow};
use crate::domain::error::{DomainError, DomainResult};
use crate::domain::options as opts;
use crate::{db::Db, messages::LOJA_INDISPONIVEL};
use serde_json::Value;
use std::collections::HashMap;
use wasm_core::{
    coupon::{Coupon, find_coupon},
    delivery::{DeliverySettings, DeliverySettingsRecord},
    options::{Listed, OptionError, PricedLine},
};

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct ProductRow {
    pub(crate) id: String,
    pub(crate) supplier_id: String,
    pub(crate) titulo: String,
    pub(crate) icone: Option<String>,
    pub(crate) preco_centavos: i64,
    pub(crate) preco_promo_centavos: Option<i64>,
    pub(crate) minimo_promo: Option<i64>,
    pub(crate) minimo: Option<i64>,
    pub(crate) estoque: Option<i64>,
    pub(crate) opcoes: String,
    /// 1 when disabled (`status`).
    pub(crate) desabilitado: i64,
    /// 1 when its lines may carry a note.
    pub(crate) aceita_observacao: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct SupplierRow {
    pub(crate) nomeforn: String,
    /// The store's e-mail ('Novo pedido') and phone (each line of the order shows it).
    pub(crate) email: String,
    pub(crate) telefone: String,
    /// 1 when hidden by the supplier (`oculto`) or the admin (`invisivel`).
    pub(crate) oculta: i64,
    /// 1 when purchases are closed.
    pub(crate) compras_fechadas: i64,
    pub(crate) pagamento_opcoes: String,
    pub(crate) entrega_opcoes: String,
    pub(crate) taxa_tipo: Option<String>,
    pub(crate) taxa_entrega_centavos: Option<i64>,
    pub(crate) taxa_por_km_centavos: Option<i64>,
    pub(crate) entrega_latitude: Option<f64>,
    pub(crate) entrega_longitude: Option<f64>,
    pub(crate) pedido_minimo_entrega_centavos: Option<i64>,
    pub(crate) pedido_minimo_retirada_centavos: Option<i64>,
    /// The maximum delivery distance in km (decisions.md §31).
    pub(crate) distancia_maxima_km: Option<i64>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct BuyerRow {
    pub(crate) nome: String,
    /// For 'Pedido recebido'.
    pub(crate) email: String,
    pub(crate) telefone: Option<String>,
    pub(crate) rua: Option<String>,
    pub(crate) numero: Option<String>,
    pub(crate) cidade: Option<String>,
    pub(crate) complemento: Option<String>,
    pub(crate) bairro: Option<String>,
    pub(crate) cep: Option<String>,
    pub(crate) latitude: Option<f64>,
    pub(crate) longitude: Option<f64>,
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
pub(crate) async fn load_products<'a>(
    db: &Db,
    ids: impl IntoIterator<Item = &'a str>,
) -> DomainResult<HashMap<String, ProductRow>> {
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

pub(crate) async fn load_supplier(db: &Db, supplier_id: &str) -> DomainResult<SupplierRow> {
    sqlx::query_as(
        "SELECT nomeforn, email, telefone, CAST(CASE WHEN oculto OR invisivel THEN 1 ELSE 0 END AS BIGINT) AS oculta, \
         CAST(CASE WHEN compras_fechadas THEN 1 ELSE 0 END AS BIGINT) AS compras_fechadas, \
         pagamento_opcoes, entrega_opcoes, \
         taxa_tipo, taxa_entrega_centavos, taxa_por_km_centavos, entrega_latitude, \
         entrega_longitude, pedido_minimo_entrega_centavos, pedido_minimo_retirada_centavos, \
         distancia_maxima_km FROM suppliers WHERE user_id = $1",
    )
    .bind(supplier_id)
    .fetch_optional(db)
    .await?
    .ok_or_else(|| DomainError::invalid(LOJA_INDISPONIVEL))
}

/// The supplier's coupon with the code the buyer typed, with its version, or `Cupom não
/// encontrado!`.
pub(crate) async fn load_coupon(
    db: &Db,
    supplier_id: &str,
    code: &str,
) -> DomainResult<(Coupon, i64)> {
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
    let found = find_coupon(&plain, code).map_err(|e| DomainError::invalid(e.to_string()))?;
    let version = coupons
        .iter()
        .find(|(c, _)| c.code() == found.code())
        .map_or(0, |(_, v)| *v);
    Ok((found.clone(), version))
}

pub(crate) fn delivery_settings(s: &SupplierRow) -> DeliverySettings {
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
pub(crate) async fn load_buyer(db: &Db, user_id: &str) -> DomainResult<BuyerRow> {
    sqlx::query_as(
        "SELECT nome, email, telefone, rua, numero, cidade, complemento, bairro, cep, latitude, \
         longitude FROM users WHERE id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?
    .ok_or(DomainError::Forbidden)
}

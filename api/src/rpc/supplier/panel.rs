//! `loading_forn_site` and the panel's JSON shapes (docs/rpc.md, "The supplier panel"): the
//! supplier's private `dadosforn` (the public one plus `cpf`, `email`, `oculto`, coupons, the
//! Pix key and the start address) and the panel product (with its real `status`).

use super::{FORNECEDOR_NAO_ENCONTRADO, deliveries, events, own_supplier};
use crate::{
    auth::AuthUser,
    db::Db,
    domain::ledger,
    error::{ApiError, ApiResult},
    messages::PRODUTO_NAO_ENCONTRADO,
    rpc::catalog,
    rpc::fields::reais,
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};

/// `loading_forn_site`: `usuario`, when sent, must be the session's user.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoadPanel {
    #[serde(default)]
    pub usuario: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
struct SupplierRow {
    user_id: String,
    nomeforn: String,
    descricaoforn: Option<String>,
    telefone: String,
    instagram: Option<String>,
    documento: String,
    email: String,
    iconeforn: Option<String>,
    fundoforn: Option<String>,
    url: Option<String>,
    paleta: i64,
    modelo: Option<String>,
    oculto: i64,
    invisivel: i64,
    compras: i64,
    local: i64,
    vendasforn: i64,
    pagamento_opcoes: String,
    pix_chave: Option<String>,
    entrega_opcoes: String,
    descricao_entrega: Option<String>,
    descricao_retirada: Option<String>,
    taxa_tipo: Option<String>,
    taxa_entrega_centavos: Option<i64>,
    taxa_por_km_centavos: Option<i64>,
    entrega_rua: Option<String>,
    entrega_numero: Option<String>,
    entrega_cidade: Option<String>,
    entrega_latitude: Option<f64>,
    entrega_longitude: Option<f64>,
    pedido_minimo_entrega_centavos: Option<i64>,
    pedido_minimo_retirada_centavos: Option<i64>,
}

/// A product as the panel reads it.
/// A product as the panel reads it: the catalogue's row and whether it is disabled.
#[derive(Debug, sqlx::FromRow)]
struct ProductRow {
    #[sqlx(flatten)]
    item: catalog::rows::ProductRow,
    desabilitado: i64,
}

const PRODUCT_SELECT: &str = "SELECT p.id, p.supplier_id, p.categoria, p.subcategoria, p.titulo, \
     p.descricao, p.icone, p.preco_centavos, p.preco_promo_centavos, p.minimo_promo, p.minimo, \
     p.estoque, p.opcoes, CAST(CASE WHEN p.desabilitado THEN 1 ELSE 0 END AS BIGINT) AS desabilitado, \
     p.vendas, p.criado_em, s.nomeforn, s.url AS urlforn \
     FROM products p JOIN suppliers s ON s.user_id = p.supplier_id ";

fn opt_reais(c: Option<i64>) -> Option<f64> {
    c.map(reais)
}

fn product_json(p: &ProductRow, photos: &[(String, String)]) -> Value {
    catalog::shapes::product_with_status(&p.item, photos, p.desabilitado != 0)
}

/// The supplier's products (newest first), disabled ones included.
pub async fn products(db: &Db, supplier_id: &str) -> ApiResult<Vec<Value>> {
    let rows: Vec<ProductRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{PRODUCT_SELECT} WHERE p.supplier_id = $1 ORDER BY p.criado_em DESC, p.id"
    )))
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    let photos: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT f.product_id, f.id, f.url FROM product_photos f \
         JOIN products p ON p.id = f.product_id WHERE p.supplier_id = $1 \
         ORDER BY f.criado_em, f.id",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .iter()
        .map(|p| {
            let mine: Vec<(String, String)> = photos
                .iter()
                .filter(|(pid, _, _)| *pid == p.item.id)
                .map(|(_, id, url)| (id.clone(), url.clone()))
                .collect();
            product_json(p, &mine)
        })
        .collect())
}

/// One product as the panel shows it.
pub async fn product(db: &Db, product_id: &str) -> ApiResult<Value> {
    let row: ProductRow = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{PRODUCT_SELECT} WHERE p.id = $1"
    )))
    .bind(product_id)
    .fetch_optional(db)
    .await?
    .ok_or_else(|| ApiError::NotFound(PRODUTO_NAO_ENCONTRADO.into()))?;
    let photos: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, url FROM product_photos WHERE product_id = $1 ORDER BY criado_em, id",
    )
    .bind(product_id)
    .fetch_all(db)
    .await?;
    Ok(product_json(&row, &photos))
}

/// The store categories as `{name: name}`.
pub async fn categories(db: &Db, supplier_id: &str) -> ApiResult<Value> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT nome FROM store_categories WHERE supplier_id = $1 ORDER BY nome",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    Ok(Value::Object(
        names
            .into_iter()
            .map(|n| (n.clone(), Value::String(n)))
            .collect(),
    ))
}

/// The coupons as `{code: {codigo, tipo, valor}}` (`valor` in percent or reais).
pub async fn coupons(db: &Db, supplier_id: &str) -> ApiResult<Value> {
    let rows: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT codigo, tipo, valor FROM coupons WHERE supplier_id = $1 ORDER BY codigo",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    Ok(Value::Object(
        rows.into_iter()
            .map(|(codigo, tipo, valor)| {
                let v = json!({ "codigo": codigo, "tipo": tipo, "valor": reais(valor) });
                (codigo, v)
            })
            .collect(),
    ))
}

/// The `delivery` object of `dadosforn.extensoes` (panel view: with the start address).
fn delivery_json(s: &SupplierRow) -> Value {
    json!({
        "entrega": s.entrega_opcoes,
        "taxaTipo": s.taxa_tipo,
        "taxaentrega": opt_reais(s.taxa_entrega_centavos),
        "taxaPorKm": opt_reais(s.taxa_por_km_centavos),
        "enderecoRua": s.entrega_rua,
        "enderecoNumero": s.entrega_numero,
        "enderecoCidade": s.entrega_cidade,
        "latitude": s.entrega_latitude,
        "longitude": s.entrega_longitude,
        "pedidominimoentrega": opt_reais(s.pedido_minimo_entrega_centavos),
        "pedidominimoretirada": opt_reais(s.pedido_minimo_retirada_centavos),
        "descricaoentrega": s.descricao_entrega,
        "descricaoretirada": s.descricao_retirada,
    })
}

async fn supplier_row(db: &Db, supplier_id: &str) -> ApiResult<SupplierRow> {
    sqlx::query_as(
        "SELECT user_id, nomeforn, descricaoforn, telefone, instagram, documento, email, \
         iconeforn, fundoforn, url, paleta, modelo, \
         CAST(CASE WHEN oculto THEN 1 ELSE 0 END AS BIGINT) AS oculto, \
         CAST(CASE WHEN invisivel THEN 1 ELSE 0 END AS BIGINT) AS invisivel, \
         CAST(CASE WHEN compras_fechadas THEN 1 ELSE 0 END AS BIGINT) AS compras, \
         local, vendasforn, pagamento_opcoes, pix_chave, entrega_opcoes, descricao_entrega, \
         descricao_retirada, taxa_tipo, taxa_entrega_centavos, taxa_por_km_centavos, \
         entrega_rua, entrega_numero, entrega_cidade, entrega_latitude, entrega_longitude, \
         pedido_minimo_entrega_centavos, pedido_minimo_retirada_centavos \
         FROM suppliers WHERE user_id = $1",
    )
    .bind(supplier_id)
    .fetch_optional(db)
    .await?
    .ok_or_else(|| ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()))
}

/// The delivery settings as `dadosforn.extensoes.delivery`.
pub async fn delivery(db: &Db, supplier_id: &str) -> ApiResult<Value> {
    Ok(delivery_json(&supplier_row(db, supplier_id).await?))
}

/// The private `dadosforn` of the panel.
pub async fn dadosforn(db: &Db, supplier_id: &str) -> ApiResult<Value> {
    let s = supplier_row(db, supplier_id).await?;
    let places: Vec<String> = sqlx::query_scalar(
        "SELECT place FROM supplier_places WHERE supplier_id = $1 ORDER BY place",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    // supplier-panel.md §3: `rua`, `numero`, `cidade` are the supplier's own address (the
    // user's, as the address wizard saved it).
    let (rua, numero, cidade): (Option<String>, Option<String>, Option<String>) =
        sqlx::query_as("SELECT rua, numero, cidade FROM users WHERE id = $1")
            .bind(supplier_id)
            .fetch_optional(db)
            .await?
            .unwrap_or_default();
    let cpf = wasm_core::document::TaxId::parse(&s.documento)
        .map_or_else(|_| s.documento.clone(), |t| t.formatted());
    Ok(json!({
        "usuario": s.user_id,
        "nomeforn": s.nomeforn,
        "descricaoforn": s.descricaoforn,
        "telefone": s.telefone,
        "instagram": s.instagram,
        "cpf": cpf,
        "email": s.email,
        "iconeforn": s.iconeforn,
        "fundoforn": s.fundoforn,
        "url": s.url,
        "paleta": s.paleta,
        "oculto": s.oculto != 0,
        "invisivel": s.invisivel != 0,
        "compras": s.compras != 0,
        "local": s.local,
        "cidades": if s.local == 1 { json!(["ALL"]) } else { json!(places) },
        "vendasforn": s.vendasforn,
        "rua": rua,
        "numero": numero,
        "cidade": cidade,
        "extensoes": {
            "pagamentos": { "opcoes": s.pagamento_opcoes, "pix": s.pix_chave },
            "delivery": delivery_json(&s),
            "categorias": categories(db, supplier_id).await?,
            "cupons": coupons(db, supplier_id).await?,
            "site": { "url": s.url, "paleta": s.paleta, "modelo": s.modelo },
        },
    }))
}

/// `loading_forn_site`: `{infos: dadosforn + produtos, pendentes, saldo, anos}`.
pub async fn load(state: &AppState, user: AuthUser, req: LoadPanel) -> ApiResult<Value> {
    if req
        .usuario
        .as_deref()
        .is_some_and(|u| !u.is_empty() && u != user.id)
    {
        return Err(ApiError::Forbidden);
    }
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let mut infos = dadosforn(db, &supplier_id).await?;
    infos["produtos"] = Value::Array(products(db, &supplier_id).await?);
    infos["pendentes"] = json!(events::pending_count(db, &supplier_id).await?);
    infos["saldo"] = json!(reais(ledger::balance(db, &supplier_id).await?));
    infos["anos"] = json!(deliveries::years(db, &supplier_id).await?);
    Ok(json!({ "infos": infos }))
}

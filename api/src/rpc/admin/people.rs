//! Suppliers and customers as the administrator sees them, the admin's visibility flag, and a
//! supplier's storefront as the admin sees it (the catalogue's own code).
//!
//! Hiding sets `suppliers.invisivel`; every public query of the catalogue already requires it to
//! be false (decisions.md §11), so the supplier and its products leave every listing at once.

use crate::{
    auth::Admin,
    error::{ApiError, ApiResult},
    messages::FORNECEDOR_NAO_ENCONTRADO,
    rpc::catalog,
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};

/// `invisivel`: `userforn` is the supplier's user id; `invisivel: true` hides it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SetVisibility {
    pub userforn: String,
    pub invisivel: bool,
}

/// `start_site_admin`: the store URL, or the supplier's user id (the panel links
/// `/admin/{usuario}`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AdminStorefront {
    pub urlforn: String,
}

/// A supplier in the admin's list.
#[derive(Debug, sqlx::FromRow)]
struct SupplierRow {
    user_id: String,
    nomeforn: String,
    email: String,
    telefone: String,
    documento: String,
    iconeforn: Option<String>,
    fundoforn: Option<String>,
    url: Option<String>,
    vendasforn: i64,
    oculto: i64,
    invisivel: i64,
}

/// `loading_admin`: every supplier, hidden or not, by name.
pub async fn suppliers(state: &AppState, _admin: Admin) -> ApiResult<Value> {
    let rows: Vec<SupplierRow> = sqlx::query_as(
        "SELECT user_id, nomeforn, email, telefone, documento, iconeforn, fundoforn, url, \
         vendasforn, CAST(CASE WHEN oculto THEN 1 ELSE 0 END AS BIGINT) AS oculto, \
         CAST(CASE WHEN invisivel THEN 1 ELSE 0 END AS BIGINT) AS invisivel \
         FROM suppliers ORDER BY nomeforn, user_id",
    )
    .fetch_all(&state.db)
    .await?;
    let fornecedores: Vec<Value> = rows
        .into_iter()
        .map(|s| {
            json!({
                "usuario": s.user_id,
                "nomeforn": s.nomeforn,
                "email": s.email,
                "telefone": s.telefone,
                "cpf": s.documento,
                "iconeforn": s.iconeforn,
                "fundoforn": s.fundoforn,
                "url": s.url,
                "vendasforn": s.vendasforn,
                "oculto": s.oculto != 0,
                "invisivel": s.invisivel != 0,
            })
        })
        .collect();
    Ok(json!({ "fornecedores": fornecedores }))
}

/// `invisivel`: sets the admin's visibility flag of supplier `userforn`.
pub async fn set_visibility(
    state: &AppState,
    _admin: Admin,
    req: SetVisibility,
) -> ApiResult<Value> {
    let changed = sqlx::query("UPDATE suppliers SET invisivel = $1 WHERE user_id = $2")
        .bind(req.invisivel)
        .bind(req.userforn.trim())
        .execute(&state.db)
        .await?
        .rows_affected();
    if changed == 0 {
        return Err(ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()));
    }
    tracing::info!(supplier = %req.userforn.trim(), invisivel = req.invisivel, "admin visibility");
    Ok(json!({ "invisivel": req.invisivel }))
}

/// A customer in the admin's list.
#[derive(Debug, sqlx::FromRow)]
struct CustomerRow {
    id: String,
    nome: String,
    email: String,
    telefone: Option<String>,
    cidade: Option<String>,
    rua: Option<String>,
    numero: Option<String>,
    complemento: Option<String>,
}

/// `pegar_clientes`: every user without a store, except the administrator, by name.
pub async fn customers(state: &AppState, _admin: Admin) -> ApiResult<Value> {
    let admin = state.config.admin_email.clone().unwrap_or_default();
    let rows: Vec<CustomerRow> = sqlx::query_as(
        "SELECT u.id, u.nome, u.email, u.telefone, u.cidade, u.rua, u.numero, u.complemento \
         FROM users u WHERE NOT EXISTS (SELECT 1 FROM suppliers s WHERE s.user_id = u.id) \
         AND LOWER(u.email) <> $1 ORDER BY u.nome, u.id",
    )
    .bind(admin.to_lowercase())
    .fetch_all(&state.db)
    .await?;
    let clientes: Vec<Value> = rows
        .into_iter()
        .map(|c| {
            json!({
                "usuario": c.id,
                "nome": c.nome,
                "email": c.email,
                "telefone": c.telefone,
                "cidade": c.cidade,
                "rua": c.rua,
                "numero": c.numero,
                "complemento": c.complemento,
            })
        })
        .collect();
    Ok(json!({ "clientes": clientes }))
}

/// `start_site_admin`: the public storefront's answer, for any supplier, hidden ones included.
pub async fn storefront(state: &AppState, _admin: Admin, req: AdminStorefront) -> ApiResult<Value> {
    catalog::stores::admin_storefront(state, &req.urlforn).await
}

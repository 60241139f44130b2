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
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `invisivel`: `userforn` is the supplier's user id; `invisivel: true` hides it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetVisibility {
    /// The supplier's user id.
    #[serde(rename = "userforn")]
    pub supplier: String,
    /// `true` hides the supplier and its products from every public listing.
    #[serde(rename = "invisivel")]
    pub hidden: bool,
}

/// `start_site_admin`: the store URL, or the supplier's user id (the panel links
/// `/admin/{usuario}`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminStorefront {
    /// The store URL, or the supplier's user id.
    #[serde(rename = "urlforn")]
    pub key: String,
}

/// A supplier in the admin's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminSupplier {
    /// The supplier's user id.
    #[serde(rename = "usuario")]
    pub user: String,
    #[serde(rename = "nomeforn")]
    pub name: String,
    pub email: String,
    #[serde(rename = "telefone")]
    pub phone: String,
    /// The CPF or CNPJ.
    #[serde(rename = "cpf")]
    pub document: String,
    #[serde(rename = "iconeforn")]
    pub icon: Option<String>,
    #[serde(rename = "fundoforn")]
    pub background: Option<String>,
    /// The online store's URL, when it has one.
    pub url: Option<String>,
    /// Sales delivered.
    #[serde(rename = "vendasforn")]
    pub sales: i64,
    /// Hidden by the supplier.
    #[serde(rename = "oculto")]
    pub hidden: bool,
    /// Hidden by the administrator.
    #[serde(rename = "invisivel")]
    pub hidden_by_admin: bool,
}

/// `loading_admin`'s answer: every supplier, hidden or not, by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminSuppliers {
    #[serde(rename = "fornecedores")]
    pub suppliers: Vec<AdminSupplier>,
}

/// `invisivel`'s answer: the flag as saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisibilitySet {
    /// `true`: hidden by the administrator.
    #[serde(rename = "invisivel")]
    pub hidden: bool,
}

/// A customer (a user without a store) in the admin's list; the address as they saved it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Customer {
    /// The user's id.
    #[serde(rename = "usuario")]
    pub user: String,
    #[serde(rename = "nome")]
    pub name: String,
    pub email: String,
    #[serde(rename = "telefone")]
    pub phone: Option<String>,
    /// `City, UF`.
    #[serde(rename = "cidade")]
    pub city: Option<String>,
    #[serde(rename = "rua")]
    pub street: Option<String>,
    #[serde(rename = "numero")]
    pub number: Option<String>,
    #[serde(rename = "complemento")]
    pub complement: Option<String>,
}

/// `pegar_clientes`'s answer: every customer, by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct Customers {
    #[serde(rename = "clientes")]
    pub customers: Vec<Customer>,
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
pub async fn suppliers(state: &AppState, _admin: Admin) -> ApiResult<AdminSuppliers> {
    let rows: Vec<SupplierRow> = sqlx::query_as(
        "SELECT user_id, nomeforn, email, telefone, documento, iconeforn, fundoforn, url, \
         vendasforn, CAST(CASE WHEN oculto THEN 1 ELSE 0 END AS BIGINT) AS oculto, \
         CAST(CASE WHEN invisivel THEN 1 ELSE 0 END AS BIGINT) AS invisivel \
         FROM suppliers ORDER BY nomeforn, user_id",
    )
    .fetch_all(&state.db)
    .await?;
    let suppliers = rows
        .into_iter()
        .map(|s| AdminSupplier {
            user: s.user_id,
            name: s.nomeforn,
            email: s.email,
            phone: s.telefone,
            document: s.documento,
            icon: s.iconeforn,
            background: s.fundoforn,
            url: s.url,
            sales: s.vendasforn,
            hidden: s.oculto != 0,
            hidden_by_admin: s.invisivel != 0,
        })
        .collect();
    Ok(AdminSuppliers { suppliers })
}

/// `invisivel`: sets the admin's visibility flag of supplier `userforn`.
pub async fn set_visibility(
    state: &AppState,
    _admin: Admin,
    req: SetVisibility,
) -> ApiResult<VisibilitySet> {
    let changed = sqlx::query("UPDATE suppliers SET invisivel = $1 WHERE user_id = $2")
        .bind(req.hidden)
        .bind(req.supplier.trim())
        .execute(&state.db)
        .await?
        .rows_affected();
    if changed == 0 {
        return Err(ApiError::NotFound(FORNECEDOR_NAO_ENCONTRADO.into()));
    }
    tracing::info!(supplier = %req.supplier.trim(), invisivel = req.hidden, "admin visibility");
    Ok(VisibilitySet { hidden: req.hidden })
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
pub async fn customers(state: &AppState, _admin: Admin) -> ApiResult<Customers> {
    let admin = state.config.admin_email.clone().unwrap_or_default();
    let rows: Vec<CustomerRow> = sqlx::query_as(
        "SELECT u.id, u.nome, u.email, u.telefone, u.cidade, u.rua, u.numero, u.complemento \
         FROM users u WHERE NOT EXISTS (SELECT 1 FROM suppliers s WHERE s.user_id = u.id) \
         AND LOWER(u.email) <> $1 ORDER BY u.nome, u.id",
    )
    .bind(admin.to_lowercase())
    .fetch_all(&state.db)
    .await?;
    let customers = rows
        .into_iter()
        .map(|c| Customer {
            user: c.id,
            name: c.nome,
            email: c.email,
            phone: c.telefone,
            city: c.cidade,
            street: c.rua,
            number: c.numero,
            complement: c.complemento,
        })
        .collect();
    Ok(Customers { customers })
}

/// `start_site_admin`: the public storefront's answer, for any supplier, hidden ones included.
pub async fn storefront(
    state: &AppState,
    _admin: Admin,
    req: AdminStorefront,
) -> ApiResult<catalog::answers::AdminStorefrontView> {
    catalog::stores::admin_storefront(state, &req.key).await
}

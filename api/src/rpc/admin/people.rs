//! Suppliers and customers as the administrator sees them, the admin's visibility flag, and a
//! supplier's storefront as the admin sees it (the catalogue's own code).
//!
//! Hiding sets `suppliers.invisivel`; every public query of the catalogue already requires it to
//! be false (decisions.md §11), so the supplier and its products leave every listing at once.
//! It takes a reason, e-mailed to the store and shown in its panel
//! ([`crate::domain::moderation`]); the spec's client sends none, and then the reason is
//! 'Motivo não informado' (decisions.md §41).

use crate::{
    auth::Admin,
    db::now_ms,
    domain::moderation,
    error::ApiResult,
    rpc::{
        catalog,
        paging::{self, PageAsk},
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The reason recorded when the admin hides a store without giving one (decisions.md §41).
pub const MOTIVO_NAO_INFORMADO: &str = "Motivo não informado";

/// `invisivel`: `userforn` is the supplier's user id; `invisivel: true` hides it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetVisibility {
    /// The supplier's user id.
    #[serde(rename = "userforn")]
    pub supplier: String,
    /// `true` hides the supplier and its products from every public listing.
    #[serde(rename = "invisivel")]
    pub hidden: bool,
    /// Why (e-mailed to the store, shown in its panel); at most 500 characters. Hiding without
    /// one records 'Motivo não informado' (decisions.md §41).
    #[serde(default)]
    pub motivo: Option<String>,
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
    /// The CPF or CNPJ, formatted (`123.456.789-09`, `12.345.678/0001-95`).
    #[serde(rename = "cpf")]
    pub document: String,
    /// Where the store is: its pickup city, else its owner's (`City, UF`).
    #[serde(rename = "cidade")]
    pub city: Option<String>,
    /// Why the admin hid it, while hidden.
    #[serde(rename = "motivo_invisivel")]
    pub hidden_reason: Option<String>,
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

/// `loading_admin`'s answer: a page of the suppliers, hidden or not, by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminSuppliers {
    #[serde(rename = "fornecedores")]
    pub suppliers: Vec<AdminSupplier>,
    /// How many suppliers there are in all (every page).
    pub total: i64,
    /// The next page's cursor (send it as `cursor`); absent on the last page.
    #[serde(rename = "proximo", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next: Option<String>,
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

/// `pegar_clientes`'s answer: a page of the customers, by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct Customers {
    #[serde(rename = "clientes")]
    pub customers: Vec<Customer>,
    /// How many customers there are in all (every page).
    pub total: i64,
    /// The next page's cursor (send it as `cursor`); absent on the last page.
    #[serde(rename = "proximo", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next: Option<String>,
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
    cidade: Option<String>,
    invisivel_motivo: Option<String>,
}

/// `loading_admin`: a page of the suppliers, hidden or not, by name (deleted accounts' stores
/// left out); the first without `cursor`.
pub async fn suppliers(state: &AppState, _admin: Admin, ask: PageAsk) -> ApiResult<AdminSuppliers> {
    let after = ask.after(paging::first_name())?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM suppliers s JOIN users u ON u.id = s.user_id \
         WHERE u.excluido_em IS NULL",
    )
    .fetch_one(&state.db)
    .await?;
    let mut rows: Vec<SupplierRow> = sqlx::query_as(
        "SELECT s.user_id, s.nomeforn, s.email, s.telefone, s.documento, s.iconeforn, \
         s.fundoforn, s.url, s.vendasforn, \
         CAST(CASE WHEN s.oculto THEN 1 ELSE 0 END AS BIGINT) AS oculto, \
         CAST(CASE WHEN s.invisivel THEN 1 ELSE 0 END AS BIGINT) AS invisivel, \
         COALESCE(s.entrega_cidade, u.cidade) AS cidade, s.invisivel_motivo \
         FROM suppliers s JOIN users u ON u.id = s.user_id WHERE u.excluido_em IS NULL \
         AND (s.nomeforn, s.user_id) > ($1, $2) ORDER BY s.nomeforn, s.user_id LIMIT $3",
    )
    .bind(&after.0)
    .bind(&after.1)
    .bind(paging::fetch(ask.size()))
    .fetch_all(&state.db)
    .await?;
    let next = paging::trim(&mut rows, ask.size(), |s| {
        paging::encode(&s.nomeforn, &s.user_id)
    });
    let suppliers = rows
        .into_iter()
        .map(|s| AdminSupplier {
            user: s.user_id,
            name: s.nomeforn,
            email: s.email,
            phone: s.telefone,
            document: wasm_core::document::TaxId::parse(&s.documento)
                .map_or_else(|_| s.documento.clone(), |t| t.formatted()),
            city: s.cidade,
            hidden_reason: s.invisivel_motivo,
            icon: s.iconeforn,
            background: s.fundoforn,
            url: s.url,
            sales: s.vendasforn,
            hidden: s.oculto != 0,
            hidden_by_admin: s.invisivel != 0,
        })
        .collect();
    Ok(AdminSuppliers {
        suppliers,
        total,
        next,
    })
}

/// `invisivel`: sets the admin's visibility flag of supplier `userforn`; hiding takes a reason,
/// e-mailed to the store with the change: [`MOTIVO_NAO_INFORMADO`] when none is sent
/// (decisions.md §41; the webapp always asks for one).
pub async fn set_visibility(
    state: &AppState,
    _admin: Admin,
    req: SetVisibility,
) -> ApiResult<VisibilitySet> {
    let motivo = match req.motivo.as_deref().map(str::trim) {
        // The spec's admin client sends no reason (decisions.md §41).
        None | Some("") if req.hidden => MOTIVO_NAO_INFORMADO.to_owned(),
        given => super::moderation::reason(req.hidden, given)?,
    };
    let supplier = req.supplier.trim();
    moderation::set_store_hidden(&state.db, supplier, req.hidden, &motivo, now_ms()).await?;
    tracing::info!(supplier, invisivel = req.hidden, "admin visibility");
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

/// `pegar_clientes`: a page of the users without a store, except the administrator, by name;
/// the first without `cursor`.
pub async fn customers(state: &AppState, _admin: Admin, ask: PageAsk) -> ApiResult<Customers> {
    let admin = state
        .config
        .security
        .admin_email
        .clone()
        .unwrap_or_default();
    let after = ask.after(paging::first_name())?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM users u \
         WHERE NOT EXISTS (SELECT 1 FROM suppliers s WHERE s.user_id = u.id) \
         AND LOWER(u.email) <> $1 AND u.excluido_em IS NULL",
    )
    .bind(admin.to_lowercase())
    .fetch_one(&state.db)
    .await?;
    let mut rows: Vec<CustomerRow> = sqlx::query_as(
        "SELECT u.id, u.nome, u.email, u.telefone, u.cidade, u.rua, u.numero, u.complemento \
         FROM users u WHERE NOT EXISTS (SELECT 1 FROM suppliers s WHERE s.user_id = u.id) \
         AND LOWER(u.email) <> $1 AND u.excluido_em IS NULL \
         AND (u.nome, u.id) > ($2, $3) ORDER BY u.nome, u.id LIMIT $4",
    )
    .bind(admin.to_lowercase())
    .bind(&after.0)
    .bind(&after.1)
    .bind(paging::fetch(ask.size()))
    .fetch_all(&state.db)
    .await?;
    let next = paging::trim(&mut rows, ask.size(), |c| paging::encode(&c.nome, &c.id));
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
    Ok(Customers {
        customers,
        total,
        next,
    })
}

/// `start_site_admin`: the public storefront's answer, for any supplier, hidden ones included.
pub async fn storefront(
    state: &AppState,
    _admin: Admin,
    req: AdminStorefront,
) -> ApiResult<catalog::answers::AdminStorefrontView> {
    catalog::stores::admin_storefront(state, &req.key).await
}

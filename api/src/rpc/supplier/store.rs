//! Store categories (`adicionar_categoria`, `remover_categoria`) and discount coupons
//! (`adicionar_cupom`, `excluir_cupom`), with wasm-core's rules and messages (`forms::
//! category_name`, `coupon::Coupon::create`). Categories and coupons are named per supplier:
//! a name only another supplier has is 403, one nobody has is 404.

use super::{bad, own_supplier, panel};
use crate::{
    auth::AuthUser,
    db::{Db, now_ms},
    error::{ApiError, ApiResult},
    rpc::fields::text,
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_core::{
    coupon::{Coupon, CouponCode, CouponError, CouponKind},
    forms::category_name,
    messages::CUPOM_NAO_ENCONTRADO,
};

/// *Gap:* a second category with the same name.
pub const CATEGORIA_DUPLICADA: &str = "Já existe uma categoria com este nome.";
pub const CATEGORIA_NAO_ENCONTRADA: &str = "Categoria não encontrada.";

/// `adicionar_categoria` (`categoriatext`) and `remover_categoria` (`item`: the name).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CategoryAction {
    #[serde(default)]
    pub categoriatext: Option<String>,
    #[serde(default)]
    pub item: Option<Value>,
}

/// `adicionar_cupom`: `form {codigo, valor, tipo}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AddCoupon {
    pub form: Value,
}

/// `excluir_cupom`: `codigocupom`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RemoveCoupon {
    pub codigocupom: String,
}

/// What a supplier names by its name: a store category or a coupon.
#[derive(Debug, Clone, Copy)]
enum Named {
    Category,
    Coupon,
}

impl Named {
    /// The suppliers that have one by the name `$1`.
    fn owners_sql(self) -> &'static str {
        match self {
            Self::Category => "SELECT supplier_id FROM store_categories WHERE nome = $1",
            Self::Coupon => "SELECT supplier_id FROM coupons WHERE codigo = $1",
        }
    }

    fn not_found(self) -> ApiError {
        ApiError::NotFound(
            match self {
                Self::Category => CATEGORIA_NAO_ENCONTRADA,
                Self::Coupon => CUPOM_NAO_ENCONTRADO,
            }
            .into(),
        )
    }
}

/// Whether `supplier_id` has the `named` thing called `name`: 404 nobody has one, 403 only
/// another supplier.
async fn owner_check(db: &Db, named: Named, supplier_id: &str, name: &str) -> ApiResult<()> {
    let owners: Vec<String> = sqlx::query_scalar(named.owners_sql())
        .bind(name)
        .fetch_all(db)
        .await?;
    if owners.iter().any(|o| o == supplier_id) {
        Ok(())
    } else if owners.is_empty() {
        Err(named.not_found())
    } else {
        Err(ApiError::Forbidden)
    }
}

/// The store category `name` of `supplier_id` (403 / 404 otherwise).
pub async fn owned_category(db: &Db, supplier_id: &str, name: &str) -> ApiResult<String> {
    let name = name.trim();
    owner_check(db, Named::Category, supplier_id, name).await?;
    Ok(name.to_owned())
}

/// `adicionar_categoria`: answers `{categorias}`.
pub async fn add_category(
    state: &AppState,
    user: AuthUser,
    req: CategoryAction,
) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let nome = category_name(req.categoriatext.as_deref().unwrap_or_default()).map_err(bad)?;
    let inserted = sqlx::query(
        "INSERT INTO store_categories (supplier_id, nome) VALUES ($1, $2) \
         ON CONFLICT (supplier_id, nome) DO NOTHING",
    )
    .bind(&supplier_id)
    .bind(&nome)
    .execute(db)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(ApiError::Conflict(CATEGORIA_DUPLICADA.into()));
    }
    Ok(json!({ "categorias": panel::categories(db, &supplier_id).await? }))
}

/// `remover_categoria`: its products lose it. Answers `{categorias}`.
pub async fn remove_category(
    state: &AppState,
    user: AuthUser,
    req: CategoryAction,
) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let name = match &req.item {
        Some(Value::Object(o)) => text(o.get("nome").or_else(|| o.get("id"))),
        other => text(other.as_ref()),
    };
    let nome = owned_category(db, &supplier_id, &name).await?;
    sqlx::query(
        "UPDATE products SET subcategoria = NULL WHERE supplier_id = $1 AND subcategoria = $2",
    )
    .bind(&supplier_id)
    .bind(&nome)
    .execute(db)
    .await?;
    sqlx::query("DELETE FROM store_categories WHERE supplier_id = $1 AND nome = $2")
        .bind(&supplier_id)
        .bind(&nome)
        .execute(db)
        .await?;
    Ok(json!({ "categorias": panel::categories(db, &supplier_id).await? }))
}

/// `adicionar_cupom`: answers `{cupons}`.
pub async fn add_coupon(state: &AppState, user: AuthUser, req: AddCoupon) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let form = &req.form;
    let existing: Vec<String> =
        sqlx::query_scalar("SELECT codigo FROM coupons WHERE supplier_id = $1")
            .bind(&supplier_id)
            .fetch_all(db)
            .await?;
    // The code's rules first (the spec's order), then the type, then the value.
    let code = text(form.get("codigo"));
    CouponCode::parse(&code).map_err(bad)?;
    let kind = CouponKind::parse(&text(form.get("tipo"))).map_err(bad)?;
    let coupon = Coupon::create(
        &code,
        kind,
        &text(form.get("valor")),
        existing.iter().map(String::as_str),
    )
    .map_err(|e| match e {
        CouponError::Duplicate => ApiError::Conflict(e.to_string()),
        other => bad(other),
    })?;
    let record = wasm_core::coupon::CouponRecord::from(coupon);
    let inserted = sqlx::query(
        "INSERT INTO coupons (supplier_id, codigo, tipo, valor, criado_em) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (supplier_id, codigo) DO NOTHING",
    )
    .bind(&supplier_id)
    .bind(&record.codigo)
    .bind(record.tipo.as_str())
    .bind(record.valor)
    .bind(now_ms())
    .execute(db)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(ApiError::Conflict(CouponError::Duplicate.to_string()));
    }
    Ok(json!({ "cupons": panel::coupons(db, &supplier_id).await? }))
}

/// `excluir_cupom`: answers `{cupons}`.
pub async fn remove_coupon(
    state: &AppState,
    user: AuthUser,
    req: RemoveCoupon,
) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let code = CouponCode::parse(&req.codigocupom).map_err(|_| Named::Coupon.not_found())?;
    owner_check(db, Named::Coupon, &supplier_id, code.as_str()).await?;
    sqlx::query("DELETE FROM coupons WHERE supplier_id = $1 AND codigo = $2")
        .bind(&supplier_id)
        .bind(code.as_str())
        .execute(db)
        .await?;
    Ok(json!({ "cupons": panel::coupons(db, &supplier_id).await? }))
}

//! Store categories (`adicionar_categoria`, `remover_categoria`) and discount coupons
//! (`adicionar_cupom`, `excluir_cupom`), with wasm-core's rules and messages (`forms::
//! category_name`, `coupon::Coupon::create`, and a coupon's optional rules,
//! `coupon::CouponRules::from_form`, decisions.md §32). Categories and coupons are named per supplier:
//! a name the supplier does not have is 404, whether another supplier has it or nobody does, so
//! the answer never reveals another store's coupon codes or category names.

use super::{bad, own_supplier, panel};
use crate::{
    auth::AuthUser,
    db::{Db, now_ms},
    error::{ApiError, ApiResult},
    rpc::{
        fields::Text,
        shapes::{Categories, Coupons},
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::{
    coupon::{Coupon, CouponCode, CouponError, CouponKind, CouponRules, RulesForm},
    forms::category_name,
    messages::CUPOM_NAO_ENCONTRADO,
};

/// *Gap:* a second category with the same name.
pub const CATEGORIA_DUPLICADA: &str = "Já existe uma categoria com este nome.";
pub const CATEGORIA_NAO_ENCONTRADA: &str = "Categoria não encontrada.";

/// `adicionar_categoria`: the new category's name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddCategory {
    #[serde(rename = "categoriatext", default)]
    pub name: Option<String>,
}

/// `remover_categoria`: the category in `item`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveCategory {
    #[serde(default)]
    #[schema(nullable = false)]
    pub item: Option<CategoryRef>,
}

/// A store category: its name, or an object carrying it as `nome` (or `id`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum CategoryRef {
    Object {
        #[serde(rename = "nome", default)]
        name: Option<Text>,
        #[serde(default)]
        id: Option<Text>,
    },
    Name(Text),
}

impl CategoryRef {
    fn name(&self) -> &str {
        match self {
            Self::Object { name, id } => name.as_ref().or(id.as_ref()).map_or("", Text::as_str),
            Self::Name(t) => t.as_str(),
        }
    }
}

/// `adicionar_cupom`: `form {codigo, valor, tipo}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddCoupon {
    pub form: CouponForm,
}

/// The coupon form, as typed, with its optional rules (decisions.md §32).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CouponForm {
    /// The code (stored upper-cased).
    #[serde(rename = "codigo")]
    pub code: Text,
    /// `%` or `R$`.
    #[serde(rename = "tipo")]
    pub kind: Text,
    /// The percentage or the reais (`10`, `12,5`).
    #[serde(rename = "valor")]
    pub value: Text,
    /// The first day it is valid (`AAAA-MM-DD` or `DD/MM/AAAA`; empty: from now on).
    pub validade_inicio: Text,
    /// The last day it is valid (empty: no end).
    pub validade_fim: Text,
    /// How many orders may use it, in all (empty: no limit).
    pub limite_usos: Text,
    /// Each buyer may use it once.
    pub um_por_cliente: bool,
    /// The smallest products total it applies to, in reais (`50`, `50,00`; empty: none).
    pub pedido_minimo: Text,
    /// 'Vale para todas as entregas da assinatura': a recurring basket subscribed with it gets
    /// it on every delivery, not only the first (decisions.md §35).
    pub todas_entregas: bool,
}

/// A coupon for every delivery of a basket is used once per delivery: with one use per buyer
/// it could never reach the second.
pub const TODAS_ENTREGAS_UM_POR_CLIENTE: &str = "Um cupom que vale para todas as entregas da \
     assinatura não pode ter um uso por cliente.";

/// `excluir_cupom`: `codigocupom`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveCoupon {
    #[serde(rename = "codigocupom")]
    pub code: String,
}

/// The store's categories, after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoriesAnswer {
    #[serde(rename = "categorias")]
    pub categories: Categories,
}

/// The store's coupons, after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponsAnswer {
    #[serde(rename = "cupons")]
    pub coupons: Coupons,
}

/// What a supplier names by its name: a store category or a coupon.
#[derive(Debug, Clone, Copy)]
enum Named {
    Category,
    Coupon,
}

impl Named {
    /// Whether supplier `$1` has one by the name `$2`.
    fn own_sql(self) -> &'static str {
        match self {
            Self::Category => {
                "SELECT COUNT(*) FROM store_categories WHERE supplier_id = $1 AND nome = $2"
            }
            Self::Coupon => "SELECT COUNT(*) FROM coupons WHERE supplier_id = $1 AND codigo = $2",
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

/// Whether `supplier_id` has the `named` thing called `name`; else 404, the same answer whether
/// another supplier has one by that name or nobody does (only the caller's own are looked at).
async fn owner_check(db: &Db, named: Named, supplier_id: &str, name: &str) -> ApiResult<()> {
    let count: i64 = sqlx::query_scalar(named.own_sql())
        .bind(supplier_id)
        .bind(name)
        .fetch_one(db)
        .await?;
    if count > 0 {
        Ok(())
    } else {
        Err(named.not_found())
    }
}

/// The store category `name` of `supplier_id` (404 otherwise).
pub async fn owned_category(db: &Db, supplier_id: &str, name: &str) -> ApiResult<String> {
    let name = name.trim();
    owner_check(db, Named::Category, supplier_id, name).await?;
    Ok(name.to_owned())
}

/// `adicionar_categoria`: answers `{categorias}`.
pub async fn add_category(
    state: &AppState,
    user: AuthUser,
    req: AddCategory,
) -> ApiResult<CategoriesAnswer> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let nome = category_name(req.name.as_deref().unwrap_or_default()).map_err(bad)?;
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
    Ok(CategoriesAnswer {
        categories: panel::categories(db, &supplier_id).await?,
    })
}

/// `remover_categoria`: its products lose it. Answers `{categorias}`.
pub async fn remove_category(
    state: &AppState,
    user: AuthUser,
    req: RemoveCategory,
) -> ApiResult<CategoriesAnswer> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let name = req.item.as_ref().map_or("", CategoryRef::name);
    let nome = owned_category(db, &supplier_id, name).await?;
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
    Ok(CategoriesAnswer {
        categories: panel::categories(db, &supplier_id).await?,
    })
}

/// `adicionar_cupom`: answers `{cupons}`.
pub async fn add_coupon(
    state: &AppState,
    user: AuthUser,
    req: AddCoupon,
) -> ApiResult<CouponsAnswer> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let form = &req.form;
    let existing: Vec<String> =
        sqlx::query_scalar("SELECT codigo FROM coupons WHERE supplier_id = $1")
            .bind(&supplier_id)
            .fetch_all(db)
            .await?;
    // The code's rules first (the spec's order), then the type, then the value.
    let code = form.code.as_str();
    CouponCode::parse(code).map_err(bad)?;
    let kind = CouponKind::parse(form.kind.as_str()).map_err(bad)?;
    let coupon = Coupon::create(
        code,
        kind,
        form.value.as_str(),
        existing.iter().map(String::as_str),
    )
    .map_err(|e| match e {
        CouponError::Duplicate => ApiError::Conflict(e.to_string()),
        other => bad(other),
    })?;
    let rules = CouponRules::from_form(RulesForm {
        inicio: form.validade_inicio.as_str(),
        fim: form.validade_fim.as_str(),
        limite: form.limite_usos.as_str(),
        um_por_cliente: form.um_por_cliente,
        minimo: form.pedido_minimo.as_str(),
    })
    .map_err(bad)?;
    let coupon = coupon.with_rules(rules).map_err(bad)?;
    if form.todas_entregas && form.um_por_cliente {
        return Err(ApiError::bad_request(TODAS_ENTREGAS_UM_POR_CLIENTE));
    }
    let record = wasm_core::coupon::CouponRecord::from(coupon);
    let r = &record.regras;
    let inserted = sqlx::query(
        "INSERT INTO coupons (supplier_id, codigo, tipo, valor, criado_em, validade_inicio, \
         validade_fim, limite_usos, um_por_cliente, pedido_minimo_centavos, todas_entregas) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (supplier_id, codigo) DO NOTHING",
    )
    .bind(&supplier_id)
    .bind(&record.codigo)
    .bind(record.tipo.as_str())
    .bind(record.valor)
    .bind(now_ms())
    .bind(r.validade_inicio.map(|d| d.iso()))
    .bind(r.validade_fim.map(|d| d.iso()))
    .bind(r.limite_usos.map(i64::from))
    .bind(r.um_por_cliente)
    .bind(r.pedido_minimo_centavos.map(|m| m.centavos()))
    .bind(form.todas_entregas)
    .execute(db)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(ApiError::Conflict(CouponError::Duplicate.to_string()));
    }
    Ok(CouponsAnswer {
        coupons: panel::coupons(db, &supplier_id).await?,
    })
}

/// `excluir_cupom`: answers `{cupons}`.
pub async fn remove_coupon(
    state: &AppState,
    user: AuthUser,
    req: RemoveCoupon,
) -> ApiResult<CouponsAnswer> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let code = CouponCode::parse(&req.code).map_err(|_| Named::Coupon.not_found())?;
    owner_check(db, Named::Coupon, &supplier_id, code.as_str()).await?;
    sqlx::query("DELETE FROM coupons WHERE supplier_id = $1 AND codigo = $2")
        .bind(&supplier_id)
        .bind(code.as_str())
        .execute(db)
        .await?;
    Ok(CouponsAnswer {
        coupons: panel::coupons(db, &supplier_id).await?,
    })
}

//! The business account: `cadastro_fornecedor` (buyer-ads-admin.md §2 "Wizards", §5) and the
//! panel's Informações gerais actions the spec names none for (docs/rpc.md): Meus Dados
//! (`editar_dados_fornecedor`), Locais de Exibição (`editar_locais_fornecedor`) and Visibilidade
//! (`alterar_visibilidade`, `alterar_compras`). Rules and messages are wasm-core's `forms`
//! (CPF/CNPJ check digits, numeric and alphanumeric CNPJ, in `document`).

use super::{bad, own_supplier, panel};
use crate::{
    auth::AuthUser,
    db::{Db, begin_write, new_id, now_ms},
    error::{ApiError, ApiResult},
    media::decode_photo,
    messages::CONTA_EMPRESARIAL_EXISTENTE,
    rpc::fields::text,
    rpc::{account::userinfo, address::municipality},
    state::AppState,
};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::{Any, Transaction};
use wasm_core::{
    forms::{BusinessForm, Scope, SupplierProfileForm},
    photo::PhotoKind,
    places::is_state,
};

/// A state outside the 27 UFs. *Gap.*
pub const ESTADO_INVALIDO: &str = "Selecione um estado da lista.";

/// `cadastro_fornecedor`: `icone` (base64 JPEG or null) and `infos`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Register {
    #[serde(default)]
    pub icone: Option<Value>,
    pub infos: BusinessForm,
}

/// `editar_dados_fornecedor`: `form` (Meus Dados).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EditProfile {
    pub form: SupplierProfileForm,
}

/// `editar_locais_fornecedor`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EditPlaces {
    #[serde(default)]
    pub local: Option<Value>,
    #[serde(default)]
    pub cidades: Vec<String>,
}

/// `alterar_visibilidade`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SetHidden {
    pub oculto: bool,
}

/// `alterar_compras`: `true` closes purchases.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SetPurchases {
    pub compras: bool,
}

/// The places of a scope as stored: UFs for states, IBGE labels for cities, none for Brazil.
fn checked_places(scope: &Scope) -> ApiResult<Vec<String>> {
    match scope {
        Scope::Brazil => Ok(Vec::new()),
        Scope::States(list) => {
            let mut out: Vec<String> = Vec::new();
            for uf in list {
                let uf = uf.trim().to_uppercase();
                if !is_state(&uf) {
                    return Err(ApiError::bad_request(ESTADO_INVALIDO));
                }
                if !out.contains(&uf) {
                    out.push(uf);
                }
            }
            Ok(out)
        }
        Scope::Cities(list) => {
            let mut out: Vec<String> = Vec::new();
            for c in list {
                let label = municipality(c)
                    .ok_or_else(|| ApiError::bad_request(crate::rpc::address::CIDADE_INVALIDA))?
                    .label();
                if !out.contains(&label) {
                    out.push(label);
                }
            }
            Ok(out)
        }
    }
}

async fn store_places(
    tx: &mut Transaction<'_, Any>,
    supplier_id: &str,
    places: &[String],
) -> ApiResult<()> {
    sqlx::query("DELETE FROM supplier_places WHERE supplier_id = $1")
        .bind(supplier_id)
        .execute(&mut **tx)
        .await?;
    for p in places {
        sqlx::query("INSERT INTO supplier_places (supplier_id, place) VALUES ($1, $2)")
            .bind(supplier_id)
            .bind(p)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// `cadastro_fornecedor`: the user's business account (their `type` becomes 1).
pub async fn register(state: &AppState, user: AuthUser, req: Register) -> ApiResult<Value> {
    let db = &state.db;
    let business = req.infos.validate().map_err(bad)?;
    let places = checked_places(&business.alcance)?;
    let exists: Option<String> =
        sqlx::query_scalar("SELECT user_id FROM suppliers WHERE user_id = $1")
            .bind(&user.id)
            .fetch_optional(db)
            .await?;
    if exists.is_some() {
        return Err(ApiError::Conflict(CONTA_EMPRESARIAL_EXISTENTE.into()));
    }
    let icon = match req.icone.as_ref().and_then(Value::as_str) {
        Some(b64) if !b64.trim().is_empty() => Some(decode_photo(b64, PhotoKind::Icone)?),
        _ => None,
    };
    let icon_url = match icon {
        Some(bytes) => Some(
            state
                .media
                .put(
                    &format!("fornecedores/{}/icone-{}.jpg", user.id, new_id()),
                    bytes,
                )
                .await?,
        ),
        None => None,
    };
    let mut tx = begin_write(db).await?;
    let inserted = sqlx::query(
        "INSERT INTO suppliers (user_id, nomeforn, descricaoforn, telefone, instagram, documento, \
         email, iconeforn, local, vendasforn, criado_em) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10) ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(&user.id)
    .bind(&business.nomeforn)
    .bind(&business.descricaoforn)
    .bind(business.telefone.masked())
    .bind(&business.instagram)
    .bind(business.cpf.as_str())
    .bind(&user.email)
    .bind(&icon_url)
    .bind(i64::from(business.alcance.code()))
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        tx.rollback().await?;
        return Err(ApiError::Conflict(CONTA_EMPRESARIAL_EXISTENTE.into()));
    }
    store_places(&mut tx, &user.id, &places).await?;
    tx.commit().await?;
    Ok(json!({
        "ok": true,
        "userinfo": userinfo(db, &user.id, user.is_admin).await?,
    }))
}

/// `editar_dados_fornecedor` (Meus Dados).
pub async fn edit_profile(state: &AppState, user: AuthUser, req: EditProfile) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let p = req.form.validate().map_err(bad)?;
    sqlx::query(
        "UPDATE suppliers SET nomeforn = $1, documento = $2, telefone = $3, instagram = $4, \
         descricaoforn = $5 WHERE user_id = $6",
    )
    .bind(&p.nomeforn)
    .bind(p.cpf.as_str())
    .bind(p.telefone.masked())
    .bind(&p.instagram)
    .bind(&p.descricaoforn)
    .bind(&supplier_id)
    .execute(db)
    .await?;
    Ok(json!({ "ok": true, "dadosforn": panel::dadosforn(db, &supplier_id).await? }))
}

/// `editar_locais_fornecedor` (Locais de Exibição).
pub async fn edit_places(state: &AppState, user: AuthUser, req: EditPlaces) -> ApiResult<Value> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let local = text(req.local.as_ref()).trim().parse::<u32>().ok();
    let scope = Scope::parse(local, &req.cidades).map_err(bad)?;
    let places = checked_places(&scope)?;
    let mut tx = begin_write(db).await?;
    sqlx::query("UPDATE suppliers SET local = $1 WHERE user_id = $2")
        .bind(i64::from(scope.code()))
        .bind(&supplier_id)
        .execute(&mut *tx)
        .await?;
    store_places(&mut tx, &supplier_id, &places).await?;
    tx.commit().await?;
    let cidades = if places.is_empty() {
        vec!["ALL".to_owned()]
    } else {
        places
    };
    Ok(json!({ "ok": true, "local": scope.code(), "cidades": cidades }))
}

async fn set_flag(db: &Db, supplier_id: &str, sql: &'static str, on: bool) -> ApiResult<()> {
    sqlx::query(sql)
        .bind(on)
        .bind(supplier_id)
        .execute(db)
        .await?;
    Ok(())
}

/// `alterar_visibilidade`: hides or shows the profile and its products.
pub async fn set_hidden(state: &AppState, user: AuthUser, req: SetHidden) -> ApiResult<Value> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    set_flag(
        &state.db,
        &supplier_id,
        "UPDATE suppliers SET oculto = $1 WHERE user_id = $2",
        req.oculto,
    )
    .await?;
    Ok(json!({ "ok": true, "oculto": req.oculto }))
}

/// `alterar_compras`: closes (`true`) or opens purchases.
pub async fn set_purchases(
    state: &AppState,
    user: AuthUser,
    req: SetPurchases,
) -> ApiResult<Value> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    set_flag(
        &state.db,
        &supplier_id,
        "UPDATE suppliers SET compras_fechadas = $1 WHERE user_id = $2",
        req.compras,
    )
    .await?;
    Ok(json!({ "ok": true, "compras": req.compras }))
}

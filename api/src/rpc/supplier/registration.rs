//! The business account: `cadastro_fornecedor` (buyer-ads-admin.md §2 "Wizards", §5) and the
//! panel's Informações gerais actions the spec names none for (docs/rpc.md): Meus Dados
//! (`editar_dados_fornecedor`), Locais de Exibição (`editar_locais_fornecedor`) and Visibilidade
//! (`alterar_visibilidade`, `alterar_compras`). Rules and messages are wasm-core's `forms`
//! (CPF/CNPJ check digits, numeric and alphanumeric CNPJ, in `document`).

use super::{bad, own_supplier, panel};
use crate::{
    auth::AuthUser,
    db::{Db, begin_write, new_id, now_ms},
    domain::stores,
    error::{ApiError, ApiResult, ErrorCode},
    mail::whatsapp::{Role, contacts},
    media::decode_photo,
    messages::CONTA_EMPRESARIAL_EXISTENTE,
    rpc::{
        account::{UserChanged, userinfo},
        address::municipality,
        fields::{PhotoField, Text},
        shapes::{PanelSupplier, True},
    },
    state::AppState,
};
use feira_photo::PhotoKind;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use utoipa::ToSchema;
use wasm_core::{
    forms::{BusinessForm, Scope, SupplierProfileForm},
    places::is_state,
};

/// A state outside the 27 UFs. *Gap.*
pub const ESTADO_INVALIDO: &str = "Selecione um estado da lista.";

/// `cadastro_fornecedor`: `icone` (base64 JPEG or null) and `infos`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Register {
    #[serde(rename = "icone", default)]
    pub icon: Option<PhotoField>,
    /// The wizard's fields.
    #[serde(rename = "infos")]
    pub form: BusinessForm,
}

/// `editar_dados_fornecedor`: `form` (Meus Dados).
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditProfile {
    pub form: SupplierProfileForm,
}

/// `editar_locais_fornecedor`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditPlaces {
    /// The scope: 1, 2 or 3.
    #[serde(default)]
    pub local: Option<Text>,
    /// States (`UF`) for scope 2, municipalities (`City, UF`) for 3; ignored for 1.
    #[serde(rename = "cidades", default)]
    pub places: Vec<String>,
}

/// `alterar_visibilidade`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetHidden {
    /// `true` hides the profile and its products.
    #[serde(rename = "oculto")]
    pub hidden: bool,
}

/// `alterar_compras`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetPurchases {
    /// `true` closes purchases.
    #[serde(rename = "compras")]
    pub closed: bool,
}

/// `editar_dados_fornecedor`'s answer: the private `dadosforn` as saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileSaved {
    pub ok: True,
    #[serde(rename = "dadosforn")]
    pub supplier: PanelSupplier,
}

/// `editar_locais_fornecedor`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlacesSaved {
    pub ok: True,
    /// The scope: 1, 2 or 3.
    #[serde(rename = "local")]
    #[schema(minimum = 1, maximum = 3)]
    pub scope: u8,
    /// `["ALL"]` for scope 1, else the places as stored.
    #[serde(rename = "cidades")]
    pub places: Vec<String>,
}

/// `alterar_visibilidade`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct HiddenSet {
    pub ok: True,
    #[serde(rename = "oculto")]
    pub hidden: bool,
}

/// `alterar_compras`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PurchasesSet {
    pub ok: True,
    /// `true`: purchases are closed.
    #[serde(rename = "compras")]
    pub closed: bool,
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
pub async fn register(state: &AppState, user: AuthUser, req: Register) -> ApiResult<UserChanged> {
    let db = &state.db;
    let business = req.form.validate().map_err(bad)?;
    let places = checked_places(&business.alcance)?;
    let exists: Option<String> =
        sqlx::query_scalar("SELECT user_id FROM suppliers WHERE user_id = $1")
            .bind(&user.id)
            .fetch_optional(db)
            .await?;
    if exists.is_some() {
        return Err(ApiError::Conflict(CONTA_EMPRESARIAL_EXISTENTE.into()));
    }
    let icon = match req.icon.as_ref().and_then(PhotoField::base64) {
        Some(b64) => Some(decode_photo(b64, PhotoKind::Icone)?),
        None => None,
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
    if stores::document_taken(&mut tx, business.cpf.as_str(), &user.id).await? {
        tx.rollback().await?;
        return Err(ApiError::conflict(
            ErrorCode::DocumentoEmUso,
            stores::DOCUMENTO_EM_USO,
        ));
    }
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
    // Never without a URL: one made from its name, until the supplier picks another.
    crate::domain::stores::assign_default_url(db, &user.id, &business.nomeforn).await?;
    Ok(UserChanged {
        ok: True,
        userinfo: userinfo(db, &user.id, user.is_admin).await?,
    })
}

/// `editar_dados_fornecedor` (Meus Dados).
pub async fn edit_profile(
    state: &AppState,
    user: AuthUser,
    req: EditProfile,
) -> ApiResult<ProfileSaved> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let p = req.form.validate().map_err(bad)?;
    // The store's name is in its products' search keys: rewritten in the same transaction.
    let mut tx = crate::db::begin_write(db).await?;
    if stores::document_taken(&mut tx, p.cpf.as_str(), &supplier_id).await? {
        tx.rollback().await?;
        return Err(ApiError::conflict(
            ErrorCode::DocumentoEmUso,
            stores::DOCUMENTO_EM_USO,
        ));
    }
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
    .execute(&mut *tx)
    .await?;
    crate::search::index_supplier_products(&mut tx, &supplier_id).await?;
    // An opted-in WhatsApp channel follows the store's new phone (docs/notices.md).
    let phone = p.telefone.masked();
    contacts::follow_phone(&mut *tx, &supplier_id, Role::Store, &phone).await?;
    tx.commit().await?;
    Ok(ProfileSaved {
        ok: True,
        supplier: panel::dadosforn(db, &supplier_id).await?,
    })
}

/// `editar_locais_fornecedor` (Locais de Exibição).
pub async fn edit_places(
    state: &AppState,
    user: AuthUser,
    req: EditPlaces,
) -> ApiResult<PlacesSaved> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let local = req
        .local
        .as_ref()
        .and_then(|l| l.trimmed().parse::<u32>().ok());
    let scope = Scope::parse(local, &req.places).map_err(bad)?;
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
    Ok(PlacesSaved {
        ok: True,
        scope: scope.code(),
        places: cidades,
    })
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
pub async fn set_hidden(state: &AppState, user: AuthUser, req: SetHidden) -> ApiResult<HiddenSet> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    set_flag(
        &state.db,
        &supplier_id,
        "UPDATE suppliers SET oculto = $1 WHERE user_id = $2",
        req.hidden,
    )
    .await?;
    Ok(HiddenSet {
        ok: True,
        hidden: req.hidden,
    })
}

/// `alterar_compras`: closes (`true`) or opens purchases.
pub async fn set_purchases(
    state: &AppState,
    user: AuthUser,
    req: SetPurchases,
) -> ApiResult<PurchasesSet> {
    let supplier_id = own_supplier(&state.db, &user).await?;
    set_flag(
        &state.db,
        &supplier_id,
        "UPDATE suppliers SET compras_fechadas = $1 WHERE user_id = $2",
        req.closed,
    )
    .await?;
    Ok(PurchasesSet {
        ok: True,
        closed: req.closed,
    })
}

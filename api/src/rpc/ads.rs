//! Direct ads of the signed-in user: `adicionar_anuncio`, `pegar_anuncios`,
//! `editar_anuncio`, `excluir_anuncio`; the photos are in [`photos`] (`upload_foto_anuncio`,
//! `excluir_foto_anuncio`).
//!
//! The fields are checked by wasm-core's `AdForm` (the wizard's own rules and messages); the
//! origin must be an IBGE municipality and the places municipalities (scope 3) or state codes
//! (scope 2). The title is stored lower-cased. Places are `ad_places` rows, which the catalogue's
//! region listings read (decisions.md §11). The owner is the session's user (decisions.md §2):
//! any `usuario` in the payload is ignored, and another user's ad answers 403.

pub mod photos;
mod store;

use super::catalog;
use crate::{
    auth::AuthUser,
    db::{new_id, now_ms},
    error::{ApiError, ApiResult},
    messages::ANUNCIO_NAO_ENCONTRADO,
    places::Places,
    state::AppState,
};
use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};
use wasm_core::{
    forms::{Ad, AdForm, FormError, Scope},
    messages::Message,
    phone::Phone,
    places::is_state,
};

/// A place that is neither a municipality nor a state code. *Gap:* the wizards only offer
/// listed places.
pub const LOCAL_DESCONHECIDO: &str = "Local desconhecido";

/// `adicionar_anuncio`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AddAd {
    pub infos: AdForm,
    /// The icon: a base64 JPEG without prefix, or nothing.
    #[serde(default)]
    pub iconeurl: Option<String>,
    /// The contact phone, used only when the user has none stored.
    #[serde(default)]
    pub telefone: Option<String>,
}

/// `editar_anuncio` (supplier-panel.md §7): the ad in `infos` and its new values.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EditAd {
    pub infos: AdRef,
    /// The new category, or null when unchanged.
    #[serde(default)]
    pub categoria: Option<String>,
    /// The ad's current icon URL (kept), a new base64 JPEG, or null (removed).
    #[serde(default)]
    pub iconeurlfinal: Option<String>,
    #[serde(default)]
    pub tituloinputfinal: Value,
    #[serde(default)]
    pub precoinputfinal: Value,
    #[serde(default)]
    pub descricaoinputfinal: Value,
    #[serde(default)]
    pub origeminputfinal: Value,
    #[serde(default)]
    pub locaisinputfinal: Value,
    #[serde(default)]
    pub cidadesfinal: Vec<String>,
}

/// `excluir_anuncio`: the ad in `item` (its `fotos` field is ignored: the server knows them).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DeleteAd {
    pub item: AdRef,
}

/// An ad named by its id, or by an object carrying `id` (the listed ad).
#[derive(Debug)]
pub struct AdRef(pub String);

impl utoipa::PartialSchema for AdRef {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        super::fields::ItemRef::schema()
    }
}

impl utoipa::ToSchema for AdRef {
    fn schemas(out: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::Schema>)>) {
        <super::fields::ItemRef as utoipa::ToSchema>::schemas(out);
        out.push((
            "ItemObject".into(),
            <super::fields::ItemObject as utoipa::PartialSchema>::schema(),
        ));
    }
}

impl<'de> Deserialize<'de> for AdRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        let id = match &v {
            Value::String(s) => Some(s.as_str()),
            Value::Object(o) => o.get("id").and_then(Value::as_str),
            _ => None,
        };
        id.map(|s| AdRef(s.trim().to_owned()))
            .filter(|r| !r.0.is_empty())
            .ok_or_else(|| serde::de::Error::custom("ad id"))
    }
}

fn form_error(e: FormError) -> ApiError {
    ApiError::bad_request(e.message())
}

/// The wizard's checks, then the places against the IBGE list.
fn validate(form: &AdForm) -> ApiResult<Ad> {
    let ad = form.validate().map_err(form_error)?;
    let places = Places::get();
    if places.find(&ad.origem).is_none() {
        return Err(form_error(FormError::ChooseOrigin));
    }
    let unknown = match &ad.alcance {
        Scope::Brazil => None,
        Scope::States(list) => list.iter().find(|p| !is_state(p)),
        Scope::Cities(list) => list.iter().find(|p| places.find(p).is_none()),
    };
    if let Some(p) = unknown {
        return Err(ApiError::bad_request(format!("{LOCAL_DESCONHECIDO}: {p}")));
    }
    Ok(ad)
}

/// `adicionar_anuncio`: stores the ad (and its icon) and answers it as listed (`infos`).
pub async fn add_ad(state: &AppState, user: AuthUser, req: AddAd) -> ApiResult<Value> {
    let ad = validate(&req.infos)?;
    let icon = req
        .iconeurl
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(photos::decode)
        .transpose()?;
    let (nome, stored_phone) = store::name_and_phone(&state.db, &user.id).await?;
    let telefone = stored_phone.or_else(|| {
        req.telefone
            .as_deref()
            .and_then(|t| Phone::parse(t).ok())
            .map(|p| p.masked())
    });
    let id = new_id();
    let icone = match icon {
        Some(bytes) => Some(photos::put(state, &id, bytes).await?),
        None => None,
    };
    let stored: sqlx::Result<()> = async {
        let mut tx = state.db.begin().await?;
        sqlx::query(
        "INSERT INTO ads (id, user_id, categoria, titulo, descricao, preco_centavos, icone, origem, \
         local, nome, telefone, publicado_em) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)",
    )
    .bind(&id)
    .bind(&user.id)
    .bind(ad.categoria.label())
    .bind(&ad.titulo)
    .bind(&ad.descricao)
    .bind(ad.preco_centavos.centavos())
    .bind(&icone)
    .bind(&ad.origem)
    .bind(i64::from(ad.alcance.code()))
    .bind(&nome)
    .bind(&telefone)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
        store::set_places(&mut tx, &id, &ad.alcance).await?;
        tx.commit().await
    }
    .await;
    if let Err(e) = stored {
        // Nothing refers to the icon's file: do not leave it behind.
        if let Some(url) = &icone {
            state.media.forget(url).await;
        }
        return Err(e.into());
    }
    answer(state, &id).await
}

/// The ad `id` as listed: `{"infos": ad}`.
async fn answer(state: &AppState, id: &str) -> ApiResult<Value> {
    let mut conn = state.db.acquire().await?;
    let infos = catalog::ad_by_id(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(ANUNCIO_NAO_ENCONTRADO.into()))?;
    Ok(json!({ "infos": infos }))
}

/// `pegar_anuncios`: the signed-in user's ads, newest first.
pub async fn list_ads(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    let mut conn = state.db.acquire().await?;
    let anuncios = catalog::ads_of_user(&mut conn, &user.id).await?;
    Ok(json!({ "anuncios": anuncios }))
}

/// `editar_anuncio`: new category (or the current one), title, price, description, origin,
/// scope and places, and the icon kept, replaced or removed. Answers the ad as listed.
pub async fn edit_ad(state: &AppState, user: AuthUser, req: EditAd) -> ApiResult<Value> {
    let id = req.infos.0.clone();
    let current = store::owned(&state.db, &id, &user.id).await?;
    let categoria = req
        .categoria
        .filter(|c| !c.trim().is_empty())
        .unwrap_or(current.categoria);
    let form: AdForm = serde_json::from_value(json!({
        "categoria": categoria,
        "titulo": req.tituloinputfinal,
        "preco": req.precoinputfinal,
        "descricao": req.descricaoinputfinal,
        "origem": req.origeminputfinal,
        "locais": req.locaisinputfinal,
        "cidades": req.cidadesfinal,
    }))
    .map_err(|_| ApiError::bad_request(wasm_core::messages::DADOS_INVALIDOS))?;
    let ad = validate(&form)?;
    // The icon: unchanged when the current URL comes back, else a new photo or none.
    let new_icon = match req.iconeurlfinal.as_deref().map(str::trim) {
        Some(s) if Some(s) == current.icone.as_deref() => None,
        Some(s) if !s.is_empty() => Some(Some(photos::decode(s)?)),
        _ => Some(None),
    };
    let icon_changed = new_icon.is_some();
    let icone = match new_icon {
        None => current.icone.clone(),
        Some(Some(bytes)) => Some(photos::put(state, &id, bytes).await?),
        Some(None) => None,
    };
    let stored: sqlx::Result<()> = async {
        let mut tx = state.db.begin().await?;
        sqlx::query(
            "UPDATE ads SET categoria = $1, titulo = $2, descricao = $3, preco_centavos = $4, \
         icone = $5, origem = $6, local = $7 WHERE id = $8",
        )
        .bind(ad.categoria.label())
        .bind(&ad.titulo)
        .bind(&ad.descricao)
        .bind(ad.preco_centavos.centavos())
        .bind(&icone)
        .bind(&ad.origem)
        .bind(i64::from(ad.alcance.code()))
        .bind(&id)
        .execute(&mut *tx)
        .await?;
        store::set_places(&mut tx, &id, &ad.alcance).await?;
        tx.commit().await
    }
    .await;
    if let Err(e) = stored {
        // A newly stored icon is not referred to: do not leave it behind.
        if icon_changed && let Some(url) = &icone {
            state.media.forget(url).await;
        }
        return Err(e.into());
    }
    if icon_changed && let Some(old) = current.icone.as_deref() {
        state.media.forget(old).await;
    }
    answer(state, &id).await
}

/// `excluir_anuncio`: removes the ad, its places and photos, and its media files.
pub async fn delete_ad(state: &AppState, user: AuthUser, req: DeleteAd) -> ApiResult<Value> {
    let id = req.item.0;
    let current = store::owned(&state.db, &id, &user.id).await?;
    let mut urls: Vec<String> = sqlx::query_scalar("SELECT url FROM ad_photos WHERE ad_id = $1")
        .bind(&id)
        .fetch_all(&state.db)
        .await?;
    urls.extend(current.icone);
    let mut tx = state.db.begin().await?;
    for sql in [
        "DELETE FROM ad_photos WHERE ad_id = $1",
        "DELETE FROM ad_places WHERE ad_id = $1",
        "DELETE FROM ads WHERE id = $1",
    ] {
        sqlx::query(sql).bind(&id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    for url in &urls {
        state.media.forget(url).await;
    }
    Ok(json!({ "ok": true }))
}

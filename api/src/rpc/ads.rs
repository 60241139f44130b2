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

use super::{
    catalog,
    fields::{Count, ItemRef, Text},
    shapes::{self, Done},
};
use crate::{
    auth::AuthUser,
    db::{new_id, now_ms},
    error::{ApiError, ApiResult},
    messages::ANUNCIO_NAO_ENCONTRADO,
    places::Places,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
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
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddAd {
    /// The wizard's fields.
    #[serde(rename = "infos")]
    pub form: AdForm,
    /// The icon: a base64 JPEG without prefix, or nothing.
    #[serde(rename = "iconeurl", default)]
    pub icon: Option<String>,
    /// The contact phone, used only when the user has none stored.
    #[serde(rename = "telefone", default)]
    pub phone: Option<String>,
}

/// `editar_anuncio` (supplier-panel.md §7): the ad in `infos` and its new values, each as the
/// wizard holds it (text or numbers).
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditAd {
    /// The ad (or its id).
    #[serde(rename = "infos")]
    pub ad: ItemRef,
    /// The new category, or null when unchanged.
    #[serde(rename = "categoria", default)]
    pub category: Option<String>,
    /// The ad's current icon URL (kept), a new base64 JPEG, or null (removed).
    #[serde(rename = "iconeurlfinal", default)]
    pub icon: Option<String>,
    #[serde(rename = "tituloinputfinal", default)]
    pub title: Text,
    #[serde(rename = "precoinputfinal", default)]
    pub price: Text,
    #[serde(rename = "descricaoinputfinal", default)]
    pub description: Text,
    #[serde(rename = "origeminputfinal", default)]
    pub origin: Text,
    /// The scope: 1, 2 or 3.
    #[serde(rename = "locaisinputfinal", default)]
    pub scope: Count,
    #[serde(rename = "cidadesfinal", default)]
    pub places: Vec<String>,
}

/// `excluir_anuncio`: the ad in `item` (its `fotos` field is ignored: the server knows them).
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAd {
    pub item: ItemRef,
}

/// An ad as answered by `adicionar_anuncio` and `editar_anuncio`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdInfos {
    #[serde(rename = "infos")]
    pub ad: shapes::Ad,
}

/// `pegar_anuncios`' answer: the user's ads, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyAds {
    #[serde(rename = "anuncios")]
    pub ads: Vec<shapes::Ad>,
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
pub async fn add_ad(state: &AppState, user: AuthUser, req: AddAd) -> ApiResult<AdInfos> {
    let ad = validate(&req.form)?;
    let icon = req
        .icon
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(photos::decode)
        .transpose()?;
    let (nome, stored_phone) = store::name_and_phone(&state.db, &user.id).await?;
    let telefone = stored_phone.or_else(|| {
        req.phone
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
        let mut tx = crate::db::begin_write(&state.db).await?;
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
        crate::search::index_ad(&mut tx, &id).await?;
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
async fn answer(state: &AppState, id: &str) -> ApiResult<AdInfos> {
    let mut conn = state.db.acquire().await?;
    let infos = catalog::ad_by_id(&mut conn, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(ANUNCIO_NAO_ENCONTRADO.into()))?;
    Ok(AdInfos { ad: infos })
}

/// `pegar_anuncios`: the signed-in user's ads, newest first.
pub async fn list_ads(state: &AppState, user: AuthUser) -> ApiResult<MyAds> {
    let mut conn = state.db.acquire().await?;
    let mut anuncios = catalog::ads_of_user(&mut conn, &user.id).await?;
    // What the moderation hid, and why (its author sees the reason in their own list).
    let hidden: Vec<(String, Option<String>)> = sqlx::query_as(
        "SELECT id, moderado_motivo FROM ads WHERE user_id = $1 AND moderado_em IS NOT NULL",
    )
    .bind(&user.id)
    .fetch_all(&mut *conn)
    .await?;
    for ad in &mut anuncios {
        if let Some((_, reason)) = hidden.iter().find(|(id, _)| *id == ad.id) {
            ad.moderation = Some(reason.clone().unwrap_or_default());
        }
    }
    Ok(MyAds { ads: anuncios })
}

/// `editar_anuncio`: new category (or the current one), title, price, description, origin,
/// scope and places, and the icon kept, replaced or removed. Answers the ad as listed.
pub async fn edit_ad(state: &AppState, user: AuthUser, req: EditAd) -> ApiResult<AdInfos> {
    let id = req.ad.required()?;
    let current = store::owned(&state.db, &id, &user.id).await?;
    let categoria = req
        .category
        .filter(|c| !c.trim().is_empty())
        .unwrap_or(current.categoria);
    let form = AdForm {
        categoria,
        titulo: req.title.0,
        preco: req.price.0,
        descricao: req.description.0,
        origem: req.origin.0,
        locais: req.scope.0,
        cidades: req.places,
    };
    let ad = validate(&form)?;
    // The icon: unchanged when the current URL comes back, else a new photo or none.
    let new_icon = match req.icon.as_deref().map(str::trim) {
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
        let mut tx = crate::db::begin_write(&state.db).await?;
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
        crate::search::index_ad(&mut tx, &id).await?;
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
pub async fn delete_ad(state: &AppState, user: AuthUser, req: DeleteAd) -> ApiResult<Done> {
    let id = req.item.required()?;
    let current = store::owned(&state.db, &id, &user.id).await?;
    let mut urls: Vec<String> = sqlx::query_scalar("SELECT url FROM ad_photos WHERE ad_id = $1")
        .bind(&id)
        .fetch_all(&state.db)
        .await?;
    urls.extend(current.icone);
    let mut tx = crate::db::begin_write(&state.db).await?;
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
    Ok(Done::default())
}

//! The ads' SQL shared by the actions: ownership, the user's name and phone, and the places.

use crate::{
    db::Db,
    error::{ApiError, ApiResult},
    messages::ANUNCIO_NAO_ENCONTRADO,
};
use sqlx::{Any, Transaction};
use wasm_core::forms::Scope;

/// What the actions need of an ad they may touch.
#[derive(Debug, sqlx::FromRow)]
pub struct Owned {
    pub user_id: String,
    pub categoria: String,
    pub icone: Option<String>,
}

/// The ad `id` when `user` owns it: 404 when it does not exist, 403 when it is someone else's.
pub async fn owned(db: &Db, id: &str, user: &str) -> ApiResult<Owned> {
    let ad: Owned = sqlx::query_as("SELECT user_id, categoria, icone FROM ads WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(ANUNCIO_NAO_ENCONTRADO.into()))?;
    if ad.user_id != user {
        tracing::warn!(ad = %id, "acting on another user's ad");
        return Err(ApiError::Forbidden);
    }
    Ok(ad)
}

/// The user's name (the ad's seller; 'Anunciante' when none was given) and stored phone.
pub async fn name_and_phone(db: &Db, user: &str) -> ApiResult<(String, Option<String>)> {
    let (nome, telefone): (String, Option<String>) =
        sqlx::query_as("SELECT nome, telefone FROM users WHERE id = $1")
            .bind(user)
            .fetch_optional(db)
            .await?
            .ok_or(ApiError::Unauthorized)?;
    let nome = match nome.trim() {
        "" => "Anunciante".to_owned(),
        n => n.to_owned(),
    };
    Ok((nome, telefone.filter(|t| !t.trim().is_empty())))
}

/// Replaces the ad's places with those of `scope` (none for all Brazil).
pub async fn set_places(
    tx: &mut Transaction<'_, Any>,
    id: &str,
    scope: &Scope,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM ad_places WHERE ad_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    if let Scope::States(places) | Scope::Cities(places) = scope {
        for place in places {
            sqlx::query("INSERT INTO ad_places (ad_id, place) VALUES ($1, $2)")
                .bind(id)
                .bind(place)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

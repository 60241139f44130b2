//! Delivery settings (`entregas_edit`: wasm-core's `DeliveryForm`; the start address of a per-km
//! fee or a maximum delivery distance, decisions.md §31, is geocoded as the buyer's address is,
//! api/src/rpc/address.rs; the delivery days, windows and cut-off, decisions.md §36, are
//! wasm-core's `DaysForm`) and the online store
//! (`verificar_url_site`, `criar_site`: wasm-core's `store_url`, decisions.md §13). The buyer's
//! checkout reads these very columns.

use super::{bad, own_supplier, panel};
use crate::{
    auth::{AuthUser, MaybeAuthUser},
    db::begin_write,
    domain::delivery_days,
    error::{ApiError, ApiResult},
    rpc::address::{CIDADE_INVALIDA, SEM_COORDENADAS, Street, coordinates, municipality},
    rpc::{
        fields::Text,
        shapes::{PanelDelivery, True},
    },
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::{
    delivery::{DeliveryForm, FeeSetting, days::DaysForm},
    forms::long_description,
    messages,
    store_url::{StoreUrl, StoreUrlError},
};

/// *Gap:* a palette outside 1–5.
pub const PALETA_INVALIDA: &str = "Escolha uma paleta de 1 a 5.";

/// `entregas_edit`: `form` (the spec's delivery fields plus the two descriptions).
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditDelivery {
    pub form: DeliveryEdit,
}

/// The delivery-settings form: wasm-core's fields and the two descriptions.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeliveryEdit {
    #[serde(rename = "descricaoentrega", default)]
    pub delivery_note: Text,
    #[serde(rename = "descricaoretirada", default)]
    pub pickup_note: Text,
    /// The delivery and pickup days, windows and cut-off (decisions.md §36); absent keeps
    /// them as they are (the spec's clients never send them).
    #[serde(default)]
    pub dias: Option<DaysForm>,
    #[serde(flatten)]
    pub form: DeliveryForm,
}

/// `verificar_url_site`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckUrl {
    #[serde(default)]
    pub url: String,
}

/// `criar_site`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateSite {
    #[serde(default)]
    pub url: String,
    /// 1 to 5.
    #[serde(rename = "paleta", default)]
    pub palette: Option<Text>,
    #[serde(rename = "modelo", default)]
    pub template: Option<Text>,
}

/// `entregas_edit`'s answer: the settings as saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliverySaved {
    pub ok: True,
    pub delivery: PanelDelivery,
}

/// `verificar_url_site`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct UrlCheck {
    /// Taken by another store, or reserved.
    #[serde(rename = "exist")]
    pub taken: bool,
    /// The owner's user id; null when free or reserved.
    #[serde(rename = "id")]
    pub owner: Option<String>,
    /// The URL, normalised.
    pub url: String,
}

/// `criar_site`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct SiteCreated {
    pub ok: True,
    pub url: String,
    #[serde(rename = "paleta")]
    pub palette: i64,
}

/// `entregas_edit`: answers `{ok, delivery}`.
pub async fn edit_delivery(
    state: &AppState,
    user: AuthUser,
    req: EditDelivery,
) -> ApiResult<DeliverySaved> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let setup = req.form.form.validate().map_err(bad)?;
    let days = req
        .form
        .dias
        .as_ref()
        .map(DaysForm::validate)
        .transpose()
        .map_err(bad)?;
    let describe = |t: &Text| long_description(t.as_str()).map_err(bad);
    let (descricao_entrega, descricao_retirada) = (
        describe(&req.form.delivery_note)?,
        describe(&req.form.pickup_note)?,
    );
    let (tipo, fixa, por_km) = match &setup.fee {
        FeeSetting::Free => (None, None, None),
        FeeSetting::Fixed {
            taxa_entrega_centavos,
        } => (Some("fixa"), Some(taxa_entrega_centavos.centavos()), None),
        FeeSetting::PerKm {
            taxa_por_km_centavos,
            ..
        } => (Some("porKm"), None, Some(taxa_por_km_centavos.centavos())),
    };
    // The start address, needed by a per-km fee and by a maximum distance: geocoded as the
    // buyer's address is (its CEP and bairro too).
    let start = match &setup.partida {
        None => None,
        Some(p) => {
            let city =
                municipality(&p.cidade).ok_or_else(|| ApiError::bad_request(CIDADE_INVALIDA))?;
            let street = Street {
                rua: &p.rua,
                numero: &p.numero,
                bairro: p.bairro.as_deref(),
                cep: p.cep.as_deref(),
            };
            let (point, origin) = coordinates(state, city, street)
                .await?
                .ok_or_else(|| ApiError::bad_request(SEM_COORDENADAS))?;
            Some((p, city.label(), point, origin))
        }
    };
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "UPDATE suppliers SET entrega_opcoes = $1, taxa_tipo = $2, taxa_entrega_centavos = $3, \
         taxa_por_km_centavos = $4, entrega_rua = $5, entrega_numero = $6, entrega_cidade = $7, \
         entrega_latitude = $8, entrega_longitude = $9, pedido_minimo_entrega_centavos = $10, \
         pedido_minimo_retirada_centavos = $11, descricao_entrega = $12, \
         descricao_retirada = $13, entrega_cep = $14, entrega_bairro = $15, \
         entrega_coordenadas_origem = $16, distancia_maxima_km = $17 WHERE user_id = $18",
    )
    .bind(setup.options.codes())
    .bind(tipo)
    .bind(fixa)
    .bind(por_km)
    .bind(start.as_ref().map(|s| s.0.rua.clone()))
    .bind(start.as_ref().map(|s| s.0.numero.clone()))
    .bind(start.as_ref().map(|s| s.1.clone()))
    .bind(start.as_ref().map(|s| s.2.latitude()))
    .bind(start.as_ref().map(|s| s.2.longitude()))
    .bind(setup.pedido_minimo_entrega_centavos.map(|m| m.centavos()))
    .bind(setup.pedido_minimo_retirada_centavos.map(|m| m.centavos()))
    .bind(descricao_entrega)
    .bind(descricao_retirada)
    .bind(start.as_ref().and_then(|s| s.0.cep.clone()))
    .bind(start.as_ref().and_then(|s| s.0.bairro.clone()))
    .bind(start.as_ref().map(|s| s.3.as_db()))
    .bind(setup.distancia_maxima_km.map(i64::from))
    .bind(&supplier_id)
    .execute(&mut *tx)
    .await?;
    if let Some(days) = &days {
        delivery_days::save(&mut tx, &supplier_id, days).await?;
    }
    tx.commit().await?;
    Ok(DeliverySaved {
        ok: True,
        delivery: panel::delivery(db, &supplier_id).await?,
    })
}

/// The owner of store URL `url`, if any.
async fn url_owner(state: &AppState, url: &str) -> ApiResult<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT user_id FROM suppliers WHERE url = $1")
            .bind(url)
            .fetch_optional(&state.db)
            .await?,
    )
}

/// `verificar_url_site`: `{exist, id, url}`; `exist` is false when the URL is free or the
/// caller's own.
pub async fn check_url(
    state: &AppState,
    caller: MaybeAuthUser,
    req: CheckUrl,
) -> ApiResult<UrlCheck> {
    let url = match StoreUrl::parse(&req.url) {
        Ok(u) => u,
        Err(StoreUrlError::Reserved) => {
            return Ok(UrlCheck {
                taken: true,
                owner: None,
                url: wasm_core::store_url::normalize(&req.url),
            });
        }
        Err(e) => return Err(bad(e)),
    };
    let owner = url_owner(state, url.as_str()).await?;
    let mine = caller.user.as_ref().map(|u| u.id.as_str());
    let exist = owner.as_deref().is_some_and(|o| Some(o) != mine);
    Ok(UrlCheck {
        taken: exist,
        owner,
        url: url.as_str().to_owned(),
    })
}

/// `criar_site`: the store's URL and palette (1–5).
pub async fn create_site(
    state: &AppState,
    user: AuthUser,
    req: CreateSite,
) -> ApiResult<SiteCreated> {
    let db = &state.db;
    let supplier_id = own_supplier(db, &user).await?;
    let url = StoreUrl::parse(&req.url).map_err(|e| match e {
        StoreUrlError::Reserved => ApiError::Conflict(e.to_string()),
        other => bad(other),
    })?;
    let paleta = req
        .palette
        .as_ref()
        .map_or("", Text::trimmed)
        .parse::<i64>()
        .ok()
        .filter(|p| (1..=5).contains(p))
        .ok_or_else(|| ApiError::bad_request(PALETA_INVALIDA))?;
    let modelo = wasm_core::forms::store_model(req.template.as_ref().map_or("", Text::trimmed))
        .map_err(bad)?;
    if url_owner(state, url.as_str())
        .await?
        .is_some_and(|o| o != supplier_id)
    {
        return Err(ApiError::Conflict(messages::URL_INDISPONIVEL.into()));
    }
    let updated = sqlx::query(
        "UPDATE suppliers SET url = $1, paleta = $2, modelo = COALESCE($3, modelo), \
         url_confirmada = TRUE \
         WHERE user_id = $4",
    )
    .bind(url.as_str())
    .bind(paleta)
    .bind(modelo)
    .bind(&supplier_id)
    .execute(db)
    .await;
    if let Err(e) = updated {
        // The unique index: another store took it a moment ago.
        tracing::info!(error = %e, "store url refused");
        return Err(ApiError::Conflict(messages::URL_INDISPONIVEL.into()));
    }
    Ok(SiteCreated {
        ok: True,
        url: url.as_str().to_owned(),
        palette: paleta,
    })
}

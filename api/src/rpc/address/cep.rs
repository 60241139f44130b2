//! `consultar_cep` (decisions.md §31): the street, bairro and city of a CEP, asked of the
//! ViaCEP- or BrasilAPI-compatible service at `CEP_URL` (`{cep}` replaced by the 8 digits; the
//! local one in `devservices/cep.mjs` for the demo and the tests). Without `CEP_URL`, or when the
//! service fails, the answer says so and the address is typed by hand: nothing else depends on
//! it. The city is returned in the IBGE list's spelling (`City, UF`), so the form can take it.
//! The service's calls are bounded across instances (`CEP_RATE`) and for each user
//! (`CEP_CLIENT_RATE`, so one user cannot spend everyone's lookups), and its answers remembered
//! by CEP (`CEP_CACHE_SECONDS`), as the geocoder's are (`outside.rs`).

use super::municipality;
use crate::{
    auth::AuthUser,
    error::{ApiError, ApiResult},
    outside::CepAnswer,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use std::{sync::OnceLock, time::Duration};
use utoipa::ToSchema;
use wasm_core::cep::Cep;

/// *Gap:* the lookup is not configured or did not answer.
pub const CEP_INDISPONIVEL: &str = "Não foi possível consultar o CEP agora. Preencha o endereço.";
/// *Gap:* the service does not know the CEP.
pub const CEP_NAO_ENCONTRADO: &str = "CEP não encontrado.";
/// How long the lookup may take.
const TIMEOUT: Duration = Duration::from_secs(5);

/// `consultar_cep`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CepLookup {
    /// `00000-000` or its 8 digits.
    pub cep: String,
}

/// `consultar_cep`'s answer: what the service knows of the CEP (a CEP of a whole town has no
/// street nor bairro).
#[derive(Debug, Serialize, ToSchema)]
pub struct CepFound {
    /// `00000-000`.
    pub cep: String,
    pub rua: Option<String>,
    pub bairro: Option<String>,
    /// `City, UF` as in the IBGE list; null when the service's city is not in it.
    pub cidade: Option<String>,
}

/// A ViaCEP (`logradouro`, `bairro`, `localidade`, `uf`, `erro`) or BrasilAPI (`street`,
/// `neighborhood`, `city`, `state`) answer.
#[derive(Debug, Default, Deserialize)]
struct Answer {
    #[serde(alias = "street")]
    logradouro: Option<String>,
    #[serde(alias = "neighborhood")]
    bairro: Option<String>,
    #[serde(alias = "city")]
    localidade: Option<String>,
    #[serde(alias = "state")]
    uf: Option<String>,
    /// ViaCEP's "no such CEP" (`true`, or `"true"` in its newer answers).
    erro: Option<serde_json::Value>,
}

fn http() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(TIMEOUT)
            .user_agent(concat!("feira/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default()
    })
}

fn text(v: Option<String>) -> Option<String> {
    v.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// `consultar_cep`: `{cep, rua, bairro, cidade}`; 400 `Insira um CEP válido`, 404 `CEP não
/// encontrado.`, 503 when no lookup is configured or it failed, or (with `Retry-After`) when the
/// lookup's budget (`CEP_RATE`, across instances) or the user's own (`CEP_CLIENT_RATE`) is spent. Answers, "not found" included, are
/// remembered for `CEP_CACHE_SECONDS`, so a CEP asked again never reaches the service.
pub async fn lookup(state: &AppState, user: AuthUser, req: CepLookup) -> ApiResult<CepFound> {
    let cep = Cep::parse(&req.cep).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let template = state
        .config
        .outside
        .cep_url
        .as_deref()
        .ok_or_else(unavailable)?;
    let outside = &state.outside;
    let key = cep.digits().to_owned();
    let answer = match outside.ceps.get(&key) {
        Some(known) => known,
        None => {
            // The user's own share first, so one who spent it takes nothing from the others.
            outside.cep_client.take_for(&state.db, &user.id).await?;
            outside.cep.take(&state.db).await?;
            let answer = ask(&template.replace("{cep}", cep.digits())).await?;
            outside.ceps.put(key, answer.clone());
            answer
        }
    };
    let answer = answer.ok_or_else(|| ApiError::NotFound(CEP_NAO_ENCONTRADO.into()))?;
    Ok(CepFound {
        cep: cep.masked(),
        rua: answer.rua,
        bairro: answer.bairro,
        cidade: answer.cidade,
    })
}

fn unavailable() -> ApiError {
    ApiError::Unavailable(CEP_INDISPONIVEL.into())
}

/// Asks the service at `url`: `Ok(None)` when it does not know the CEP, `Err` (503) when it
/// failed or answered something else.
async fn ask(url: &str) -> ApiResult<Option<CepAnswer>> {
    let res = http().get(url).send().await.map_err(|e| {
        tracing::warn!(error = %e, "CEP lookup failed");
        unavailable()
    })?;
    if res.status() == reqwest::StatusCode::NOT_FOUND
        || res.status() == reqwest::StatusCode::BAD_REQUEST
    {
        return Ok(None);
    }
    if !res.status().is_success() {
        tracing::warn!(status = %res.status(), "CEP lookup failed");
        return Err(unavailable());
    }
    let a: Answer = res.json().await.map_err(|e| {
        tracing::warn!(error = %e, "CEP lookup answered something else");
        unavailable()
    })?;
    let missing = a
        .erro
        .as_ref()
        .is_some_and(|e| e == &serde_json::json!(true) || e == "true");
    if missing {
        return Ok(None);
    }
    let cidade = match (text(a.localidade), text(a.uf)) {
        (Some(city), Some(uf)) => municipality(&format!("{city}, {uf}")).map(|m| m.label()),
        _ => None,
    };
    Ok(Some(CepAnswer {
        rua: text(a.logradouro),
        bairro: text(a.bairro),
        cidade,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_answer_shapes_are_read() {
        let via: Answer = serde_json::from_str(
            r#"{"cep":"13400-000","logradouro":"Rua X","bairro":"Centro","localidade":"Piracicaba","uf":"SP","ibge":"3538709"}"#,
        )
        .unwrap();
        assert_eq!(via.localidade.as_deref(), Some("Piracicaba"));
        let brasil: Answer = serde_json::from_str(
            r#"{"cep":"13400000","state":"SP","city":"Piracicaba","neighborhood":"Centro","street":"Rua X","service":"viacep"}"#,
        )
        .unwrap();
        assert_eq!(
            (
                brasil.logradouro.as_deref(),
                brasil.bairro.as_deref(),
                brasil.uf.as_deref()
            ),
            (Some("Rua X"), Some("Centro"), Some("SP"))
        );
        let gone: Answer = serde_json::from_str(r#"{"erro":"true"}"#).unwrap();
        assert!(gone.erro.is_some());
    }
}

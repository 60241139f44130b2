//! Sign-in, sign-out and the personal data of the signed-in user: `iniciar_login`,
//! `login_site`, `logout_site`, `alterar_nome`; the LGPD's copy and deletion in [`privacy`]; WhatsApp notices in
//! [`notices`].

pub mod notices;
pub mod privacy;

use super::shapes::{Done, True};
use crate::{
    auth::{AuthUser, MaybeAuthUser, session},
    db::{Db, new_id, now_ms},
    error::{ApiError, ApiResult},
    state::AppState,
};
use rand::{Rng, distr::Alphanumeric};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How long a sign-in may take between `iniciar_login` and `login_site`.
const NONCE_TTL_MS: i64 = 10 * 60 * 1000;

/// `login_site`: with `user`, a fresh sign-in; without, "who am I" for the current session.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginSite {
    #[serde(default)]
    pub user: Option<IdentityProof>,
}

/// What the popup brought back.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdentityProof {
    pub id_token: String,
    pub nonce: String,
}

/// `alterar_nome`: the new name (any `usuario` is ignored).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangeName {
    pub nome: String,
}

/// `iniciar_login`'s answer: a single-use nonce and where the sign-in popup goes.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginStart {
    /// Single-use, valid for 10 minutes.
    pub nonce: String,
    /// The issuer's authorization endpoint.
    pub authorization_endpoint: String,
    pub client_id: String,
    /// `openid email profile`.
    pub scope: &'static str,
}

/// The signed-in user (`userinfo`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserInfo {
    /// The user's id.
    #[serde(rename = "usuario")]
    pub user_id: String,
    #[serde(rename = "nome")]
    pub name: String,
    pub email: String,
    /// The phone, masked; null when none was given.
    #[serde(rename = "telefone")]
    pub phone: Option<String>,
    /// The address's city (`City, UF`); null until an address is saved, as the other parts.
    #[serde(rename = "cidade")]
    pub city: Option<String>,
    #[serde(rename = "rua")]
    pub street: Option<String>,
    #[serde(rename = "numero")]
    pub number: Option<String>,
    #[serde(rename = "complemento")]
    pub complement: Option<String>,
    /// The address's coordinates.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// The address's CEP, `00000-000`; null when none was given (decisions.md §31).
    pub cep: Option<String>,
    pub bairro: Option<String>,
    /// `Usamos o centro de {cidade} para calcular a distância` when the coordinates are the
    /// municipality's seat (no geocoder, or it did not find the address); else null.
    pub aviso_localizacao: Option<String>,
    /// 1 when the user has a business account (a store); null otherwise.
    #[serde(rename = "type")]
    #[schema(minimum = 1, maximum = 1)]
    pub kind: Option<u8>,
    /// Whether the user is the administrator.
    pub admin: bool,
}

/// `login_site`'s answer: the user, and our session token after a fresh sign-in.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedIn {
    pub userinfo: UserInfo,
    /// The session token (a fresh sign-in only; absent when asking who is signed in).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub token: Option<String>,
}

/// The answer of an action that changed the signed-in user (`alterar_endereco`,
/// `cadastro_fornecedor`): done, and the user as it is now.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserChanged {
    pub ok: True,
    pub userinfo: UserInfo,
}

/// `alterar_nome`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct NameChanged {
    pub ok: True,
    /// The name as saved (trimmed).
    #[serde(rename = "nome")]
    pub name: String,
}

/// The signed-in user as the webapp sees it (`userinfo`).
#[derive(Debug, sqlx::FromRow)]
struct UserRow {
    id: String,
    nome: String,
    email: String,
    telefone: Option<String>,
    cidade: Option<String>,
    rua: Option<String>,
    numero: Option<String>,
    complemento: Option<String>,
    latitude: Option<f64>,
    longitude: Option<f64>,
    cep: Option<String>,
    bairro: Option<String>,
    coordenadas_origem: Option<String>,
    fornecedor: i64,
}

/// The `userinfo` of `user_id`.
pub async fn userinfo(db: &Db, user_id: &str, is_admin: bool) -> ApiResult<UserInfo> {
    let u: UserRow = sqlx::query_as(
        "SELECT u.id, u.nome, u.email, u.telefone, u.cidade, u.rua, u.numero, u.complemento, \
                u.latitude, u.longitude, u.cep, u.bairro, u.coordenadas_origem, \
                (SELECT COUNT(*) FROM suppliers s WHERE s.user_id = u.id) AS fornecedor \
         FROM users u WHERE u.id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?
    .ok_or(ApiError::Unauthorized)?;
    let aviso_localizacao =
        crate::places::seat_notice(u.coordenadas_origem.as_deref(), u.cidade.as_deref());
    Ok(UserInfo {
        user_id: u.id,
        name: u.nome,
        email: u.email,
        phone: u.telefone,
        city: u.cidade,
        street: u.rua,
        number: u.numero,
        complement: u.complemento,
        latitude: u.latitude,
        longitude: u.longitude,
        cep: u
            .cep
            .as_deref()
            .and_then(|c| wasm_core::cep::Cep::parse(c).ok())
            .map(|c| c.masked()),
        bairro: u.bairro,
        aviso_localizacao,
        kind: (u.fornecedor > 0).then_some(1),
        admin: is_admin,
    })
}

/// `iniciar_login`: a single-use nonce and the issuer's authorization endpoint.
pub async fn start_login(state: &AppState) -> ApiResult<LoginStart> {
    let discovery = state.oidc.discovery().await?;
    let nonce: String = rand::rng()
        .sample_iter(&Alphanumeric)
        .take(32)
        .map(char::from)
        .collect();
    let now = now_ms();
    sqlx::query("DELETE FROM login_nonces WHERE expira_em < $1")
        .bind(now)
        .execute(&state.db)
        .await?;
    sqlx::query("INSERT INTO login_nonces (nonce, expira_em) VALUES ($1, $2)")
        .bind(&nonce)
        .bind(now + NONCE_TTL_MS)
        .execute(&state.db)
        .await?;
    Ok(LoginStart {
        nonce,
        authorization_endpoint: discovery.authorization_endpoint.clone(),
        client_id: state.oidc.client_id().to_owned(),
        scope: "openid email profile",
    })
}

/// `login_site`.
pub async fn login_site(
    state: &AppState,
    caller: MaybeAuthUser,
    req: LoginSite,
) -> ApiResult<SignedIn> {
    let Some(proof) = req.user else {
        let user = AuthUser::try_from(caller)?;
        return Ok(SignedIn {
            userinfo: userinfo(&state.db, &user.id, user.is_admin).await?,
            token: None,
        });
    };
    let claims = state.oidc.verify(&proof.id_token, &proof.nonce).await?;
    // The nonce must be one we issued, unexpired and unused: a token cannot be replayed.
    let consumed = sqlx::query("DELETE FROM login_nonces WHERE nonce = $1 AND expira_em >= $2")
        .bind(&proof.nonce)
        .bind(now_ms())
        .execute(&state.db)
        .await?
        .rows_affected();
    if consumed != 1 {
        tracing::warn!("sign-in with an unknown or used nonce");
        return Err(ApiError::Unauthorized);
    }
    let email = claims
        .email
        .as_deref()
        .map(|e| e.trim().to_lowercase())
        .filter(|e| e.contains('@'))
        .ok_or_else(|| ApiError::bad_request("Sua conta não informou um e-mail."))?;
    // The e-mail is an account's key (the admin's is `ADMIN_EMAIL`, seeded accounts are claimed
    // by it): one the issuer has not verified never signs in, so it can never be the admin's,
    // claim an account or take an address from its owner.
    if !claims.email_is_verified() {
        tracing::warn!("sign-in with an unverified e-mail refused");
        return Err(ApiError::bad_request(EMAIL_NAO_VERIFICADO));
    }
    let user_id = upsert_user(
        &state.db,
        &claims.iss,
        &claims.sub,
        &email,
        claims.name.as_deref(),
    )
    .await?;
    let token = session::create(&state.db, &user_id, state.config.security.session_ttl).await?;
    let is_admin = state
        .config
        .security
        .admin_email
        .as_deref()
        .is_some_and(|a| a == email);
    Ok(SignedIn {
        userinfo: userinfo(&state.db, &user_id, is_admin).await?,
        token: Some(token),
    })
}

/// *Gap:* the issuer has not verified the account's e-mail.
pub const EMAIL_NAO_VERIFICADO: &str =
    "Seu e-mail ainda não foi verificado. Confirme-o na sua conta e entre de novo.";

/// Finds the user of this identity, or claims a pre-registered account with the same (verified)
/// e-mail (demo data), or creates one.
async fn upsert_user(
    db: &Db,
    issuer: &str,
    subject: &str,
    email: &str,
    name: Option<&str>,
) -> ApiResult<String> {
    let existing: Option<String> =
        sqlx::query_scalar("SELECT id FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2")
            .bind(issuer)
            .bind(subject)
            .fetch_optional(db)
            .await?;
    if let Some(id) = existing {
        return Ok(id);
    }
    let claimed: Option<String> = sqlx::query_scalar(
        "UPDATE users SET oidc_issuer = $1, oidc_subject = $2 \
         WHERE email = $3 AND oidc_subject IS NULL RETURNING id",
    )
    .bind(issuer)
    .bind(subject)
    .bind(email)
    .fetch_optional(db)
    .await?;
    if let Some(id) = claimed {
        return Ok(id);
    }
    // The issuer's name is input too: one line, no control characters.
    let nome = name
        .map(wasm_core::text::single_line)
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| email.split('@').next().unwrap_or_default().to_owned());
    let id = new_id();
    let inserted = sqlx::query(
        "INSERT INTO users (id, oidc_issuer, oidc_subject, email, nome, criado_em) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING",
    )
    .bind(&id)
    .bind(issuer)
    .bind(subject)
    .bind(email)
    .bind(&nome)
    .bind(now_ms())
    .execute(db)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(ApiError::Conflict(
            "Este e-mail já está ligado a outra conta.".into(),
        ));
    }
    Ok(id)
}

/// `logout_site`: revokes the session of this request.
pub async fn logout_site(state: &AppState, user: AuthUser) -> ApiResult<Done> {
    session::revoke(&state.db, &user.token).await?;
    state.events.session_ended(&user.token);
    Ok(Done::default())
}

/// Longest name accepted.
const MAX_NAME: usize = 80;

/// `alterar_nome`: the signed-in user's own name (the payload's `usuario` is ignored).
pub async fn change_name(
    state: &AppState,
    user: AuthUser,
    req: ChangeName,
) -> ApiResult<NameChanged> {
    let nome = req.nome.trim();
    if nome.is_empty() {
        return Err(ApiError::bad_request("Insira um nome!"));
    }
    if nome.chars().count() > MAX_NAME {
        return Err(ApiError::bad_request(format!(
            "O nome deve ter no máximo {MAX_NAME} caracteres."
        )));
    }
    sqlx::query("UPDATE users SET nome = $1 WHERE id = $2")
        .bind(nome)
        .bind(&user.id)
        .execute(&state.db)
        .await?;
    Ok(NameChanged {
        ok: True,
        name: nome.to_owned(),
    })
}

//! Sign-in, sign-out and the personal data of the signed-in user: `iniciar_login`,
//! `login_site`, `logout_site`, `alterar_nome`.

use crate::{
    auth::{AuthUser, MaybeAuthUser, session},
    db::{Db, new_id, now_ms},
    error::{ApiError, ApiResult},
    state::AppState,
};
use rand::{Rng, distr::Alphanumeric};
use serde::Deserialize;
use serde_json::{Value, json};

/// How long a sign-in may take between `iniciar_login` and `login_site`.
const NONCE_TTL_MS: i64 = 10 * 60 * 1000;

/// `login_site`: with `user`, a fresh sign-in; without, "who am I" for the current session.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginSite {
    #[serde(default)]
    pub user: Option<IdentityProof>,
}

/// What the popup brought back.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct IdentityProof {
    pub id_token: String,
    pub nonce: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ChangeName {
    pub nome: String,
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
    fornecedor: i64,
}

/// The `userinfo` object of `user_id`.
pub async fn userinfo(db: &Db, user_id: &str, is_admin: bool) -> ApiResult<Value> {
    let u: UserRow = sqlx::query_as(
        "SELECT u.id, u.nome, u.email, u.telefone, u.cidade, u.rua, u.numero, u.complemento, \
                u.latitude, u.longitude, \
                (SELECT COUNT(*) FROM suppliers s WHERE s.user_id = u.id) AS fornecedor \
         FROM users u WHERE u.id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?
    .ok_or(ApiError::Unauthorized)?;
    Ok(json!({
        "usuario": u.id,
        "nome": u.nome,
        "email": u.email,
        "telefone": u.telefone,
        "cidade": u.cidade,
        "rua": u.rua,
        "numero": u.numero,
        "complemento": u.complemento,
        "latitude": u.latitude,
        "longitude": u.longitude,
        "type": (u.fornecedor > 0).then_some(1),
        "admin": is_admin,
    }))
}

/// `iniciar_login`: a single-use nonce and the issuer's authorization endpoint.
pub async fn start_login(state: &AppState) -> ApiResult<Value> {
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
    Ok(json!({
        "nonce": nonce,
        "authorization_endpoint": discovery.authorization_endpoint,
        "client_id": state.oidc.client_id(),
        "scope": "openid email profile",
    }))
}

/// `login_site`.
pub async fn login_site(
    state: &AppState,
    caller: MaybeAuthUser,
    req: LoginSite,
) -> ApiResult<Value> {
    let Some(proof) = req.user else {
        let user = AuthUser::try_from(caller)?;
        return Ok(json!({ "userinfo": userinfo(&state.db, &user.id, user.is_admin).await? }));
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
    let user_id = upsert_user(
        &state.db,
        &claims.iss,
        &claims.sub,
        &email,
        claims.email_is_verified(),
        claims.name.as_deref(),
    )
    .await?;
    let token = session::create(&state.db, &user_id, state.config.session_ttl).await?;
    let is_admin = state
        .config
        .admin_email
        .as_deref()
        .is_some_and(|a| a == email);
    Ok(json!({
        "userinfo": userinfo(&state.db, &user_id, is_admin).await?,
        "token": token,
    }))
}

/// Finds the user of this identity, or claims a pre-registered account with the same verified
/// e-mail (demo data), or creates one.
async fn upsert_user(
    db: &Db,
    issuer: &str,
    subject: &str,
    email: &str,
    email_verified: bool,
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
    if email_verified {
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
    }
    let nome = name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
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
pub async fn logout_site(state: &AppState, user: AuthUser) -> ApiResult<Value> {
    session::revoke(&state.db, &user.token).await?;
    Ok(json!({ "ok": true }))
}

/// Longest name accepted.
const MAX_NAME: usize = 80;

/// `alterar_nome`: the signed-in user's own name (the payload's `usuario` is ignored).
pub async fn change_name(state: &AppState, user: AuthUser, req: ChangeName) -> ApiResult<Value> {
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
    Ok(json!({ "ok": true, "nome": nome }))
}

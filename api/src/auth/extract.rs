//! Who is calling, from the verified session token only (decisions.md §2): `MaybeAuthUser` for
//! public actions, `AuthUser` for signed-in ones, `Admin` for the administrator's.

use super::session;
use crate::{error::ApiError, state::AppState};
use axum::{extract::FromRequestParts, http::request::Parts};

/// A signed-in user.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: String,
    pub email: String,
    /// The bearer token of this request (to revoke it at sign-out).
    pub token: String,
    pub is_admin: bool,
}

/// The caller, signed in or not. `bad_token` is set when a token was sent but is not a live
/// session (expired, revoked, forged): actions that need a user then answer 401.
#[derive(Debug, Clone, Default)]
pub struct MaybeAuthUser {
    pub user: Option<AuthUser>,
    pub bad_token: bool,
}

/// The administrator (the user whose e-mail is `ADMIN_EMAIL`).
#[derive(Debug, Clone)]
pub struct Admin(pub AuthUser);

impl TryFrom<MaybeAuthUser> for AuthUser {
    type Error = ApiError;
    fn try_from(m: MaybeAuthUser) -> Result<Self, ApiError> {
        m.user.ok_or(ApiError::Unauthorized)
    }
}

impl TryFrom<AuthUser> for Admin {
    type Error = ApiError;
    fn try_from(u: AuthUser) -> Result<Self, ApiError> {
        if u.is_admin {
            Ok(Admin(u))
        } else {
            Err(ApiError::Forbidden)
        }
    }
}

impl TryFrom<MaybeAuthUser> for Admin {
    type Error = ApiError;
    fn try_from(m: MaybeAuthUser) -> Result<Self, ApiError> {
        AuthUser::try_from(m)?.try_into()
    }
}

fn bearer(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Some(token) = bearer(parts) else {
            return Ok(Self::default());
        };
        let Some((user_id, email)) = session::account_for(&state.db, token).await? else {
            return Ok(Self {
                user: None,
                bad_token: true,
            });
        };
        let is_admin = state
            .config
            .security
            .admin_email
            .as_deref()
            .is_some_and(|a| a.eq_ignore_ascii_case(&email));
        Ok(Self {
            user: Some(AuthUser {
                id: user_id,
                email,
                token: token.to_owned(),
                is_admin,
            }),
            bad_token: false,
        })
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        MaybeAuthUser::from_request_parts(parts, state)
            .await?
            .try_into()
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        AuthUser::from_request_parts(parts, state).await?.try_into()
    }
}

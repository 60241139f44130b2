//! The administrator's actions (issue 7; spec §2 'Admin panel', §6 'Administrator', §7):
//! `loading_admin` (every supplier), `invisivel` (hide or show a supplier everywhere public),
//! `pegar_clientes` (the customers), `pegar_solicitacoes_saque` and `confirmar_saque` (pending
//! withdrawal requests and their payout, decisions.md §9), and `start_site_admin` (a supplier's
//! storefront as the admin sees it, hidden or not).
//!
//! Every handler takes the [`Admin`] extractor, so any other session is refused with 403 before
//! the payload is read for anything (decisions.md §2). People and visibility are in [`people`],
//! withdrawals in [`withdrawals`]; the storefront reuses the catalogue's code.

mod people;
mod withdrawals;

use crate::{
    auth::{Admin, MaybeAuthUser},
    error::ApiResult,
    rpc::catalog,
    state::AppState,
};
use serde::Deserialize;
use serde_json::Value;

/// The administrator's actions, by `codigo`.
pub const ACTIONS: [&str; 6] = [
    "loading_admin",
    "invisivel",
    "pegar_clientes",
    "pegar_solicitacoes_saque",
    "confirmar_saque",
    "start_site_admin",
];

/// Just the action of a request body.
#[derive(Deserialize)]
struct Action<'a> {
    #[serde(borrow)]
    codigo: Option<std::borrow::Cow<'a, str>>,
}

/// Refuses an admin action from anyone but the admin before its payload is looked at, so a
/// malformed payload is still 403 (or 401 without a session), never a hint about the payload.
pub fn guard(body: &[u8], caller: &MaybeAuthUser) -> ApiResult<()> {
    let Ok(Action {
        codigo: Some(codigo),
    }) = serde_json::from_slice::<Action<'_>>(body)
    else {
        return Ok(());
    };
    if ACTIONS.contains(&codigo.as_ref()) {
        Admin::try_from(caller.clone())?;
    }
    Ok(())
}

/// `invisivel`: `userforn` is the supplier's user id; `invisivel: true` hides it.
#[derive(Debug, Deserialize)]
pub struct SetVisibility {
    pub userforn: String,
    pub invisivel: bool,
}

/// `confirmar_saque`: `userforn` carries the withdrawal request's id (the spec's field name).
#[derive(Debug, Deserialize)]
pub struct ConfirmWithdrawal {
    pub userforn: String,
}

/// `start_site_admin`: the store URL, or the supplier's user id (the panel links
/// `/admin/{usuario}`).
#[derive(Debug, Deserialize)]
pub struct AdminStorefront {
    pub urlforn: String,
}

/// `loading_admin`.
pub async fn suppliers(state: &AppState, _admin: Admin) -> ApiResult<Value> {
    people::suppliers(state).await
}

/// `invisivel`.
pub async fn set_visibility(
    state: &AppState,
    _admin: Admin,
    req: SetVisibility,
) -> ApiResult<Value> {
    people::set_visibility(state, req).await
}

/// `pegar_clientes`.
pub async fn customers(state: &AppState, _admin: Admin) -> ApiResult<Value> {
    people::customers(state).await
}

/// `pegar_solicitacoes_saque`.
pub async fn pending_withdrawals(state: &AppState, _admin: Admin) -> ApiResult<Value> {
    withdrawals::pending(state).await
}

/// `confirmar_saque`.
pub async fn confirm_withdrawal(
    state: &AppState,
    _admin: Admin,
    req: ConfirmWithdrawal,
) -> ApiResult<Value> {
    withdrawals::confirm(state, &req.userforn).await
}

/// `start_site_admin`: the public storefront's answer, for any supplier, hidden ones included.
pub async fn storefront(state: &AppState, _admin: Admin, req: AdminStorefront) -> ApiResult<Value> {
    catalog::admin_storefront(state, &req.urlforn).await
}

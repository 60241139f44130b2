//! The RPC contract: `POST /api` with `{"codigo": "<action>", ...fields}` (decisions.md §1).
//! Every action is one variant of [`Request`] with its typed payload, and the dispatcher's one
//! `match` sends it to its handler. Identity comes from the session (extractors), never from
//! the payload.

pub mod account;
pub mod address;
pub mod admin;
pub mod ads;
pub mod catalog;
pub mod notary;
pub mod orders;

use crate::{
    auth::{AuthUser, MaybeAuthUser},
    error::{ApiError, ApiResult},
    startup::AppState,
};
use axum::{Json, body::Bytes, extract::State};
use serde::Deserialize;
use serde_json::Value;

/// Every action of the contract, by its `codigo`.
#[derive(Debug, Deserialize)]
#[serde(tag = "codigo")]
pub enum Request {
    /// Starts a sign-in: a fresh nonce and where to send the user.
    #[serde(rename = "iniciar_login")]
    StartLogin,
    #[serde(rename = "login_site")]
    LoginSite(account::LoginSite),
    #[serde(rename = "logout_site")]
    LogoutSite,
    #[serde(rename = "alterar_nome")]
    ChangeName(account::ChangeName),
    #[serde(rename = "gerar_coordenadas")]
    GenerateCoordinates(wasm_core::forms::AddressForm),
    #[serde(rename = "alterar_endereco")]
    ChangeAddress(wasm_core::forms::AddressForm),
    #[serde(rename = "finalizar_pedido")]
    PlaceOrder(orders::PlaceOrder),
    #[serde(rename = "pegar_pedidos")]
    ListOrders,
    #[serde(rename = "consultar_pagamento")]
    CheckPayment(orders::CheckPayment),
    #[serde(rename = "cancelar_pedido")]
    CancelOrder(orders::CancelOrder),
    #[serde(rename = "pegar_produtos_anuncios_site")]
    CatalogHome(catalog::HomeListing),
    #[serde(rename = "pegar_produtos_anuncios_site2")]
    CatalogFirstPage(catalog::FirstPage),
    #[serde(rename = "pegar_produtos_anuncios_local")]
    CatalogNextPage(catalog::NextPage),
    #[serde(rename = "search")]
    CatalogSearch(catalog::Search),
    #[serde(rename = "pegar_lojas")]
    Stores,
    #[serde(rename = "start_site")]
    StartSite(catalog::StartSite),
    #[serde(rename = "pegar_produto_url_site")]
    ProductDetail(catalog::ItemRef),
    #[serde(rename = "pegar_anuncio_url_site")]
    AdDetail(catalog::ItemRef),
    #[serde(rename = "pegar_dadosforn")]
    SupplierData(catalog::SupplierRef),
    #[serde(rename = "validar_cupom")]
    CheckCoupon(catalog::CheckCoupon),
    #[serde(rename = "loading_admin")]
    AdminSuppliers,
    #[serde(rename = "invisivel")]
    AdminSetVisibility(admin::SetVisibility),
    #[serde(rename = "pegar_clientes")]
    AdminCustomers,
    #[serde(rename = "pegar_solicitacoes_saque")]
    AdminPendingWithdrawals,
    #[serde(rename = "confirmar_saque")]
    AdminConfirmWithdrawal(admin::ConfirmWithdrawal),
    #[serde(rename = "start_site_admin")]
    AdminStorefront(admin::AdminStorefront),
    #[serde(rename = "adicionar_anuncio")]
    AddAd(ads::AddAd),
    #[serde(rename = "pegar_anuncios")]
    ListAds,
    #[serde(rename = "editar_anuncio")]
    EditAd(ads::EditAd),
    #[serde(rename = "excluir_anuncio")]
    DeleteAd(ads::DeleteAd),
    #[serde(rename = "upload_foto_anuncio")]
    UploadAdPhoto(ads::UploadPhoto),
    #[serde(rename = "excluir_foto_anuncio")]
    DeleteAdPhoto(ads::DeletePhoto),
    #[serde(rename = "pegar_fichas_blockchain")]
    TokenBalance,
    #[serde(rename = "gerarpix_blockchain")]
    BuyTokens(notary::BuyTokens),
    #[serde(rename = "upload_blockchain")]
    UploadNotarisation(notary::UploadJson),
    #[serde(rename = "verificar_blockchain")]
    VerifyNotarisation(notary::VerifyRecord),
}

/// The message for a `codigo` no handler knows (decisions.md §1).
pub const UNKNOWN_ACTION: &str = "Ação desconhecida";

/// Decodes a request body into a [`Request`], telling an unknown action from a bad payload.
pub fn parse(body: &[u8]) -> ApiResult<Request> {
    let value: Value =
        serde_json::from_slice(body).map_err(|_| ApiError::bad_request("Requisição inválida."))?;
    if !value.get("codigo").is_some_and(Value::is_string) {
        return Err(ApiError::bad_request(UNKNOWN_ACTION));
    }
    serde_json::from_value(value).map_err(|e| {
        if e.to_string().starts_with("unknown variant") {
            ApiError::bad_request(UNKNOWN_ACTION)
        } else {
            tracing::debug!(error = %e, "bad payload");
            ApiError::bad_request("Dados inválidos.")
        }
    })
}

/// `POST /api`.
pub async fn handle(
    State(state): State<AppState>,
    caller: MaybeAuthUser,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    admin::guard(&body, &caller)?;
    let request = parse(&body)?;
    let answer = match request {
        Request::StartLogin => account::start_login(&state).await?,
        Request::LoginSite(r) => account::login_site(&state, caller, r).await?,
        Request::LogoutSite => account::logout_site(&state, AuthUser::try_from(caller)?).await?,
        Request::ChangeName(r) => {
            account::change_name(&state, AuthUser::try_from(caller)?, r).await?
        }
        Request::GenerateCoordinates(r) => address::generate_coordinates(&state, r).await?,
        Request::ChangeAddress(r) => {
            address::change_address(&state, AuthUser::try_from(caller)?, r).await?
        }
        Request::PlaceOrder(r) => orders::place_order(&state, caller.try_into()?, r).await?,
        Request::ListOrders => orders::list_orders(&state, caller.try_into()?).await?,
        Request::CheckPayment(r) => orders::check_payment(&state, caller.try_into()?, r).await?,
        Request::CancelOrder(r) => orders::cancel_order(&state, caller.try_into()?, r).await?,
        Request::CatalogHome(r) => catalog::home(&state, r).await?,
        Request::CatalogFirstPage(r) => catalog::first_page(&state, r).await?,
        Request::CatalogNextPage(r) => catalog::next_page(&state, r).await?,
        Request::CatalogSearch(r) => catalog::search(&state, r).await?,
        Request::Stores => catalog::stores(&state).await?,
        Request::StartSite(r) => catalog::start_site(&state, r).await?,
        Request::ProductDetail(r) => catalog::product_detail(&state, r).await?,
        Request::AdDetail(r) => catalog::ad_detail(&state, r).await?,
        Request::SupplierData(r) => catalog::supplier_data(&state, r).await?,
        Request::CheckCoupon(r) => catalog::check_coupon(&state, r).await?,
        Request::AdminSuppliers => admin::suppliers(&state, caller.try_into()?).await?,
        Request::AdminSetVisibility(r) => {
            admin::set_visibility(&state, caller.try_into()?, r).await?
        }
        Request::AdminCustomers => admin::customers(&state, caller.try_into()?).await?,
        Request::AdminPendingWithdrawals => {
            admin::pending_withdrawals(&state, caller.try_into()?).await?
        }
        Request::AdminConfirmWithdrawal(r) => {
            admin::confirm_withdrawal(&state, caller.try_into()?, r).await?
        }
        Request::AdminStorefront(r) => admin::storefront(&state, caller.try_into()?, r).await?,
        Request::AddAd(r) => ads::add_ad(&state, caller.try_into()?, r).await?,
        Request::ListAds => ads::list_ads(&state, caller.try_into()?).await?,
        Request::EditAd(r) => ads::edit_ad(&state, caller.try_into()?, r).await?,
        Request::DeleteAd(r) => ads::delete_ad(&state, caller.try_into()?, r).await?,
        Request::UploadAdPhoto(r) => ads::upload_photo(&state, caller.try_into()?, r).await?,
        Request::DeleteAdPhoto(r) => ads::delete_photo(&state, caller.try_into()?, r).await?,
        Request::TokenBalance => notary::balance(&state, caller.try_into()?).await?,
        Request::BuyTokens(r) => notary::buy_tokens(&state, caller.try_into()?, r).await?,
        Request::UploadNotarisation(r) => {
            notary::upload_json(&state, caller.try_into()?, r).await?
        }
        Request::VerifyNotarisation(r) => notary::verify_record(&state, r).await?,
    };
    Ok(Json(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(body: &str) -> String {
        match parse(body.as_bytes()) {
            Err(ApiError::BadRequest(m)) => m,
            other => panic!("expected a bad request, got {other:?}"),
        }
    }

    #[test]
    fn unknown_or_missing_codigo_is_an_unknown_action() {
        assert_eq!(error_of(r#"{"codigo":"voar"}"#), UNKNOWN_ACTION);
        assert_eq!(error_of(r#"{"x":1}"#), UNKNOWN_ACTION);
        assert_eq!(error_of(r#"{"codigo":3}"#), UNKNOWN_ACTION);
    }

    #[test]
    fn bad_json_and_bad_payloads_are_told_apart() {
        assert_eq!(error_of("{"), "Requisição inválida.");
        assert_eq!(error_of(r#"{"codigo":"alterar_nome"}"#), "Dados inválidos.");
    }

    #[test]
    fn extra_fields_such_as_usuario_are_ignored() {
        let r = parse(br#"{"codigo":"alterar_nome","usuario":"someone-else","nome":"Ana"}"#);
        assert!(matches!(r, Ok(Request::ChangeName(_))));
    }
}

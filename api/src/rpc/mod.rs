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
pub mod supplier;

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
    #[serde(rename = "cadastro_fornecedor")]
    RegisterSupplier(supplier::registration::Register),
    #[serde(rename = "loading_forn_site")]
    LoadSupplierPanel(supplier::panel::LoadPanel),
    #[serde(rename = "editar_dados_fornecedor")]
    EditSupplierProfile(supplier::registration::EditProfile),
    #[serde(rename = "editar_locais_fornecedor")]
    EditSupplierPlaces(supplier::registration::EditPlaces),
    #[serde(rename = "alterar_visibilidade")]
    SetSupplierHidden(supplier::registration::SetHidden),
    #[serde(rename = "alterar_compras")]
    SetSupplierPurchases(supplier::registration::SetPurchases),
    #[serde(rename = "editar_imagens_fornecedor")]
    EditSupplierImages(supplier::photos::EditImages),
    #[serde(rename = "adicionar_produto")]
    AddProduct(supplier::products::AddProduct),
    #[serde(rename = "pegar_produtos_fornecedor")]
    SupplierProducts,
    #[serde(rename = "editar_produto_site")]
    EditProduct(supplier::products::EditProduct),
    #[serde(rename = "editar_icone_produto_site")]
    EditProductIcon(supplier::photos::ProductIcon),
    #[serde(rename = "excluir_foto")]
    RemoveProductPhoto(supplier::photos::ProductPhoto),
    #[serde(rename = "upload_foto")]
    UploadProductPhoto(supplier::photos::ProductPhoto),
    #[serde(rename = "adicionar_promocao")]
    AddPromotion(supplier::products::ProductAction),
    #[serde(rename = "remover_promocao")]
    RemovePromotion(supplier::products::ProductAction),
    #[serde(rename = "habilitar_produto")]
    EnableProduct(supplier::products::ProductAction),
    #[serde(rename = "desabilitar_produto")]
    DisableProduct(supplier::products::ProductAction),
    #[serde(rename = "excluir_produto")]
    RemoveProduct(supplier::products::ProductAction),
    #[serde(rename = "adicionar_categoria_produto")]
    SetProductCategory(supplier::products::ProductAction),
    #[serde(rename = "remover_categoria_produto")]
    ClearProductCategory(supplier::products::ProductAction),
    #[serde(rename = "adicionar_categoria")]
    AddStoreCategory(supplier::store::CategoryAction),
    #[serde(rename = "remover_categoria")]
    RemoveStoreCategory(supplier::store::CategoryAction),
    #[serde(rename = "adicionar_cupom")]
    AddCoupon(supplier::store::AddCoupon),
    #[serde(rename = "excluir_cupom")]
    RemoveCoupon(supplier::store::RemoveCoupon),
    #[serde(rename = "pegar_entregas_pendentes")]
    PendingDeliveries,
    #[serde(rename = "pegar_ticket_eventos")]
    EventTicket,
    #[serde(rename = "pegar_entregas")]
    DeliveryHistory(supplier::deliveries::Period),
    #[serde(rename = "cancelar_entrega")]
    CancelDelivery(supplier::deliveries::OrderAction),
    #[serde(rename = "confirmar_entrega")]
    ConfirmDelivery(supplier::deliveries::OrderAction),
    #[serde(rename = "pegar_gestao")]
    Management(supplier::deliveries::Period),
    #[serde(rename = "verificar_url_site")]
    CheckStoreUrl(supplier::settings::CheckUrl),
    #[serde(rename = "criar_site")]
    CreateSite(supplier::settings::CreateSite),
    #[serde(rename = "entregas_edit")]
    EditDelivery(supplier::settings::EditDelivery),
    #[serde(rename = "pegar_infos_pagamentos")]
    PaymentInfo,
    #[serde(rename = "opcoes_pagamento")]
    PaymentOptions(supplier::payments::PaymentChoice),
    #[serde(rename = "pegar_historico_pagamentos")]
    PaymentHistory,
    #[serde(rename = "alterar_pix")]
    SetPixKey(supplier::payments::PixKey),
    #[serde(rename = "transferir")]
    Withdraw(supplier::payments::PixKey),
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
    crate::metrics::rpc_action(&body);
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
        Request::RegisterSupplier(r) => {
            supplier::registration::register(&state, caller.try_into()?, r).await?
        }
        Request::LoadSupplierPanel(r) => {
            supplier::panel::load(&state, caller.try_into()?, r).await?
        }
        Request::EditSupplierProfile(r) => {
            supplier::registration::edit_profile(&state, caller.try_into()?, r).await?
        }
        Request::EditSupplierPlaces(r) => {
            supplier::registration::edit_places(&state, caller.try_into()?, r).await?
        }
        Request::SetSupplierHidden(r) => {
            supplier::registration::set_hidden(&state, caller.try_into()?, r).await?
        }
        Request::SetSupplierPurchases(r) => {
            supplier::registration::set_purchases(&state, caller.try_into()?, r).await?
        }
        Request::EditSupplierImages(r) => {
            supplier::photos::edit_images(&state, caller.try_into()?, r).await?
        }
        Request::AddProduct(r) => supplier::products::add(&state, caller.try_into()?, r).await?,
        Request::SupplierProducts => supplier::products::list(&state, caller.try_into()?).await?,
        Request::EditProduct(r) => supplier::products::edit(&state, caller.try_into()?, r).await?,
        Request::EditProductIcon(r) => {
            supplier::photos::product_icon(&state, caller.try_into()?, r).await?
        }
        Request::RemoveProductPhoto(r) => {
            supplier::photos::remove(&state, caller.try_into()?, r).await?
        }
        Request::UploadProductPhoto(r) => {
            supplier::photos::upload(&state, caller.try_into()?, r).await?
        }
        Request::AddPromotion(r) => {
            supplier::products::add_promotion(&state, caller.try_into()?, r).await?
        }
        Request::RemovePromotion(r) => {
            supplier::products::remove_promotion(&state, caller.try_into()?, r).await?
        }
        Request::EnableProduct(r) => {
            supplier::products::set_disabled(&state, caller.try_into()?, r, false).await?
        }
        Request::DisableProduct(r) => {
            supplier::products::set_disabled(&state, caller.try_into()?, r, true).await?
        }
        Request::RemoveProduct(r) => {
            supplier::products::remove(&state, caller.try_into()?, r).await?
        }
        Request::SetProductCategory(r) => {
            supplier::products::set_category(&state, caller.try_into()?, r).await?
        }
        Request::ClearProductCategory(r) => {
            supplier::products::clear_category(&state, caller.try_into()?, r).await?
        }
        Request::AddStoreCategory(r) => {
            supplier::store::add_category(&state, caller.try_into()?, r).await?
        }
        Request::RemoveStoreCategory(r) => {
            supplier::store::remove_category(&state, caller.try_into()?, r).await?
        }
        Request::AddCoupon(r) => supplier::store::add_coupon(&state, caller.try_into()?, r).await?,
        Request::RemoveCoupon(r) => {
            supplier::store::remove_coupon(&state, caller.try_into()?, r).await?
        }
        Request::EventTicket => supplier::events::event_ticket(&state, caller.try_into()?).await?,
        Request::PendingDeliveries => {
            supplier::deliveries::pending(&state, caller.try_into()?).await?
        }
        Request::DeliveryHistory(r) => {
            supplier::deliveries::history(&state, caller.try_into()?, r).await?
        }
        Request::CancelDelivery(r) => {
            supplier::deliveries::cancel(&state, caller.try_into()?, r).await?
        }
        Request::ConfirmDelivery(r) => {
            supplier::deliveries::confirm(&state, caller.try_into()?, r).await?
        }
        Request::Management(r) => {
            supplier::deliveries::management(&state, caller.try_into()?, r).await?
        }
        Request::CheckStoreUrl(r) => supplier::settings::check_url(&state, caller, r).await?,
        Request::CreateSite(r) => {
            supplier::settings::create_site(&state, caller.try_into()?, r).await?
        }
        Request::EditDelivery(r) => {
            supplier::settings::edit_delivery(&state, caller.try_into()?, r).await?
        }
        Request::PaymentInfo => supplier::payments::info(&state, caller.try_into()?).await?,
        Request::PaymentOptions(r) => {
            supplier::payments::set_options(&state, caller.try_into()?, r).await?
        }
        Request::PaymentHistory => supplier::payments::history(&state, caller.try_into()?).await?,
        Request::SetPixKey(r) => supplier::payments::set_pix(&state, caller.try_into()?, r).await?,
        Request::Withdraw(r) => supplier::payments::withdraw(&state, caller.try_into()?, r).await?,
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

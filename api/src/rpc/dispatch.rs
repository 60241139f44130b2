//! The dispatcher: one `match` over every [`Request`], each sent to its handler (one file per
//! area), each answering with its own [`Answer`] variant.

use super::{Answer, Request, account, address, admin, ads, catalog, notary, orders, supplier};
use crate::{
    auth::{AuthUser, MaybeAuthUser},
    error::ApiResult,
    state::AppState,
};

/// Runs one decoded action: `POST /api`'s, and the cacheable reads' of `GET /api?codigo=…`
/// ([`super::reads`]).
pub async fn dispatch(
    state: AppState,
    caller: MaybeAuthUser,
    request: Request,
    context: super::Context,
) -> ApiResult<Answer> {
    let codigo = request.codigo();
    let answer = match request {
        Request::StartLogin => Answer::StartLogin(account::start_login(&state).await?),
        Request::LoginSite(r) => Answer::LoginSite(account::login_site(&state, caller, r).await?),
        Request::LogoutSite => {
            Answer::LogoutSite(account::logout_site(&state, AuthUser::try_from(caller)?).await?)
        }
        Request::ChangeName(r) => {
            Answer::ChangeName(account::change_name(&state, AuthUser::try_from(caller)?, r).await?)
        }
        Request::GenerateCoordinates(r) => {
            Answer::GenerateCoordinates(address::generate_coordinates(&state, r).await?)
        }
        Request::ChangeAddress(r) => Answer::ChangeAddress(
            address::change_address(&state, AuthUser::try_from(caller)?, r).await?,
        ),
        Request::PlaceOrder(r) => Answer::PlaceOrder(
            orders::place::place_order(&state, caller.try_into()?, r, context.idempotency).await?,
        ),
        Request::ListOrders => {
            Answer::ListOrders(orders::view::list_orders(&state, caller.try_into()?).await?)
        }
        Request::CheckPayment(r) => Answer::CheckPayment(
            orders::payment::check_payment(&state, caller.try_into()?, r).await?,
        ),
        Request::CancelOrder(r) => {
            Answer::CancelOrder(orders::cancel::cancel_order(&state, caller.try_into()?, r).await?)
        }
        Request::CatalogHome(r) => Answer::CatalogHome(catalog::home(&state, r).await?),
        Request::CatalogFirstPage(r) => {
            Answer::CatalogFirstPage(catalog::first_page(&state, r).await?)
        }
        Request::CatalogNextPage(r) => {
            Answer::CatalogNextPage(catalog::next_page(&state, r).await?)
        }
        Request::CatalogSearch(r) => Answer::CatalogSearch(catalog::search(&state, r).await?),
        Request::Stores(r) => Answer::Stores(catalog::stores::stores(&state, r).await?),
        Request::StartSite(r) => Answer::StartSite(catalog::stores::start_site(&state, r).await?),
        Request::ProductDetail(r) => {
            Answer::ProductDetail(catalog::stores::product_detail(&state, r).await?)
        }
        Request::AdDetail(r) => Answer::AdDetail(catalog::stores::ad_detail(&state, r).await?),
        Request::SupplierData(r) => {
            Answer::SupplierData(catalog::stores::supplier_data(&state, r).await?)
        }
        Request::CheckCoupon(r) => {
            Answer::CheckCoupon(catalog::stores::check_coupon(&state, r).await?)
        }
        Request::AdminSuppliers => {
            Answer::AdminSuppliers(admin::people::suppliers(&state, caller.try_into()?).await?)
        }
        Request::AdminSetVisibility(r) => Answer::AdminSetVisibility(
            admin::people::set_visibility(&state, caller.try_into()?, r).await?,
        ),
        Request::AdminCustomers => {
            Answer::AdminCustomers(admin::people::customers(&state, caller.try_into()?).await?)
        }
        Request::AdminPendingWithdrawals => Answer::AdminPendingWithdrawals(
            admin::withdrawals::pending(&state, caller.try_into()?).await?,
        ),
        Request::AdminConfirmWithdrawal(r) => Answer::AdminConfirmWithdrawal(
            admin::withdrawals::confirm(&state, caller.try_into()?, r).await?,
        ),
        Request::AdminStorefront(r) => {
            Answer::AdminStorefront(admin::people::storefront(&state, caller.try_into()?, r).await?)
        }
        Request::AddAd(r) => Answer::AddAd(ads::add_ad(&state, caller.try_into()?, r).await?),
        Request::ListAds => Answer::ListAds(ads::list_ads(&state, caller.try_into()?).await?),
        Request::EditAd(r) => Answer::EditAd(ads::edit_ad(&state, caller.try_into()?, r).await?),
        Request::DeleteAd(r) => {
            Answer::DeleteAd(ads::delete_ad(&state, caller.try_into()?, r).await?)
        }
        Request::AdminPixIssues => {
            Answer::AdminPixIssues(admin::pix::pending(&state, caller.try_into()?).await?)
        }
        Request::AdminRetryRefund(r) => {
            Answer::AdminRetryRefund(admin::pix::retry_refund(&state, caller.try_into()?, r).await?)
        }
        Request::UploadAdPhoto(r) => {
            Answer::UploadAdPhoto(ads::photos::upload_photo(&state, caller.try_into()?, r).await?)
        }
        Request::DeleteAdPhoto(r) => {
            Answer::DeleteAdPhoto(ads::photos::delete_photo(&state, caller.try_into()?, r).await?)
        }
        Request::TokenBalance => {
            Answer::TokenBalance(notary::tokens::balance(&state, caller.try_into()?).await?)
        }
        Request::BuyTokens(r) => {
            Answer::BuyTokens(notary::tokens::buy(&state, caller.try_into()?, r).await?)
        }
        Request::UploadNotarisation(r) => Answer::UploadNotarisation(
            notary::upload::upload_json(&state, caller.try_into()?, r).await?,
        ),
        Request::VerifyNotarisation(r) => {
            Answer::VerifyNotarisation(notary::verify::verify(&state, r).await?)
        }
        Request::RegisterSupplier(r) => Answer::RegisterSupplier(
            supplier::registration::register(&state, caller.try_into()?, r).await?,
        ),
        Request::LoadSupplierPanel(r) => {
            Answer::LoadSupplierPanel(supplier::panel::load(&state, caller.try_into()?, r).await?)
        }
        Request::EditSupplierProfile(r) => Answer::EditSupplierProfile(
            supplier::registration::edit_profile(&state, caller.try_into()?, r).await?,
        ),
        Request::EditSupplierPlaces(r) => Answer::EditSupplierPlaces(
            supplier::registration::edit_places(&state, caller.try_into()?, r).await?,
        ),
        Request::SetSupplierHidden(r) => Answer::SetSupplierHidden(
            supplier::registration::set_hidden(&state, caller.try_into()?, r).await?,
        ),
        Request::SetSupplierPurchases(r) => Answer::SetSupplierPurchases(
            supplier::registration::set_purchases(&state, caller.try_into()?, r).await?,
        ),
        Request::EditSupplierImages(r) => Answer::EditSupplierImages(
            supplier::photos::edit_images(&state, caller.try_into()?, r).await?,
        ),
        Request::AddProduct(r) => {
            Answer::AddProduct(supplier::products::add(&state, caller.try_into()?, r).await?)
        }
        Request::SupplierProducts => {
            Answer::SupplierProducts(supplier::products::list(&state, caller.try_into()?).await?)
        }
        Request::EditProduct(r) => {
            Answer::EditProduct(supplier::products::edit(&state, caller.try_into()?, r).await?)
        }
        Request::EditProductIcon(r) => Answer::EditProductIcon(
            supplier::photos::product_icon(&state, caller.try_into()?, r).await?,
        ),
        Request::RemoveProductPhoto(r) => Answer::RemoveProductPhoto(
            supplier::photos::remove(&state, caller.try_into()?, r).await?,
        ),
        Request::UploadProductPhoto(r) => Answer::UploadProductPhoto(
            supplier::photos::upload(&state, caller.try_into()?, r).await?,
        ),
        Request::AddPromotion(r) => Answer::AddPromotion(
            supplier::products::add_promotion(&state, caller.try_into()?, r).await?,
        ),
        Request::RemovePromotion(r) => Answer::RemovePromotion(
            supplier::products::remove_promotion(&state, caller.try_into()?, r).await?,
        ),
        Request::EnableProduct(r) => Answer::EnableProduct(
            supplier::products::set_disabled(&state, caller.try_into()?, r, false).await?,
        ),
        Request::DisableProduct(r) => Answer::DisableProduct(
            supplier::products::set_disabled(&state, caller.try_into()?, r, true).await?,
        ),
        Request::RemoveProduct(r) => {
            Answer::RemoveProduct(supplier::products::remove(&state, caller.try_into()?, r).await?)
        }
        Request::SetProductCategory(r) => Answer::SetProductCategory(
            supplier::products::set_category(&state, caller.try_into()?, r).await?,
        ),
        Request::ClearProductCategory(r) => Answer::ClearProductCategory(
            supplier::products::clear_category(&state, caller.try_into()?, r).await?,
        ),
        Request::AddStoreCategory(r) => Answer::AddStoreCategory(
            supplier::store::add_category(&state, caller.try_into()?, r).await?,
        ),
        Request::RemoveStoreCategory(r) => Answer::RemoveStoreCategory(
            supplier::store::remove_category(&state, caller.try_into()?, r).await?,
        ),
        Request::AddCoupon(r) => {
            Answer::AddCoupon(supplier::store::add_coupon(&state, caller.try_into()?, r).await?)
        }
        Request::RemoveCoupon(r) => Answer::RemoveCoupon(
            supplier::store::remove_coupon(&state, caller.try_into()?, r).await?,
        ),
        Request::PendingDeliveries => Answer::PendingDeliveries(
            supplier::deliveries::pending(&state, caller.try_into()?).await?,
        ),
        Request::DeliveryHistory(r) => Answer::DeliveryHistory(
            supplier::deliveries::history(&state, caller.try_into()?, r).await?,
        ),
        Request::CancelDelivery(r) => Answer::CancelDelivery(
            supplier::deliveries::cancel(&state, caller.try_into()?, r).await?,
        ),
        Request::ConfirmDelivery(r) => Answer::ConfirmDelivery(
            supplier::deliveries::confirm(&state, caller.try_into()?, r).await?,
        ),
        Request::Management(r) => Answer::Management(
            supplier::deliveries::management(&state, caller.try_into()?, r).await?,
        ),
        Request::CheckStoreUrl(r) => {
            Answer::CheckStoreUrl(supplier::settings::check_url(&state, caller, r).await?)
        }
        Request::CreateSite(r) => Answer::CreateSite(
            supplier::settings::create_site(&state, caller.try_into()?, r).await?,
        ),
        Request::EditDelivery(r) => Answer::EditDelivery(
            supplier::settings::edit_delivery(&state, caller.try_into()?, r).await?,
        ),
        Request::PaymentInfo => {
            Answer::PaymentInfo(supplier::payments::info(&state, caller.try_into()?).await?)
        }
        Request::PaymentOptions(r) => Answer::PaymentOptions(
            supplier::payments::set_options(&state, caller.try_into()?, r).await?,
        ),
        Request::PaymentHistory => {
            Answer::PaymentHistory(supplier::payments::history(&state, caller.try_into()?).await?)
        }
        Request::SetPixKey(r) => {
            Answer::SetPixKey(supplier::payments::set_pix(&state, caller.try_into()?, r).await?)
        }
        Request::Withdraw(r) => {
            Answer::Withdraw(supplier::payments::withdraw(&state, caller.try_into()?, r).await?)
        }
        Request::EventTicket => {
            Answer::EventTicket(supplier::events::event_ticket(&state, caller.try_into()?).await?)
        }
        Request::LookUpCep(r) => {
            Answer::LookUpCep(address::cep::lookup(&state, caller.try_into()?, r).await?)
        }
    };
    debug_assert_eq!(
        answer.codigo(),
        codigo,
        "each action answers with its own answer"
    );
    Ok(answer)
}

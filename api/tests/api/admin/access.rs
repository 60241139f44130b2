//! Every admin action is 403 for a buyer's and a supplier's session (401 without one),
//! whatever the payload says, and changes nothing.

use super::{
    STORE, admin_requests, invisivel_flag, ok, paid_pix_order, payout_state, withdrawal_request,
};
use crate::fixtures::ADMIN_EMAIL;
use crate::fixtures::{BUYER, SUPPLIER, demo_app};
use serde_json::json;

#[tokio::test]
async fn every_admin_action_is_403_for_a_buyer_and_a_supplier_and_401_without_a_session() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    paid_pix_order(&app, &buyer, 2).await;
    let withdrawal = withdrawal_request(&app, "fornecedor@feira.test").await;
    for body in admin_requests(&withdrawal) {
        for (who, token) in [("buyer", &buyer), ("supplier", &supplier)] {
            let (status, res) = app.rpc(Some(token), body.clone()).await;
            assert_eq!(status, 403, "{who}: {body} → {res}");
            assert_eq!(res["error"], "Você não tem permissão para esta ação.");
            assert!(res.get("fornecedores").is_none() && res.get("clientes").is_none());
        }
        let (status, _) = app.rpc(None, body.clone()).await;
        assert_eq!(status, 401, "no session: {body}");
    }
    // Nothing changed.
    assert!(!invisivel_flag(&app).await);
    let (status, _, items) = payout_state(&app, &withdrawal).await;
    assert_eq!(status, "pendente");
    assert!(items.iter().all(|s| s == "2"), "{items:?}");
    // The admin may.
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    for body in [
        json!({"codigo": "loading_admin"}),
        json!({"codigo": "pegar_clientes"}),
        json!({"codigo": "pegar_solicitacoes_saque"}),
        json!({"codigo": "start_site_admin", "urlforn": STORE}),
    ] {
        ok(&app, Some(&admin), body).await;
    }
    let (status, _) = app.rpc(Some(&admin), json!({"codigo": "invisivel"})).await;
    assert_eq!(
        status, 400,
        "a malformed payload from the admin is a bad request"
    );
}

/// The guard reads the admin actions from the action table; the handlers ask for the `Admin`
/// extractor. Over every `codigo` of the contract, with an empty payload, they agree: a buyer is
/// refused (403) exactly the admin actions, and the admin none.
#[tokio::test]
async fn the_guard_and_the_handlers_agree_on_which_actions_are_the_admins() {
    use feira_api::rpc::Request;
    let app = crate::helpers::spawn_app().await;
    let (mut buyer, _) = app.login(BUYER).await;
    let (mut admin, _) = app.login(ADMIN_EMAIL).await;
    for codigo in Request::CODIGOS {
        let body = json!({ "codigo": codigo });
        let (status, res) = app.rpc(Some(&buyer), body.clone()).await;
        assert_eq!(
            status == 403,
            Request::is_admin_action(codigo),
            "buyer, {codigo}: {status} {res}"
        );
        let (status, res) = app.rpc(Some(&admin), body).await;
        assert_ne!(status, 403, "admin, {codigo}: {res}");
        if *codigo == "logout_site" {
            buyer = app.login(BUYER).await.0;
            admin = app.login(ADMIN_EMAIL).await.0;
        }
    }
}

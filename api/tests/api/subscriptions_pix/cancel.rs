//! A basket paid by Pix Automático cancelled on either side (decisions.md §35): by the buyer,
//! its recurrence is cancelled at the PSP; at the bank, the basket falls back as the buyer chose
//! (paid in person, or paused), and nothing is charged after.

use super::{authorised, basket, control, setup, text};
use crate::fixtures::BUYER;
use crate::fixtures::money::assert_money_adds_up;
use crate::fixtures::subscriptions::{closes, day};
use crate::psp::eventually;
use feira_api::rpc::subscriptions::cycles;
use reqwest::Method;
use serde_json::{Value, json};

#[tokio::test]
async fn cancelling_on_either_side_ends_the_recurrence_and_the_basket_falls_back() {
    let (psp, app) = setup().await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);

    // The buyer cancels the basket: its recurrence is cancelled at the PSP.
    let (ours, rec) = authorised(&psp, &app, &token, basket(1, first, 50.0)).await;
    let (s, b) = app
        .rpc(
            Some(&token),
            json!({"codigo": "alterar_assinatura", "id": ours, "acao": "cancelar"}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["pix_automatico"]["situacao"], json!("cancelada"));
    let (_, state) = psp.call(Method::GET, "/state", Value::Null).await;
    let at_psp = state["recs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["idRec"] == json!(rec))
        .unwrap()
        .clone();
    assert_eq!(at_psp["status"], json!("CANCELADA"));
    assert_eq!(
        at_psp["encerramento"]["cancelamento"]["solicitante"],
        json!("USUARIO_RECEBEDOR")
    );

    // The payer cancels at the bank: the basket goes on paid in person, as chosen.
    let mut in_person = basket(1, first, 50.0);
    in_person["sem_pix"] = json!("na_entrega");
    let (theirs, rec) = authorised(&psp, &app, &token, in_person).await;
    control(&psp, &format!("/rec/{rec}/cancel")).await;
    eventually("the cancellation at the bank is applied", || async {
        text(
            &app,
            "SELECT rec_situacao FROM subscriptions WHERE id = $1",
            &theirs,
        )
        .await
            == Some("cancelada_banco".into())
    })
    .await;
    assert_eq!(
        text(
            &app,
            "SELECT pagamento FROM subscriptions WHERE id = $1",
            &theirs
        )
        .await,
        Some("na_entrega".into())
    );
    assert_eq!(
        text(
            &app,
            "SELECT situacao FROM subscriptions WHERE id = $1",
            &theirs
        )
        .await,
        Some("ativa".into())
    );

    // One that pauses instead.
    let (paused, rec) = authorised(&psp, &app, &token, basket(1, first, 50.0)).await;
    control(&psp, &format!("/rec/{rec}/cancel")).await;
    eventually("the basket pauses", || async {
        text(
            &app,
            "SELECT situacao FROM subscriptions WHERE id = $1",
            &paused,
        )
        .await
            == Some("pausada".into())
    })
    .await;
    // Its cycle makes no order; the in-person one is ordered in person.
    cycles::run(&app.app, closes(first) + 60_000, 24, None)
        .await
        .unwrap();
    let orders: Vec<String> = sqlx::query_scalar("SELECT pagamento FROM orders")
        .fetch_all(&app.app.db)
        .await
        .unwrap();
    assert_eq!(orders, vec!["1".to_owned()]);
    assert!(
        psp.requests("PUT /cobr/{txid}").await.is_empty(),
        "nothing charged"
    );
    assert_money_adds_up(&app).await;
    psp.assert_contract().await;
}

//! A cycle not paid by Pix Automático reaches its store through the notice channels the buyer's
//! notice takes (decisions.md §38; docs/notices.md): its e-mail and, opted in with `cestas` on
//! in its table, the WhatsApp template 'cesta_nao_paga' through the local Cloud API (which checks
//! the template's name and variable count as Meta would), while the buyer hears 'pix_expirado'.

use super::{authorised, basket, cycle_order, day, setup_with};
use crate::fixtures::{BUYER, SUPPLIER};
use crate::whatsapp::{CloudApi, config};
use serde_json::{Value, json};
use wasm_core::delivery::days::date_label;

/// The accepted messages of `template`.
fn named<'a>(got: &'a [Value], template: &str) -> Vec<&'a Value> {
    got.iter().filter(|m| m["template"] == template).collect()
}

#[tokio::test]
async fn an_unpaid_cycle_is_told_to_the_opted_in_store_on_whatsapp_too() {
    let cloud = CloudApi::start().await;
    let w = config(&cloud.api);
    let (psp, app) = setup_with(move |c| c.whatsapp = Some(w)).await;
    let (token, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    for (t, papel) in [(&token, "comprador"), (&store, "loja")] {
        let (s, b) = app
            .rpc(
                Some(t),
                json!({"codigo": "alterar_avisos", "papel": papel, "ativo": true}),
            )
            .await;
        assert_eq!(s, 200, "{b}");
    }
    let first = day(2);
    let (id, _) = authorised(&psp, &app, &token, basket(2, first, 50.0)).await;
    let (order, txid) = cycle_order(&app, &id, first).await;

    // The delivery's eve ends unpaid.
    sqlx::query("UPDATE pix_charges SET expira_em = 0 WHERE txid = $1")
        .bind(&txid)
        .execute(&app.app.db)
        .await
        .unwrap();
    let (db, pix) = (&app.app.db, app.app.pix.as_ref());
    feira_api::domain::reconcile::expire(
        db,
        pix,
        &app.app.events,
        std::time::Duration::from_secs(600),
    )
    .await
    .unwrap();
    feira_api::domain::pix_automatico::after_expiry(db, pix)
        .await
        .unwrap();
    feira_api::domain::pix_automatico::after_expiry(db, pix)
        .await
        .unwrap();

    let got = cloud
        .until(|m| !named(m, "cesta_nao_paga").is_empty() && !named(m, "pix_expirado").is_empty())
        .await;
    let to_store = named(&got, "cesta_nao_paga");
    assert_eq!(to_store.len(), 1, "told once: {got:?}");
    let body: Vec<&str> = to_store[0]["body"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(body[1], "Sítio Boa Vista");
    assert_eq!(body[2], date_label(first));
    let row: (String, String, Option<String>) = sqlx::query_as(
        "SELECT user_id, papel, order_id FROM whatsapp_outbox WHERE modelo = 'cesta_nao_paga'",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(row, ("demo-joao".into(), "loja".into(), Some(order)));
    // Its e-mail stays.
    let mails: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM email_outbox WHERE assunto LIKE '%Pix Automático não pago%'",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(mails, 1);
    psp.assert_contract().await;
}

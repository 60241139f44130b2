//! Bad input to a Pix Automático basket (decisions.md §35): a maximum below the total, no or a
//! wrong CPF, a store without Pix create nothing and charge nothing at the PSP; notifications
//! naming a recurrence or a charge that is not ours change nothing and are kept for the admin.

use super::{basket, scalar_i64, setup};
use crate::fixtures::subscriptions::day;
use crate::fixtures::{ADMIN_EMAIL, BUYER};
use crate::psp::{HMAC, eventually};
use serde_json::{Value, json};

#[tokio::test]
async fn bad_input_creates_and_charges_nothing_and_a_foreign_id_changes_nothing() {
    let (psp, app) = setup().await;
    let (token, _) = app.login(BUYER).await;
    let first = day(2);
    let mut no_cpf = basket(2, first, 50.0);
    no_cpf["cpf"] = Value::Null;
    let mut bad_cpf = basket(2, first, 50.0);
    bad_cpf["cpf"] = json!("111.111.111-12");
    for (body, message) in [
        (
            basket(2, first, 10.0),
            "valor máximo autorizado (R$ 10,00) é menor que o total da cesta (R$ 16,00)",
        ),
        (no_cpf, "CPF"),
        (bad_cpf, "CPF"),
    ] {
        let (s, b) = app.rpc(Some(&token), body.clone()).await;
        assert_eq!(s, 400, "{body}: {b}");
        assert!(b["error"].as_str().unwrap().contains(message), "{b}");
    }
    // A store that does not accept Pix.
    sqlx::query("UPDATE suppliers SET pagamento_opcoes = '1' WHERE user_id = 'demo-joao'")
        .execute(&app.app.db)
        .await
        .unwrap();
    let (s, b) = app.rpc(Some(&token), basket(2, first, 50.0)).await;
    assert!(s == 400 || s == 409, "{b}");
    assert!(b["error"].as_str().unwrap().contains("não é aceita"), "{b}");
    assert_eq!(
        scalar_i64(
            &app,
            "SELECT COUNT(*) FROM subscriptions WHERE buyer_id <> $1",
            ""
        )
        .await,
        0
    );
    assert!(
        psp.requests("POST /rec").await.is_empty(),
        "no recurrence created"
    );

    // Notifications naming a recurrence and a charge that are not ours change nothing.
    let http = reqwest::Client::new();
    for body in [
        json!({"recs": [{"idRec": "RR1234567820261129naoehnosso", "status": "APROVADA",
                          "atualizacao": [{"status": "APROVADA", "data": "2026-11-29T00:00:00Z"}]}]}),
        json!({"cobsr": [{"idRec": "RR1234567820261129naoehnosso", "txid": "naoehnossanaoehnossanaoehnossa12",
                           "status": "CONCLUIDA", "atualizacao": []}]}),
    ] {
        let res = http
            .post(format!("{}/webhooks/pix/rec?hmac={HMAC}", app.address))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
    }
    eventually("both are recorded for the admin", || async {
        scalar_i64(
            &app,
            "SELECT COUNT(*) FROM pix_automatico_avisos WHERE motivo LIKE $1",
            "%desconhecida%",
        )
        .await
            == 2
    })
    .await;
    assert!(
        psp.requests("GET /rec/{idRec}").await.is_empty(),
        "not ours: not even asked"
    );
    // The admin sees both beside Pendências Pix; the buyer may not.
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let (s, p) = app
        .rpc(
            Some(&admin),
            json!({"codigo": "pegar_pix_automatico_problemas"}),
        )
        .await;
    assert_eq!(s, 200, "{p}");
    let problems = p["problemas"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "{p}");
    assert!(
        problems
            .iter()
            .any(|x| x["tipo"] == "rec" && x["assinatura"].is_null())
    );
    assert!(
        problems
            .iter()
            .any(|x| x["tipo"] == "cobr" && x["motivo"].as_str().unwrap().contains("desconhecida"))
    );
    let (s, _) = app
        .rpc(
            Some(&token),
            json!({"codigo": "pegar_pix_automatico_problemas"}),
        )
        .await;
    assert_eq!(s, 403);
    assert_eq!(
        scalar_i64(&app, "SELECT COUNT(*) FROM orders WHERE id <> $1", "").await,
        0
    );
    assert_eq!(
        scalar_i64(
            &app,
            "SELECT COUNT(*) FROM pix_received WHERE txid <> $1",
            ""
        )
        .await,
        0
    );
    psp.assert_contract().await;
}

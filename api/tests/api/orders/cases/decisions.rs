//! How a case ends by agreement or by the admin: the buyer accepts the store's proposal, or a
//! case without agreement goes to the admin once, who decides once with a reason both sides
//! receive; the money trail adds up after each step.

use super::*;
use feira_api::domain::cases::escalate_due;

#[tokio::test]
async fn the_buyer_accepts_a_proposal_or_the_admin_decides_once_with_a_reason() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (admin, _) = app.login(crate::fixtures::ADMIN_EMAIL).await;

    // A proposal accepted: closes as proposed (R$ 5,00 back, the rest released).
    let first = delivered_order(&app, &buyer, &supplier).await;
    ok(&app, &buyer, open_case(&first, vec![])).await;
    ok(
        &app,
        &supplier,
        json!({"codigo": "responder_reclamacao", "idpedido": first,
               "texto": "Posso devolver R$ 5,00.", "proposta": 5}),
    )
    .await;
    let done = ok(
        &app,
        &buyer,
        json!({"codigo": "aceitar_proposta", "idpedido": first}),
    )
    .await;
    assert_eq!(done["devolvido"], 5.0);
    assert_eq!(
        assert_money_adds_up(&app).await[&first],
        trail(2790, 2290, 0, 500)
    );

    // No agreement: after CASE_ESCALATE_DAYS the case goes to the admin once (two runs).
    let second = delivered_order(&app, &buyer, &supplier).await;
    ok(&app, &buyer, open_case(&second, vec![])).await;
    let db = &app.app.db;
    let days = Duration::from_secs(5 * 24 * 3600);
    let now = feira_api::db::now_ms();
    assert_eq!(escalate_due(db, days, now).await.unwrap(), 0);
    let later = now + 5 * 24 * 3600 * 1000 + 1000;
    let (a, b) = tokio::join!(escalate_due(db, days, later), escalate_due(db, days, later));
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    let subject = "O problema do pedido foi para a mediação da Feira";
    assert_eq!(outbox(&app, BUYER, subject).await, 1);
    // The release job still leaves it held.
    assert_eq!(
        release_due(db, Duration::ZERO, i64::MAX / 2).await.unwrap(),
        0
    );
    let disputes = ok(&app, &admin, json!({"codigo": "pegar_disputas"})).await;
    assert_eq!(disputes["disputas"][0]["idpedido"], second);
    // Only the admin decides; a decision without a reason is refused.
    let decide = json!({"codigo": "decidir_disputa", "idpedido": second,
                        "decisao": "devolver_valor", "valor": 8, "motivo": "A foto mostra a falta."});
    assert_eq!(app.rpc(Some(&buyer), decide.clone()).await.0, 403);
    let mut no_reason = decide.clone();
    no_reason["motivo"] = json!("");
    assert_eq!(
        refused(&app, &admin, no_reason).await,
        (400, "Informe o motivo da decisão.".into())
    );
    let (a, b) = tokio::join!(
        app.rpc(Some(&admin), decide.clone()),
        app.rpc(Some(&admin), decide.clone())
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(
        refunds_of(&app, &second).await,
        vec![(800, "reclamacao".into())]
    );
    assert_eq!(
        assert_money_adds_up(&app).await[&second],
        trail(2790, 1990, 0, 800)
    );
    let body: String = sqlx::query_scalar(
        "SELECT corpo FROM email_outbox WHERE destinatario = $1 AND assunto = $2",
    )
    .bind(SUPPLIER)
    .bind("Problema do pedido resolvido")
    .fetch_all(db)
    .await
    .unwrap()
    .pop()
    .unwrap();
    assert!(body.contains("Motivo: A foto mostra a falta."), "{body}");

    // The buyer asks the admin; the admin releases everything.
    let third = delivered_order(&app, &buyer, &supplier).await;
    ok(&app, &buyer, open_case(&third, vec![])).await;
    ok(
        &app,
        &buyer,
        json!({"codigo": "pedir_mediacao", "idpedido": third}),
    )
    .await;
    ok(
        &app,
        &admin,
        json!({"codigo": "decidir_disputa", "idpedido": third, "decisao": "liberar",
               "motivo": "Entrega comprovada."}),
    )
    .await;
    assert_eq!(
        assert_money_adds_up(&app).await[&third],
        trail(2790, 2790, 0, 0)
    );
    assert!(refunds_of(&app, &third).await.is_empty());
    // The admin sees the buyer with three cases; the store its counts.
    let disputes = ok(&app, &admin, json!({"codigo": "pegar_disputas"})).await;
    assert_eq!(disputes["compradores"][0]["reclamacoes"], 3);
    assert_eq!(disputes["compradores"][0]["com_devolucao"], 2);
    let counts = ok(&app, &supplier, json!({"codigo": "pegar_reclamacoes_loja"})).await;
    assert_eq!(
        (
            counts["total"].clone(),
            counts["liberadas"].clone(),
            counts["abertas"].clone()
        ),
        (json!(3), json!(1), json!(0))
    );
}

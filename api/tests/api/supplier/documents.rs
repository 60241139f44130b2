//! One store per CPF/CNPJ: registering a store with another store's document is refused with a
//! clear message, whatever its mask, unless the administrator allowed that document to be shared
//! (`permitir_documento`).

use super::{business, call, refused};
use crate::fixtures::{ADMIN_EMAIL, demo_app};
use serde_json::json;

const EM_USO: &str = "Já existe uma loja cadastrada com este CPF/CNPJ. Para abrir outra loja \
                      com o mesmo documento, fale com o administrador.";

#[tokio::test]
async fn a_second_store_with_a_document_in_use_waits_for_the_admin() {
    let app = demo_app().await;
    let (token, _) = app.login("segunda.loja@feira.test").await;
    // Sítio Boa Vista's CPF, typed with and without its mask.
    for cpf in ["081.836.584-66", "08183658466"] {
        let mut infos = business();
        infos["cpf"] = json!(cpf);
        let (s, b) = call(&app, &token, "cadastro_fornecedor", json!({"infos": infos})).await;
        assert_eq!((s, b["error"].as_str()), (409, Some(EM_USO)), "{b}");
        assert_eq!(b["codigo_erro"], "documento_em_uso");
    }
    let stores: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM suppliers WHERE documento = '08183658466'")
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    assert_eq!(stores, 1, "nothing stored");

    // Only the admin may allow it.
    let allow = json!({"cpf": "08183658466"});
    assert_eq!(
        call(&app, &token, "permitir_documento", allow.clone())
            .await
            .0,
        403
    );
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let msg = refused(
        &app,
        &admin,
        "permitir_documento",
        json!({"cpf": "123"}),
        400,
    )
    .await;
    assert_eq!(msg, "CPF/CNPJ inválido.");
    let (s, b) = call(&app, &admin, "permitir_documento", allow).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        b,
        json!({"ok": true, "cpf": "081.836.584-66", "permitir": true})
    );

    let mut infos = business();
    infos["cpf"] = json!("081.836.584-66");
    let (s, b) = call(&app, &token, "cadastro_fornecedor", json!({"infos": infos})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["userinfo"]["type"], 1);

    // Taken back: a third store is refused again; the two stay.
    let (s, _) = call(
        &app,
        &admin,
        "permitir_documento",
        json!({"cpf": "081.836.584-66", "permitir": false}),
    )
    .await;
    assert_eq!(s, 200);
    let (third, _) = app.login("terceira.loja@feira.test").await;
    let mut infos = business();
    infos["cpf"] = json!("081.836.584-66");
    assert_eq!(
        refused(
            &app,
            &third,
            "cadastro_fornecedor",
            json!({"infos": infos}),
            409
        )
        .await,
        EM_USO
    );
    // Another document goes through as always.
    assert_eq!(
        call(
            &app,
            &third,
            "cadastro_fornecedor",
            json!({"infos": business()})
        )
        .await
        .0,
        200
    );
}

//! Sign-in: valid ID tokens open a session; forged, expired, not-yet-valid (`nbf`, `iat` in the
//! future), wrong-audience, wrong-issuer and replayed ones do not; sessions survive until revoked.

use crate::fixtures::ADMIN_EMAIL;
use crate::helpers::{Token, spawn_app};
use serde_json::json;

#[tokio::test]
async fn a_valid_id_token_signs_in_and_the_session_answers_who_am_i() {
    let app = spawn_app().await;
    let (token, info) = app.login("ana@exemplo.com.br").await;
    assert_eq!(info["email"], "ana@exemplo.com.br");
    assert_eq!(info["nome"], "Pessoa Teste");
    assert_eq!(info["admin"], false);
    assert!(info["type"].is_null());
    let (status, body) = app.rpc(Some(&token), json!({"codigo": "login_site"})).await;
    assert_eq!(status, 200);
    assert_eq!(body["userinfo"]["usuario"], info["usuario"]);
    // The same identity signing in again is the same user.
    let (_, again) = app.login("ana@exemplo.com.br").await;
    assert_eq!(again["usuario"], info["usuario"]);
}

#[tokio::test]
async fn bad_id_tokens_are_refused() {
    let app = spawn_app().await;
    let base = Token {
        email: "bia@exemplo.com.br",
        ..Token::default()
    };
    let cases = [
        (
            "forged",
            Token {
                forged: true,
                ..base.clone()
            },
        ),
        (
            "expired",
            Token {
                expires_in: Some(-3600),
                ..base.clone()
            },
        ),
        (
            "not valid before an hour from now (nbf)",
            Token {
                not_before: Some(3600),
                ..base.clone()
            },
        ),
        (
            "issued an hour from now (iat)",
            Token {
                issued: Some(3600),
                ..base.clone()
            },
        ),
        (
            "wrong audience",
            Token {
                aud: Some("someone-else"),
                ..base.clone()
            },
        ),
        (
            "wrong issuer",
            Token {
                iss: Some("https://evil.example"),
                ..base.clone()
            },
        ),
        (
            "wrong nonce",
            Token {
                nonce: Some("not-the-nonce"),
                ..base.clone()
            },
        ),
    ];
    for (what, t) in cases {
        let (status, body) = app.try_login(&t).await;
        assert_eq!(status, 401, "{what} token was accepted: {body}");
        assert!(body["error"].is_string(), "{what}: {body}");
        assert!(body.get("token").is_none());
    }
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(users, 0, "a refused sign-in created a user");
    // Within the minute of clock difference allowed, the same claims pass.
    let skewed = Token {
        not_before: Some(30),
        issued: Some(30),
        ..base.clone()
    };
    let (status, body) = app.try_login(&skewed).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_nonce_cannot_be_replayed_nor_invented() {
    let app = spawn_app().await;
    let t = Token {
        email: "caio@exemplo.com.br",
        ..Token::default()
    };
    let nonce = app.nonce().await;
    let id_token = app.id_token(&t, &nonce);
    let body = json!({"codigo": "login_site", "user": {"id_token": id_token, "nonce": nonce}});
    assert_eq!(app.rpc(None, body.clone()).await.0, 200);
    assert_eq!(app.rpc(None, body).await.0, 401, "replayed token accepted");
    let invented = app.id_token(&t, "invented-nonce");
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "login_site", "user": {"id_token": invented, "nonce": "invented-nonce"}}),
        )
        .await;
    assert_eq!(status, 401, "a nonce we never issued was accepted");
}

#[tokio::test]
async fn a_revoked_session_is_refused() {
    let app = spawn_app().await;
    let (token, _) = app.login("davi@exemplo.com.br").await;
    let (status, _) = app
        .rpc(Some(&token), json!({"codigo": "logout_site"}))
        .await;
    assert_eq!(status, 200);
    let (status, body) = app.rpc(Some(&token), json!({"codigo": "login_site"})).await;
    assert_eq!(status, 401);
    assert!(body["error"].is_string());
    let (status, _) = app
        .rpc(Some(&token), json!({"codigo": "alterar_nome", "nome": "X"}))
        .await;
    assert_eq!(status, 401);
    let (status, _) = app
        .rpc(
            Some("not-a-session"),
            json!({"codigo": "alterar_nome", "nome": "X"}),
        )
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn alterar_nome_changes_only_the_callers_name() {
    let app = spawn_app().await;
    let (ana, ana_info) = app.login("ana@exemplo.com.br").await;
    let (_, bia_info) = app.login("bia@exemplo.com.br").await;
    let (status, body) = app
        .rpc(
            Some(&ana),
            json!({"codigo": "alterar_nome", "usuario": bia_info["usuario"], "nome": "  Ana Lima "}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, me) = app.rpc(Some(&ana), json!({"codigo": "login_site"})).await;
    assert_eq!(me["userinfo"]["nome"], "Ana Lima");
    assert_eq!(me["userinfo"]["usuario"], ana_info["usuario"]);
    let bia_name: String = sqlx::query_scalar("SELECT nome FROM users WHERE id = $1")
        .bind(bia_info["usuario"].as_str().unwrap())
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(bia_name, "Pessoa Teste", "another user's name was changed");
    let (status, body) = app
        .rpc(Some(&ana), json!({"codigo": "alterar_nome", "nome": "   "}))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Insira um nome!"))
    );
}

#[tokio::test]
async fn the_admin_is_whoever_signs_in_with_admin_email() {
    let app = spawn_app().await;
    let (_, admin) = app.login(ADMIN_EMAIL).await;
    assert_eq!(admin["admin"], true);
    let (_, other) = app.login("eve@exemplo.com.br").await;
    assert_eq!(other["admin"], false);
}

#[tokio::test]
async fn a_pre_registered_account_is_claimed_by_its_verified_email() {
    let app = spawn_app_with_demo().await;
    let (_, info) = app.login("fornecedor@feira.test").await;
    assert_eq!(info["usuario"], "demo-joao");
    assert_eq!(info["nome"], "João Batista");
    assert_eq!(info["type"], 1);
}

#[tokio::test]
async fn an_unverified_email_is_never_the_admin_nor_claims_an_account() {
    let app = spawn_app_with_demo().await;
    let unverified = |email| Token {
        email,
        sub: Some("intruder"),
        unverified: true,
        ..Token::default()
    };
    for email in [ADMIN_EMAIL, "fornecedor@feira.test", "nova@exemplo.com.br"] {
        let (status, body) = app.try_login(&unverified(email)).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (
                400,
                Some(
                    "Seu e-mail ainda não foi verificado. Confirme-o na sua conta e entre de novo."
                )
            ),
            "{email}: {body}"
        );
        assert!(body.get("token").is_none());
    }
    // The owners, verified, still get their accounts.
    let (_, admin) = app.login(ADMIN_EMAIL).await;
    assert_eq!(admin["admin"], true);
    let (_, info) = app.login("fornecedor@feira.test").await;
    assert_eq!(info["usuario"], "demo-joao");
}

async fn spawn_app_with_demo() -> crate::helpers::TestApp {
    crate::helpers::spawn_app_with(|c| c.seed_demo = true).await
}

#[tokio::test]
async fn names_lose_their_control_characters_on_input() {
    let app = spawn_app().await;
    // From the issuer's `name` claim, at the first sign-in.
    let t = Token {
        email: "cris@exemplo.com.br",
        name: Some("Cris\u{1b}[31m\u{0} Souza\n\u{202e}"),
        ..Token::default()
    };
    let (status, body) = app.try_login(&t).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["userinfo"]["nome"], "Cris[31m Souza");
    // From alterar_nome: a new line and a bell are not part of a name.
    let token = body["token"].as_str().unwrap();
    let (status, body) = app
        .rpc(
            Some(token),
            json!({"codigo": "alterar_nome", "nome": "Cris\u{7}\r\nSouza\tLima"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let stored: String = sqlx::query_scalar("SELECT nome FROM users WHERE email = $1")
        .bind("cris@exemplo.com.br")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(stored, "Cris  Souza Lima");
}

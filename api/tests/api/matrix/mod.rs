//! The authorization matrix: every representative request of the contract
//! ([`crate::fixtures::actions::calls`]) and every other route of the OpenAPI document, sent
//! as each role — no session, another signed-in user, another supplier, the owner, the admin —
//! on a scene with real resources of each owner. Each answer's status is the table's
//! ([`table`]); a refusal is the error body and the whole database reads back unchanged
//! ([`snapshot`]). An action or a route that is not in the table fails the test.

mod snapshot;
mod table;

use crate::fixtures::actions::{Call, Scene, Who, calls, scene};
use crate::helpers::Token;
use feira_api::rpc::Request;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use table::{ACTIONS, Expect, ROUTES};

/// The other supplier: demo-paulo (Engenho Capivari), with its own store and products.
use crate::fixtures::THIRD_SUPPLIER;

/// One request sent as one role, and what came back.
struct Sent<'a> {
    what: String,
    role: &'a str,
    expect: Expect,
    status: u16,
    body: Value,
    /// Whether a refusal must be the error body (every one but `/metrics`', which has none).
    error_body: bool,
}

/// Checks one answer against its expectation (and, for a refusal, the database against its
/// state before); adds what is wrong to `failures`.
fn judge(sent: Sent, changes: Vec<String>, failures: &mut Vec<String>) {
    let Sent {
        what,
        role,
        expect,
        status,
        body,
        error_body,
    } = sent;
    let wanted = match expect {
        Expect::Ok | Expect::Own => 200,
        Expect::Refused(s) => s,
    };
    if status != wanted {
        failures.push(format!(
            "{what} as {role}: {status}, expected {wanted}: {body}"
        ));
    }
    if let Expect::Refused(_) = expect {
        if error_body && !body["error"].is_string() {
            failures.push(format!("{what} as {role}: not the error body: {body}"));
        }
        if !changes.is_empty() {
            failures.push(format!(
                "{what} as {role} was refused but changed {changes:?}"
            ));
        }
    }
}

/// The body of `call` to send now: a sign-in's single-use nonce is fresh for each sender.
async fn body_of(scene: &Scene, call: &Call) -> Value {
    let mut body = call.body.clone();
    if body.get("user").is_some() {
        let nonce = scene.app.nonce().await;
        let id_token = scene.app.id_token(
            &Token {
                email: "outro@feira.test",
                ..Token::default()
            },
            &nonce,
        );
        body["user"] = json!({"id_token": id_token, "nonce": nonce});
    }
    body
}

/// Sends `call` as each role of its table line; returns how many were checked.
async fn check_action(
    scene: &Scene,
    i: usize,
    call: &Call,
    other_supplier: &str,
    failures: &mut Vec<String>,
) -> usize {
    let (codigo, [anonymous, stranger, other, admin]) = ACTIONS[i];
    assert_eq!(
        codigo, call.codigo,
        "line {i} of the table is not the request's"
    );
    let (stranger_token, _) = scene.app.login(&format!("estranho{i}@feira.test")).await;
    let mut roles: Vec<(&str, Option<&str>, Expect)> = Vec::new();
    if call.who != Who::Anyone {
        roles.push(("no session", None, anonymous));
    } else {
        assert_eq!(anonymous, Expect::Ok, "{codigo}: its owner is anyone");
    }
    roles.push(("another user", Some(&stranger_token), stranger));
    roles.push(("another supplier", Some(other_supplier), other));
    if call.who != Who::Admin {
        roles.push(("the admin", Some(&scene.admin), admin));
    } else {
        assert_eq!(admin, Expect::Ok, "{codigo}: its owner is the admin");
    }
    roles.push(("the owner", scene.token(call.who), Expect::Ok));
    for (role, token, expect) in &roles {
        let body = body_of(scene, call).await;
        let refused = matches!(expect, Expect::Refused(_));
        let before = if refused {
            Some(snapshot::take(&scene.app.app.db).await)
        } else {
            None
        };
        let (status, answer) = scene.app.rpc(*token, body).await;
        let changes = match before {
            Some(b) => snapshot::changes(&b, &snapshot::take(&scene.app.app.db).await),
            None => Vec::new(),
        };
        let sent = Sent {
            what: codigo.to_owned(),
            role,
            expect: *expect,
            status,
            body: answer,
            error_body: true,
        };
        judge(sent, changes, failures);
    }
    roles.len()
}

/// The request of route `method path` as `token`.
async fn route_request(
    scene: &Scene,
    method: &str,
    path: &str,
    token: Option<&str>,
) -> reqwest::RequestBuilder {
    let app = &scene.app;
    let url = |p: &str| format!("{}{p}", app.address);
    let req = match (method, path) {
        ("get", "/assets/{file}") => app.http.get(url("/assets/app-123.js")),
        ("get", "/api") => app.http.get(url(path)).query(&[("codigo", "pegar_lojas")]),
        ("get", "/media/{key}") => {
            let icon: String =
                sqlx::query_scalar("SELECT icone FROM products WHERE icone IS NOT NULL LIMIT 1")
                    .fetch_one(&app.app.db)
                    .await
                    .unwrap();
            app.http.get(url(&icon))
        }
        ("get", "/pix/{txid}/qr.svg") => {
            let txid: String = sqlx::query_scalar("SELECT txid FROM pix_charges LIMIT 1")
                .fetch_one(&app.app.db)
                .await
                .unwrap();
            app.http.get(url(&format!("/pix/{txid}/qr.svg")))
        }
        ("post", "/api/blockchain/upload") => app
            .http
            .post(url(path))
            .query(&[("nome", "nota.txt"), ("descricao", "Nota fiscal")])
            .header("content-type", "text/plain")
            .body("nota fiscal 123"),
        ("post", "/pix/sandbox/{txid}/pagar") => {
            // A fresh charge of the buyer's for each sender: the sandbox pays any charge.
            let (s, charge) = app
                .rpc(
                    Some(&scene.buyer),
                    json!({"codigo": "gerarpix_blockchain", "quantidade": 1}),
                )
                .await;
            assert_eq!(s, 200, "{charge}");
            let txid = charge["txid"].as_str().unwrap();
            app.http.post(url(&format!("/pix/sandbox/{txid}/pagar")))
        }
        ("post", "/pix/sandbox/rec/{idRec}/autorizar") => app
            .http
            .post(url("/pix/sandbox/rec/RRdesconhecida00000000000000000/autorizar")),
        ("post", "/webhooks/pix" | "/webhooks/pix/pix") => app
            .http
            .post(url(path))
            .query(&[("hmac", "adivinhado")])
            .json(&json!({"pix": [{"endToEndId": "E1", "txid": "x", "valor": "1.00", "horario": "2026-01-01T00:00:00Z"}]})),
        ("get", _) => app.http.get(url(path)),
        _ => panic!("{method} {path}: no request for it in the matrix"),
    };
    match token {
        Some(t) => req.bearer_auth(t),
        None => req,
    }
}

/// Sends each route as each role; returns how many were checked.
async fn check_routes(scene: &Scene, other_supplier: &str, failures: &mut Vec<String>) -> usize {
    let (stranger, _) = scene.app.login("estranho-rotas@feira.test").await;
    let mut checked = 0;
    for (method, path, [anonymous, other_user, other, owner, admin]) in ROUTES {
        let owner_token = match *path {
            "/api/blockchain/upload" => Some(scene.buyer.as_str()),
            "/api/fornecedor/eventos" => Some(scene.supplier.as_str()),
            _ => None,
        };
        let mut roles = vec![
            ("no session", None, *anonymous),
            ("another user", Some(stranger.as_str()), *other_user),
            ("another supplier", Some(other_supplier), *other),
            ("the admin", Some(scene.admin.as_str()), *admin),
        ];
        if owner_token.is_some() {
            roles.push(("the owner", owner_token, *owner));
        } else {
            assert_eq!(*owner, *anonymous, "{path}: its owner is anyone");
        }
        for (role, token, expect) in roles {
            let req = route_request(scene, method, path, token).await;
            let refused = matches!(expect, Expect::Refused(_));
            let before = if refused {
                Some(snapshot::take(&scene.app.app.db).await)
            } else {
                None
            };
            let res = req.send().await.unwrap();
            let status = res.status().as_u16();
            let is_json = res
                .headers()
                .get("content-type")
                .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
            // An event stream never ends: only its status and headers are read.
            let body = if is_json {
                res.json().await.unwrap_or(Value::Null)
            } else {
                Value::Null
            };
            let changes = match before {
                Some(b) => snapshot::changes(&b, &snapshot::take(&scene.app.app.db).await),
                None => Vec::new(),
            };
            let sent = Sent {
                what: format!("{} {path}", method.to_uppercase()),
                role,
                expect,
                status,
                body,
                error_body: *path != "/metrics",
            };
            judge(sent, changes, failures);
            checked += 1;
        }
    }
    checked
}

#[tokio::test]
async fn every_action_and_route_answers_each_role_as_the_table_says() {
    let scene = scene().await;
    let calls = calls(&scene);
    // Every action and every route is in the table, and the table holds nothing else.
    let in_table: BTreeSet<&str> = ACTIONS.iter().map(|l| l.0).collect();
    let all: BTreeSet<&str> = Request::CODIGOS.iter().copied().collect();
    assert_eq!(
        in_table, all,
        "the actions of the table and of the contract differ"
    );
    assert_eq!(calls.len(), ACTIONS.len(), "one table line per request");
    let doc: Value = scene
        .app
        .get("/api/openapi.json")
        .await
        .json()
        .await
        .unwrap();
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(p, item)| {
            item.as_object()
                .unwrap()
                .keys()
                .map(move |m| (m.clone(), p.clone()))
        })
        .filter(|(m, p)| !(m == "post" && p == "/api"))
        .collect();
    let routes: BTreeSet<(String, String)> = ROUTES
        .iter()
        .map(|(m, p, _)| (m.to_string(), p.to_string()))
        .collect();
    assert_eq!(
        routes, documented,
        "the routes of the table and of the document differ"
    );

    // The read-back sees the data (a snapshot that read nothing would see no change).
    let seen = snapshot::take(&scene.app.app.db).await;
    assert!(seen["products"].len() >= 60 && !seen["users"].is_empty());

    let (other_supplier, _) = scene.app.login(THIRD_SUPPLIER).await;
    let mut failures = Vec::new();
    let mut checked = check_routes(&scene, &other_supplier, &mut failures).await;
    let routes_checked = checked;
    for (i, call) in calls.iter().enumerate() {
        // The refund asked again is made by the background job (under a new id), shortly after
        // the answer: let it finish, or a later line's refusal would see its change.
        let retried = match call.codigo {
            "tentar_devolucao_pix" => Some(end_to_end_of(&scene, &call.body["id"]).await),
            _ => None,
        };
        checked += check_action(&scene, i, call, &other_supplier, &mut failures).await;
        if let Some(e2e) = retried {
            refund_settled(&scene, &e2e).await;
        }
    }
    eprintln!(
        "authorization matrix: {checked} checks ({} requests of {} actions and {} routes, \
         each as every role; {routes_checked} of them on the routes)",
        calls.len(),
        all.len(),
        ROUTES.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The Pix (its endToEndId) that refund `id` gives back.
async fn end_to_end_of(scene: &Scene, id: &Value) -> String {
    sqlx::query_scalar("SELECT end_to_end_id FROM pix_refunds WHERE id = $1")
        .bind(id.as_str().unwrap())
        .fetch_one(&scene.app.app.db)
        .await
        .unwrap()
}

/// Waits (up to 30 s) until the refund of Pix `e2e` is no longer waiting for its turn at the PSP.
async fn refund_settled(scene: &Scene, e2e: &str) {
    for _ in 0..300 {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pix_refunds WHERE end_to_end_id = $1 AND status = 'pendente'",
        )
        .bind(e2e)
        .fetch_one(&scene.app.app.db)
        .await
        .unwrap();
        if waiting == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the refund of Pix {e2e} was still pending after 30 s");
}

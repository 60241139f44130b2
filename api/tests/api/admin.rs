//! The administrator's actions (issue 7) on the demo data: refused (403) to any other session
//! whatever the payload says; hiding a supplier removes it and its products from every public
//! listing at once while the admin still sees its storefront; customers; and the payout of a
//! withdrawal request, exactly once (decisions.md §2, §9, §11).

use crate::helpers::{ADMIN_EMAIL, TestApp};
use crate::orders::{BUYER, SUPPLIER, cassava, demo_app};
use serde_json::{Value, json};

const STORE: &str = "sitio-boa-vista";
const SUPPLIER_ID: &str = "demo-joao";
const PIRACICABA: &str = "Piracicaba, SP";

/// Every admin action with a payload, including ones that try to name the admin or are
/// malformed.
fn admin_requests(withdrawal: &str) -> Vec<Value> {
    vec![
        json!({"codigo": "loading_admin"}),
        json!({"codigo": "loading_admin", "usuario": "demo-admin", "admin": true}),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": true}),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": true, "usuario": "demo-admin", "email": ADMIN_EMAIL}),
        json!({"codigo": "invisivel"}),
        json!({"codigo": "pegar_clientes"}),
        json!({"codigo": "pegar_clientes", "dados": {"email": ADMIN_EMAIL}}),
        json!({"codigo": "pegar_solicitacoes_saque"}),
        json!({"codigo": "confirmar_saque", "userforn": withdrawal}),
        json!({"codigo": "confirmar_saque", "userforn": withdrawal, "usuario": "demo-admin"}),
        json!({"codigo": "confirmar_saque", "userforn": 12}),
        json!({"codigo": "start_site_admin", "urlforn": STORE}),
        json!({"codigo": "start_site_admin"}),
    ]
}

async fn ok(app: &TestApp, token: Option<&str>, body: Value) -> Value {
    let (status, res) = app.rpc(token, body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// An open-items balance for the demo supplier made the real way: a buyer's Pix order of
/// `n` × R$ 8,00, paid through the sandbox. Returns the order id.
async fn paid_pix_order(app: &TestApp, buyer_token: &str, n: u32) -> String {
    let body = ok(app, Some(buyer_token), cassava(n, "2")).await;
    let txid = body["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    let res = app
        .http
        .post(format!("{}/pix/sandbox/{txid}/pagar", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    body["all"]["id"]
        .as_str()
        .or(body["all"]["idpedido"].as_str())
        .unwrap()
        .to_owned()
}

/// A pending withdrawal request of the demo supplier holding all its open items.
///
/// A fake at the edge of the test, stated plainly: requests are created by the supplier panel's
/// `transferir` (issue 5, built in parallel), so this inserts the rows that action writes — the
/// request (gross, 2 % fee, net, Pix key) and its open items attached to it.
async fn fake_withdrawal_request(app: &TestApp, chave_pix: &str) -> String {
    let db = &app.app.db;
    let bruto: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(valor_centavos), 0) AS BIGINT) FROM open_items \
         WHERE supplier_id = $1 AND status = '2' AND withdrawal_id IS NULL",
    )
    .bind(SUPPLIER_ID)
    .fetch_one(db)
    .await
    .unwrap();
    assert!(bruto > 0, "the supplier has a balance");
    let taxa = bruto * 2 / 100;
    let id = format!("saque-{}", feira_api::db::new_id());
    sqlx::query(
        "INSERT INTO withdrawals (id, supplier_id, bruto_centavos, taxa_centavos, \
         liquido_centavos, chave_pix, status, criado_em) \
         VALUES ($1, $2, $3, $4, $5, $6, 'pendente', $7)",
    )
    .bind(&id)
    .bind(SUPPLIER_ID)
    .bind(bruto)
    .bind(taxa)
    .bind(bruto - taxa)
    .bind(chave_pix)
    .bind(feira_api::db::now_ms())
    .execute(db)
    .await
    .unwrap();
    sqlx::query(
        "UPDATE open_items SET withdrawal_id = $1 \
         WHERE supplier_id = $2 AND status = '2' AND withdrawal_id IS NULL",
    )
    .bind(&id)
    .bind(SUPPLIER_ID)
    .execute(db)
    .await
    .unwrap();
    id
}

/// `(status, confirmado_em)` of a withdrawal and the statuses of its open items.
async fn payout_state(app: &TestApp, id: &str) -> (String, Option<i64>, Vec<String>) {
    let (status, at): (String, Option<i64>) =
        sqlx::query_as("SELECT status, confirmado_em FROM withdrawals WHERE id = $1")
            .bind(id)
            .fetch_one(&app.app.db)
            .await
            .unwrap();
    let items: Vec<String> =
        sqlx::query_scalar("SELECT status FROM open_items WHERE withdrawal_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&app.app.db)
            .await
            .unwrap();
    (status, at, items)
}

async fn invisivel_flag(app: &TestApp) -> bool {
    let n: i64 = sqlx::query_scalar(
        "SELECT CAST(CASE WHEN invisivel THEN 1 ELSE 0 END AS BIGINT) FROM suppliers \
         WHERE user_id = $1",
    )
    .bind(SUPPLIER_ID)
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    n != 0
}

#[tokio::test]
async fn every_admin_action_is_403_for_a_buyer_and_a_supplier_and_401_without_a_session() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    paid_pix_order(&app, &buyer, 2).await;
    let withdrawal = fake_withdrawal_request(&app, "fornecedor@feira.test").await;
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

/// Whether anything of the demo supplier shows in the public listings of Piracicaba.
async fn publicly_listed(app: &TestApp) -> Vec<String> {
    let mut seen = Vec::new();
    let lojas = ok(app, None, json!({"codigo": "pegar_lojas"})).await;
    if lojas["lojas"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["id"] == SUPPLIER_ID)
    {
        seen.push("pegar_lojas".to_owned());
    }
    let home = ok(
        app,
        None,
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": PIRACICABA}),
    )
    .await;
    for list in home["produtos"].as_object().unwrap().values() {
        if list
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["userforn"] == SUPPLIER_ID || p["nomeforn"] == "Sítio Boa Vista")
        {
            seen.push("home".to_owned());
            break;
        }
    }
    let page = ok(
        app,
        None,
        json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": PIRACICABA, "categoria": "Alimentos"}),
    )
    .await;
    if page["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["nomeforn"] == "Sítio Boa Vista")
    {
        seen.push("page".to_owned());
    }
    let found = ok(
        app,
        None,
        json!({"codigo": "search", "all": "alface", "cidade": PIRACICABA, "categoria": "Alimentos"}),
    )
    .await;
    if found["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["nomeforn"] == "Sítio Boa Vista")
    {
        seen.push("search".to_owned());
    }
    let store = ok(app, None, json!({"codigo": "start_site", "urlforn": STORE})).await;
    if store["manutencao"] != true {
        seen.push("start_site".to_owned());
    }
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p01"}),
        )
        .await;
    if status == 200 {
        seen.push("product".to_owned());
    }
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": SUPPLIER_ID}),
        )
        .await;
    if status == 200 {
        seen.push("dadosforn".to_owned());
    }
    seen
}

#[tokio::test]
async fn hiding_a_supplier_removes_it_from_every_public_listing_at_once_but_not_from_the_admin() {
    let app = demo_app().await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    assert_eq!(
        publicly_listed(&app).await.len(),
        7,
        "visible everywhere at first"
    );

    let res = ok(
        &app,
        Some(&admin),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": true}),
    )
    .await;
    assert!(res.get("error").is_none());
    assert_eq!(publicly_listed(&app).await, Vec::<String>::new());

    let list = ok(&app, Some(&admin), json!({"codigo": "loading_admin"})).await;
    let joao = list["fornecedores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["usuario"] == SUPPLIER_ID)
        .expect("hidden suppliers stay in the admin's list");
    assert_eq!(joao["invisivel"], true);
    assert_eq!(joao["email"], "fornecedor@feira.test");
    assert_eq!(joao["cpf"], "08183658466");
    assert_eq!(joao["telefone"], "(19) 99876-5432");
    assert_eq!(list["fornecedores"].as_array().unwrap().len(), 8);

    // The admin's storefront, by URL or by user id, shows the hidden store and its products.
    for key in [STORE, SUPPLIER_ID] {
        let store = ok(
            &app,
            Some(&admin),
            json!({"codigo": "start_site_admin", "urlforn": key}),
        )
        .await;
        assert_eq!(store["exist"], 1);
        assert_eq!(store["dadosforn"]["nomeforn"], "Sítio Boa Vista");
        assert_eq!(store["dadosforn"]["oculto"], true);
        let prods = store["allprods"].as_array().unwrap();
        assert!(prods.iter().any(|p| p["id"] == "demo-p01"), "{store}");
    }
    let none = ok(
        &app,
        Some(&admin),
        json!({"codigo": "start_site_admin", "urlforn": "nao-existe"}),
    )
    .await;
    assert_eq!(none["exist"], 0);

    ok(
        &app,
        Some(&admin),
        json!({"codigo": "invisivel", "userforn": SUPPLIER_ID, "invisivel": false}),
    )
    .await;
    assert_eq!(publicly_listed(&app).await.len(), 7, "visible again");

    let (status, res) = app
        .rpc(
            Some(&admin),
            json!({"codigo": "invisivel", "userforn": "ninguem", "invisivel": true}),
        )
        .await;
    assert_eq!(status, 404, "{res}");
}

#[tokio::test]
async fn customers_are_the_users_without_a_store_except_the_admin() {
    let app = demo_app().await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    app.login("novo.cliente@exemplo.com").await;
    let res = ok(&app, Some(&admin), json!({"codigo": "pegar_clientes"})).await;
    let clientes = res["clientes"].as_array().unwrap();
    let emails: Vec<&str> = clientes
        .iter()
        .map(|c| c["email"].as_str().unwrap())
        .collect();
    assert!(emails.contains(&BUYER) && emails.contains(&"novo.cliente@exemplo.com"));
    assert!(!emails.contains(&SUPPLIER), "suppliers are not customers");
    assert!(!emails.contains(&ADMIN_EMAIL));
    // 16 demo users − 8 suppliers − the admin + the new one.
    assert_eq!(clientes.len(), 8);
    let carla = clientes.iter().find(|c| c["email"] == BUYER).unwrap();
    assert_eq!(carla["nome"], "Carla Souza");
    assert_eq!(carla["telefone"], "(19) 99230-1478");
    assert_eq!(carla["rua"], "Avenida Independência");
    assert_eq!(carla["numero"], "2350");
    assert_eq!(carla["cidade"], PIRACICABA);
    assert_eq!(carla["complemento"], "Apto 42");
    let novo = clientes
        .iter()
        .find(|c| c["email"] == "novo.cliente@exemplo.com")
        .unwrap();
    assert!(novo["telefone"].is_null());
}

#[tokio::test]
async fn double_confirmation_leaves_one_payout() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    paid_pix_order(&app, &buyer, 2).await;
    paid_pix_order(&app, &buyer, 3).await;
    let id = fake_withdrawal_request(&app, "(19)99876-5432").await;

    let res = ok(
        &app,
        Some(&admin),
        json!({"codigo": "pegar_solicitacoes_saque"}),
    )
    .await;
    let pendentes = res["pendentes"].as_array().unwrap();
    assert_eq!(pendentes.len(), 1, "{res}");
    assert_eq!(pendentes[0]["id"], id.as_str());
    assert_eq!(pendentes[0]["nomeforn"], "Sítio Boa Vista");
    // R$ 40,00 gross, 2 % fee: R$ 39,20 to transfer.
    assert_eq!(pendentes[0]["Solicitacao"]["valor"], 39.2);
    assert_eq!(pendentes[0]["Solicitacao"]["bruto"], 40.0);
    assert_eq!(pendentes[0]["Solicitacao"]["taxa"], 0.8);
    assert_eq!(pendentes[0]["Solicitacao"]["chave_pix"], "(19)99876-5432");

    // Two confirmations at once, then a third: exactly one pays out.
    let confirm = json!({"codigo": "confirmar_saque", "userforn": id});
    let (a, b) = tokio::join!(
        app.rpc(Some(&admin), confirm.clone()),
        app.rpc(Some(&admin), confirm.clone())
    );
    assert_eq!((a.0, b.0), (200, 200), "{} {}", a.1, b.1);
    let done = [&a.1, &b.1]
        .iter()
        .filter(|r| r["confirmado"] == true)
        .count();
    assert_eq!(done, 1, "one of them paid out: {} {}", a.1, b.1);
    let (status, at, items) = payout_state(&app, &id).await;
    assert_eq!(status, "pago");
    assert!(at.is_some());
    assert_eq!(
        items,
        vec!["3".to_owned(), "3".to_owned()],
        "status '3' Saque"
    );

    let again = ok(&app, Some(&admin), confirm).await;
    assert_eq!(again["confirmado"], false);
    assert_eq!(payout_state(&app, &id).await, (status, at, items));
    let paid: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM withdrawals WHERE status = 'pago'")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(paid, 1);

    let res = ok(
        &app,
        Some(&admin),
        json!({"codigo": "pegar_solicitacoes_saque"}),
    )
    .await;
    assert_eq!(res["pendentes"], json!([]));
    let (status, res) = app
        .rpc(
            Some(&admin),
            json!({"codigo": "confirmar_saque", "userforn": "nao-existe"}),
        )
        .await;
    assert_eq!(status, 404, "{res}");
}

//! The buyer confirms receipt before the money is released (decisions.md §37, amending §27):
//! the store's `confirmar_entrega` only marks the order delivered and asks the buyer, by e-mail,
//! 'Recebi meu pedido' or 'Tive um problema'; the held money joins the store's balance when the
//! buyer confirms, or `RELEASE_AFTER_DAYS` after the mark without a word — once, also with two
//! instances and two runs at once. In-person orders take the same steps with no money. The
//! money trail adds up after every step (`fixtures::money`).

use crate::fixtures::money::{Trail, assert_money_adds_up};
use crate::fixtures::{BUYER, OTHER_BUYER, SUPPLIER, cassava, demo_app, pay_pix};
use crate::helpers::{TestApp, spawn_app_with};
use feira_api::domain::orders::receipt::release_due;
use serde_json::{Value, json};
use std::time::Duration;

const ASK: &str = "Você recebeu seu pedido em Sítio Boa Vista?";
const CONFIRMED: &str = "Carla Souza confirmou o recebimento";
const RELEASED: &str = "Pedido de Carla Souza liberado";

async fn outbox(app: &TestApp, to: &str, subject: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox WHERE destinatario = $1 AND assunto = $2")
        .bind(to)
        .bind(subject)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (s, b) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(s, 200, "{body} → {b}");
    b
}

/// `(A liberar, saldo)` of the store, in reais.
async fn money(app: &TestApp, supplier: &str) -> (f64, f64) {
    let p =
        ok(app, supplier, json!({"codigo": "pegar_infos_pagamentos"})).await["pagamentos"].clone();
    (
        p["aliberar"].as_f64().unwrap(),
        p["saldo"].as_f64().unwrap(),
    )
}

/// A paid Pix order of `n` cassavas (R$ 8,00 each) by `buyer`; its id.
async fn paid_order(app: &TestApp, buyer: &str, n: u32) -> String {
    let order = ok(app, buyer, cassava(n, "2")).await;
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert_eq!(pay_pix(app, &txid).await.0, 200);
    order["all"]["id"].as_str().unwrap().to_owned()
}

/// The buyer's view of order `id`.
async fn seen_by_buyer(app: &TestApp, buyer: &str, id: &str) -> Value {
    let list = ok(app, buyer, json!({"codigo": "pegar_pedidos"})).await;
    let all = list["pedidos"].as_array().unwrap();
    all.iter().find(|o| o["id"] == id).unwrap()["Infos"].clone()
}

fn trail(paid: i64, released: i64, held: i64) -> Trail {
    Trail {
        paid,
        released,
        held,
        refunded: 0,
    }
}

#[tokio::test]
async fn the_buyers_word_releases_the_held_money_at_once_and_opens_the_review() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (other, _) = app.login(OTHER_BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let id = paid_order(&app, &buyer, 2).await;
    assert_eq!(assert_money_adds_up(&app).await[&id], trail(1600, 0, 1600));

    // Before the store's mark: refused, nothing moved.
    let receipt = json!({"codigo": "confirmar_recebimento", "item": id});
    let (s, b) = app.rpc(Some(&buyer), receipt.clone()).await;
    assert_eq!(
        (s, b["error"].as_str(), b["codigo_erro"].as_str()),
        (
            409,
            Some("O vendedor ainda não marcou este pedido como entregue."),
            Some("nao_entregue")
        )
    );
    assert_eq!(money(&app, &supplier).await, (16.0, 0.0));

    // The store marks it delivered: the money stays held; the buyer is asked, once.
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    assert_eq!(money(&app, &supplier).await, (16.0, 0.0));
    assert_eq!(assert_money_adds_up(&app).await[&id], trail(1600, 0, 1600));
    assert_eq!(outbox(&app, BUYER, ASK).await, 1);
    let infos = seen_by_buyer(&app, &buyer, &id).await;
    assert_eq!(infos["situacao"], "2");
    assert!(infos["entregue_em"].as_i64().unwrap() > 0, "{infos}");
    assert_eq!(
        (infos["recebido_em"].clone(), infos["recebimento"].clone()),
        (Value::Null, Value::Null)
    );
    // Not yet reviewable; the withdrawal finds no balance.
    let rate = json!({"codigo": "avaliar_pedido", "idpedido": id, "nota": 5});
    assert_eq!(app.rpc(Some(&buyer), rate.clone()).await.0, 409);
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "transferir", "pix": "fornecedor@feira.test"}),
        )
        .await;
    assert_eq!((s, b["error"].as_str()), (400, Some("Você está sem saldo")));

    // Someone else's word is refused (403), an unknown order is 404; nothing moved.
    assert_eq!(app.rpc(Some(&other), receipt.clone()).await.0, 403);
    assert_eq!(app.rpc(Some(&supplier), receipt.clone()).await.0, 403);
    let unknown = json!({"codigo": "confirmar_recebimento", "item": "nao-existe"});
    assert_eq!(app.rpc(Some(&buyer), unknown).await.0, 404);
    assert_eq!(money(&app, &supplier).await, (16.0, 0.0));

    // 'Recebi meu pedido': released at once, the store told; a second tap changes nothing.
    ok(&app, &buyer, receipt.clone()).await;
    assert_eq!(money(&app, &supplier).await, (0.0, 16.0));
    assert_eq!(assert_money_adds_up(&app).await[&id], trail(1600, 1600, 0));
    ok(&app, &buyer, receipt).await;
    assert_eq!(money(&app, &supplier).await, (0.0, 16.0));
    assert_eq!(outbox(&app, SUPPLIER, CONFIRMED).await, 1);
    let infos = seen_by_buyer(&app, &buyer, &id).await;
    assert_eq!(infos["recebimento"], "comprador");
    assert!(infos["recebido_em"].as_i64().unwrap() >= infos["entregue_em"].as_i64().unwrap());
    // The job finds nothing left to release; the review opens.
    let released = release_due(&app.app.db, Duration::ZERO, i64::MAX / 2).await;
    assert_eq!(released.unwrap(), 0);
    assert_eq!(outbox(&app, SUPPLIER, RELEASED).await, 0);
    ok(&app, &buyer, rate).await;
    assert_money_adds_up(&app).await;
}

#[tokio::test]
async fn an_in_person_order_takes_the_same_steps_with_no_money_held() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let placed = ok(&app, &buyer, cassava(1, "1")).await;
    let id = placed["all"]["id"].as_str().unwrap().to_owned();
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    assert_eq!(outbox(&app, BUYER, ASK).await, 1);
    assert_eq!(
        seen_by_buyer(&app, &buyer, &id).await["recebido_em"],
        Value::Null
    );
    ok(
        &app,
        &buyer,
        json!({"codigo": "confirmar_recebimento", "item": id}),
    )
    .await;
    assert_eq!(
        seen_by_buyer(&app, &buyer, &id).await["recebimento"],
        "comprador"
    );
    assert_eq!(money(&app, &supplier).await, (0.0, 0.0));
    assert_eq!(assert_money_adds_up(&app).await[&id], trail(0, 0, 0));
}

#[tokio::test]
async fn without_a_word_the_money_is_released_after_the_days_once_even_when_runs_race() {
    let app = demo_app().await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let id = paid_order(&app, &buyer, 1).await;
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    let days = Duration::from_secs(3 * 24 * 3600);
    let db = &app.app.db;
    let now = feira_api::db::now_ms();
    // Before the days pass: nothing.
    assert_eq!(release_due(db, days, now).await.unwrap(), 0);
    assert_eq!(money(&app, &supplier).await, (8.0, 0.0));
    // Three days after the mark, two runs at once: one release.
    let later = now + 3 * 24 * 3600 * 1000 + 1000;
    let (a, b) = tokio::join!(release_due(db, days, later), release_due(db, days, later));
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    assert_eq!(release_due(db, days, later).await.unwrap(), 0);
    assert_eq!(money(&app, &supplier).await, (0.0, 8.0));
    assert_eq!(assert_money_adds_up(&app).await[&id], trail(800, 800, 0));
    assert_eq!(outbox(&app, SUPPLIER, RELEASED).await, 1);
    assert_eq!(
        seen_by_buyer(&app, &buyer, &id).await["recebimento"],
        "automatico"
    );
    // The buyer's word after the release changes nothing; the review is open.
    ok(
        &app,
        &buyer,
        json!({"codigo": "confirmar_recebimento", "item": id}),
    )
    .await;
    assert_eq!(money(&app, &supplier).await, (0.0, 8.0));
    assert_eq!(outbox(&app, SUPPLIER, CONFIRMED).await, 0);
    ok(
        &app,
        &buyer,
        json!({"codigo": "avaliar_pedido", "idpedido": id, "nota": 4}),
    )
    .await;
    assert_money_adds_up(&app).await;
}

#[tokio::test]
async fn two_instances_running_the_release_job_release_each_order_once() {
    // RELEASE_AFTER_DAYS=0 and jobs every second: both instances' `orders-release` jobs find
    // the order due at once and keep running while the test watches.
    let fast = |c: &mut feira_api::config::Config| {
        c.seed_demo = true;
        c.pix.release_after = Duration::ZERO;
        c.ops.jobs_every = Some(Duration::from_secs(1));
    };
    let app = spawn_app_with(fast).await;
    let second = {
        let (url, issuer) = (app.app.config.database.url.clone(), app.issuer.clone());
        let mut s = spawn_app_with(move |c| {
            fast(c);
            c.seed_demo = false;
            c.database.url = url;
            c.security.oidc_issuer = issuer.clone();
        })
        .await;
        s.issuer = app.issuer.clone();
        s
    };
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = second.login(SUPPLIER).await;
    let ids = [
        paid_order(&app, &buyer, 1).await,
        paid_order(&app, &buyer, 2).await,
    ];
    for id in &ids {
        ok(
            &second,
            &supplier,
            json!({"codigo": "confirmar_entrega", "item": id}),
        )
        .await;
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let (held, saldo) = money(&app, &supplier).await;
        if held == 0.0 {
            assert_eq!(saldo, 24.0);
            break;
        }
        assert!(std::time::Instant::now() < deadline, "never released");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // A few more periods of both instances: still released once each.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(outbox(&app, SUPPLIER, RELEASED).await, 2);
    assert_eq!(money(&second, &supplier).await, (0.0, 24.0));
    let trails = assert_money_adds_up(&app).await;
    assert_eq!(trails[&ids[0]], trail(800, 800, 0));
    assert_eq!(trails[&ids[1]], trail(1600, 1600, 0));
}

#[tokio::test]
async fn orders_confirmed_before_the_buyers_word_keep_their_release_and_paid_ones_take_the_new_steps()
 {
    // A database as it was before migration 0075, with a delivered Pix order (its money released
    // by the store's confirmation then) and a paid one awaiting delivery (held).
    let tmp = crate::helpers::TempDir(
        std::env::temp_dir().join(format!("feira-receipt-{}", feira_api::db::new_id())),
    );
    let url = crate::helpers::empty_database(&tmp.0).await;
    let db = feira_api::db::connect(&url, 4, Duration::from_secs(10))
        .await
        .unwrap();
    let older: Vec<_> = feira_api::db::migrator(&db)
        .iter()
        .filter(|m| m.version < 75)
        .cloned()
        .collect();
    sqlx_core::migrate::Migrator::with_migrations(older)
        .run(&db)
        .await
        .unwrap();
    let media = feira_api::media::MediaStore::from_config(&feira_api::config::MediaConfig::Local {
        dir: tmp.0.join("media"),
    })
    .unwrap();
    feira_api::seed::load_demo(&db, &media).await.unwrap();
    for (id, situacao, item) in [("old-delivered", "2", "2"), ("old-paid", "1", "a_liberar")] {
        sqlx::query(
            "INSERT INTO orders (id, buyer_id, supplier_id, nomeforn, criado_em, situacao, \
             tipo_entrega, pagamento, status_pix, txid, preco_produtos_centavos, \
             taxa_entrega_centavos, desconto_centavos, total_centavos, cliente_nome, \
             atualizado_em) VALUES ($1, 'demo-carla', 'demo-joao', 'Sítio Boa Vista', 1000, $2, \
             'Retirada', '2', '2', $3, 800, 0, 0, 800, 'Carla Souza', 5000)",
        )
        .bind(id)
        .bind(situacao)
        .bind(format!("tx{id}"))
        .execute(&db)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO pix_received (end_to_end_id, txid, valor_centavos, horario, origem, \
             estado, recebido_em) VALUES ($1, $2, 800, '2026-01-01T00:00:00Z', 'webhook', \
             'aplicado', 1000)",
        )
        .bind(format!("E{id}"))
        .bind(format!("tx{id}"))
        .execute(&db)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO open_items (id, supplier_id, order_id, cliente_nome, valor_centavos, \
             status, criado_em) VALUES ($1, 'demo-joao', $2, 'Carla Souza', 800, $3, 1000)",
        )
        .bind(format!("i{id}"))
        .bind(id)
        .bind(item)
        .execute(&db)
        .await
        .unwrap();
    }
    feira_api::db::migrate(&db).await.unwrap();
    db.close().await;

    let app = spawn_app_with(move |c| c.database.url = url).await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    assert_money_adds_up(&app).await;
    // The old delivery keeps its release: received by the store's confirmation, reviewable.
    let infos = seen_by_buyer(&app, &buyer, "old-delivered").await;
    assert_eq!(
        (
            infos["recebimento"].clone(),
            infos["recebido_em"].clone(),
            infos["entregue_em"].clone()
        ),
        (json!("loja"), json!(5000), json!(5000))
    );
    assert_eq!(money(&app, &supplier).await, (8.0, 8.0));
    ok(
        &app,
        &buyer,
        json!({"codigo": "avaliar_pedido", "idpedido": "old-delivered", "nota": 5}),
    )
    .await;
    // The job never touches it again.
    let released = release_due(&app.app.db, Duration::ZERO, i64::MAX / 2).await;
    assert_eq!(released.unwrap(), 0);
    // The paid one takes the new steps: marked, still held, released on the buyer's word.
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": "old-paid"}),
    )
    .await;
    assert_eq!(money(&app, &supplier).await, (8.0, 8.0));
    ok(
        &app,
        &buyer,
        json!({"codigo": "confirmar_recebimento", "item": "old-paid"}),
    )
    .await;
    assert_eq!(money(&app, &supplier).await, (0.0, 16.0));
    let trails = assert_money_adds_up(&app).await;
    assert_eq!(trails["old-paid"], trail(800, 800, 0));
    assert_eq!(trails["old-delivered"], trail(800, 800, 0));
}

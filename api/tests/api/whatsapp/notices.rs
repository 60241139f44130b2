//! The WhatsApp templates of problem cases and recurring baskets (docs/notices.md), through the
//! local Cloud API: a case opened reaches the store, its end both sides, each once and with the
//! variables the approved template has; a basket's notice ahead of the cut-off, a cycle with
//! nothing in stock and a store's vacation reach its opted-in subscriber, once; a person who
//! turned `reclamacoes` off gets none of the case's messages; an opted-in store that saves a
//! new phone gets its notices there (the consent dated again).

use super::{BUYER_PHONE, CloudApi, STORE_PHONE, app_with, opt_in, phone_of};
use crate::fixtures::{BUYER, SUPPLIER, cassava, exec, pay_pix};
use crate::helpers::TestApp;
use feira_api::rpc::subscriptions::cycles;
use serde_json::{Value, json};
use std::time::Duration;
use wasm_core::{date::Date, delivery::days::date_label};

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (s, b) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(s, 200, "{body} → {b}");
    b
}

/// A Pix order of `n` cassavas by `buyer`, paid and marked delivered by `store`, with a case
/// opened by the buyer (`motivo`); its id.
async fn case_on_a_delivered_order(
    app: &TestApp,
    buyer: &str,
    store: &str,
    n: u32,
    motivo: &str,
) -> String {
    let order = ok(app, buyer, cassava(n, "2")).await;
    let id = order["all"]["id"].as_str().unwrap().to_owned();
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert_eq!(pay_pix(app, &txid).await.0, 200);
    ok(
        app,
        store,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    ok(
        app,
        buyer,
        json!({"codigo": "abrir_reclamacao", "idpedido": id, "motivo": motivo,
               "texto": "Veio só uma mandioca."}),
    )
    .await;
    id
}

fn named<'a>(got: &'a [Value], template: &str) -> Vec<&'a Value> {
    got.iter().filter(|m| m["template"] == template).collect()
}

fn body(m: &Value) -> Vec<&str> {
    m["body"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_case_opened_reaches_the_store_and_its_end_both_sides_once() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    opt_in(&app, &buyer, "comprador").await;
    opt_in(&app, &store, "loja").await;
    let buyer_phone = phone_of(&app, BUYER_PHONE, BUYER).await;
    let store_phone = phone_of(&app, STORE_PHONE, SUPPLIER).await;

    let id = case_on_a_delivered_order(&app, &buyer, &store, 3, "faltando").await;
    let got = cloud
        .until(|m| !named(m, "reclamacao_aberta").is_empty())
        .await;
    let opened = named(&got, "reclamacao_aberta");
    assert_eq!(opened[0]["to"], store_phone.as_str());
    assert_eq!(opened[0]["language"], "pt_BR");
    assert_eq!(
        body(opened[0]),
        ["Carla Souza", "Sítio Boa Vista", "Veio faltando"]
    );
    assert!(
        opened[0]["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("painel/demo-joao?pedido={id}")),
        "{}",
        opened[0]
    );

    // The buyer's message reaches the store; the store's refund ends the case for both.
    ok(
        &app,
        &buyer,
        json!({"codigo": "responder_reclamacao", "idpedido": id, "texto": "E agora?"}),
    )
    .await;
    ok(
        &app,
        &store,
        json!({"codigo": "devolver_reclamacao", "idpedido": id, "valor": 8}),
    )
    .await;
    let got = cloud
        .until(|m| named(m, "reclamacao_encerrada").len() == 2)
        .await;
    let message = named(&got, "reclamacao_mensagem");
    assert_eq!(message.len(), 1);
    assert_eq!(message[0]["to"], store_phone.as_str());
    assert_eq!(body(message[0]), ["Carla Souza", "Sítio Boa Vista"]);
    let ended = named(&got, "reclamacao_encerrada");
    let mut to: Vec<&str> = ended.iter().map(|m| m["to"].as_str().unwrap()).collect();
    to.sort_unstable();
    let mut both = [buyer_phone.as_str(), store_phone.as_str()];
    both.sort_unstable();
    assert_eq!(to, both);
    assert_eq!(body(ended[0]), ["Sítio Boa Vista", "R$ 8,00", "R$ 16,00"]);
    // Nothing more, nothing twice.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = cloud.messages().await;
    assert_eq!(named(&after, "reclamacao_aberta").len(), 1);
    assert_eq!(named(&after, "reclamacao_encerrada").len(), 2);
}

#[tokio::test]
async fn with_cases_turned_off_the_case_goes_by_e_mail_only() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    opt_in(&app, &buyer, "comprador").await;
    let off = json!({"codigo": "alterar_avisos", "papel": "loja", "ativo": true,
                     "avisos": [{"aviso": "reclamacoes", "whatsapp": false}]});
    let b = ok(&app, &store, off).await;
    assert!(
        b["avisos"]
            .as_array()
            .unwrap()
            .contains(&json!({"aviso": "reclamacoes", "whatsapp": false})),
        "{b}"
    );
    case_on_a_delivered_order(&app, &buyer, &store, 1, "outro").await;
    // The store still gets its other notices (the new paid order); the case only by e-mail.
    cloud
        .until(|m| !named(m, "novo_pedido_pago").is_empty())
        .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(named(&cloud.messages().await, "reclamacao_aberta").is_empty());
    let mails: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM email_outbox WHERE assunto LIKE '%teve um problema%'",
    )
    .fetch_one(&app.app.db)
    .await
    .unwrap();
    assert_eq!(mails, 1);
}

/// João's store with pickup every day (orders until 18:00 of the day before) and the buyer's
/// weekly basket of 2 cassavas from in 2 days; that first date.
async fn weekly_basket(app: &TestApp, buyer: &str, store: &str) -> Date {
    let janelas: Vec<Value> = (0..7)
        .map(|d| json!({"tipo": "retirada", "dia_semana": d, "inicio": "08:00", "fim": "12:00"}))
        .collect();
    ok(
        app,
        store,
        json!({
            "codigo": "entregas_edit", "usuario": "demo-joao", "cidades": [], "vendasforn": 0,
            "form": {
                "entrega": "12", "taxaTipo": "", "taxaentrega": "", "taxaPorKm": "",
                "pedidominimoentrega": "", "pedidominimoretirada": "",
                "descricaoentrega": "", "descricaoretirada": "",
                "dias": {"janelas": janelas, "corte_tipo": "dias",
                         "corte_dias": 1, "corte_hora": "18:00"},
            },
        }),
    )
    .await;
    let first = Date::of_ms(feira_api::db::now_ms())
        .unwrap()
        .add_days(2)
        .unwrap();
    ok(
        app,
        buyer,
        json!({
            "codigo": "assinar", "sacola": [{"id": "demo-p04", "quantidade": 2}],
            "forn": "demo-joao", "total": 16.0, "entrega": false, "frequencia": "semanal",
            "pagamento": "na_entrega", "data_entrega": first.iso(),
            "janela_inicio": "08:00", "janela_fim": "12:00",
        }),
    )
    .await;
    first
}

#[tokio::test]
async fn a_stores_vacation_reaches_its_opted_in_subscriber() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    opt_in(&app, &buyer, "comprador").await;
    let buyer_phone = phone_of(&app, BUYER_PHONE, BUYER).await;
    let first = weekly_basket(&app, &buyer, &store).await;
    let last = first.add_days(3).unwrap();
    let v = ok(
        &app,
        &store,
        json!({"codigo": "ferias_assinaturas", "de": first.iso(), "ate": last.iso()}),
    )
    .await;
    assert_eq!(v["avisados"], json!(1));
    let got = cloud.until(|m| !named(m, "cesta_ferias").is_empty()).await;
    let vacation = named(&got, "cesta_ferias");
    assert_eq!(vacation.len(), 1);
    assert_eq!(vacation[0]["to"], buyer_phone.as_str());
    let b = body(vacation[0]);
    assert_eq!(&b[..2], ["Carla", "Sítio Boa Vista"]);
    assert_eq!(b[2], date_label(first));
    assert_eq!(b[3], date_label(last));
}

#[tokio::test]
async fn a_basket_is_announced_before_the_cutoff_and_a_cycle_with_nothing_in_stock_said_once() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    opt_in(&app, &buyer, "comprador").await;
    let first = weekly_basket(&app, &buyer, &store).await;
    // Orders for `first` close at 18:00 (São Paulo) of the day before.
    let closes = first.start_ms() - 6 * 3_600_000;
    cycles::run(&app.app, closes - 3_600_000, 24, None)
        .await
        .unwrap();
    let got = cloud.until(|m| !named(m, "cesta_aviso").is_empty()).await;
    let ahead = named(&got, "cesta_aviso");
    assert_eq!(body(ahead[0])[..2], ["Carla", "Sítio Boa Vista"]);
    assert_eq!(body(ahead[0])[2], date_label(first));

    // Nothing in stock at the cut-off: no order, 'cesta_nao_gerada' with why.
    exec(
        &app,
        "UPDATE products SET estoque = 0 WHERE id = $1",
        "demo-p04",
    )
    .await;
    cycles::run(&app.app, closes + 1000, 24, None)
        .await
        .unwrap();
    cycles::run(&app.app, closes + 2000, 24, None)
        .await
        .unwrap();
    let got = cloud
        .until(|m| !named(m, "cesta_nao_gerada").is_empty())
        .await;
    let empty = named(&got, "cesta_nao_gerada");
    assert_eq!(body(empty[0])[3], "nenhum item tinha estoque.");
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = cloud.messages().await;
    assert_eq!(named(&after, "cesta_aviso").len(), 1, "announced once");
    assert_eq!(named(&after, "cesta_nao_gerada").len(), 1, "said once");
}

#[tokio::test]
async fn the_stores_new_phone_takes_its_whatsapp_notices_with_consent_dated_again() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    let (store, _) = app.login(SUPPLIER).await;
    opt_in(&app, &store, "loja").await;
    let old = phone_of(&app, STORE_PHONE, SUPPLIER).await;
    let consent = || async {
        let (phone, at): (String, i64) = sqlx::query_as(
            "SELECT telefone, consentido_em FROM whatsapp_contacts \
             WHERE user_id = 'demo-joao' AND papel = 'loja'",
        )
        .fetch_one(&app.app.db)
        .await
        .unwrap();
        (phone, at)
    };
    let (_, first) = consent().await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    ok(
        &app,
        &store,
        json!({"codigo": "editar_dados_fornecedor",
               "form": {"nomeforn": "Sítio Boa Vista", "cpf": "081.836.584-66",
                        "telefone": "(19) 99876-1234", "instagram": "sitioboavista",
                        "descricaoforn": "Hortaliças"}}),
    )
    .await;
    let (phone, again) = consent().await;
    assert_eq!(phone, "+5519998761234");
    assert!(again > first, "the consent dated with the new number");
    let avisos = ok(&app, &store, json!({"codigo": "pegar_avisos"})).await;
    assert_eq!(avisos["loja"]["ativo"], true, "{avisos}");

    // A new paid order reaches the new number, not the old one.
    let order = ok(&app, &buyer, cassava(1, "2")).await;
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert_eq!(pay_pix(&app, &txid).await.0, 200);
    let got = cloud
        .until(|m| !named(m, "novo_pedido_pago").is_empty())
        .await;
    let to: Vec<&str> = named(&got, "novo_pedido_pago")
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to, ["5519998761234"]);
    assert_ne!(old, "5519998761234");
}

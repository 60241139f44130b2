//! WhatsApp notices (decisions.md §38) against the local Cloud API (devservices/whatsapp.mjs,
//! started here on a free port): it checks each request as Meta's would (token, template,
//! language, variable count) and sends signed status webhooks and replies back to the app.

use crate::{
    fixtures::{BUYER, SUPPLIER, cassava, pay_pix},
    helpers::{TestApp, devservice, spawn_app_with},
};
use feira_api::config::{WhatsAppConfig, secret};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::process::Child;

mod notices;
mod sending;
mod webhook;

const TOKEN: &str = "token-local-de-teste";
const SECRET: &str = "segredo-do-app-de-teste";
const VERIFY: &str = "verifica-de-teste";
const PHONE_ID: &str = "100200300";

/// The local Cloud API: its address and control address.
pub struct CloudApi {
    pub api: String,
    pub control: String,
    http: reqwest::Client,
    _child: Child,
}

impl CloudApi {
    pub async fn start() -> Self {
        let env = [
            ("WHATSAPP_PORT", "0".to_owned()),
            ("WHATSAPP_TOKEN", TOKEN.to_owned()),
            ("WHATSAPP_APP_SECRET", SECRET.to_owned()),
            ("WHATSAPP_PHONE_NUMBER_ID", PHONE_ID.to_owned()),
            ("WHATSAPP_STATUS_DELAY_MS", "20".to_owned()),
        ];
        let (child, rest, mut lines) =
            devservice("whatsapp.mjs", &env, "whatsapp: listening on ").await;
        // Its log is read to the end (a closed pipe would stop it at its next line).
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        let info: Value = serde_json::from_str(&rest[rest.find('{').unwrap()..]).unwrap();
        Self {
            api: info["api"].as_str().unwrap().to_owned(),
            control: info["control"].as_str().unwrap().to_owned(),
            http: reqwest::Client::new(),
            _child: child,
        }
    }

    pub async fn control(&self, path: &str, body: Value) -> Value {
        self.http
            .post(format!("{}/{path}", self.control))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    pub async fn messages(&self) -> Vec<Value> {
        self.http
            .get(format!("{}/messages", self.control))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Waits (40 s at most) until `done` holds for the accepted messages.
    pub async fn until(&self, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
        while tokio::time::Instant::now() < deadline {
            let m = self.messages().await;
            if done(&m) {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("never reached: {:?}", self.messages().await);
    }
}

pub fn config(api: &str) -> WhatsAppConfig {
    WhatsAppConfig {
        token: secret(TOKEN),
        phone_number_id: PHONE_ID.into(),
        app_secret: secret(SECRET),
        verify_token: secret(VERIFY),
        api_url: api.into(),
        timeout: Duration::from_secs(5),
        max_attempts: 4,
        first_retry: Duration::from_secs(1),
    }
}

/// The demo app talking to `cloud`, whose webhooks come back to it; jobs every second.
async fn app_with(cloud: &CloudApi) -> TestApp {
    let w = config(&cloud.api);
    let app = spawn_app_with(move |c| {
        c.seed_demo = true;
        c.whatsapp = Some(w);
        c.ops.jobs_every = Some(Duration::from_secs(1));
    })
    .await;
    cloud
        .control(
            "webhook",
            json!({"url": format!("{}/webhooks/whatsapp", app.address)}),
        )
        .await;
    app
}

async fn opt_in(app: &TestApp, token: &str, papel: &str) -> Value {
    let (s, b) = app
        .rpc(
            Some(token),
            json!({"codigo": "alterar_avisos", "papel": papel, "ativo": true}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    b
}

/// E.164 digits (no +) of the profile phone of `email`, and of the store of `email`.
async fn phone_of(app: &TestApp, sql: &'static str, email: &str) -> String {
    let (t,): (String,) = sqlx::query_as(sql)
        .bind(email)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    format!(
        "55{}",
        t.chars().filter(char::is_ascii_digit).collect::<String>()
    )
}
const BUYER_PHONE: &str = "SELECT telefone FROM users WHERE email = $1";
const STORE_PHONE: &str =
    "SELECT s.telefone FROM suppliers s JOIN users u ON u.id = s.user_id WHERE u.email = $1";

type Row = (
    String,
    Option<i64>,
    Option<i64>,
    i64,
    Option<String>,
    Option<String>,
);
async fn outbox(app: &TestApp) -> Vec<Row> {
    sqlx::query_as(
        "SELECT modelo, enviado_em, falhou_em, tentativas, wamid, situacao FROM whatsapp_outbox \
         ORDER BY criado_em, id",
    )
    .fetch_all(&app.app.db)
    .await
    .unwrap()
}

async fn outbox_until(app: &TestApp, done: impl Fn(&[Row]) -> bool) -> Vec<Row> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
    while tokio::time::Instant::now() < deadline {
        let rows = outbox(app).await;
        if done(&rows) {
            return rows;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("outbox never reached the state: {:?}", outbox(app).await);
}

#[tokio::test]
async fn without_the_opt_in_nothing_goes_by_whatsapp() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    let (s, _) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    assert_eq!(s, 200);
    // The e-mails were recorded with the order; no WhatsApp row, no message.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(outbox(&app).await.is_empty());
    assert!(cloud.messages().await.is_empty());
    let (s, b) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_avisos"}))
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["disponivel"], true);
    assert_eq!(b["comprador"]["ativo"], false);
    assert_eq!(
        b["avisos"][0],
        json!({"aviso": "pedidos", "whatsapp": true})
    );
}

#[tokio::test]
async fn opted_in_the_buyer_and_the_store_get_one_message_per_notice() {
    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let b = opt_in(&app, &buyer, "comprador").await;
    assert_eq!(b["comprador"]["ativo"], true);
    assert!(b["comprador"]["consentido_em"].as_i64().unwrap() > 0);
    opt_in(&app, &supplier, "loja").await;
    let buyer_phone = phone_of(&app, BUYER_PHONE, BUYER).await;
    let store_phone = phone_of(&app, STORE_PHONE, SUPPLIER).await;

    // A Pix order, paid: the buyer's 'pagamento confirmado', the store's 'novo pedido pago'.
    let (s, order) = app.rpc(Some(&buyer), cassava(2, "2")).await;
    assert_eq!(s, 200, "{order}");
    let id = order["all"]["id"].as_str().unwrap().to_owned();
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap().to_owned();
    assert_eq!(pay_pix(&app, &txid).await.0, 200);
    let got = cloud.until(|m| m.len() == 2).await;
    let paid = got
        .iter()
        .find(|m| m["to"] == buyer_phone.as_str())
        .unwrap();
    assert_eq!(paid["template"], "pagamento_confirmado");
    assert_eq!(paid["language"], "pt_BR");
    let body: Vec<&str> = paid["body"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(body, ["Carla Souza", "R$ 16,00", "Sítio Boa Vista"]);
    assert!(
        paid["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("?pedido={id}")),
        "{paid}"
    );
    let store = got
        .iter()
        .find(|m| m["to"] == store_phone.as_str())
        .unwrap();
    assert_eq!(store["template"], "novo_pedido_pago");
    assert_eq!(store["body"][2], "R$ 16,00");

    // The buyer's copy of her data (decisions.md §34) has her opt-in and its messages.
    let (s, mine) = app
        .rpc(Some(&buyer), json!({"codigo": "baixar_meus_dados"}))
        .await;
    assert_eq!(s, 200, "{mine}");
    assert_eq!(mine["whatsapp"][0]["papel"], "comprador", "{mine}");
    assert_eq!(mine["whatsapp"][0]["ativo"], true);
    assert!(mine["whatsapp"][0]["consentido_em"].as_i64().unwrap() > 0);
    assert!(
        mine["mensagens_whatsapp"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["modelo"] == "pagamento_confirmado"),
        "{mine}"
    );

    // Delivered: 'pedido entregue' to the buyer.
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "confirmar_entrega", "item": id}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let got = cloud.until(|m| m.len() == 3).await;
    assert_eq!(got[2]["template"], "pedido_entregue");
    assert_eq!(got[2]["to"], buyer_phone.as_str());

    // An in-person order: 'pedido recebido' and 'novo pedido na entrega'.
    assert_eq!(app.rpc(Some(&buyer), cassava(1, "1")).await.0, 200);
    let got = cloud.until(|m| m.len() == 5).await;
    let mut templates: Vec<&str> = got[3..]
        .iter()
        .map(|m| m["template"].as_str().unwrap())
        .collect();
    templates.sort_unstable();
    assert_eq!(templates, ["novo_pedido_na_entrega", "pedido_recebido"]);

    // Each recorded sent, once, and the statuses the webhook brought, up to 'read'.
    let rows = outbox_until(&app, |r| {
        r.len() == 5 && r.iter().all(|r| r.5.as_deref() == Some("read"))
    })
    .await;
    assert!(
        rows.iter()
            .all(|r| r.1.is_some() && r.3 == 1 && r.4.is_some())
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(cloud.messages().await.len(), 5, "none sent twice");
}

#[tokio::test]
async fn the_opt_in_needs_the_channel_and_a_brazilian_phone() {
    // Channel off: refused, and said so.
    let app = spawn_app_with(|c| c.seed_demo = true).await;
    let (buyer, _) = app.login(BUYER).await;
    let (s, b) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "alterar_avisos", "papel": "comprador", "ativo": true}),
        )
        .await;
    assert_eq!(s, 400, "{b}");
    assert!(b.to_string().contains("não estão disponíveis"), "{b}");
    let (_, b) = app
        .rpc(Some(&buyer), json!({"codigo": "pegar_avisos"}))
        .await;
    assert_eq!(b["disponivel"], false);

    let cloud = CloudApi::start().await;
    let app = app_with(&cloud).await;
    let (buyer, _) = app.login(BUYER).await;
    sqlx::query("UPDATE users SET telefone = '+1 415 555 0100' WHERE email = $1")
        .bind(BUYER)
        .execute(&app.app.db)
        .await
        .unwrap();
    let (s, b) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "alterar_avisos", "papel": "comprador", "ativo": true}),
        )
        .await;
    assert_eq!(s, 400, "{b}");
    assert!(b.to_string().contains("números do Brasil"), "{b}");
    // A buyer without a store cannot opt in for one.
    let (s, _) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "alterar_avisos", "papel": "loja", "ativo": true}),
        )
        .await;
    assert_eq!(s, 403);
}

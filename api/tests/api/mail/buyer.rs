//! The buyer's e-mails: their order confirmed by the supplier, cancelled (by them, with the Pix
//! refunded; by the supplier), and cancelled because its Pix expired.

use super::{SmtpServer, Tls, USER, app_with_smtp};
use crate::{
    fixtures::pay_pix,
    fixtures::{BUYER, SUPPLIER, cassava},
};
use serde_json::{Value, json};

async fn setup() -> (SmtpServer, crate::helpers::TestApp, String, String) {
    let smtp = SmtpServer::start(Tls::Starttls, true).await;
    let url = format!("smtp://{USER}:s3nha%20forte@localhost:{}", smtp.port);
    let app = app_with_smtp(&url, 8).await;
    let (buyer, _) = app.login(BUYER).await;
    let (supplier, _) = app.login(SUPPLIER).await;
    (smtp, app, buyer, supplier)
}

/// The next message to `to` (others, such as the supplier's new-order one, and the buyer's
/// 'Pedido recebido' of an in-person order, are skipped).
async fn next_to(smtp: &mut SmtpServer, to: &str) -> Value {
    loop {
        let m = smtp.next().await;
        let received = m["subject"]
            .as_str()
            .is_some_and(|s| s.starts_with("Pedido recebido"));
        if m["to"] == json!([to]) && !received {
            return m;
        }
    }
}

fn text(m: &Value) -> &str {
    m["text"].as_str().unwrap()
}

#[tokio::test]
async fn the_buyer_hears_when_the_supplier_confirms_or_cancels() {
    let (mut smtp, app, buyer, supplier) = setup().await;
    let (_, order) = app.rpc(Some(&buyer), cassava(2, "1")).await;
    let id = order["all"]["id"].clone();
    let (s, b) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "confirmar_entrega", "item": id}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let m = next_to(&mut smtp, BUYER).await;
    // Marked delivered: the buyer is asked for their word (decisions.md §37).
    assert_eq!(m["subject"], "Você recebeu seu pedido em Sítio Boa Vista?");
    assert!(text(&m).starts_with("Olá, "), "{}", text(&m));
    assert!(
        text(&m).contains("marcou seu pedido de R$ 16,00 como entregue")
            && text(&m).contains("'Recebi meu pedido'")
            && text(&m).contains("em 3 dias"),
        "{}",
        text(&m)
    );

    let (_, order) = app.rpc(Some(&buyer), cassava(1, "1")).await;
    let (s, _) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "cancelar_entrega", "item": order["all"]["id"]}),
        )
        .await;
    assert_eq!(s, 200);
    let m = next_to(&mut smtp, BUYER).await;
    assert_eq!(m["subject"], "Pedido cancelado: Sítio Boa Vista");
    assert!(text(&m).contains("foi cancelado pela loja"), "{}", text(&m));
}

#[tokio::test]
async fn a_paid_order_cancelled_by_the_buyer_says_the_money_went_back() {
    let (mut smtp, app, buyer, _) = setup().await;
    let (s, order) = app.rpc(Some(&buyer), cassava(1, "2")).await;
    assert_eq!(s, 200, "{order}");
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap();
    assert_eq!(pay_pix(&app, txid).await.0, 200);
    // First the payment's receipt: the lines, the total and the Pix's end-to-end id.
    let receipt = next_to(&mut smtp, BUYER).await;
    assert_eq!(
        receipt["subject"],
        "Pagamento recebido: seu pedido em Sítio Boa Vista"
    );
    let e2e: String = sqlx::query_scalar("SELECT end_to_end_id FROM pix_charges WHERE txid = $1")
        .bind(txid)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    for part in [
        "1 × mandioca descascada 1 kg — R$ 8,00",
        "Total pago: R$ 8,00",
        e2e.as_str(),
    ] {
        assert!(
            text(&receipt).contains(part),
            "{part} in {}",
            text(&receipt)
        );
    }
    let (s, b) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "cancelar_pedido", "item": order["all"]["id"]}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let m = next_to(&mut smtp, BUYER).await;
    assert_eq!(
        m["subject"],
        "Pedido cancelado e valor devolvido: Sítio Boa Vista"
    );
    assert!(text(&m).contains("como você pediu"), "{}", text(&m));
    assert!(
        text(&m).contains("O valor pago por Pix (R$ 8,00) será devolvido"),
        "{}",
        text(&m)
    );
}

#[tokio::test]
async fn an_unpaid_pix_that_expires_cancels_the_order_and_tells_the_buyer() {
    let (mut smtp, app, buyer, _) = setup().await;
    let (_, order) = app.rpc(Some(&buyer), cassava(1, "2")).await;
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap();
    sqlx::query("UPDATE pix_charges SET expira_em = criado_em - 1 WHERE txid = $1")
        .bind(txid)
        .execute(&app.app.db)
        .await
        .unwrap();
    // The expiry job (every second here) cancels it and records the e-mail.
    let m = next_to(&mut smtp, BUYER).await;
    assert_eq!(m["subject"], "Pedido cancelado: o Pix não foi pago a tempo");
    assert!(
        text(&m).contains("não foi pago dentro do prazo"),
        "{}",
        text(&m)
    );
    let situacao: String = sqlx::query_scalar("SELECT situacao FROM orders WHERE txid = $1")
        .bind(txid)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(situacao, "00");
}

//! Pagamentos' sales report (`pegar_relatorio_vendas`): per month and product, from the ledger;
//! its totals are the ledger's to the centavo and add up with the withdrawals.

use super::{call, refused};
use crate::{
    fixtures::{ADMIN_EMAIL, BUYER, SUPPLIER, cassava, demo_app, pay_pix},
    helpers::TestApp,
};
use chrono::{Datelike, FixedOffset, Utc};
use serde_json::{Value, json};

async fn paid(app: &TestApp, buyer: &str, mut body: Value) -> Value {
    let (s, order) = app.rpc(Some(buyer), body.take()).await;
    assert_eq!(s, 200, "{order}");
    let txid = order["all"]["Infos"]["txid"].as_str().unwrap();
    assert_eq!(pay_pix(app, txid).await.0, 200);
    order["all"].clone()
}

async fn sum(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar::<_, Option<i64>>(sql)
        .bind("demo-joao")
        .fetch_one(&app.app.db)
        .await
        .unwrap()
        .unwrap_or(0)
}

/// The store's withdrawals: fees and net paid, in centavos.
async fn withdrawals(app: &TestApp) -> (i64, i64) {
    let fees = sum(
        app,
        "SELECT CAST(SUM(taxa_centavos) AS BIGINT) FROM withdrawals WHERE supplier_id = $1",
    )
    .await;
    let withdrawn = sum(
        app,
        "SELECT CAST(SUM(liquido_centavos) AS BIGINT) FROM withdrawals WHERE supplier_id = $1",
    )
    .await;
    (fees, withdrawn)
}

fn centavos(v: &Value) -> i64 {
    (v.as_f64().unwrap() * 100.0).round() as i64
}

#[tokio::test]
async fn the_reports_totals_are_the_ledgers_and_add_up_with_the_withdrawals() {
    let app = demo_app().await;
    let (store, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    // 3 × cassava with 10 % off (R$ 24,00 − R$ 2,40), 2 × (R$ 16,00): delivered, received,
    // withdrawn.
    let mut with_coupon = cassava(3, "2");
    with_coupon["infoscupom"] = json!("BEMVINDO10");
    with_coupon["total"] = json!(21.6);
    let o1 = paid(&app, &buyer, with_coupon).await;
    let o2 = paid(&app, &buyer, cassava(2, "2")).await;
    // 1 × refunded (the buyer cancels it paid), 1 × paid and not delivered yet.
    let o3 = paid(&app, &buyer, cassava(1, "2")).await;
    paid(&app, &buyer, cassava(1, "2")).await;
    for o in [&o1, &o2] {
        let (s, b) = call(&app, &store, "confirmar_entrega", json!({"item": o["id"]})).await;
        assert_eq!(s, 200, "{b}");
        // The money joins the balance on the buyer's word (decisions.md §37).
        let receipt = json!({"codigo": "confirmar_recebimento", "item": o["id"]});
        let (s, b) = app.rpc(Some(&buyer), receipt).await;
        assert_eq!(s, 200, "{b}");
    }
    let (s, b) = app
        .rpc(
            Some(&buyer),
            json!({"codigo": "cancelar_pedido", "item": o3["id"]}),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let (s, w) = call(&app, &store, "transferir", json!({})).await;
    assert_eq!(s, 200, "{w}");
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let (s, b) = call(
        &app,
        &admin,
        "confirmar_saque",
        json!({"userforn": w["Solicitacao"]["id"]}),
    )
    .await;
    assert_eq!(s, 200, "{b}");

    let year = Utc::now()
        .with_timezone(&FixedOffset::west_opt(3 * 3600).unwrap())
        .year();
    let (s, report) = call(&app, &store, "pegar_relatorio_vendas", json!({"ano": year})).await;
    assert_eq!(s, 200, "{report}");
    let total = &report["total"];
    let month = &report["meses"][0];
    assert_eq!(month["produtos"][0]["produto"], "mandioca descascada 1 kg");
    assert_eq!(month["produtos"][0]["quantidade"], 7);
    assert_eq!(total["bruto"], 56.0);
    assert_eq!(total["cupons"], 2.4);
    assert_eq!(total["devolvido"], 8.0);

    // The ledger's figures.
    let items = sum(
        &app,
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items WHERE supplier_id = $1",
    )
    .await;
    let refunded = sum(
        &app,
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items WHERE supplier_id = $1 AND status = 'devolvido'",
    )
    .await;
    let (fees, withdrawn) = withdrawals(&app).await;
    let not_withdrawn = sum(
        &app,
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items WHERE supplier_id = $1 \
         AND withdrawal_id IS NULL AND status <> 'devolvido'",
    )
    .await;
    assert_eq!(
        centavos(&total["bruto"]) - centavos(&total["cupons"]),
        items
    );
    assert_eq!(centavos(&total["devolvido"]), refunded);
    assert_eq!(centavos(&total["taxas"]), fees);
    assert!(fees > 0);
    assert_eq!(centavos(&total["liquido"]), withdrawn + not_withdrawn);
    assert_eq!(
        centavos(&total["liquido"]),
        centavos(&total["bruto"])
            - centavos(&total["cupons"])
            - centavos(&total["taxas"])
            - centavos(&total["devolvido"])
    );
    // The months add up to the year.
    let months = report["meses"].as_array().unwrap();
    let net: i64 = months
        .iter()
        .map(|m| centavos(&m["total"]["liquido"]))
        .sum();
    assert_eq!(net, centavos(&total["liquido"]));

    // A year without sales is empty; a year that is not one is refused.
    let (_, empty) = call(&app, &store, "pegar_relatorio_vendas", json!({"ano": 2001})).await;
    assert_eq!(empty["meses"], json!([]));
    assert_eq!(
        refused(
            &app,
            &store,
            "pegar_relatorio_vendas",
            json!({"ano": "x"}),
            400
        )
        .await,
        "Selecione um ano e um mês válidos."
    );
}

/// A problem case's partial refund (decisions.md §37): the part given back is counted as
/// refunded, spread over the order's lines by their value (to the centavo), and the rest stays
/// the seller's — the report's net is what the ledger released and withdrew.
#[tokio::test]
async fn a_case_partial_refund_is_spread_over_the_lines_and_the_rest_is_the_sellers() {
    let app = demo_app().await;
    let (store, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    // 2 × cassava (R$ 16,00) and 1 × maracujá (R$ 11,90), delivered; the store gives back
    // R$ 10,00 of it and R$ 17,90 is released.
    let mut order = cassava(2, "2");
    order["sacola"]
        .as_array_mut()
        .unwrap()
        .push(json!({"id": "demo-p07", "quantidade": 1, "preco": 11.9, "userforn": "demo-joao"}));
    order["total"] = json!(27.9);
    let o = paid(&app, &buyer, order).await;
    let (s, b) = call(&app, &store, "confirmar_entrega", json!({"item": o["id"]})).await;
    assert_eq!(s, 200, "{b}");
    let open = json!({"codigo": "abrir_reclamacao", "idpedido": o["id"], "motivo": "defeito",
                      "texto": "O maracujá veio estragado."});
    let (s, b) = app.rpc(Some(&buyer), open).await;
    assert_eq!(s, 200, "{b}");
    let refund = json!({"idpedido": o["id"], "valor": 10});
    let (s, b) = call(&app, &store, "devolver_reclamacao", refund).await;
    assert_eq!(s, 200, "{b}");
    // Withdrawn: the fee is the withdrawal's, on what was released.
    let (s, w) = call(&app, &store, "transferir", json!({})).await;
    assert_eq!(s, 200, "{w}");
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let confirm = json!({"userforn": w["Solicitacao"]["id"]});
    let (s, b) = call(&app, &admin, "confirmar_saque", confirm).await;
    assert_eq!(s, 200, "{b}");

    let year = Utc::now()
        .with_timezone(&FixedOffset::west_opt(3 * 3600).unwrap())
        .year();
    let (s, report) = call(&app, &store, "pegar_relatorio_vendas", json!({"ano": year})).await;
    assert_eq!(s, 200, "{report}");
    let total = &report["total"];
    assert_eq!(centavos(&total["bruto"]), 2790);
    assert_eq!(centavos(&total["devolvido"]), 1000, "{report}");
    // Spread by value: 10,00 × 16,00 / 27,90 and 10,00 × 11,90 / 27,90, to the centavo.
    let rows = report["meses"][0]["produtos"].as_array().unwrap();
    let refunded_of = |title: &str| {
        rows.iter()
            .find(|r| r["produto"].as_str().unwrap().starts_with(title))
            .map(|r| centavos(&r["devolvido"]))
            .unwrap_or_else(|| panic!("{title} in {report}"))
    };
    let (cassava_part, maracuja_part) = (refunded_of("mandioca"), refunded_of("maracuj"));
    assert_eq!(cassava_part + maracuja_part, 1000);
    assert!((cassava_part - 573).abs() <= 1, "{cassava_part}");
    assert!((maracuja_part - 427).abs() <= 1, "{maracuja_part}");
    for r in rows {
        assert!(centavos(&r["liquido"]) > 0, "{r}");
    }

    // The ledger's figures: the item keeps what was released, the part given back beside it.
    let released = sum(
        &app,
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items WHERE supplier_id = $1",
    )
    .await;
    let given_back = sum(
        &app,
        "SELECT CAST(SUM(devolvido_centavos) AS BIGINT) FROM open_items WHERE supplier_id = $1",
    )
    .await;
    let (fees, withdrawn) = withdrawals(&app).await;
    assert_eq!((released, given_back), (1790, 1000));
    assert_eq!(centavos(&total["taxas"]), fees);
    assert!(fees > 0);
    assert_eq!(centavos(&total["liquido"]), withdrawn);
    assert_eq!(
        centavos(&total["liquido"]),
        2790 - fees - 1000,
        "net = gross − fees − the part given back"
    );
}

//! Coupons with rules (decisions.md §32, issue 29): set in the panel's form and listed with
//! them; refused at `validar_cupom` and again at `finalizar_pedido` with their messages
//! (expired, not yet valid, used by this buyer, out of uses, below the minimum); a use counted
//! once per order — also under concurrency and on a replayed checkout — and given back when the
//! order is cancelled or its Pix expires unpaid.

use crate::fixtures::{BUYER, OTHER_BUYER, SUPPLIER, demo_app, stock};
use crate::helpers::TestApp;
use crate::orders::idempotency::place_with_key;
use serde_json::{Value, json};
use wasm_core::date::Date;

const DAY_MS: i64 = 86_400_000;

/// A day relative to today in Brasília, as the form sends it (`AAAA-MM-DD`).
fn day(offset: i64) -> String {
    let now = chrono::Utc::now().timestamp_millis();
    Date::of_ms(now + offset * DAY_MS).unwrap().iso()
}

/// The same day as Brazilians read it (`DD/MM/AAAA`).
fn shown(offset: i64) -> String {
    Date::parse(&day(offset)).unwrap().to_string()
}

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, res) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// The demo supplier adds coupon `form` (`codigo`, `valor`, `tipo` and rules); answers `cupons`.
async fn add_coupon(app: &TestApp, supplier: &str, form: Value) -> Value {
    ok(
        app,
        supplier,
        json!({"codigo": "adicionar_cupom", "form": form}),
    )
    .await["cupons"]
        .clone()
}

/// A pickup order in person of `n` × mandioca (R$ 8,00) with coupon `code`, whose discount is
/// `discount` centavos.
fn order(n: u32, code: &str, discount: i64) -> Value {
    let total = (i64::from(n) * 800 - discount) as f64 / 100.0;
    json!({
        "codigo": "finalizar_pedido", "sacola": [{"id": "demo-p04", "quantidade": n}],
        "forn": "demo-joao", "total": total, "pagamento": "1", "entrega": false,
        "infoscupom": {"codigo": code},
    })
}

async fn uses(app: &TestApp, code: &str) -> i64 {
    sqlx::query_scalar("SELECT usos FROM coupons WHERE supplier_id = 'demo-joao' AND codigo = $1")
        .bind(code)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn orders_with(app: &TestApp, code: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE cupom_codigo = $1")
        .bind(code)
        .fetch_one(&app.app.db)
        .await
        .unwrap()
}

async fn check(app: &TestApp, token: Option<&str>, code: &str) -> (u16, Value) {
    app.rpc(
        token,
        json!({"codigo": "validar_cupom", "userforn": "demo-joao", "cupom": code}),
    )
    .await
}

#[tokio::test]
async fn every_rule_is_saved_listed_and_refused_with_its_message() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let (ana, _) = app.login(OTHER_BUYER).await;

    // The form's rules, refused with their messages and nothing saved.
    for (form, message) in [
        (
            json!({"validade_inicio": day(5), "validade_fim": day(1)}),
            "A data final do cupom não pode ser anterior à inicial.",
        ),
        (
            json!({"limite_usos": "0"}),
            "O limite de usos deve ser um número inteiro maior que zero.",
        ),
        (
            json!({"validade_fim": "31/02/2026"}),
            "Insira uma data válida.",
        ),
        (
            json!({"pedido_minimo": "abc"}),
            "O pedido mínimo do cupom deve ser um valor válido.",
        ),
    ] {
        let mut f = json!({"codigo": "RUIM", "valor": "10", "tipo": "R$"});
        f.as_object_mut()
            .unwrap()
            .extend(form.as_object().unwrap().clone());
        let (s, b) = app
            .rpc(
                Some(&supplier),
                json!({"codigo": "adicionar_cupom", "form": f}),
            )
            .await;
        assert_eq!((s, b["error"].as_str()), (400, Some(message)), "{f}");
    }

    let cupons = add_coupon(
        &app,
        &supplier,
        json!({"codigo": "natal", "valor": "10", "tipo": "R$", "validade_inicio": day(-1),
               "validade_fim": day(10), "limite_usos": 2, "um_por_cliente": true,
               "pedido_minimo": "30,00"}),
    )
    .await;
    let natal = &cupons["NATAL"];
    assert_eq!(natal["validade_inicio"], day(-1));
    assert_eq!(natal["validade_fim"], day(10));
    assert_eq!(natal["limite_usos"], 2);
    assert_eq!(natal["um_por_cliente"], true);
    assert_eq!(natal["pedido_minimo"], 30.0);
    assert_eq!(natal["usos"], 0);
    // The spec's coupon has no rule.
    assert_eq!(cupons["BEMVINDO10"]["limite_usos"], Value::Null);
    assert_eq!(cupons["BEMVINDO10"]["um_por_cliente"], false);

    let (s, c) = check(&app, Some(&buyer), "natal").await;
    assert_eq!(s, 200, "{c}");
    assert_eq!(c["pedido_minimo"], 30.0);
    assert_eq!(c["validade_fim"], day(10));

    // Below its minimum: refused, nothing stored.
    let (s, b) = app.rpc(Some(&buyer), order(3, "NATAL", 1000)).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (400, Some("Cupom válido para pedidos a partir de R$ 30,00."))
    );
    assert_eq!(b["codigo_erro"], "cupom_pedido_minimo");
    assert_eq!(
        (orders_with(&app, "NATAL").await, uses(&app, "NATAL").await),
        (0, 0)
    );

    // One use per buyer: the buyer's second order is refused, at validar_cupom too.
    let first = ok(&app, &buyer, order(4, "natal", 1000)).await;
    assert_eq!(first["all"]["Infos"]["total_pago"], 22.0);
    assert_eq!(uses(&app, "NATAL").await, 1);
    let (s, b) = app.rpc(Some(&buyer), order(4, "NATAL", 1000)).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("Este cupom já foi usado."))
    );
    assert_eq!(b["codigo_erro"], "cupom_ja_usado");
    let (s, b) = check(&app, Some(&buyer), "NATAL").await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("Este cupom já foi usado."))
    );
    assert_eq!(b["codigo_erro"], "cupom_ja_usado");
    // Anyone else may still (signed out, nobody has used it).
    assert_eq!(check(&app, None, "NATAL").await.0, 200);

    // The total limit: a second buyer takes the last use; a third is refused.
    ok(&app, &ana, order(4, "NATAL", 1000)).await;
    assert_eq!(uses(&app, "NATAL").await, 2);
    let (third, _) = app.login("terceiro@feira.test").await;
    ok(
        &app,
        &third,
        json!({"codigo": "alterar_endereco", "rua": "Rua do Porto", "numero": "10",
               "cidade": "Piracicaba, SP", "telefone": "(19) 99876-2222", "complemento": ""}),
    )
    .await;
    let (s, b) = app.rpc(Some(&third), order(4, "NATAL", 1000)).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("Este cupom atingiu o limite de usos."))
    );
    assert_eq!(b["codigo_erro"], "cupom_esgotado");
    assert_eq!(orders_with(&app, "NATAL").await, 2);

    // The buyer cancels: their use comes back, and they (or the third buyer) may use it again.
    let id = first["all"]["id"].as_str().unwrap();
    ok(
        &app,
        &buyer,
        json!({"codigo": "cancelar_pedido", "item": id}),
    )
    .await;
    assert_eq!(uses(&app, "NATAL").await, 1);
    ok(&app, &third, order(4, "NATAL", 1000)).await;
    assert_eq!(uses(&app, "NATAL").await, 2);
    let listed = ok(&app, &supplier, json!({"codigo": "loading_forn_site"})).await;
    assert_eq!(listed["infos"]["extensoes"]["cupons"]["NATAL"]["usos"], 2);
}

#[tokio::test]
async fn expired_and_not_yet_valid_coupons_are_refused() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    add_coupon(
        &app,
        &supplier,
        json!({"codigo": "ONTEM", "valor": "5", "tipo": "%", "validade_fim": day(-1)}),
    )
    .await;
    add_coupon(
        &app,
        &supplier,
        json!({"codigo": "AMANHA", "valor": "5", "tipo": "%", "validade_inicio": day(1)}),
    )
    .await;
    add_coupon(
        &app,
        &supplier,
        json!({"codigo": "HOJE", "valor": "5", "tipo": "%", "validade_inicio": day(0),
               "validade_fim": day(0)}),
    )
    .await;
    let not_yet = format!("Cupom válido a partir de {}.", shown(1));
    for (code, message, codigo_erro) in [
        ("ONTEM", "Cupom expirado.", "cupom_expirado"),
        ("AMANHA", not_yet.as_str(), "cupom_ainda_nao_valido"),
    ] {
        let (s, b) = check(&app, Some(&buyer), code).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(message)), "{code}");
        assert_eq!(b["codigo_erro"], codigo_erro, "{code}");
        let (s, b) = app.rpc(Some(&buyer), order(2, code, 80)).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(message)), "{code}");
        assert_eq!(b["codigo_erro"], codigo_erro, "{code}");
    }
    assert_eq!(check(&app, Some(&buyer), "HOJE").await.0, 200);
    let placed = ok(&app, &buyer, order(2, "HOJE", 80)).await;
    assert_eq!(placed["all"]["Infos"]["desconto"], 0.8);
    assert_eq!(
        orders_with(&app, "ONTEM").await + orders_with(&app, "AMANHA").await,
        0
    );
}

#[tokio::test]
async fn twenty_concurrent_orders_on_a_coupon_limited_to_five_use_it_exactly_five_times() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    add_coupon(
        &app,
        &supplier,
        json!({"codigo": "CINCO", "valor": "10", "tipo": "%", "limite_usos": "5"}),
    )
    .await;
    let before = stock(&app, "demo-p04").await;
    let attempts = (0..20).map(|_| {
        let app = &app;
        let buyer = buyer.clone();
        async move { app.rpc(Some(&buyer), order(1, "CINCO", 80)).await }
    });
    let results = futures::future::join_all(attempts).await;
    let placed = results.iter().filter(|(s, _)| *s == 200).count();
    for (s, b) in results.iter().filter(|(s, _)| *s != 200) {
        assert_eq!(
            (*s, b["error"].as_str()),
            (409, Some("Este cupom atingiu o limite de usos."))
        );
    }
    assert_eq!(placed, 5);
    assert_eq!(uses(&app, "CINCO").await, 5);
    assert_eq!(orders_with(&app, "CINCO").await, 5);
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coupon_uses WHERE codigo = 'CINCO'")
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(rows, 5);
    assert_eq!(
        stock(&app, "demo-p04").await,
        before - 5,
        "refused orders took no stock"
    );
}

#[tokio::test]
async fn a_cancelled_order_or_an_expired_pix_gives_its_use_back_and_a_replay_counts_once() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    add_coupon(
        &app,
        &supplier,
        json!({"codigo": "UNICO", "valor": "1", "tipo": "R$", "limite_usos": "1"}),
    )
    .await;

    // A replayed checkout (the same Idempotency-Key) is one order and one use.
    let mut pix = order(2, "UNICO", 100);
    pix["pagamento"] = json!("2");
    let (s, first) = place_with_key(&app, &buyer, "cupom-replay-1", &pix).await;
    assert_eq!(s, 200, "{first}");
    let (s, again) = place_with_key(&app, &buyer, "cupom-replay-1", &pix).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["all"]["id"], first["all"]["id"]);
    assert_eq!(uses(&app, "UNICO").await, 1);
    let (s, b) = app.rpc(Some(&buyer), order(2, "UNICO", 100)).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("Este cupom atingiu o limite de usos."))
    );

    // Its Pix expires unpaid: the order is cancelled and the use comes back.
    sqlx::query("UPDATE pix_charges SET expira_em = 0")
        .execute(&app.app.db)
        .await
        .unwrap();
    feira_api::domain::charges::expire_due(&app.app.db)
        .await
        .unwrap();
    assert_eq!(uses(&app, "UNICO").await, 0);

    // The supplier cancels an in-person order: the use comes back again.
    let second = ok(&app, &buyer, order(2, "UNICO", 100)).await;
    assert_eq!(uses(&app, "UNICO").await, 1);
    let id = second["all"]["id"].as_str().unwrap();
    ok(
        &app,
        &supplier,
        json!({"codigo": "cancelar_entrega", "item": id}),
    )
    .await;
    assert_eq!(uses(&app, "UNICO").await, 0);
    // Cancelling twice gives nothing more back.
    let (s, _) = app
        .rpc(
            Some(&supplier),
            json!({"codigo": "cancelar_entrega", "item": id}),
        )
        .await;
    assert_eq!(s, 409);
    assert_eq!(uses(&app, "UNICO").await, 0);
    ok(&app, &buyer, order(2, "UNICO", 100)).await;
    assert_eq!(uses(&app, "UNICO").await, 1);
}

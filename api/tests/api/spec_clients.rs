//! The spec's own clients keep working (issue 30): every action called with its payload shaped
//! as the spec's client sends it — the store's whole city list beside most panel actions, the
//! listed order sent back whole (with an inline QR image, as an older answer carried it) where
//! an action names an order — is answered as the plain call is. Bounds apply only to what an
//! action reads; what it ignores only counts against the body limit.

use crate::fixtures::actions::{Scene, calls, scene};
use serde_json::{Value, json};

/// 3.000 'City, UF' entries (~80 KB of JSON): a store shown in most of the country.
fn city_list() -> Value {
    json!(
        (0..3_000)
            .map(|i| format!("Município {i}, SP"))
            .collect::<Vec<_>>()
    )
}

/// The order `id` as the spec's client holds it (from the buyer's or the supplier's lists),
/// with a 30 KB inline QR image.
async fn whole_order(scene: &Scene, id: &str) -> Option<Value> {
    let lists = [
        (&scene.buyer, json!({"codigo": "pegar_pedidos"}), "pedidos"),
        (
            &scene.supplier,
            json!({"codigo": "pegar_entregas_pendentes"}),
            "entregas",
        ),
    ];
    for (token, body, key) in lists {
        let (_, list) = scene.app.rpc(Some(token), body).await;
        if let Some(mut order) = list[key]
            .as_array()
            .and_then(|l| l.iter().find(|o| o["id"] == id).cloned())
        {
            order["Infos"]["imagem_qrcode"] =
                json!(format!("data:image/svg+xml;base64,{}", "A".repeat(30_000)));
            return Some(order);
        }
    }
    None
}

#[tokio::test]
async fn every_action_answers_the_spec_clients_payloads_with_their_extra_fields_and_whole_orders() {
    let scene = scene().await;
    let orders = [
        scene.order_to_cancel.clone(),
        scene.paid_order.clone(),
        scene.delivery_to_cancel.clone(),
        scene.delivery_to_confirm.clone(),
    ];
    let cities = city_list();
    let mut whole = 0;
    for call in calls(&scene) {
        let mut body = call.body.clone();
        let fields = body.as_object_mut().unwrap();
        // The spec's panel sends the store's cities and sales with nearly everything.
        fields.entry("cidades").or_insert_with(|| cities.clone());
        fields.entry("vendasforn").or_insert(json!(12));
        // A listed order sent back whole where the action names an order.
        for key in ["item", "all"] {
            let named = match &fields.get(key) {
                Some(Value::String(id)) => Some(id.clone()),
                Some(Value::Object(o)) => {
                    o.get("idpedido").and_then(Value::as_str).map(str::to_owned)
                }
                _ => None,
            };
            if let Some(id) = named.filter(|id| orders.contains(id))
                && let Some(order) = whole_order(&scene, &id).await
            {
                fields.insert(key.to_owned(), order);
                whole += 1;
            }
        }
        let (status, answer) = scene.app.rpc(scene.token(call.who), body).await;
        assert_eq!(
            status, 200,
            "{} ({:?}) as the spec's client sends it: {answer}",
            call.codigo, call.who
        );
    }
    assert!(whole >= 3, "the whole-order shapes were sent ({whole})");
}

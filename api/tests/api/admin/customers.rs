//! `pegar_clientes`: the users without a store, except the admin.

use super::{PIRACICABA, ok};
use crate::fixtures::ADMIN_EMAIL;
use crate::fixtures::{BUYER, SUPPLIER, demo_app};
use serde_json::json;

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

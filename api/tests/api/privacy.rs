//! LGPD self-service (decisions.md §34; docs/privacy.md): the data copy holds the person's rows
//! and nobody else's (`copy`); deletion is refused while an order is in progress or money
//! is to be received (saying which), and afterwards the person's name, e-mail, phone and address
//! appear nowhere in the database while the orders' totals stay; every session ends.

mod copy;
mod racing;

use crate::fixtures::{ADMIN_EMAIL, BUYER, SUPPLIER, cassava, demo_app, jpeg_b64, pay_pix};
use crate::helpers::TestApp;
use serde_json::{Value, json};

async fn ok(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, res) = app.rpc(Some(token), body.clone()).await;
    assert_eq!(status, 200, "{body} → {res}");
    res
}

/// Every row of every table (the migrations' bookkeeping aside), each as one text.
async fn every_row(app: &TestApp) -> Vec<String> {
    let db = &app.app.db;
    let mut conn = db.acquire().await.unwrap();
    let sqlite = conn.backend_name() == "SQLite";
    let tables: Vec<String> = sqlx::query_scalar(if sqlite {
        // The full-text indexes (FTS5 tables and their shadow tables) are indexes, as
        // PostgreSQL's GIN ones are, not rows: left out on both.
        "SELECT name FROM sqlite_master m WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name NOT LIKE '_sqlx%' AND NOT EXISTS (SELECT 1 FROM sqlite_master v \
         WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%' \
         AND (m.name = v.name OR m.name LIKE v.name || '!_%' ESCAPE '!'))"
    } else {
        "SELECT CAST(table_name AS TEXT) FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
         AND table_name NOT LIKE '_sqlx%'"
    })
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    let mut out = Vec::new();
    for table in tables {
        let columns: Vec<String> = sqlx::query_scalar(if sqlite {
            "SELECT name FROM pragma_table_info($1)"
        } else {
            "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1"
        })
        .bind(&table)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        let select = columns
            .iter()
            .map(|c| format!("COALESCE(CAST({c} AS TEXT), '')"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        // The names are the database's own catalogue's.
        let sql = sqlx::AssertSqlSafe(format!("SELECT {select} FROM {table}"));
        let rows: Vec<String> = sqlx::query_scalar(sql).fetch_all(&mut *conn).await.unwrap();
        out.extend(rows.into_iter().map(|r| format!("{table}: {r}")));
    }
    out
}

#[tokio::test]
async fn deletion_waits_for_orders_in_progress_then_leaves_no_trace_but_the_totals() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let email = "zuleica.quintanilha@feira.test";
    let (zu, info) = app.login(email).await;
    let (zu_phone, _) = app.login(email).await; // a second device
    let id = info["usuario"].as_str().unwrap().to_owned();
    ok(
        &app,
        &zu,
        json!({"codigo": "alterar_nome", "nome": "Zuleica Quintanilha"}),
    )
    .await;
    ok(
        &app,
        &zu,
        json!({"codigo": "alterar_endereco", "rua": "Rua Xavantes Imaginária", "numero": "777",
               "cidade": "Piracicaba, SP", "telefone": "(19) 99111-2233",
               "complemento": "Bloco Z9"}),
    )
    .await;
    let ad = ok(
        &app,
        &zu,
        json!({"codigo": "adicionar_anuncio", "iconeurl": jpeg_b64(60, 60), "telefone": null,
               "infos": {"anuncio": true, "origem": "Piracicaba, SP", "cidades": ["ALL"],
                         "locais": 1, "titulo": "mel da Zuleica", "descricao": "Florada",
                         "categoria": "Alimentos", "preco": "30"}}),
    )
    .await;
    let icon = ad["infos"]["icone"].as_str().unwrap().to_owned();
    assert_eq!(app.get(&icon).await.status(), 200);

    // An order in progress: refused, naming the store; nothing changes.
    let delivery = json!({"codigo": "finalizar_pedido", "sacola": [{"id": "demo-p04", "quantidade": 4}],
        "forn": "demo-joao", "total": 32.0, "pagamento": "1", "entrega": false});
    let order = ok(&app, &zu, delivery.clone()).await["all"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let delete = json!({"codigo": "excluir_minha_conta", "confirmacao": "EXCLUIR"});
    let (s, b) = app.rpc(Some(&zu), delete.clone()).await;
    assert_eq!(s, 409, "{b}");
    assert_eq!(b["codigo_erro"], "conta_com_pendencias");
    assert_eq!(
        b["error"],
        "Não é possível excluir sua conta enquanto houver pedidos em andamento ou dinheiro a \
         receber: você tem 1 pedido em andamento (Sítio Boa Vista)."
    );

    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": order}),
    )
    .await;
    ok(
        &app,
        &zu,
        json!({"codigo": "confirmar_recebimento", "item": order}),
    )
    .await;
    ok(
        &app,
        &zu,
        json!({"codigo": "avaliar_pedido", "idpedido": order, "nota": 1,
               "comentario": "Assinado: Zuleica Quintanilha"}),
    )
    .await;
    let cancelled = ok(&app, &zu, delivery).await["all"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(
        &app,
        &zu,
        json!({"codigo": "cancelar_pedido", "item": cancelled}),
    )
    .await;
    let totals = |app: &TestApp| {
        let db = app.app.db.clone();
        let id = id.clone();
        async move {
            sqlx::query_as::<_, (String, i64)>(
                "SELECT id, total_centavos FROM orders WHERE buyer_id = $1 ORDER BY id",
            )
            .bind(id)
            .fetch_all(&db)
            .await
            .unwrap()
        }
    };
    let before = totals(&app).await;
    assert_eq!(before.len(), 2);
    let secrets = [
        "Zuleica",
        "Quintanilha",
        email,
        "99111-2233",
        "Xavantes",
        "Bloco Z9",
        "mel da zuleica",
    ];
    let rows = every_row(&app).await;
    assert!(
        rows.iter().any(|r| r.contains("Quintanilha")),
        "spread before"
    );

    // Without the confirmation: refused.
    let (s, b) = app
        .rpc(Some(&zu), json!({"codigo": "excluir_minha_conta"}))
        .await;
    assert_eq!(
        (s, b["error"].as_str()),
        (400, Some("Confirme a exclusão da conta."))
    );
    // The admin's account stays.
    let (admin, _) = app.login(ADMIN_EMAIL).await;
    let (s, b) = app.rpc(Some(&admin), delete.clone()).await;
    assert_eq!(
        (s, b["error"].as_str()),
        (409, Some("A conta do administrador não pode ser excluída."))
    );

    ok(&app, &zu, delete.clone()).await;
    // Signed out everywhere.
    for token in [&zu, &zu_phone] {
        let (s, _) = app
            .rpc(Some(token), json!({"codigo": "pegar_pedidos"}))
            .await;
        assert_eq!(s, 401);
    }
    // Nowhere in the database; the orders and their totals stay.
    for row in every_row(&app).await {
        for secret in secrets {
            assert!(
                !row.to_lowercase().contains(&secret.to_lowercase()),
                "{secret} left in {row}"
            );
        }
    }
    assert_eq!(totals(&app).await, before);
    // The ad's photo is gone, and so is the review from the store's average.
    assert_eq!(app.get(&icon).await.status(), 404);
    let store = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await
        .1;
    assert_eq!(store["dadosforn"]["avaliacao"]["quantidade"], 0);
    // The store still sees the order, with the name replaced.
    let sales = ok(&app, &supplier, json!({"codigo": "baixar_meus_dados"})).await;
    assert!(
        sales["vendas"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["idpedido"] == order.as_str())
    );
    let name: String = sqlx::query_scalar("SELECT cliente_nome FROM orders WHERE id = $1")
        .bind(&order)
        .fetch_one(&app.app.db)
        .await
        .unwrap();
    assert_eq!(name, "Cliente excluído");

    // Signing in again with the same account opens a new, empty one.
    let (again, info) = app.login(email).await;
    assert_ne!(info["usuario"], id.as_str());
    let orders = ok(&app, &again, json!({"codigo": "pegar_pedidos"})).await;
    assert_eq!(orders["pedidos"], json!([]));
}

#[tokio::test]
async fn a_store_with_money_to_receive_is_refused_saying_how_much() {
    let app = demo_app().await;
    let (supplier, _) = app.login(SUPPLIER).await;
    let (buyer, _) = app.login(BUYER).await;
    let delete = json!({"codigo": "excluir_minha_conta", "confirmacao": "EXCLUIR"});
    // A paid Pix order: in progress, and its money 'A liberar'.
    let placed = ok(&app, &buyer, cassava(2, "2")).await;
    let txid = placed["all"]["Infos"]["txid"].as_str().unwrap();
    assert_eq!(pay_pix(&app, txid).await.0, 200);
    let (s, b) = app.rpc(Some(&supplier), delete.clone()).await;
    assert_eq!(s, 409, "{b}");
    assert_eq!(
        b["error"],
        "Não é possível excluir sua conta enquanto houver pedidos em andamento ou dinheiro a \
         receber: sua loja tem 1 pedido em andamento; R$ 16,00 a liberar."
    );
    // Delivered and received (decisions.md §37): the money is the balance to withdraw.
    let id = placed["all"]["id"].clone();
    ok(
        &app,
        &supplier,
        json!({"codigo": "confirmar_entrega", "item": id}),
    )
    .await;
    ok(
        &app,
        &buyer,
        json!({"codigo": "confirmar_recebimento", "item": id}),
    )
    .await;
    let (s, b) = app.rpc(Some(&supplier), delete.clone()).await;
    assert_eq!(s, 409);
    assert!(
        b["error"]
            .as_str()
            .unwrap()
            .ends_with(": R$ 16,00 de saldo para sacar."),
        "{b}"
    );
    // Requested, not yet paid out: still refused.
    ok(
        &app,
        &supplier,
        json!({"codigo": "transferir", "pix": "08183658466"}),
    )
    .await;
    let (s, b) = app.rpc(Some(&supplier), delete).await;
    assert_eq!(s, 409);
    assert!(
        b["error"]
            .as_str()
            .unwrap()
            .contains("um saque de R$ 15,68 ainda não pago"),
        "{b}"
    );
}

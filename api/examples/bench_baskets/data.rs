//! The generated baskets: `stores` copies of the demo's Sítio Boa Vista (its settings, four of
//! its products with their stock set high, pickup every day 08:00–12:00, orders until 18:00 of
//! the day before), `baskets` buyers with one weekly basket each spread over them, all due on
//! one delivery date. Written with batched inserts in one transaction.

use feira_api::db::Db;

/// The demo store copied, and the products of it each copy sells.
const MODEL_STORE: &str = "demo-joao";
/// alface (R$ 4,50, with stock), mandioca (R$ 8,00, with stock), banana and maracujá (no
/// stock count).
const MODEL_PRODUCTS: [&str; 4] = ["demo-p01", "demo-p04", "demo-p06", "demo-p07"];
/// Stock of the products with a count: more than any run orders.
const STOCK: i64 = 1_000_000;

/// A value of a generated row.
enum V {
    T(String),
    I(i64),
}

/// Inserts `rows` into `table` a few hundred parameters at a time.
async fn insert(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &str,
    cols: &[&str],
    rows: Vec<Vec<V>>,
) -> anyhow::Result<()> {
    let per = (400 / cols.len()).max(1);
    for chunk in rows.chunks(per) {
        let mut n = 0;
        let values: Vec<String> = chunk
            .iter()
            .map(|_| {
                let ps: Vec<String> = cols
                    .iter()
                    .map(|_| {
                        n += 1;
                        format!("${n}")
                    })
                    .collect();
                format!("({})", ps.join(","))
            })
            .collect();
        let sql = format!(
            "INSERT INTO {table} ({}) VALUES {}",
            cols.join(","),
            values.join(",")
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for row in chunk {
            for v in row {
                q = match v {
                    V::T(s) => q.bind(s.clone()),
                    V::I(i) => q.bind(*i),
                };
            }
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

/// The column names of `table` (from the catalogue: the Any driver cannot read every column type
/// of a whole row).
async fn columns(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    postgres: bool,
    table: &str,
) -> anyhow::Result<Vec<String>> {
    let sql = if postgres {
        "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
         WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position"
    } else {
        "SELECT name FROM pragma_table_info($1) ORDER BY cid"
    };
    let cols: Vec<String> = sqlx::query_scalar(sql)
        .bind(table)
        .fetch_all(&mut **tx)
        .await?;
    anyhow::ensure!(!cols.is_empty(), "no columns for {table}");
    Ok(cols)
}

/// Copies the row of `table` whose `key` is `model`, with `overrides` (column, value) in place
/// of its own values.
async fn copy_row(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &str,
    cols: &[String],
    key: &str,
    model: &str,
    overrides: &[(&str, &str)],
) -> anyhow::Result<()> {
    let select: Vec<String> = cols
        .iter()
        .map(|c| match overrides.iter().position(|(o, _)| o == c) {
            Some(i) => format!("${}", i + 2),
            None => c.clone(),
        })
        .collect();
    let sql = format!(
        "INSERT INTO {table} ({}) SELECT {} FROM {table} WHERE {key} = $1",
        cols.join(","),
        select.join(",")
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(model);
    for (_, v) in overrides {
        q = q.bind(*v);
    }
    let done = q.execute(&mut **tx).await?.rows_affected();
    anyhow::ensure!(done == 1, "copying {table} {model}");
    Ok(())
}

/// The store `i`'s id.
pub(crate) fn store_id(i: usize) -> String {
    format!("bench-loja-{i:04}")
}

/// Fills the database: `stores` stores, `baskets` buyers with a basket each (store `b % stores`),
/// every basket's next delivery on `date` ('YYYY-MM-DD') 08:00–12:00.
pub(crate) async fn generate(
    db: &Db,
    postgres: bool,
    stores: usize,
    baskets: usize,
    date: &str,
) -> anyhow::Result<()> {
    let now = feira_api::db::now_ms();
    // The application's writer (on SQLite its jobs write beside this).
    let mut tx = feira_api::db::begin_write(db).await?;
    let user_cols = columns(&mut tx, postgres, "users").await?;
    let store_cols = columns(&mut tx, postgres, "suppliers").await?;
    let product_cols = columns(&mut tx, postgres, "products").await?;
    sqlx::query("UPDATE products SET estoque = $1 WHERE id IN ('demo-p01', 'demo-p04')")
        .bind(STOCK)
        .execute(&mut *tx)
        .await?;
    let mut windows = Vec::new();
    for s in 0..stores {
        let id = store_id(s);
        let email = format!("{id}@bench.test");
        let (name, url) = (format!("Sítio {s}"), format!("bench-sitio-{s}"));
        copy_row(
            &mut tx,
            "users",
            &user_cols,
            "id",
            MODEL_STORE,
            &[
                ("id", id.as_str()),
                ("email", email.as_str()),
                ("oidc_subject", id.as_str()),
            ],
        )
        .await?;
        copy_row(
            &mut tx,
            "suppliers",
            &store_cols,
            "user_id",
            MODEL_STORE,
            &[
                ("user_id", id.as_str()),
                ("email", email.as_str()),
                ("nomeforn", name.as_str()),
                ("url", url.as_str()),
            ],
        )
        .await?;
        for (p, model) in MODEL_PRODUCTS.iter().enumerate() {
            let pid = format!("{id}-p{p}");
            copy_row(
                &mut tx,
                "products",
                &product_cols,
                "id",
                model,
                &[("id", pid.as_str()), ("supplier_id", id.as_str())],
            )
            .await?;
        }
        for d in 0..7 {
            windows.push(vec![
                V::T(id.clone()),
                V::T("retirada".into()),
                V::I(d),
                V::T("08:00".into()),
                V::T("12:00".into()),
            ]);
        }
    }
    insert(
        &mut tx,
        "delivery_windows",
        &["supplier_id", "tipo", "dia_semana", "inicio", "fim"],
        windows,
    )
    .await?;
    sqlx::query(
        "UPDATE suppliers SET corte_horas = NULL, corte_dias = 1, corte_hora = '18:00' \
         WHERE user_id LIKE 'bench-loja-%'",
    )
    .execute(&mut *tx)
    .await?;

    let (mut buyers, mut subs, mut lines) = (Vec::new(), Vec::new(), Vec::new());
    for b in 0..baskets {
        let buyer = format!("bench-comprador-{b:05}");
        buyers.push(vec![
            V::T(buyer.clone()),
            V::T(format!("{buyer}@bench.test")),
            V::T(format!("Comprador {b}")),
            V::I(now),
        ]);
        let store = store_id(b % stores);
        let id = format!("bench-cesta-{b:05}");
        subs.push(vec![
            V::T(id.clone()),
            V::T(buyer),
            V::T(store.clone()),
            V::T("semanal".into()),
            V::T("Retirada".into()),
            V::T("08:00".into()),
            V::T("12:00".into()),
            V::T(date.into()),
            V::T(date.into()),
            V::T("na_entrega".into()),
            V::T("ativa".into()),
            V::I(now),
            V::I(now),
        ]);
        // Three lines: alface 1, mandioca 2, and banana or maracujá 1.
        for (pos, (p, q)) in [(0, 1), (1, 2), (2 + b % 2, 1)].into_iter().enumerate() {
            lines.push(vec![
                V::T(id.clone()),
                V::I(pos as i64),
                V::T(format!("{store}-p{p}")),
                V::I(q),
            ]);
        }
    }
    insert(
        &mut tx,
        "users",
        &["id", "email", "nome", "criado_em"],
        buyers,
    )
    .await?;
    // A purchase needs the buyer's address, even a pickup: the demo buyer's.
    sqlx::query(
        "UPDATE users SET (rua, numero, cidade, latitude, longitude) = \
         (SELECT rua, numero, cidade, latitude, longitude FROM users WHERE id = 'demo-carla') \
         WHERE id LIKE 'bench-comprador-%'",
    )
    .execute(&mut *tx)
    .await?;
    insert(
        &mut tx,
        "subscriptions",
        &[
            "id",
            "buyer_id",
            "supplier_id",
            "frequencia",
            "tipo_entrega",
            "janela_inicio",
            "janela_fim",
            "data_inicio",
            "proxima_data",
            "pagamento",
            "situacao",
            "criado_em",
            "atualizado_em",
        ],
        subs,
    )
    .await?;
    insert(
        &mut tx,
        "subscription_lines",
        &["subscription_id", "posicao", "product_id", "quantidade"],
        lines,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

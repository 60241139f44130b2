//! The demo data set (`seeds/demo.json`): loaded into an empty database by `just run`
//! (`SEED_DEMO=true`), idempotently — a database that already has users is left alone — and
//! safely when several instances start together: the check and the load are one write
//! transaction that first takes the database's write lock (SQLite) or a transaction-scoped
//! advisory lock (PostgreSQL), so the second instance waits, then finds the users and skips.
//! Never in production (`APP_ENV=production` refuses `SEED_DEMO`).
//! Photos are drawn here (simple coloured JPEGs), so the repository carries no binaries.

use crate::{
    db::{Db, begin_write, is_postgres, new_id, now_ms},
    media::MediaStore,
};
use anyhow::Context;
use sqlx::{Any, Transaction};
use wasm_core::{money::Money, phone};

mod photos;
mod records;

use photos::photo;
use records::{Ad, Demo, Product, Supplier};

const DEMO: &str = include_str!("../../../seeds/demo.json");

fn centavos(reais: f64) -> anyhow::Result<i64> {
    Money::from_reais(reais)
        .map(Money::centavos)
        .context("valor inválido em demo.json")
}

fn opt_centavos(reais: Option<f64>) -> anyhow::Result<Option<i64>> {
    reais.map(centavos).transpose()
}

/// The advisory-lock key the demo load holds on PostgreSQL (`crate::jobs::lock_key`'s hash).
fn seed_lock_key() -> i64 {
    crate::jobs::lock_key("seed-demo")
}

/// Loads the demo data when the database has no users yet. Returns whether it loaded.
pub async fn load_demo(db: &Db, media: &MediaStore) -> anyhow::Result<bool> {
    let demo: Demo = serde_json::from_str(DEMO).context("seeds/demo.json")?;
    let now = now_ms();
    // One loader at a time: the lock first, then the check, in the same transaction.
    let mut tx = lock_for_load(db).await?;
    if is_postgres(db) {
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(seed_lock_key())
            .execute(&mut *tx)
            .await?;
    }
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&mut *tx)
        .await?;
    if users > 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    for u in &demo.usuarios {
        sqlx::query(
            "INSERT INTO users (id, email, nome, telefone, cidade, rua, numero, complemento, \
             latitude, longitude, criado_em) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)",
        )
        .bind(&u.id)
        .bind(u.email.to_lowercase())
        .bind(&u.nome)
        .bind(u.telefone.as_deref().map(phone::mask))
        .bind(&u.cidade)
        .bind(&u.rua)
        .bind(&u.numero)
        .bind(&u.complemento)
        .bind(u.latitude)
        .bind(u.longitude)
        .bind(now)
        .execute(&mut *tx)
        .await
        .with_context(|| format!("user {}", u.id))?;
    }
    for (i, s) in demo.fornecedores.iter().enumerate() {
        insert_supplier(&mut tx, media, s, i, now).await?;
    }
    for (i, p) in demo.produtos.iter().enumerate() {
        insert_product(&mut tx, media, p, i, now).await?;
    }
    for (i, a) in demo.anuncios.iter().enumerate() {
        insert_ad(&mut tx, media, a, i, now).await?;
    }
    tx.commit().await?;
    tracing::info!(
        suppliers = demo.fornecedores.len(),
        products = demo.produtos.len(),
        ads = demo.anuncios.len(),
        "demo data loaded"
    );
    Ok(true)
}

/// Opens the load's write transaction. On SQLite a second loader waits for the first's write
/// lock at most the connection's busy timeout (10 s), and drawing the demo photos may take longer
/// on a busy machine: it keeps waiting, up to a minute, while the database says it is locked.
async fn lock_for_load(db: &Db) -> anyhow::Result<Transaction<'static, Any>> {
    let mut waited = 0;
    loop {
        match begin_write(db).await {
            Ok(tx) => return Ok(tx),
            Err(e) if waited < 6 && is_locked(&e) => {
                waited += 1;
                tracing::info!("another instance is loading the demo data; waiting");
            }
            Err(e) => return Err(e.into()),
        }
    }
}

fn is_locked(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.message().contains("database is locked") || d.message().contains("busy"))
}

async fn insert_supplier(
    tx: &mut Transaction<'_, Any>,
    media: &MediaStore,
    s: &Supplier,
    i: usize,
    now: i64,
) -> anyhow::Result<()> {
    let icon = photo(
        media,
        &format!("fornecedores/{}/icone.jpg", s.usuario),
        i,
        300,
        300,
    )
    .await?;
    let background = photo(
        media,
        &format!("fornecedores/{}/fundo.jpg", s.usuario),
        i + 3,
        800,
        300,
    )
    .await?;
    let email: String = sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(&s.usuario)
        .fetch_one(&mut **tx)
        .await
        .with_context(|| format!("supplier {} has no user", s.usuario))?;
    let d = &s.delivery;
    sqlx::query(
        "INSERT INTO suppliers (user_id, nomeforn, descricaoforn, telefone, instagram, documento, \
         email, iconeforn, fundoforn, url, paleta, oculto, compras_fechadas, local, vendasforn, \
         pagamento_opcoes, pix_chave, entrega_opcoes, descricao_entrega, descricao_retirada, \
         taxa_tipo, taxa_entrega_centavos, taxa_por_km_centavos, entrega_rua, entrega_numero, \
         entrega_cidade, entrega_latitude, entrega_longitude, pedido_minimo_entrega_centavos, \
         pedido_minimo_retirada_centavos, criado_em) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,\
         $12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31)",
    )
    .bind(&s.usuario)
    .bind(&s.nomeforn)
    .bind(&s.descricaoforn)
    .bind(phone::mask(&s.telefone))
    .bind(&s.instagram)
    .bind(&s.cpf)
    .bind(&email)
    .bind(&icon)
    .bind(&background)
    .bind(&s.url)
    .bind(s.paleta)
    .bind(s.oculto)
    .bind(s.compras)
    .bind(s.local)
    .bind(s.vendasforn)
    .bind(&s.pagamentos)
    .bind(&s.pix)
    .bind(&d.entrega)
    .bind(&d.descricao_entrega)
    .bind(&d.descricao_retirada)
    .bind(&d.taxa_tipo)
    .bind(opt_centavos(d.taxa_entrega)?)
    .bind(opt_centavos(d.taxa_por_km)?)
    .bind(&d.rua)
    .bind(&d.numero)
    .bind(&d.cidade)
    .bind(d.latitude)
    .bind(d.longitude)
    .bind(opt_centavos(d.minimo_entrega)?)
    .bind(opt_centavos(d.minimo_retirada)?)
    .bind(now)
    .execute(&mut **tx)
    .await
    .with_context(|| format!("supplier {}", s.usuario))?;
    // The demo stores are set up: their URL and payment options chosen (so the new store's checklist shows them done).
    sqlx::query(
        "UPDATE suppliers SET url_confirmada = TRUE, pagamentos_confirmados = TRUE \
         WHERE user_id = $1 AND url IS NOT NULL",
    )
    .bind(&s.usuario)
    .execute(&mut **tx)
    .await?;
    if s.local != 1 {
        for place in &s.cidades {
            sqlx::query("INSERT INTO supplier_places (supplier_id, place) VALUES ($1, $2)")
                .bind(&s.usuario)
                .bind(place)
                .execute(&mut **tx)
                .await?;
        }
    }
    for c in &s.categorias {
        sqlx::query("INSERT INTO store_categories (supplier_id, nome) VALUES ($1, $2)")
            .bind(&s.usuario)
            .bind(c)
            .execute(&mut **tx)
            .await?;
    }
    for c in &s.cupons {
        sqlx::query(
            "INSERT INTO coupons (supplier_id, codigo, tipo, valor, criado_em) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&s.usuario)
        .bind(&c.codigo)
        .bind(&c.tipo)
        .bind(centavos(c.valor)?)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn insert_product(
    tx: &mut Transaction<'_, Any>,
    media: &MediaStore,
    p: &Product,
    i: usize,
    now: i64,
) -> anyhow::Result<()> {
    let mut photos = Vec::new();
    for n in 0..p.fotos {
        let key = format!("produtos/{}/{}.jpg", p.id, new_id());
        photos.push(photo(media, &key, i * 5 + n as usize, 300, 300).await?);
    }
    let icon = photos.first().cloned();
    sqlx::query(
        "INSERT INTO products (id, supplier_id, categoria, subcategoria, titulo, descricao, icone, \
         preco_centavos, preco_promo_centavos, minimo_promo, minimo, estoque, opcoes, \
         desabilitado, vendas, criado_em) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,\
         $15,$16)",
    )
    .bind(&p.id)
    .bind(&p.fornecedor)
    .bind(&p.categoria)
    .bind(&p.subcategoria)
    .bind(p.titulo.to_lowercase())
    .bind(&p.descricao)
    .bind(&icon)
    .bind(centavos(p.preco)?)
    .bind(opt_centavos(p.precopromo)?)
    .bind(p.minimopromo)
    .bind(p.minimo)
    .bind(p.estoque)
    .bind(serde_json::to_string(&p.opcoes)?)
    .bind(p.status)
    .bind(p.vendas)
    .bind(now - i as i64 * 60_000)
    .execute(&mut **tx)
    .await
    .with_context(|| format!("product {}", p.id))?;
    for (n, url) in photos.iter().enumerate().skip(1) {
        sqlx::query(
            "INSERT INTO product_photos (id, product_id, url, criado_em) VALUES ($1, $2, $3, $4)",
        )
        .bind(new_id())
        .bind(&p.id)
        .bind(url)
        .bind(now + n as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn insert_ad(
    tx: &mut Transaction<'_, Any>,
    media: &MediaStore,
    a: &Ad,
    i: usize,
    now: i64,
) -> anyhow::Result<()> {
    let mut photos = Vec::new();
    for n in 0..a.fotos {
        let key = format!("anuncios/{}/{}.jpg", a.id, new_id());
        photos.push(photo(media, &key, 200 + i * 3 + n as usize, 300, 300).await?);
    }
    sqlx::query(
        "INSERT INTO ads (id, user_id, categoria, titulo, descricao, preco_centavos, icone, origem, \
         local, nome, telefone, publicado_em) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)",
    )
    .bind(&a.id)
    .bind(&a.usuario)
    .bind(&a.categoria)
    .bind(a.titulo.to_lowercase())
    .bind(&a.descricao)
    .bind(centavos(a.preco)?)
    .bind(photos.first())
    .bind(&a.origem)
    .bind(a.local)
    .bind(&a.nome)
    .bind(a.telefone.as_deref().map(phone::mask))
    .bind(now - i as i64 * 3_600_000)
    .execute(&mut **tx)
    .await
    .with_context(|| format!("ad {}", a.id))?;
    if a.local != 1 {
        for place in &a.cidades {
            sqlx::query("INSERT INTO ad_places (ad_id, place) VALUES ($1, $2)")
                .bind(&a.id)
                .bind(place)
                .execute(&mut **tx)
                .await?;
        }
    }
    for (n, url) in photos.iter().enumerate().skip(1) {
        sqlx::query("INSERT INTO ad_photos (id, ad_id, url, criado_em) VALUES ($1, $2, $3, $4)")
            .bind(new_id())
            .bind(&a.id)
            .bind(url)
            .bind(now + n as i64)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_demo_file_parses_and_photos_are_jpegs() {
        let demo: super::Demo = serde_json::from_str(super::DEMO).unwrap();
        assert!(demo.fornecedores.len() >= 6);
        assert_eq!(demo.produtos.len(), 60);
        assert_eq!(demo.anuncios.len(), 12);
        let jpeg = super::photos::draw(3, 300, 300).unwrap();
        assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
    }
}

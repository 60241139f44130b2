//! A store is never without its URL: a new store gets one made from its name
//! (wasm-core `store_url::from_name`: `Sítio Boa Vista` → `sitio-boa-vista`, then `-2`, `-3`…
//! while taken), so it is in /lojas and its storefront exists from the first minute; the
//! supplier confirms it, or picks another, in 'Loja online' (the panel's checklist,
//! [`checklist`]). Stores opened before this had none until they chose one: [`assign_missing`]
//! gives them theirs when the application starts.
//!
//! The checklist of a new store (the panel shows it until every step is done): the URL
//! confirmed, the payment options chosen (with the Pix key when Pix is on), delivery or pickup
//! set, and a first product with a photo on sale.
//!
//! One store per CPF/CNPJ ([`document_taken`]): a document another live store has is refused
//! at registration and in 'Meus Dados', unless the admin allowed it ([`allow_document`]).

use crate::db::Db;
use sqlx::{Any, Transaction};

/// A store registered (or edited) with another live store's document.
pub const DOCUMENTO_EM_USO: &str = "Já existe uma loja cadastrada com este CPF/CNPJ. Para abrir \
     outra loja com o mesmo documento, fale com o administrador.";

/// Whether `documento` (without punctuation) is another live store's than `user_id`'s, and the
/// admin has not allowed it to be shared; read in the caller's write `tx`.
pub async fn document_taken(
    tx: &mut Transaction<'_, Any>,
    documento: &str,
    user_id: &str,
) -> sqlx::Result<bool> {
    let taken: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM suppliers s JOIN users u ON u.id = s.user_id \
         WHERE s.documento = $1 AND s.user_id <> $2 AND u.excluido_em IS NULL \
         AND NOT EXISTS (SELECT 1 FROM allowed_documents a WHERE a.documento = $1)",
    )
    .bind(documento)
    .bind(user_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(taken > 0)
}

/// Allows (or, with `allow` false, no longer allows) more than one store with `documento`
/// (without punctuation). Stores already registered stay.
pub async fn allow_document(db: &Db, documento: &str, allow: bool, now: i64) -> sqlx::Result<()> {
    if allow {
        sqlx::query(
            "INSERT INTO allowed_documents (documento, permitido_em) VALUES ($1, $2) \
             ON CONFLICT (documento) DO NOTHING",
        )
        .bind(documento)
        .bind(now)
        .execute(db)
        .await?;
    } else {
        sqlx::query("DELETE FROM allowed_documents WHERE documento = $1")
            .bind(documento)
            .execute(db)
            .await?;
    }
    Ok(())
}
use wasm_core::store_url;

/// How many candidates ([`store_url::from_name`] with `-2` … `-50`) are tried before giving up
/// (logged; the supplier can still choose one).
const MAX_TRIES: u32 = 50;

/// Gives supplier `supplier_id` the first free URL made from `name`, when it has none. Another
/// store taking the same URL at the same moment makes the unique index refuse this one, and
/// the next candidate is tried.
pub async fn assign_default_url(
    db: &Db,
    supplier_id: &str,
    name: &str,
) -> sqlx::Result<Option<String>> {
    for n in 1..=MAX_TRIES {
        let url = store_url::from_name(name, n);
        let taken = sqlx::query(
            "UPDATE suppliers SET url = $1 WHERE user_id = $2 AND url IS NULL \
             AND NOT EXISTS (SELECT 1 FROM suppliers WHERE url = $1)",
        )
        .bind(url.as_str())
        .bind(supplier_id)
        .execute(db)
        .await;
        match taken {
            Ok(r) if r.rows_affected() == 1 => return Ok(Some(url.as_str().to_owned())),
            Ok(_) => {
                let has: Option<Option<String>> =
                    sqlx::query_scalar("SELECT url FROM suppliers WHERE user_id = $1")
                        .bind(supplier_id)
                        .fetch_optional(db)
                        .await?;
                match has {
                    // Gone, or given one meanwhile.
                    None => return Ok(None),
                    Some(Some(u)) => return Ok(Some(u)),
                    Some(None) => {}
                }
            }
            Err(e)
                if e.as_database_error()
                    .is_some_and(|d| d.is_unique_violation()) => {}
            Err(e) => return Err(e),
        }
    }
    tracing::warn!(supplier_id, "no free default store URL");
    Ok(None)
}

/// Gives every live store without a URL its default one; returns how many got one.
pub async fn assign_missing(db: &Db) -> sqlx::Result<u64> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT s.user_id, s.nomeforn FROM suppliers s JOIN users u ON u.id = s.user_id \
         WHERE s.url IS NULL AND u.excluido_em IS NULL ORDER BY s.criado_em, s.user_id",
    )
    .fetch_all(db)
    .await?;
    let mut given = 0;
    for (id, name) in rows {
        if assign_default_url(db, &id, &name).await?.is_some() {
            given += 1;
        }
    }
    if given > 0 {
        tracing::info!(given, "default store URLs given");
    }
    Ok(given)
}

/// The new store's steps, each done or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checklist {
    pub url: bool,
    pub payments: bool,
    pub delivery: bool,
    pub product: bool,
}

impl Checklist {
    pub fn complete(self) -> bool {
        self.url && self.payments && self.delivery && self.product
    }
}

/// Where store `supplier_id` stands.
pub async fn checklist(db: &Db, supplier_id: &str) -> sqlx::Result<Checklist> {
    let (url, payments, options, pix, delivery): (i64, i64, String, Option<String>, String) =
        sqlx::query_as(
            "SELECT CAST(CASE WHEN url_confirmada AND url IS NOT NULL THEN 1 ELSE 0 END AS BIGINT), \
             CAST(CASE WHEN pagamentos_confirmados THEN 1 ELSE 0 END AS BIGINT), \
             pagamento_opcoes, pix_chave, entrega_opcoes FROM suppliers WHERE user_id = $1",
        )
        .bind(supplier_id)
        .fetch_one(db)
        .await?;
    let with_photo: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM products p WHERE p.supplier_id = $1 AND p.desabilitado = $2 \
         AND (p.icone IS NOT NULL OR EXISTS (SELECT 1 FROM product_photos f \
         WHERE f.product_id = p.id))",
    )
    .bind(supplier_id)
    .bind(false)
    .fetch_one(db)
    .await?;
    let pix_ok = !options.contains('2') || pix.is_some_and(|k| !k.trim().is_empty());
    Ok(Checklist {
        url: url != 0,
        payments: payments != 0 && pix_ok,
        delivery: delivery.contains('1') || delivery.contains('2'),
        product: with_photo > 0,
    })
}

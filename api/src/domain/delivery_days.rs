//! A store's delivery days and windows and its cut-off for orders (decisions.md §36;
//! docs/delivery.md): read from `delivery_windows` and the `suppliers.corte_*` columns into
//! wasm-core's [`DeliveryDays`], and replaced as a whole when the store saves its Entrega
//! settings. The rows were checked by wasm-core when saved; a row that no longer reads (changed
//! by hand) is left out rather than failing the storefront or the checkout.

use sqlx::{Any, AnyConnection, Transaction};
use wasm_core::checkout::Fulfilment;
use wasm_core::delivery::days::{Clock, DaysRecord, DeliveryDays, Window};

fn kind_db(k: Fulfilment) -> &'static str {
    match k {
        Fulfilment::Delivery => "entrega",
        Fulfilment::Pickup => "retirada",
    }
}

/// A row of [`load`]'s statement: the store's cut-off, and one of its windows (none: nulls).
type DaysRow = (
    Option<i64>,
    Option<i64>,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<String>,
    Option<String>,
);

/// The store's days as stored (no windows and no cut-off when it never set them): its cut-off
/// and its windows in one statement (a checkout reads them on every order).
pub async fn load(conn: &mut AnyConnection, supplier_id: &str) -> sqlx::Result<DeliveryDays> {
    let found: Vec<DaysRow> = sqlx::query_as(
        "SELECT s.corte_horas, s.corte_dias, s.corte_hora, w.tipo, w.dia_semana, w.inicio, w.fim \
         FROM suppliers s LEFT JOIN delivery_windows w ON w.supplier_id = s.user_id \
         WHERE s.user_id = $1 ORDER BY w.tipo, w.dia_semana, w.inicio",
    )
    .bind(supplier_id)
    .fetch_all(&mut *conn)
    .await?;
    let cutoff = found.first().map(|r| (r.0, r.1, r.2.clone()));
    let rows: Vec<(String, i64, String, String)> = found
        .into_iter()
        .filter_map(|r| Some((r.3?, r.4?, r.5?, r.6?)))
        .collect();
    let janelas = rows
        .iter()
        .filter_map(|(tipo, dia, inicio, fim)| {
            Some(Window {
                tipo: match tipo.as_str() {
                    "entrega" => Fulfilment::Delivery,
                    "retirada" => Fulfilment::Pickup,
                    _ => return None,
                },
                dia_semana: u8::try_from(*dia).ok().filter(|d| *d <= 6)?,
                inicio: Clock::parse(inicio)?,
                fim: Clock::parse(fim)?,
            })
        })
        .collect::<Vec<_>>();
    let (corte_horas, corte_dias, corte_hora) = cutoff.unwrap_or_default();
    let record = DaysRecord {
        janelas: janelas.clone(),
        corte_horas,
        corte_dias,
        corte_hora,
    };
    Ok(DeliveryDays::try_from(record).unwrap_or_else(|e| {
        tracing::warn!(supplier_id, error = %e, "stored delivery days do not read; cut-off ignored");
        DeliveryDays::new(janelas, Default::default()).unwrap_or_default()
    }))
}

/// Replaces the store's windows and cut-off with `days`, in the caller's write transaction.
pub async fn save(
    tx: &mut Transaction<'static, Any>,
    supplier_id: &str,
    days: &DeliveryDays,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM delivery_windows WHERE supplier_id = $1")
        .bind(supplier_id)
        .execute(&mut **tx)
        .await?;
    for w in days.windows() {
        sqlx::query(
            "INSERT INTO delivery_windows (supplier_id, tipo, dia_semana, inicio, fim) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(supplier_id)
        .bind(kind_db(w.tipo))
        .bind(i64::from(w.dia_semana))
        .bind(w.inicio.iso())
        .bind(w.fim.iso())
        .execute(&mut **tx)
        .await?;
    }
    let record = DaysRecord::from(days.clone());
    sqlx::query(
        "UPDATE suppliers SET corte_horas = $1, corte_dias = $2, corte_hora = $3 \
         WHERE user_id = $4",
    )
    .bind(record.corte_horas)
    .bind(record.corte_dias)
    .bind(record.corte_hora)
    .bind(supplier_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

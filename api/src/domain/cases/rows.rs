//! Reading problem cases: a case's row (by its order, by status), its thread of messages, what
//! its order's store still holds for it, and the counts the store's panel and the admin show.

use crate::{
    db::Db,
    domain::codes::{CaseReason, CaseSide, CaseStatus},
};

/// A case's row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CaseRow {
    pub id: String,
    pub order_id: String,
    pub buyer_id: String,
    pub supplier_id: String,
    #[sqlx(try_from = "String")]
    pub motivo: CaseReason,
    #[sqlx(try_from = "String")]
    pub status: CaseStatus,
    pub proposta_centavos: Option<i64>,
    pub resultado: Option<String>,
    pub devolvido_centavos: i64,
    pub decidido_por: Option<String>,
    pub decisao_motivo: Option<String>,
    pub criado_em: i64,
    pub mediacao_em: Option<i64>,
    pub encerrado_em: Option<i64>,
}

/// The columns of [`CaseRow`].
macro_rules! case_columns {
    () => {
        "id, order_id, buyer_id, supplier_id, motivo, status, proposta_centavos, resultado, \
         devolvido_centavos, decidido_por, decisao_motivo, criado_em, mediacao_em, encerrado_em"
    };
}

/// The case of order `order_id`, if any.
pub async fn by_order(db: &Db, order_id: &str) -> sqlx::Result<Option<CaseRow>> {
    sqlx::query_as(concat!(
        "SELECT ",
        case_columns!(),
        " FROM order_cases WHERE order_id = $1"
    ))
    .bind(order_id)
    .fetch_optional(db)
    .await
}

/// Cases in `status`, oldest first, at most `limit`.
pub async fn in_status(db: &Db, status: CaseStatus, limit: i64) -> sqlx::Result<Vec<CaseRow>> {
    sqlx::query_as(concat!(
        "SELECT ",
        case_columns!(),
        " FROM order_cases WHERE status = $1 ORDER BY criado_em, id LIMIT $2"
    ))
    .bind(status.as_db())
    .bind(limit)
    .fetch_all(db)
    .await
}

/// One message of a case's thread.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Message {
    #[sqlx(try_from = "String")]
    pub autor: CaseSide,
    pub texto: String,
    pub fotos: String,
    pub criado_em: i64,
}

/// Case `case_id`'s thread, oldest first.
pub async fn thread(db: &Db, case_id: &str) -> sqlx::Result<Vec<Message>> {
    sqlx::query_as(
        "SELECT autor, texto, fotos, criado_em FROM order_case_messages WHERE case_id = $1 \
         ORDER BY criado_em, id",
    )
    .bind(case_id)
    .fetch_all(db)
    .await
}

/// What the order's store still holds for it ('A liberar'), in centavos.
pub async fn held<'e>(
    e: impl sqlx::Executor<'e, Database = sqlx::Any>,
    order_id: &str,
) -> sqlx::Result<i64> {
    let v: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(SUM(valor_centavos) AS BIGINT) FROM open_items \
         WHERE order_id = $1 AND status = 'a_liberar'",
    )
    .bind(order_id)
    .fetch_one(e)
    .await?;
    Ok(v.unwrap_or(0))
}

/// How a store's cases ended (its panel), or a buyer's (the admin's list).
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct Counts {
    pub total: i64,
    pub abertas: i64,
    pub liberadas: i64,
    pub devolvidas_em_parte: i64,
    pub devolvidas: i64,
}

/// Store `supplier_id`'s cases and how they ended.
pub async fn store_counts(db: &Db, supplier_id: &str) -> sqlx::Result<Counts> {
    sqlx::query_as(
        "SELECT COUNT(*) AS total, \
    COALESCE(SUM(CASE WHEN status <> 'encerrada' THEN 1 ELSE 0 END), 0) AS abertas, \
    COALESCE(SUM(CASE WHEN resultado = 'liberado' THEN 1 ELSE 0 END), 0) AS liberadas, \
    COALESCE(SUM(CASE WHEN resultado = 'devolvido_parcial' THEN 1 ELSE 0 END), 0) \
      AS devolvidas_em_parte, \
    COALESCE(SUM(CASE WHEN resultado = 'devolvido_total' THEN 1 ELSE 0 END), 0) AS devolvidas \
    FROM order_cases WHERE supplier_id = $1",
    )
    .bind(supplier_id)
    .fetch_one(db)
    .await
}

/// A buyer with many cases, for the admin.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FrequentBuyer {
    pub buyer_id: String,
    pub nome: String,
    pub email: String,
    pub reclamacoes: i64,
    pub devolvidas: i64,
}

/// Buyers with at least `min` cases, most first, at most 50.
pub async fn frequent_buyers(db: &Db, min: i64) -> sqlx::Result<Vec<FrequentBuyer>> {
    sqlx::query_as(
        "SELECT c.buyer_id, u.nome, u.email, COUNT(*) AS reclamacoes, \
         COALESCE(SUM(CASE WHEN c.devolvido_centavos > 0 THEN 1 ELSE 0 END), 0) AS devolvidas \
         FROM order_cases c JOIN users u ON u.id = c.buyer_id \
         GROUP BY c.buyer_id, u.nome, u.email HAVING COUNT(*) >= $1 \
         ORDER BY COUNT(*) DESC, c.buyer_id LIMIT 50",
    )
    .bind(min)
    .fetch_all(db)
    .await
}

//! The seller's sales report (Pagamentos, 'Relatório de vendas'): from the ledger of Pix money
//! ([`super::ledger`]: one item per paid Pix order), per month (Brasília time, of the payment)
//! and per product — units, gross (the lines as paid, after promotions), the coupons' discount,
//! the platform's fee (the 2 % of the withdrawal that paid the item out), what was refunded,
//! and the net received — with a line for the delivery fees. Orders paid in person never pass
//! through Feira's money and are not in it.
//!
//! Every amount is split exactly: an order's coupon over its lines, a withdrawal's fee over
//! its items then over their lines, by largest remainder (each part proportional to its value,
//! the centavos left given to the largest remainders, ties by position), so the report's totals
//! are the ledger's to the centavo: gross − coupons = the items' value; refunds = the refunded
//! items'; fees = the withdrawals' fees; net = the withdrawals' net plus what is not withdrawn
//! yet (the balance and 'A liberar').

use super::codes::OpenItemStatus;
use crate::db::Db;
use chrono::{Datelike, FixedOffset, Offset, TimeZone, Utc};
use std::collections::{BTreeMap, HashMap};

/// The row of the delivery fees in each month (`produto` empty).
pub const DELIVERY_FEES: &str = "Taxa de entrega";

/// Amounts of one row, in centavos.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Amounts {
    pub quantity: i64,
    pub gross: i64,
    pub coupons: i64,
    pub fees: i64,
    pub refunds: i64,
}

impl Amounts {
    /// What reached (or will reach) the seller: gross − coupons − fees − refunds.
    pub fn net(&self) -> i64 {
        self.gross - self.coupons - self.fees - self.refunds
    }

    fn add(&mut self, o: &Self) {
        self.quantity += o.quantity;
        self.gross += o.gross;
        self.coupons += o.coupons;
        self.fees += o.fees;
        self.refunds += o.refunds;
    }
}

/// One product's row in a month (or the delivery fees', `product_id` empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductRow {
    pub product_id: String,
    pub title: String,
    pub amounts: Amounts,
}

/// One month: `AAAA-MM`, its rows (products by title, then the delivery fees) and its total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Month {
    pub month: String,
    pub rows: Vec<ProductRow>,
    pub total: Amounts,
}

/// `total` split over `weights` in proportion, exactly (largest remainder; ties to the first).
pub fn split(total: i64, weights: &[i64]) -> Vec<i64> {
    let sum: i64 = weights.iter().map(|w| (*w).max(0)).sum();
    if weights.is_empty() {
        return Vec::new();
    }
    if sum == 0 {
        let mut out = vec![0; weights.len()];
        out[0] = total;
        return out;
    }
    let (t, s) = (i128::from(total), i128::from(sum));
    let mut parts: Vec<i64> = Vec::with_capacity(weights.len());
    let mut remainders: Vec<(i128, usize)> = Vec::with_capacity(weights.len());
    for (i, w) in weights.iter().enumerate() {
        let w = i128::from((*w).max(0));
        parts.push(i64::try_from(t * w / s).unwrap_or(0));
        remainders.push(((t * w) % s, i));
    }
    let mut left = total - parts.iter().sum::<i64>();
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in remainders.iter().cycle() {
        if left == 0 {
            break;
        }
        parts[*i] += left.signum();
        left -= left.signum();
    }
    parts
}

#[derive(Debug, sqlx::FromRow)]
struct ItemRow {
    order_id: String,
    valor_centavos: i64,
    /// The part a problem case gave back of a split item (decisions.md §37).
    devolvido_centavos: i64,
    status: String,
    criado_em: i64,
    withdrawal_id: Option<String>,
    desconto_centavos: i64,
    taxa_entrega_centavos: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct LineRow {
    order_id: String,
    product_id: String,
    titulo: String,
    quantidade: i64,
    pago_centavos: i64,
}

fn brasilia() -> FixedOffset {
    FixedOffset::west_opt(3 * 3600).unwrap_or(Utc.fix())
}

/// `AAAA-MM` of `ms` in Brasília time.
fn month_of(ms: i64) -> String {
    brasilia().timestamp_millis_opt(ms).single().map_or_else(
        || "1970-01".into(),
        |t| format!("{:04}-{:02}", t.year(), t.month()),
    )
}

/// The report of `supplier_id`'s ledger, the months of `year` that have any item, in order.
pub async fn report(db: &Db, supplier_id: &str, year: i32) -> sqlx::Result<Vec<Month>> {
    let items: Vec<ItemRow> = sqlx::query_as(
        "SELECT i.order_id, i.valor_centavos, i.devolvido_centavos, i.status, i.criado_em, i.withdrawal_id, \
         o.desconto_centavos, o.taxa_entrega_centavos \
         FROM open_items i JOIN orders o ON o.id = i.order_id \
         WHERE i.supplier_id = $1 ORDER BY i.criado_em, i.id",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    let lines: Vec<LineRow> = sqlx::query_as(
        "SELECT l.order_id, l.product_id, l.titulo, l.quantidade, l.pago_centavos \
         FROM order_lines l JOIN open_items i ON i.order_id = l.order_id \
         WHERE i.supplier_id = $1 ORDER BY l.id",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?;
    let fees: HashMap<String, i64> = sqlx::query_as::<_, (String, i64)>(
        "SELECT id, taxa_centavos FROM withdrawals WHERE supplier_id = $1",
    )
    .bind(supplier_id)
    .fetch_all(db)
    .await?
    .into_iter()
    .collect();

    // Each withdrawal's fee over its items, by their value.
    let mut by_withdrawal: BTreeMap<&str, Vec<(usize, i64)>> = BTreeMap::new();
    for (n, i) in items.iter().enumerate() {
        if let Some(w) = &i.withdrawal_id {
            by_withdrawal
                .entry(w.as_str())
                .or_default()
                .push((n, i.valor_centavos));
        }
    }
    let mut item_fee = vec![0_i64; items.len()];
    for (w, members) in &by_withdrawal {
        let weights: Vec<i64> = members.iter().map(|(_, v)| *v).collect();
        let shares = split(fees.get(*w).copied().unwrap_or(0), &weights);
        for ((n, _), share) in members.iter().zip(shares) {
            item_fee[*n] = share;
        }
    }
    let mut lines_of: HashMap<&str, Vec<&LineRow>> = HashMap::new();
    for l in &lines {
        lines_of.entry(l.order_id.as_str()).or_default().push(l);
    }

    let refunded = OpenItemStatus::Refunded.as_db();
    let prefix = format!("{year:04}-");
    let mut months: BTreeMap<String, BTreeMap<(bool, String, String), Amounts>> = BTreeMap::new();
    for (n, item) in items.iter().enumerate() {
        let month = month_of(item.criado_em);
        if !month.starts_with(&prefix) {
            continue;
        }
        let ls = lines_of
            .get(item.order_id.as_str())
            .cloned()
            .unwrap_or_default();
        // The parts of the item: its lines, then the delivery fee.
        let mut parts: Vec<((bool, String, String), i64, i64)> = ls
            .iter()
            .map(|l| {
                (
                    (false, l.titulo.clone(), l.product_id.clone()),
                    l.quantidade,
                    l.pago_centavos,
                )
            })
            .collect();
        if item.taxa_entrega_centavos != 0 {
            parts.push((
                (true, DELIVERY_FEES.to_owned(), String::new()),
                1,
                item.taxa_entrega_centavos,
            ));
        }
        if parts.is_empty() {
            continue;
        }
        let line_weights: Vec<i64> = parts
            .iter()
            .map(|(k, _, g)| if k.0 { 0 } else { *g })
            .collect();
        let coupons = split(item.desconto_centavos, &line_weights);
        let values: Vec<i64> = parts
            .iter()
            .zip(&coupons)
            .map(|((_, _, g), c)| g - c)
            .collect();
        let fee_shares = split(item_fee[n], &values);
        let is_refund = item.status == refunded;
        // A partial refund is spread over the parts by their value, like the coupon.
        let partial = split(item.devolvido_centavos, &values);
        let rows = months.entry(month).or_default();
        for ((((key, quantity, gross), coupon), (value, fee)), part) in parts
            .into_iter()
            .zip(coupons)
            .zip(values.into_iter().zip(fee_shares))
            .zip(partial)
        {
            rows.entry(key).or_default().add(&Amounts {
                quantity,
                gross,
                coupons: coupon,
                fees: fee,
                refunds: if is_refund { value } else { part },
            });
        }
    }
    Ok(months
        .into_iter()
        .map(|(month, rows)| {
            let mut total = Amounts::default();
            let rows: Vec<ProductRow> = rows
                .into_iter()
                .map(|((_, title, product_id), amounts)| {
                    total.add(&amounts);
                    ProductRow {
                        product_id,
                        title,
                        amounts,
                    }
                })
                .collect();
            Month { month, rows, total }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_exact_and_proportional() {
        assert_eq!(split(100, &[1, 1, 1]), vec![34, 33, 33]);
        assert_eq!(split(767, &[1170, 6500]), vec![117, 650]);
        assert_eq!(split(5, &[0, 0]), vec![5, 0]);
        assert_eq!(split(0, &[3, 4]), vec![0, 0]);
        assert_eq!(split(-3, &[1, 1]), vec![-2, -1]);
        for (t, w) in [(12345_i64, vec![7_i64, 13, 999, 1]), (1, vec![5, 5, 5])] {
            assert_eq!(split(t, &w).iter().sum::<i64>(), t);
        }
        assert!(split(9, &[]).is_empty());
    }

    #[test]
    fn months_are_brasilia_time() {
        // 2026-12-01 02:00 UTC is still November in Brasília.
        assert_eq!(month_of(1_796_090_400_000), "2026-11");
        assert_eq!(month_of(1_796_104_800_000), "2026-12");
    }
}

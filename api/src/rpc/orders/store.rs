//! `finalizar_pedido`'s transaction: stock reserved with one conditional update per line
//! (`estoque >= quantidade`, in product-id order so concurrent orders lock rows alike; zero rows
//! → `Estoque insuficiente para {titulo}` and everything rolls back), sales counters bumped, the
//! order and its lines written and, for Pix, the charge opened.

use super::{
    begin_write,
    load::{BuyerRow, ProductRow, SupplierRow},
};
use crate::{
    auth::AuthUser,
    db::{new_id, now_ms},
    error::{ApiError, ApiResult},
    pix::{self, charges},
    state::AppState,
};
use wasm_core::{checkout::CheckoutSummary, coupon::Coupon, messages};

/// A line as it will be stored.
pub(super) struct Line<'a> {
    pub(super) product: &'a ProductRow,
    pub(super) quantidade: u32,
    pub(super) opcao: Option<String>,
}

/// An order checked and priced by wasm-core, ready to store.
pub(super) struct Priced<'a> {
    pub(super) supplier_id: String,
    pub(super) supplier: &'a SupplierRow,
    pub(super) buyer: &'a BuyerRow,
    /// In the bag's order, as `summary.linhas`.
    pub(super) lines: Vec<Line<'a>>,
    pub(super) summary: CheckoutSummary,
    pub(super) coupon: Option<Coupon>,
    pub(super) delivery: bool,
    /// `'1'` in person, `'2'` Pix.
    pub(super) pagamento: &'static str,
}

/// Stores `p` in one write transaction; returns the order id and, for Pix, the txid.
pub(super) async fn store(
    state: &AppState,
    user: &AuthUser,
    p: &Priced<'_>,
) -> ApiResult<(String, Option<String>)> {
    let now = now_ms();
    let order_id = new_id();
    let txid = (p.pagamento == "2").then(pix::new_txid);
    let Priced {
        supplier_id,
        supplier,
        buyer,
        lines,
        summary,
        coupon,
        delivery,
        pagamento,
    } = p;
    let delivery = *delivery;
    let mut tx = begin_write(&state.db).await?;
    let mut by_product: Vec<&Line> = lines.iter().collect();
    by_product.sort_by(|a, b| a.product.id.cmp(&b.product.id));
    for line in by_product {
        let reserved = sqlx::query(
            "UPDATE products SET estoque = estoque - $1, vendas = vendas + $1 \
             WHERE id = $2 AND (estoque IS NULL OR estoque >= $1)",
        )
        .bind(i64::from(line.quantidade))
        .bind(&line.product.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if reserved == 0 {
            tx.rollback().await?;
            return Err(ApiError::Conflict(messages::estoque_insuficiente(
                &line.product.titulo,
            )));
        }
    }
    sqlx::query("UPDATE suppliers SET vendasforn = vendasforn + 1 WHERE user_id = $1")
        .bind(supplier_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO orders (id, buyer_id, supplier_id, nomeforn, criado_em, situacao, \
         tipo_entrega, pagamento, status_pix, txid, preco_produtos_centavos, \
         taxa_entrega_centavos, desconto_centavos, cupom_codigo, cupom_tipo, cupom_valor, \
         total_centavos, cliente_nome, cliente_telefone, rua, numero, cidade, complemento, \
         atualizado_em) VALUES ($1, $2, $3, $4, $5, '1', $6, $7, $8, $9, $10, $11, $12, $13, \
         $14, $15, $16, $17, $18, $19, $20, $21, $22, $5)",
    )
    .bind(&order_id)
    .bind(&user.id)
    .bind(supplier_id)
    .bind(&supplier.nomeforn)
    .bind(now)
    .bind(if delivery { "Entrega" } else { "Retirada" })
    .bind(*pagamento)
    .bind(txid.as_ref().map(|_| "1"))
    .bind(&txid)
    .bind(summary.produtos_centavos.centavos())
    .bind(summary.taxa_centavos.centavos())
    .bind(summary.desconto_centavos.centavos())
    .bind(coupon.as_ref().map(|c| c.code().as_str().to_owned()))
    .bind(coupon.as_ref().map(|c| c.kind().as_str()))
    .bind(coupon.as_ref().map(Coupon::value_hundredths))
    .bind(summary.total_centavos.centavos())
    .bind(&buyer.nome)
    .bind(&buyer.telefone)
    .bind(if delivery { buyer.rua.clone() } else { None })
    .bind(if delivery { buyer.numero.clone() } else { None })
    .bind(if delivery { buyer.cidade.clone() } else { None })
    .bind(if delivery {
        buyer.complemento.clone()
    } else {
        None
    })
    .execute(&mut *tx)
    .await?;
    for (i, (line, sum)) in lines.iter().zip(&summary.linhas).enumerate() {
        sqlx::query(
            "INSERT INTO order_lines (id, order_id, product_id, titulo, icone, opcao, quantidade, \
             preco_unitario_centavos, pago_centavos) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(format!("{order_id}-{i:03}"))
        .bind(&order_id)
        .bind(&line.product.id)
        .bind(&line.product.titulo)
        .bind(&line.product.icone)
        .bind(&line.opcao)
        .bind(i64::from(sum.quantidade))
        .bind(sum.unitario_centavos.centavos())
        .bind(sum.total_centavos.centavos())
        .execute(&mut *tx)
        .await?;
    }
    if let Some(txid) = &txid {
        let charge = charges::Charge {
            txid,
            purpose: charges::Purpose::Order(&order_id),
            user_id: &user.id,
            amount: summary.total_centavos,
            expires_in: state.config.pix.expiry,
            now,
        };
        charges::record(&mut tx, state.pix.as_ref(), charge).await?;
    }
    tx.commit().await?;
    Ok((order_id, txid))
}

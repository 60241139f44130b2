//! `pedir_de_novo`: a past order of the signed-in buyer (the owner from the verified token) read
//! with today's state, so the webapp fills the bag with its lines at today's prices and says
//! what changed: a product removed, disabled or hidden, sold out, an option gone, less stock
//! than the order had, a price that moved ('Preço mudou: de R$ 5,90 para R$ 6,50'). Nothing is
//! stored: the bag is the client's, and the checkout prices it again (decisions.md §7). An order
//! of a store that was deleted or is hidden is refused with a message that says so.

use super::order_not_found;
use crate::domain::options as opts;
use crate::{
    auth::AuthUser,
    error::{ApiError, ApiResult},
    rpc::fields::Reais,
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::{
    money::Money,
    options::{Listed, Terms},
};

/// The order's store was deleted.
pub const LOJA_EXCLUIDA: &str = "Esta loja não está mais na Feira: não é possível pedir de novo.";
/// The order's store is hidden (by itself or the administration).
pub const LOJA_OCULTA: &str = "Esta loja não está disponível agora: não é possível pedir de novo.";

/// `pedir_de_novo`: the order (its id, or `{id}`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct Reorder {
    pub item: crate::rpc::fields::ItemRef,
}

/// One line the bag receives, at today's price.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReorderLine {
    /// The product's id (the bag's `id`).
    pub id: String,
    #[serde(rename = "titulo")]
    pub title: String,
    #[serde(rename = "icone")]
    pub icon: Option<String>,
    /// The option chosen then (still one of the product's).
    #[serde(rename = "opcaoselecionada")]
    pub option: Option<String>,
    /// The quantity: the order's, or less when the stock has less.
    #[serde(rename = "quantidade")]
    pub quantity: i64,
    /// Today's unit price for that quantity.
    #[serde(rename = "preco")]
    pub price: Reais,
    /// The unit price paid then.
    #[serde(rename = "precoanterior")]
    pub previous_price: Reais,
    /// The note written on the line then (the product still accepts one).
    #[serde(rename = "observacao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub note: Option<String>,
    /// What changed, said for the buyer ('Preço mudou: de R$ 5,90 para R$ 6,50'); absent when
    /// nothing did.
    #[serde(rename = "aviso", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub notice: Option<String>,
}

/// A line that cannot be ordered again, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct Unavailable {
    #[serde(rename = "titulo")]
    pub title: String,
    /// Why, for the buyer: 'não está mais à venda', 'está indisponível', 'está esgotado', 'a
    /// opção … não existe mais'.
    #[serde(rename = "motivo")]
    pub reason: String,
}

/// `pedir_de_novo`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Reordered {
    /// The store's user id and name.
    #[serde(rename = "userforn")]
    pub supplier_id: String,
    #[serde(rename = "nomeforn")]
    pub supplier_name: String,
    /// The lines the bag receives, in the order's order.
    #[serde(rename = "sacola")]
    pub lines: Vec<ReorderLine>,
    /// The lines left out.
    #[serde(rename = "indisponiveis")]
    pub unavailable: Vec<Unavailable>,
}

#[derive(Debug, sqlx::FromRow)]
struct OrderLineRow {
    titulo: String,
    opcao: Option<String>,
    quantidade: i64,
    preco_unitario_centavos: i64,
    observacao: Option<String>,
    /// Today's product, when it still exists.
    id: Option<String>,
    titulo_hoje: Option<String>,
    icone: Option<String>,
    preco_centavos: Option<i64>,
    preco_promo_centavos: Option<i64>,
    minimo_promo: Option<i64>,
    minimo: Option<i64>,
    estoque: Option<i64>,
    opcoes: Option<String>,
    /// 1 when disabled or hidden by the moderation.
    fora: Option<i64>,
    aceita_observacao: Option<i64>,
}

fn count(n: Option<i64>) -> Option<u32> {
    n.map(|n| u32::try_from(n.max(0)).unwrap_or(u32::MAX))
}

/// What today's state makes of one line of the order.
fn line_today(l: OrderLineRow) -> Result<ReorderLine, Unavailable> {
    let gone = |reason: String| Unavailable {
        title: l.titulo.clone(),
        reason,
    };
    let (Some(id), Some(price)) = (l.id.clone(), l.preco_centavos) else {
        return Err(gone("não está mais à venda".into()));
    };
    if l.fora.unwrap_or(0) != 0 {
        return Err(gone("está indisponível".into()));
    }
    // Today's terms of the line's option (decisions.md §39: its own price and stock, or the
    // product's), by wasm-core's rules.
    let stored = opts::parse(l.opcoes.as_deref().unwrap_or("[]"));
    let listed = Listed {
        titulo: &l.titulo,
        terms: opts::terms(
            price,
            l.preco_promo_centavos,
            l.minimo_promo,
            l.minimo,
            l.estoque,
        ),
        options: &stored,
    };
    let (option, terms) = match &l.opcao {
        Some(o) if !stored.is_empty() => match listed.terms_for(Some(o)) {
            Ok((_, t)) => (Some(o.clone()), t),
            Err(_) => return Err(gone(format!("a opção {o} não existe mais"))),
        },
        // No options (or options added since: the buyer picks one in the bag): the product's.
        _ => (
            None,
            Terms {
                price: listed.terms.price,
                stock: listed.terms.stock,
                own_stock: false,
            },
        ),
    };
    let minimo = listed.terms.minimum;
    if wasm_core::forms::sold_out(terms.stock.map(i64::from), l.minimo) {
        return Err(gone("está esgotado".into()));
    }
    let wanted = count(Some(l.quantidade))
        .unwrap_or(1)
        .max(minimo.unwrap_or(1));
    let quantity = terms.stock.map_or(wanted, |s| wanted.min(s));
    let pricing = terms.price;
    let today = pricing.unit_price(quantity);
    let then = Money::from_centavos(l.preco_unitario_centavos);
    let mut notices = Vec::new();
    if quantity < wanted {
        notices.push(format!("Só há {quantity} em estoque."));
    }
    if today != then {
        notices.push(format!(
            "Preço mudou: de {} para {}",
            then.format(),
            today.format()
        ));
    }
    Ok(ReorderLine {
        id,
        title: l.titulo_hoje.unwrap_or(l.titulo),
        icon: l.icone,
        option,
        quantity: i64::from(quantity),
        price: Reais::from_centavos(today.centavos()),
        previous_price: Reais::from_centavos(then.centavos()),
        note: l
            .observacao
            .filter(|_| l.aceita_observacao.unwrap_or(0) != 0),
        notice: (!notices.is_empty()).then(|| notices.join(" ")),
    })
}

/// `pedir_de_novo`: the signed-in buyer's order `item` with today's prices and availability.
pub async fn reorder(state: &AppState, user: AuthUser, req: Reorder) -> ApiResult<Reordered> {
    let db = &state.db;
    let order_id = req.item.required()?;
    let store: Option<(String, String, Option<i64>, i64)> = sqlx::query_as(
        "SELECT o.supplier_id, o.nomeforn, u.excluido_em, \
         CAST(CASE WHEN s.oculto OR s.invisivel THEN 1 ELSE 0 END AS BIGINT) \
         FROM orders o JOIN users u ON u.id = o.supplier_id \
         JOIN suppliers s ON s.user_id = o.supplier_id \
         WHERE o.id = $1 AND o.buyer_id = $2",
    )
    .bind(&order_id)
    .bind(&user.id)
    .fetch_optional(db)
    .await?;
    let (supplier_id, supplier_name, deleted, hidden) = store.ok_or_else(order_not_found)?;
    if deleted.is_some() {
        return Err(ApiError::bad_request(LOJA_EXCLUIDA));
    }
    if hidden != 0 {
        return Err(ApiError::bad_request(LOJA_OCULTA));
    }
    let rows: Vec<OrderLineRow> = sqlx::query_as(
        "SELECT l.titulo, l.opcao, l.quantidade, l.preco_unitario_centavos, \
         l.observacao, p.id, p.titulo AS titulo_hoje, p.icone, p.preco_centavos, \
         p.preco_promo_centavos, p.minimo_promo, p.minimo, p.estoque, p.opcoes, \
         CAST(CASE WHEN p.desabilitado OR p.moderado_em IS NOT NULL THEN 1 ELSE 0 END AS BIGINT) \
         AS fora, \
         CAST(CASE WHEN p.aceita_observacao THEN 1 ELSE 0 END AS BIGINT) AS aceita_observacao \
         FROM order_lines l LEFT JOIN products p ON p.id = l.product_id AND p.supplier_id = $2 \
         WHERE l.order_id = $1 ORDER BY l.id",
    )
    .bind(&order_id)
    .bind(&supplier_id)
    .fetch_all(db)
    .await?;
    let mut answer = Reordered {
        supplier_id,
        supplier_name,
        lines: Vec::new(),
        unavailable: Vec::new(),
    };
    for row in rows {
        match line_today(row) {
            Ok(line) => answer.lines.push(line),
            Err(gone) => answer.unavailable.push(gone),
        }
    }
    Ok(answer)
}

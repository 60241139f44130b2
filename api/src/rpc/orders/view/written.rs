//! A fresh order's `pedido` object composed from what its transaction wrote, without reading it
//! back (the checkout's answer; [`super::load_order`] reads a replay's).

use super::{LineRow, OrderRow, order_of};
use crate::{
    domain::{
        codes::{ChargeStatus, OrderStatus, PixStatus},
        orders::{NewOrder, Placed},
    },
    error::ApiResult,
    rpc::shapes::Order,
};

/// A fresh order as the `pedido` object, from what its transaction wrote (`o`, `placed`) and
/// the store's phone: what [`load_order`] would read back, without reading it.
pub(in crate::rpc::orders) fn order_as_written(
    o: &NewOrder<'_>,
    placed: &Placed,
    telefoneforn: &str,
) -> ApiResult<Order> {
    let sum = o.summary;
    let address = o.delivery_to.unwrap_or_default();
    let owned = |v: Option<&str>| v.map(str::to_owned);
    let slot = o.slot.map(|s| (s.data.iso(), s.inicio.iso(), s.fim.iso()));
    let row = OrderRow {
        id: placed.order_id.clone(),
        buyer_id: o.buyer_id.to_owned(),
        supplier_id: o.supplier_id.to_owned(),
        nomeforn: o.nomeforn.to_owned(),
        telefoneforn: telefoneforn.to_owned(),
        criado_em: placed.placed_at,
        situacao: OrderStatus::Awaiting,
        tipo_entrega: if o.delivery_to.is_some() {
            "Entrega"
        } else {
            "Retirada"
        }
        .to_owned(),
        pagamento: o.pagamento,
        status_pix: placed
            .txid
            .as_ref()
            .map(|_| PixStatus::Awaiting.as_db().to_owned()),
        txid: placed.txid.clone(),
        // A checkout's order is never a basket's cycle: no recurring charge.
        cobr_vencimento: None,
        preco_produtos_centavos: sum.produtos_centavos.centavos(),
        taxa_entrega_centavos: sum.taxa_centavos.centavos(),
        desconto_centavos: sum.desconto_centavos.centavos(),
        cupom_codigo: o.coupon.map(|c| c.code().as_str().to_owned()),
        cupom_tipo: o.coupon.map(|c| c.kind().as_str().to_owned()),
        cupom_valor: o.coupon.map(wasm_core::coupon::Coupon::value_hundredths),
        total_centavos: sum.total_centavos.centavos(),
        cliente_nome: o.cliente_nome.to_owned(),
        cliente_telefone: owned(o.cliente_telefone),
        rua: owned(address.rua),
        numero: owned(address.numero),
        cidade: owned(address.cidade),
        complemento: owned(address.complemento),
        bairro: owned(address.bairro),
        cep: owned(address.cep),
        data_entrega: slot.as_ref().map(|s| s.0.clone()),
        janela_inicio: slot.as_ref().map(|s| s.1.clone()),
        janela_fim: slot.as_ref().map(|s| s.2.clone()),
        observacao: owned(o.note),
        copia_e_cola: placed.pix_charge.as_ref().map(|c| c.0.clone()),
        charge_status: placed
            .pix_charge
            .as_ref()
            .map(|_| ChargeStatus::Pending.as_db().to_owned()),
        refund_status: None,
        refund_reason: None,
        pix_expira_em: placed.pix_charge.as_ref().map(|c| c.1),
        entregue_em: None,
        recebido_em: None,
        recebimento: None,
    };
    let lines: Vec<LineRow> = o
        .lines
        .iter()
        .zip(&sum.linhas)
        .map(|(l, s)| LineRow {
            order_id: placed.order_id.clone(),
            titulo: l.titulo.to_owned(),
            icone: owned(l.icone),
            opcao: l.opcao.clone(),
            quantidade: i64::from(s.quantidade),
            preco_unitario_centavos: s.unitario_centavos.centavos(),
            pago_centavos: s.total_centavos.centavos(),
            observacao: l.note.clone(),
        })
        .collect();
    order_of(&row, &lines.iter().collect::<Vec<_>>())
}

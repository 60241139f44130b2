//! The catalogue's JSON shapes, exactly as docs/rpc.md fixes them ("The buyer journey's
//! shapes"): database centavos become reais ([`reais`]), and the card's
//! discount badge comes from `wasm_core::pricing`.

use super::rows::{AdRow, ProductRow, SupplierRow};
use crate::rpc::fields::reais;
use serde_json::{Map, Value, json};

fn opt_reais(centavos: Option<i64>) -> Option<f64> {
    centavos.map(reais)
}

/// A product (`produto`). Public products are never disabled, so `status` is always false.
pub fn product(p: &ProductRow, photos: &[(String, String)]) -> Value {
    json!(crate::rpc::shapes::Product::new(p, photos, false))
}

/// `["ALL"]` for scope 1, else the places.
fn cidades(local: i64, places: &[String]) -> Value {
    if local == 1 {
        json!(["ALL"])
    } else {
        json!(places)
    }
}

/// A direct ad (`anuncio`).
pub fn ad(a: &AdRow, photos: &[(String, String)], places: &[String]) -> Value {
    json!(crate::rpc::shapes::Ad::new(a, photos, places))
}

/// A supplier's public data (`dadosforn`): no `cpf`, `email`, `oculto`, `invisivel`, coupons
/// or pickup address.
pub fn dadosforn(s: &SupplierRow, places: &[String], categories: &[String]) -> Value {
    let categorias: Map<String, Value> = categories
        .iter()
        .map(|c| (c.clone(), Value::String(c.clone())))
        .collect();
    json!({
        "usuario": s.user_id,
        "nomeforn": s.nomeforn,
        "descricaoforn": s.descricaoforn,
        "telefone": s.telefone,
        "instagram": s.instagram,
        "iconeforn": s.iconeforn,
        "fundoforn": s.fundoforn,
        "url": s.url,
        "paleta": s.paleta,
        "compras": s.compras != 0,
        "local": s.local,
        "cidades": cidades(s.local, places),
        "vendasforn": s.vendasforn,
        "extensoes": {
            "pagamentos": { "opcoes": s.pagamento_opcoes },
            "delivery": {
                "entrega": s.entrega_opcoes,
                "taxaTipo": s.taxa_tipo,
                "taxaentrega": opt_reais(s.taxa_entrega_centavos),
                "taxaPorKm": opt_reais(s.taxa_por_km_centavos),
                "latitude": s.entrega_latitude,
                "longitude": s.entrega_longitude,
                "pedidominimoentrega": opt_reais(s.pedido_minimo_entrega_centavos),
                "pedidominimoretirada": opt_reais(s.pedido_minimo_retirada_centavos),
                "descricaoentrega": s.descricao_entrega,
                "descricaoretirada": s.descricao_retirada,
            },
            "categorias": categorias,
            "site": { "url": s.url, "paleta": s.paleta },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_one_is_all() {
        let places = vec!["Piracicaba, SP".to_owned()];
        assert_eq!(cidades(1, &places), json!(["ALL"]));
        assert_eq!(cidades(3, &places), json!(["Piracicaba, SP"]));
        assert_eq!(cidades(2, &[]), json!([]));
    }
}

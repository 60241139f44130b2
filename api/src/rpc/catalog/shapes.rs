//! The catalogue's JSON shapes, exactly as docs/rpc.md fixes them ("The buyer journey's
//! shapes"): database centavos become reais ([`reais`]), and the card's
//! discount badge comes from `wasm_core::pricing`.

use super::rows::{AdRow, ProductRow, SupplierRow};
use crate::rpc::fields::reais;
use serde_json::{Map, Value, json};
use wasm_core::{money::Money, pricing::discount_percent};

fn opt_reais(centavos: Option<i64>) -> Option<f64> {
    centavos.map(reais)
}

/// `{photo id: URL}`.
fn photo_map(photos: &[(String, String)]) -> Value {
    Value::Object(
        photos
            .iter()
            .map(|(id, url)| (id.clone(), Value::String(url.clone())))
            .collect::<Map<_, _>>(),
    )
}

/// The stored JSON array of option labels as `[{"opcao": label}]`.
fn options(stored: &str) -> Value {
    let labels: Vec<String> = serde_json::from_str(stored).unwrap_or_else(|e| {
        tracing::warn!(error = %e, "product options are not a JSON list of labels");
        Vec::new()
    });
    labels
        .into_iter()
        .map(|opcao| json!({ "opcao": opcao }))
        .collect()
}

/// A product (`produto`). Public products are never disabled, so `status` is always false.
pub fn product(p: &ProductRow, photos: &[(String, String)]) -> Value {
    product_with_status(p, photos, false)
}

/// A product (`produto`) with its `status` (disabled), as the catalogue and the supplier's
/// panel both answer it. `desconto` is the card's rounded percent off (null without a
/// promotion).
pub fn product_with_status(p: &ProductRow, photos: &[(String, String)], status: bool) -> Value {
    let desconto = p.preco_promo_centavos.and_then(|promo| {
        discount_percent(
            Money::from_centavos(p.preco_centavos),
            Money::from_centavos(promo),
        )
    });
    json!({
        "id": p.id,
        "idlocal": p.id,
        "anuncio": false,
        "categoria": p.categoria,
        "subcategoria": p.subcategoria,
        "titulo": p.titulo,
        "descricao": p.descricao,
        "icone": p.icone,
        "fotos": photo_map(photos),
        "preco": reais(p.preco_centavos),
        "precopromo": opt_reais(p.preco_promo_centavos),
        "minimopromo": p.minimo_promo,
        "minimo": p.minimo,
        "estoque": p.estoque,
        "opcoes": options(&p.opcoes),
        "status": status,
        "userforn": p.supplier_id,
        "nomeforn": p.nomeforn,
        "urlforn": p.urlforn,
        "vendas": p.vendas,
        "desconto": desconto,
    })
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
    fn options_become_objects_and_bad_json_an_empty_list() {
        assert_eq!(
            options(r#"["Maço","1 kg"]"#),
            json!([{"opcao": "Maço"}, {"opcao": "1 kg"}])
        );
        assert_eq!(options("nonsense"), json!([]));
    }

    #[test]
    fn scope_one_is_all() {
        let places = vec!["Piracicaba, SP".to_owned()];
        assert_eq!(cidades(1, &places), json!(["ALL"]));
        assert_eq!(cidades(3, &places), json!(["Piracicaba, SP"]));
        assert_eq!(cidades(2, &[]), json!([]));
    }
}

use super::*;
use crate::delivery::tests::m;

fn form(json: &str) -> Result<DeliverySetup, String> {
    let f: DeliveryForm = serde_json::from_str(json).unwrap();
    f.validate().map_err(|e| e.to_string())
}

#[test]
fn delivery_form_messages() {
    let cases: &[(&str, &str)] = &[
        (
            r#"{"entrega":"1","taxaTipo":"fixa","taxaentrega":"abc"}"#,
            "O valor da taxa de entrega fixa é inválido!",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"0"}"#,
            "Insira um preço por Km válido e maior que zero!",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":""}"#,
            "Insira um preço por Km válido e maior que zero!",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1,5","enderecoRua":"Rua A","enderecoCidade":"Piracicaba, SP"}"#,
            "Preencha o endereço de partida completo para usar a taxa por Km.",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1,5","enderecoRua":"Rua A","enderecoNumero":"12b","enderecoCidade":"Piracicaba, SP"}"#,
            "Insira um número de endreço válido",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1,5","enderecoRua":"RUA","enderecoNumero":"12","enderecoCidade":"Piracicaba, SP"}"#,
            "A rua deve ter no máximo 120 caracteres",
        ),
        (
            r#"{"entrega":"1","pedidominimoentrega":"x"}"#,
            "O valor do pedido mínimo para entrega é inválido!",
        ),
        (
            r#"{"entrega":"2","pedidominimoretirada":"x"}"#,
            "Insira um pedido mínimo válido!",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"fixa","taxaentrega":"5","distanciamaxima":"0"}"#,
            "Insira uma distância máxima de entrega válida, em km.",
        ),
        (
            r#"{"entrega":"1","distanciamaxima":"12,5"}"#,
            "Insira uma distância máxima de entrega válida, em km.",
        ),
        (
            r#"{"entrega":"1","distanciamaxima":"1001"}"#,
            "Insira uma distância máxima de entrega válida, em km.",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"fixa","taxaentrega":"5","distanciamaxima":"15"}"#,
            "Preencha o endereço de partida completo para limitar a distância de entrega.",
        ),
        (
            r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1,5","enderecoRua":"Rua A","enderecoNumero":"12","enderecoCidade":"Piracicaba, SP","enderecoCep":"1340"}"#,
            "Insira um CEP válido",
        ),
    ];
    for (json, message) in cases {
        // A 1 MB delivery street was once stored.
        let json = json.replace("RUA", &"r".repeat(1 << 20));
        assert_eq!(form(&json).unwrap_err(), *message, "{json:.200}");
    }
}

#[test]
fn valid_delivery_forms() {
    let fixed = form(
        r#"{"entrega":"12","taxaTipo":"fixa","taxaentrega":"7,50","pedidominimoentrega":30,"pedidominimoretirada":""}"#,
    )
    .unwrap();
    assert_eq!(
        fixed.fee,
        FeeSetting::Fixed {
            taxa_entrega_centavos: m(750)
        }
    );
    assert_eq!(fixed.pedido_minimo_entrega_centavos, Some(m(3000)));
    assert_eq!(fixed.pedido_minimo_retirada_centavos, None);

    let km = form(
        r#"{"entrega":"1","taxaTipo":"porKm","taxaPorKm":"1.5","enderecoRua":" Rua A ","enderecoNumero":"120","enderecoCidade":"Piracicaba, SP"}"#,
    )
    .unwrap();
    assert_eq!(
        km.fee,
        FeeSetting::PerKm {
            taxa_por_km_centavos: m(150),
            rua: "Rua A".into(),
            numero: "120".into(),
            cidade: "Piracicaba, SP".into()
        }
    );

    assert_eq!(
        km.partida.as_ref().map(|p| (p.rua.as_str(), p.cep.clone())),
        Some(("Rua A", None))
    );
    assert_eq!(km.distancia_maxima_km, None);

    // A fixed fee with a maximum distance keeps the start address, its CEP and bairro.
    let area = form(
        r#"{"entrega":"12","taxaTipo":"fixa","taxaentrega":"5","distanciamaxima":" 15 ","enderecoRua":"Rua A","enderecoNumero":"120","enderecoCidade":"Piracicaba, SP","enderecoCep":"13400-000","enderecoBairro":"Centro"}"#,
    )
    .unwrap();
    assert_eq!(area.distancia_maxima_km, Some(15));
    let start = area.partida.unwrap();
    assert_eq!(
        (start.cep.as_deref(), start.bairro.as_deref()),
        (Some("13400000"), Some("Centro"))
    );
    // Without a distance or a per-km fee the start address is not kept.
    let plain =
        form(r#"{"entrega":"1","taxaTipo":"fixa","taxaentrega":"5","enderecoRua":"Rua A"}"#)
            .unwrap();
    assert_eq!(plain.partida, None);

    // Delivery off: its fields are disabled and ignored.
    let pickup = form(
        r#"{"entrega":"2","taxaTipo":"fixa","taxaentrega":"abc","pedidominimoentrega":"x","pedidominimoretirada":"15"}"#,
    )
    .unwrap();
    assert_eq!(pickup.fee, FeeSetting::Free);
    assert_eq!(pickup.pedido_minimo_retirada_centavos, Some(m(1500)));
    let off = form(r#"{"entrega":"2","distanciamaxima":"abc"}"#).unwrap();
    assert_eq!((off.distancia_maxima_km, off.partida), (None, None));
    assert_eq!(
        form(r#"{"entrega":"1","taxaTipo":"fixa"}"#).unwrap().fee,
        FeeSetting::Free
    );
}

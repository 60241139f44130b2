//! Every panel action needs a session (401) and a business account (404 `Fornecedor não
//! encontrado.`): a signed-in buyer reaches no supplier's data.

use super::call;
use crate::helpers::spawn_app;
use serde_json::json;

/// Every panel action but `cadastro_fornecedor` and the public `verificar_url_site`.
const PANEL: &[&str] = &[
    "loading_forn_site",
    "editar_dados_fornecedor",
    "editar_locais_fornecedor",
    "alterar_visibilidade",
    "alterar_compras",
    "editar_imagens_fornecedor",
    "adicionar_produto",
    "pegar_produtos_fornecedor",
    "editar_produto_site",
    "editar_icone_produto_site",
    "excluir_foto",
    "upload_foto",
    "adicionar_promocao",
    "remover_promocao",
    "habilitar_produto",
    "desabilitar_produto",
    "excluir_produto",
    "adicionar_categoria_produto",
    "remover_categoria_produto",
    "adicionar_categoria",
    "remover_categoria",
    "adicionar_cupom",
    "excluir_cupom",
    "pegar_entregas_pendentes",
    "pegar_entregas",
    "cancelar_entrega",
    "confirmar_entrega",
    "pegar_gestao",
    "criar_site",
    "entregas_edit",
    "pegar_infos_pagamentos",
    "opcoes_pagamento",
    "pegar_historico_pagamentos",
    "alterar_pix",
    "transferir",
];

/// A payload every action above can parse.
fn payload() -> serde_json::Value {
    json!({
        "infos": {}, "form": {}, "produto": {"id": "p"}, "newproduto": {}, "item": "p",
        "id": "p", "icone": "", "oculto": true, "compras": true, "codigocupom": "X",
        "ano": 2025, "mes": "01", "url": "loja", "paleta": 1,
    })
}

#[tokio::test]
async fn panel_actions_need_a_session_and_a_business_account() {
    let app = spawn_app().await;
    for codigo in PANEL {
        let mut body = payload();
        body["codigo"] = json!(codigo);
        let (s, b) = app.rpc(None, body).await;
        assert_eq!(s, 401, "{codigo}: {b}");
    }
    let (buyer, _) = app.login("so.compro@feira.test").await;
    for codigo in PANEL {
        let (s, b) = call(&app, &buyer, codigo, payload()).await;
        assert_eq!(s, 404, "{codigo}: {b}");
        assert_eq!(b["error"], "Fornecedor não encontrado.", "{codigo}");
    }
    let (s, _) = call(&app, &buyer, "verificar_url_site", json!({"url": "loja"})).await;
    assert_eq!(s, 200);
}

//! The authorization matrix's table: for each representative request of
//! [`crate::fixtures::actions::calls`] (one line per request, in their order), what each role
//! gets; for each route of the OpenAPI document, the same.
//!
//! The roles: no session; another signed-in user (a fresh one for each line, who owns nothing
//! and has no store); another supplier (demo-paulo, with its own store, products and orders);
//! the admin; and the request's owner, its sender in the fixtures, which always gets 200.
//! [`Expect::Own`] is a 200 that acts on the caller's own account (its name, its ads, its
//! store), never on the owner's.

/// What a role gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// 200: allowed (a public action, or the caller's own resource).
    Ok,
    /// 200 on the caller's own account: the action names nothing of the owner's.
    Own,
    /// Refused with this status and the error body; the database reads back unchanged.
    Refused(u16),
}

pub const OK: Expect = Expect::Ok;
pub const OWN: Expect = Expect::Own;
/// The payload is refused for the caller (e.g. no tokens, no address, a URL already taken).
pub const E400: Expect = Expect::Refused(400);
pub const E401: Expect = Expect::Refused(401);
pub const E403: Expect = Expect::Refused(403);
pub const E404: Expect = Expect::Refused(404);
pub const E409: Expect = Expect::Refused(409);

/// One line: the `codigo`, then what no session, another user, another supplier and the admin
/// get (the owner's own column is [`OK`]).
pub type Line = (&'static str, [Expect; 4]);

/// Every representative request, in the fixtures' order.
#[rustfmt::skip]
pub const ACTIONS: &[Line] = &[
    // codigo                            anonymous stranger other-supplier admin
    ("iniciar_login",                    [OK,   OK,   OK,   OK]),
    ("login_site",                       [OK,   OK,   OK,   OK]),
    ("login_site",                       [E401, OWN,  OWN,  OWN]),
    ("alterar_nome",                     [E401, OWN,  OWN,  OWN]),
    ("gerar_coordenadas",                [OK,   OK,   OK,   OK]),
    ("alterar_endereco",                 [E401, OWN,  OWN,  OWN]),
    ("pegar_avisos",                     [E401, OWN,  OWN,  OWN]),
    ("alterar_avisos",                   [E401, OWN,  OWN,  OWN]),
    ("pegar_produtos_anuncios_site",     [OK,   OK,   OK,   OK]),
    ("pegar_produtos_anuncios_site2",    [OK,   OK,   OK,   OK]),
    ("pegar_produtos_anuncios_local",    [OK,   OK,   OK,   OK]),
    ("search",                           [OK,   OK,   OK,   OK]),
    ("pegar_lojas",                      [OK,   OK,   OK,   OK]),
    ("start_site",                       [OK,   OK,   OK,   OK]),
    ("pegar_produto_url_site",           [OK,   OK,   OK,   OK]),
    ("pegar_anuncio_url_site",           [OK,   OK,   OK,   OK]),
    ("pegar_dadosforn",                  [OK,   OK,   OK,   OK]),
    ("validar_cupom",                    [OK,   OK,   OK,   OK]),
    ("finalizar_pedido",                 [E401, E400, OWN,  OWN]),
    ("pegar_pedidos",                    [E401, OWN,  OWN,  OWN]),
    ("pedir_de_novo",                    [E401, E404, E404, E404]),
    ("consultar_pagamento",              [E401, E403, E403, E403]),
    ("cancelar_pedido",                  [E401, E403, E403, E403]),
    ("confirmar_recebimento",            [E401, E403, E403, E403]),
    ("abrir_reclamacao",                 [E401, E404, E404, E404]),
    ("pegar_reclamacao",                 [E401, E404, E404, OK]),
    ("responder_reclamacao",             [E401, E404, E404, E403]),
    ("aceitar_proposta",                 [E401, E404, E404, E403]),
    ("devolver_reclamacao",              [E401, E404, E404, E403]),
    ("pedir_mediacao",                   [E401, E404, E404, E403]),
    ("pegar_reclamacoes_loja",           [E401, E404, OWN,  E404]),
    ("avaliar_pedido",                   [E401, E403, E403, E403]),
    ("pegar_avaliacoes",                 [OK,   OK,   OK,   OK]),
    ("responder_avaliacao",              [E401, E404, E403, E404]),
    ("adicionar_anuncio",                [E401, OWN,  OWN,  OWN]),
    ("pegar_anuncios",                   [E401, OWN,  OWN,  OWN]),
    ("editar_anuncio",                   [E401, E403, E403, E403]),
    ("upload_foto_anuncio",              [E401, E403, E403, E403]),
    ("excluir_foto_anuncio",             [E401, E403, E403, E403]),
    ("excluir_anuncio",                  [E401, E403, E403, E403]),
    ("pegar_fichas_blockchain",          [E401, OWN,  OWN,  OWN]),
    ("gerarpix_blockchain",              [E401, OWN,  OWN,  OWN]),
    ("upload_blockchain",                [E401, E400, E400, E400]),
    ("verificar_blockchain",             [OK,   OK,   OK,   OK]),
    ("cadastro_fornecedor",              [E401, OWN,  E409, OWN]),
    ("loading_forn_site",                [E401, E403, E403, E403]),
    ("editar_dados_fornecedor",          [E401, E404, OWN,  OWN]),
    ("editar_locais_fornecedor",         [E401, E404, OWN,  OWN]),
    ("alterar_visibilidade",             [E401, E404, OWN,  OWN]),
    ("alterar_compras",                  [E401, E404, OWN,  OWN]),
    ("editar_imagens_fornecedor",        [E401, E404, OWN,  OWN]),
    ("adicionar_produto",                [E401, E404, OWN,  OWN]),
    ("pegar_produtos_fornecedor",        [E401, E404, OWN,  OWN]),
    ("editar_produto_site",              [E401, E404, E403, E403]),
    ("editar_icone_produto_site",        [E401, E404, E403, E403]),
    ("excluir_foto",                     [E401, E404, E403, E403]),
    ("upload_foto",                      [E401, E404, E403, E403]),
    ("adicionar_promocao",               [E401, E404, E403, E403]),
    ("remover_promocao",                 [E401, E404, E403, E403]),
    ("desabilitar_produto",              [E401, E404, E403, E403]),
    ("habilitar_produto",                [E401, E404, E403, E403]),
    ("adicionar_categoria",              [E401, E404, OWN,  OWN]),
    ("adicionar_categoria_produto",      [E401, E404, E403, E403]),
    ("remover_categoria_produto",        [E401, E404, E403, E403]),
    ("remover_categoria",                [E401, E404, OWN,  OWN]),
    ("excluir_produto",                  [E401, E404, E403, E403]),
    ("adicionar_cupom",                  [E401, E404, OWN,  OWN]),
    ("excluir_cupom",                    [E401, E404, OWN,  OWN]),
    ("pegar_entregas_pendentes",         [E401, E404, OWN,  OWN]),
    ("pegar_ticket_eventos",             [E401, E404, OWN,  OWN]),
    ("pegar_entregas",                   [E401, E404, OWN,  OWN]),
    ("cancelar_entrega",                 [E401, E404, E403, E403]),
    ("confirmar_entrega",                [E401, E404, E403, E403]),
    ("pegar_gestao",                     [E401, E404, OWN,  OWN]),
    ("verificar_url_site",               [OK,   OK,   OK,   OK]),
    ("criar_site",                       [E401, E404, E409, E409]),
    ("entregas_edit",                    [E401, E404, OWN,  OWN]),
    ("opcoes_pagamento",                 [E401, E404, OWN,  OWN]),
    ("alterar_pix",                      [E401, E404, OWN,  OWN]),
    ("pegar_historico_pagamentos",       [E401, E404, OWN,  OWN]),
    ("pegar_relatorio_vendas",           [E401, E404, OWN,  OWN]),
    ("pegar_dia_entrega",                [E401, E404, OWN,  OWN]),
    // Another store's order ids tell nobody: 200, `avisados` 0.
    ("saiu_para_entrega",                [E401, E404, OWN,  OWN]),
    // As finalizar_pedido (a stranger has no address); another's basket is not found.
    ("assinar",                          [E401, E400, OWN,  OWN]),
    ("minhas_assinaturas",               [E401, OWN,  OWN,  OWN]),
    ("alterar_assinatura",               [E401, E404, E404, E404]),
    ("pegar_assinaturas_loja",           [E401, E404, OWN,  OWN]),
    ("ferias_assinaturas",               [E401, E404, OWN,  OWN]),
    ("baixar_meus_dados",                [E401, OWN,  OWN,  OWN]),
    // Another supplier has an order in progress; the admin's account stays (409 both).
    ("excluir_minha_conta",              [E401, OWN,  E409, E409]),
    ("loading_admin",                    [E401, E403, E403, OK]),
    ("invisivel",                        [E401, E403, E403, OK]),
    ("pegar_clientes",                   [E401, E403, E403, OK]),
    ("permitir_documento",               [E401, E403, E403, OK]),
    ("pegar_solicitacoes_saque",         [E401, E403, E403, OK]),
    ("confirmar_saque",                  [E401, E403, E403, OK]),
    ("start_site_admin",                 [E401, E403, E403, OK]),
    ("remover_avaliacao",                [E401, E403, E403, OK]),
    ("pegar_disputas",                   [E401, E403, E403, OK]),
    ("decidir_disputa",                  [E401, E403, E403, OK]),
    ("pegar_resumo_fornecedor",          [E401, E403, E403, OK]),
    ("moderar_anuncio",                  [E401, E403, E403, OK]),
    ("moderar_produto",                  [E401, E403, E403, OK]),
    ("pegar_pendencias_pix",             [E401, E403, E403, OK]),
    ("pegar_avisos_falhos",              [E401, E403, E403, OK]),
    ("pegar_pix_automatico_problemas",   [E401, E403, E403, OK]),
    ("tentar_devolucao_pix",             [E401, E403, E403, OK]),
    ("pegar_infos_pagamentos",           [E401, E404, OWN,  OWN]),
    ("transferir",                       [E401, E404, E400, E400]),
    ("consultar_cep",                    [E401, OK,   OK,   OK]),
    ("logout_site",                      [E401, OWN,  OWN,  OWN]),
];

/// A route besides `POST /api`, as the OpenAPI document names it, and what no session,
/// another user, another supplier, the owner and the admin get.
pub type RouteLine = (&'static str, &'static str, [Expect; 5]);

/// Every route of the document besides `POST /api`. The owner: the buyer for the upload (its
/// own tokens), the supplier for its event stream, no one for the public ones.
#[rustfmt::skip]
pub const ROUTES: &[RouteLine] = &[
    // method  path                          anonymous stranger other-supplier owner admin
    ("get",  "/",                            [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/api",                         [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/readyz",                      [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/metrics",                     [E404, E404, E404, E404, E404]),
    ("get",  "/api/openapi.json",            [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/assets/{file}",               [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/auth/callback",               [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/auth/callback.js",            [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/healthz",                     [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/media/{key}",                 [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/robots.txt",                  [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/sitemap.xml",                 [OK,   OK,   OK,   OK,   OK]),
    ("get",  "/pix/{txid}/qr.svg",           [OK,   OK,   OK,   OK,   OK]),
    ("post", "/api/blockchain/upload",       [E401, E400, E400, OK,   E400]),
    ("get",  "/api/fornecedor/eventos",      [E401, E404, OWN,  OK,   E404]),
    ("post", "/pix/sandbox/{txid}/pagar",    [OK,   OK,   OK,   OK,   OK]),
    // The sandbox payer's authorisation of a recurrence: an id no basket has is not found,
    // whoever asks (the journey itself: api/tests/api/subscriptions_sandbox.rs).
    ("post", "/pix/sandbox/rec/{idRec}/autorizar", [E404, E404, E404, E404, E404]),
    // The PSP's webhook: a bearer token means nothing to it; without PIX_WEBHOOK_HMAC (the
    // suite's settings) the hmac route is not found, whoever calls.
    ("post", "/webhooks/pix",                [E404, E404, E404, E404, E404]),
    ("post", "/webhooks/pix/pix",            [E404, E404, E404, E404, E404]),
];

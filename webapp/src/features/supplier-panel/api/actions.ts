/**
 * The supplier panel's RPC actions (supplier-panel.md §7 and docs/rpc.md), one thin function each,
 * typed by the generated contract: each takes what the API reads (identity comes from the
 * session; products and orders are named by their id) and resolves to the action's answer or an
 * `RpcError` (never throws).
 */
import { rpc, type Answer, type Payload, type RpcResult } from '@/lib/rpc';
import type { Produto } from '@/types/wire';

export type { Pedido, PedidoProduto } from '@/types/wire';

/** The supplier's own data as the panel loads it (`loading_forn_site`'s `infos`: the private `dadosforn` and the panel's figures). */
export type DadosPainel = Answer<'loading_forn_site'>['infos'];
/** A product as its supplier sees it (disabled ones too). */
export type ProdutoForn = Produto;
/** A coupon of the store (`extensoes.cupons`). */
export type CupomForn = DadosPainel['extensoes']['cupons'][string];
/** Pagamentos' figures (`pegar_infos_pagamentos`'s `pagamentos`). */
export type InfosPagamentos = Answer<'pegar_infos_pagamentos'>['pagamentos'];
/** A paid order's value owed to the supplier: released (`Abertos`) or held until delivery (`Aliberar`). */
export type ItemPagamento = InfosPagamentos['Abertos'][number];
/** A line of the payment history (`fechados`). */
export type RegistroPagamento = Answer<'pegar_historico_pagamentos'>['fechados'][number];

// Load and general information.
export const loadingFornSite = (usuario: string): Promise<RpcResult<'loading_forn_site'>> => rpc('loading_forn_site', { usuario });
export const editarDadosFornecedor = (form: Payload<'editar_dados_fornecedor'>['form']): Promise<RpcResult<'editar_dados_fornecedor'>> =>
  rpc('editar_dados_fornecedor', { form });
export const editarImagensFornecedor = (form: Payload<'editar_imagens_fornecedor'>['form']): Promise<RpcResult<'editar_imagens_fornecedor'>> =>
  rpc('editar_imagens_fornecedor', { form });
export const editarLocaisFornecedor = (local: number, cidades: string[]): Promise<RpcResult<'editar_locais_fornecedor'>> =>
  rpc('editar_locais_fornecedor', { local, cidades });
export const alterarVisibilidadeFornecedor = (oculto: boolean): Promise<RpcResult<'alterar_visibilidade'>> => rpc('alterar_visibilidade', { oculto });
export const alterarComprasFornecedor = (compras: boolean): Promise<RpcResult<'alterar_compras'>> => rpc('alterar_compras', { compras });

// Products.
export const pegarProdutosFornecedor = (): Promise<RpcResult<'pegar_produtos_fornecedor'>> => rpc('pegar_produtos_fornecedor', {});
export const adicionarProduto = (fields: Payload<'adicionar_produto'>): Promise<RpcResult<'adicionar_produto'>> => rpc('adicionar_produto', fields);
/**
 * `editar_produto_site` (`produto`: the product's id; `newproduto` with `estoqueanterior`, the
 * stock the form was loaded with): `estoque_mudou` when the stock's change cannot apply (its
 * message).
 */
export const editarProdutoSite = (fields: Payload<'editar_produto_site'>): Promise<RpcResult<'editar_produto_site'>> =>
  rpc('editar_produto_site', fields);
export const editarIconeProdutoSite = (id: string, icone: string): Promise<RpcResult<'editar_icone_produto_site'>> =>
  rpc('editar_icone_produto_site', { id, icone });
export const uploadFoto = (item: string, uri: string): Promise<RpcResult<'upload_foto'>> => rpc('upload_foto', { item, uri });
export const excluirFoto = (item: string, idfoto: string): Promise<RpcResult<'excluir_foto'>> => rpc('excluir_foto', { item, idfoto });
export const adicionarPromocao = (item: string, precopromoinput: number, minimopromoinput: number): Promise<RpcResult<'adicionar_promocao'>> =>
  rpc('adicionar_promocao', { item, precopromoinput, minimopromoinput });
export const removerPromocao = (item: string): Promise<RpcResult<'remover_promocao'>> => rpc('remover_promocao', { item });
export const habilitarProduto = (item: string): Promise<RpcResult<'habilitar_produto'>> => rpc('habilitar_produto', { item });
export const desabilitarProduto = (item: string): Promise<RpcResult<'desabilitar_produto'>> => rpc('desabilitar_produto', { item });
export const excluirProduto = (item: string): Promise<RpcResult<'excluir_produto'>> => rpc('excluir_produto', { item });

// Deliveries.
/** A page of the pending deliveries (the first without `cursor`). */
export const pegarEntregasPendentes = (cursor?: string | null): Promise<RpcResult<'pegar_entregas_pendentes'>> =>
  rpc('pegar_entregas_pendentes', cursor ? { cursor } : {});
/** A page of one month's orders (the first without `cursor`). */
export const pegarEntregas = (ano: number, mes: number, cursor?: string | null): Promise<RpcResult<'pegar_entregas'>> =>
  rpc('pegar_entregas', { ano: String(ano), mes: String(mes).padStart(2, '0'), ...(cursor ? { cursor } : {}) });
/** A single-use ticket (one minute) that opens the live order stream (docs/rpc.md). */
export const pegarTicketEventos = (): Promise<RpcResult<'pegar_ticket_eventos'>> => rpc('pegar_ticket_eventos', {});
export const cancelarEntrega = (item: string): Promise<RpcResult<'cancelar_entrega'>> => rpc('cancelar_entrega', { item });
export const confirmarEntrega = (item: string): Promise<RpcResult<'confirmar_entrega'>> => rpc('confirmar_entrega', { item });
/** `consultar_pagamento` of order `idpedido` (its Pix charge `txid`). */
export const consultarPagamento = (idpedido: string, txid: string | null): Promise<RpcResult<'consultar_pagamento'>> =>
  rpc('consultar_pagamento', { all: { idpedido, txid } });

// Online store.
export const verificarUrlSite = (url: string): Promise<RpcResult<'verificar_url_site'>> => rpc('verificar_url_site', { url });
export const pegarGestao = (ano: number, mes: number): Promise<RpcResult<'pegar_gestao'>> =>
  rpc('pegar_gestao', { ano, mes: String(mes).padStart(2, '0') });
export const criarSite = (url: string, paleta: number, modelo: number): Promise<RpcResult<'criar_site'>> => rpc('criar_site', { url, paleta, modelo });

// Payments.
export const pegarInfosPagamentos = (): Promise<RpcResult<'pegar_infos_pagamentos'>> => rpc('pegar_infos_pagamentos', {});
export const opcoesPagamento = (opcao: string): Promise<RpcResult<'opcoes_pagamento'>> => rpc('opcoes_pagamento', { opcao });
/** A page of the payment history, newest first (the first without `cursor`). */
export const pegarHistoricoPagamentos = (cursor?: string | null): Promise<RpcResult<'pegar_historico_pagamentos'>> =>
  rpc('pegar_historico_pagamentos', cursor ? { cursor } : {});
export const pegarRelatorioVendas = (ano: number): Promise<RpcResult<'pegar_relatorio_vendas'>> => rpc('pegar_relatorio_vendas', { ano: String(ano) });
export const alterarPix = (pix: string): Promise<RpcResult<'alterar_pix'>> => rpc('alterar_pix', { pix });
export const transferir = (pix: string): Promise<RpcResult<'transferir'>> => rpc('transferir', { pix });

// Delivery settings, categories, coupons.
export const entregasEdit = (form: Payload<'entregas_edit'>['form']): Promise<RpcResult<'entregas_edit'>> => rpc('entregas_edit', { form });
export const adicionarCategoria = (categoriatext: string): Promise<RpcResult<'adicionar_categoria'>> => rpc('adicionar_categoria', { categoriatext });
export const removerCategoria = (item: string): Promise<RpcResult<'remover_categoria'>> => rpc('remover_categoria', { item });
export const adicionarCategoriaProduto = (item: string, categoriaselecionada: string): Promise<RpcResult<'adicionar_categoria_produto'>> =>
  rpc('adicionar_categoria_produto', { item, categoriaselecionada });
export const removerCategoriaProduto = (item: string): Promise<RpcResult<'remover_categoria_produto'>> => rpc('remover_categoria_produto', { item });
/** The coupon form: code, value, type and its optional rules as typed (decisions.md §32). */
export type CupomForm = Payload<'adicionar_cupom'>['form'];
export const adicionarCupom = (form: CupomForm): Promise<RpcResult<'adicionar_cupom'>> => rpc('adicionar_cupom', { form });
export const excluirCupom = (codigocupom: string): Promise<RpcResult<'excluir_cupom'>> => rpc('excluir_cupom', { codigocupom });

// Reviews (decisions.md §33): the store's reviews as its page lists them, and its one reply to each.
export type AvaliacoesLoja = Answer<'pegar_avaliacoes'>;
export const pegarAvaliacoes = (userforn: string, signal?: AbortSignal): Promise<RpcResult<'pegar_avaliacoes'>> =>
  rpc('pegar_avaliacoes', { userforn }, { signal });
export const responderAvaliacao = (idpedido: string, resposta: string): Promise<RpcResult<'responder_avaliacao'>> =>
  rpc('responder_avaliacao', { idpedido, resposta });

/**
 * The supplier panel's RPC actions (supplier-panel.md §7 and docs/rpc.md), one thin function each.
 * Identity comes from the session; `usuario` is sent where the spec lists it and ignored by the
 * server. Each resolves to the answer, with `error` on failure (never throws).
 */
import { rpc, rpcRequest, type RpcResponse, type RpcResult } from '@/lib/rpc';
import type {
  CupomForn,
  DadosForn,
  DeliveryConfig,
  EntregaAlterada,
  InfosPagamentos,
  Pedido,
  ProdutoForn,
  RegistroPagamento,
  SolicitacaoForn,
} from './types';

type Ok = RpcResult<Record<string, unknown>>;
const act = (codigo: string, fields: Record<string, unknown> = {}): Promise<Ok> => rpc(codigo, fields);

// Load and general information.
export const loadingFornSite = (usuario: string) => rpc<{ infos: DadosForn }>('loading_forn_site', { usuario });
export const editarDadosFornecedor = (usuario: string, form: Record<string, unknown>) =>
  act('editar_dados_fornecedor', { usuario, form });
export const editarImagensFornecedor = (dadosforn: DadosForn, form: Record<string, string | false | null>) =>
  rpc<{ iconeforn?: string | null; fundoforn?: string | null }>('editar_imagens_fornecedor', { dadosforn: { usuario: dadosforn.usuario }, form });
export const editarLocaisFornecedor = (usuario: string, local: number, cidades: string[]) =>
  act('editar_locais_fornecedor', { usuario, local, cidades });
export const alterarVisibilidadeFornecedor = (usuario: string, oculto: boolean) => act('alterar_visibilidade', { usuario, oculto });
export const alterarComprasFornecedor = (usuario: string, compras: boolean) => act('alterar_compras', { usuario, compras });

// Products.
export async function pegarProdutosFornecedor(usuario: string): Promise<RpcResult<{ produtos: ProdutoForn[] }>> {
  const r = await rpc<{ produtos?: ProdutoForn[]; list?: ProdutoForn[] }>('pegar_produtos_fornecedor', { usuario, all: true });
  if (r.error !== undefined) return r;
  return { produtos: r.produtos ?? r.list ?? [] };
}
export const adicionarProduto = (fields: Record<string, unknown>) => rpc<{ infos: ProdutoForn }>('adicionar_produto', fields);
/**
 * `editar_produto_site` (`produto`, `newproduto` with `estoqueanterior`: the stock the form was
 * loaded with), with the HTTP status: 409 when the stock's change cannot apply (its message).
 */
export const editarProdutoSite = (fields: Record<string, unknown>): Promise<RpcResponse<Record<string, unknown>>> =>
  rpcRequest('editar_produto_site', fields);
export const editarIconeProdutoSite = (fields: Record<string, unknown>) => act('editar_icone_produto_site', fields);
export const uploadFoto = (fields: Record<string, unknown>) => rpc<{ chave: string; url: string }>('upload_foto', fields);
export const excluirFoto = (fields: Record<string, unknown>) => act('excluir_foto', fields);
export const adicionarPromocao = (item: string, precopromoinput: number, minimopromoinput: number) =>
  act('adicionar_promocao', { item, precopromoinput, minimopromoinput });
export const removerPromocao = (item: string) => act('remover_promocao', { item });
export const habilitarProduto = (item: string) => act('habilitar_produto', { item });
export const desabilitarProduto = (item: string) => act('desabilitar_produto', { item });
export const excluirProduto = (usuario: string, item: string) => act('excluir_produto', { usuario, item });

// Deliveries.
export async function pegarEntregasPendentes(usuario: string): Promise<RpcResult<{ entregas: Pedido[] }>> {
  const r = await rpc<{ entregas?: Pedido[] }>('pegar_entregas_pendentes', { usuario });
  if (r.error !== undefined) return r;
  return { entregas: r.entregas ?? [] };
}
export async function pegarEntregas(usuario: string, ano: number, mes: number): Promise<RpcResult<{ entregas: Pedido[]; anos?: number[] }>> {
  const r = await rpc<{ all?: Record<string, Pedido> | Pedido[]; anos?: number[] }>('pegar_entregas', {
    usuario,
    ano: String(ano),
    mes: String(mes).padStart(2, '0'),
  });
  if (r.error !== undefined) return r;
  const all = r.all ?? [];
  return { entregas: Array.isArray(all) ? all : Object.entries(all).map(([id, p]) => ({ ...p, id: p.id ?? id })), anos: r.anos };
}
/** A single-use ticket (one minute) that opens the live order stream (docs/rpc.md). */
export const pegarTicketEventos = (): Promise<RpcResponse<{ ticket: string }>> => rpcRequest('pegar_ticket_eventos');
export const cancelarEntrega = (usuario: string, item: string) => rpc<EntregaAlterada>('cancelar_entrega', { usuario, item });
export const confirmarEntrega = (usuario: string, item: string) => rpc<EntregaAlterada>('confirmar_entrega', { usuario, item });
export const consultarPagamento = (all: Record<string, unknown>) => rpc<{ pago: boolean; expirado: boolean }>('consultar_pagamento', { all });

// Online store.
export const verificarUrlSite = (url: string) => rpc<{ exist: boolean | number; id?: string | null }>('verificar_url_site', { url });
export const pegarGestao = (ano: number, mes: number) =>
  rpc<{ total: number; pedidos?: number; produtos: { titulo: string; opcao: string | null; quantidade: number; total: number }[] }>('pegar_gestao', { ano, mes: String(mes).padStart(2, '0') });
export const criarSite = (fields: Record<string, unknown>) => act('criar_site', fields);

// Payments.
export const pegarInfosPagamentos = (usuario: string) => rpc<{ pagamentos: InfosPagamentos }>('pegar_infos_pagamentos', { usuario });
export const opcoesPagamento = (usuario: string, opcao: string) => rpc<{ ok: boolean; opcoes: string }>('opcoes_pagamento', { usuario, opcao });
export async function pegarHistoricoPagamentos(usuario: string): Promise<RpcResult<{ fechados: RegistroPagamento[] }>> {
  const r = await rpc<{ fechados?: Record<string, RegistroPagamento> | RegistroPagamento[] }>('pegar_historico_pagamentos', { usuario });
  if (r.error !== undefined) return r;
  const f = r.fechados ?? [];
  return { fechados: Array.isArray(f) ? f : Object.entries(f).map(([id, v]) => ({ ...v, id: v.id ?? id })) };
}
export const alterarPix = (usuario: string, pix: string) => rpc<{ ok: boolean; pix: string }>('alterar_pix', { usuario, pix });
export const transferir = (usuario: string, pix: string) => rpc<{ ok: boolean; Solicitacao: SolicitacaoForn }>('transferir', { usuario, pix });

// Delivery settings, categories, coupons.
export const entregasEdit = (usuario: string, form: Record<string, unknown>) => rpc<{ delivery: DeliveryConfig }>('entregas_edit', { usuario, form });
export const adicionarCategoria = (usuario: string, categoriatext: string) =>
  rpc<{ categorias: Record<string, string> }>('adicionar_categoria', { usuario, categoriatext });
export const removerCategoria = (usuario: string, item: string) => rpc<{ categorias: Record<string, string> }>('remover_categoria', { usuario, item });
export const adicionarCategoriaProduto = (item: string, categoriaselecionada: string) =>
  act('adicionar_categoria_produto', { item, categoriaselecionada });
export const removerCategoriaProduto = (item: string) => act('remover_categoria_produto', { item });
/** The coupon form: code, value, type and its optional rules as typed (decisions.md §32). */
export interface CupomForm {
  codigo: string;
  valor: number;
  tipo: string;
  validade_inicio?: string;
  validade_fim?: string;
  limite_usos?: string;
  um_por_cliente?: boolean;
  pedido_minimo?: string;
}
export const adicionarCupom = (usuario: string, form: CupomForm) =>
  rpc<{ cupons: Record<string, CupomForn> }>('adicionar_cupom', { usuario, form });
export const excluirCupom = (usuario: string, codigocupom: string) => rpc<{ cupons: Record<string, CupomForn> }>('excluir_cupom', { usuario, codigocupom });

// Reviews (decisions.md §33): the store replies once to a review of one of its orders.
export const responderAvaliacao = (idpedido: string, resposta: string) => act('responder_avaliacao', { idpedido, resposta });

/**
 * The webapp's hand-written wire types held to the API's OpenAPI document at compile time:
 * each answer the document describes (`Actions` in the generated api.gen.ts) must be assignable
 * to the type a feature reads it as, so a field the webapp expects that the API does not send,
 * or sends with another type, fails `tsc`. Types only: nothing here reaches the bundle.
 */
import type { PendenciasPix } from '@/features/admin/api/pegarPendenciasPix';
import type { Cliente, FornecedorAdmin, SolicitacaoSaque } from '@/features/admin/api/types';
import type { FinalizarPedidoAnswer } from '@/features/checkout/api/finalizarPedido';
import type { EstadoPagamento } from '@/features/orders/api/consultarPagamento';
import type {
  EntregaAlterada,
  InfosPagamentos,
  RegistroPagamento,
  SolicitacaoForn,
} from '@/features/supplier-panel/api/types';
import type { Anuncio, DadosForn, Loja, Produto } from '@/types/catalog';
import type { Tokens, TokenCharge, Uploaded, VerifiedRecord } from '@/features/blockchain/api/notary';
import type { Actions } from '@/types/api.gen';
import type { Pedido } from '@/types/orders';

/** The answer of action `C`, as the document describes it. */
type Answer<C extends keyof Actions> = Actions[C]['answer'];
/** `true` when every `A` is a `B`. */
type Fits<A, B> = [A] extends [B] ? true : false;
type Assert<T extends true> = T;

export type WireChecks = [
  // Notarisation.
  Assert<Fits<Answer<'pegar_fichas_blockchain'>, Tokens>>,
  Assert<Fits<Answer<'gerarpix_blockchain'>, TokenCharge>>,
  Assert<Fits<Answer<'upload_blockchain'>, Uploaded>>,
  Assert<Fits<Answer<'verificar_blockchain'>, VerifiedRecord>>,
  // The admin's people.
  Assert<Fits<Answer<'loading_admin'>, { fornecedores: FornecedorAdmin[] }>>,
  Assert<Fits<Answer<'pegar_clientes'>, { clientes: Cliente[] }>>,
  Assert<Fits<Answer<'invisivel'>, { invisivel: boolean }>>,
  // Account and ads.
  Assert<Fits<Answer<'alterar_nome'>, { ok: boolean }>>,
  Assert<Fits<Answer<'pegar_anuncios'>, { anuncios: Anuncio[] }>>,
  Assert<Fits<Answer<'upload_foto_anuncio'>, { chave: string; url: string }>>,
  // The catalogue.
  Assert<Fits<Answer<'pegar_lojas'>, { lojas: Loja[] }>>,
  Assert<Fits<Answer<'pegar_anuncio_url_site'>, { item: Anuncio }>>,
  Assert<Fits<Answer<'pegar_produto_url_site'>, { item: Produto & { dadosforn: DadosForn } }>>,
  Assert<Fits<Answer<'pegar_dadosforn'>, { dadosforn: DadosForn }>>,
  // Orders.
  Assert<Fits<Answer<'finalizar_pedido'>, FinalizarPedidoAnswer>>,
  Assert<Fits<Answer<'pegar_pedidos'>, { pedidos: Pedido[] | 1 | null }>>,
  Assert<Fits<Answer<'consultar_pagamento'>, EstadoPagamento>>,
  Assert<Fits<Answer<'cancelar_pedido'>, { ok: boolean }>>,
  // The supplier's deliveries.
  Assert<Fits<Answer<'pegar_entregas_pendentes'>, { entregas?: Pedido[] }>>,
  Assert<Fits<Answer<'pegar_entregas'>, { all?: Record<string, Pedido> | Pedido[]; anos?: number[] }>>,
  Assert<Fits<Answer<'cancelar_entrega'>, EntregaAlterada>>,
  Assert<Fits<Answer<'confirmar_entrega'>, EntregaAlterada>>,
  Assert<
    Fits<
      Answer<'pegar_gestao'>,
      { total: number; pedidos?: number; produtos: { titulo: string; opcao: string | null; quantidade: number; total: number }[] }
    >
  >,
  // The supplier's payments.
  Assert<Fits<Answer<'pegar_infos_pagamentos'>, { pagamentos: InfosPagamentos }>>,
  Assert<Fits<Answer<'opcoes_pagamento'>, { ok: boolean; opcoes: string }>>,
  Assert<Fits<Answer<'pegar_historico_pagamentos'>, { fechados?: Record<string, RegistroPagamento> | RegistroPagamento[] }>>,
  Assert<Fits<Answer<'alterar_pix'>, { ok: boolean; pix: string }>>,
  Assert<Fits<Answer<'transferir'>, { ok: boolean; Solicitacao: SolicitacaoForn }>>,
  // The admin's withdrawals and Pix.
  Assert<Fits<Answer<'pegar_solicitacoes_saque'>, { pendentes: SolicitacaoSaque[] }>>,
  Assert<Fits<Answer<'confirmar_saque'>, { confirmado: boolean }>>,
  Assert<Fits<Answer<'pegar_pendencias_pix'>, PendenciasPix>>,
  Assert<Fits<Answer<'tentar_devolucao_pix'>, { ok: boolean }>>,
];

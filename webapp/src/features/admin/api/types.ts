/**
 * The admin actions' shapes (docs/rpc.md, "The admin panel's shapes").
 */

/** A supplier in `loading_admin`. */
export interface FornecedorAdmin {
  usuario: string;
  nomeforn: string;
  email: string;
  telefone: string | null;
  /** CPF or CNPJ, formatted by the API ('123.456.789-09'). */
  cpf: string | null;
  /** Where the store is ('City, UF'). */
  cidade?: string | null;
  /** Why the admin hid it, while hidden. */
  motivo_invisivel?: string | null;
  iconeforn: string | null;
  fundoforn: string | null;
  url: string | null;
  vendasforn: number;
  /** Hidden by the supplier. */
  oculto: boolean;
  /** Hidden by the admin. */
  invisivel: boolean;
}

/** A customer in `pegar_clientes`. */
export interface Cliente {
  usuario: string;
  nome: string;
  email: string;
  telefone: string | null;
  cidade: string | null;
  rua: string | null;
  numero: string | null;
  complemento: string | null;
}

/** An order a withdrawal request pays for (its value in reais). */
export interface PedidoSaque {
  idpedido: string;
  cliente_nome: string | null;
  valor: number;
  horario_pedido: number;
}

/** A pending withdrawal request in `pegar_solicitacoes_saque`. */
export interface SolicitacaoSaque {
  id: string;
  usuario: string;
  nomeforn: string;
  iconeforn: string | null;
  Solicitacao: {
    /** What the admin transfers, in reais (the balance less the 2 % fee). */
    valor: number;
    bruto: number;
    taxa: number;
    chave_pix: string;
    horario: number;
  };
  /**
   * The orders the request pays for (released money only, decisions.md §27).
   */
  pedidos: PedidoSaque[];
}

/** A refund's state at the PSP. */
export type StatusDevolucao = 'pendente' | 'em_processamento' | 'devolvido' | 'nao_realizado' | 'falhou';

/** A received Pix that was never applied, in `pegar_pendencias_pix`. */
export interface PixRecusado {
  endToEndId: string;
  txid: string | null;
  valor: number;
  horario: string;
  infoPagador: string | null;
  origem: string;
  motivo: string | null;
  recebido_em: number;
  /**
   * Its refund's state (decisions.md §28: every Pix that cannot be applied is given back), or null.
   */
  devolucao: StatusDevolucao | null;
  /** The refund's id, for `tentar_devolucao_pix`. */
  devolucao_id: string | null;
}

/** A refund that has not given the money back, in `pegar_pendencias_pix`. */
export interface DevolucaoPendente {
  id: string;
  endToEndId: string;
  txid: string | null;
  valor: number;
  /** Why: a paid order cancelled, a payment after expiry, another amount, or a Pix for no charge of ours. */
  motivo: 'cancelamento' | 'pagamento_tardio' | 'valor_diferente' | 'cobranca_desconhecida' | (string & {});
  status: Exclude<StatusDevolucao, 'devolvido'>;
  tentativas: number;
  erro: string | null;
  criado_em: number;
  atualizado_em: number;
}

/**
 * A paid order not confirmed within the review window (`RELEASE_REVIEW_DAYS`), in
 * `pegar_pendencias_pix`'s `atrasados`.
 */
export interface PedidoAtrasado {
  idpedido: string;
  nomeforn: string;
  cliente_nome: string | null;
  valor: number;
  /** When it was paid (ms since the epoch). */
  pago_em: number;
}

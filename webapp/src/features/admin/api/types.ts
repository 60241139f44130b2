/**
 * The admin actions' shapes (docs/rpc.md, "The admin panel's shapes").
 */

/** A supplier in `loading_admin`. */
export interface FornecedorAdmin {
  usuario: string;
  nomeforn: string;
  email: string;
  telefone: string | null;
  /** CPF or CNPJ. */
  cpf: string | null;
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
}

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
}

/** A refund that has not given the money back, in `pegar_pendencias_pix`. */
export interface DevolucaoPendente {
  id: string;
  endToEndId: string;
  txid: string | null;
  valor: number;
  motivo: 'cancelamento' | 'pagamento_tardio';
  status: 'pendente' | 'em_processamento' | 'falhou' | 'nao_realizado';
  tentativas: number;
  erro: string | null;
  criado_em: number;
  atualizado_em: number;
}

/**
 * An order (`pedido`) as the API answers it (docs/rpc.md 'Orders'). Money in reais, times in
 * milliseconds since the epoch.
 */
/**
 * Why a Pix that came in is given back: a paid order cancelled, a payment after the charge had
 * expired or was cancelled, or a Pix of another amount than the charge's.
 */
export type PixDevolvido = 'cancelamento' | 'pagamento_tardio' | 'valor_diferente' | 'cobranca_desconhecida';

export interface PedidoInfos {
  txid: string | null;
  userforn: string;
  nomeforn: string;
  telefoneforn?: string | null;
  horario_pedido: number;
  cliente_user: string;
  cliente_nome?: string | null;
  cliente_telefone?: string | null;
  /** '1' awaiting, '2' paid, '0' expired; null for in person. */
  status_pix: string | null;
  /** '1' awaiting delivery, '2' delivered, '00' cancelled (first character decides). */
  situacao: string;
  /** 'Entrega' or pickup. */
  tipo_entrega: string;
  /** '1' in person, '2' Pix. */
  pagamento?: string | null;
  preco_produtos: number;
  taxa_entrega: number | null;
  desconto?: number | null;
  total_pago: number;
  /** `tipo` and `valor` are null on an order stored before they were kept. */
  cupom: { codigo: string; tipo: string | null; valor: number | null } | null;
  /** Present means Pix. */
  qrcode?: string | null;
  imagem_qrcode?: string | null;
  /** A paid Pix is being or was given back (a cancelled paid order, a payment after expiry). */
  reembolsado?: boolean;
  /** That refund's state: 'pendente', 'em_processamento', 'devolvido', 'falhou', 'nao_realizado'. */
  devolucao?: string | null;
  /**
   * When the Pix charge expires (ms since the epoch); null when paid in person.
   */
  pix_expira_em?: number | null;
  /**
   * Why a Pix that came in for this order is being or was given back, or null (decisions.md §28).
   */
  pix_devolvido?: PixDevolvido | null;
  rua?: string | null;
  numero?: string | null;
  cidade?: string | null;
  complemento?: string | null;
}

export interface PedidoProduto {
  titulo: string;
  icone: string | null;
  opcao: string | null;
  quantidade: number;
  preco?: number;
  pago: number;
  telefone?: string | null;
}

/** An order's review (decisions.md §33), as its buyer and its store see it. */
export interface AvaliacaoPedido {
  nota: number;
  comentario: string | null;
  criado_em: number;
  editado_em: number | null;
  /** Until when its buyer may change it (ms): 30 days after it was written. */
  editavel_ate: number;
  resposta: string | null;
  respondido_em: number | null;
  /** Removed by the moderation (only its buyer sees it, with the reason). */
  removida: boolean;
  motivo_remocao: string | null;
}

export interface Pedido {
  id: string;
  idpedido?: string;
  Infos: PedidoInfos;
  Produtos: PedidoProduto[];
  /** Its review, once the buyer rated the delivery. */
  avaliacao?: AvaliacaoPedido;
}

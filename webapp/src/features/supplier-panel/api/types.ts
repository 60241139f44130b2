/**
 * The supplier's own data as the panel receives it (`loading_forn_site` → `infos`; spec §3
 * 'Supplier data', docs/rpc.md). Money in reais, times in milliseconds since the epoch.
 */
import type { Categoria, Cupom, DeliveryForn, Produto } from '@/types/catalog';

export type { Pedido, PedidoProduto } from '@/types/orders';

/** A coupon: the catalogue's `Cupom` ('%' or 'R$'; percent for '%', reais for 'R$'). */
export type CupomForn = Cupom;

/** The delivery settings as the panel edits them: the catalogue's, any of them unset, and the pickup address. */
export type DeliveryConfig = { [K in keyof DeliveryForn]?: DeliveryForn[K] | null } & {
  enderecoRua?: string | null;
  enderecoNumero?: string | null;
  enderecoCidade?: string | null;
  /** '00000-000'. */
  enderecoCep?: string | null;
  enderecoBairro?: string | null;
};

export interface Extensoes {
  site?: { url?: string | null; paleta?: number | null; modelo?: number | string | null } | null;
  pagamentos?: { opcoes?: string | null; pix?: string | null } | null;
  delivery?: DeliveryConfig | null;
  categorias?: Record<string, string> | null;
  cupons?: Record<string, CupomForn> | null;
}

export interface DadosForn {
  usuario: string;
  nomeforn: string;
  cpf?: string | null;
  telefone?: string | null;
  instagram?: string | null;
  descricaoforn?: string | null;
  email?: string | null;
  iconeforn?: string | null;
  fundoforn?: string | null;
  url?: string | null;
  paleta?: number | null;
  oculto?: boolean | null;
  compras?: boolean | null;
  local?: number | null;
  cidades?: string[] | null;
  vendasforn?: number | null;
  rua?: string | null;
  numero?: string | null;
  cidade?: string | null;
  extensoes?: Extensoes | null;
  /** `loading_forn_site` only: years with orders, first order's year → now. */
  anos?: number[] | null;
  /** `loading_forn_site` only: deliveries awaiting. */
  pendentes?: number | null;
}

/** A product as the supplier sees it (disabled ones too). */
export type ProdutoForn = Omit<Produto, 'categoria'> & { categoria: Categoria | string };

/** A payment record of the history (`fechados`). */
export interface RegistroPagamento {
  id: string;
  horario_pedido: number;
  cliente_nome: string | null;
  valor: number;
  /** '0' Expirado, '1' Aguardando pagamento, '2' Recebido, '3' Saque. */
  status_pix: string;
  /** Paid, then given back. */
  devolvido?: boolean;
}

/** A withdrawal request as its supplier sees it (`Solicitacao`), in reais. */
export interface SolicitacaoForn {
  id: string;
  valor: number;
  taxa: number;
  liquido: number;
  chave_pix: string;
  criado_em: number;
}

/** `cancelar_entrega` / `confirmar_entrega`: the deliveries still awaiting. */
export interface EntregaAlterada {
  ok: boolean;
  pendentes: number;
}

/** A paid order's value owed to the supplier: released (`Abertos`) or held until delivery (`Aliberar`). */
export interface ItemPagamento {
  id?: string;
  idpedido?: string;
  cliente_nome?: string | null;
  valor: number;
  horario_pedido?: number;
}

/** `pegar_infos_pagamentos` → `pagamentos`. */
export interface InfosPagamentos {
  pix?: string | null;
  opcoes?: string | null;
  /** Released money only: the withdrawable balance is their sum (decisions.md §27). */
  Abertos?: Record<string, ItemPagamento> | ItemPagamento[] | null;
  /**
   * Paid Pix money held until the supplier confirms the delivery ('A liberar', in reais).
   */
  aliberar?: number | null;
  /** The orders of `aliberar`. */
  Aliberar?: Record<string, ItemPagamento> | ItemPagamento[] | null;
  Solicitacao?: { valor: number; chave_pix?: string | null; taxa?: number | null; liquido?: number | null } | null;
  saldo?: number | null;
  taxa?: number | null;
  liquido?: number | null;
}

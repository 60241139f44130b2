/**
 * The checkout rules' view of the catalogue's shapes (docs/rpc.md 'Product' and 'Supplier'):
 * only the fields they read, so the catalogue's `Produto` / `DadosForn`
 * (features/catalog/api/types.ts) are assignable to them.
 */

/** `dadosforn.extensoes.delivery` (money in reais). */
export interface BagDelivery {
  entrega?: string | null;
  taxaTipo?: string | null;
  taxaentrega?: number | null;
  taxaPorKm?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  pedidominimoentrega?: number | null;
  pedidominimoretirada?: number | null;
  descricaoentrega?: string | null;
  descricaoretirada?: string | null;
}

/** The supplier's public data (docs/rpc.md `dadosforn`, public view). */
export interface BagSupplier {
  usuario: string;
  nomeforn: string;
  telefone?: string | null;
  iconeforn?: string | null;
  url?: string | null;
  /** `true`: purchases closed (decisions.md §12). */
  compras?: boolean | null;
  extensoes?: {
    pagamentos?: { opcoes?: string | null } | null;
    delivery?: BagDelivery | null;
  } | null;
}

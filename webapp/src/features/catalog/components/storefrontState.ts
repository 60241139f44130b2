/**
 * The storefront's view state as one reducer (components/StoreReady.tsx renders it): the grid's
 * filter (search text, order, store category), whether the filter menu is open (phones), what is
 * open over the grid (nothing, the store's info, or a product's modal), and whether the last
 * product opened was added to the bag ('Produto adicionado ao carrinho!').
 */
import type { Produto } from '@/types/wire';

export type Ordem = 'vendidos' | 'alfabetica';

export const TODAS = 'Todas';

export interface Vitrine {
  busca: string;
  ordem: Ordem;
  categoria: string;
  filtrosAbertos: boolean;
  aberto: { tipo: 'nada' } | { tipo: 'info' } | { tipo: 'produto'; produto: Produto };
  adicionado: boolean;
}

export type AcaoVitrine =
  | { tipo: 'buscar'; busca: string }
  | { tipo: 'ordenar'; ordem: Ordem }
  | { tipo: 'categoria'; categoria: string }
  | { tipo: 'alternar_filtros' }
  | { tipo: 'abrir_info' }
  | { tipo: 'abrir_produto'; produto: Produto }
  | { tipo: 'fechar' }
  /** The open product went into the bag: the modal closes and the page says so. */
  | { tipo: 'adicionado' };

export const VITRINE_INICIAL: Vitrine = {
  busca: '',
  ordem: 'vendidos',
  categoria: TODAS,
  filtrosAbertos: false,
  aberto: { tipo: 'nada' },
  adicionado: false,
};

export function reduzirVitrine(v: Vitrine, a: AcaoVitrine): Vitrine {
  switch (a.tipo) {
    case 'buscar':
      return { ...v, busca: a.busca };
    case 'ordenar':
      return { ...v, ordem: a.ordem };
    case 'categoria':
      return { ...v, categoria: a.categoria };
    case 'alternar_filtros':
      return { ...v, filtrosAbertos: !v.filtrosAbertos };
    case 'abrir_info':
      return { ...v, aberto: { tipo: 'info' } };
    case 'abrir_produto':
      return { ...v, aberto: { tipo: 'produto', produto: a.produto }, adicionado: false };
    case 'fechar':
      return { ...v, aberto: { tipo: 'nada' } };
    case 'adicionado':
      return { ...v, aberto: { tipo: 'nada' }, adicionado: true };
  }
}

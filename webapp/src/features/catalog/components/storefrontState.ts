/**
 * The storefront's view state as one reducer (components/StoreReady.tsx renders it): the grid's
 * filter (search text, order, store category), whether the filter menu is open (phones), what is
 * open over the grid (nothing, the store's info, or a product's modal), and whether the last
 * product opened was added to the bag ('Produto adicionado ao carrinho!').
 */
import type { Produto } from '@/types/wire';

/** How the grid is sorted: best sellers first, or by title. */
export type SortOrder = 'vendidos' | 'alfabetica';

/** The category choice that shows every product ('Todas', as the page writes it). */
export const ALL_CATEGORIES = 'Todas';

export interface StorefrontView {
  search: string;
  sort: SortOrder;
  category: string;
  filtersOpen: boolean;
  open: { kind: 'none' } | { kind: 'info' } | { kind: 'product'; product: Produto };
  added: boolean;
}

export type StorefrontAction =
  | { type: 'search'; search: string }
  | { type: 'sort'; sort: SortOrder }
  | { type: 'category'; category: string }
  | { type: 'toggleFilters' }
  | { type: 'openInfo' }
  | { type: 'openProduct'; product: Produto }
  | { type: 'close' }
  /** The open product went into the bag: the modal closes and the page says so. */
  | { type: 'added' };

export const INITIAL_VIEW: StorefrontView = {
  search: '',
  sort: 'vendidos',
  category: ALL_CATEGORIES,
  filtersOpen: false,
  open: { kind: 'none' },
  added: false,
};

export function reduceStorefront(v: StorefrontView, a: StorefrontAction): StorefrontView {
  switch (a.type) {
    case 'search':
      return { ...v, search: a.search };
    case 'sort':
      return { ...v, sort: a.sort };
    case 'category':
      return { ...v, category: a.category };
    case 'toggleFilters':
      return { ...v, filtersOpen: !v.filtersOpen };
    case 'openInfo':
      return { ...v, open: { kind: 'info' } };
    case 'openProduct':
      return { ...v, open: { kind: 'product', product: a.product }, added: false };
    case 'close':
      return { ...v, open: { kind: 'none' } };
    case 'added':
      return { ...v, open: { kind: 'none' }, added: true };
  }
}

/**
 * The bag (spec §3 'Bag item', §4 'Bag'): kept in `localStorage` under `sacola` as a list of
 * `{infos, qtd, opcao}`, the supplier's `dadosforn` stored with the first item; shared by every
 * tab (the `storage` event). It holds ONE supplier's products: adding another supplier's product
 * answers `'conflict'` (the caller shows 'Você já possui produtos de outro fornecedor no
 * carrinho').
 *
 * Shared, like the session and the region, and part of the shell (tiny, no wasm): the bag button,
 * the catalogue's add buttons and the checkout (features/checkout) use it. Prices kept here are
 * only what the buyer saw; the checkout recomputes everything with wasm-core and the server
 * recomputes it again (decisions.md §7).
 */
import { useSyncExternalStore } from 'react';
import { onStorageKey, readRaw, removeKey, writeJSON } from '@/lib/storage';
import type { OpcaoProduto } from '@/lib/options';
import type { DadosForn, Produto } from '@/types/wire';

export const BAG_KEY = 'sacola';

export const OUTRO_FORNECEDOR = 'Você já possui produtos de outro fornecedor no carrinho';

/** The product fields kept per item (spec §3 `infos`, plus minimum order and stock). */
export interface BagInfos {
  id: string;
  idlocal: string;
  categoria: string;
  nomeforn: string;
  userforn: string;
  urlforn: string | null;
  minimopromo: number | null;
  precopromo: number | null;
  preco: number;
  icone: string | null;
  titulo: string;
  minimo: number | null;
  estoque: number | null;
  /** Sold out, as the server last said (`esgotado`, decisions.md §26): the line blocks the checkout. */
  esgotado?: boolean;
  /** Disabled or removed by its supplier since it was added: the line blocks the checkout. */
  indisponivel?: boolean;
  /** The store lets the buyer write a note on this line ('Aceita observação'). */
  aceitaobs?: boolean;
  /** The product's options with their own terms (decisions.md §39): a line prices by its option's. */
  opcoes?: OpcaoProduto[] | null;
}

/** One bag line; `dadosforn` is stored with the first item only. */
export interface BagItem {
  infos: BagInfos;
  qtd: number;
  opcao: string | null;
  /** The buyer's note on this line (only for a product that accepts one). */
  obs?: string;
  dadosforn?: DadosForn;
}

export interface AddToBagInput {
  product: Produto;
  quantidade: number;
  opcao: string | null;
  dadosforn: DadosForn;
  /** A note for the line ('Pedir de novo' brings the order's). */
  obs?: string;
}

const EMPTY: BagItem[] = [];

// --- Reading -----------------------------------------------------------------------------------

function isItem(v: unknown): v is BagItem {
  if (!v || typeof v !== 'object') return false;
  const it = v as Partial<BagItem>;
  return (
    !!it.infos &&
    typeof it.infos === 'object' &&
    typeof it.infos.id === 'string' &&
    typeof it.infos.userforn === 'string' &&
    typeof it.infos.preco === 'number' &&
    typeof it.qtd === 'number' &&
    Number.isInteger(it.qtd) &&
    it.qtd > 0
  );
}

function parse(raw: string | null): BagItem[] {
  if (!raw) return EMPTY;
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v) || v.length === 0 || !v.every(isItem)) return EMPTY;
    // One supplier only: a stored bag that breaks this (edited by hand) is dropped.
    const forn = v[0].infos.userforn;
    return v.every((it) => it.infos.userforn === forn) ? v : EMPTY;
  } catch {
    return EMPTY;
  }
}

let cacheRaw: string | null | undefined;
let cacheValue: BagItem[] = EMPTY;

/** The bag's items (stable between changes). */
export function getBag(): BagItem[] {
  const raw = readRaw(BAG_KEY);
  if (raw !== cacheRaw) {
    cacheRaw = raw;
    cacheValue = parse(raw);
  }
  return cacheValue;
}

/** The supplier of the bag (stored with the first item), or null when empty. */
export function getBagSupplier(items: BagItem[] = getBag()): DadosForn | null {
  return items[0]?.dadosforn ?? null;
}

// --- Writing -----------------------------------------------------------------------------------

const listeners = new Set<() => void>();

function emit() {
  for (const l of [...listeners]) l();
}

function save(items: BagItem[]) {
  if (items.length === 0) removeKey(BAG_KEY);
  else writeJSON(BAG_KEY, items);
  emit();
}

/** `dadosforn` travels with the first item only. */
function withSupplierFirst(items: BagItem[], dadosforn: DadosForn | undefined): BagItem[] {
  return items.map((it, i) => {
    const { dadosforn: _omit, ...rest } = it;
    return i === 0 && dadosforn ? { ...rest, dadosforn } : rest;
  });
}

function infosOf(p: Produto, dadosforn: DadosForn): BagInfos {
  return {
    id: p.id,
    idlocal: p.idlocal ?? p.id,
    categoria: p.categoria,
    nomeforn: p.nomeforn ?? dadosforn.nomeforn,
    userforn: p.userforn,
    urlforn: p.urlforn ?? dadosforn.url ?? null,
    minimopromo: p.minimopromo ?? null,
    precopromo: p.precopromo ?? null,
    preco: p.preco,
    icone: p.icone ?? null,
    titulo: p.titulo,
    minimo: p.minimo ?? null,
    estoque: p.estoque ?? null,
    esgotado: !!p.esgotado,
    indisponivel: !!p.status,
    aceitaobs: !!p.aceitaobs,
    opcoes: p.opcoes ?? null,
  };
}

/**
 * What a product as the server answers it now changes in its bag lines: prices, minimum, stock,
 * whether it is sold out or unavailable, title and icon.
 */
export function bagPatchOf(p: Produto): Partial<BagInfos> {
  return {
    preco: p.preco,
    precopromo: p.precopromo ?? null,
    minimopromo: p.minimopromo ?? null,
    minimo: p.minimo ?? null,
    estoque: p.estoque ?? null,
    esgotado: !!p.esgotado,
    indisponivel: !!p.status,
    titulo: p.titulo,
    icone: p.icone ?? null,
    aceitaobs: !!p.aceitaobs,
    opcoes: p.opcoes ?? null,
  };
}

/**
 * Adds `quantidade` of `product` (with the chosen option) to the bag. The same product and option
 * already in the bag gets the quantity added. Returns `'conflict'` (and changes nothing) when the
 * bag holds another supplier's products.
 */
export function addToBag(item: AddToBagInput): 'added' | 'conflict' {
  const { product, quantidade, opcao, dadosforn } = item;
  const items = getBag();
  // One supplier per bag (wasm-core's `bag_accepts`, an identity comparison; the server refuses a
  // bag whose products are not all `forn`'s).
  if (items.length > 0 && items[0].infos.userforn !== product.userforn) return 'conflict';
  const qtd = Math.max(1, Math.trunc(quantidade) || 1);
  const i = items.findIndex((it) => it.infos.id === product.id && it.opcao === opcao);
  const next =
    i >= 0
      ? items.map((it, j) => (j === i ? { ...it, infos: infosOf(product, dadosforn), qtd: it.qtd + qtd } : it))
      : [...items, { infos: infosOf(product, dadosforn), qtd, opcao }];
  save(withSupplierFirst(next, dadosforn));
  return 'added';
}

/** Sets the quantity of the item at `index` (the stepper's value, from wasm-core). */
export function setBagQuantity(index: number, qtd: number): void {
  const items = getBag();
  if (!items[index] || !Number.isInteger(qtd) || qtd < 1) return;
  save(items.map((it, j) => (j === index ? { ...it, qtd } : it)));
}

/** Sets the note of the item at `index` (kept as typed; checked and trimmed when sent). */
export function setBagNote(index: number, obs: string): void {
  const items = getBag();
  if (!items[index]) return;
  save(items.map((it, j) => (j === index ? { ...it, obs } : it)));
}

/**
 * Fills the bag with `lines` of one store ('Pedir de novo'): added to a bag of the same store (the
 * same product and option get the quantity added), or replacing a bag of another store when
 * `replace` (the caller asked the buyer); returns `'conflict'` and changes nothing otherwise.
 */
export function fillBag(lines: AddToBagInput[], replace: boolean): 'added' | 'conflict' {
  if (lines.length === 0) return 'added';
  const items = getBag();
  const forn = lines[0].product.userforn;
  if (items.length > 0 && items[0].infos.userforn !== forn) {
    if (!replace) return 'conflict';
    save(EMPTY);
  }
  for (const line of lines) {
    addToBag(line);
    if (line.obs) {
      const bag = getBag();
      const i = bag.findIndex((it) => it.infos.id === line.product.id && it.opcao === line.opcao);
      if (i >= 0) setBagNote(i, line.obs);
    }
  }
  return 'added';
}

/** Removes the item at `index`. */
export function removeFromBag(index: number): void {
  const items = getBag();
  if (!items[index]) return;
  const supplier = getBagSupplier(items);
  save(withSupplierFirst(items.filter((_, j) => j !== index), supplier ?? undefined));
}

/** Replaces the stored product data and the supplier (fresh from the API before checkout). */
export function refreshBag(update: { infos?: Map<string, Partial<BagInfos>>; dadosforn?: DadosForn }): void {
  const items = getBag();
  if (items.length === 0) return;
  const next = items.map((it) => {
    const patch = update.infos?.get(it.infos.id);
    return patch ? { ...it, infos: { ...it.infos, ...patch } } : it;
  });
  save(withSupplierFirst(next, update.dadosforn ?? getBagSupplier(items) ?? undefined));
}

/**
 * Brings the bag's lines up to date with products the page read anyway (a storefront's, a product
 * page's): a line of one of them takes its current prices, stock and state. Writes nothing when
 * nothing changed.
 */
export function syncBagWith(produtos: readonly Produto[]): void {
  const items = getBag();
  if (items.length === 0 || produtos.length === 0) return;
  const byId = new Map(produtos.map((p) => [p.id, p]));
  const infos = new Map<string, Partial<BagInfos>>();
  for (const it of items) {
    const p = byId.get(it.infos.id);
    if (!p) continue;
    const patch = bagPatchOf(p);
    const changed = (Object.keys(patch) as (keyof BagInfos)[]).some((k) => JSON.stringify(it.infos[k] ?? null) !== JSON.stringify(patch[k] ?? null));
    if (changed) infos.set(p.id, patch);
  }
  if (infos.size > 0) refreshBag({ infos });
}

/** Empties the bag (after a completed order). */
export function clearBag(): void {
  save(EMPTY);
}

// --- The drawer's open state (this tab only) ----------------------------------------------------

let opened = false;

export function openBag(): void {
  opened = true;
  emit();
}

export function closeBag(): void {
  opened = false;
  emit();
}

const isOpen = () => opened;

// --- React ---------------------------------------------------------------------------------------

let unlistenStorage: (() => void) | null = null;

/** Subscribes to bag changes, in this tab and in others. */
export function subscribeBag(listener: () => void): () => void {
  listeners.add(listener);
  unlistenStorage ??= onStorageKey(BAG_KEY, emit);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && unlistenStorage) {
      unlistenStorage();
      unlistenStorage = null;
    }
  };
}

export interface Bag {
  items: BagItem[];
  /** How many lines (products) the bag holds. */
  count: number;
  /** The bag's supplier (stored with the first item), or null when empty. */
  dadosforn: DadosForn | null;
  isOpen: boolean;
  /** Opens the bag drawer (and the checkout that follows it). */
  open(): void;
  close(): void;
  setQuantity(index: number, qtd: number): void;
  remove(index: number): void;
  clear(): void;
}

/** React hook: the bag, re-rendered on change (including from other tabs), and its actions. */
export function useBag(): Bag {
  const items = useSyncExternalStore(subscribeBag, getBag, () => EMPTY);
  const open = useSyncExternalStore(subscribeBag, isOpen, () => false);
  return {
    items,
    count: items.length,
    dadosforn: getBagSupplier(items),
    isOpen: open,
    open: openBag,
    close: closeBag,
    setQuantity: setBagQuantity,
    remove: removeFromBag,
    clear: clearBag,
  };
}

/** Test hook: forget the open state. */
export function resetBagForTests(): void {
  opened = false;
  cacheRaw = undefined;
  cacheValue = EMPTY;
}

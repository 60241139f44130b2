/**
 * Options with their own price, promotional price and stock (decisions.md §39): what a product
 * sells at for the option chosen, by wasm-core's `option_terms` (the rule the server prices an
 * order line with). An option without its own fields sells at the product's terms.
 */
import type { Core } from '@/lib/wasm';
import type { Schemas } from '@/types/wire';

export type OpcaoProduto = Schemas['ProductOption'];

/** The fields a product (or a bag line) is priced and limited by, in reais. */
export interface Terms {
  preco: number;
  precopromo: number | null;
  minimopromo: number | null;
  estoque: number | null;
  esgotado?: boolean;
}

/** `base` (the product's terms) for option `opcao` of `opcoes`; `base` itself without one. */
export function termsFor<T extends Terms>(core: Core, base: T, opcoes: readonly OpcaoProduto[] | null | undefined, opcao: string | null | undefined): T {
  const o = opcao ? opcoes?.find((x) => x.opcao === opcao) : undefined;
  if (!o) return base;
  const c = (r: number) => core.money_from_reais(r);
  const t = core.option_terms(
    c(base.preco),
    base.precopromo == null ? undefined : c(base.precopromo),
    base.minimopromo ?? undefined,
    base.estoque ?? undefined,
    o.preco == null ? undefined : c(o.preco),
    o.precopromo == null ? undefined : c(o.precopromo),
    o.estoqueproprio,
    o.estoque ?? undefined,
  ) as { preco_centavos: number; precopromo_centavos: number | null; minimopromo: number | null; estoque: number | null };
  return {
    ...base,
    preco: t.preco_centavos / 100,
    precopromo: t.precopromo_centavos == null ? null : t.precopromo_centavos / 100,
    minimopromo: t.minimopromo,
    estoque: t.estoque,
    // An option on the product's stock is sold out with it.
    esgotado: o.estoqueproprio ? o.esgotado : !!base.esgotado || o.esgotado,
  };
}

/** An option with nothing of its own (tests and the spec's clients' shape). */
export function plainOption(opcao: string): OpcaoProduto {
  return { opcao, preco: null, precopromo: null, estoqueproprio: false, estoque: null, esgotado: false, desconto: null };
}

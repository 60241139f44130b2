/**
 * The product form's fields, shared by the add-product wizard and the edit form, kept in one
 * reducer: each change is a patch of fields. The stock is a count as typed or, with
 * `semControle`, no stock control (sent as null; decisions.md §26). wasm-core checks the form and
 * gives the values as stored (`product_validate`): a minimum of 0 or 1 is no minimum, a stock is
 * kept as typed.
 */
import type { PickedImage } from '@/components/IconPicker';
import { CATEGORIAS } from '@/config/categories';
import { priceField } from '@/lib/display';
import type { Core } from '@/lib/wasm';
import type { ProdutoForn } from '../api/actions';

export interface ProductForm {
  categoria: string;
  titulo: string;
  preco: string;
  minimo: number;
  estoque: number;
  semControle: boolean;
  opcoes: string[];
  /** Each option's own terms, by index of `opcoes` (decisions.md §39). */
  termos: OptionTermsRow[];
  descricao: string;
  /** A new icon picked, the stored icon's address, or none. */
  icone: PickedImage | string | null;
}

/** An option's own price, promotional price and stock as typed; empty price: the product's. */
export interface OptionTermsRow {
  preco: string;
  precopromo: string;
  /** Its own stock (else the product's). */
  estoqueproprio: boolean;
  estoque: number;
  semControle: boolean;
  /** Its own stock as the edit form was loaded (absent when it had none). */
  anterior?: number | null;
}

export const plainTerms = (): OptionTermsRow => ({ preco: '', precopromo: '', estoqueproprio: false, estoque: 0, semControle: false });

export type ProductFormPatch = Partial<ProductForm>;

export const patchForm = (s: ProductForm, patch: ProductFormPatch): ProductForm => ({ ...s, ...patch });

/** A new product's form: no stock control until the supplier types a count. */
export function newProductForm(): ProductForm {
  return { categoria: CATEGORIAS[0], titulo: '', preco: '', minimo: 0, estoque: 0, semControle: true, opcoes: [''], termos: [plainTerms()], descricao: '', icone: null };
}

/** The edit form of a stored product. */
export function productFormOf(p: ProdutoForn): ProductForm {
  return {
    categoria: p.categoria,
    titulo: p.titulo,
    preco: priceField(p.preco),
    minimo: p.minimo ?? 0,
    ...stockOf(p.estoque),
    opcoes: (p.opcoes ?? []).map((o) => o.opcao),
    termos: (p.opcoes ?? []).map((o) => ({
      preco: o.preco == null ? '' : priceField(o.preco),
      precopromo: o.precopromo == null ? '' : priceField(o.precopromo),
      estoqueproprio: o.estoqueproprio,
      estoque: o.estoque ?? 0,
      semControle: o.estoqueproprio && o.estoque == null,
      ...(o.estoqueproprio ? { anterior: o.estoque ?? null } : {}),
    })),
    descricao: p.descricao ?? '',
    icone: p.icone,
  };
}

/** The stock fields showing `estoque` (null: no stock control). */
export function stockOf(estoque: number | null): Pick<ProductForm, 'estoque' | 'semControle'> {
  return { estoque: estoque ?? 0, semControle: estoque === null };
}

/** The stock as the form sends it to wasm-core: the count, or null for no stock control. */
export const stockTyped = (f: ProductForm): number | null => (f.semControle ? null : f.estoque);

export interface ValidProduct {
  categoria: string;
  titulo: string;
  preco_centavos: number;
  minimo: number | null;
  estoque: number | null;
  opcoes: ValidOption[];
  descricao?: string;
}

/** An option as wasm-core keeps it. */
export interface ValidOption {
  opcao: string;
  preco_centavos: number | null;
  precopromo_centavos: number | null;
  estoqueproprio: boolean;
  estoque: number | null;
}

/** The options as the form sends them: each with its own terms (decisions.md §39). */
export function optionsSent(f: ProductForm, v: ValidProduct) {
  return v.opcoes.map((o) => {
    const t = f.termos[f.opcoes.findIndex((x) => x.trim() === o.opcao)];
    return {
      opcao: o.opcao,
      preco: o.preco_centavos == null ? '' : o.preco_centavos / 100,
      precopromo: o.precopromo_centavos == null ? '' : o.precopromo_centavos / 100,
      estoqueproprio: o.estoqueproprio,
      estoque: o.estoque,
      ...(t && t.anterior !== undefined ? { estoqueanterior: t.anterior } : {}),
    };
  });
}

/** The options with their typed terms, as wasm-core reads them. */
function optionForms(f: ProductForm) {
  return f.opcoes.map((opcao, i) => {
    const t = f.termos[i] ?? plainTerms();
    return { opcao, preco: t.preco, precopromo: t.precopromo, estoqueproprio: t.estoqueproprio, estoque: t.semControle ? null : t.estoque };
  });
}

/** wasm-core's check of the whole form (throws its message). */
export function validateProduct(core: Core, f: ProductForm, editando: boolean): ValidProduct {
  return core.product_validate(
    { categoria: f.categoria, titulo: f.titulo, preco: f.preco, minimo: f.minimo || null, estoque: stockTyped(f), opcoes: optionForms(f), descricao: f.descricao },
    editando,
  ) as ValidProduct;
}

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
  descricao: string;
  /** A new icon picked, the stored icon's address, or none. */
  icone: PickedImage | string | null;
}

export type ProductFormPatch = Partial<ProductForm>;

export const patchForm = (s: ProductForm, patch: ProductFormPatch): ProductForm => ({ ...s, ...patch });

/** A new product's form: no stock control until the supplier types a count. */
export function newProductForm(): ProductForm {
  return { categoria: CATEGORIAS[0], titulo: '', preco: '', minimo: 0, estoque: 0, semControle: true, opcoes: [''], descricao: '', icone: null };
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
  opcoes: string[];
  descricao?: string;
}

/** wasm-core's check of the whole form (throws its message). */
export function validateProduct(core: Core, f: ProductForm, editando: boolean): ValidProduct {
  return core.product_validate(
    { categoria: f.categoria, titulo: f.titulo, preco: f.preco, minimo: f.minimo || null, estoque: stockTyped(f), opcoes: f.opcoes, descricao: f.descricao },
    editando,
  ) as ValidProduct;
}

/**
 * The catalogue's categories (spec §3), in the order of the /anuncios tabs. The wire carries a
 * category as text; these four are the app's own list.
 */

/** The four catalogue categories (spec §3), in the spec's order. */
export type Categoria = 'Alimentos' | 'Produtos, Coprodutos, Subprodutos' | 'Sementes e Mudas' | 'Variedades';

export const CATEGORIAS: readonly Categoria[] = [
  'Alimentos',
  'Produtos, Coprodutos, Subprodutos',
  'Sementes e Mudas',
  'Variedades',
];

export const CATEGORIA_PADRAO: Categoria = 'Alimentos';

/** `value` if it is a category, else the default ('Alimentos'). */
export function categoriaOuPadrao(value: string | null | undefined): Categoria {
  return (CATEGORIAS as readonly string[]).includes(value ?? '') ? (value as Categoria) : CATEGORIA_PADRAO;
}

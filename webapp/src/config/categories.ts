/**
 * The catalogue's categories (spec §3), in the order of the /anuncios tabs.
 */
import type { Categoria } from '@/types/catalog';

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

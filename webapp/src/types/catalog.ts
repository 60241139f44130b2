/**
 * The catalogue's wire shapes, as docs/rpc.md fixes them ("The buyer journey's shapes"). Money is
 * reais as a JSON number with at most two decimals; times are milliseconds since the epoch; ids are
 * opaque strings used as stored. One definition for the whole webapp: the catalogue, the bag and
 * the checkout, the ads, the admin and the supplier panel read these.
 */

/** The four catalogue categories (spec §3), in the spec's order. */
export type Categoria = 'Alimentos' | 'Produtos, Coprodutos, Subprodutos' | 'Sementes e Mudas' | 'Variedades';

/** One of a product's options (`opcoes`), e.g. `{opcao: 'Maço'}`. */
export interface OpcaoProduto {
  opcao: string;
}

/** A supplier's product (`produto`). */
export interface Produto {
  id: string;
  idlocal: string;
  anuncio: false;
  categoria: string;
  /** The supplier's own category (one of `dadosforn.extensoes.categorias`). */
  subcategoria: string | null;
  /** Stored lower-cased. */
  titulo: string;
  descricao: string | null;
  icone: string | null;
  /** Photo key → URL. */
  fotos: Record<string, string> | null;
  preco: number;
  precopromo: number | null;
  /** The quantity from which `precopromo` applies. */
  minimopromo: number | null;
  /** Minimum order. */
  minimo: number | null;
  /** Stock: the units as stored (0 and 1 are real counts); null when not tracked ('Sem controle de estoque'). */
  estoque: number | null;
  /**
   * Sold out: stock is tracked and below what one order needs (0, or below the minimum order).
   * Decided by the server (decisions.md §26); the webapp shows 'Esgotado' and never recomputes it.
   */
  esgotado: boolean;
  opcoes: OpcaoProduto[] | null;
  /** Truthy: unavailable (never in public listings). */
  status: boolean | null;
  userforn: string;
  nomeforn: string;
  urlforn: string | null;
  /** Units sold (the storefront's 'Mais vendidos'). */
  vendas: number;
  /** The card's rounded percent off, computed by the server with wasm-core; null without a promotion. */
  desconto: number | null;
  /** Present on `pegar_produto_url_site`'s `item`. */
  dadosforn?: DadosForn;
}

/** A direct ad (`anuncio`). `telefone`, `publicado`, `nome` and `origem` come with the detail. */
export interface Anuncio {
  id: string;
  idnormal: string;
  anuncio: true;
  usuario: string;
  categoria: string;
  titulo: string;
  descricao: string | null;
  preco: number;
  icone: string | null;
  fotos: Record<string, string> | null;
  telefone?: string | null;
  /** Milliseconds since the epoch. */
  publicado?: number | null;
  nome?: string | null;
  origem?: string | null;
  /** 1 all Brazil, 2 some states, 3 some cities. */
  locais?: 1 | 2 | 3;
  cidades?: string[];
}

/** A product or an ad, as the listings mix them. */
export type ItemCatalogo = Produto | Anuncio;

/** A coupon (`extensoes.cupons`, only in the supplier's own panel). */
export interface Cupom {
  codigo: string;
  /** '%' or a fixed value. */
  tipo: string;
  valor: number;
}

/** `extensoes.delivery`. */
export interface DeliveryForn {
  /** Contains '1' (delivery) and/or '2' (pickup). */
  entrega: string;
  taxaTipo: 'fixa' | 'porKm' | null;
  taxaentrega: number | null;
  taxaPorKm: number | null;
  latitude: number | null;
  longitude: number | null;
  pedidominimoentrega: number | null;
  pedidominimoretirada: number | null;
  descricaoentrega: string | null;
  descricaoretirada: string | null;
  /** The maximum delivery distance in km (decisions.md §31); null: no limit. */
  distanciamaxima?: number | null;
}

/** `dadosforn.extensoes`. */
export interface ExtensoesForn {
  /** `opcoes` contains '1' (in person) and/or '2' (Pix). */
  pagamentos?: { opcoes: string } | null;
  delivery?: DeliveryForn | null;
  /** The store's categories (name → name). */
  categorias?: Record<string, string> | null;
  /** `url` is null until the store is created. */
  site?: { url: string | null; paleta?: number | null } | null;
  /** Only in the supplier's own panel; buyers check a code with `validar_cupom`. */
  cupons?: Record<string, Cupom> | null;
}

/** A supplier's data (`dadosforn`), public view (plus the fields only its owner and the admin see). */
export interface DadosForn {
  usuario: string;
  nomeforn: string;
  descricaoforn: string | null;
  telefone: string | null;
  instagram: string | null;
  iconeforn: string | null;
  fundoforn: string | null;
  url: string | null;
  /** Storefront palette, 2 to 5 (anything else: the default colours). */
  paleta: number | null;
  /** true: purchases closed. */
  compras: boolean;
  local: 1 | 2 | 3;
  cidades: string[];
  vendasforn: number;
  extensoes: ExtensoesForn | null;
  cpf?: string | null;
  email?: string | null;
  oculto?: boolean;
  invisivel?: boolean;
}

/** A store in `/lojas` (`pegar_lojas`). */
export interface Loja {
  id: string;
  url: string;
  nomeforn: string;
  iconeforn: string | null;
  vendasforn: number;
  /** 'City, UF', when known. */
  cidade: string | null;
  /** Serves the asked region (null when none was asked). */
  atende: boolean | null;
}

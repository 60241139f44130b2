/**
 * Produtos: filter buttons (Todos plus the four categories), 'Adicionar Produto' (the 9-step
 * wizard), and the supplier's products as cards (icon, title, price — the promotional one when
 * present — the discount badge, the stock — the count, or 'Sem controle de estoque' — and
 * 'Esgotado' when the server says it is sold out; a disabled product gets the 'Desabilitado' badge
 * over a dark overlay). Opening a card gives the product's sub-menu. 'Carregando produtos...'
 * while loading.
 */
import { useCallback, useEffect, useState } from 'react';
import { CATEGORIAS } from '@/config/categories';
import { useCore } from '@/hooks/useCore';
import { capitalizeWords } from '@/lib/display';
import type { Core } from '@/lib/wasm';
import { pegarProdutosFornecedor } from '../api/actions';
import type { ProdutoForn } from '../api/actions';
import { SEM_CONTROLE } from './ProductFields';
import { ProductMenu } from './ProductMenu';
import { ProductWizard } from './ProductWizard';
import type { SectionProps } from './types';

export default function Products(props: SectionProps) {
  const { forn } = props;
  const { core } = useCore();
  const [productList, setProductList] = useState<ProdutoForn[] | null>(null);
  const [filterText, setFilterText] = useState<string>('Todos');
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(async () => {
    const r = await pegarProdutosFornecedor();
    if (r.error !== undefined) {
      console.error('pegar_produtos_fornecedor:', r.error);
      setProductList([]);
    } else {
      setProductList(r.produtos);
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const shown = (productList ?? []).filter((p) => filterText === 'Todos' || p.categoria === filterText);
  const isOpen = productList?.find((p) => p.id === open) ?? null;

  return (
    <div>
      <div className="filters" role="group" aria-label="Categorias">
        {['Todos', ...CATEGORIAS].map((c) => (
          <button key={c} type="button" className={`chip${c === filterText ? ' chip--on' : ''}`} aria-pressed={c === filterText} onClick={() => setFilterText(c)}>
            {c}
          </button>
        ))}
      </div>
      <button type="button" className="btn" onClick={() => setAdding(true)} disabled={!core}>
        Adicionar Produto
      </button>
      {productList === null || !core ? (
        <p className="muted" role="status">
          Carregando produtos...
        </p>
      ) : (
        <ul className="product-grid">
          {shown.map((p) => (
            <li key={p.id}>
              <ProductTile core={core} produto={p} onOpen={() => setOpen(p.id)} />
            </li>
          ))}
        </ul>
      )}
      {adding && core && (
        <ProductWizard
          core={core}
          forn={forn}
          onAdded={(p) => {
            if (p) setProductList((l) => [p, ...(l ?? [])]);
            else void load();
            props.update({});
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {isOpen && core && <ProductMenu {...props} core={core} produto={isOpen} onChanged={async () => {
            await load();
            props.update({});
          }} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** A price in reais as wasm-core writes it ('R$ 12,50'). */
export function reais(core: Core, valor: number): string {
  return core.money_format(core.money_from_reais(valor));
}

function ProductTile({ core, produto: p, onOpen }: { core: Core; produto: ProdutoForn; onOpen: () => void }) {
  const promo = p.precopromo != null && p.precopromo > 0 ? p.precopromo : null;
  const desconto = p.desconto ?? (promo ? core.price_discount_percent(core.money_from_reais(p.preco), core.money_from_reais(promo)) : undefined);
  return (
    <button type="button" className={`ptile${p.status ? ' ptile--off' : ''}`} onClick={onOpen} aria-label={capitalizeWords(p.titulo)}>
      {p.icone ? <img src={p.icone} alt="" className="ptile__img" /> : <div className="ptile__img ptile__img--none" />}
      <span className="ptile__title">{capitalizeWords(p.titulo)}</span>
      <span className="ptile__price">{reais(core, promo ?? p.preco)}</span>
      <span className="ptile__stock" data-testid="estoque">
        {p.estoque === null ? SEM_CONTROLE : `Estoque: ${p.estoque}`}
      </span>
      {p.esgotado && <span className="ptile__esgotado">Esgotado</span>}
      {desconto != null && desconto > 0 && <span className="ptile__badge">{desconto}%</span>}
      {p.status && <span className="ptile__disabled">Desabilitado</span>}
      {p.moderacao !== undefined && (
        <span className="ptile__moderated" title={p.moderacao}>
          Oculto pela moderação
        </span>
      )}
    </button>
  );
}

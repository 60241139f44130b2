/**
 * A supplier product's buying panel, shared by the product detail page and the storefront's
 * product modal: images (at most 5, with thumbnails), title, the unit price for the chosen
 * quantity (the promotional one from `minimopromo` units on) and the line total, the promotion
 * note, minimum order, stock, the option select, the quantity stepper, the add-to-bag button and
 * the description. A sold-out product (the server's `esgotado`, decisions.md §26) says 'Esgotado'
 * and its button is disabled. A product its supplier disabled (`status`) is 'Indisponível': its
 * photos, title and description, and no buying panel (no price, quantity or button).
 *
 * Every number comes from wasm-core (`core`): unit price, total, formatting, the default quantity
 * and the stepper's limits (minus does nothing at 1 or at the minimum; plus stops at the stock).
 * Adding goes through the bag (`addToBag`); a product of another supplier opens the conflict
 * modal.
 */
import { termsFor } from '@/lib/options';
import { useMemo, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { addToBag, OUTRO_FORNECEDOR, useBag } from '@/lib/bag';
import { capitalizeWords, productImages } from '@/lib/display';
import type { Core } from '@/lib/wasm';
import type { DadosForn, Produto } from '@/types/wire';
import { ProductGallery } from './ProductGallery';
import { QuantityStepper } from './QuantityStepper';
import '../detail.css';

export interface ProductPurchaseProps {
  produto: Produto;
  dadosforn: DadosForn;
  core: Core;
  /** The title's heading level: 1 on the detail page, 2 in a modal. */
  nivel?: 1 | 2;
  /** Called after the product went into the bag (the storefront closes its modal). */
  onAdded?: () => void;
  /** View only (the admin's storefront): prices and quantity without the add-to-bag button. */
  somenteVer?: boolean;
}

/** The product's prices in centavos (wasm-core), or null when the API's numbers are unreadable. */
function centavos(core: Core, p: Produto) {
  try {
    return {
      preco: core.money_from_reais(p.preco),
      promo: p.precopromo == null ? null : core.money_from_reais(p.precopromo),
    };
  } catch (err) {
    console.error('preço ilegível', p.id, err);
    return null;
  }
}

export function ProductPurchase({ produto: p, dadosforn, core, nivel = 1, onAdded, somenteVer = false }: ProductPurchaseProps) {
  const bag = useBag();
  const [qty, setQty] = useState(() => core.quantity_default(p.minimo));
  const optionList = (p.opcoes ?? []).map((o) => o.opcao).filter(Boolean);
  const [chosenOption, setChosenOption] = useState<string | null>(optionList[0] ?? null);
  const [notice, setNotice] = useState<'adicionado' | 'conflito' | null>(null);
  const imagens = useMemo(() => productImages(p), [p]);

  // The option's own price and stock when it has them (decisions.md §39).
  const po = useMemo(() => {
    try {
      return termsFor(core, p, p.opcoes, chosenOption);
    } catch (err) {
      console.error('opção ilegível', p.id, err);
      return p;
    }
  }, [core, p, chosenOption]);
  const c = useMemo(() => centavos(core, po), [core, po]);
  const unitario = c && core.price_unit(c.preco, c.promo, po.minimopromo ?? undefined, qty);
  const total = c && core.price_line_total(c.preco, c.promo, po.minimopromo ?? undefined, qty);
  const menos = core.quantity_decrement(qty, p.minimo);
  const more = core.quantity_increment(qty, po.estoque);
  const Titulo = nivel === 1 ? 'h1' : 'h2';
  const Secao = nivel === 1 ? 'h2' : 'h3';
  const unavailable = !!p.status;
  const soldOut = !!po.esgotado;

  function adicionar() {
    const r = addToBag({ product: p, quantidade: qty, opcao: chosenOption, dadosforn });
    if (r === 'conflict') {
      setNotice('conflito');
    } else {
      setNotice('adicionado');
      onAdded?.();
    }
  }

  if (unavailable) {
    return (
      <div className="purchase">
        <ProductGallery imagens={imagens} titulo={capitalizeWords(p.titulo)} />
        <div className="purchase__info">
          <Titulo className="purchase__title">{capitalizeWords(p.titulo)}</Titulo>
          <p className="purchase__off" data-testid="indisponivel">
            Indisponível
          </p>
          <p className="muted">Este produto não está à venda no momento.</p>
          {p.descricao && (
            <div className="purchase__desc">
              <Secao>Descrição</Secao>
              <p>{p.descricao}</p>
            </div>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="purchase">
      <ProductGallery imagens={imagens} titulo={capitalizeWords(p.titulo)} />
      <div className="purchase__info">
        <Titulo className="purchase__title">{capitalizeWords(p.titulo)}</Titulo>
        {soldOut && (
          <p className="purchase__off" data-testid="esgotado">
            Esgotado
          </p>
        )}
        {c && unitario != null && total != null && (
          <div className="purchase__prices">
            <p className="purchase__price" data-testid="preco-unitario">
              {unitario < c.preco && <s className="purchase__old">{core.money_format(c.preco)}</s>}{' '}
              {core.money_format(unitario)}
            </p>
            <p className="purchase__total">
              Total: <strong data-testid="preco-total">{core.money_format(total)}</strong>
            </p>
          </div>
        )}
        {c?.promo != null && (
          <p className="purchase__promo" data-testid="promocao">
            {po.minimopromo != null
              ? `Promoção: ${core.money_format(c.promo)} a partir de ${po.minimopromo} ${po.minimopromo === 1 ? 'unidade' : 'unidades'}`
              : `Promoção: ${core.money_format(c.promo)}`}
          </p>
        )}
        <ul className="purchase__facts">
          {p.minimo != null && <li data-testid="minimo">Pedido mínimo: {p.minimo}</li>}
          {po.estoque != null && !soldOut && <li data-testid="estoque">Estoque: {po.estoque}</li>}
        </ul>

        {optionList.length > 0 && (
          <label className="field">
            <span className="field__label">Opção</span>
            <select className="input" value={chosenOption ?? ''} onChange={(e) => setChosenOption(e.target.value)}>
              {optionList.map((o) => (
                <option key={o} value={o}>
                  {o}
                  {p.opcoes?.find((x) => x.opcao === o)?.esgotado ? ' (Esgotado)' : ''}
                </option>
              ))}
            </select>
          </label>
        )}

        <div className="purchase__buy">
          <QuantityStepper
            value={qty}
            onMinus={() => setQty(menos)}
            onPlus={() => setQty(more)}
            minusDisabled={soldOut || menos === qty}
            plusDisabled={soldOut || more === qty}
          />
          {!somenteVer && (
            <button type="button" className="btn purchase__add" onClick={adicionar} disabled={soldOut}>
              Adicionar ao carrinho
            </button>
          )}
        </div>
        {notice === 'adicionado' && !onAdded && (
          <p className="purchase__added" role="status">
            Produto adicionado ao carrinho!{' '}
            <button type="button" className="link-btn" onClick={bag.open}>
              Meu Pedido
            </button>
          </p>
        )}

        {p.descricao && (
          <div className="purchase__desc">
            <Secao>Descrição</Secao>
            <p>{p.descricao}</p>
          </div>
        )}
      </div>

      {notice === 'conflito' && (
        <Dialog title={OUTRO_FORNECEDOR} untitled onClose={() => setNotice(null)} className="dlg--small">
          <p className="conflict__text">{OUTRO_FORNECEDOR}</p>
          <div className="dlg__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setNotice(null);
                bag.open();
              }}
            >
              Meu Pedido
            </button>
            <button type="button" className="btn" data-autofocus onClick={() => setNotice(null)}>
              OK
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

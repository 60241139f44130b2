/**
 * The add-product wizard (supplier-panel.md §2, §5): a modal with a progress bar over 9 steps,
 * a back arrow and a close icon — intro, category, title and price, minimum order and stock
 * (optional), options (optional), description (optional), icon (optional), confirmation, then
 * 'Produto adicionado!'. Every rule and message comes from wasm-core; `adicionar_produto` sends
 * the title lower-cased, the price in reais, a minimum of 1 as null, and the stock as typed (0
 * and 1 included) or null for the explicit 'Sem controle de estoque' (the default: decisions.md
 * §26).
 *
 * The fields live in the product form's reducer (./productForm), the steps in a small step
 * machine: editing a step (with its message), sending, added.
 */
import { useReducer, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { IconPicker } from '@/components/IconPicker';
import { CATEGORIAS } from '@/config/categories';
import type { Core } from '@/lib/wasm';
import { adicionarProduto } from '../api/actions';
import type { DadosPainel, ProdutoForn } from '../api/actions';
import { OptionsEditor, Stepper, StockField } from './ProductFields';
import { ProductFlags } from './ProductFlags';
import { newProductForm, patchForm, stockTyped, validateProduct, optionsSent } from './productForm';
import { errorText } from './types';

export const PRODUCT_STEPS = 9;
const TITLES = ['Novo produto', 'Categoria', 'Título e preço', 'Pedido mínimo e estoque', 'Opções', 'Descrição', 'Ícone do produto', 'Confirmar', 'Produto adicionado!'];
const CONFIRMAR = 7;
const ADICIONADO = 8;

type WizardStep = { fase: 'editando'; passo: number; erro: string | null } | { fase: 'enviando' } | { fase: 'adicionado' };
type WizardAction = { tipo: 'ir'; passo: number } | { tipo: 'erro'; erro: string | null } | { tipo: 'enviar' } | { tipo: 'adicionado' };

function reduceWizard(s: WizardStep, a: WizardAction): WizardStep {
  switch (a.tipo) {
    case 'ir':
      return { fase: 'editando', passo: a.passo, erro: null };
    case 'erro':
      // A refusal while sending goes back to the confirmation with its message.
      return { fase: 'editando', passo: s.fase === 'editando' ? s.passo : CONFIRMAR, erro: a.erro };
    case 'enviar':
      return { fase: 'enviando' };
    case 'adicionado':
      return { fase: 'adicionado' };
  }
}

export interface ProductWizardProps {
  core: Core;
  forn: DadosPainel;
  onAdded: (p: ProdutoForn | null) => void;
  onClose: () => void;
}

export function ProductWizard({ core, onAdded, onClose }: ProductWizardProps) {
  const [e, dispatch] = useReducer(reduceWizard, { fase: 'editando', passo: 0, erro: null });
  const [f, set] = useReducer(patchForm, undefined, newProductForm);
  const [flags, setFlags] = useState({ aceitaobs: false, organico: false });
  const step = e.fase === 'editando' ? e.passo : e.fase === 'enviando' ? CONFIRMAR : ADICIONADO;
  const error = e.fase === 'editando' ? e.erro : null;
  /** A field changed: its patch, and the step's message goes. */
  const edit = (patch: Parameters<typeof set>[0]) => {
    set(patch);
    if (error) dispatch({ tipo: 'erro', erro: null });
  };

  function check(): string | null {
    try {
      if (step === 2) core.title_price_validate(f.titulo, f.preco, false);
      if (step === 3) core.minimum_stock_validate(f.minimo || null, stockTyped(f));
      if (step === 4) core.product_options_validate(f.opcoes);
      if (step === 5) core.description_validate(f.descricao);
    } catch (err) {
      return errorText(err);
    }
    return null;
  }

  async function submit() {
    let p;
    try {
      p = validateProduct(core, f, false);
    } catch (err) {
      return dispatch({ tipo: 'erro', erro: errorText(err) });
    }
    dispatch({ tipo: 'enviar' });
    const r = await adicionarProduto({
      iconeurl: f.icone && typeof f.icone !== 'string' ? f.icone.base64 : false,
      infos: {
        titulo: p.titulo,
        descricao: p.descricao ?? null,
        categoria: p.categoria,
        preco: p.preco_centavos / 100,
        estoque: p.estoque,
        minimo: p.minimo,
        opcoes: optionsSent(f, p),
        aceitaobs: flags.aceitaobs,
        organico: flags.organico,
      },
    });
    if (r.error !== undefined) return dispatch({ tipo: 'erro', erro: r.error });
    onAdded(r.infos);
    dispatch({ tipo: 'adicionado' });
  }

  function next(ev: FormEvent) {
    ev.preventDefault();
    if (e.fase === 'enviando') return;
    if (step === ADICIONADO) return onClose();
    const msg = check();
    if (msg) return dispatch({ tipo: 'erro', erro: msg });
    if (step === CONFIRMAR) return void submit();
    dispatch({ tipo: 'ir', passo: step + 1 });
  }

  return (
    <Dialog title={TITLES[step]} onClose={onClose} className="wizard-dlg">
      <form className="form wizard" onSubmit={next} noValidate>
        <progress className="wizard__progress" max={PRODUCT_STEPS} value={step + 1} aria-label="Progresso do novo produto" />
        {step > 0 && step < ADICIONADO && (
          <button
            type="button"
            className="btn btn--ghost btn--small wizard__back"
            aria-label="Voltar"
            disabled={e.fase === 'enviando'}
            onClick={() => dispatch({ tipo: 'ir', passo: step - 1 })}
          >
            ←
          </button>
        )}
        {step === 0 && <p>Prossiga para adicionar um novo produto</p>}
        {step === 1 && (
          <div className="choices" role="radiogroup" aria-label="Categoria">
            {CATEGORIAS.map((c) => (
              <label key={c} className={`choice${c === f.categoria ? ' choice--on' : ''}`}>
                <input type="radio" name="categoria" checked={c === f.categoria} onChange={() => edit({ categoria: c })} />
                {c}
              </label>
            ))}
          </div>
        )}
        {step === 2 && (
          <>
            <label className="field">
              <span className="field__label">Título</span>
              <input className="input" maxLength={50} value={f.titulo} data-autofocus onChange={(ev) => edit({ titulo: ev.target.value })} />
            </label>
            <label className="field">
              <span className="field__label">Preço (R$)</span>
              <input className="input" inputMode="decimal" value={f.preco} onChange={(ev) => edit({ preco: core.money_filter_input(ev.target.value) })} />
            </label>
          </>
        )}
        {step === 3 && (
          <>
            <Stepper label="Pedido mínimo" value={f.minimo} min={0} onChange={(v) => edit({ minimo: v })} />
            <StockField estoque={f.estoque} semControle={f.semControle} onChange={edit} />
          </>
        )}
        {step === 4 && <OptionsEditor value={f.opcoes} termos={f.termos} onChange={(opcoes, termos) => set({ opcoes, termos })} />}
        {step === 5 && (
          <label className="field">
            <span className="field__label">Descrição (opcional)</span>
            <textarea className="input" rows={7} maxLength={1500} value={f.descricao} onChange={(ev) => edit({ descricao: ev.target.value })} />
          </label>
        )}
        {step === 5 && <ProductFlags value={flags} onChange={setFlags} />}
        {step === 6 && <IconPicker label="Escolher ícone" value={f.icone} onChange={(icone) => set({ icone })} />}
        {step === CONFIRMAR && (
          <p>
            {f.categoria} — {f.titulo} — {shownPrice(core, f.preco)}
          </p>
        )}
        {error && <p className="form__error" role="alert">{error}</p>}
        <button type="submit" className="btn" disabled={e.fase === 'enviando'}>
          {step === CONFIRMAR ? 'Adicionar produto' : step === ADICIONADO ? 'OK' : 'Continuar'}
        </button>
      </form>
    </Dialog>
  );
}

/** The typed price as the app shows money ('R$ 8,00'), or as typed when it does not parse. */
function shownPrice(core: Core, preco: string): string {
  try {
    return core.money_format(core.money_parse(preco));
  } catch {
    return `R$ ${preco}`;
  }
}

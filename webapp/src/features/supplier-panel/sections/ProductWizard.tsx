/**
 * The add-product wizard (supplier-panel.md §2, §5): a modal with a progress bar over 9 steps,
 * a back arrow and a close icon — intro, category, title and price, minimum order and stock
 * (optional), options (optional), description (optional), icon (optional), confirmation, then
 * 'Produto adicionado!'. Every rule and message comes from wasm-core; `adicionar_produto` sends
 * the title lower-cased, the price in reais and minimum/stock of 1 as null.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { IconPicker, type PickedImage } from '@/components/IconPicker';
import { CATEGORIAS } from '@/config/categories';
import type { Core } from '@/lib/wasm';
import { adicionarProduto } from '../api/actions';
import type { DadosForn, ProdutoForn } from '../api/types';
import { OptionsEditor, Stepper } from './ProductFields';
import { errorText } from './types';

export const PRODUCT_STEPS = 9;
const TITLES = ['Novo produto', 'Categoria', 'Título e preço', 'Pedido mínimo e estoque', 'Opções', 'Descrição', 'Ícone do produto', 'Confirmar', 'Produto adicionado!'];

export interface ProductWizardProps {
  core: Core;
  forn: DadosForn;
  onAdded: (p: ProdutoForn | null) => void;
  onClose: () => void;
}

export function ProductWizard({ core, forn, onAdded, onClose }: ProductWizardProps) {
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [categoria, setCategoria] = useState<string>(CATEGORIAS[0]);
  const [titulo, setTitulo] = useState('');
  const [preco, setPreco] = useState('');
  const [minimo, setMinimo] = useState(0);
  const [estoque, setEstoque] = useState(0);
  const [opcoes, setOpcoes] = useState<string[]>(['']);
  const [descricao, setDescricao] = useState('');
  const [icone, setIcone] = useState<PickedImage | null>(null);

  const go = (s: number) => {
    setError(null);
    setStep(s);
  };

  function check(): string | null {
    try {
      if (step === 2) core.title_price_validate(titulo, preco, false);
      if (step === 3) core.minimum_stock_validate(minimo || null, estoque || null);
      if (step === 4) core.product_options_validate(opcoes);
      if (step === 5) core.description_validate(descricao);
    } catch (e) {
      return errorText(e);
    }
    return null;
  }

  async function submit() {
    let p: { categoria: string; titulo: string; preco_centavos: number; minimo: number | null; estoque: number | null; opcoes: string[]; descricao?: string };
    try {
      p = core.product_validate({ categoria, titulo, preco, minimo: minimo || null, estoque: estoque || null, opcoes, descricao }, false);
    } catch (e) {
      return setError(errorText(e));
    }
    setSending(true);
    const r = await adicionarProduto({
      usuario: forn.usuario,
      cidades: forn.cidades ?? [],
      iconeurl: icone?.base64 ?? false,
      infos: {
        oculto: !!forn.oculto,
        titulo: p.titulo,
        descricao: p.descricao ?? null,
        categoria: p.categoria,
        nomeforn: forn.nomeforn,
        userforn: forn.usuario,
        preco: p.preco_centavos / 100,
        estoque: p.estoque,
        minimo: p.minimo,
        opcoes: p.opcoes.map((opcao) => ({ opcao })),
      },
    });
    setSending(false);
    if (r.error !== undefined) return setError(r.error);
    onAdded(r.infos ?? null);
    go(8);
  }

  function next(e: FormEvent) {
    e.preventDefault();
    const msg = check();
    if (msg) return setError(msg);
    if (step === 7) return void submit();
    if (step === 8) return onClose();
    go(step + 1);
  }

  return (
    <Dialog title={TITLES[step]} onClose={onClose} className="wizard-dlg">
      <form className="form wizard" onSubmit={next} noValidate>
        <progress className="wizard__progress" max={PRODUCT_STEPS} value={step + 1} aria-label="Progresso do novo produto" />
        {step > 0 && step < 8 && (
          <button type="button" className="btn btn--ghost btn--small wizard__back" aria-label="Voltar" onClick={() => go(step - 1)}>
            ←
          </button>
        )}
        {step === 0 && <p>Prossiga para adicionar um novo produto</p>}
        {step === 1 && (
          <div className="choices" role="radiogroup" aria-label="Categoria">
            {CATEGORIAS.map((c) => (
              <label key={c} className={`choice${c === categoria ? ' choice--on' : ''}`}>
                <input type="radio" name="categoria" checked={c === categoria} onChange={() => setCategoria(c)} />
                {c}
              </label>
            ))}
          </div>
        )}
        {step === 2 && (
          <>
            <label className="field">
              <span className="field__label">Título</span>
              <input className="input" maxLength={50} value={titulo} data-autofocus onChange={(e) => (setTitulo(e.target.value), setError(null))} />
            </label>
            <label className="field">
              <span className="field__label">Preço (R$)</span>
              <input className="input" inputMode="decimal" value={preco} onChange={(e) => (setPreco(core.money_filter_input(e.target.value)), setError(null))} />
            </label>
          </>
        )}
        {step === 3 && (
          <>
            <Stepper label="Pedido mínimo" value={minimo} min={0} onChange={(v) => (setMinimo(v), setError(null))} />
            <Stepper label="Estoque" value={estoque} min={0} onChange={(v) => (setEstoque(v), setError(null))} />
          </>
        )}
        {step === 4 && <OptionsEditor value={opcoes} onChange={setOpcoes} />}
        {step === 5 && (
          <label className="field">
            <span className="field__label">Descrição (opcional)</span>
            <textarea className="input" rows={7} maxLength={1500} value={descricao} onChange={(e) => (setDescricao(e.target.value), setError(null))} />
          </label>
        )}
        {step === 6 && <IconPicker label="Escolher ícone" value={icone} onChange={setIcone} />}
        {step === 7 && (
          <p>
            {categoria} — {titulo} — {shownPrice(core, preco)}
          </p>
        )}
        {error && <p className="form__error" role="alert">{error}</p>}
        <button type="submit" className="btn" disabled={sending}>
          {step === 7 ? 'Adicionar produto' : step === 8 ? 'OK' : 'Continuar'}
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

/**
 * 'Editar produto': category, title, price ('Digite um preço válido'), minimum (a stepper from 0),
 * the stock (a count as typed, 0 and 1 included, or 'Sem controle de estoque'), options,
 * description and the icon. wasm-core checks the form; the data go with `editar_produto_site`
 * (old and new product), a new icon with `editar_icone_produto_site`.
 *
 * An edit never overwrites sales (decisions.md §26): `newproduto.estoqueanterior` is the stock the
 * form was loaded with, and the server applies the difference to the stock as it is now. When it
 * cannot (409), its message is shown, nothing changed, and the product is read again: the form
 * then shows the current stock (what was typed elsewhere stays).
 */
import { useReducer, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { IconPicker } from '@/components/IconPicker';
import { useStatusDialog } from '@/components/status-dialog';
import { CATEGORIAS } from '@/config/categories';
import { editarIconeProdutoSite, editarProdutoSite } from '../api/actions';
import { OptionsEditor, Stepper, StockField } from './ProductFields';
import { ProductFlags } from './ProductFlags';
import type { ProductMenuProps } from './ProductMenu';
import { patchForm, productFormOf, stockOf, validateProduct, type ValidProduct, optionsSent } from './productForm';
import { errorText } from './types';

export function ProductEdit({ core, produto: p, onChanged, onBack, onClose }: ProductMenuProps & { onBack: () => void }) {
  const status = useStatusDialog();
  const [f, set] = useReducer(patchForm, p, productFormOf);
  const [error, setError] = useState<string | null>(null);
  const [flags, setFlags] = useState({ aceitaobs: !!p.aceitaobs, organico: !!p.organico });
  // The stock the form was loaded with; a product read again after a refusal brings its stock.
  const [previous, setPrevious] = useState(p.estoque);
  if (p.estoque !== previous) {
    setPrevious(p.estoque);
    set(stockOf(p.estoque));
  }
  const edit = (patch: Parameters<typeof set>[0]) => {
    set(patch);
    setError(null);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    let v: ValidProduct;
    try {
      v = validateProduct(core, f, true);
    } catch (err) {
      return setError(errorText(err));
    }
    status.loading();
    // The promotion is left out: absent keeps it (docs/rpc.md); it has its own form.
    const newproduto = {
      id: p.id,
      categoria: v.categoria,
      titulo: v.titulo,
      preco: v.preco_centavos / 100,
      minimo: v.minimo,
      estoque: v.estoque,
      estoqueanterior: previous,
      opcoes: optionsSent(f, v),
      descricao: v.descricao ?? null,
      aceitaobs: flags.aceitaobs,
      organico: flags.organico,
    };
    const r = await editarProdutoSite({ produto: p.id, newproduto });
    if (r.error !== undefined) {
      if (r.codigo_erro !== 'estoque_mudou') return status.error();
      // The stock changed meanwhile in a way the edit cannot apply: nothing changed; read it again.
      status.error(r.error);
      await onChanged();
      return;
    }
    if (f.icone && typeof f.icone !== 'string') {
      const ri = await editarIconeProdutoSite(p.id, f.icone.base64);
      if (ri.error !== undefined) return status.error();
    }
    status.success();
    await onChanged();
    // Back to the product list (a menu opened now would cover the status dialog).
    onClose();
  }

  return (
    <Dialog title="Editar produto" onClose={onBack} className="wizard-dlg">
      <form className="form" onSubmit={save} noValidate>
        <label className="field">
          <span className="field__label">Categoria</span>
          <select className="input" value={f.categoria} onChange={(e) => set({ categoria: e.target.value })}>
            {CATEGORIAS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Título</span>
          <input className="input" maxLength={50} value={f.titulo} onChange={(e) => edit({ titulo: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">Preço (R$)</span>
          <input className="input" inputMode="decimal" value={f.preco} onChange={(e) => edit({ preco: core.money_filter_input(e.target.value) })} />
        </label>
        <Stepper label="Pedido mínimo" value={f.minimo} min={0} onChange={(x) => edit({ minimo: x })} />
        <StockField estoque={f.estoque} semControle={f.semControle} onChange={edit} />
        <OptionsEditor value={f.opcoes} termos={f.termos} onChange={(opcoes, termos) => set({ opcoes, termos })} />
        <ProductFlags value={flags} onChange={setFlags} />
        <label className="field">
          <span className="field__label">Descrição</span>
          <textarea className="input" rows={7} maxLength={1500} value={f.descricao} onChange={(e) => set({ descricao: e.target.value })} />
        </label>
        {/* The spec has no icon removal here: removing a newly picked icon goes back to the stored one. */}
        <IconPicker label="Trocar ícone" value={f.icone} onChange={(i) => set({ icone: i ?? p.icone })} />
        {error && <p className="form__error" role="alert">{error}</p>}
        <div className="dlg__actions">
          <button type="button" className="btn btn--ghost" onClick={onBack}>Voltar</button>
          <button type="submit" className="btn">Salvar</button>
        </div>
      </form>
    </Dialog>
  );
}

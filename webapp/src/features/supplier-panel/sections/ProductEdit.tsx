/**
 * 'Editar produto': category, title, price ('Digite um preço válido'), minimum and stock
 * (steppers from 0), options, description and the icon. wasm-core checks the form; the data go
 * with `editar_produto_site` (old and new product), a new icon with `editar_icone_produto_site`.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { IconPicker, type PickedImage } from '@/components/IconPicker';
import { useStatusDialog } from '@/components/status-dialog';
import { CATEGORIAS } from '@/config/categories';
import { editarIconeProdutoSite, editarProdutoSite } from '../api/actions';
import { OptionsEditor, Stepper } from './ProductFields';
import type { ProductMenuProps } from './ProductMenu';
import { errorText } from './types';

export function ProductEdit({ core, produto: p, forn, usuario, onChanged, onBack, onClose }: ProductMenuProps & { onBack: () => void }) {
  const status = useStatusDialog();
  const [categoria, setCategoria] = useState(p.categoria);
  const [titulo, setTitulo] = useState(p.titulo);
  const [preco, setPreco] = useState(String(p.preco));
  const [minimo, setMinimo] = useState(p.minimo ?? 0);
  const [estoque, setEstoque] = useState(p.estoque ?? 0);
  const [opcoes, setOpcoes] = useState<string[]>((p.opcoes ?? []).map((o) => o.opcao));
  const [descricao, setDescricao] = useState(p.descricao ?? '');
  const [icone, setIcone] = useState<PickedImage | string | null>(p.icone);
  const [error, setError] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    let v: { categoria: string; titulo: string; preco_centavos: number; minimo: number | null; estoque: number | null; opcoes: string[]; descricao?: string };
    try {
      v = core.product_validate({ categoria, titulo, preco, minimo: minimo || null, estoque: estoque || null, opcoes, descricao }, true);
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
      opcoes: v.opcoes.map((opcao) => ({ opcao })),
      descricao: v.descricao ?? null,
    };
    const r = await editarProdutoSite({ produto: p, newproduto, usuario, cidades: forn.cidades ?? [] });
    if (r.error !== undefined) return status.error();
    if (icone && typeof icone !== 'string') {
      const ri = await editarIconeProdutoSite({ cidades: forn.cidades ?? [], categoria: v.categoria, id: p.id, usuario, icone: icone.base64 });
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
          <select className="input" value={categoria} onChange={(e) => setCategoria(e.target.value)}>
            {CATEGORIAS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Título</span>
          <input className="input" maxLength={50} value={titulo} onChange={(e) => (setTitulo(e.target.value), setError(null))} />
        </label>
        <label className="field">
          <span className="field__label">Preço (R$)</span>
          <input className="input" inputMode="decimal" value={preco} onChange={(e) => (setPreco(core.money_filter_input(e.target.value)), setError(null))} />
        </label>
        <Stepper label="Pedido mínimo" value={minimo} min={0} onChange={(x) => (setMinimo(x), setError(null))} />
        <Stepper label="Estoque" value={estoque} min={0} onChange={(x) => (setEstoque(x), setError(null))} />
        <OptionsEditor value={opcoes} onChange={setOpcoes} />
        <label className="field">
          <span className="field__label">Descrição</span>
          <textarea className="input" rows={7} maxLength={1500} value={descricao} onChange={(e) => setDescricao(e.target.value)} />
        </label>
        {/* The spec has no icon removal here: removing a newly picked icon goes back to the stored one. */}
        <IconPicker label="Trocar ícone" value={icone} onChange={(i) => setIcone(i ?? p.icone)} />
        {error && <p className="form__error" role="alert">{error}</p>}
        <div className="dlg__actions">
          <button type="button" className="btn btn--ghost" onClick={onBack}>Voltar</button>
          <button type="submit" className="btn">Salvar</button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Categorias: the store's own categories — create ('Insira o nome da categoria' from wasm-core),
 * delete ('Remover categoria?'), and assign one to a product (or remove a product's).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { capitalizeWords } from '@/lib/display';
import { adicionarCategoria, adicionarCategoriaProduto, pegarProdutosFornecedor, removerCategoria, removerCategoriaProduto } from '../api/actions';
import type { ProdutoForn } from '../api/actions';
import { errorText, type SectionProps } from './types';

export default function Categories({ forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const categorias = Object.keys(forn.extensoes?.categorias ?? {});
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<string | null>(null);
  const [products, setProducts] = useState<ProdutoForn[] | null>(null);

  const load = useCallback(async () => {
    const r = await pegarProdutosFornecedor();
    setProducts(r.error !== undefined ? [] : r.produtos);
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const setCats = (list: string[]) => update({ extensoes: { ...forn.extensoes, categorias: Object.fromEntries(list.map((c) => [c, c])) } });

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    let valid: string;
    try {
      valid = core.category_name_validate(name);
    } catch (err) {
      return setError(errorText(err));
    }
    status.loading();
    const r = await adicionarCategoria(valid);
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    setName('');
    setCats(Object.keys(r.categorias));
  }

  async function remove(c: string) {
    setToRemove(null);
    status.loading();
    const r = await removerCategoria(c);
    if (r.error !== undefined) return status.error();
    status.success();
    setCats(Object.keys(r.categorias));
    await load();
  }

  async function assign(p: ProdutoForn, c: string) {
    status.loading();
    const r = c ? await adicionarCategoriaProduto(p.id, c) : await removerCategoriaProduto(p.id);
    if (r.error !== undefined) return status.error();
    status.success();
    setProducts((l) => l && l.map((x) => (x.id === p.id ? { ...x, subcategoria: c || null } : x)));
  }

  return (
    <div className="panel-form">
      <form className="inline-form" onSubmit={add} noValidate>
        <label className="field">
          <span className="field__label">Nova categoria</span>
          <input className="input" value={name} maxLength={40} onChange={(e) => (setName(e.target.value), setError(null))} />
        </label>
        <button type="submit" className="btn" disabled={!core}>Adicionar</button>
      </form>
      {error && <p className="form__error" role="alert">{error}</p>}
      <ul className="tags" aria-label="Categorias da loja">
        {categorias.map((c) => (
          <li key={c} className="tag">
            {c}
            <button type="button" className="tag__remove" aria-label={`Remover ${c}`} onClick={() => setToRemove(c)}>×</button>
          </li>
        ))}
      </ul>
      {toRemove && <ConfirmDialog message="Remover categoria?" onCancel={() => setToRemove(null)} onConfirm={() => void remove(toRemove)} />}
      <h3>Categorias dos produtos</h3>
      {products === null ? (
        <p className="muted" role="status">Carregando produtos...</p>
      ) : (
        <ul className="assign-list">
          {products.map((p) => (
            <li key={p.id}>
              <label className="field">
                <span className="field__label">{capitalizeWords(p.titulo)}</span>
                <select className="input" value={p.subcategoria ?? ''} onChange={(e) => void assign(p, e.target.value)}>
                  <option value="">Sem categoria</option>
                  {categorias.map((c) => (
                    <option key={c} value={c}>{c}</option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Cupons de desconto: create (code upper-cased; type % or R$; wasm-core's rules and messages —
 * empty, over 10 characters, spaces, non-positive value, over 100 %, duplicate) and delete.
 */
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { adicionarCupom, excluirCupom } from '../api/actions';
import type { CupomForn } from '../api/actions';
import { errorText, type SectionProps } from './types';

export default function Coupons({ forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const cupons = forn.extensoes?.cupons ?? {};
  const [codigo, setCodigo] = useState('');
  const [valor, setValor] = useState('');
  const [tipo, setTipo] = useState<'%' | 'R$'>('%');
  const [error, setError] = useState<string | null>(null);
  const [excluir, setExcluir] = useState<string | null>(null);

  const setCupons = (c: Record<string, CupomForn>) => update({ extensoes: { ...forn.extensoes, cupons: c } });

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    let c: { codigo: string; tipo: string; valor: number };
    try {
      c = core.coupon_create(codigo, tipo, valor, Object.keys(cupons));
    } catch (err) {
      return setError(errorText(err));
    }
    // wasm-core gives `valor` in hundredths (percent or centavos); the wire has percent or reais.
    const form = { codigo: c.codigo, tipo: c.tipo, valor: c.valor / 100 };
    status.loading();
    const r = await adicionarCupom(form);
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    setCodigo('');
    setValor('');
    setCupons(r.cupons);
  }

  async function remove(code: string) {
    setExcluir(null);
    status.loading();
    const r = await excluirCupom(code);
    if (r.error !== undefined) return status.error();
    status.success();
    setCupons(r.cupons);
  }

  const show = (c: CupomForn) => (c.tipo === '%' ? `${String(c.valor).replace('.', ',')}%` : core ? core.money_format(core.money_from_reais(c.valor)) : '');
  return (
    <div className="panel-form">
      <form className="form" onSubmit={add} noValidate>
        <label className="field">
          <span className="field__label">Código do cupom</span>
          <input className="input" value={codigo} onChange={(e) => (setCodigo(e.target.value.toUpperCase()), setError(null))} />
        </label>
        <label className="field">
          <span className="field__label">Valor do desconto</span>
          <input className="input" inputMode="decimal" value={valor} onChange={(e) => (setValor(e.target.value), setError(null))} />
        </label>
        <div className="filters" role="radiogroup" aria-label="Tipo de desconto">
          {(['%', 'R$'] as const).map((t) => (
            <label key={t} className={`chip${t === tipo ? ' chip--on' : ''}`}>
              <input type="radio" name="tipo" className="sr-only" checked={t === tipo} onChange={() => setTipo(t)} />
              {t}
            </label>
          ))}
        </div>
        {error && <p className="form__error" role="alert">{error}</p>}
        <button type="submit" className="btn" disabled={!core}>Criar cupom</button>
      </form>
      <ul className="coupon-list" aria-label="Cupons">
        {Object.values(cupons).map((c) => (
          <li key={c.codigo} className="coupon">
            <strong>{c.codigo}</strong> <span>{show(c)}</span>
            <button type="button" className="btn btn--ghost btn--small" aria-label={`Excluir ${c.codigo}`} onClick={() => setExcluir(c.codigo)}>
              Excluir
            </button>
          </li>
        ))}
      </ul>
      {excluir && <ConfirmDialog message="Excluir cupom?" onCancel={() => setExcluir(null)} onConfirm={() => void remove(excluir)} />}
    </div>
  );
}

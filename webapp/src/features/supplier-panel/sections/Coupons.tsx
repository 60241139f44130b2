/**
 * Cupons de desconto: create (code upper-cased; type % or R$; wasm-core's rules and messages —
 * empty, over 10 characters, spaces, non-positive value, over 100 %, duplicate) with optional
 * rules (decisions.md §32: first and last day, a total use limit, one use per customer, a minimum
 * order — wasm-core's `coupon_rules` and messages; decisions.md §35: 'Vale para todas as entregas
 * da assinatura', a recurring basket's every delivery, not only the first), list them with their
 * rules and uses, and
 * delete them. The form's fields are one reducer.
 */
import { useReducer, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import type { Core } from '@/lib/wasm';
import { adicionarCupom, excluirCupom, type CupomForm, type CupomForn } from '../api/actions';
import { errorText, type SectionProps } from './types';

interface Form {
  codigo: string;
  valor: string;
  tipo: '%' | 'R$';
  inicio: string;
  fim: string;
  limite: string;
  unico: boolean;
  /** Every delivery of a recurring basket, not only the first. */
  todas: boolean;
  minimo: string;
  error: string | null;
}

const EMPTY: Form = { codigo: '', valor: '', tipo: '%', inicio: '', fim: '', limite: '', unico: false, todas: false, minimo: '', error: null };

/** A change of some fields (any change clears the error, unless it sets one); `null` empties the form. */
const reduce = (f: Form, patch: Partial<Form> | null): Form => (patch === null ? EMPTY : { ...f, error: null, ...patch });

/** The rules of a listed coupon, as one line ('De 01/12/2025 a 31/12/2025 · 3 de 5 usos · …'). */
export function couponRules(core: Core, c: CupomForn): string {
  const day = (iso: string) => {
    try {
      return core.date_format(iso);
    } catch {
      return iso;
    }
  };
  const parts: string[] = [];
  if (c.validade_inicio && c.validade_fim) parts.push(`De ${day(c.validade_inicio)} a ${day(c.validade_fim)}`);
  else if (c.validade_inicio) parts.push(`A partir de ${day(c.validade_inicio)}`);
  else if (c.validade_fim) parts.push(`Até ${day(c.validade_fim)}`);
  const usos = c.usos ?? 0;
  if (c.limite_usos != null) parts.push(`${usos} de ${c.limite_usos} ${c.limite_usos === 1 ? 'uso' : 'usos'}`);
  else parts.push(usos === 1 ? '1 uso' : `${usos} usos`);
  if (c.um_por_cliente) parts.push('um por cliente');
  if (c.pedido_minimo != null) parts.push(`pedido mínimo de ${core.money_format(core.money_from_reais(c.pedido_minimo))}`);
  if (c.todas_entregas) parts.push('todas as entregas da assinatura');
  return parts.join(' · ');
}

export default function Coupons({ forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const cupons = forn.extensoes?.cupons ?? {};
  const [f, set] = useReducer(reduce, EMPTY);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [agora] = useState(() => Date.now());

  const setCupons = (c: Record<string, CupomForn>) => update({ extensoes: { ...forn.extensoes, cupons: c } });

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    let c: { codigo: string; tipo: string; valor: number };
    try {
      c = core.coupon_create(f.codigo, f.tipo, f.valor, Object.keys(cupons));
      core.coupon_rules({ validade_inicio: f.inicio, validade_fim: f.fim, limite_usos: f.limite, um_por_cliente: f.unico, pedido_minimo: f.minimo });
    } catch (err) {
      return set({ error: errorText(err) });
    }
    // wasm-core gives `valor` in hundredths (percent or centavos); the wire has percent or reais.
    const form: CupomForm = {
      codigo: c.codigo,
      tipo: c.tipo,
      valor: c.valor / 100,
      validade_inicio: f.inicio,
      validade_fim: f.fim,
      limite_usos: f.limite,
      um_por_cliente: f.unico,
      pedido_minimo: f.minimo,
      todas_entregas: f.todas,
    };
    status.loading();
    const r = await adicionarCupom(form);
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    set(null);
    setCupons(r.cupons);
  }

  async function remove(code: string) {
    setToDelete(null);
    status.loading();
    const r = await excluirCupom(code);
    if (r.error !== undefined) return status.error();
    status.success();
    setCupons(r.cupons);
  }

  const show = (c: CupomForn) => (c.tipo === '%' ? `${String(c.valor).replace('.', ',')}%` : core ? core.money_format(core.money_from_reais(c.valor)) : '');
  const today = core ? core.date_today(agora) : undefined;
  return (
    <div className="panel-form">
      <form className="form" onSubmit={add} noValidate>
        <label className="field">
          <span className="field__label">Código do cupom</span>
          <input className="input" value={f.codigo} onChange={(e) => set({ codigo: e.target.value.toUpperCase() })} />
        </label>
        <label className="field">
          <span className="field__label">Valor do desconto</span>
          <input className="input" inputMode="decimal" value={f.valor} onChange={(e) => set({ valor: e.target.value })} />
        </label>
        <div className="filters" role="radiogroup" aria-label="Tipo de desconto">
          {(['%', 'R$'] as const).map((t) => (
            <label key={t} className={`chip${t === f.tipo ? ' chip--on' : ''}`}>
              <input type="radio" name="tipo" className="sr-only" checked={t === f.tipo} onChange={() => set({ tipo: t })} />
              {t}
            </label>
          ))}
        </div>
        <fieldset className="fieldset">
          <legend>Regras (opcionais)</legend>
          <div className="coupon-dates">
            <label className="field">
              <span className="field__label">Válido a partir de</span>
              <input className="input" type="date" min={today} value={f.inicio} onChange={(e) => set({ inicio: e.target.value })} />
            </label>
            <label className="field">
              <span className="field__label">Válido até</span>
              <input className="input" type="date" min={f.inicio || today} value={f.fim} onChange={(e) => set({ fim: e.target.value })} />
            </label>
          </div>
          <label className="field">
            <span className="field__label">Limite de usos</span>
            <input className="input" inputMode="numeric" placeholder="Sem limite" value={f.limite} onChange={(e) => set({ limite: e.target.value.replace(/\D/g, '') })} />
          </label>
          <label className="field">
            <span className="field__label">Pedido mínimo (R$)</span>
            <input
              className="input"
              inputMode="decimal"
              placeholder="0,00"
              value={f.minimo}
              onChange={(e) => set({ minimo: core ? core.money_filter_input(e.target.value) : e.target.value })}
            />
          </label>
          <label className="switch">
            <input type="checkbox" checked={f.unico} onChange={(e) => set({ unico: e.target.checked })} />
            Um uso por cliente
          </label>
          <label className="switch">
            <input type="checkbox" checked={f.todas} onChange={(e) => set({ todas: e.target.checked })} data-testid="cupom-todas-entregas" />
            Vale para todas as entregas da assinatura
          </label>
        </fieldset>
        {f.error && <p className="form__error" role="alert">{f.error}</p>}
        <button type="submit" className="btn" disabled={!core}>Criar cupom</button>
      </form>
      <ul className="coupon-list" aria-label="Cupons">
        {Object.values(cupons).map((c) => (
          <li key={c.codigo} className="coupon">
            <strong>{c.codigo}</strong> <span>{show(c)}</span>
            {core && <span className="muted coupon__rules" data-testid="regras-cupom">{couponRules(core, c)}</span>}
            <button type="button" className="btn btn--ghost btn--small" aria-label={`Excluir ${c.codigo}`} onClick={() => setToDelete(c.codigo)}>
              Excluir
            </button>
          </li>
        ))}
      </ul>
      {toDelete && <ConfirmDialog message="Excluir cupom?" onCancel={() => setToDelete(null)} onConfirm={() => void remove(toDelete)} />}
    </div>
  );
}

/**
 * 'Dias e horários' of the Delivery settings (decisions.md §36): the store's weekly windows for
 * delivery and for pickup ('Terça e sexta, 8h–12h') and its cut-off for orders ('pedidos até 18h
 * do dia anterior'). With no window the buyer chooses no date, as before. The fields are
 * controlled by DeliverySettings, which checks them with wasm-core (`delivery_days_validate`:
 * a window that ends before it starts, overlapping windows, a cut-off after the delivery) and
 * saves them with the rest of the form (`entregas_edit`'s `dias`). docs/delivery.md.
 */
import type { Core } from '@/lib/wasm';
import type { DaysRecord } from '@/types/wire';

export const DIAS_SEMANA = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];

export interface JanelaForm {
  tipo: 'entrega' | 'retirada';
  dia_semana: string;
  inicio: string;
  fim: string;
}

/** The form as typed (what wasm-core's `DaysForm` reads). */
export interface DiasForm {
  janelas: JanelaForm[];
  corte_tipo: '' | 'horas' | 'dias';
  corte_horas: string;
  corte_dias: string;
  corte_hora: string;
}

/** The stored days (`extensoes.delivery.dias`) as the form holds them. */
export function diasForm(d: Partial<DaysRecord> | null | undefined): DiasForm {
  const horas = d?.corte_horas ?? null;
  const dayList = d?.corte_dias ?? null;
  return {
    janelas: (d?.janelas ?? []).map((j) => ({
      tipo: j.tipo === 'retirada' ? 'retirada' : 'entrega',
      dia_semana: String(j.dia_semana),
      inicio: j.inicio,
      fim: j.fim,
    })),
    corte_tipo: horas != null ? 'horas' : dayList != null ? 'dias' : '',
    corte_horas: horas != null ? String(horas) : '',
    corte_dias: dayList != null ? String(dayList) : '1',
    corte_hora: d?.corte_hora ?? '18:00',
  };
}

/**
 * The saved days as the buyer reads them, one line per mode that has windows: 'Entrega: Terça e
 * sexta, 8h–12h (pedidos até 18h do dia anterior)' (wasm-core's `delivery_days_summary`).
 */
export function resumoDias(core: Core, dias: Partial<DaysRecord> | null | undefined): string[] {
  if (!dias?.janelas?.length) return [];
  const lines: string[] = [];
  for (const [modo, nome] of [['entrega', 'Entrega'], ['retirada', 'Retirada']] as const) {
    try {
      const { resumo, corte } = core.delivery_days_summary(dias, modo) as { resumo: string; corte: string };
      if (resumo) lines.push(`${nome}: ${resumo}${corte ? ` (${corte})` : ''}`);
    } catch {
      // Stored days wasm-core cannot read show no summary; the form still shows them.
    }
  }
  return lines;
}

export function DeliveryDaysFields({ value, onChange, resumo = [] }: { value: DiasForm; onChange: (v: DiasForm) => void; resumo?: string[] }) {
  const setJanela = (i: number, patch: Partial<JanelaForm>) =>
    onChange({ ...value, janelas: value.janelas.map((j, k) => (k === i ? { ...j, ...patch } : j)) });
  const remove = (i: number) => onChange({ ...value, janelas: value.janelas.filter((_, k) => k !== i) });
  const add = () => onChange({ ...value, janelas: [...value.janelas, { tipo: 'entrega', dia_semana: '2', inicio: '08:00', fim: '12:00' }] });
  return (
    <fieldset className="fieldset delivery-days">
      <legend>Dias e horários</legend>
      <p className="muted">
        Os dias e horários em que você entrega ou recebe retiradas. O comprador escolhe um deles ao finalizar o pedido; sem nenhum, o pedido fica sem
        data.
      </p>
      {resumo.length > 0 && (
        <ul className="delivery-days__summary" aria-label="Dias salvos">
          {resumo.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      <ul className="delivery-days__list">
        {value.janelas.map((j, i) => (
          <li key={i} className="delivery-days__row" data-testid="janela">
            <select className="input" aria-label="Tipo" value={j.tipo} onChange={(e) => setJanela(i, { tipo: e.target.value as JanelaForm['tipo'] })}>
              <option value="entrega">Entrega</option>
              <option value="retirada">Retirada</option>
            </select>
            <select className="input" aria-label="Dia da semana" value={j.dia_semana} onChange={(e) => setJanela(i, { dia_semana: e.target.value })}>
              {DIAS_SEMANA.map((d, n) => (
                <option key={d} value={String(n)}>
                  {d}
                </option>
              ))}
            </select>
            <input className="input" type="time" aria-label="Início" value={j.inicio} onChange={(e) => setJanela(i, { inicio: e.target.value })} />
            <input className="input" type="time" aria-label="Fim" value={j.fim} onChange={(e) => setJanela(i, { fim: e.target.value })} />
            <button type="button" className="btn btn--ghost btn--small" onClick={() => remove(i)}>
              Remover
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--ghost btn--small" onClick={add}>
        Adicionar horário
      </button>
      <label className="field">
        <span className="field__label">Prazo para pedidos</span>
        <select className="input" value={value.corte_tipo} onChange={(e) => onChange({ ...value, corte_tipo: e.target.value as DiasForm['corte_tipo'] })}>
          <option value="">Até o início do horário</option>
          <option value="horas">Horas antes do horário</option>
          <option value="dias">Até um horário de dias antes</option>
        </select>
      </label>
      {value.corte_tipo === 'horas' && (
        <label className="field">
          <span className="field__label">Horas antes</span>
          <input className="input" inputMode="numeric" value={value.corte_horas} onChange={(e) => onChange({ ...value, corte_horas: e.target.value })} />
        </label>
      )}
      {value.corte_tipo === 'dias' && (
        <div className="delivery-days__row">
          <label className="field">
            <span className="field__label">Dias antes (1 = dia anterior)</span>
            <input className="input" inputMode="numeric" value={value.corte_dias} onChange={(e) => onChange({ ...value, corte_dias: e.target.value })} />
          </label>
          <label className="field">
            <span className="field__label">Até as</span>
            <input className="input" type="time" value={value.corte_hora} onChange={(e) => onChange({ ...value, corte_hora: e.target.value })} />
          </label>
        </div>
      )}
    </fieldset>
  );
}

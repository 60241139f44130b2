/**
 * Delivery: delivery and pickup switches ('1' / '2'), the fee — fixed or per km, toggled off by
 * clicking the selected one again —, the optional maximum delivery distance (km; beyond it the
 * buyer's checkout offers pickup only, decisions.md §31), the start address both are measured
 * from (CEP filling what the lookup knows, street, number, bairro, city picker) (geocoded by the
 * server on save; its failure reads 'Não foi possível gerar as coordenadas para o novo
 * endereço.'), the minimum orders and descriptions. Fee and address fields
 * are disabled while delivery is off. Then the delivery and pickup days, windows and cut-off
 * (`DeliveryDays`, decisions.md §36). wasm-core checks the form with the spec's messages; the
 * save is `entregas_edit`, and the buyer's checkout computes its fee and dates from these settings.
 */
import { useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { CepField } from '@/components/places/CepField';
import { CityField } from '@/components/places/CityField';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { entregasEdit } from '../api/actions';
import { DeliveryDaysFields, diasForm, resumoDias, type DiasForm } from './DeliveryDays';
import { Field } from './MyData';
import { errorText, type SectionProps } from './types';

const txt = (v: number | string | null | undefined) => (v == null ? '' : String(v));
/** A stored amount as a Brazilian types it: 2.5 → '2,50' (the input accepts either separator). */
const amount = (v: number | string | null | undefined) =>
  typeof v === 'number' ? v.toFixed(2).replace('.', ',') : txt(v);

export default function DeliverySettings({ forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const d = forn.extensoes?.delivery ?? {};
  const [entrega, setEntrega] = useState((d.entrega ?? '').includes('1'));
  const [retirada, setRetirada] = useState((d.entrega ?? '').includes('2'));
  const [feeKind, setFeeKind] = useState<'' | 'fixa' | 'porKm'>(d.taxaTipo === 'fixa' || d.taxaTipo === 'porKm' ? d.taxaTipo : '');
  const [f, setF] = useState({
    taxaentrega: amount(d.taxaentrega),
    taxaPorKm: amount(d.taxaPorKm),
    enderecoRua: txt(d.enderecoRua),
    enderecoNumero: txt(d.enderecoNumero),
    enderecoCidade: txt(d.enderecoCidade),
    enderecoCep: txt(d.enderecoCep),
    enderecoBairro: txt(d.enderecoBairro),
    distanciamaxima: txt(d.distanciamaxima),
    pedidominimoentrega: amount(d.pedidominimoentrega),
    descricaoentrega: txt(d.descricaoentrega),
    pedidominimoretirada: amount(d.pedidominimoretirada),
    descricaoretirada: txt(d.descricaoretirada),
  });
  const [dayList, setDayList] = useState<DiasForm>(() => diasForm(d.dias));
  const [cityOpen, setCityOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof f, v: string) => {
    setF((x) => ({ ...x, [k]: v }));
    setError(null);
  };
  const money = (k: keyof typeof f) => (v: string) => set(k, core ? core.money_filter_input(v) : v);

  async function save() {
    if (!core) return;
    const form = { ...f, entrega: `${entrega ? '1' : ''}${retirada ? '2' : ''}`, taxaTipo: feeKind, dias: dayList };
    try {
      core.delivery_settings_validate(form);
      core.delivery_days_validate(dayList);
    } catch (e) {
      return setError(errorText(e));
    }
    // The server geocodes the per-km start address itself and answers the stored settings.
    status.loading();
    const r = await entregasEdit(form);
    if (r.error !== undefined) {
      setError(r.error);
      return status.error(r.error);
    }
    status.success();
    setDayList(diasForm(r.delivery.dias));
    update({ extensoes: { ...forn.extensoes, delivery: r.delivery } });
  }

  const off = !entrega;
  return (
    <div className="panel-form">
      <label className="switch">
        <input type="checkbox" role="switch" checked={entrega} onChange={(e) => (setEntrega(e.target.checked), setError(null))} /> Entrega
      </label>
      <label className="switch">
        <input type="checkbox" role="switch" checked={retirada} onChange={(e) => (setRetirada(e.target.checked), setError(null))} /> Retirada no local
      </label>
      <fieldset disabled={off} className="fieldset">
        <legend>Taxa de entrega</legend>
        <div className="filters">
          {(['fixa', 'porKm'] as const).map((t) => (
            <button key={t} type="button" className={`chip${feeKind === t ? ' chip--on' : ''}`} aria-pressed={feeKind === t} onClick={() => (setFeeKind(feeKind === t ? '' : t), setError(null))}>
              {t === 'fixa' ? 'Taxa fixa' : 'Taxa por Km'}
            </button>
          ))}
        </div>
        {feeKind === 'fixa' && <Field label="Taxa de entrega fixa (R$)" value={f.taxaentrega} onChange={money('taxaentrega')} disabled={off} />}
        {feeKind === 'porKm' && <Field label="Preço por Km (R$)" value={f.taxaPorKm} onChange={money('taxaPorKm')} disabled={off} />}
        <Field
          label="Distância máxima de entrega em km (opcional)"
          value={f.distanciamaxima}
          onChange={(v) => set('distanciamaxima', v.replace(/\D/g, ''))}
          disabled={off}
        />
        {(feeKind === 'porKm' || f.distanciamaxima.trim() !== '') && (
          <>
            <CepField
              core={core}
              value={f.enderecoCep}
              onChange={(v) => set('enderecoCep', v)}
              onFound={(c) =>
                setF((x) => ({
                  ...x,
                  enderecoRua: c.rua ?? x.enderecoRua,
                  enderecoBairro: c.bairro ?? x.enderecoBairro,
                  enderecoCidade: c.cidade ?? x.enderecoCidade,
                }))
              }
            />
            <Field label="Rua de partida" value={f.enderecoRua} onChange={(v) => set('enderecoRua', v)} disabled={off} />
            <Field label="Número de partida" value={f.enderecoNumero} onChange={(v) => set('enderecoNumero', v)} disabled={off} />
            <Field label="Bairro de partida" value={f.enderecoBairro} onChange={(v) => set('enderecoBairro', v)} disabled={off} />
            <p>
              Cidade de partida: <strong>{f.enderecoCidade || '—'}</strong>{' '}
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setCityOpen(true)} disabled={off}>
                Escolher cidade
              </button>
            </p>
          </>
        )}
        <Field label="Pedido mínimo para entrega (R$)" value={f.pedidominimoentrega} onChange={money('pedidominimoentrega')} disabled={off} />
        <label className="field">
          <span className="field__label">Descrição da entrega</span>
          <textarea className="input" rows={3} value={f.descricaoentrega} disabled={off} onChange={(e) => set('descricaoentrega', e.target.value)} />
        </label>
      </fieldset>
      <Field label="Pedido mínimo para retirada (R$)" value={f.pedidominimoretirada} onChange={money('pedidominimoretirada')} disabled={!retirada} />
      <label className="field">
        <span className="field__label">Descrição da retirada</span>
        <textarea className="input" rows={3} value={f.descricaoretirada} disabled={!retirada} onChange={(e) => set('descricaoretirada', e.target.value)} />
      </label>
      <DeliveryDaysFields value={dayList} onChange={(v) => (setDayList(v), setError(null))} resumo={core ? resumoDias(core, d.dias) : []} />
      {error && <p className="form__error" role="alert">{error}</p>}
      <button type="button" className="btn" disabled={!core} onClick={() => void save()}>
        Salvar
      </button>
      {cityOpen && (
        <Dialog title="Selecione uma cidade" onClose={() => setCityOpen(false)} className="dlg--small">
          <CityField
            value={f.enderecoCidade}
            autoFocus
            onChange={(c) => {
              if (!c) return;
              set('enderecoCidade', c);
              setCityOpen(false);
            }}
          />
        </Dialog>
      )}
    </div>
  );
}

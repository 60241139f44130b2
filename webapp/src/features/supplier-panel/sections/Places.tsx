/**
 * Locais de Exibição: a small wizard — choose the mode (Todo Brasil / Apenas alguns estados /
 * Apenas algumas cidades), then the states or cities as tags (at most 5 suggestions), then
 * confirm. Mode 1 confirms directly. Saved with `editar_locais_fornecedor` ({local, cidades}).
 */
import { useState } from 'react';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { editarLocaisFornecedor } from '../api/actions';
import { PlacesPicker } from '../components/PlacesPicker';
import { ScopeChoice, SCOPES } from '../components/ScopeChoice';
import { errorText, type SectionProps } from './types';

export function Places({ forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const current = forn.local === 1 || forn.local === 2 || forn.local === 3 ? forn.local : null;
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [local, setLocal] = useState<1 | 2 | 3 | null>(current);
  const [placeList, setPlaceList] = useState<string[]>(current && current !== 1 ? (forn.cidades ?? []) : []);
  const [error, setError] = useState<string | null>(null);

  async function confirm(l: 1 | 2 | 3, places: string[]) {
    if (!core) return;
    let scope: { local: number; cidades: string[] };
    try {
      scope = core.scope_validate(l, l === 1 ? [] : places);
    } catch (e) {
      return setError(errorText(e));
    }
    status.loading();
    const r = await editarLocaisFornecedor(scope.local, scope.cidades);
    if (r.error !== undefined) return status.error();
    status.success();
    update({ local: r.local as 1 | 2 | 3, cidades: r.cidades });
    setStep(0);
  }

  function next() {
    setError(null);
    if (step === 0) {
      if (!core) return;
      try {
        core.scope_validate(local, local === 1 ? [] : ['-']);
      } catch (e) {
        return setError(errorText(e));
      }
      if (local === 1) return void confirm(1, []);
      if (local !== current) setPlaceList([]);
      return setStep(1);
    }
    if (step === 1 && local && local !== 1) {
      if (!core) return;
      try {
        core.scope_validate(local, placeList);
      } catch (e) {
        return setError(errorText(e));
      }
      setStep(2);
    }
  }

  const label = SCOPES.find((s) => s.local === current)?.label;
  return (
    <div className="panel-form">
      <p className="muted">
        Atualmente: {label ?? 'não definido'}
        {current && current !== 1 && forn.cidades?.length ? ` — ${forn.cidades.join(', ')}` : ''}
      </p>
      {step > 0 && (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => (setError(null), setStep(step === 2 ? 1 : 0))}>
          Voltar
        </button>
      )}
      {step === 0 && <ScopeChoice value={local} onChange={(l) => (setLocal(l), setError(null))} />}
      {step === 1 && local && local !== 1 && <PlacesPicker key={local} local={local} value={placeList} onChange={(v) => (setPlaceList(v), setError(null))} limit={5} />}
      {step === 2 && (
        <p>
          Confirmar {local === 2 ? 'os estados' : 'as cidades'}: {placeList.join(', ')}?
        </p>
      )}
      {error && <p className="form__error" role="alert">{error}</p>}
      {step < 2 ? (
        <button type="button" className="btn" onClick={next} disabled={!core}>
          Continuar
        </button>
      ) : (
        <button type="button" className="btn" onClick={() => local && void confirm(local, placeList)}>
          Confirmar
        </button>
      )}
    </div>
  );
}

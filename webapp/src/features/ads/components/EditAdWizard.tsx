/**
 * The ad-edit wizard (supplier-panel.md 'Ad-edit wizard'; progress over 8 steps): category,
 * title and price, description, image (preview, replace or remove), origin, scope, places
 * (skipped for Todo Brasil), confirm; then 'Mudanças realizadas!' with OK. On failure it returns
 * to the scope step with 'Algum erro ocorreu!'.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { useCore } from '@/features/checkout/useCore';
import { capitalizar } from '@/features/catalog/display';
import { ERRO_GENERICO } from '@/lib/rpc';
import { editarAnuncio, type AdFields, type Anuncio, type Locais } from '../api/anuncios';
import { stepError } from '../rules';
import { AdStepFields, Summary, TITULOS, type AdStep } from './AdStepFields';
import type { IconValue } from './IconPicker';
import '../ads.css';

type Step = AdStep | 'enviar';

const STEPS: readonly Step[] = ['categoria', 'tituloPreco', 'descricao', 'icone', 'origem', 'alcance', 'locais', 'enviar'];

/** The ad's stored values as the wizard's fields. */
export function fieldsOf(a: Anuncio): AdFields {
  const locais: Locais = a.locais ?? 1;
  return {
    categoria: a.categoria,
    titulo: capitalizar(a.titulo),
    preco: String(a.preco),
    descricao: a.descricao ?? '',
    origem: a.origem ?? '',
    locais,
    cidades: locais === 1 ? [] : (a.cidades ?? []).filter((c) => c !== 'ALL'),
  };
}

export interface EditAdWizardProps {
  usuario: string;
  anuncio: Anuncio;
  onClose: () => void;
  onSaved: (ad: Anuncio) => void;
}

export function EditAdWizard({ usuario, anuncio, onClose, onSaved }: EditAdWizardProps) {
  const { core, failed } = useCore();
  const [i, setI] = useState(0);
  const [fields, setFields] = useState<AdFields>(() => fieldsOf(anuncio));
  const [icon, setIcon] = useState<IconValue>(anuncio.icone ? { kind: 'url', url: anuncio.icone } : { kind: 'none' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const step = STEPS[i];
  const skipsPlaces = fields.locais === 1;

  const set = (patch: Partial<AdFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setError(null);
  };

  function next(e: FormEvent) {
    e.preventDefault();
    if (!core || step === 'enviar') return;
    const checked = step === 'icone' ? null : stepError(core, step, fields);
    if (checked) {
      setError(checked);
      return;
    }
    setI(step === 'alcance' && skipsPlaces ? i + 2 : i + 1);
  }

  function back() {
    setError(null);
    if (i === 0) onClose();
    else setI(step === 'enviar' && skipsPlaces ? i - 2 : i - 1);
  }

  async function submit() {
    if (!core || sending) return;
    const invalid = stepError(core, 'tudo', fields);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSending(true);
    const r = await editarAnuncio({
      usuario,
      anuncio,
      iconeurlfinal: icon.kind === 'new' ? icon.base64 : icon.kind === 'url' ? icon.url : null,
      fields,
    });
    setSending(false);
    if (r.error !== undefined) {
      console.error('editar_anuncio:', r.error);
      setI(STEPS.indexOf('alcance'));
      setError(ERRO_GENERICO);
      return;
    }
    onSaved(r.infos);
    setDone(true);
  }

  if (done) {
    return (
      <Dialog title="Mudanças realizadas!" onClose={onClose} className="dlg--small">
        <div className="dlg__actions">
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            OK
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Editar anúncio" onClose={onClose} className="ad-wizard">
      {failed ? (
        <p className="form__error" role="alert">
          {ERRO_GENERICO}
        </p>
      ) : (
        <form className="form" onSubmit={next} noValidate>
          <progress className="wizard-progress" max={STEPS.length} value={i + 1} aria-label="Progresso da edição" />
          {step !== 'enviar' && <h3 className="wizard-title">{TITULOS[step]}</h3>}
          {core && step !== 'enviar' && <AdStepFields step={step} core={core} fields={fields} set={set} icon={icon} setIcon={setIcon} />}
          {step === 'enviar' && <Summary fields={fields} />}
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="dlg__actions">
            <button type="button" className="btn btn--ghost" onClick={back}>
              Voltar
            </button>
            {step === 'enviar' ? (
              <button type="button" className="btn" disabled={sending} onClick={() => void submit()}>
                {sending ? 'Salvando...' : 'Salvar mudanças'}
              </button>
            ) : (
              <button type="submit" className="btn" disabled={!core}>
                Continuar
              </button>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}

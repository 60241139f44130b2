/**
 * The new-ad wizard (spec §2 'Wizards', 9 steps): intro; category; title (≤ 50) and price;
 * description (optional, ≤ 1500); icon (optional, shrunk in the browser); origin city (≤ 3
 * suggestions); display scope (Todo Brasil / Apenas alguns estados / Apenas algumas cidades); the
 * states or cities as removable tags (skipped for Todo Brasil); submit. Then 'Anuncio
 * adicionado!'. A progress bar, 'Voltar' and the close button; every message from wasm-core. On
 * failure it returns to the scope step with 'Algum erro ocorreu!'.
 *
 * Used by the profile's Anúncios section (which receives the new ad through `onAdded`) and by the
 * ads entry dialog (lazily imported).
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { useCore } from '@/features/checkout/useCore';
import { ERRO_GENERICO } from '@/lib/rpc';
import { useSession } from '@/lib/session';
import { adicionarAnuncio, type AdFields, type Anuncio } from '../api/anuncios';
import { stepError } from '../rules';
import { AdStepFields, Summary, TITULOS, type AdStep } from './AdStepFields';
import type { IconValue } from './IconPicker';
import '../ads.css';

type Step = 'intro' | AdStep | 'enviar';

const STEPS: readonly Step[] = ['intro', 'categoria', 'tituloPreco', 'descricao', 'icone', 'origem', 'alcance', 'locais', 'enviar'];

const EMPTY: AdFields = { categoria: '', titulo: '', preco: '', descricao: '', origem: '', locais: null, cidades: [] };

export interface NewAdWizardProps {
  onClose: () => void;
  /** The stored ad, as soon as it is created (the profile's list adds it). */
  onAdded?: (ad: Anuncio) => void;
}

export default function NewAdWizard({ onClose, onAdded }: NewAdWizardProps) {
  const { core, failed } = useCore();
  const session = useSession();
  const [i, setI] = useState(0);
  const [fields, setFields] = useState<AdFields>(EMPTY);
  const [icon, setIcon] = useState<IconValue>({ kind: 'none' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const step = STEPS[i];

  const set = (patch: Partial<AdFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const skipsPlaces = fields.locais === 1;

  function next(e: FormEvent) {
    e.preventDefault();
    if (!core || step === 'enviar') return;
    const checked = step === 'intro' || step === 'icone' ? null : stepError(core, step, fields);
    if (checked) {
      setError(checked);
      return;
    }
    setError(null);
    setI(step === 'alcance' && skipsPlaces ? i + 2 : i + 1);
  }

  function back() {
    setError(null);
    if (i === 0) onClose();
    else setI(step === 'enviar' && skipsPlaces ? i - 2 : i - 1);
  }

  async function submit() {
    if (!core || !session || sending) return;
    const invalid = stepError(core, 'tudo', fields);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSending(true);
    const r = await adicionarAnuncio({
      usuario: session.userinfo.usuario,
      nome: session.userinfo.nome ?? '',
      telefone: session.userinfo.telefone ?? null,
      iconeurl: icon.kind === 'new' ? icon.base64 : null,
      fields,
    });
    setSending(false);
    if (r.error !== undefined) {
      console.error('adicionar_anuncio:', r.error);
      setI(STEPS.indexOf('alcance'));
      setError(ERRO_GENERICO);
      return;
    }
    onAdded?.(r.infos);
    setDone(true);
  }

  if (done) {
    return (
      <Dialog title="Anuncio adicionado!" onClose={onClose} className="dlg--small">
        <div className="dlg__actions">
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            OK
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Novo anúncio" onClose={onClose} className="ad-wizard">
      {!session ? (
        <p className="form__error" role="alert">
          Entre na sua conta para continuar.
        </p>
      ) : failed ? (
        <p className="form__error" role="alert">
          {ERRO_GENERICO}
        </p>
      ) : (
        <form className="form" onSubmit={next} noValidate>
          <progress className="wizard-progress" max={STEPS.length} value={i + 1} aria-label="Progresso do anúncio" />
          {step === 'intro' && (
            <div>
              <h3 className="wizard-title">Anuncie gratuitamente</h3>
              <p>Publique seu produto em poucos passos. Os interessados falam com você pelo WhatsApp.</p>
            </div>
          )}
          {step !== 'intro' && step !== 'enviar' && <h3 className="wizard-title">{TITULOS[step]}</h3>}
          {core && step !== 'intro' && step !== 'enviar' && <AdStepFields step={step} core={core} fields={fields} set={set} icon={icon} setIcon={setIcon} />}
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
                {sending ? 'Publicando...' : 'Publicar anúncio'}
              </button>
            ) : (
              <button type="submit" className="btn" disabled={!core}>
                {step === 'intro' ? 'Começar' : 'Continuar'}
              </button>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * React hook: the state of an ad wizard (new or edit), shared by both. The steps (an optional
 * 'intro', the `AdStep`s, 'enviar'), the fields and the icon, 'Continuar' (checks the step with
 * wasm-core, skips 'locais' for Todo Brasil), 'Voltar' (closes on the first step), and the final
 * submit (checks everything; on failure it returns to the scope step with 'Algum erro ocorreu!').
 */
import { useState, type FormEvent } from 'react';
import type { ImageValue } from '@/components/IconPicker';
import { useCore } from '@/hooks/useCore';
import { ERRO_GENERICO, type RpcResult } from '@/lib/rpc';
import type { AdFields, Anuncio } from '../api/anuncios';
import { stepError } from '../rules';
import type { AdStep } from './AdStepFields';

export type WizardStep = 'intro' | AdStep | 'enviar';

export interface AdWizardOptions {
  steps: readonly WizardStep[];
  initialFields: AdFields | (() => AdFields);
  initialIcon: ImageValue;
  /** Sends the ad; null while it cannot be sent (e.g. no session). */
  send: ((fields: AdFields, icon: ImageValue) => Promise<RpcResult<'adicionar_anuncio' | 'editar_anuncio'>>) | null;
  /** The RPC name logged on failure. */
  action: string;
  onClose: () => void;
  onSent: (ad: Anuncio) => void;
}

export function useAdWizard({ steps, initialFields, initialIcon, send, action, onClose, onSent }: AdWizardOptions) {
  const { core, failed } = useCore();
  const [i, setI] = useState(0);
  const [fields, setFields] = useState<AdFields>(initialFields);
  const [icon, setIcon] = useState<ImageValue>(initialIcon);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const step = steps[i];
  const skipsPlaces = fields.locais === 1;

  const set = (patch: Partial<AdFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setError(null);
  };

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
    if (!core || !send || sending) return;
    const invalid = stepError(core, 'tudo', fields);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSending(true);
    const r = await send(fields, icon);
    setSending(false);
    if (r.error !== undefined) {
      console.error(`${action}:`, r.error);
      setI(steps.indexOf('alcance'));
      // Offline the wizard says so (what was typed stays); otherwise the spec's message (§8).
      setError(r.codigo_erro === 'sem_conexao' ? r.error : ERRO_GENERICO);
      return;
    }
    onSent(r.infos);
    setDone(true);
  }

  return { core, failed, i, steps, step, fields, set, icon, setIcon, error, sending, done, next, back, submit };
}

export type AdWizardState = ReturnType<typeof useAdWizard>;

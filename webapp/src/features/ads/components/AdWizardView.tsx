/**
 * The dialog of an ad wizard (new or edit), over `useAdWizard`: the progress bar, the step's
 * title and fields (or the intro, or the summary), the error, 'Voltar' and 'Continuar' (or
 * 'Começar' on the intro, or the submit button); then the done dialog with OK.
 */
import type { ReactNode } from 'react';
import { Dialog } from '@/components/Dialog';
import { ERRO_GENERICO } from '@/lib/rpc';
import { AdStepFields, Summary, TITULOS } from './AdStepFields';
import type { AdWizardState } from './useAdWizard';

export interface AdWizardViewProps {
  wizard: AdWizardState;
  title: string;
  doneTitle: string;
  onClose: () => void;
  progressLabel: string;
  submitLabel: string;
  sendingLabel: string;
  /** Shown instead of the wizard (e.g. no session). */
  notice?: ReactNode;
  /** The intro step's content. */
  intro?: ReactNode;
}

export function AdWizardView({ wizard: w, title, doneTitle, onClose, progressLabel, submitLabel, sendingLabel, notice, intro }: AdWizardViewProps) {
  const { core, step } = w;

  if (w.done) {
    return (
      <Dialog title={doneTitle} onClose={onClose} className="dlg--small">
        <div className="dlg__actions">
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            OK
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={title} onClose={onClose} className="ad-wizard">
      {notice ??
        (w.failed ? (
          <p className="form__error" role="alert">
            {ERRO_GENERICO}
          </p>
        ) : (
          <form className="form" onSubmit={w.next} noValidate>
            <progress className="wizard-progress" max={w.steps.length} value={w.i + 1} aria-label={progressLabel} />
            {step === 'intro' && intro}
            {step !== 'intro' && step !== 'enviar' && <h3 className="wizard-title">{TITULOS[step]}</h3>}
            {core && step !== 'intro' && step !== 'enviar' && (
              <AdStepFields step={step} core={core} fields={w.fields} set={w.set} icon={w.icon} setIcon={w.setIcon} />
            )}
            {step === 'enviar' && <Summary fields={w.fields} />}
            {w.error && (
              <p className="form__error" role="alert">
                {w.error}
              </p>
            )}
            <div className="dlg__actions">
              <button type="button" className="btn btn--ghost" onClick={w.back}>
                Voltar
              </button>
              {step === 'enviar' ? (
                <button type="button" className="btn" disabled={w.sending} onClick={() => void w.submit()}>
                  {w.sending ? sendingLabel : submitLabel}
                </button>
              ) : (
                <button type="submit" className="btn" disabled={!core}>
                  {step === 'intro' ? 'Começar' : 'Continuar'}
                </button>
              )}
            </div>
          </form>
        ))}
    </Dialog>
  );
}

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
import { useSession } from '@/lib/session';
import { adicionarAnuncio, type AdFields, type Anuncio } from '../api/anuncios';
import { AdWizardView } from './AdWizardView';
import { useAdWizard, type WizardStep } from './useAdWizard';
import '../ads.css';

const STEPS: readonly WizardStep[] = ['intro', 'categoria', 'tituloPreco', 'descricao', 'icone', 'origem', 'alcance', 'locais', 'enviar'];

const EMPTY: AdFields = { categoria: '', titulo: '', preco: '', descricao: '', origem: '', locais: null, cidades: [] };

export interface NewAdWizardProps {
  onClose: () => void;
  /** The stored ad, as soon as it is created (the profile's list adds it). */
  onAdded?: (ad: Anuncio) => void;
}

export default function NewAdWizard({ onClose, onAdded }: NewAdWizardProps) {
  const session = useSession();
  const wizard = useAdWizard({
    steps: STEPS,
    initialFields: EMPTY,
    initialIcon: null,
    send: session
      ? (fields, icon) =>
          adicionarAnuncio({
            telefone: session.userinfo.telefone ?? null,
            iconeurl: icon && typeof icon !== 'string' ? icon.base64 : null,
            fields,
          })
      : null,
    action: 'adicionar_anuncio',
    onClose,
    onSent: (ad) => onAdded?.(ad),
  });

  return (
    <AdWizardView
      wizard={wizard}
      title="Novo anúncio"
      doneTitle="Anuncio adicionado!"
      onClose={onClose}
      progressLabel="Progresso do anúncio"
      submitLabel="Publicar anúncio"
      sendingLabel="Publicando..."
      notice={
        !session ? (
          <p className="form__error" role="alert">
            Entre na sua conta para continuar.
          </p>
        ) : undefined
      }
      intro={
        <div>
          <h3 className="wizard-title">Anuncie gratuitamente</h3>
          <p>Publique seu produto em poucos passos. Os interessados falam com você pelo WhatsApp.</p>
        </div>
      }
    />
  );
}

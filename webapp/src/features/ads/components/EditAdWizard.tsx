/**
 * The ad-edit wizard (supplier-panel.md 'Ad-edit wizard'; progress over 8 steps): category,
 * title and price, description, image (preview, replace or remove), origin, scope, places
 * (skipped for Todo Brasil), confirm; then 'Mudanças realizadas!' with OK. On failure it returns
 * to the scope step with 'Algum erro ocorreu!'.
 */
import { capitalizeWords, priceField } from '@/lib/display';
import { editarAnuncio, type AdFields, type Anuncio, type Locais } from '../api/anuncios';
import { AdWizardView } from './AdWizardView';
import { useAdWizard, type WizardStep } from './useAdWizard';
import '../ads.css';

const STEPS: readonly WizardStep[] = ['categoria', 'tituloPreco', 'descricao', 'icone', 'origem', 'alcance', 'locais', 'enviar'];

/** The ad's stored values as the wizard's fields. */
export function fieldsOf(a: Anuncio): AdFields {
  const locais: Locais = a.locais ?? 1;
  return {
    categoria: a.categoria,
    titulo: capitalizeWords(a.titulo),
    preco: priceField(a.preco),
    descricao: a.descricao ?? '',
    origem: a.origem ?? '',
    locais,
    cidades: locais === 1 ? [] : (a.cidades ?? []).filter((c) => c !== 'ALL'),
  };
}

export interface EditAdWizardProps {
  anuncio: Anuncio;
  onClose: () => void;
  onSaved: (ad: Anuncio) => void;
}

export function EditAdWizard({ anuncio, onClose, onSaved }: EditAdWizardProps) {
  const wizard = useAdWizard({
    steps: STEPS,
    initialFields: () => fieldsOf(anuncio),
    initialIcon: anuncio.icone ?? null,
    send: (fields, icon) =>
      editarAnuncio({
        anuncio,
        iconeurlfinal: typeof icon === 'string' ? icon : (icon?.base64 ?? null),
        fields,
      }),
    action: 'editar_anuncio',
    onClose,
    onSent: onSaved,
  });

  return (
    <AdWizardView
      wizard={wizard}
      title="Editar anúncio"
      doneTitle="Mudanças realizadas!"
      onClose={onClose}
      progressLabel="Progresso da edição"
      submitLabel="Salvar mudanças"
      sendingLabel="Salvando..."
    />
  );
}

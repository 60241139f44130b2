/**
 * The ad's icon (optional): pick a photo, shrunk in the browser by the photo pipeline (longest
 * side 300 px, JPEG 0.8), shown as a preview with 'Remover imagem'. The value is a new base64
 * JPEG, the current icon's URL (edit wizard), or null.
 */
import { useEffect } from 'react';
import { PhotoFileInput, PhotoPickStatus } from './PhotoPickParts';
import { usePhotoPick } from './usePhotoPick';

export type IconValue = { kind: 'none' } | { kind: 'url'; url: string } | { kind: 'new'; base64: string; preview: string };

export function IconPicker({ value, onChange }: { value: IconValue; onChange: (v: IconValue) => void }) {
  const { stage, error, pick } = usePhotoPick((photo) =>
    onChange({ kind: 'new', base64: photo.base64, preview: URL.createObjectURL(photo.blob) }),
  );
  const preview = value.kind === 'url' ? value.url : value.kind === 'new' ? value.preview : null;

  useEffect(
    () => () => {
      if (value.kind === 'new') URL.revokeObjectURL(value.preview);
    },
    [value],
  );

  return (
    <div className="ad-icon">
      {preview ? (
        <img className="ad-icon__preview" src={preview} alt="Imagem do anúncio" width={150} height={150} />
      ) : (
        <div className="ad-icon__empty muted">Nenhuma imagem</div>
      )}
      <label className="btn btn--ghost ad-icon__pick">
        {preview ? 'Trocar imagem' : 'Escolher imagem'}
        <PhotoFileInput testId="icone-anuncio" onFile={(file) => void pick(file)} />
      </label>
      {preview && (
        <button type="button" className="btn btn--ghost" onClick={() => onChange({ kind: 'none' })}>
          Remover imagem
        </button>
      )}
      <PhotoPickStatus stage={stage} error={error} />
    </div>
  );
}

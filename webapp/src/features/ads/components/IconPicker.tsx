/**
 * The ad's icon (optional): pick a photo, shrunk in the browser by the photo pipeline (longest
 * side 300 px, JPEG 0.8), shown as a preview with 'Remover imagem'. The value is a new base64
 * JPEG, the current icon's URL (edit wizard), or null.
 */
import { useEffect, useState } from 'react';
import { preloadPhotoWorker, processPhoto } from '@/lib/photo';

export type IconValue = { kind: 'none' } | { kind: 'url'; url: string } | { kind: 'new'; base64: string; preview: string };

export function IconPicker({ value, onChange }: { value: IconValue; onChange: (v: IconValue) => void }) {
  const [stage, setStage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = value.kind === 'url' ? value.url : value.kind === 'new' ? value.preview : null;

  useEffect(
    () => () => {
      if (value.kind === 'new') URL.revokeObjectURL(value.preview);
    },
    [value],
  );

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      const photo = await processPhoto(file, 'icone', setStage);
      onChange({ kind: 'new', base64: photo.base64, preview: URL.createObjectURL(photo.blob) });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setStage(null);
    }
  }

  return (
    <div className="ad-icon">
      {preview ? (
        <img className="ad-icon__preview" src={preview} alt="Imagem do anúncio" width={150} height={150} />
      ) : (
        <div className="ad-icon__empty muted">Nenhuma imagem</div>
      )}
      <label className="btn btn--ghost ad-icon__pick">
        {preview ? 'Trocar imagem' : 'Escolher imagem'}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          data-testid="icone-anuncio"
          onClick={() => void preloadPhotoWorker()}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {preview && (
        <button type="button" className="btn btn--ghost" onClick={() => onChange({ kind: 'none' })}>
          Remover imagem
        </button>
      )}
      {stage && (
        <p className="muted" role="status">
          {stage}
        </p>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

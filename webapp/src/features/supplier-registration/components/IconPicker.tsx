/**
 * An optional image chosen from the device, shrunk in the browser by wasm-core's photo pipeline
 * (`processPhoto`: icons 300 px JPEG 0.8, backgrounds 800 px JPEG 0.7), with a preview and a
 * remove button. The value is the JPEG as base64 (no prefix) plus its preview address.
 */
import { useEffect, useId, useState } from 'react';
import { preloadPhotoWorker, processPhoto, type PhotoKind } from '@/lib/photo';

export interface PickedImage {
  base64: string;
  url: string;
}

export interface IconPickerProps {
  label: string;
  kind?: PhotoKind;
  /** The picked image, or an address already stored (`string`), or nothing. */
  value: PickedImage | string | null;
  onChange: (image: PickedImage | null) => void;
}

export function IconPicker({ label, kind = 'icone', value, onChange }: IconPickerProps) {
  const id = useId();
  const [stage, setStage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = typeof value === 'string' ? value : value?.url;
  const ownUrl = value && typeof value !== 'string' ? value.url : null;

  useEffect(() => () => {
    if (ownUrl) URL.revokeObjectURL(ownUrl);
  }, [ownUrl]);

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      const photo = await processPhoto(file, kind, setStage);
      onChange({ base64: photo.base64, url: URL.createObjectURL(photo.blob) });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Algum erro ocorreu!');
    } finally {
      setStage(null);
    }
  }

  return (
    <div className="icon-picker">
      {preview ? (
        <img src={preview} alt={label} className={`icon-picker__preview icon-picker__preview--${kind}`} />
      ) : (
        <div className={`icon-picker__empty icon-picker__preview--${kind}`} aria-hidden="true" />
      )}
      <label htmlFor={id} className="btn btn--ghost btn--small" onPointerDown={() => void preloadPhotoWorker()}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        aria-label={label}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {preview && (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange(null)}>
          Remover imagem
        </button>
      )}
      {stage && <p className="muted" role="status">{stage}</p>}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

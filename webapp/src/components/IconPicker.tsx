/**
 * An optional image picked from the device and shrunk in the browser by the photo pipeline
 * (`processPhoto`: icons 300 px JPEG 0.8, backgrounds 800 px JPEG 0.7), shown as a preview with
 * 'Remover imagem'. The value is a new image (the JPEG as base64 without prefix, plus its preview
 * address), the address of the image already stored, or null. The one image picker of the app: the
 * ad wizards, the business registration and the supplier panel (store icon and background,
 * product icon).
 */
import { useEffect } from 'react';
import { usePhotoPick } from '@/hooks/usePhotoPick';
import type { PhotoKind } from '@/lib/photo';
import { PhotoFileInput, PhotoPickStatus } from './PhotoPickParts';
import './IconPicker.css';

export interface PickedImage {
  base64: string;
  url: string;
}

/** A new image, the address of the stored one, or none. */
export type ImageValue = PickedImage | string | null;

export interface IconPickerProps {
  /** The pick button's text, also the preview's description unless `alt` is given. */
  label: string;
  /** The pick button's text while an image is shown (default: `label`). */
  changeLabel?: string;
  /** The preview's description (default: `label`). */
  alt?: string;
  /** What the empty frame says (default: nothing). */
  emptyText?: string;
  kind?: PhotoKind;
  value: ImageValue;
  onChange: (image: PickedImage | null) => void;
  /** The file input's test id. */
  testId?: string;
}

export function IconPicker({ label, changeLabel, alt, emptyText, kind = 'icone', value, onChange, testId }: IconPickerProps) {
  const { stage, error, pick } = usePhotoPick((photo) => onChange({ base64: photo.base64, url: URL.createObjectURL(photo.blob) }), kind);
  const preview = typeof value === 'string' ? value : value?.url;
  const ownUrl = value && typeof value !== 'string' ? value.url : null;

  useEffect(
    () => () => {
      if (ownUrl) URL.revokeObjectURL(ownUrl);
    },
    [ownUrl],
  );

  return (
    <div className="icon-picker">
      {preview ? (
        <img src={preview} alt={alt ?? label} className={`icon-picker__preview icon-picker__preview--${kind}`} />
      ) : (
        <div className={`icon-picker__empty icon-picker__preview--${kind} muted`} aria-hidden={emptyText ? undefined : true}>
          {emptyText}
        </div>
      )}
      <label className="btn btn--ghost btn--small">
        {preview && changeLabel ? changeLabel : label}
        <PhotoFileInput testId={testId} onFile={(file) => void pick(file)} />
      </label>
      {preview && (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange(null)}>
          Remover imagem
        </button>
      )}
      <PhotoPickStatus stage={stage} error={error} />
    </div>
  );
}

/**
 * React hook: pick one photo and shrink it in the browser (the photo pipeline's profile `kind`,
 * 'icone' by default), with its stage messages and its error; shared by the image picker and the
 * ad's photos.
 */
import { useState } from 'react';
import { processPhoto, type PhotoKind, type ProcessedPhoto } from '@/lib/photo';
import { ERRO_GENERICO } from '@/lib/rpc';
import { errorText } from '@/lib/errorText';

export function usePhotoPick(onPhoto: (photo: ProcessedPhoto) => void, kind: PhotoKind = 'icone') {
  const [stage, setStage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      onPhoto(await processPhoto(file, kind, setStage));
    } catch (err) {
      setError(errorText(err, ERRO_GENERICO));
    } finally {
      setStage(null);
    }
  }

  return { stage, error, pick };
}

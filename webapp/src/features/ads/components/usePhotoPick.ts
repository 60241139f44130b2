/**
 * React hook: pick one photo and shrink it in the browser (the photo pipeline's 'icone' profile),
 * with its stage messages and its error; shared by the ad's icon and the ad's photos.
 */
import { useState } from 'react';
import { processPhoto, type ProcessedPhoto } from '@/lib/photo';

export function usePhotoPick(onPhoto: (photo: ProcessedPhoto) => void) {
  const [stage, setStage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      onPhoto(await processPhoto(file, 'icone', setStage));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setStage(null);
    }
  }

  return { stage, error, pick };
}

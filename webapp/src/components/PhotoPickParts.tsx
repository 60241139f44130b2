/**
 * The pieces of a photo picker, shared by the image picker and the ad's photos: the hidden file
 * input (put it inside its label; it warms the photo worker on click) and the stage / error lines
 * under it.
 */
import { preloadPhotoWorker } from '@/lib/photo';

export function PhotoFileInput({ testId, onFile }: { testId?: string; onFile: (file: File | undefined) => void }) {
  return (
    <input
      type="file"
      accept="image/jpeg,image/png,image/webp"
      className="sr-only"
      data-testid={testId}
      onClick={() => void preloadPhotoWorker()}
      onChange={(e) => {
        onFile(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
}

export function PhotoPickStatus({ stage, error }: { stage: string | null; error: string | null }) {
  return (
    <>
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
    </>
  );
}

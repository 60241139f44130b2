/**
 * 'Adicionar fotos': the product's photos as removable thumbnails, at most 4; the add tile shows
 * only while there are 3 or fewer. Each photo is shrunk in the browser (300 px JPEG) and sent with
 * `upload_foto`; removal is `excluir_foto`. Failures are logged with the spec's wording and end
 * in the status dialog's error.
 */
import { useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { useStatusDialog } from '@/components/status-dialog';
import { preloadPhotoWorker, processPhoto } from '@/lib/photo';
import { excluirFoto, uploadFoto } from '../api/actions';
import type { ProductMenuProps } from './ProductMenu';
import { errorText } from '@/lib/errorText';

export const MAX_FOTOS = 4;

export function ProductPhotos({ produto: p, onChanged, onBack }: ProductMenuProps & { onBack: () => void }) {
  const status = useStatusDialog();
  const [fotos, setFotos] = useState<[string, string][]>(Object.entries(p.fotos ?? {}));

  async function add(file: File | undefined) {
    if (!file) return;
    status.loading();
    try {
      const photo = await processPhoto(file, 'icone');
      const r = await uploadFoto(p.id, photo.base64);
      if (r.error !== undefined) throw new Error(r.error);
      setFotos((f) => [...f, [r.chave, r.url]]);
      status.success();
      await onChanged();
    } catch (err) {
      console.error(`Erro ao fazer upload da foto ${fotos.length + 1}: ${errorText(err)}`);
      status.error();
    }
  }

  async function remove(idfoto: string) {
    status.loading();
    const r = await excluirFoto(p.id, idfoto);
    if (r.error !== undefined) {
      console.error(`Erro ao remover foto ${idfoto}: ${r.error}`);
      return status.error();
    }
    setFotos((f) => f.filter(([k]) => k !== idfoto));
    status.success();
    await onChanged();
  }

  return (
    <Dialog title="Adicionar fotos" onClose={onBack} className="wizard-dlg">
      <ul className="photo-grid">
        {fotos.map(([k, url], i) => (
          <li key={k} className="photo-grid__item">
            <img src={url} alt={`Foto ${i + 1}`} />
            <button type="button" className="btn btn--ghost btn--small" aria-label={`Remover foto ${i + 1}`} onClick={() => void remove(k)}>
              ×
            </button>
          </li>
        ))}
        {fotos.length < MAX_FOTOS && (
          <li className="photo-grid__add">
            <label className="photo-grid__tile" onPointerDown={() => void preloadPhotoWorker()}>
              + Adicionar
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                aria-label="Adicionar foto"
                onChange={(e) => {
                  void add(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <div className="dlg__actions">
        <button type="button" className="btn" onClick={onBack}>Voltar</button>
      </div>
    </Dialog>
  );
}

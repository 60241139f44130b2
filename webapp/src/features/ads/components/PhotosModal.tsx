/**
 * The photos modal of an ad ('Adicionar fotos'): removable thumbnails, a '+ Adicionar' tile while
 * 3 or fewer photos are held (each shrunk in the browser), and 'Salvar', enabled only when the set
 * changed. Saving removes and uploads through the API with the status dialog; failures are logged
 * as 'Erro ao remover foto' / 'Erro ao fazer upload da foto'.
 */
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { PhotoFileInput, PhotoPickStatus } from '@/components/PhotoPickParts';
import { useStatusDialog } from '@/components/status-dialog';
import { usePhotoPick } from '@/hooks/usePhotoPick';
import { excluirFotoAnuncio, uploadFotoAnuncio, type Anuncio } from '../api/anuncios';
import { canAdd, changed, changes, storedItems, type PhotoItem } from '../photos';
import '../ads.css';

export interface PhotosModalProps {
  anuncio: Anuncio;
  onClose: () => void;
  onSaved: (ad: Anuncio) => void;
}

export function PhotosModal({ anuncio, onClose, onSaved }: PhotosModalProps) {
  const status = useStatusDialog();
  const [initial] = useState(() => storedItems(anuncio.fotos));
  const [items, setItems] = useState<PhotoItem[]>(initial);
  const nextId = useRef(1);
  const previews = useRef<string[]>([]);
  const { stage, error, pick: add } = usePhotoPick((photo) => {
    const url = URL.createObjectURL(photo.blob);
    previews.current.push(url);
    setItems((list) => (canAdd(list) ? [...list, { kind: 'new', id: `nova-${nextId.current++}`, base64: photo.base64, url }] : list));
  });

  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);

  async function save() {
    const { remover, enviar } = changes(initial, items);
    status.loading();
    const fotos: Record<string, string> = { ...(anuncio.fotos ?? {}) };
    for (const pixKey of remover) {
      const r = await excluirFotoAnuncio(anuncio, pixKey);
      if (r.error !== undefined) {
        console.error('Erro ao remover foto', r.error);
        status.error();
        return;
      }
      delete fotos[pixKey];
    }
    for (const p of enviar) {
      const r = await uploadFotoAnuncio(anuncio, p.base64);
      if (r.error !== undefined) {
        console.error('Erro ao fazer upload da foto', r.error);
        onSaved({ ...anuncio, fotos });
        status.error();
        return;
      }
      fotos[r.chave] = r.url;
    }
    onSaved({ ...anuncio, fotos });
    status.success();
    onClose();
  }

  return (
    <Dialog title="Fotos do anúncio" onClose={onClose}>
      <ul className="photos" aria-label="Fotos">
        {items.map((p) => (
          <li key={p.kind === 'stored' ? p.chave : p.id} className="photos__item">
            <img src={p.url} alt="Foto do anúncio" width={96} height={96} />
            <button
              type="button"
              className="photos__x"
              aria-label="Remover foto"
              onClick={() => setItems((list) => list.filter((x) => x !== p))}
            >
              ×
            </button>
          </li>
        ))}
        {canAdd(items) && (
          <li className="photos__item">
            <label className="photos__add">
              + Adicionar
              <PhotoFileInput testId="foto-anuncio" onFile={(file) => void add(file)} />
            </label>
          </li>
        )}
      </ul>
      <PhotoPickStatus stage={stage} error={error} />
      <div className="dlg__actions">
        <button type="button" className="btn" disabled={!changed(initial, items) || stage !== null} onClick={() => void save()}>
          Salvar
        </button>
      </div>
    </Dialog>
  );
}

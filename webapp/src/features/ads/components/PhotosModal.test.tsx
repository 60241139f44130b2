/**
 * The photos modal with the RPC mocked: removable thumbnails, '+ Adicionar' only while 3 or fewer
 * photos are held, 'Salvar' enabled only when the set changed, and saving removes and uploads.
 * The photo pipeline (a Web Worker) is a fake, said so here.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { mockApi, storeSession } from '@/test/fixtures';
import { anuncio } from '@/test/catalog';
import type { Anuncio } from '@/types/wire';
import { PhotosModal } from './PhotosModal';

// Fake at the edge: the photo worker does not run in jsdom.
vi.mock('@/lib/photo', () => ({
  preloadPhotoWorker: vi.fn(async () => {}),
  processPhoto: vi.fn(async () => ({ base64: 'Tk9WQQ==', blob: new Blob(['x'], { type: 'image/jpeg' }), width: 300, height: 300 })),
}));

const AD: Anuncio = anuncio({
  id: 'ad1', idnormal: 'ad1', usuario: 'u_abc123', categoria: 'Variedades', titulo: 'mel', descricao: null, preco: 10,
  icone: '/media/i.jpg', fotos: { f1: '/media/1.jpg', f2: '/media/2.jpg', f3: '/media/3.jpg' },
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:nova');
  URL.revokeObjectURL = vi.fn();
});

function open(onSaved = vi.fn(), onClose = vi.fn()) {
  render(
    <StatusDialogProvider>
      <PhotosModal anuncio={AD} onClose={onClose} onSaved={onSaved} />
    </StatusDialogProvider>,
  );
  return { onSaved, onClose };
}

const salvar = () => screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;

describe('photos modal', () => {
  it('shows the add tile while 3 or fewer photos are held and enables Salvar only on a change', async () => {
    storeSession();
    mockApi();
    const user = userEvent.setup();
    open();
    expect(screen.getAllByRole('img', { name: 'Foto do anúncio' })).toHaveLength(3);
    expect(screen.getByText('+ Adicionar')).toBeTruthy();
    expect(salvar().disabled).toBe(true);
    await user.upload(screen.getByTestId('foto-anuncio'), new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Foto do anúncio' })).toHaveLength(4));
    expect(screen.queryByText('+ Adicionar')).toBeNull();
    expect(salvar().disabled).toBe(false);
    // Removing the new photo again brings back the stored set: nothing to save.
    await user.click(screen.getAllByRole('button', { name: 'Remover foto' })[3]);
    expect(screen.getByText('+ Adicionar')).toBeTruthy();
    expect(salvar().disabled).toBe(true);
  });

  it('saves: removes the dropped photo, uploads the new one, and reports the new set', async () => {
    storeSession();
    const { calls } = mockApi({ upload_foto_anuncio: { body: { chave: 'f9', url: '/media/9.jpg' } } });
    const user = userEvent.setup();
    const { onSaved, onClose } = open();
    await user.click(screen.getAllByRole('button', { name: 'Remover foto' })[0]);
    await user.upload(screen.getByTestId('foto-anuncio'), new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(salvar().disabled).toBe(false));
    await user.click(salvar());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.codigo)).toEqual(['excluir_foto_anuncio', 'upload_foto_anuncio']);
    expect(calls[0].body).toMatchObject({ item: { id: 'ad1' }, idfoto: 'f1' });
    expect(calls[1].body).toMatchObject({ item: { id: 'ad1' }, uri: 'Tk9WQQ==' });
    expect(onSaved).toHaveBeenCalledWith({ ...AD, fotos: { f2: '/media/2.jpg', f3: '/media/3.jpg', f9: '/media/9.jpg' } });
  });

  it('a failed removal shows the error and closes nothing', async () => {
    storeSession();
    mockApi({ excluir_foto_anuncio: { status: 500, body: { error: 'Algum erro ocorreu!' } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { onClose } = open();
    await user.click(screen.getAllByRole('button', { name: 'Remover foto' })[0]);
    await user.click(salvar());
    expect(await screen.findByText('Algum erro ocorreu!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

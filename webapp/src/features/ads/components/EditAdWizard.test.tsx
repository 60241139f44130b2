/**
 * The ad-edit wizard with the real wasm-core and the RPC mocked: the ad's values prefilled,
 * progress over 8 steps, the icon kept or removed, places skipped for Todo Brasil, and 'Mudanças
 * realizadas!'. The photo pipeline is a fake at the edge, said so here.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, storeSession } from '@/test/fixtures';
import { anuncio } from '@/test/catalog';
import type { Anuncio } from '@/types/wire';
import { EditAdWizard } from './EditAdWizard';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});
vi.mock('@/lib/photo', () => ({ preloadPhotoWorker: vi.fn(async () => {}), processPhoto: vi.fn() }));

const AD: Anuncio = anuncio({
  id: 'ad1', idnormal: 'ad1', usuario: 'u_abc123', categoria: 'Alimentos', titulo: 'queijo minas', descricao: 'Curado',
  preco: 25.5, icone: '/media/anuncios/ad1/i.jpg', fotos: {}, origem: 'Piracicaba, SP', locais: 3, cidades: ['Campinas, SP'],
});

const progress = () => Number((screen.getByRole('progressbar') as HTMLProgressElement).value);

describe('ad-edit wizard', () => {
  it('starts from the ad, changes price and scope, removes the icon and confirms', async () => {
    storeSession();
    const { calls } = mockApi({ editar_anuncio: { body: { infos: { ...AD, preco: 30, locais: 1, cidades: ['ALL'], icone: null } } } });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<EditAdWizard anuncio={AD} onClose={onClose} onSaved={onSaved} />);
    const next = () => user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    expect(progress()).toBe(1);
    expect(screen.getByRole('radio', { name: 'Alimentos' }).getAttribute('aria-checked')).toBe('true');
    await next();
    expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe('Queijo minas');
    const preco = screen.getByLabelText('Preço (R$)') as HTMLInputElement;
    expect(preco.value).toBe('25,50'); // the stored price with a decimal comma (decisions.md §29)
    await user.clear(preco);
    await user.type(preco, 'x');
    await next();
    expect(screen.getByRole('alert').textContent).toBe('Preencha todos os campos!');
    await user.type(preco, '30');
    await next();
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('Curado');
    await next();
    expect(screen.getByRole('img', { name: 'Imagem do anúncio' }).getAttribute('src')).toBe(AD.icone);
    await user.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByRole('img', { name: 'Imagem do anúncio' })).toBeNull();
    await next();
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Piracicaba, SP');
    await next();
    expect(progress()).toBe(6);
    expect(screen.getByRole('radio', { name: 'Apenas algumas cidades' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('radio', { name: 'Todo Brasil' }));
    await next();
    expect(progress()).toBe(8);
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    expect(await screen.findByRole('heading', { name: 'Mudanças realizadas!' })).toBeTruthy();
    const sent = calls.find((c) => c.codigo === 'editar_anuncio')!.body;
    expect(sent).toMatchObject({ categoria: null, iconeurlfinal: null, precoinputfinal: '30', locaisinputfinal: 1, cidadesfinal: ['ALL'], infos: { id: 'ad1' } });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ preco: 30 }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the current icon by sending its URL, and a failure returns to the scope step', async () => {
    storeSession();
    const { calls } = mockApi({ editar_anuncio: { status: 500, body: { error: 'Algum erro ocorreu!' } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<EditAdWizard anuncio={AD} onClose={vi.fn()} onSaved={vi.fn()} />);
    const next = () => user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    for (let i = 0; i < 7; i += 1) await next();
    expect(progress()).toBe(8);
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    expect(await screen.findByText('Algum erro ocorreu!')).toBeTruthy();
    expect(progress()).toBe(6);
    expect(calls.find((c) => c.codigo === 'editar_anuncio')!.body).toMatchObject({ iconeurlfinal: AD.icone, locaisinputfinal: 3, cidadesfinal: ['Campinas, SP'] });
  });
});

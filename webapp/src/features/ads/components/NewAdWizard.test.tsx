/**
 * The new-ad wizard with the real wasm-core and the RPC mocked (the edge): 9 steps with the
 * progress bar, wasm-core's message at each step, the price filter, places without duplicates,
 * the scope step again with 'Algum erro ocorreu!' on failure (offline: that a connection is needed,
 * with everything typed kept), then 'Anúncio adicionado!'. The
 * photo pipeline (a Web Worker) is replaced by a fake, said so here.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEM_CONEXAO } from '@/lib/online';
import { resetPlacesForTests } from '@/lib/places';
import { anuncio } from '@/test/catalog';
import { mockApi, storeSession } from '@/test/fixtures';
import NewAdWizard from './NewAdWizard';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

// Fake at the edge: the photo worker does not run in jsdom.
vi.mock('@/lib/photo', () => ({
  preloadPhotoWorker: vi.fn(async () => {}),
  processPhoto: vi.fn(async () => ({ base64: 'SUNPTkU=', blob: new Blob(['x'], { type: 'image/jpeg' }), width: 300, height: 200 })),
}));

const CITIES = ['Piracicaba, SP', 'Campinas, SP', 'Campina Grande, PB', 'Campina do Monte Alegre, SP', 'Campinápolis, MT'];

function api(answers: Parameters<typeof mockApi>[0]) {
  const m = mockApi(answers);
  const inner = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (url, init) => (String(url) === '/municipios.txt' ? new Response(CITIES.join('\n')) : inner(url, init)));
  return m;
}

beforeEach(() => {
  resetPlacesForTests();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const progress = () => Number((screen.getByRole('progressbar') as HTMLProgressElement).value);
const alertText = () => screen.getByRole('alert').textContent;
/** wasm-core loads asynchronously; the wizard's buttons wait for it. */
const ready = () => waitFor(() => expect((screen.getByRole('button', { name: 'Começar' }) as HTMLButtonElement).disabled).toBe(false));

describe('new-ad wizard', () => {
  it('walks the 9 steps with their messages, goes back to the scope step on failure, then adds the ad', async () => {
    storeSession();
    let fail = true;
    const { calls } = api({
      adicionar_anuncio: () => (fail ? { status: 500, body: { error: 'Algum erro ocorreu!' } } : { body: { infos: anuncio({ id: 'a1', titulo: 'queijo minas' }) } }),
    });
    const onAdded = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<NewAdWizard onClose={onClose} onAdded={onAdded} />);
    const next = () => user.click(screen.getByRole('button', { name: /^(Começar|Continuar)$/ }));

    expect(progress()).toBe(1);
    expect(screen.getByRole('heading', { name: 'Anuncie gratuitamente' })).toBeTruthy();
    await ready();
    await next();
    // Category.
    await next();
    expect(alertText()).toBe('Selecione uma categoria');
    await user.click(screen.getByRole('radio', { name: 'Variedades' }));
    await next();
    // Title and price.
    expect(progress()).toBe(3);
    await next();
    expect(alertText()).toBe('Preencha todos os campos!');
    await user.type(screen.getByLabelText('Título'), 'Queijo Minas');
    const preco = screen.getByLabelText('Preço (R$)');
    await user.type(preco, 'R$ 1a2,5');
    expect((preco as HTMLInputElement).value).toBe('12,5'); // the decimal comma kept (decisions.md §29)
    await user.clear(preco);
    await user.type(preco, '1.2.3');
    await next();
    expect(alertText()).toBe('Insira um preço válido');
    await user.clear(preco);
    await user.type(preco, '25,50');
    expect((screen.getByLabelText('Título') as HTMLInputElement).maxLength).toBe(50);
    await next();
    // Description (optional, at most 1500).
    expect(screen.getByRole('heading', { name: 'Descrição (opcional)' })).toBeTruthy();
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).maxLength).toBe(1500);
    await next();
    // Icon (optional): picked, shrunk by the (fake) pipeline, previewed, removable.
    expect(progress()).toBe(5);
    await user.upload(screen.getByTestId('icone-anuncio'), new File(['x'], 'q.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Imagem do anúncio' })).toBeTruthy();
    await next();
    // Origin city: required, at most 3 suggestions.
    await next();
    expect(alertText()).toBe('Selecione a cidade de origem');
    await user.type(screen.getByRole('combobox'), 'campin');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    await user.click(screen.getByRole('option', { name: 'Campinas, SP' }));
    await next();
    // Scope.
    expect(progress()).toBe(7);
    await next();
    expect(alertText()).toBe('Selecione uma opção');
    await user.click(screen.getByRole('radio', { name: 'Apenas algumas cidades' }));
    await next();
    // Places: at least one, no duplicates, removable.
    await next();
    expect(alertText()).toBe('Adcione ao menos 1 local');
    for (const city of ['Campinas, SP', 'Campinas, SP', 'Piracicaba, SP']) {
      await user.type(screen.getByRole('combobox'), city.slice(0, 5));
      await user.click(await screen.findByRole('option', { name: city }));
    }
    const tags = screen.getByRole('list', { name: 'Cidades escolhidas' });
    expect(within(tags).getAllByRole('listitem').map((t) => t.firstChild?.textContent)).toEqual(['Campinas, SP', 'Piracicaba, SP']);
    await next();
    // Submit: a failure returns to the scope step.
    expect(progress()).toBe(9);
    await user.click(screen.getByRole('button', { name: 'Publicar anúncio' }));
    expect(await screen.findByText('Algum erro ocorreu!')).toBeTruthy();
    expect(progress()).toBe(7);
    expect(screen.getByRole('radio', { name: 'Apenas algumas cidades' }).getAttribute('aria-checked')).toBe('true');
    fail = false;
    await next();
    await next();
    await user.click(screen.getByRole('button', { name: 'Publicar anúncio' }));
    expect(await screen.findByRole('heading', { name: 'Anúncio adicionado!' })).toBeTruthy();
    expect(onAdded).toHaveBeenCalledWith(anuncio({ id: 'a1', titulo: 'queijo minas' }));
    const sent = calls.filter((c) => c.codigo === 'adicionar_anuncio').at(-1)!.body;
    expect(sent.iconeurl).toBe('SUNPTkU=');
    expect(sent.infos).toMatchObject({ categoria: 'Variedades', titulo: 'Queijo Minas', preco: '25,50', origem: 'Campinas, SP', locais: 3, cidades: ['Campinas, SP', 'Piracicaba, SP'] });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('skips the places for Todo Brasil and goes back one step at a time', async () => {
    storeSession();
    api({});
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<NewAdWizard onClose={onClose} />);
    const next = () => user.click(screen.getByRole('button', { name: /^(Começar|Continuar)$/ }));
    await ready();
    await next();
    await user.click(screen.getByRole('radio', { name: 'Alimentos' }));
    await next();
    await user.type(screen.getByLabelText('Título'), 'Mel');
    await user.type(screen.getByLabelText('Preço (R$)'), '10');
    await next();
    await next();
    await next();
    await user.type(screen.getByRole('combobox'), 'Piraci');
    await user.click(await screen.findByRole('option', { name: 'Piracicaba, SP' }));
    await next();
    await user.click(screen.getByRole('radio', { name: 'Todo Brasil' }));
    await next();
    expect(progress()).toBe(9);
    expect(screen.getByText(/Todo Brasil/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(progress()).toBe(7);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(progress()).toBe(6);
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Piracicaba, SP');
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('offline: publishing says a connection is needed, sends nothing, and keeps everything typed', async () => {
    storeSession();
    const { calls } = api({ adicionar_anuncio: { body: { infos: anuncio({ id: 'a2', titulo: 'mel' }) } } });
    const user = userEvent.setup();
    render(<NewAdWizard onClose={vi.fn()} />);
    const next = () => user.click(screen.getByRole('button', { name: /^(Começar|Continuar)$/ }));
    await ready();
    await next();
    await user.click(screen.getByRole('radio', { name: 'Alimentos' }));
    await next();
    await user.type(screen.getByLabelText('Título'), 'Mel silvestre');
    await user.type(screen.getByLabelText('Preço (R$)'), '10');
    await next();
    await user.type(screen.getByLabelText('Descrição'), 'Colhido em outubro.');
    await next();
    await next();
    await user.type(screen.getByRole('combobox'), 'Piraci');
    await user.click(await screen.findByRole('option', { name: 'Piracicaba, SP' }));
    await next();
    await user.click(screen.getByRole('radio', { name: 'Todo Brasil' }));
    await next();

    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Publicar anúncio' }));
    expect(await screen.findByText(SEM_CONEXAO)).toBeTruthy();
    expect(calls.some((c) => c.codigo === 'adicionar_anuncio')).toBe(false);
    expect(progress()).toBe(7);
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('Colhido em outubro.');
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe('Mel silvestre');

    online.mockReturnValue(true);
    for (let i = 0; i < 5; i += 1) await next();
    expect(progress()).toBe(9);
    await user.click(screen.getByRole('button', { name: 'Publicar anúncio' }));
    expect(await screen.findByRole('heading', { name: 'Anúncio adicionado!' })).toBeTruthy();
    expect(calls.filter((c) => c.codigo === 'adicionar_anuncio').at(-1)!.body.infos).toMatchObject({ titulo: 'Mel silvestre', descricao: 'Colhido em outubro.' });
  });
});

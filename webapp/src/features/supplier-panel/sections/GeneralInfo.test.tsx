/**
 * Informações gerais, Imagens and Locais de Exibição, with the real wasm-core and the RPC mocked:
 * removing the icon shows the unsaved-changes banner and sends `iconefornfinal: false` (the
 * background kept as null), and a refused save shows only the error state; the locations wizard confirms Todo Brasil directly and checks the
 * cities step ('Adcione ao menos 1 local', at most 5 suggestions).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlacesForTests } from '@/lib/places';
import { mockApi, type MockAnswers } from '@/test/fixtures';
import { FORN, renderPanel } from '../testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const CITIES = ['Piracicaba, SP', 'Pirassununga, SP', 'Piracaia, SP', 'Piraí, RJ', 'Piraju, SP', 'Pirajuí, SP', 'Rio Claro, SP'];

function api(answers: Parameters<typeof mockApi>[0]) {
  const m = mockApi(answers);
  const inner = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (url, init) => (String(url) === '/municipios.txt' ? new Response(CITIES.join('\n')) : inner(url, init)));
  return m;
}

const withImages = { ...FORN, iconeforn: '/media/icone.jpg', fundoforn: '/media/fundo.jpg' };
const base = { loading_forn_site: { body: { infos: withImages } }, pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } } } satisfies MockAnswers;

beforeEach(() => resetPlacesForTests());

describe('Imagens', () => {
  it("removing the icon: banner 'Você fez alterações que ainda não foram salvas.', then iconefornfinal false", async () => {
    const { calls } = api({ ...base, editar_imagens_fornecedor: { body: { ok: true, iconeforn: null, fundoforn: '/media/fundo.jpg' } } });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Imagens' }));
    const salvar = screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect(salvar.disabled).toBe(true);
    expect(screen.queryByText('Você fez alterações que ainda não foram salvas.')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Remover imagem' })[0]);
    expect(screen.getByText('Você fez alterações que ainda não foram salvas.')).toBeTruthy();
    await user.click(salvar);
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(calls.find((c) => c.codigo === 'editar_imagens_fornecedor')!.body.form).toEqual({ iconefornfinal: false, fundofornfinal: null });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Você fez alterações que ainda não foram salvas.')).toBeNull());
    expect(screen.getAllByRole('button', { name: 'Remover imagem' })).toHaveLength(1);
  });

  it("a refused save ends in the error state ('Algum erro ocorreu!'); the detail is only logged (spec §8)", async () => {
    api({ ...base, editar_imagens_fornecedor: { status: 400, body: { error: 'A foto enviada não é um JPEG.', codigo_erro: 'dados_invalidos' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Imagens' }));
    await user.click(screen.getAllByRole('button', { name: 'Remover imagem' })[1]);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Algum erro ocorreu!')).toBeTruthy();
    expect(screen.queryByText('A foto enviada não é um JPEG.')).toBeNull();
    expect(logged.mock.calls.some((c) => c.join(' ').includes('A foto enviada não é um JPEG.'))).toBe(true);
  });
});

describe('Locais de Exibição', () => {
  it('Todo Brasil confirms directly', async () => {
    const { calls } = api({ ...base, loading_forn_site: { body: { infos: { ...withImages, local: 3, cidades: ['Piracicaba, SP'] } } }, editar_locais_fornecedor: (b) => ({ body: { ok: true, local: Number(b.local), cidades: b.cidades as string[] } }) });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Locais de Exibição' }));
    await user.click(screen.getByLabelText('Todo Brasil'));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(calls.find((c) => c.codigo === 'editar_locais_fornecedor')!.body).toMatchObject({ local: 1 });
  });

  it('cities: at most 5 suggestions, removable tags, at least one place, then confirm', async () => {
    const { calls } = api({ ...base, editar_locais_fornecedor: (b) => ({ body: { ok: true, local: Number(b.local), cidades: b.cidades as string[] } }) });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Locais de Exibição' }));
    await user.click(screen.getByLabelText('Apenas algumas cidades'));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Adcione ao menos 1 local');
    await user.type(screen.getByRole('searchbox', { name: 'Cidade' }), 'pira');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    await user.click(screen.getByRole('option', { name: 'Piraí, RJ' }));
    await user.type(screen.getByRole('searchbox', { name: 'Cidade' }), 'piracicaba');
    await user.click(await screen.findByRole('option', { name: 'Piracicaba, SP' }));
    const tags = screen.getByRole('list', { name: 'Locais escolhidos' });
    await user.click(within(tags).getByRole('button', { name: 'Remover Piraí, RJ' }));
    expect(within(tags).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(calls.find((c) => c.codigo === 'editar_locais_fornecedor')!.body).toMatchObject({ local: 3, cidades: ['Piracicaba, SP'] });
  });
});

/**
 * The business registration wizard with the real wasm-core and the RPC mocked at `fetch`: every
 * step's message, the back button, states as removable tags, the `cadastro_fornecedor` payload,
 * 'Cadastro Finalizado!' → /painel/{usuario} and the stored user's type becoming 1.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlacesForTests } from '@/lib/places';
import { getSession } from '@/lib/session';
import { mockApi, storeSession, USER } from '@/test/fixtures';
import BusinessWizard from './BusinessWizard';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function api(answers: Parameters<typeof mockApi>[0]) {
  const m = mockApi(answers);
  const inner = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (url, init) =>
    String(url) === '/municipios.txt' ? new Response('Piracicaba, SP\nCampinas, SP\nCuritiba, PR') : inner(url, init),
  );
  return m;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

function renderWizard(onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <Routes>
        <Route path="*" element={<><Where /><BusinessWizard user={USER} onClose={onClose} /></>} />
      </Routes>
    </MemoryRouter>,
  );
  return onClose;
}

beforeEach(() => {
  resetPlacesForTests();
  storeSession();
});

describe('business registration wizard', () => {
  it('walks the 10 steps with wasm-core messages and registers the business', async () => {
    const { calls } = api({ cadastro_fornecedor: { body: { ok: true, userinfo: { ...USER, type: 1 } } } });
    const user = userEvent.setup();
    renderWizard();
    const next = () => user.click(screen.getByRole('button', { name: /Continuar|Cadastrar/ }));
    const progress = () => Number((screen.getByRole('progressbar') as HTMLProgressElement).value);
    const alert = () => screen.getByRole('alert').textContent;

    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    expect(progress()).toBe(1);
    await next();
    expect(progress()).toBe(2);
    await next();
    expect(alert()).toBe('Insira um nome!');
    await user.type(screen.getByLabelText('Nome'), 'Sítio Boa Vista');
    await next();

    await next();
    expect(alert()).toBe('Insira um CPF/CNPJ');
    await user.type(screen.getByLabelText('CPF/CNPJ'), '12345678900');
    await next();
    expect(alert()).toBe('Insira um CPF/CNPJ válido');
    // Back one step and forward again keeps what was typed.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Sítio Boa Vista');
    await next();
    await user.clear(screen.getByLabelText('CPF/CNPJ'));
    await user.type(screen.getByLabelText('CPF/CNPJ'), '12abc34501de35');
    await next();

    expect(progress()).toBe(4);
    await user.type(screen.getByLabelText('Telefone'), '1999876');
    await next();
    expect(alert()).toBe('Insira um telefone');
    await user.type(screen.getByLabelText('Telefone'), '5432');
    expect((screen.getByLabelText('Telefone') as HTMLInputElement).value).toBe('(19) 99876-5432');
    await next();

    await user.type(screen.getByLabelText('Descrição (opcional)'), 'Hortaliças orgânicas');
    await next(); // description
    await next(); // optional image
    expect(screen.getByRole('heading', { name: 'Quase pronto' })).toBeTruthy();
    await next();
    await next();
    expect(alert()).toBe('Selecione uma opção');
    await user.click(screen.getByLabelText('Apenas alguns estados'));
    await next();
    expect(progress()).toBe(9);
    await next();
    expect(alert()).toBe('Adcione ao menos 1 local');
    await user.type(screen.getByLabelText('Estado'), 'sp');
    await user.click(await screen.findByRole('option', { name: 'SP' }));
    const tags = screen.getByRole('list', { name: 'Locais escolhidos' });
    expect(within(tags).getByText('SP')).toBeTruthy();
    await next();
    expect(progress()).toBe(10);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const done = await screen.findByRole('dialog', { name: 'Cadastro Finalizado!' });
    const sent = calls.find((c) => c.codigo === 'cadastro_fornecedor')!.body;
    expect(sent.icone).toBeNull();
    // What the API reads (the e-mail is the session's user's; the sales start at 0 there).
    expect(sent.infos).toEqual({
      nomeforn: 'Sítio Boa Vista',
      cpf: '12.ABC.345/01DE-35',
      telefone: '(19) 99876-5432',
      descricaoforn: 'Hortaliças orgânicas',
      instagram: null,
      local: 2,
      cidades: ['SP'],
    });
    expect(getSession()?.userinfo.type).toBe(1);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('where').textContent).toBe(`/painel/${USER.usuario}`);
  });

  it('skips the places step for Todo Brasil and shows the server refusal', async () => {
    api({ cadastro_fornecedor: { status: 409, body: { error: 'Você já possui uma conta empresarial.' } } });
    const user = userEvent.setup();
    renderWizard();
    const next = () => user.click(screen.getByRole('button', { name: /Continuar|Cadastrar/ }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    await next();
    await user.type(screen.getByLabelText('Nome'), 'Loja');
    await next();
    await user.type(screen.getByLabelText('CPF/CNPJ'), '123.456.789-09');
    await next();
    await user.type(screen.getByLabelText('Telefone'), '19998765432');
    await next();
    await next();
    await next();
    await next();
    await user.click(screen.getByLabelText('Todo Brasil'));
    await next();
    expect(screen.getByRole('heading', { name: 'Finalizar cadastro' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('heading', { name: 'Onde seus produtos serão exibidos?' })).toBeTruthy();
    await next();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Você já possui uma conta empresarial.');
    expect(getSession()?.userinfo.type).toBeNull();
  });
});

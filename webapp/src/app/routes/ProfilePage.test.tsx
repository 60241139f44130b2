/**
 * The profile panel: the section chosen by the navigation state `inicial`, the section menu, and
 * the not-found screen for anyone but the signed-in user.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountContext } from '@/hooks/useAccount';
import { setSession } from '@/lib/session';
import { mockApi, SESSION, storeSession, USER } from '@/test/fixtures';
import { pedido } from '@/test/shop';
import ProfilePage from './ProfilePage';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function visit(inicial?: string, usuario = USER.usuario, search = '', signIn = () => {}) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: `/painel/perfil/${usuario}`, search, state: inicial ? { inicial } : null }]}>
      <StatusDialogProvider>
        <AccountContext.Provider value={{ user: USER, signIn, openAccountMenu: () => {}, openPersonalData: () => {} }}>
          <Routes>
            <Route path="/painel/perfil/:usuario" element={<ProfilePage />} />
          </Routes>
        </AccountContext.Provider>
      </StatusDialogProvider>
    </MemoryRouter>,
  );
}

describe('profile panel', () => {
  it('opens Histórico de pedidos from inicial, and switches sections from the menu', async () => {
    storeSession();
    mockApi({ pegar_pedidos: { body: { pedidos: [] } } });
    const user = userEvent.setup();
    visit('historico');
    expect(screen.getByRole('heading', { name: 'Pedidos' })).toBeTruthy();
    expect(await screen.findByText('Nenhum pedido encontrado.')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Seções do perfil' });
    await user.click(screen.getAllByRole('button', { name: 'Endereço' }).find((b) => menu.contains(b))!);
    expect(screen.getByRole('heading', { name: 'Endereço' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar Alterações' })).toBeTruthy();
  });

  it.each([
    [undefined, 'Dados pessoais'],
    ['endereco', 'Endereço'],
    ['anuncios', 'Seus anúncios'],
  ])('inicial %s shows %s', (inicial, heading) => {
    storeSession();
    mockApi();
    visit(inicial);
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
  });

  it('Dados pessoais: e-mail read-only, Salvar only after a change, then Salvo com sucesso!', async () => {
    storeSession();
    const { calls } = mockApi({ alterar_nome: { body: { ok: true, nome: 'Maria S.' } } });
    const user = userEvent.setup();
    visit();
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.value).toBe(USER.email);
    expect(email.readOnly).toBe(true);
    const salvar = screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect(salvar.disabled).toBe(true);
    await user.clear(screen.getByLabelText('Nome'));
    expect(salvar.disabled).toBe(true);
    await user.type(screen.getByLabelText('Nome'), 'Maria S.');
    expect(salvar.disabled).toBe(false);
    await user.click(salvar);
    expect(await screen.findByText('Salvo com sucesso!')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'alterar_nome')?.body.nome).toBe('Maria S.');
    expect(salvar.disabled).toBe(true);
  });

  it('the mobile menu opens over an overlay and closes when a section is picked', async () => {
    storeSession();
    mockApi({ pegar_anuncios: { body: { anuncios: [] } } });
    const user = userEvent.setup();
    const { container } = visit();
    const toggle = screen.getByRole('button', { name: /Dados pessoais/, expanded: false });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.ownerDocument.querySelector('.profile__overlay')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Seções do perfil' });
    await user.click(screen.getAllByRole('button', { name: 'Anúncios' }).find((b) => menu.contains(b))!);
    expect(screen.getByRole('heading', { level: 2, name: 'Seus anúncios' })).toBeTruthy();
    expect(container.ownerDocument.querySelector('.profile__overlay')).toBeNull();
    expect(await screen.findByText('Nenhum anúncio encontrado.')).toBeTruthy();
  });

  it("another user's panel is not found", () => {
    storeSession();
    visit('historico', 'alguem');
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });

  it("the notices' link (?pedido=) opens Histórico de pedidos on that order's detail", async () => {
    storeSession();
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1'), pedido('o7')] } } });
    visit(undefined, USER.usuario, '?pedido=o7');
    expect(screen.getByTestId('secao-perfil').dataset.secao).toBe('historico');
    expect(await screen.findByRole('heading', { name: 'Detalhes do Pedido' })).toBeTruthy();
    expect(screen.queryAllByTestId('pedido')).toHaveLength(0);
  });

  it("signed out, the link asks to sign in, then shows the order (the link survives the sign-in)", async () => {
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o7')] } } });
    const user = userEvent.setup();
    const signIn = vi.fn();
    visit(undefined, USER.usuario, '?pedido=o7', signIn);
    expect(screen.getByText('Entre na sua conta para ver o pedido.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cadastre-se ou Faça login' }));
    expect(signIn).toHaveBeenCalledOnce();
    act(() => setSession(SESSION));
    expect(await screen.findByRole('heading', { name: 'Detalhes do Pedido' })).toBeTruthy();
  });

  it("a link to someone else's order: the history with 'Pedido não encontrado.'", async () => {
    storeSession();
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1')] } } });
    visit(undefined, USER.usuario, '?pedido=outro');
    expect((await screen.findByTestId('pedido-nao-encontrado')).textContent).toBe('Pedido não encontrado.');
    expect(screen.getAllByTestId('pedido')).toHaveLength(1);
  });
});

/**
 * The signed-in account area: the account dialog (its entries; Anuncios opens the Ads entry
 * dialog the app hands in), the sign-out confirmation ('Sair da sua conta?'
 * with Não/Sim) and the personal-data dialog ('Salvar' enabled only when the name changed).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/Dialog';
import { StatusDialogProvider } from '@/components/status-dialog';
import { getSession, type UserInfo } from '@/lib/session';
import { mockApi, storeSession, USER } from '@/test/fixtures';
import { AccountButton } from './AccountButton';
import { AccountProvider, resetAccountStartupForTests } from './AccountProvider';
import { PersonalDataDialog } from './PersonalDataDialog';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname} ${JSON.stringify(loc.state)}`}</p>;
}

/**
 * A stand-in for the Ads entry dialog the app composes and hands in (app/dialogs/AdsEntryDialog,
 * tested there): it shows whom it was opened for.
 */
function AdsEntryStandIn({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  return (
    <Dialog title="Anúncios" onClose={onClose} className="dlg--small">
      <p>{`Anúncios de ${user.usuario}`}</p>
    </Dialog>
  );
}

function renderAccount() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <StatusDialogProvider>
        <AccountProvider AdsEntryDialog={AdsEntryStandIn}>
          <AccountButton />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </AccountProvider>
      </StatusDialogProvider>
    </MemoryRouter>,
  );
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Maria Silva' }));
  return screen.findByRole('dialog', { name: 'Minha conta' });
}

beforeEach(() => {
  resetAccountStartupForTests();
  storeSession();
});

describe('account dialog', () => {
  it('lists the entries', async () => {
    mockApi({ login_site: { body: { userinfo: USER } } });
    const user = userEvent.setup();
    renderAccount();
    const dialog = await openMenu(user);
    for (const name of ['Anúncios', 'Dados pessoais', 'Endereço', 'Histórico de pedidos', 'Sair']) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('Anuncios opens the Ads entry dialog the app hands in, for the signed-in user', async () => {
    mockApi({ login_site: { body: { userinfo: USER } } });
    const user = userEvent.setup();
    renderAccount();
    await user.click(within(await openMenu(user)).getByRole('button', { name: 'Anúncios' }));
    const entry = await screen.findByRole('dialog', { name: 'Anúncios' });
    expect(entry.textContent).toContain(`Anúncios de ${USER.usuario}`);
    expect(screen.queryByRole('dialog', { name: 'Minha conta' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Endereço', 'endereco'],
    ['Histórico de pedidos', 'historico'],
  ])('%s opens the profile panel with inicial=%s', async (entry, inicial) => {
    mockApi({ login_site: { body: { userinfo: USER } } });
    const user = userEvent.setup();
    renderAccount();
    await user.click(within(await openMenu(user)).getByRole('button', { name: entry }));
    expect(screen.getByTestId('where').textContent).toBe(`/painel/perfil/${USER.usuario} {"inicial":"${inicial}"}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('sign-out confirmation', () => {
  it("'Não' keeps the session and calls nothing", async () => {
    const { calls } = mockApi({ login_site: { body: { userinfo: USER } } });
    const user = userEvent.setup();
    renderAccount();
    await user.click(within(await openMenu(user)).getByRole('button', { name: 'Sair' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sair da sua conta?' });
    await user.click(within(confirm).getByRole('button', { name: 'Não' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((c) => c.codigo)).not.toContain('logout_site');
    expect(getSession()).not.toBeNull();
  });

  it("'Sim' signs out on the server, then locally", async () => {
    const { calls } = mockApi({ login_site: { body: { userinfo: USER } }, logout_site: { body: { ok: true } } });
    const user = userEvent.setup();
    renderAccount();
    await user.click(within(await openMenu(user)).getByRole('button', { name: 'Sair' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sair da sua conta?' })).getByRole('button', { name: 'Sim' }));
    await screen.findByRole('button', { name: 'Cadastre-se ou Faça login' });
    expect(calls.find((c) => c.codigo === 'logout_site')?.headers.Authorization).toBe('Bearer tok-1');
    expect(getSession()).toBeNull();
  });

  it("a failed sign-out alerts 'Algum erro ocorreu!' and keeps the session", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockApi({ login_site: { body: { userinfo: USER } }, logout_site: { status: 500, body: { error: 'falhou' } } });
    const user = userEvent.setup();
    renderAccount();
    await user.click(within(await openMenu(user)).getByRole('button', { name: 'Sair' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sair da sua conta?' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Algum erro ocorreu!'));
    expect(getSession()).not.toBeNull();
  });
});

describe('personal-data dialog', () => {
  function renderDialog() {
    const onClose = vi.fn();
    render(
      <StatusDialogProvider>
        <PersonalDataDialog user={USER} onClose={onClose} />
      </StatusDialogProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Dados pessoais' });
    return {
      dialog,
      email: within(dialog).getByLabelText('E-mail') as HTMLInputElement,
      nome: within(dialog).getByLabelText('Nome') as HTMLInputElement,
      salvar: within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement,
    };
  }

  it("shows the e-mail read-only and enables 'Salvar' only when the name changed", async () => {
    mockApi();
    const user = userEvent.setup();
    const { email, nome, salvar } = renderDialog();
    expect(email.value).toBe(USER.email);
    expect(email.readOnly).toBe(true);
    expect(nome.value).toBe('Maria Silva');
    expect(salvar.disabled).toBe(true);

    await user.type(nome, 'na');
    expect(salvar.disabled).toBe(false);
    await user.type(nome, '{Backspace}{Backspace}');
    expect(salvar.disabled).toBe(true);
    await user.clear(nome);
    expect(salvar.disabled).toBe(true);
    await user.type(nome, '   ');
    expect(salvar.disabled).toBe(true);
  });

  it("saves with alterar_nome, shows 'Salvo com sucesso!' and updates the stored user", async () => {
    const { calls } = mockApi({ alterar_nome: { body: { ok: true, nome: 'Maria Souza' } } });
    const user = userEvent.setup();
    const { dialog, nome, salvar } = renderDialog();
    await user.clear(nome);
    await user.type(nome, 'Maria Souza');
    await user.click(salvar);
    expect(await within(dialog).findByText('Salvo com sucesso!')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'alterar_nome')?.body).toEqual({ codigo: 'alterar_nome', nome: 'Maria Souza' });
    expect(getSession()?.userinfo.nome).toBe('Maria Souza');
    expect(salvar.disabled).toBe(true);
  });

  it("shows 'Algum erro ocorreu!' when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ alterar_nome: { status: 500, body: { error: 'x' } } });
    const user = userEvent.setup();
    const { nome, salvar } = renderDialog();
    await user.type(nome, '!');
    await user.click(salvar);
    expect(await screen.findByText('Algum erro ocorreu!')).toBeTruthy();
    expect(getSession()?.userinfo.nome).toBe('Maria Silva');
  });
});

/**
 * Signing in needs the identity provider: offline, the button says so at once and opens no
 * popup; online, it opens the popup as before. A stored session is kept offline (the start-up
 * check cannot reach the API).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { SEM_CONEXAO_LOGIN } from '@/lib/online';
import { getSession } from '@/lib/session';
import { mockApi, SESSION, storeSession } from '@/test/fixtures';
import { AccountButton } from './AccountButton';
import { AccountProvider, resetAccountStartupForTests } from './AccountProvider';

function renderAccount() {
  return render(
    <MemoryRouter>
      <StatusDialogProvider>
        <AccountProvider AdsEntryDialog={() => null}>
          <AccountButton />
        </AccountProvider>
      </StatusDialogProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetAccountStartupForTests();
});

describe('sign-in offline', () => {
  it('says a connection is needed and opens no popup', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Cadastre-se ou Faça login' }));
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(SEM_CONEXAO_LOGIN);
    expect(open).not.toHaveBeenCalled();
  });

  it('online, opens the popup', async () => {
    mockApi();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Cadastre-se ou Faça login' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('keeps a stored session when the start-up check cannot reach the API', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { fetchMock } = mockApi();
    storeSession();
    renderAccount();
    await act(async () => {});
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe(SESSION.token);
    expect(screen.getByRole('button', { name: 'Maria Silva' })).toBeTruthy();
  });
});

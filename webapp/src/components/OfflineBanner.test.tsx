/**
 * The offline banner and the offline wording of the shared pieces: the status dialog's error and
 * a failed page load say that a connection is needed while the browser is offline.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { noteNetwork, SEM_CONEXAO, SEM_INTERNET } from '@/lib/online';
import { ERRO_GENERICO, type RpcError } from '@/lib/rpc';
import { LoadError } from './LoadStates';
import { OfflineBanner } from './OfflineBanner';
import { StatusDialogProvider, useStatusDialog } from './status-dialog';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  it('shows while offline, and lifts the bottom of the page', () => {
    render(<OfflineBanner />);
    expect(screen.queryByText(SEM_INTERNET)).toBeNull();
    setOnline(false);
    expect(screen.getByRole('status').textContent).toBe('Você está sem internet. Mostrando a última versão salva.');
    expect(document.documentElement.classList.contains('is-offline')).toBe(true);
    setOnline(true);
    expect(screen.queryByText(SEM_INTERNET)).toBeNull();
    expect(document.documentElement.classList.contains('is-offline')).toBe(false);
  });

  it('shows while the network does not answer, whatever the browser says (a weak signal, a stopped server)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    act(() => noteNetwork(false));
    expect(screen.getByText(SEM_INTERNET)).toBeTruthy();
    act(() => noteNetwork(true));
    expect(screen.queryByText(SEM_INTERNET)).toBeNull();
  });
});

describe('offline wording', () => {
  function Fails({ message }: { message?: string | RpcError }) {
    const status = useStatusDialog();
    return (
      <button type="button" onClick={() => status.error(message)}>
        Salvar
      </button>
    );
  }

  it('the status dialog says a connection is needed instead of the generic error', async () => {
    const user = userEvent.setup();
    render(
      <StatusDialogProvider>
        <Fails />
      </StatusDialogProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(ERRO_GENERICO);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(SEM_CONEXAO);
  });

  it("keeps a more specific 'Sem conexão…' message (a failure coded sem_conexao)", async () => {
    const user = userEvent.setup();
    setOnline(false);
    render(
      <StatusDialogProvider>
        <Fails message={{ error: 'Sem conexão. Conecte-se à internet para entrar.', codigo_erro: 'sem_conexao' }} />
      </StatusDialogProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('Sem conexão. Conecte-se à internet para entrar.');
  });

  it('a failed load offers to try again, saying why when offline', () => {
    const retry = vi.fn();
    render(<LoadError onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain(ERRO_GENERICO);
    setOnline(false);
    expect(screen.getByRole('alert').textContent).toContain(SEM_CONEXAO);
  });
});

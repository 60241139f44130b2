/**
 * The Ads entry dialog: 'Conta Empresarial' sends a user who already has a business account
 * straight to /painel/{usuario} and opens the registration wizard for one without; 'Anuncio
 * Direto' → 'Novo anúncio' opens the new-ad wizard, 'Seus anúncios' the profile's Anúncios.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@/lib/session';
import { mockApi, USER } from '@/test/fixtures';
import AdsEntryDialog from './AdsEntryDialog';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function Where() {
  const loc = useLocation();
  return (
    <p data-testid="where" data-state={JSON.stringify(loc.state)}>
      {loc.pathname}
    </p>
  );
}

function renderEntry(user: UserInfo, onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <Routes>
        <Route path="*" element={<><Where /><AdsEntryDialog user={user} onClose={onClose} /></>} />
      </Routes>
    </MemoryRouter>,
  );
  return onClose;
}

describe('Ads entry dialog', () => {
  it('Conta Empresarial: a business user goes straight to the panel', async () => {
    mockApi();
    const onClose = renderEntry({ ...USER, type: 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: /Conta Empresarial/ }));
    expect(screen.getByTestId('where').textContent).toBe(`/painel/${USER.usuario}`);
    expect(onClose).toHaveBeenCalled();
  });

  it('Conta Empresarial: a user without a type gets the registration wizard', async () => {
    mockApi();
    renderEntry(USER);
    await userEvent.setup().click(screen.getByRole('button', { name: /Conta Empresarial/ }));
    const wizard = await screen.findByRole('dialog', { name: 'Conta Empresarial' });
    expect(within(wizard).getByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('Anuncio Direto → Novo anuncio opens the new-ad wizard', async () => {
    mockApi();
    const user = userEvent.setup();
    renderEntry(USER);
    expect(screen.queryByRole('button', { name: 'Novo anúncio' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Anúncio Direto/ }));
    await user.click(screen.getByRole('button', { name: 'Novo anúncio' }));
    expect(await screen.findByRole('dialog', { name: 'Novo anúncio' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Anúncios' })).toBeNull();
  });

  it("Anuncio Direto → Seus anuncios opens the profile panel with inicial=anuncios", async () => {
    mockApi();
    const user = userEvent.setup();
    const onClose = renderEntry(USER);
    await user.click(screen.getByRole('button', { name: /Anúncio Direto/ }));
    await user.click(screen.getByRole('button', { name: 'Seus anúncios' }));
    const where = screen.getByTestId('where');
    expect(where.textContent).toBe(`/painel/perfil/${USER.usuario}`);
    expect(where.dataset.state).toBe('{"inicial":"anuncios"}');
    expect(onClose).toHaveBeenCalled();
  });
});

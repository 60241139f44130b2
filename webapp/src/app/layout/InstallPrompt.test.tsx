/**
 * 'Baixe o app': where the browser offers to install the web app, the header's button shows its
 * prompt (and the store badges gain 'Instalar o app'); otherwise it opens the dialog with the
 * app-store links, as the spec has it.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppBadges } from '@/components/AppBadges';
import { watchInstallPrompt } from '@/lib/pwa';
import { Header } from './Header';

vi.mock('@/features/account/components/AccountButton', () => ({ AccountButton: () => null }));
vi.mock('@/features/region/components/RegionButton', () => ({ RegionButton: () => null }));
vi.mock('@/components/BagButton', () => ({ BagButton: () => null }));

function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe("'Baixe o app'", () => {
  it('without an install prompt: the dialog with the store links', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Baixe o app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baixe o app e anuncie gratuitamente' });
    expect(within(dialog).getByRole('link', { name: /Google Play/ })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /App Store/ })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Instalar o app/ })).toBeNull();
  });

  it("with the browser's install prompt: the button shows it", async () => {
    watchInstallPrompt();
    const event = offerInstall();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Baixe o app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the badges offer 'Instalar o app' first while the prompt is there", async () => {
    watchInstallPrompt();
    render(<AppBadges />);
    expect(screen.queryByRole('button', { name: /Instalar o app/ })).toBeNull();
    const event = offerInstall();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Instalar o app/ }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Instalar o app/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Google Play/ })).toBeTruthy();
  });
});

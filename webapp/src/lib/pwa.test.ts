/**
 * The installable app, page side: the reads and photos handed to a new service worker, and the
 * browser's install prompt kept and offered once.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadedUrls, promptInstall, useInstallPrompt, watchInstallPrompt } from './pwa';

describe('loadedUrls', () => {
  it("keeps this origin's catalogue reads and photos, nothing else", () => {
    const entries = [
      '/api?codigo=pegar_produtos_anuncios_site&regiao=Piracicaba%2C+SP',
      '/media/produtos/p1/a.jpg',
      '/media/produtos/p1/a.jpg',
      '/api',
      '/api?codigo=validar_cupom&cupom=X',
      '/assets/shell-abc.js',
      'https://example.com/media/x.jpg',
    ].map((name) => ({ name }) as PerformanceEntry);
    expect(loadedUrls(entries)).toEqual([
      'http://127.0.0.1:5173/api?codigo=pegar_produtos_anuncios_site&regiao=Piracicaba%2C+SP',
      'http://127.0.0.1:5173/media/produtos/p1/a.jpg',
    ]);
  });
});

describe('install prompt', () => {
  it('is kept when the browser offers it, shown on request once, and gone after', async () => {
    watchInstallPrompt();
    const { result } = renderHook(() => useInstallPrompt());
    expect(result.current).toBe(false);
    expect(await promptInstall()).toBe(false);

    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(result.current).toBe(true);

    let accepted = false;
    await act(async () => {
      accepted = await promptInstall();
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(accepted).toBe(true);
    expect(result.current).toBe(false);
  });

  it('is dropped once the app is installed', () => {
    watchInstallPrompt();
    const { result } = renderHook(() => useInstallPrompt());
    act(() => {
      window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt: vi.fn(), userChoice: new Promise(() => {}) }));
    });
    expect(result.current).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current).toBe(false);
  });
});

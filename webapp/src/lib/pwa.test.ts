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

describe('registerServiceWorker: updates', () => {
  /** A stand-in for navigator.serviceWorker and one registration (the browser's side). */
  function fakeServiceWorker(controlled: boolean) {
    const container = new EventTarget() as EventTarget & { controller: unknown; register: ReturnType<typeof vi.fn> };
    const registration = Object.assign(new EventTarget(), {
      waiting: null as unknown,
      installing: null as unknown,
      update: vi.fn(async () => {}),
    });
    container.controller = controlled ? { postMessage: vi.fn() } : null;
    container.register = vi.fn(async () => registration);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }));
    return { container, registration };
  }

  it('offers a new version only while one already controls the page; Atualizar lets it take over, then one reload', async () => {
    vi.resetModules();
    vi.stubEnv('DEV', false);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.useFakeTimers({ toFake: ['setInterval', 'setTimeout'] });
    const { container, registration } = fakeServiceWorker(true);
    const pwa = await import('./pwa');
    const { result } = renderHook(() => pwa.useAppUpdate());
    pwa.registerServiceWorker();
    await act(async () => {});
    expect(container.register).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(pwa.REGISTER_DELAY_MS + 3000);
    });
    expect(container.register).toHaveBeenCalledWith('/sw.js');
    expect(result.current).toBe(false);

    const installing = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
    registration.installing = installing;
    act(() => {
      registration.dispatchEvent(new Event('updatefound'));
      installing.state = 'installed';
      installing.dispatchEvent(new Event('statechange'));
    });
    expect(result.current).toBe(true);

    pwa.applyUpdate();
    expect(installing.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('the first install takes control without a reload, and is handed what the page loaded', async () => {
    vi.resetModules();
    vi.stubEnv('DEV', false);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.useFakeTimers({ toFake: ['setInterval', 'setTimeout'] });
    const { container } = fakeServiceWorker(false);
    const pwa = await import('./pwa');
    pwa.registerServiceWorker();
    await act(async () => {
      vi.advanceTimersByTime(pwa.REGISTER_DELAY_MS + 3000);
    });
    expect(container.register).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    const worker = { postMessage: vi.fn() };
    container.controller = worker;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', urls: expect.any(Array) });
  });
});

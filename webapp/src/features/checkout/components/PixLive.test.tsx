/**
 * The Pix success screen, live, with fake timers and `consultar_pagamento` mocked: the countdown
 * ticks; the server is asked with back-off (3 s, then longer, at most 10 s), not while the tab is
 * hidden and at once when it shows again; 'Pagamento confirmado' as soon as it answers paid (and no
 * more asking); at the deadline the expired message, or, when a Pix came in, what became of it.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PIX_EXPIRADO, PIX_VALOR_DIFERENTE } from '@/lib/orders';
import type { Answer } from '@/lib/rpc';
import { mockApi } from '@/test/fixtures';
import { formatRemaining, POLL_MAXIMO_MS } from '@/hooks/useLivePix';
import { PixLive } from './PixLive';

const INICIO = Date.UTC(2026, 10, 27, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(INICIO);
});
afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
});

function setVisibility(v: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** `consultar_pagamento` answering `estado()` each time, counting the calls. */
function servidor(estado: () => Answer<'consultar_pagamento'>) {
  const { calls } = mockApi({ consultar_pagamento: () => ({ body: estado() }) });
  return () => calls.filter((c) => c.codigo === 'consultar_pagamento');
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderPix(expiraEm: number | null = INICIO + (59 * 60 + 32) * 1000) {
  return render(<PixLive idpedido="3f9a1c2b-pedido" expiraEm={expiraEm} qrcode="000201…6304ABCD" imagem={null} />);
}

describe('PixLive', () => {
  it('counts down to the expiry', async () => {
    servidor(() => ({ pago: false, expirado: false, pix_devolvido: null }));
    renderPix();
    expect(screen.getByTestId('pix-expira').textContent).toBe('Expira em 59:32');
    await advance(2000);
    expect(screen.getByTestId('pix-expira').textContent).toBe('Expira em 59:30');
    expect(screen.getByTestId('pix-copia-e-cola')).toBeTruthy();
  });

  it("asks with back-off and turns to 'Pagamento confirmado' at the answer, then stops asking", async () => {
    let pago = false;
    const consultas = servidor(() => ({ pago, expirado: false, pix_devolvido: null }));
    renderPix();
    await advance(2900);
    expect(consultas()).toHaveLength(0);
    await advance(100); // 3 s
    expect(consultas()).toHaveLength(1);
    expect(consultas()[0].body).toEqual({ codigo: 'consultar_pagamento', all: { idpedido: '3f9a1c2b-pedido' } });
    await advance(4400);
    expect(consultas()).toHaveLength(1);
    await advance(100); // + 4,5 s
    expect(consultas()).toHaveLength(2);
    await advance(6750); // + 6,75 s
    expect(consultas()).toHaveLength(3);
    await advance(POLL_MAXIMO_MS); // then at most 10 s apart
    expect(consultas()).toHaveLength(4);
    await advance(POLL_MAXIMO_MS);
    expect(consultas()).toHaveLength(5);
    expect(screen.getByTestId('pix-situacao').textContent).toBe('Pague com Pix para confirmar o seu pedido.');

    pago = true;
    await advance(POLL_MAXIMO_MS);
    expect(screen.getByTestId('pix-situacao').textContent).toBe('Pagamento confirmado');
    expect(screen.queryByTestId('pix-expira')).toBeNull();
    expect(screen.queryByTestId('pix-copia-e-cola')).toBeNull();
    await advance(60_000);
    expect(consultas()).toHaveLength(6);
  });

  it('does not ask while the tab is hidden, and asks at once when it shows', async () => {
    const consultas = servidor(() => ({ pago: false, expirado: false, pix_devolvido: null }));
    renderPix();
    await advance(3000);
    expect(consultas()).toHaveLength(1);
    setVisibility('hidden');
    await advance(60_000);
    expect(consultas()).toHaveLength(1);
    await act(async () => setVisibility('visible'));
    await advance(0);
    expect(consultas()).toHaveLength(2);
    // Back to the short wait.
    await advance(3000);
    expect(consultas()).toHaveLength(3);
  });

  it('at the deadline without a payment: the expired message', async () => {
    let expirado = false;
    const consultas = servidor(() => ({ pago: false, expirado, pix_devolvido: null }));
    renderPix(INICIO + 20_000);
    await advance(19_000);
    expect(screen.getByTestId('pix-expira').textContent).toBe('Expira em 00:01');
    expirado = true;
    const antes = consultas().length;
    await advance(1000);
    // The deadline: one more look at the server, which says expired.
    await advance(0);
    expect(consultas().length).toBe(antes + 1);
    expect(screen.getByTestId('pix-situacao').textContent).toBe(PIX_EXPIRADO);
    expect(screen.queryByTestId('pix-copia-e-cola')).toBeNull();
    await advance(60_000);
    expect(consultas().length).toBe(antes + 1);
  });

  it('a payment in the last second is not called late: the server says paid after the deadline', async () => {
    let pago = false;
    servidor(() => ({ pago, expirado: false, pix_devolvido: null }));
    renderPix(INICIO + 10_000);
    await advance(10_000);
    expect(screen.getByTestId('pix-situacao').textContent).toBe('Verificando pagamento...');
    pago = true;
    await advance(3000);
    expect(screen.getByTestId('pix-situacao').textContent).toBe('Pagamento confirmado');
  });

  it("a Pix of another amount: said at once, the charge still open; at expiry, never 'não foi pago a tempo'", async () => {
    let expirado = false;
    servidor(() => ({ pago: false, expirado, pix_devolvido: 'valor_diferente' }));
    renderPix(INICIO + 30_000);
    await advance(3000);
    expect(screen.getByTestId('pix-devolvido').textContent).toBe(PIX_VALOR_DIFERENTE);
    expect(screen.getByTestId('pix-copia-e-cola')).toBeTruthy();
    expirado = true;
    await advance(30_000);
    await advance(0);
    const text = screen.getByTestId('pix-situacao').textContent ?? '';
    expect(text).toContain('Recebemos um Pix de valor diferente e o devolvemos');
    expect(text).not.toContain('não foi pago a tempo');
    expect(document.body.textContent).not.toContain(PIX_EXPIRADO);
  });

  it('writes the time left as mm:ss, or h:mm:ss from an hour', () => {
    expect(formatRemaining((59 * 60 + 32) * 1000)).toBe('59:32');
    expect(formatRemaining(3_600_000)).toBe('1:00:00');
    expect(formatRemaining(1)).toBe('00:01');
    expect(formatRemaining(-5)).toBe('00:00');
  });
});

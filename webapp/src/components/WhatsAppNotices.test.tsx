/**
 * 'Avisos pelo WhatsApp': hidden when the platform does not send them; off by default, turned on
 * for the right phone (`papel`), then the kinds show; a channel turned off by 'PARAR' says so.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, storeSession, USER } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { WhatsAppNotices } from './WhatsAppNotices';

const canal = (ativo: boolean, aviso_desligado: string | null = null) => ({
  telefone: '(19) 99230-1478',
  ativo,
  consentido_em: ativo ? 1 : null,
  aviso_desligado,
});
const avisos = (ativo: boolean, extra: Record<string, unknown> = {}) => ({
  disponivel: true,
  comprador: canal(ativo),
  loja: null,
  avisos: [
    { aviso: 'pedidos', whatsapp: true },
    { aviso: 'pagamentos', whatsapp: true },
  ],
  ...extra,
});

describe('WhatsAppNotices', () => {
  it('is hidden when the channel is off', async () => {
    storeSession();
    const { calls } = mockApi({ pegar_avisos: { body: avisos(false, { disponivel: false }) } });
    renderPage(<WhatsAppNotices papel="comprador" />, { path: '/perfil', user: USER });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('checkbox', { name: 'Receber avisos pelo WhatsApp' })).toBeNull();
  });

  it('turns the profile phone on, then shows the kinds', async () => {
    storeSession();
    const { calls } = mockApi({ pegar_avisos: { body: avisos(false) }, alterar_avisos: { body: avisos(true) } });
    renderPage(<WhatsAppNotices papel="comprador" />, { path: '/perfil', user: USER });
    const box = await screen.findByRole('checkbox', { name: 'Receber avisos pelo WhatsApp' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/No número \(19\) 99230-1478/)).toBeTruthy();
    await userEvent.setup().click(box);
    await screen.findByRole('group', { name: 'Quais avisos pelo WhatsApp' });
    expect(calls[1].body).toEqual({ codigo: 'alterar_avisos', papel: 'comprador', ativo: true, avisos: [] });
    expect((screen.getByRole('checkbox', { name: 'Receber avisos pelo WhatsApp' }) as HTMLInputElement).checked).toBe(true);
  });

  it("says why a 'PARAR' turned it off", async () => {
    storeSession();
    const parou = 'Você respondeu PARAR no WhatsApp: os avisos por lá foram desligados.';
    mockApi({ pegar_avisos: { body: avisos(false, { comprador: canal(false, parou) }) } });
    renderPage(<WhatsAppNotices papel="comprador" />, { path: '/perfil', user: USER });
    expect(await screen.findByText(parou)).toBeTruthy();
  });
});

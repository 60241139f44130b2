/**
 * 'Excluir minha conta': once the server deleted the account, nothing of the person stays in this
 * browser (the session and the bag); refused, both stay.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addToBag, BAG_KEY, getBag, resetBagForTests } from '@/lib/bag';
import { getSession } from '@/lib/session';
import { mockApi, storeSession, USER } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { ALFACE, FORN } from '@/test/shop';
import { PrivacySection } from './PrivacySection';

async function remove() {
  const user = userEvent.setup();
  renderPage(<PrivacySection />, { path: '/perfil', user: USER });
  await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
  await user.click(await screen.findByRole('button', { name: 'Sim, excluir' }));
}

describe('Excluir minha conta', () => {
  it('empties the bag and the session once the account is deleted', async () => {
    resetBagForTests();
    storeSession();
    addToBag({ product: ALFACE, quantidade: 2, opcao: null, dadosforn: FORN });
    expect(getBag()).toHaveLength(1);
    const { calls } = mockApi({ excluir_minha_conta: { body: { ok: true } } });
    await remove();
    await screen.findByText('Sua conta foi excluída.');
    expect(calls[0].body).toEqual({ codigo: 'excluir_minha_conta', confirmacao: 'EXCLUIR' });
    expect(getSession()).toBeNull();
    expect(getBag()).toEqual([]);
    expect(localStorage.getItem(BAG_KEY)).toBeNull();
  });

  it('keeps them when the server refuses (orders in progress)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    resetBagForTests();
    storeSession();
    addToBag({ product: ALFACE, quantidade: 2, opcao: null, dadosforn: FORN });
    const message = 'Você tem pedidos em andamento. Aguarde a entrega ou cancele-os antes de excluir a conta.';
    mockApi({ excluir_minha_conta: { status: 409, body: { error: message, codigo_erro: 'conta_com_pendencias' } } });
    await remove();
    await screen.findByText(message);
    await waitFor(() => expect(getSession()).not.toBeNull());
    expect(getBag()).toHaveLength(1);
  });
});

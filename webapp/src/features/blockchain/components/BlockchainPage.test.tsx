/**
 * The notarisation page with the real wasm-core rules and a mocked API: sign-in prompt, the
 * spec's messages, the token price and the history (first three plus the modal).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountContext } from '@/hooks/useAccount';
import { mockApi, storeSession, USER } from '@/test/fixtures';
import type { HistoryEntry } from '../api/notary';
import BlockchainPage from './BlockchainPage';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function visit(signIn = () => {}) {
  return render(
    <MemoryRouter>
      <StatusDialogProvider>
        <AccountContext.Provider value={{ user: USER, signIn, openAccountMenu: () => {}, openPersonalData: () => {} }}>
          <BlockchainPage />
        </AccountContext.Provider>
      </StatusDialogProvider>
    </MemoryRouter>,
  );
}

const entry = (i: number): HistoryEntry => ({
  id: `tx${i}`.padEnd(43, 'x'),
  descricao: `Registro ${i}`,
  data: 1_700_000_000_000 + i,
  link: `http://127.0.0.1:1984/tx${i}`,
  nomeArquivo: `arq${i}.pdf`,
  tamanho: 1000,
  sha256: 'ab'.repeat(32),
});

describe('blockchain page', () => {
  it('asks to sign in when signed out', async () => {
    const signIn = vi.fn();
    visit(signIn);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entrar' }));
    expect(signIn).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'GERAR PIX' })).toBeNull();
  });

  it('refuses a file without tokens, and shows three entries plus the modal with all', async () => {
    storeSession();
    mockApi({ pegar_fichas_blockchain: { body: { fichas: 0, historico: [1, 2, 3, 4].map(entry) } } });
    const user = userEvent.setup();
    visit();
    expect(await screen.findByText('0 fichas')).toBeTruthy();
    expect(screen.getAllByTestId('registro')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Ver todos' }));
    const all = screen.getByRole('dialog', { name: 'Todos os registros' });
    expect(within(all).getAllByTestId('registro')).toHaveLength(4);
    await user.keyboard('{Escape}');
    await user.upload(screen.getByTestId('arquivo-blockchain'), new File(['abc'], 'a.txt'));
    expect((await screen.findAllByText('Você não possui fichas!')).length).toBeGreaterThan(0);
  });

  it('prices tokens at R$ 5 and asks for a description before FINALIZAR', async () => {
    storeSession();
    const { calls } = mockApi({
      pegar_fichas_blockchain: { body: { fichas: 1, historico: [] } },
      gerarpix_blockchain: {
        body: {
          codigo: { qrcode: '000201abc', imagemQrcode: 'data:image/svg+xml;base64,PHN2Zy8+' },
          qrcode: '000201abc',
          imagem_qrcode: 'data:image/svg+xml;base64,PHN2Zy8+',
          txid: 't',
          fichas: 3,
          valor: '15.00',
        },
      },
    });
    const user = userEvent.setup();
    visit();
    expect(await screen.findByText('1 ficha')).toBeTruthy();
    const qty = screen.getByLabelText('Quantidade');
    await user.clear(qty);
    await user.type(qty, '3');
    expect(await screen.findByText(/Total: R\$\s*15,00/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'GERAR PIX' }));
    const modal = await screen.findByRole('dialog', { name: 'Pagamento via Pix' });
    expect(within(modal).getByTestId('pix-copia-e-cola')).toHaveProperty('value', '000201abc');
    const sent = calls.find((c) => c.codigo === 'gerarpix_blockchain')?.body;
    expect(sent?.quantidade).toBe(3);
    expect(sent?.preco).toBe('15.00'); // priced by wasm-core (tokens_price), sent as the spec's string
    await user.keyboard('{Escape}');
    await user.upload(screen.getByTestId('arquivo-blockchain'), new File(['abc'], 'laudo.pdf'));
    await user.click(await screen.findByRole('button', { name: 'Confirmar arquivo' }));
    await user.click(screen.getByRole('button', { name: 'FINALIZAR' }));
    expect(await screen.findByText('Insira uma descrição')).toBeTruthy();
  });
});

/**
 * The public verification page with a mocked API: the record's facts and the in-browser
 * SHA-256 check of a chosen file (match and mismatch).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fixtures';
import VerifyPage from './VerifyPage';

// SHA-256 of 'abc'.
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('verification page', () => {
  it('shows the record and tells a matching file from another', async () => {
    const { calls } = mockApi({
      verificar_blockchain: {
        body: {
          transactionId: 'T1',
          nomeArquivo: 'laudo.pdf',
          tipo: 'application/pdf',
          tamanho: 3,
          sha256: ABC,
          data: 1_700_000_000_000,
          link: 'http://127.0.0.1:1984/T1',
          status: 'confirmado',
          confirmacoes: 2,
        },
      },
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/verificar/T1']}>
        <Routes>
          <Route path="/verificar/:transactionId" element={<VerifyPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('laudo.pdf')).toBeTruthy();
    expect(screen.getByTestId('verificar-sha256').textContent).toBe(ABC);
    expect(screen.getByTestId('verificar-status').textContent).toContain('Confirmado na rede');
    expect(calls[0].body.transactionId).toBe('T1');
    await user.upload(screen.getByTestId('arquivo-conferir'), new File(['abc'], 'mesmo.pdf'));
    expect((await screen.findByTestId('resultado-conferir')).textContent).toContain('confere com o registro');
    await user.upload(screen.getByTestId('arquivo-conferir'), new File(['abd'], 'outro.pdf'));
    expect(await screen.findByText(/é diferente do registrado/)).toBeTruthy();
  });
});

/**
 * The upload steps with a fake XMLHttpRequest (the edge of the test: the upload endpoint):
 * progress then the link on success; on failure back to the description step with the
 * server's message, the description kept.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { storeSession } from '@/test/fixtures';
import { UploadCard } from './UploadCard';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** `answer` null: the request fails at transport level (onerror). */
function fakeXhr(status: number, answer: unknown) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private req: Sent = { url: '', headers: {}, body: null };
    open(_method: string, url: string) {
      this.req.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.req.headers[k] = v;
    }
    send(body: unknown) {
      this.req.body = body;
      sent.push(this.req);
      setTimeout(() => {
        if (answer === null) {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function visit(onUploaded = () => {}) {
  return render(
    <MemoryRouter>
      <StatusDialogProvider>
        <UploadCard fichas={1} onUploaded={onUploaded} />
      </StatusDialogProvider>
    </MemoryRouter>,
  );
}

async function toFinalizar(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByTestId('arquivo-blockchain'), new File(['abc'], 'laudo.pdf', { type: 'application/pdf' }));
  await user.click(await screen.findByRole('button', { name: 'Confirmar arquivo' }));
  await user.type(screen.getByLabelText('Descrição'), 'Laudo');
  await user.click(screen.getByRole('button', { name: 'FINALIZAR' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('upload card', () => {
  it('streams the file with the session and shows the link', async () => {
    storeSession();
    const sent = fakeXhr(200, { transactionId: 'T'.repeat(43), link: 'http://127.0.0.1:1984/TTT' });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    visit(onUploaded);
    await toFinalizar(user);
    expect(await screen.findByText('Arquivo registrado com sucesso!')).toBeTruthy();
    expect(screen.getByTestId('link-registro').getAttribute('href')).toBe('http://127.0.0.1:1984/TTT');
    expect(sent[0].url).toBe('/api/blockchain/upload?nome=laudo.pdf&descricao=Laudo');
    expect(sent[0].headers.Authorization).toBe('Bearer tok-1');
    expect(sent[0].headers['Content-Type']).toBe('application/pdf');
    expect(sent[0].body).toBeInstanceOf(File);
    expect(onUploaded).toHaveBeenCalled();
  });

  it('returns to the description step with the error on failure', async () => {
    storeSession();
    fakeXhr(500, { error: 'Algum erro ocorreu!' });
    const user = userEvent.setup();
    visit();
    await toFinalizar(user);
    expect((await screen.findAllByText('Algum erro ocorreu!')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('Laudo');
    expect(screen.getByRole('button', { name: 'FINALIZAR' })).toBeTruthy();
  });

  it("says 'Algum erro ocorreu!' (not the transport detail) when the connection fails", async () => {
    storeSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeXhr(0, null);
    const user = userEvent.setup();
    visit();
    await toFinalizar(user);
    expect((await screen.findAllByText('Algum erro ocorreu!')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Ocorreu um erro de comunicação.')).toBeNull();
    expect(screen.getByRole('button', { name: 'FINALIZAR' })).toBeTruthy();
  });
});

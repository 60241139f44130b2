/**
 * The buyer's review of a delivered order (decisions.md §33): the 1–5 note (wasm-core's message
 * without one), the optional comment, `avaliar_pedido`'s payload; a review shows with the store's
 * reply and 'Editar avaliação' while editable; one the moderation removed says so, with why.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, USER } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { pedido as order } from '@/test/shop';
import type { AvaliacaoPedido, Pedido } from '@/types/wire';
import { OrderReview } from './OrderReview';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const NOW = Date.now();

function pedido(avaliacao?: Partial<AvaliacaoPedido>): Pedido {
  return {
    ...order('o1', { userforn: 'demo-joao', horario_pedido: NOW, cliente_user: USER.usuario, situacao: '2', preco_produtos: 8, total_pago: 8 }),
    ...(avaliacao
      ? {
          avaliacao: {
            nota: 4, comentario: 'Bom', criado_em: NOW, editado_em: null, editavel_ate: NOW + 86_400_000, resposta: null,
            respondido_em: null, removida: false, motivo_remocao: null, ...avaliacao,
          },
        }
      : {}),
  };
}

describe('OrderReview', () => {
  it('rates a delivered order: a note is required, then avaliar_pedido with the note and the comment', async () => {
    const { calls } = mockApi({ avaliar_pedido: { body: { ok: true, nova: true } } });
    renderPage(<OrderReview pedido={pedido()} />, { path: '/', user: USER });
    const form = await screen.findByRole('region', { name: 'Avaliar pedido' });
    const user = userEvent.setup();
    // 'Enviar avaliação' waits for wasm-core (it checks the note), which may load after the form.
    const enviar = await within(form).findByRole<HTMLButtonElement>('button', { name: 'Enviar avaliação' });
    await waitFor(() => expect(enviar.disabled).toBe(false));
    await user.click(enviar);
    expect(await within(form).findByText('Escolha uma nota de 1 a 5.')).toBeTruthy();
    expect(calls.filter((c) => c.codigo === 'avaliar_pedido')).toHaveLength(0);
    await user.click(within(form).getByLabelText('5 estrelas'));
    await user.type(within(form).getByLabelText('Comentário (opcional)'), '  Chegou fresquinho  ');
    await user.click(within(form).getByRole('button', { name: 'Enviar avaliação' }));
    expect(await screen.findByText('Obrigado pela sua avaliação!')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'avaliar_pedido')!.body).toEqual({
      codigo: 'avaliar_pedido', idpedido: 'o1', nota: 5, comentario: 'Chegou fresquinho',
    });
    expect(screen.getByTestId('sua-avaliacao').textContent).toContain('Chegou fresquinho');
  });

  it("shows the review with the store's reply, editable for 30 days", async () => {
    mockApi();
    renderPage(<OrderReview pedido={pedido({ resposta: 'Obrigado!' })} />, { path: '/', user: USER });
    const box = await screen.findByRole('region', { name: 'Sua avaliação' });
    expect(within(box).getByRole('img', { name: '4 de 5 estrelas' })).toBeTruthy();
    expect(box.textContent).toContain('Resposta da loja: Obrigado!');
    await userEvent.click(within(box).getByRole('button', { name: 'Editar avaliação' }));
    expect(await screen.findByRole('region', { name: 'Avaliar pedido' })).toBeTruthy();
  });

  it('no longer offers to change it after 30 days, and says why the moderation removed one', async () => {
    mockApi();
    const { unmount } = renderPage(<OrderReview pedido={pedido({ editavel_ate: NOW - 1 })} />, { path: '/', user: USER });
    expect((await screen.findByRole('region', { name: 'Sua avaliação' })).textContent).not.toContain('Editar');
    unmount();
    renderPage(<OrderReview pedido={pedido({ removida: true, motivo_remocao: 'Linguagem ofensiva' })} />, { path: '/', user: USER });
    expect((await screen.findByRole('region', { name: 'Sua avaliação' })).textContent).toBe(
      'Sua avaliação foi removida pela moderação. Motivo: Linguagem ofensiva',
    );
  });
});

/**
 * 'Histórico de pedidos' with the RPC mocked and the real wasm-core: loading, empty, cards, the
 * detail's status headline (the card's), amounts, the Pix check ('Verificando pagamento...' then
 * Pago / Expirado / Pendente) followed live until paid, with the charge's deadline, the WhatsApp
 * link, and 'Cancelar pedido' only while awaiting delivery (confirm 'Cancelar Pedido?', then
 * 'Pedido cancelado.'), a refunded Pix's state and why it came back, the cards' store, time (in
 * Brazilian time, the device elsewhere), total and status, and the coupon before the total.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { formatDateTime } from '@/lib/time';
import { mockApi } from '@/test/fixtures';
import type { Pedido } from '@/types/wire';
import { OrdersSection } from './OrdersSection';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function pedido(id: string, infos: Partial<Pedido['Infos']> = {}): Pedido {
  return {
    id,
    idpedido: id,
    Infos: {
      txid: 'TX123456789012345678901234567',
      userforn: 'forn1',
      nomeforn: 'Sítio Boa Vista',
      telefoneforn: '(19)99876-5432',
      horario_pedido: Date.UTC(2026, 10, 20, 15, 30),
      cliente_user: 'u_carla',
      cliente_nome: 'Carla Souza',
      cliente_telefone: null,
      status_pix: '1',
      situacao: '1',
      tipo_entrega: 'Entrega',
      pagamento: '2',
      preco_produtos: 36.7,
      taxa_entrega: 13.06,
      desconto: 3.67,
      total_pago: 46.09,
      cupom: { codigo: 'BEMVINDO10', tipo: '%', valor: 10 },
      qrcode: '000201…',
      imagem_qrcode: 'data:image/svg+xml;base64,PHN2Zy8+',
      rua: 'Avenida Independência',
      numero: '2350',
      cidade: 'Piracicaba, SP',
      complemento: 'Apto 42',
      reembolsado: false,
      devolucao: null,
      pix_expira_em: null,
      // A delivered order is a received one unless a test says otherwise (decisions.md §37).
      entregue_em: infos.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebido_em: infos.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebimento: infos.situacao === '2' ? 'comprador' : null,
      pix_devolvido: null,
      ...infos,
    },
    Produtos: [
      { titulo: 'alface crespa', icone: null, opcao: null, quantidade: 3, preco: 3.9, pago: 11.7, telefone: '(19)99876-5432' },
      { titulo: 'tomate italiano', icone: '/media/t.jpg', opcao: '1 kg', quantidade: 2, preco: 8.5, pago: 17, telefone: '(19)99876-5432' },
    ],
  };
}

const PICKUP = pedido('o2', {
  tipo_entrega: 'Retirada',
  pagamento: '1',
  status_pix: null,
  qrcode: null,
  imagem_qrcode: null,
  taxa_entrega: 0,
  desconto: 0,
  cupom: null,
  total_pago: 36.7,
});

function renderOrders(linkedOrder: string | null = null) {
  return render(
    <StatusDialogProvider>
      <OrdersSection linkedOrder={linkedOrder} />
    </StatusDialogProvider>,
  );
}

async function openDetail(user: ReturnType<typeof userEvent.setup>, index: number) {
  const cards = await screen.findAllByTestId('pedido');
  await user.click(within(cards[index]).getByRole('button', { name: 'Detalhes' }));
  return screen.findByRole('heading', { name: 'Detalhes do Pedido' });
}

describe('order history', () => {
  it("shows 'Carregando pedidos...' then 'Nenhum pedido encontrado.'", async () => {
    mockApi({ pegar_pedidos: { body: { pedidos: [] } } });
    renderOrders();
    expect(screen.getByRole('heading', { name: 'Pedidos' })).toBeTruthy();
    expect(screen.getByText('Carregando pedidos...')).toBeTruthy();
    expect(await screen.findByText('Nenhum pedido encontrado.')).toBeTruthy();
  });

  it('lists cards with the type, the store, the time, the total, the status and Detalhes', async () => {
    // The device in Tokyo: 15:30 UTC is 00:30 of the next day there, 12:30 in São Paulo.
    vi.stubEnv('TZ', 'Asia/Tokyo');
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1'), PICKUP] } } });
    renderOrders();
    const cards = await screen.findAllByTestId('pedido');
    expect(cards.map((c) => c.querySelector('.order-card__type')?.textContent)).toEqual(['Entrega', 'Retirada no local']);
    expect(cards.map((c) => within(c).getByTestId('pedido-loja').textContent)).toEqual(['Sítio Boa Vista', 'Sítio Boa Vista']);
    expect(cards.map((c) => within(c).getByTestId('pedido-total').textContent)).toEqual(['R$ 46,09', 'R$ 36,70']);
    expect(cards.map((c) => within(c).getByTestId('pedido-status').textContent)).toEqual(['Aguardando pagamento', 'Aguardando entrega']);
    expect(cards[0].querySelector('.order-card__time')?.textContent).toBe('20/11/2026, 12:30');
    vi.unstubAllEnvs();
    expect(within(cards[1]).getByRole('button', { name: 'Detalhes' })).toBeTruthy();
  });

  it.each<[Partial<Pedido['Infos']>, string]>([
    [{ status_pix: '2' }, 'Pago · aguardando entrega'],
    [{ status_pix: '2', situacao: '2' }, 'Entrega confirmada'],
    [{ status_pix: '0', situacao: '00' }, 'Cancelado'],
  ])("a Pix order's card (%o) says '%s'", async (infos, status) => {
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1', infos)] } } });
    renderOrders();
    const [card] = await screen.findAllByTestId('pedido');
    expect(within(card).getByTestId('pedido-status').textContent).toBe(status);
  });

  it.each([
    ['valor_diferente', 'Recebemos um Pix de valor diferente e o devolvemos'],
    ['pagamento_tardio', 'Recebemos o seu Pix depois do prazo de pagamento e o devolvemos'],
    ['pagamento_duplicado', 'Recebemos um segundo Pix para este pedido, já pago (pagamento em duplicidade), e o devolvemos'],
    ['pedido_cancelado', 'Recebemos o seu Pix depois que o pedido foi cancelado e o devolvemos'],
  ] as const)("a Pix that came in and went back (%s) says so, never that it expired unpaid", async (motivo, text) => {
    mockApi({
      pegar_pedidos: { body: { pedidos: [pedido('o1', { status_pix: '1', situacao: '00' })] } },
      consultar_pagamento: { body: { pago: false, expirado: true, pix_devolvido: motivo } },
    });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    await waitFor(() => expect(screen.getByTestId('pix-devolvido').textContent).toBe(text));
    expect(screen.getByTestId('pix-status').textContent).toBe('Devolvido');
    expect(document.body.textContent).not.toMatch(/Expirado|não foi pago a tempo/);
  });

  it("the order's own pix_devolvido is told without a check", async () => {
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1', { status_pix: '0', situacao: '00', pix_devolvido: 'valor_diferente' })] } } });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    expect(screen.getByTestId('pix-devolvido').textContent).toBe('Recebemos um Pix de valor diferente e o devolvemos');
    expect(screen.getByTestId('pix-status').textContent).toBe('Devolvido');
  });

  it.each([
    [{ pago: true, expirado: false, pix_devolvido: null }, 'Pago'],
    [{ pago: false, expirado: true, pix_devolvido: null }, 'Expirado'],
    [{ pago: false, expirado: false, pix_devolvido: null }, 'Pendente'],
  ])('Pix awaiting: "Verificando pagamento..." then %o → %s', async (answer, shown) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1')] } }, consultar_pagamento: { body: answer } });
    const fetchMock = vi.mocked(fetch);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(init?.body).includes('consultar_pagamento')) await gate;
      return inner(url, init);
    });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    expect(screen.getByTestId('pix-status').textContent).toBe('Verificando pagamento...');
    release();
    await waitFor(() => expect(screen.getByTestId('pix-status').textContent).toBe(shown));
    expect(calls.find((c) => c.codigo === 'consultar_pagamento')?.body.all).toEqual({ txid: 'TX123456789012345678901234567', idpedido: 'o1' });
  });

  it('detail of a delivery paid by Pix: headline, lines, fee, coupon, total, address, seller, WhatsApp', async () => {
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1', { status_pix: '2' })] } } });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    const detail = screen.getByRole('heading', { name: 'Detalhes do Pedido' }).closest('section')!;
    // The card's phrase, not the spec's bare 'Aguardando entrega'.
    expect(within(detail).getByTestId('situacao').textContent).toBe('Pago · aguardando entrega');
    await waitFor(() => expect(within(detail).getByTestId('total-pago').textContent).toBe('R$ 46,09'));
    const text = detail.textContent ?? '';
    for (const s of ['alface crespa', 'tomate italiano', '1 kg', 'Quantidade: 3', 'R$ 11,70', 'R$ 17,00', 'Preço dos produtos', 'R$ 36,70', 'Taxa de entrega', 'R$ 13,06', 'Cupom BEMVINDO10', '- R$ 3,67', 'Pix', 'Pago', 'Avenida Independência, 2350 - Apto 42, Piracicaba, SP', 'Sítio Boa Vista', '(19)99876-5432']) {
      expect(text).toContain(s);
    }
    expect(within(detail).getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/5519998765432');
    expect(within(detail).getByRole('button', { name: 'Cancelar pedido' })).toBeTruthy();
    // The coupon (code and discount) comes before the total it made.
    const terms = [...detail.querySelectorAll('dt')].map((d) => d.textContent);
    expect(terms).toEqual(['Preço dos produtos', 'Taxa de entrega', 'Cupom BEMVINDO10', 'Total']);
    const values = [...detail.querySelectorAll('dd')].map((d) => d.textContent);
    expect(values.indexOf('- R$ 3,67')).toBe(values.indexOf('R$ 46,09') - 1);
  });

  it.each<[NonNullable<Pedido['Infos']['devolucao']>, string]>([
    ['devolvido', 'O valor pago por Pix foi devolvido.'],
    ['em_processamento', 'O valor pago por Pix está sendo devolvido.'],
    ['falhou', 'A devolução do seu Pix está sendo verificada pela Feira.'],
  ])("a refunded Pix order (devolucao '%s') says '%s'", async (devolucao, text) => {
    mockApi({
      consultar_pagamento: { body: { pago: true, expirado: false, pix_devolvido: null } },
      pegar_pedidos: { body: { pedidos: [pedido('o1', { status_pix: '2', situacao: '00', reembolsado: true, devolucao })] } },
    });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    expect(screen.getByTestId('devolucao').textContent).toBe(text);
  });

  it("asks 'Recebi meu pedido' once the store marked it delivered, and then opens the review", async () => {
    const marked = { ...PICKUP, Infos: { ...PICKUP.Infos, situacao: '2' as const, entregue_em: Date.UTC(2026, 10, 22), recebido_em: null, recebimento: null } };
    let received = false;
    const { calls } = mockApi({
      pegar_pedidos: () => ({ body: { pedidos: [received ? { ...marked, Infos: { ...marked.Infos, recebido_em: Date.UTC(2026, 10, 23), recebimento: 'comprador' as const } } : marked] } }),
      confirmar_recebimento: () => {
        received = true;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    expect(screen.queryByRole('region', { name: 'Avaliar pedido' })).toBeNull();
    const ask = screen.getByRole('group', { name: 'Você recebeu seu pedido?' });
    await user.click(within(ask).getByRole('button', { name: 'Recebi meu pedido' }));
    await waitFor(() => expect(calls.some((c) => c.codigo === 'confirmar_recebimento' && c.body.item === marked.idpedido)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Você recebeu seu pedido?' })).toBeNull());
  });

  it('an order without a refund says nothing of one', async () => {
    mockApi({ pegar_pedidos: { body: { pedidos: [PICKUP] } } });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    expect(screen.queryByTestId('devolucao')).toBeNull();
  });

  it.each<[Pedido['Infos']['situacao'], string, number | null]>([
    ['00', 'Cancelado', null],
    ['2', 'Entrega confirmada', Date.UTC(2026, 10, 22)],
    ['2', 'Entregue · confirme o recebimento', null],
  ])("situacao '%s' shows '%s' and cannot be cancelled", async (situacao, headline, recebido_em) => {
    mockApi({ pegar_pedidos: { body: { pedidos: [{ ...PICKUP, Infos: { ...PICKUP.Infos, situacao, recebido_em } }] } } });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    expect(screen.getByTestId('situacao').textContent).toBe(headline);
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
    expect(screen.getByText('Presencial')).toBeTruthy();
    expect(screen.queryByText('Taxa de entrega')).toBeNull();
  });

  it("cancels after 'Cancelar Pedido?', closes the detail and says 'Pedido cancelado.'; Voltar returns to the list", async () => {
    let cancelado = false;
    const { calls } = mockApi({
      pegar_pedidos: () => ({ body: { pedidos: [pedido('o1', { status_pix: '2' }), cancelado ? { ...PICKUP, Infos: { ...PICKUP.Infos, situacao: '00' } } : PICKUP] } }),
      cancelar_pedido: () => {
        cancelado = true;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await openDetail(user, 1);
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancelar Pedido?' });
    await user.click(within(confirm).getByRole('button', { name: 'Não' }));
    expect(calls.some((c) => c.codigo === 'cancelar_pedido')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancelar Pedido?' })).getByRole('button', { name: 'Sim' }));
    await screen.findByRole('heading', { name: 'Pedidos' });
    // The order by its id; the buyer is the session's.
    expect(calls.find((c) => c.codigo === 'cancelar_pedido')?.body).toEqual({ codigo: 'cancelar_pedido', item: 'o2' });
    expect(screen.getByTestId('pedidos-aviso').textContent).toBe('Pedido cancelado.');
    // The list is read again: the server's word.
    await waitFor(() => expect(calls.filter((c) => c.codigo === 'pegar_pedidos')).toHaveLength(2));
    expect(screen.getAllByTestId('pedido-status')[1].textContent).toBe('Cancelado');
    await openDetail(user, 1);
    expect(screen.queryByTestId('pedidos-aviso')).toBeNull();
    expect(screen.getByTestId('situacao').textContent).toBe('Cancelado');
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it('cancelling a paid Pix order says its money is given back', async () => {
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1', { status_pix: '2' })] } }, cancelar_pedido: { body: { ok: true } } });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancelar Pedido?' })).getByRole('button', { name: 'Sim' }));
    expect((await screen.findByTestId('pedidos-aviso')).textContent).toBe('Pedido cancelado. O valor pago por Pix será devolvido a você.');
  });

  it("a Pix awaiting payment: the deadline and the QR while 'Pendente', then 'Pago' without a reload, and the list agrees", async () => {
    let pago = false;
    const expira = Date.now() + 30 * 60_000;
    const waiting = pedido('o1', { pix_expira_em: expira });
    const { calls } = mockApi({
      pegar_pedidos: () => ({ body: { pedidos: [pago ? { ...waiting, Infos: { ...waiting.Infos, status_pix: '2' } } : waiting] } }),
      consultar_pagamento: () => ({ body: { pago, expirado: false, pix_devolvido: null } }),
    });
    const user = userEvent.setup();
    renderOrders();
    const [card] = await screen.findAllByTestId('pedido');
    expect(within(card).getByTestId('pedido-status').textContent).toBe('Aguardando pagamento');
    await openDetail(user, 0);
    // The same phrase as the card's; asked at once on opening.
    expect(screen.getByTestId('situacao').textContent).toBe('Aguardando pagamento');
    await waitFor(() => expect(screen.getByTestId('pix-status').textContent).toBe('Pendente'));
    const prazo = screen.getByTestId('pix-prazo').textContent ?? '';
    expect(prazo).toMatch(new RegExp(`^Pague até ${formatDateTime(expira)} · expira em (29:[0-5]\\d|30:00)$`));
    expect(screen.getByTestId('pix-copia-e-cola')).toBeTruthy();

    // Paid: the next check (3 s later) turns it, without a reload.
    pago = true;
    await waitFor(() => expect(screen.getByTestId('pix-status').textContent).toBe('Pago'), { timeout: 8000 });
    expect(screen.getByTestId('situacao').textContent).toBe('Pago · aguardando entrega');
    expect(screen.queryByTestId('pix-prazo')).toBeNull();
    expect(screen.queryByTestId('pix-copia-e-cola')).toBeNull();
    // The history read again, so back in the list the card says the same.
    await waitFor(() => expect(calls.filter((c) => c.codigo === 'pegar_pedidos')).toHaveLength(2));
    const consultas = calls.filter((c) => c.codigo === 'consultar_pagamento').length;
    expect(consultas).toBeGreaterThanOrEqual(2);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect((await screen.findAllByTestId('pedido-status'))[0].textContent).toBe('Pago · aguardando entrega');
    // And no more asking once paid.
    expect(calls.filter((c) => c.codigo === 'consultar_pagamento')).toHaveLength(consultas);
  });

  it("a basket's cycle paid by Pix Automático: the automatic charge and its due date, no deadline nor code to copy, then 'Pago'", async () => {
    let pago = false;
    // As the server sends it: no copy-paste code (the bank pays the recurring charge on its due date).
    const ciclo = pedido('o1', { qrcode: '', pix_expira_em: Date.now() + 20 * 3_600_000, vencimento_pix_automatico: '2026-11-30' });
    mockApi({
      pegar_pedidos: () => ({ body: { pedidos: [pago ? { ...ciclo, Infos: { ...ciclo.Infos, status_pix: '2' } } : ciclo] } }),
      consultar_pagamento: () => ({ body: { pago, expirado: false, pix_devolvido: null } }),
    });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    expect(screen.getByTestId('situacao').textContent).toBe('Aguardando pagamento');
    await waitFor(() => expect(screen.getByTestId('pix-status').textContent).toBe('Pendente'));
    expect(screen.getByText('Pix Automático', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByTestId('pix-automatico-cobranca').textContent).toBe(
      'Cobrança automática via Pix Automático em 30/11/2026. Seu banco faz o pagamento nessa data: não há código para copiar.',
    );
    expect(screen.queryByTestId('pix-prazo')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByTestId('pix-copia-e-cola')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar código' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'QR Code Pix' })).toBeNull();

    // Debited on the due date: followed live, it turns to 'Pago' without a reload.
    pago = true;
    await waitFor(() => expect(screen.getByTestId('pix-status').textContent).toBe('Pago'), { timeout: 8000 });
    expect(screen.getByTestId('situacao').textContent).toBe('Pago · aguardando entrega');
    expect(screen.queryByTestId('pix-automatico-cobranca')).toBeNull();
  });

  it('a one-off Pix order says nothing of Pix Automático', async () => {
    mockApi({
      pegar_pedidos: { body: { pedidos: [pedido('o1', { pix_expira_em: Date.now() + 30 * 60_000 })] } },
      consultar_pagamento: { body: { pago: false, expirado: false, pix_devolvido: null } },
    });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    await waitFor(() => expect(screen.getByTestId('pix-status').textContent).toBe('Pendente'));
    expect(screen.getByText('Pix', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByTestId('pix-automatico-cobranca')).toBeNull();
    expect(screen.getByTestId('pix-prazo')).toBeTruthy();
  });

  it.each([
    [409, 'conflito', 'Este pedido não pode mais ser cancelado.', 'Este pedido não pode mais ser cancelado.'],
    [500, 'erro_interno', 'Erro interno.', 'Algum erro ocorreu!'],
  ])('a failed cancellation (HTTP %i, %s: %s): the status dialog; the order stays', async (status, codigo_erro, error, shown) => {
    mockApi({ pegar_pedidos: { body: { pedidos: [PICKUP] } }, cancelar_pedido: { status, body: { error, codigo_erro } } });
    const user = userEvent.setup();
    renderOrders();
    await openDetail(user, 0);
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancelar Pedido?' })).getByRole('button', { name: 'Sim' }));
    const dialog = await screen.findByRole('dialog', { name: shown });
    expect(within(dialog).getByRole('alert').textContent).toContain(shown);
    expect(screen.getByTestId('situacao').textContent).toBe('Aguardando entrega');
  });

  it('pegar_pedidos sends nothing but the session (the server takes the buyer from it)', async () => {
    const userinfo = { usuario: 'u_carla', nome: 'Carla', email: 'c@example.com' };
    localStorage.setItem('sessao', JSON.stringify({ token: 't', userinfo }));
    const { calls } = mockApi({ pegar_pedidos: { body: { pedidos: [] } } });
    renderOrders();
    await screen.findByText('Nenhum pedido encontrado.');
    expect(calls[0].body).toEqual({ codigo: 'pegar_pedidos' });
    expect(calls[0].headers.Authorization).toBe('Bearer t');
  });

  it("the notices' link: the pages are read until the order shows, and its detail opens", async () => {
    const { calls } = mockApi({
      pegar_pedidos: (body) => (body.cursor === 'p2' ? { body: { pedidos: [PICKUP] } } : { body: { pedidos: [pedido('o1')], proximo: 'p2' } }),
    });
    renderOrders('o2');
    expect(await screen.findByRole('heading', { name: 'Detalhes do Pedido' })).toBeTruthy();
    expect(screen.getByTestId('situacao').textContent).toBe('Aguardando entrega');
    expect(calls.filter((c) => c.codigo === 'pegar_pedidos').map((c) => c.body.cursor)).toEqual([undefined, 'p2']);
  });

  it("the notices' link to an order not hers: the list, with 'Pedido não encontrado.'", async () => {
    mockApi({ pegar_pedidos: { body: { pedidos: [pedido('o1'), PICKUP] } } });
    renderOrders('alheio');
    expect((await screen.findByRole('alert')).textContent).toBe('Pedido não encontrado.');
    expect(screen.getAllByTestId('pedido')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Detalhes do Pedido' })).toBeNull();
    expect(screen.queryByText('Carregando pedidos...')).toBeNull();
  });
});

/**
 * /admin: the sign-in card for anyone but the admin; the suppliers with their details modal and
 * visibility toggle; the customers' search and 'Não informado'; the withdrawal requests with the
 * 'Confirmar Transferência?' dialog, the orders each request pays for, and the empty text; the Pix
 * issues (Pix never applied with their refund's state, refunds not settled, 'Tentar de novo' on a
 * failed refund, paid orders without a confirmed delivery); the spec's error alerts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USER, mockApi } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import AdminPage from './AdminPage';
import { filtrarClientes } from './CustomersSection';
import { filtrarFornecedores } from './SuppliersSection';
import { ADMIN, cliente, fornecedor, saque } from './testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const RESUMO = {
  pegar_resumo_fornecedor: {
    body: {
      pedidos_abertos: [{ idpedido: 'o1', cliente_nome: 'Carla Souza', total: 43.95, horario_pedido: 0, aguardando_pagamento: false }],
      aliberar: 16,
      saldo: 0,
      saque_pendente: null,
    },
  },
};

const CLIENTES = [
  cliente(),
  cliente({ usuario: 'u2', nome: 'José Antônio Rocha', email: 'jose@feira.test', telefone: null, cidade: 'Rio Claro, SP', complemento: null }),
  cliente({ usuario: 'u3', nome: 'Beatriz Campos', email: 'beatriz@exemplo.com', cidade: null }),
];

function openDialog(answers: Parameters<typeof mockApi>[0] = {}, user = ADMIN) {
  const api = mockApi({ loading_admin: { body: { fornecedores: [fornecedor()], total: 1 } }, pegar_avisos_falhos: { body: { avisos: [] } }, pegar_pix_automatico_problemas: { body: { problemas: [] } }, ...answers });
  const r = renderPage(<AdminPage />, { path: '/admin', user });
  return { ...api, ...r };
}

async function secao(nome: string) {
  await userEvent.click(await screen.findByRole('button', { name: nome }));
}

describe('AdminPage access', () => {
  it.each([
    ['a visitor', null],
    ['a signed-in user who is not the admin', USER],
  ])("shows %s the 'Bem-vindo(a)' card whose button starts the sign-in, and asks nothing", async (_, user) => {
    const { calls, account } = openDialog({}, user as typeof ADMIN);
    expect(screen.getByRole('heading', { name: 'Bem-vindo(a)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com o Google' }));
    expect(account.signIn).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Fornecedores' })).toBeNull();
  });

  it('alerts and shows the not-found screen when the data cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openDialog({ loading_admin: { status: 500, body: { error: 'x' } } });
    expect(await screen.findByRole('dialog', { name: 'Algum erro ocorreu ao carregar os dados. Por favor, tente novamente.' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });
});

describe('Fornecedores', () => {
  it('opens the details modal and toggles the visibility', async () => {
    const { calls } = openDialog({ ...RESUMO, invisivel: (b) => ({ body: { invisivel: b.invisivel === true } }) });
    const card = await screen.findByRole('button', { name: /Sítio Boa Vista/ });
    expect(card.textContent).toContain('fornecedor@feira.test');
    expect(card.textContent).toContain('Visível');
    await userEvent.click(card);
    const modal = screen.getByRole('dialog', { name: 'Sítio Boa Vista' });
    expect(within(modal).getByText('08183658466')).toBeTruthy();
    expect(within(modal).getByText('(19) 99876-5432')).toBeTruthy();
    expect(within(modal).getByTestId('visibilidade').textContent).toBe('Visível');
    expect(within(modal).getByRole('link', { name: 'Ver loja' }).getAttribute('href')).toBe('/admin/demo-joao');
    await userEvent.click(within(modal).getByRole('button', { name: 'Tornar invisível' }));
    // Before hiding: the store's open orders and money, and the reason; 'Cancelar' changes nothing.
    const ask = await screen.findByRole('dialog', { name: 'Tornar invisível?' });
    expect((await within(ask).findByTestId('resumo-loja')).textContent).toContain('1 pedido em andamento');
    expect(within(ask).getByTestId('resumo-loja').textContent).toContain('A liberar: R$ 16,00');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((c) => (c.body as { codigo: string }).codigo === 'invisivel')).toHaveLength(0);
    await userEvent.click(within(modal).getByRole('button', { name: 'Tornar invisível' }));
    const again = await screen.findByRole('dialog', { name: 'Tornar invisível?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Tornar invisível' }));
    expect(await within(again).findByText('Informe o motivo.')).toBeTruthy();
    await userEvent.type(within(again).getByRole('textbox'), 'Documentos pendentes');
    await userEvent.click(within(again).getByRole('button', { name: 'Tornar invisível' }));
    await waitFor(() => expect(within(modal).getByTestId('visibilidade').textContent).toBe('Invisível'));
    expect(calls.at(-1)!.body).toEqual({ codigo: 'invisivel', userforn: 'demo-joao', invisivel: true, motivo: 'Documentos pendentes' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Tornar visível' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Tornar visível?' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(within(modal).getByTestId('visibilidade').textContent).toBe('Visível'));
    expect(calls.at(-1)!.body).toMatchObject({ invisivel: false });
  });

  it("alerts 'Não foi possível alterar a visibilidade.' and keeps the state when the toggle fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openDialog({ ...RESUMO, invisivel: { status: 500, body: { error: 'Algum erro ocorreu!' } } });
    await userEvent.click(await screen.findByRole('button', { name: /Sítio Boa Vista/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Tornar invisível' }));
    const ask = await screen.findByRole('dialog', { name: 'Tornar invisível?' });
    await userEvent.type(within(ask).getByRole('textbox'), 'Teste');
    await userEvent.click(within(ask).getByRole('button', { name: 'Tornar invisível' }));
    expect(await screen.findByRole('dialog', { name: 'Não foi possível alterar a visibilidade.' })).toBeTruthy();
    expect(screen.getByTestId('visibilidade').textContent).toBe('Visível');
  });
});

describe('Fornecedores: the search', () => {
  it('finds a store by its CPF/CNPJ typed with or without the mask', () => {
    const items = [
      fornecedor({ usuario: 'a', cpf: '081.836.584-66' }),
      fornecedor({ usuario: 'b', nomeforn: 'Horta da Ana', cpf: '12.345.678/0001-95' }),
    ];
    const achar = (busca: string) => filtrarFornecedores(items, busca).map((f) => f.usuario);
    expect(achar('08183658466')).toEqual(['a']);
    expect(achar('081.836.584-66')).toEqual(['a']);
    expect(achar('836584')).toEqual(['a']);
    expect(achar('12345678000195')).toEqual(['b']);
    expect(achar('12.345.678/0001-95')).toEqual(['b']);
    expect(achar('99999999999')).toEqual([]);
  });
});

describe('Clientes', () => {
  it('filters by part of the name or the e-mail, ignoring accents and case', () => {
    expect(filtrarClientes(CLIENTES, 'COMPRADOR@').map((c) => c.usuario)).toEqual(['demo-carla']);
    expect(filtrarClientes(CLIENTES, 'jose antonio').map((c) => c.usuario)).toEqual(['u2']);
    expect(filtrarClientes(CLIENTES, 'exemplo.com').map((c) => c.usuario)).toEqual(['u3']);
    expect(filtrarClientes(CLIENTES, '  ')).toHaveLength(3);
    expect(filtrarClientes(CLIENTES, 'ninguém')).toEqual([]);
  });

  it("shows the total, searches, and shows 'Não informado' for a missing phone", async () => {
    openDialog({ pegar_clientes: { body: { clientes: CLIENTES, total: CLIENTES.length } } });
    await secao('Clientes');
    expect((await screen.findByTestId('total-clientes')).textContent).toBe('3');
    const lista = () => within(screen.getByRole('list', { name: 'Clientes' }));
    expect(lista().getAllByRole('button')).toHaveLength(3);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nome ou e-mail' }), 'jose@');
    expect(lista().getAllByRole('button').map((b) => b.querySelector('.admin-card__name')!.textContent)).toEqual([
      'José Antônio Rocha',
    ]);
    expect(screen.getByTestId('total-clientes').textContent).toBe('3');
    await userEvent.click(lista().getByRole('button'));
    const modal = screen.getByRole('dialog', { name: 'José Antônio Rocha' });
    const dl = modal.querySelector('dl')!;
    const valor = (rotulo: string) => [...dl.querySelectorAll('dt')].find((d) => d.textContent === rotulo)!.nextElementSibling!.textContent;
    expect(valor('Telefone')).toBe('Não informado');
    expect(valor('Endereço')).toBe('Avenida Independência, 2350');
    expect(valor('Cidade')).toBe('Rio Claro, SP');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'ninguém');
    expect(screen.getByText('Nenhum cliente encontrado.')).toBeTruthy();
  });

  it("alerts 'Algum erro ocorreu ao carregar os clientes.' when they cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openDialog({ pegar_clientes: { status: 500, body: { error: 'x' } } });
    await secao('Clientes');
    expect(await screen.findByRole('dialog', { name: 'Algum erro ocorreu ao carregar os clientes.' })).toBeTruthy();
  });
});

describe('Solicitações de Saque', () => {
  it("shows 'Nenhuma solicitação de saque pendente.' when there is none", async () => {
    openDialog({ pegar_solicitacoes_saque: { body: { pendentes: [] } } });
    await secao('Solicitações de Saque');
    expect(await screen.findByText('Nenhuma solicitação de saque pendente.')).toBeTruthy();
    expect(screen.getByTestId('total-saques').textContent).toBe('0');
  });

  it("asks 'Confirmar Transferência?', confirms on 'Sim' only, and reloads the list", async () => {
    let pendingItems = [saque(), saque({ id: 's2', nomeforn: 'Engenho Capivari', Solicitacao: { ...saque().Solicitacao, valor: 10, chave_pix: '12345678900' } })];
    const { calls } = openDialog({
      pegar_solicitacoes_saque: () => ({ body: { pendentes: pendingItems } }),
      confirmar_saque: (b) => {
        pendingItems = pendingItems.filter((p) => p.id !== b.userforn);
        return { body: { confirmado: true } };
      },
    });
    await secao('Solicitações de Saque');
    const lines = (await screen.findAllByRole('row')).slice(1);
    expect(lines.map((l) => [...l.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent))).toEqual([
      ['Sítio Boa Vista', 'R$ 39,20', 'fornecedor@feira.test'],
      ['Engenho Capivari', 'R$ 10,00', '12345678900'],
    ]);
    expect(screen.getByTestId('total-saques').textContent).toBe('2');

    await userEvent.click(within(lines[0]).getByRole('button', { name: 'Confirmar Transferência' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar Transferência?' })).getByRole('button', { name: 'Não' }));
    expect(calls.filter((c) => c.codigo === 'confirmar_saque')).toHaveLength(0);

    await userEvent.click(within(lines[0]).getByRole('button', { name: 'Confirmar Transferência' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar Transferência?' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.getByTestId('total-saques').textContent).toBe('1'));
    expect(calls.filter((c) => c.codigo === 'confirmar_saque').map((c) => c.body.userforn)).toEqual(['s1']);
    expect(screen.queryByText('Sítio Boa Vista', { selector: 'td *, td' })).toBeNull();
  });
});

describe('Solicitações de Saque: the orders', () => {
  it('lists under each request the orders it pays for', async () => {
    openDialog({
      pegar_solicitacoes_saque: {
        body: {
          pendentes: [
            saque({
              pedidos: [
                { idpedido: '3f9a1c2b-aaaa', cliente_nome: 'Carla Souza', valor: 25, horario_pedido: Date.UTC(2026, 10, 20, 15) },
                { idpedido: '7e0d4b11-bbbb', cliente_nome: 'João Comprador', valor: 15, horario_pedido: Date.UTC(2026, 10, 21, 15) },
              ],
            }),
            saque({ id: 's2', nomeforn: 'Engenho Capivari', pedidos: [] }),
          ],
        },
      },
    });
    await secao('Solicitações de Saque');
    const itemList = await screen.findByRole('list', { name: 'Pedidos do saque de Sítio Boa Vista' });
    expect(within(itemList).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'nº 3F9A1C2B20/11/2026Carla SouzaR$ 25,00',
      'nº 7E0D4B1121/11/2026João CompradorR$ 15,00',
    ]);
    expect(screen.queryByRole('list', { name: 'Pedidos do saque de Engenho Capivari' })).toBeNull();
  });
});

describe('Pendências Pix', () => {
  it("shows each received Pix's refund, offers 'Tentar de novo' on a failed or unmade refund, and reads the lists again", async () => {
    let status: 'falhou' | 'pendente' = 'falhou';
    const { calls } = openDialog({
      pegar_pendencias_pix: () => ({
        body: {
          recebidos: [
            { endToEndId: 'E1', txid: 'abc123', valor: 7.99, horario: '', infoPagador: null, origem: 'webhook', motivo: 'valor diferente', recebido_em: 1_764_072_000_000, devolucao: 'devolvido', devolucao_id: 'D0' },
            { endToEndId: 'E3', txid: null, valor: 13.57, horario: '', infoPagador: null, origem: 'webhook', motivo: 'txid desconhecido', recebido_em: 1_764_072_000_000, devolucao: 'nao_realizado', devolucao_id: 'D3' },
          ],
          devolucoes: [
            { id: 'D1', endToEndId: 'E2', txid: 't2', valor: 32, motivo: 'valor_diferente', status, tentativas: 3, erro: null, criado_em: 1_764_072_000_000, atualizado_em: 1_764_072_000_000 },
            { id: 'D2', endToEndId: 'E4', txid: 't4', valor: 8, motivo: 'cancelamento', status: 'em_processamento', tentativas: 1, erro: null, criado_em: 1_764_072_000_000, atualizado_em: 1_764_072_000_000 },
          ],
          atrasados: [],
        },
      }),
      tentar_devolucao_pix: (b) => {
        if (b.id === 'D1') status = 'pendente';
        return { body: { ok: true } };
      },
    });
    await secao('Pendências Pix');
    const recebidos = await screen.findByRole('region', { name: 'Pix recebidos não aplicados' });
    const [r1, r3] = within(recebidos).getAllByRole('row').slice(1);
    expect(within(r1).getByTestId('devolucao-recebido').textContent).toBe('Devolvida');
    expect(within(r1).queryByRole('button')).toBeNull();
    expect(within(r3).getByTestId('devolucao-recebido').textContent).toBe('Não realizada');
    const devolucoes = screen.getByRole('region', { name: 'Devoluções não concluídas' });
    const [d1, d2] = within(devolucoes).getAllByRole('row').slice(1);
    expect(within(d1).getByRole('button', { name: /^Tentar de novo/ })).toBeTruthy();
    expect(within(d1).getByText('Valor diferente da cobrança')).toBeTruthy();
    expect(within(d2).queryByRole('button')).toBeNull();

    const leituras = () => calls.filter((c) => c.codigo === 'pegar_pendencias_pix').length;
    await userEvent.click(within(r3).getByRole('button', { name: /^Tentar de novo/ }));
    await waitFor(() => expect(leituras()).toBe(2));
    const refunds = await screen.findByRole('region', { name: 'Devoluções não concluídas' });
    await userEvent.click(within(within(refunds).getAllByRole('row')[1]).getByRole('button', { name: /^Tentar de novo/ }));
    expect(calls.filter((c) => c.codigo === 'tentar_devolucao_pix').map((c) => c.body)).toEqual([
      { codigo: 'tentar_devolucao_pix', id: 'D3' },
      { codigo: 'tentar_devolucao_pix', id: 'D1' },
    ]);
    // Read again: D1 is being retried, no button any more.
    await waitFor(() => expect(leituras()).toBe(3));
    const depois = within(await screen.findByRole('region', { name: 'Devoluções não concluídas' })).getAllByRole('row')[1];
    expect(within(depois).getByText('Aguardando o PSP')).toBeTruthy();
    expect(within(depois).queryByRole('button')).toBeNull();
  });

  it("a retry the server refuses shows its message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openDialog({
      pegar_pendencias_pix: {
        body: {
          recebidos: [],
          devolucoes: [{ id: 'D1', endToEndId: 'E2', txid: 't2', valor: 32, motivo: 'cancelamento', status: 'falhou', tentativas: 3, erro: null, criado_em: 0, atualizado_em: 0 }],
          atrasados: [],
        },
      },
      tentar_devolucao_pix: { status: 409, body: { error: 'Esta devolução não pode ser tentada de novo.', codigo_erro: 'conflito' } },
    });
    await secao('Pendências Pix');
    await userEvent.click(await screen.findByRole('button', { name: /^Tentar de novo/ }));
    expect(await screen.findByRole('dialog', { name: 'Esta devolução não pode ser tentada de novo.' })).toBeTruthy();
  });

  it("lists 'Pedidos pagos sem entrega confirmada'", async () => {
    openDialog({
      pegar_pendencias_pix: {
        body: {
          recebidos: [],
          devolucoes: [],
          atrasados: [{ idpedido: '3f9a1c2b-pedido', nomeforn: 'Sítio Boa Vista', cliente_nome: 'Carla Souza', valor: 45, pago_em: Date.UTC(2026, 10, 12, 15) }],
        },
      },
    });
    await secao('Pendências Pix');
    const atrasados = await screen.findByRole('region', { name: 'Pedidos pagos sem entrega confirmada' });
    const [linha] = within(atrasados).getAllByRole('row').slice(1);
    expect([...linha.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['nº 3F9A1C2B', 'Sítio Boa Vista', 'Carla Souza', 'R$ 45,00', '12/11/2026']);
  });
});

describe('Pendências Pix: lists', () => {
  it('lists the received Pix never applied and the refunds not settled, with their reasons', async () => {
    openDialog({
      pegar_pendencias_pix: {
        body: {
          recebidos: [
            { endToEndId: 'E1', txid: 'abc123', valor: 1, horario: '2026-11-25T12:00:00Z', infoPagador: null, origem: 'webhook', motivo: 'valor R$ 1,00 diferente do da cobrança (R$ 16,00)', recebido_em: 1_764_072_000_000, devolucao: null, devolucao_id: null },
          ],
          devolucoes: [
            { id: 'D1', endToEndId: 'E2', txid: 't2', valor: 32, motivo: 'cancelamento', status: 'falhou', tentativas: 3, erro: 'PSP refused', criado_em: 1_764_072_000_000, atualizado_em: 1_764_072_000_000 },
          ],
          atrasados: [],
        },
      },
    });
    await secao('Pendências Pix');
    expect(await screen.findByText('valor R$ 1,00 diferente do da cobrança (R$ 16,00)')).toBeTruthy();
    expect(screen.getByText('abc123')).toBeTruthy();
    expect(screen.getByText('Pedido cancelado')).toBeTruthy();
    expect(screen.getByText('Recusada pelo PSP').getAttribute('title')).toBe('PSP refused');
    expect(screen.getByText('R$ 32,00')).toBeTruthy();
  });

  it('says when nothing is pending', async () => {
    openDialog({ pegar_pendencias_pix: { body: { recebidos: [], devolucoes: [], atrasados: [] } } });
    await secao('Pendências Pix');
    expect(await screen.findByText('Nenhum Pix pendente.')).toBeTruthy();
    expect(screen.getByText('Nenhuma devolução pendente.')).toBeTruthy();
    expect(screen.getByText('Nenhum pedido pago aguardando confirmação além do prazo.')).toBeTruthy();
  });
});

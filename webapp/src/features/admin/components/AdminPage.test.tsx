/**
 * /admin: the sign-in card for anyone but the admin; the suppliers with their details modal and
 * visibility toggle; the customers' search and 'Não informado'; the withdrawal requests with the
 * 'Confirmar Transferência?' dialog and the empty text; the Pix issues (Pix never applied,
 * refunds not settled); the spec's error alerts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USER, mockApi } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import AdminPage from './AdminPage';
import { filtrarClientes } from './CustomersSection';
import { ADMIN, cliente, fornecedor, saque } from './testing';

const CLIENTES = [
  cliente(),
  cliente({ usuario: 'u2', nome: 'José Antônio Rocha', email: 'jose@feira.test', telefone: null, cidade: 'Rio Claro, SP', complemento: null }),
  cliente({ usuario: 'u3', nome: 'Beatriz Campos', email: 'beatriz@exemplo.com', cidade: null }),
];

function abrir(answers: Parameters<typeof mockApi>[0] = {}, user = ADMIN) {
  const api = mockApi({ loading_admin: { body: { fornecedores: [fornecedor()] } }, ...answers });
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
    const { calls, account } = abrir({}, user as typeof ADMIN);
    expect(screen.getByRole('heading', { name: 'Bem-vindo(a)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com o Google' }));
    expect(account.signIn).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Fornecedores' })).toBeNull();
  });

  it('alerts and shows the not-found screen when the data cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    abrir({ loading_admin: { status: 500, body: { error: 'x' } } });
    expect(await screen.findByRole('dialog', { name: 'Algum erro ocorreu ao carregar os dados. Por favor, tente novamente.' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });
});

describe('Fornecedores', () => {
  it('opens the details modal and toggles the visibility', async () => {
    const { calls } = abrir({ invisivel: (b) => ({ body: { invisivel: b.invisivel } }) });
    const card = await screen.findByRole('button', { name: /Sítio Boa Vista/ });
    expect(card.textContent).toContain('fornecedor@feira.test');
    await userEvent.click(card);
    const modal = screen.getByRole('dialog', { name: 'Sítio Boa Vista' });
    expect(within(modal).getByText('08183658466')).toBeTruthy();
    expect(within(modal).getByText('(19) 99876-5432')).toBeTruthy();
    expect(within(modal).getByTestId('visibilidade').textContent).toBe('Visível');
    expect(within(modal).getByRole('link', { name: 'Ver loja' }).getAttribute('href')).toBe('/admin/demo-joao');
    await userEvent.click(within(modal).getByRole('button', { name: 'Tornar invisível' }));
    // Nothing changes before the confirmation; 'Nao' leaves it as it was.
    await userEvent.click(within(screen.getByRole('dialog', { name: 'tornar invisível?' })).getByRole('button', { name: 'Nao' }));
    expect(calls.filter((c) => (c.body as { codigo: string }).codigo === 'invisivel')).toHaveLength(0);
    await userEvent.click(within(modal).getByRole('button', { name: 'Tornar invisível' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'tornar invisível?' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(within(modal).getByTestId('visibilidade').textContent).toBe('Invisível'));
    expect(calls.at(-1)!.body).toEqual({ codigo: 'invisivel', userforn: 'demo-joao', invisivel: true });
    await userEvent.click(within(modal).getByRole('button', { name: 'Tornar visível' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Tornar visível?' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(within(modal).getByTestId('visibilidade').textContent).toBe('Visível'));
    expect(calls.at(-1)!.body).toMatchObject({ invisivel: false });
  });

  it("alerts 'Não foi possível alterar a visibilidade.' and keeps the state when the toggle fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    abrir({ invisivel: { status: 500, body: { error: 'Algum erro ocorreu!' } } });
    await userEvent.click(await screen.findByRole('button', { name: /Sítio Boa Vista/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Tornar invisível' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'tornar invisível?' })).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByRole('dialog', { name: 'Não foi possível alterar a visibilidade.' })).toBeTruthy();
    expect(screen.getByTestId('visibilidade').textContent).toBe('Visível');
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
    abrir({ pegar_clientes: { body: { clientes: CLIENTES } } });
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
    abrir({ pegar_clientes: { status: 500, body: { error: 'x' } } });
    await secao('Clientes');
    expect(await screen.findByRole('dialog', { name: 'Algum erro ocorreu ao carregar os clientes.' })).toBeTruthy();
  });
});

describe('Solicitações de Saque', () => {
  it("shows 'Nenhuma solicitação de saque pendente.' when there is none", async () => {
    abrir({ pegar_solicitacoes_saque: { body: { pendentes: [] } } });
    await secao('Solicitações de Saque');
    expect(await screen.findByText('Nenhuma solicitação de saque pendente.')).toBeTruthy();
    expect(screen.getByTestId('total-saques').textContent).toBe('0');
  });

  it("asks 'Confirmar Transferência?', confirms on 'Sim' only, and reloads the list", async () => {
    let pendentes = [saque(), saque({ id: 's2', nomeforn: 'Engenho Capivari', Solicitacao: { ...saque().Solicitacao, valor: 10, chave_pix: '12345678900' } })];
    const { calls } = abrir({
      pegar_solicitacoes_saque: () => ({ body: { pendentes } }),
      confirmar_saque: (b) => {
        pendentes = pendentes.filter((p) => p.id !== b.userforn);
        return { body: { confirmado: true } };
      },
    });
    await secao('Solicitações de Saque');
    const linhas = (await screen.findAllByRole('row')).slice(1);
    expect(linhas.map((l) => [...l.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent))).toEqual([
      ['Sítio Boa Vista', 'R$ 39,20', 'fornecedor@feira.test'],
      ['Engenho Capivari', 'R$ 10,00', '12345678900'],
    ]);
    expect(screen.getByTestId('total-saques').textContent).toBe('2');

    await userEvent.click(within(linhas[0]).getByRole('button', { name: 'Confirmar Transferência' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar Transferência?' })).getByRole('button', { name: 'Nao' }));
    expect(calls.filter((c) => c.codigo === 'confirmar_saque')).toHaveLength(0);

    await userEvent.click(within(linhas[0]).getByRole('button', { name: 'Confirmar Transferência' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar Transferência?' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.getByTestId('total-saques').textContent).toBe('1'));
    expect(calls.filter((c) => c.codigo === 'confirmar_saque').map((c) => c.body.userforn)).toEqual(['s1']);
    expect(screen.queryByText('Sítio Boa Vista', { selector: 'td *, td' })).toBeNull();
  });
});

describe('Pendências Pix', () => {
  it('lists the received Pix never applied and the refunds not settled, with their reasons', async () => {
    abrir({
      pegar_pendencias_pix: {
        body: {
          recebidos: [
            { endToEndId: 'E1', txid: 'abc123', valor: 1, horario: '2026-11-25T12:00:00Z', infoPagador: null, origem: 'webhook', motivo: 'valor R$ 1,00 diferente do da cobrança (R$ 16,00)', recebido_em: 1_764_072_000_000 },
          ],
          devolucoes: [
            { id: 'D1', endToEndId: 'E2', txid: 't2', valor: 32, motivo: 'cancelamento', status: 'falhou', tentativas: 3, erro: 'PSP refused', criado_em: 1_764_072_000_000, atualizado_em: 1_764_072_000_000 },
          ],
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
    abrir({ pegar_pendencias_pix: { body: { recebidos: [], devolucoes: [] } } });
    await secao('Pendências Pix');
    expect(await screen.findByText('Nenhum Pix pendente.')).toBeTruthy();
    expect(screen.getByText('Nenhuma devolução pendente.')).toBeTruthy();
  });
});

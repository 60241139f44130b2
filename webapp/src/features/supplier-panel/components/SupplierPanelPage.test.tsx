/**
 * The supplier panel with the real wasm-core, the RPC mocked at `fetch` and a fake EventSource:
 * the not-found rule, the spinner, the nine sections, a new order appearing live, Meus Dados'
 * save only on change, the withdrawal's fee and net shown before the request, coupon messages,
 * the URL check and the product wizard's rules.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USER, mockApi, type MockAnswers } from '@/test/fixtures';
import { FakeEventSource, FORN, pagamentos, pedido, renderPanel, valorAberto } from '../testing';
import { SECTIONS } from './PanelMenu';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const base = {
  loading_forn_site: { body: { infos: FORN } },
  pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } },
  pegar_ticket_eventos: { body: { ticket: 'tk-1', validade_segundos: 60 } },
} satisfies MockAnswers;

async function openSection(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByRole('heading', { level: 1, name });
}

describe('supplier panel', () => {
  it("shows 'Página não encontrada' to another user and to a user without a business account", async () => {
    const { calls } = mockApi(base);
    renderPanel('someone-else');
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    renderPanel(USER.usuario, USER);
    expect(screen.getAllByRole('heading', { name: 'Página não encontrada' })).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('spinner, then the header and the nine sections', async () => {
    mockApi(base);
    renderPanel();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Sítio Boa Vista')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Seções do painel' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual([...SECTIONS]);
  });

  it('a failed load alerts and shows the not-found screen', async () => {
    mockApi({ ...base, loading_forn_site: { status: 500, body: { error: 'x', codigo_erro: 'erro_interno' } } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(alert).toHaveBeenCalledWith('Algum erro ocorreu ao carregar os dados. Por favor, tente novamente.');
  });

  it('a new order appears in Entregas without reload, with the live count', async () => {
    let pendingItems = [pedido('o1')];
    mockApi({ ...base, pegar_entregas_pendentes: () => ({ body: { entregas: pendingItems, pendentes: pendingItems.length } }) });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Entregas');
    expect(await screen.findByText('João Comprador')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/fornecedor/eventos?ticket=tk-1'));
    pendingItems = [pedido('o1'), pedido('o2', { cliente_nome: 'Ana Nova', tipo_entrega: 'Retirada' })];
    act(() => FakeEventSource.last!.fire('novo_pedido', { idpedido: 'o2', pendentes: 2 }));
    expect(await screen.findByText('Ana Nova')).toBeTruthy();
    expect(screen.getByText('Retirada no local')).toBeTruthy();
    expect(screen.getByLabelText('2 entregas pendentes')).toBeTruthy();
  });

  it('confirms a pending delivery after asking', async () => {
    let pendentes = [pedido('o1')];
    const { calls } = mockApi({
      ...base,
      pegar_entregas_pendentes: () => ({ body: { entregas: pendentes, pendentes: pendentes.length } }),
      confirmar_entrega: () => {
        pendentes = [];
        return { body: { ok: true, pendentes: 0 } };
      },
    });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Entregas');
    await user.click(await screen.findByRole('button', { name: 'Detalhes' }));
    expect(screen.getByRole('heading', { name: 'Detalhes da Entrega' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conversar no WhatsApp' }).getAttribute('href')).toBe('https://wa.me/5519981234567');
    await user.click(screen.getByRole('button', { name: 'Marcar como entregue' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Marcar como entregue?' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(calls.some((c) => c.codigo === 'confirmar_entrega' && c.body.item === 'o1')).toBe(true));
    expect(await screen.findByText('Nenhuma entrega encontrada.')).toBeTruthy();
  });

  it("Meus Dados: 'Salvar' only with changes, the unsaved-changes banner, wasm-core's messages", async () => {
    const { calls } = mockApi({ ...base, editar_dados_fornecedor: { body: { ok: true, dadosforn: FORN } } });
    const user = userEvent.setup();
    renderPanel();
    const salvar = (await screen.findByRole('button', { name: 'Salvar' })) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByLabelText('Nome')).toBeTruthy());
    expect(salvar.disabled).toBe(true);
    expect(screen.queryByText('Você fez alterações que ainda não foram salvas.')).toBeNull();
    await user.clear(screen.getByLabelText('Nome'));
    expect(salvar.disabled).toBe(false);
    expect(screen.getByText('Você fez alterações que ainda não foram salvas.')).toBeTruthy();
    await user.click(salvar);
    expect(screen.getByRole('alert').textContent).toBe('Por favor, preencha o campo Nome.');
    await user.type(screen.getByLabelText('Nome'), 'Sítio Boa Vista');
    expect(salvar.disabled).toBe(true);
    await user.type(screen.getByLabelText('Instagram (opcional)'), 'sitiobv');
    await user.click(salvar);
    await screen.findByText('Suas alterações foram salvas com sucesso');
    const sent = calls.find((c) => c.codigo === 'editar_dados_fornecedor')!.body;
    expect(sent.form).toMatchObject({ nomeforn: 'Sítio Boa Vista', instagram: 'sitiobv', telefone: '(19) 99876-5432' });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(salvar.disabled).toBe(true);
  });

  it('Pagamentos: the 2 % fee and the net total are shown before the request', async () => {
    const { calls } = mockApi({
      ...base,
      pegar_infos_pagamentos: { body: { pagamentos: pagamentos({ pix: 'chave@pix', Abertos: [valorAberto(25), valorAberto(18.5)] }) } },
      transferir: {
        body: { ok: true, Solicitacao: { id: 's1', valor: 43.5, taxa: 0.87, liquido: 42.63, chave_pix: 'chave@pix', criado_em: Date.UTC(2026, 10, 21) } },
      },
    });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Pagamentos');
    expect((await screen.findByTestId('saldo')).textContent).toBe('R$ 43,50');
    await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
    expect(screen.getByTestId('taxa').textContent).toBe('R$ 0,87');
    expect(screen.getByTestId('liquido').textContent).toBe('R$ 42,63');
    expect(calls.some((c) => c.codigo === 'transferir')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Confirmar saque' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Solicitar Saque?' })).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Solicitação enviada!')).toBeTruthy();
    expect(screen.getByText('O pagamento pode levar até 2 dias úteis')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'transferir')!.body.pix).toBe('chave@pix');
  });

  it("Pagamentos: 'A liberar' beside the balance, with its orders; only the released money is withdrawable", async () => {
    const dia = (d: number) => Date.UTC(2026, 10, d, 15, 0);
    mockApi({
      ...base,
      pegar_infos_pagamentos: {
        body: {
          pagamentos: pagamentos({
            pix: 'chave@pix',
            saldo: 25,
            Abertos: [{ id: 'a1', idpedido: 'o1', cliente_nome: 'Ana', valor: 25, horario_pedido: dia(10) }],
            aliberar: 63.5,
            Aliberar: [
              { id: 'h1', idpedido: 'o2', cliente_nome: 'Carla Souza', valor: 45, horario_pedido: dia(20) },
              { id: 'h2', idpedido: 'o3', cliente_nome: 'João Comprador', valor: 18.5, horario_pedido: dia(21) },
            ],
          }),
        },
      },
    });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Pagamentos');
    expect((await screen.findByTestId('saldo')).textContent).toBe('R$ 25,00');
    expect(screen.getByTestId('a-liberar').textContent).toBe('R$ 63,50');
    const held = screen.getByRole('region', { name: 'A liberar' });
    expect(held.textContent).toContain('O valor é liberado para saque quando você confirma a entrega.');
    const lines = within(screen.getByRole('list', { name: 'Pedidos a liberar' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^21\/11\/2026.*João CompradorR\$ 18,50$/),
      expect.stringMatching(/^20\/11\/2026.*Carla SouzaR\$ 45,00$/),
    ]);
    // The withdrawal takes the released money only.
    await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
    expect(screen.getByTestId('liquido').textContent).toBe('R$ 24,50');
  });

  it("Pagamentos: nothing held shows 'A liberar' R$ 0,00 and no list", async () => {
    mockApi({ ...base, pegar_infos_pagamentos: { body: { pagamentos: pagamentos() } } });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Pagamentos');
    expect((await screen.findByTestId('a-liberar')).textContent).toBe('R$ 0,00');
    expect(screen.queryByRole('list', { name: 'Pedidos a liberar' })).toBeNull();
  });

  it("Pagamentos: no Pix key → 'Insira sua chave Pix'; no balance → 'Você está sem saldo'", async () => {
    mockApi({ ...base, pegar_infos_pagamentos: { body: { pagamentos: pagamentos() } }, alterar_pix: { body: { ok: true, pix: 'chave@pix' } } });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Pagamentos');
    await screen.findByTestId('saldo');
    await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
    expect(screen.getByRole('alert').textContent).toBe('Insira sua chave Pix');
    await user.type(screen.getByLabelText('Chave Pix'), 'chave@pix');
    await user.click(screen.getByRole('button', { name: 'Salvar chave Pix' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Solicitar saque' }));
    expect(screen.getByRole('alert').textContent).toBe('Você está sem saldo');
  });

  it('Cupons de desconto: the coupon rules from wasm-core, then adicionar_cupom', async () => {
    const { calls } = mockApi({ ...base, adicionar_cupom: { body: { cupons: { ...FORN.extensoes.cupons, FRETE5: { codigo: 'FRETE5', tipo: 'R$', valor: 5, validade_inicio: null, validade_fim: null, limite_usos: null, um_por_cliente: false, pedido_minimo: null, usos: 0, todas_entregas: true } } } } });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Cupons de desconto');
    const create = () => user.click(screen.getByRole('button', { name: 'Criar cupom' }));
    const code = await screen.findByLabelText('Código do cupom');
    const value = screen.getByLabelText('Valor do desconto');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Criar cupom' }) as HTMLButtonElement).disabled).toBe(false));
    await create();
    expect(screen.getByRole('alert').textContent).toBe('O nome do cupom não pode ser vazio.');
    await user.type(code, 'abcdefghijk');
    await create();
    expect(screen.getByRole('alert').textContent).toBe('O nome do cupom deve ter no máximo 10 caracteres.');
    await user.clear(code);
    await user.type(code, 'a b');
    await create();
    expect(screen.getByRole('alert').textContent).toBe('O nome do cupom não pode conter espaços.');
    await user.clear(code);
    await user.type(code, 'bemvindo10');
    await user.type(value, '10');
    await create();
    expect(screen.getByRole('alert').textContent).toBe('Já existe um cupom com este nome.');
    await user.clear(code);
    await user.type(code, 'frete5');
    await user.clear(value);
    await user.type(value, '150');
    await create();
    expect(screen.getByRole('alert').textContent).toBe('Desconto em porcentagem não pode ser maior que 100%.');
    await user.clear(value);
    await user.type(value, '0');
    await create();
    expect(screen.getByRole('alert').textContent).toBe('O valor do desconto deve ser um número positivo.');
    await user.clear(value);
    await user.type(value, '5');
    await user.click(screen.getByText('R$'));
    await user.click(screen.getByLabelText('Vale para todas as entregas da assinatura'));
    await create();
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(calls.find((c) => c.codigo === 'adicionar_cupom')!.body.form).toEqual({
      codigo: 'FRETE5',
      tipo: 'R$',
      valor: 5,
      validade_inicio: '',
      validade_fim: '',
      limite_usos: '',
      um_por_cliente: false,
      pedido_minimo: '',
      todas_entregas: true,
    });
    expect(within(screen.getByRole('list', { name: 'Cupons' })).getByText('FRETE5')).toBeTruthy();
  });

  it("Loja online: reserved names refused by wasm-core, 'URL disponível!' / 'URL indisponível…'", async () => {
    mockApi({ ...base, verificar_url_site: (b) => ({ body: { exist: b.url === 'ocupada', id: b.url === 'ocupada' ? 'u2' : null, url: String(b.url) } }) });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Loja online');
    const verificar = (await screen.findByRole('button', { name: 'Verificar' })) as HTMLButtonElement;
    expect(verificar.disabled).toBe(true);
    const url = screen.getByLabelText('URL da loja');
    await user.type(url, 'Painel');
    expect((url as HTMLInputElement).value).toBe('painel');
    await user.click(verificar);
    expect(screen.getByRole('alert').textContent).not.toBe('');
    await user.clear(url);
    await user.type(url, 'ocupada');
    await user.click(verificar);
    expect(await screen.findByText('URL indisponível. Por favor, escolha outro nome.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(url);
    await user.type(url, 'sitio-bv');
    await user.click(verificar);
    expect(await screen.findByText('URL disponível!')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(false);
    await user.type(url, 'x');
    expect(screen.queryByText('URL disponível!')).toBeNull();
  });
});


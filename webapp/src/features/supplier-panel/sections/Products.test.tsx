/**
 * Produtos with the real wasm-core and the RPC mocked: the 9-step wizard's messages (title and
 * price, stock below the minimum), the `adicionar_produto` payload (title lower-cased, a minimum
 * of 1 as null, the stock as typed — 0 and 1 included — or null for 'Sem controle de estoque',
 * empty options dropped), the edit's `estoqueanterior` and its 409 (the message, then the current
 * stock), the cards' stock and 'Esgotado', the 'Desabilitado' overlay, the disable confirmation
 * and the photos' add tile (only while there are 3 or fewer).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProdutoForn } from '../api/actions';
import { FORN, renderPanel } from '../testing';
import { mockApi, type MockAnswers, type MockReply } from '@/test/fixtures';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function produto(id: string, over: Partial<ProdutoForn> = {}): ProdutoForn {
  return {
    id, idlocal: id, anuncio: false, categoria: 'Alimentos', subcategoria: null, titulo: `alface ${id}`, descricao: null, icone: null,
    fotos: {}, preco: 10, precopromo: null, minimopromo: null, minimo: null, estoque: null, esgotado: false, opcoes: [], status: false,
    userforn: FORN.usuario, nomeforn: FORN.nomeforn, urlforn: null, vendas: 0, desconto: null, aceitaobs: false, organico: false, apartirde: null, ...over,
  };
}

const base = { loading_forn_site: { body: { infos: FORN } }, pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } } } satisfies MockAnswers;

async function openProducts(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Produtos' }));
}

describe('Produtos', () => {
  it('adds a product through the 9-step wizard with wasm-core messages', async () => {
    const { calls } = mockApi({
      ...base,
      pegar_produtos_fornecedor: { body: { produtos: [] } },
      adicionar_produto: (b) => ({ body: { infos: produto('n1', { titulo: (b.infos as { titulo: string }).titulo }) } }),
    });
    const user = userEvent.setup();
    renderPanel();
    await openProducts(user);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Adicionar Produto' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Adicionar Produto' }));
    const dlg = screen.getByRole('dialog');
    const next = () => user.click(within(dlg).getByRole('button', { name: /Continuar|Adicionar produto/ }));
    expect(within(dlg).getByText('Prossiga para adicionar um novo produto')).toBeTruthy();
    await next();
    await user.click(within(dlg).getByLabelText('Sementes e Mudas'));
    await next();
    await next();
    expect(within(dlg).getByRole('alert').textContent).toBe('Preencha todos os campos!');
    await user.type(within(dlg).getByLabelText('Título'), 'Muda de Ipê');
    await user.type(within(dlg).getByLabelText('Preço (R$)'), '12,5x');
    expect((within(dlg).getByLabelText('Preço (R$)') as HTMLInputElement).value).toBe('12,5'); // the decimal comma kept (decisions.md §29)
    await next();
    // No stock control until the supplier says otherwise.
    expect((within(dlg).getByLabelText('Sem controle de estoque') as HTMLInputElement).checked).toBe(true);
    expect((within(dlg).getByLabelText('Estoque') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dlg).getByLabelText('Sem controle de estoque'));
    await user.type(within(dlg).getByLabelText('Pedido mínimo'), '5');
    await user.type(within(dlg).getByLabelText('Estoque'), '3');
    await next();
    expect(within(dlg).getByRole('alert').textContent).toBe('O estoque não pode ser menor do que o pedido mínimo');
    await user.clear(within(dlg).getByLabelText('Estoque'));
    await user.type(within(dlg).getByLabelText('Estoque'), '40');
    await user.click(within(dlg).getByRole('button', { name: 'Diminuir Pedido mínimo' }));
    await next();
    await user.type(within(dlg).getByLabelText('Opção 1'), 'Vaso 5 L');
    await user.click(within(dlg).getByRole('button', { name: 'Adicionar opção' }));
    await next();
    await next(); // description
    await next(); // icon
    expect((within(dlg).getByRole('progressbar') as HTMLProgressElement).value).toBe(8);
    await next();
    expect(await screen.findByRole('dialog', { name: 'Produto adicionado!' })).toBeTruthy();
    const sent = calls.find((c) => c.codigo === 'adicionar_produto')!.body;
    expect(sent.iconeurl).toBe(false);
    expect(sent.infos).toMatchObject({ categoria: 'Sementes e Mudas', titulo: 'muda de ipê', preco: 12.5, minimo: 4, estoque: 40, opcoes: [{ opcao: 'Vaso 5 L' }] });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Muda de ipê' })).toBeTruthy();
  });

  it.each([
    ['1', 1],
    ['0', 0],
    [null, null],
  ] as const)('the wizard sends stock %s as %s (a count as typed; null only for no stock control)', async (typed, sent) => {
    const { calls } = mockApi({
      ...base,
      pegar_produtos_fornecedor: { body: { produtos: [] } },
      adicionar_produto: (b) => ({ body: { infos: produto('n1', { titulo: (b.infos as { titulo: string }).titulo }) } }),
    });
    const user = userEvent.setup();
    renderPanel();
    await openProducts(user);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Adicionar Produto' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Adicionar Produto' }));
    const dlg = screen.getByRole('dialog');
    const next = () => user.click(within(dlg).getByRole('button', { name: /Continuar|Adicionar produto/ }));
    await next();
    await next();
    await user.type(within(dlg).getByLabelText('Título'), 'Mel');
    await user.type(within(dlg).getByLabelText('Preço (R$)'), '25');
    await next();
    if (typed !== null) {
      await user.click(within(dlg).getByLabelText('Sem controle de estoque'));
      await user.clear(within(dlg).getByLabelText('Estoque'));
      await user.type(within(dlg).getByLabelText('Estoque'), typed);
    }
    for (let i = 0; i < 5; i++) await next();
    expect(await screen.findByRole('dialog', { name: 'Produto adicionado!' })).toBeTruthy();
    const infos = calls.find((c) => c.codigo === 'adicionar_produto')!.body.infos as Record<string, unknown>;
    expect(infos.estoque).toBe(sent);
    expect(infos.minimo).toBeNull();
  });

  it("cards show the stock, 'Sem controle de estoque' and the server's 'Esgotado'", async () => {
    mockApi({
      ...base,
      pegar_produtos_fornecedor: {
        body: { produtos: [produto('p1', { estoque: 0, esgotado: true }), produto('p2', { estoque: 1, esgotado: false }), produto('p3', { estoque: null })] },
      },
    });
    const user = userEvent.setup();
    renderPanel();
    await openProducts(user);
    const p1 = await screen.findByRole('button', { name: 'Alface p1' });
    const p2 = screen.getByRole('button', { name: 'Alface p2' });
    const p3 = screen.getByRole('button', { name: 'Alface p3' });
    expect(within(p1).getByTestId('estoque').textContent).toBe('Estoque: 0');
    expect(within(p1).getByText('Esgotado')).toBeTruthy();
    expect(within(p2).getByTestId('estoque').textContent).toBe('Estoque: 1');
    expect(within(p2).queryByText('Esgotado')).toBeNull();
    expect(within(p3).getByTestId('estoque').textContent).toBe('Sem controle de estoque');
  });

  it('the edit sends the stock typed and estoqueanterior (the stock it was loaded with); no stock control is null', async () => {
    const { calls } = mockApi({
      ...base,
      pegar_produtos_fornecedor: { body: { produtos: [produto('p1', { estoque: 5 }), produto('p2', { estoque: null })] } },
      editar_produto_site: { body: { infos: produto('p1') } },
    });
    const user = userEvent.setup();
    renderPanel();
    await openProducts(user);
    await user.click(await screen.findByRole('button', { name: 'Alface p1' }));
    await user.click(screen.getByRole('button', { name: 'Editar produto' }));
    let dlg = screen.getByRole('dialog', { name: 'Editar produto' });
    expect((within(dlg).getByLabelText('Estoque') as HTMLInputElement).value).toBe('5');
    expect((within(dlg).getByLabelText('Sem controle de estoque') as HTMLInputElement).checked).toBe(false);
    await user.type(within(dlg).getByLabelText('Descrição'), 'Nova descrição');
    await user.click(within(dlg).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    const edits = () => calls.filter((c) => c.codigo === 'editar_produto_site').map((c) => c.body.newproduto as Record<string, unknown>);
    expect(edits()[0]).toMatchObject({ id: 'p1', estoque: 5, estoqueanterior: 5, descricao: 'Nova descrição' });
    await user.click(screen.getByRole('button', { name: 'OK' }));

    // 5 → 1: one unit, not unlimited.
    await user.click(screen.getByRole('button', { name: 'Alface p1' }));
    await user.click(screen.getByRole('button', { name: 'Editar produto' }));
    dlg = screen.getByRole('dialog', { name: 'Editar produto' });
    await user.clear(within(dlg).getByLabelText('Estoque'));
    await user.type(within(dlg).getByLabelText('Estoque'), '1');
    await user.click(within(dlg).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(edits()[1]).toMatchObject({ estoque: 1, estoqueanterior: 5 });
    await user.click(screen.getByRole('button', { name: 'OK' }));

    // Untracked product: the box is ticked, the number disabled; null both ways. Then tracked: 0.
    await user.click(screen.getByRole('button', { name: 'Alface p2' }));
    await user.click(screen.getByRole('button', { name: 'Editar produto' }));
    dlg = screen.getByRole('dialog', { name: 'Editar produto' });
    expect((within(dlg).getByLabelText('Sem controle de estoque') as HTMLInputElement).checked).toBe(true);
    expect((within(dlg).getByLabelText('Estoque') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dlg).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(edits()[2]).toMatchObject({ id: 'p2', estoque: null, estoqueanterior: null });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Alface p2' }));
    await user.click(screen.getByRole('button', { name: 'Editar produto' }));
    dlg = screen.getByRole('dialog', { name: 'Editar produto' });
    await user.click(within(dlg).getByLabelText('Sem controle de estoque'));
    await user.click(within(dlg).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(edits()[3]).toMatchObject({ id: 'p2', estoque: 0, estoqueanterior: null });
  });

  it('an edit the server cannot apply (409): its message, nothing closed, and the form shows the current stock', async () => {
    let estoque = 5;
    let recusar = true;
    const { calls } = mockApi({
      ...base,
      pegar_produtos_fornecedor: () => ({ body: { produtos: [produto('p1', { estoque })] } }),
      editar_produto_site: (): MockReply<'editar_produto_site'> => {
        if (recusar) {
          recusar = false;
          estoque = 1; // sold meanwhile: 5 → 1; the edit 5 → 2 would take 3 away from 1
          return {
            status: 409,
            body: { error: 'O estoque mudou enquanto você editava e não pode ficar negativo. Confira o estoque atual.', codigo_erro: 'estoque_mudou' },
          };
        }
        return { body: { infos: produto('p1', { estoque }) } };
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPanel();
    await openProducts(user);
    await user.click(await screen.findByRole('button', { name: 'Alface p1' }));
    await user.click(screen.getByRole('button', { name: 'Editar produto' }));
    const dlg = screen.getByRole('dialog', { name: 'Editar produto' });
    await user.clear(within(dlg).getByLabelText('Estoque'));
    await user.type(within(dlg).getByLabelText('Estoque'), '2');
    await user.type(within(dlg).getByLabelText('Título'), ' nova');
    await user.click(within(dlg).getByRole('button', { name: 'Salvar' }));
    const alerta = await screen.findByRole('dialog', { name: /O estoque mudou/ });
    await user.click(within(alerta).getByRole('button', { name: 'OK' }));
    const form = screen.getByRole('dialog', { name: 'Editar produto' });
    await waitFor(() => expect((within(form).getByLabelText('Estoque') as HTMLInputElement).value).toBe('1'));
    expect((within(form).getByLabelText('Título') as HTMLInputElement).value).toBe('alface p1 nova');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    const edits = calls.filter((c) => c.codigo === 'editar_produto_site').map((c) => c.body.newproduto as Record<string, unknown>);
    expect(edits[0]).toMatchObject({ estoque: 2, estoqueanterior: 5 });
    expect(edits[1]).toMatchObject({ estoque: 1, estoqueanterior: 1, titulo: 'alface p1 nova' });
  });

  it("'Desabilitado' overlay, 'Habilitar produto?' confirmation, and the photo add tile rule", async () => {
    const fotos = { f1: '/media/1.jpg', f2: '/media/2.jpg', f3: '/media/3.jpg' };
    let list = [produto('p1', { status: true, fotos })];
    const { calls } = mockApi({
      ...base,
      pegar_produtos_fornecedor: () => ({ body: { produtos: list } }),
      habilitar_produto: () => {
        list = [produto('p1', { status: false, fotos })];
        return { body: { infos: list[0] } };
      },
    });
    const user = userEvent.setup();
    renderPanel();
    await openProducts(user);
    const card = await screen.findByRole('button', { name: 'Alface p1' });
    expect(within(card).getByText('Desabilitado')).toBeTruthy();
    await user.click(card);
    await user.click(screen.getByRole('button', { name: 'Habilitar produto' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Habilitar produto?' })).getByRole('button', { name: 'Sim' }));
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(calls.find((c) => c.codigo === 'habilitar_produto')!.body.item).toBe('p1');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(screen.getByRole('button', { name: 'Alface p1' })).queryByText('Desabilitado')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Adicionar fotos' }));
    expect(screen.getAllByRole('img', { name: /Foto/ })).toHaveLength(3);
    expect(screen.getByLabelText('Adicionar foto')).toBeTruthy();
  });

  it('no add tile with 4 photos', async () => {
    const fotos = { f1: '/1.jpg', f2: '/2.jpg', f3: '/3.jpg', f4: '/4.jpg' };
    mockApi({ ...base, pegar_produtos_fornecedor: { body: { produtos: [produto('p1', { fotos })] } } });
    const user = userEvent.setup();
    renderPanel();
    await openProducts(user);
    await user.click(await screen.findByRole('button', { name: 'Alface p1' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar fotos' }));
    expect(screen.getAllByRole('img', { name: /Foto/ })).toHaveLength(4);
    expect(screen.queryByLabelText('Adicionar foto')).toBeNull();
  });
});

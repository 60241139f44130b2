/**
 * Produtos with the real wasm-core and the RPC mocked: the 9-step wizard's messages (title and
 * price, stock below the minimum), the `adicionar_produto` payload (title lower-cased, minimum and
 * stock of 1 as null, empty options dropped), the 'Desabilitado' overlay, the disable
 * confirmation and the photos' add tile (only while there are 3 or fewer).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProdutoForn } from '../api/types';
import { FORN, renderPanel } from '../testing';
import { mockApi } from '@/test/fixtures';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function produto(id: string, over: Partial<ProdutoForn> = {}): ProdutoForn {
  return {
    id, idlocal: id, anuncio: false, categoria: 'Alimentos', subcategoria: null, titulo: `alface ${id}`, descricao: null, icone: null,
    fotos: {}, preco: 10, precopromo: null, minimopromo: null, minimo: null, estoque: null, opcoes: [], status: false,
    userforn: FORN.usuario, nomeforn: FORN.nomeforn, urlforn: null, vendas: 0, desconto: null, ...over,
  };
}

const base = { loading_forn_site: { body: { infos: FORN } }, pegar_entregas_pendentes: { body: { entregas: [] } } };

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
    expect((within(dlg).getByLabelText('Preço (R$)') as HTMLInputElement).value).toBe('12.5');
    await next();
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

  it("'Desabilitado' overlay, 'Habilitar produto?' confirmation, and the photo add tile rule", async () => {
    const fotos = { f1: '/media/1.jpg', f2: '/media/2.jpg', f3: '/media/3.jpg' };
    let lista = [produto('p1', { status: true, fotos })];
    const { calls } = mockApi({
      ...base,
      pegar_produtos_fornecedor: () => ({ body: { produtos: lista } }),
      habilitar_produto: () => {
        lista = [produto('p1', { status: false, fotos })];
        return { body: { infos: lista[0] } };
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
    await screen.findByText('Suas alteracoes foram salvas com sucesso');
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

/**
 * The buying panel wired to the real wasm-core: default quantity, the stepper's limits (minus does
 * nothing at 1 or at the minimum, plus stops at the stock), the promo price from `minimopromo` on,
 * 'Indisponível' (no buying panel), 'Esgotado' (add disabled), and the bag (added / the
 * other-supplier modal).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '@/lib/wasm';
import { plainOption } from '@/lib/options';
import { dadosforn, produto } from '@/test/catalog';
import { loadRealCore } from '@/test/realCore';
import { ProductPurchase } from './ProductPurchase';

const bag = vi.hoisted(() => ({
  addToBag: vi.fn(),
  open: vi.fn(),
}));
vi.mock('@/lib/bag', () => ({
  OUTRO_FORNECEDOR: 'Você já possui produtos de outro fornecedor no carrinho',
  addToBag: bag.addToBag,
  useBag: () => ({ items: [], count: 0, open: bag.open }),
}));

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});
beforeEach(() => {
  bag.addToBag.mockReset().mockReturnValue('added');
  bag.open.mockReset();
});

const qty = () => screen.getByTestId('quantidade').textContent;
const minus = () => screen.getByRole('button', { name: 'Diminuir quantidade' });
const plus = () => screen.getByRole('button', { name: 'Aumentar quantidade' });

describe('ProductPurchase', () => {
  it("switches the price and 'Esgotado' with the option chosen (decisions.md §39)", async () => {
    const user = userEvent.setup();
    const p = produto({
      preco: 5,
      precopromo: null,
      minimopromo: null,
      minimo: null,
      estoque: null,
      esgotado: false,
      apartirde: 5,
      opcoes: [
        plainOption('500 g'),
        { opcao: '1 kg', preco: 9, precopromo: null, estoqueproprio: true, estoque: 0, esgotado: true, desconto: null },
      ],
    });
    render(<ProductPurchase produto={p} dadosforn={dadosforn()} core={core} />);
    expect(screen.getByTestId('preco-unitario').textContent).toContain('R$ 5,00');
    expect(screen.queryByTestId('esgotado')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox'), '1 kg');
    expect(screen.getByTestId('preco-unitario').textContent).toContain('R$ 9,00');
    expect(screen.getByTestId('esgotado')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Adicionar/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts at the minimum; minus does nothing there; plus stops at the stock', async () => {
    const user = userEvent.setup();
    render(<ProductPurchase produto={produto({ minimo: 2, estoque: 4 })} dadosforn={dadosforn()} core={core} />);
    expect(qty()).toBe('2');
    await user.click(minus());
    expect(qty()).toBe('2');
    await user.click(plus());
    await user.click(plus());
    expect(qty()).toBe('4');
    await user.click(plus());
    expect(qty()).toBe('4');
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    await user.click(minus());
    expect(qty()).toBe('3');
  });

  it('starts at 1 without a minimum; minus does nothing at 1; no stock means no upper stop', async () => {
    const user = userEvent.setup();
    render(<ProductPurchase produto={produto({ minimo: null, estoque: null })} dadosforn={dadosforn()} core={core} />);
    expect(qty()).toBe('1');
    expect((minus() as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 6; i++) await user.click(plus());
    expect(qty()).toBe('7');
  });

  it('shows the unit price, switching to the promo price at minimopromo, and the line total', async () => {
    const user = userEvent.setup();
    render(
      <ProductPurchase
        produto={produto({ preco: 4.5, precopromo: 3.9, minimopromo: 3, minimo: 2, estoque: null })}
        dadosforn={dadosforn()}
        core={core}
      />,
    );
    expect(screen.getByTestId('preco-unitario').textContent).toBe(' R$ 4,50');
    expect(screen.getByTestId('preco-total').textContent).toBe('R$ 9,00');
    expect(screen.getByTestId('promocao').textContent).toBe('Promoção: R$ 3,90 a partir de 3 unidades');
    expect(screen.getByTestId('minimo').textContent).toBe('Pedido mínimo: 2');
    await user.click(plus());
    expect(screen.getByTestId('preco-unitario').textContent).toBe('R$ 4,50 R$ 3,90');
    expect(screen.getByTestId('preco-total').textContent).toBe('R$ 11,70');
  });

  it('shows stock, options and description', () => {
    render(<ProductPurchase produto={produto({ estoque: 40 })} dadosforn={dadosforn()} core={core} />);
    expect(screen.getByTestId('estoque').textContent).toBe('Estoque: 40');
    expect((screen.getByRole('combobox', { name: 'Opção' }) as HTMLSelectElement).value).toBe('Maço');
    expect(screen.getByText('Colhida no dia.')).toBeTruthy();
  });

  it("'Indisponível' when status is set: title, photos and description, no buying panel", () => {
    render(<ProductPurchase produto={produto({ status: true })} dadosforn={dadosforn()} core={core} />);
    expect(screen.getByTestId('indisponivel').textContent).toBe('Indisponível');
    expect(screen.getByRole('heading', { level: 1, name: 'Alface crespa' })).toBeTruthy();
    expect(screen.getByText('Colhida no dia.')).toBeTruthy();
    expect(screen.getAllByRole('img').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Adicionar ao carrinho' })).toBeNull();
    expect(screen.queryByTestId('quantidade')).toBeNull();
    expect(screen.queryByTestId('preco-total')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it("'Esgotado' from the server's flag: no stock line, quantity and 'Adicionar ao carrinho' disabled", async () => {
    const user = userEvent.setup();
    render(<ProductPurchase produto={produto({ estoque: 0, minimo: null, esgotado: true })} dadosforn={dadosforn()} core={core} />);
    expect(screen.getByTestId('esgotado').textContent).toBe('Esgotado');
    expect(screen.queryByTestId('estoque')).toBeNull();
    const add = screen.getByRole('button', { name: 'Adicionar ao carrinho' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    await user.click(add);
    expect(bag.addToBag).not.toHaveBeenCalled();
  });

  it('stock 1 is one unit, not unlimited: plus stops at 1, and the product can be added', async () => {
    const user = userEvent.setup();
    render(<ProductPurchase produto={produto({ estoque: 1, minimo: null, esgotado: false })} dadosforn={dadosforn()} core={core} />);
    expect(screen.getByTestId('estoque').textContent).toBe('Estoque: 1');
    expect(screen.queryByTestId('esgotado')).toBeNull();
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(bag.addToBag).toHaveBeenCalledWith(expect.objectContaining({ quantidade: 1 }));
  });

  it('adds the chosen quantity and option to the bag', async () => {
    const user = userEvent.setup();
    const p = produto({ minimo: 2, estoque: null });
    const d = dadosforn();
    render(<ProductPurchase produto={p} dadosforn={d} core={core} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Opção' }), 'Caixa');
    await user.click(plus());
    await user.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(bag.addToBag).toHaveBeenCalledWith({ product: p, quantidade: 3, opcao: 'Caixa', dadosforn: d });
    expect(screen.getByText(/Produto adicionado ao carrinho!/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Meu Pedido' }));
    expect(bag.open).toHaveBeenCalled();
  });

  it("shows the other-supplier modal on 'conflict'", async () => {
    const user = userEvent.setup();
    const onAdded = vi.fn();
    bag.addToBag.mockReturnValue('conflict');
    render(<ProductPurchase produto={produto()} dadosforn={dadosforn()} core={core} onAdded={onAdded} />);
    await user.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }));
    const dlg = screen.getByRole('dialog', { name: 'Você já possui produtos de outro fornecedor no carrinho' });
    expect(dlg.textContent).toContain('Você já possui produtos de outro fornecedor no carrinho');
    expect(onAdded).not.toHaveBeenCalled();
    await user.click(within(dlg).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/**
 * The product card (spec §3): badge from `desconto`, promo price, 'Esgotado' from the server's
 * `esgotado`, nothing when status is set, and a link (new tab) / a button / a plain block.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { produto } from '@/test/catalog';
import { ProductCard } from './ProductCard';

describe('ProductCard', () => {
  it('shows the icon, the capitalised title, the promo price with R$ and the API discount badge', () => {
    const { container } = render(<ProductCard item={produto({ preco: 4.5, precopromo: 3.9, desconto: 13 })} />);
    expect(screen.getByText('Alface crespa')).toBeTruthy();
    expect(screen.getByText('R$ 3,90')).toBeTruthy();
    expect(screen.getByTestId('desconto').textContent).toBe('-13% de desconto');
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/alface.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('300');
    expect(img.getAttribute('height')).toBe('180');
  });

  it('shows the normal price and no badge without a promotion', () => {
    render(<ProductCard item={produto({ preco: 1234.5, precopromo: null, desconto: null })} />);
    expect(screen.getByText('R$ 1.234,50')).toBeTruthy();
    expect(screen.queryByTestId('desconto')).toBeNull();
  });

  it("says 'a partir de' the lowest option price when the options differ in price (decisions.md §39)", () => {
    const { rerender } = render(<ProductCard item={produto({ preco: 5, precopromo: null, apartirde: 5 })} />);
    expect(screen.getByTestId('preco-card').textContent).toBe('a partir de R$ 5,00');
    rerender(<ProductCard item={produto({ preco: 5, precopromo: null, apartirde: null })} />);
    expect(screen.getByTestId('preco-card').textContent).toBe('R$ 5,00');
  });

  it('takes the badge from desconto as given (no rule in the browser)', () => {
    render(<ProductCard item={produto({ preco: 10, precopromo: 9, desconto: 42 })} />);
    expect(screen.getByTestId('desconto').textContent).toContain('-42%');
  });

  it("says 'Esgotado' when the server says the product is sold out, and only then", () => {
    const { rerender } = render(<ProductCard item={produto({ estoque: 0, esgotado: true, desconto: 13 })} />);
    expect(screen.getByTestId('esgotado').textContent).toBe('Esgotado');
    expect(screen.queryByTestId('desconto')).toBeNull();
    // Stock 0 without the server's flag is not recomputed in the browser.
    rerender(<ProductCard item={produto({ estoque: 0, esgotado: false })} />);
    expect(screen.queryByText('Esgotado')).toBeNull();
  });

  it('shows the placeholder, 180 px high, without an icon', () => {
    const { container } = render(<ProductCard item={produto({ icone: null })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('imagem-padrao').style.height).toBe('180px');
  });

  it('renders nothing when status is set', () => {
    const { container } = render(<ProductCard item={produto({ status: true })} href="/x" onClick={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('is a link opening in a new tab when given a link', () => {
    render(<ProductCard item={produto()} href="/detalhes/Alimentos/p1/u1?type=forn" />);
    const link = screen.getByRole('link', { name: /Alface crespa/ });
    expect(link.getAttribute('href')).toBe('/detalhes/Alimentos/p1/u1?type=forn');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is a button when given a click handler', async () => {
    const onClick = vi.fn();
    render(<ProductCard item={produto()} onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: /Alface crespa/ }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is a plain block otherwise', () => {
    const { container } = render(<ProductCard item={produto()} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.firstElementChild?.tagName).toBe('DIV');
  });
});

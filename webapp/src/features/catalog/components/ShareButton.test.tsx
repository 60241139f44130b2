/**
 * 'Compartilhar': a WhatsApp link with the page's address; the browser's share sheet instead
 * where there is one.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from './ShareButton';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('ShareButton', () => {
  it('opens WhatsApp with the text and the address', () => {
    render(<ShareButton path="/sitio-boa-vista" titulo="Sítio Boa Vista" texto="Sítio Boa Vista, na Feira:" />);
    const link = screen.getByRole('link', { name: /Compartilhar/ });
    const url = `${window.location.origin}/sitio-boa-vista`;
    expect(link.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`Sítio Boa Vista, na Feira: ${url}`)}`);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("uses the browser's share sheet where there is one", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareButton path="/detalhes/Alimentos/p1/u1?type=forn" titulo="Mel" texto="Mel, na Feira:" />);
    await userEvent.click(screen.getByRole('link', { name: /Compartilhar/ }));
    expect(share).toHaveBeenCalledWith({
      title: 'Mel',
      text: 'Mel, na Feira:',
      url: `${window.location.origin}/detalhes/Alimentos/p1/u1?type=forn`,
    });
  });
});

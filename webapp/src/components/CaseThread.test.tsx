/**
 * A case's thread: each message in order with its author named from the reader's side, its
 * date and its photos.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/time';
import { CaseThread, type Caso } from './CaseThread';

const at = Date.UTC(2026, 10, 20, 15, 30);
const messages: Caso['mensagens'] = [
  { autor: 'comprador', data: at, texto: 'Veio só uma mandioca.', fotos: ['/fotos/a.jpg', '/fotos/b.jpg'] },
  { autor: 'loja', data: at + 60_000, texto: 'Vou devolver a linha.', fotos: [] },
  { autor: 'admin', data: at + 120_000, texto: 'Decidido pela Feira.', fotos: [] },
];

describe('CaseThread', () => {
  it("names the authors from the reader's side, in order, with dates and photos", () => {
    render(<CaseThread mensagens={messages} autores={{ comprador: 'Cliente', loja: 'Você', admin: 'Feira' }} fotoAlt="Foto do cliente" />);
    const items = within(screen.getByRole('list', { name: 'Mensagens da reclamação' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0].textContent).toContain(`Cliente · ${formatDateTime(at)}`);
    expect(items[0].textContent).toContain('Veio só uma mandioca.');
    expect(within(items[0]).getAllByRole('img', { name: 'Foto do cliente' }).map((i) => i.getAttribute('src'))).toEqual([
      '/fotos/a.jpg',
      '/fotos/b.jpg',
    ]);
    expect(items[1].textContent).toContain('Você ·');
    expect(within(items[1]).queryByRole('img')).toBeNull();
    expect(items[2].textContent).toContain('Feira ·');
  });

  it('shows the buyer herself as Você', () => {
    render(<CaseThread mensagens={messages.slice(0, 1)} autores={{ comprador: 'Você', loja: 'Loja', admin: 'Feira' }} fotoAlt="Foto da reclamação" />);
    expect(screen.getByRole('listitem').textContent).toContain('Você ·');
    expect(screen.getAllByRole('img', { name: 'Foto da reclamação' })).toHaveLength(2);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { maximoInvalido, parseReais } from '../api/assinar';
import { SubscribeBox } from './SubscribeBox';

// The city field's IBGE list is not loaded here: a plain input stands for it.
vi.mock('@/components/places/CityField', () => ({
  CityField: ({ value, onChange }: { value: string; onChange: (c: string) => void }) => (
    <input aria-label="Cidade" value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

describe('the maximum per delivery for Pix Automático', () => {
  it('reads amounts as Brazilians type them', () => {
    expect(parseReais('45,90')).toBe(45.9);
    expect(parseReais('R$ 1.234,56')).toBe(1234.56);
    expect(parseReais('50')).toBe(50);
    expect(parseReais('50.5')).toBe(50.5);
    expect(parseReais('abc')).toBeNull();
    expect(parseReais('1,2,3')).toBeNull();
  });

  it('must cover the first delivery', () => {
    expect(maximoInvalido('', 1600)).toMatch(/Informe o valor máximo/);
    expect(maximoInvalido('10,00', 1600)).toMatch(/menor que o total/);
    expect(maximoInvalido('16,00', 1600)).toBeNull();
  });
});

describe("the checkout's 'Assinar' box", () => {
  it('offers Pix Automático where the store accepts Pix, and shows the recurrence QR', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ ok: true, texto: 'Assinatura criada!', pixCode: '000201abc', pixImage: 'data:image/svg+xml;base64,AA' });
    render(<SubscribeBox onSubscribe={onSubscribe} pix presencial totalCentavos={1600} />);
    await userEvent.click(screen.getByTestId('assinar-pix-automatico'));
    const assinar = screen.getByRole('button', { name: 'Assinar' });
    expect((assinar as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByTestId('valor-maximo'), '10');
    expect(screen.getByText(/menor que o total/)).toBeTruthy();
    await userEvent.clear(screen.getByTestId('valor-maximo'));
    await userEvent.type(screen.getByTestId('valor-maximo'), '50,00');
    await userEvent.type(screen.getByTestId('cpf-pagador'), '529.982.247-25');
    await userEvent.click(assinar);
    expect(onSubscribe).toHaveBeenCalledWith('semanal', { valorMaximo: 50, cpf: '529.982.247-25', semPix: 'pausar' }, null);
    expect((await screen.findByTestId('pix-automatico-codigo') as HTMLTextAreaElement).value).toBe('000201abc');
    expect(screen.getByAltText('QR Code do Pix Automático')).toBeTruthy();
  });

  it('without Pix, subscribes paid in person', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ ok: false, texto: 'Esta loja não tem dias de retirada para assinaturas.' });
    render(<SubscribeBox onSubscribe={onSubscribe} />);
    expect(screen.queryByTestId('assinar-pix-automatico')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(onSubscribe).toHaveBeenCalledWith('semanal', null, null);
    expect(screen.queryByTestId('assinar-outro-endereco')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain('dias de retirada');
  });

  it('delivered, goes to the profile address or to another one typed here', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ ok: true, texto: 'Assinatura criada!' });
    render(<SubscribeBox onSubscribe={onSubscribe} entrega perfil="Rua das Flores, 12 — Centro, Piracicaba, SP" />);
    expect(screen.getByText(/endereço do meu perfil: Rua das Flores, 12/)).toBeTruthy();
    await userEvent.click(screen.getByTestId('assinar-outro-endereco'));
    const assinar = screen.getByRole('button', { name: 'Assinar' });
    expect((assinar as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByTestId('endereco-rua'), 'Avenida 1');
    await userEvent.type(screen.getByTestId('endereco-numero'), '500');
    await userEvent.type(screen.getByLabelText('Cidade'), 'Rio Claro, SP');
    await userEvent.click(assinar);
    expect(onSubscribe).toHaveBeenCalledWith('semanal', null, {
      cep: '',
      rua: 'Avenida 1',
      numero: '500',
      complemento: '',
      bairro: '',
      cidade: 'Rio Claro, SP',
    });
  });
});

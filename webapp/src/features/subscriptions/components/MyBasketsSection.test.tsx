import { describe, expect, it } from 'vitest';
import { pixAutomaticoTexto } from './MyBasketsSection';

const pix = (situacao: string) => ({
  pix_automatico: { situacao, valor_maximo_centavos: 5000, sem_pix: 'pausar' },
});

describe("'Minhas assinaturas' Pix Automático state", () => {
  it('says where the recurrence stands, with the maximum', () => {
    expect(pixAutomaticoTexto(pix('aguardando'))).toMatch(/^Pix Automático: aguardando autorização no seu banco · até R\$\s50,00 por entrega$/);
    expect(pixAutomaticoTexto(pix('ativa'))).toContain('Pix Automático: ativo');
    expect(pixAutomaticoTexto(pix('cancelada_banco'))).toContain('cancelado no banco');
  });

  it('is absent for a basket paid in person', () => {
    expect(pixAutomaticoTexto({})).toBeNull();
  });
});

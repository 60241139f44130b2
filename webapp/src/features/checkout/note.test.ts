import { describe, expect, it } from 'vitest';
import { contador, contarCaracteres, MAX_OBSERVACAO, OBSERVACAO_INVALIDA, OBSERVACAO_LONGA, observacaoEnviada, problemaDaObservacao } from './note';

describe('order notes', () => {
  it('counts characters as the server does, accents and emoji as one', () => {
    expect(contarCaracteres('sem cebola')).toBe(10);
    expect(contarCaracteres('açúcar')).toBe(6);
    expect(contarCaracteres('🍅🍅')).toBe(2);
    expect(contador('portaria')).toBe('8/280');
  });

  it('accepts up to 280 characters and refuses one more', () => {
    expect(problemaDaObservacao('ç'.repeat(MAX_OBSERVACAO))).toBeNull();
    expect(problemaDaObservacao('ç'.repeat(MAX_OBSERVACAO + 1))).toBe(OBSERVACAO_LONGA);
    // Spaces around are not counted: the server trims them.
    expect(problemaDaObservacao(`  ${'a'.repeat(MAX_OBSERVACAO)}  `)).toBeNull();
  });

  it('refuses line breaks and control characters', () => {
    expect(problemaDaObservacao('linha 1\nlinha 2')).toBe(OBSERVACAO_INVALIDA);
    expect(problemaDaObservacao('tab\taqui')).toBe(OBSERVACAO_INVALIDA);
    expect(problemaDaObservacao('deixar na portaria')).toBeNull();
  });

  it('sends a trimmed note, or none when blank', () => {
    expect(observacaoEnviada('  portaria ')).toBe('portaria');
    expect(observacaoEnviada('   ')).toBeUndefined();
    expect(observacaoEnviada(undefined)).toBeUndefined();
  });
});

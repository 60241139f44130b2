import { describe, expect, it } from 'vitest';
import { noteCounter, countCharacters, MAX_OBSERVACAO, OBSERVACAO_INVALIDA, OBSERVACAO_LONGA, noteToSend, noteProblem } from './note';

describe('order notes', () => {
  it('counts characters as the server does, accents and emoji as one', () => {
    expect(countCharacters('sem cebola')).toBe(10);
    expect(countCharacters('açúcar')).toBe(6);
    expect(countCharacters('🍅🍅')).toBe(2);
    expect(noteCounter('portaria')).toBe('8/280');
  });

  it('accepts up to 280 characters and refuses one more', () => {
    expect(noteProblem('ç'.repeat(MAX_OBSERVACAO))).toBeNull();
    expect(noteProblem('ç'.repeat(MAX_OBSERVACAO + 1))).toBe(OBSERVACAO_LONGA);
    // Spaces around are not counted: the server trims them.
    expect(noteProblem(`  ${'a'.repeat(MAX_OBSERVACAO)}  `)).toBeNull();
  });

  it('refuses line breaks and control characters', () => {
    expect(noteProblem('linha 1\nlinha 2')).toBe(OBSERVACAO_INVALIDA);
    expect(noteProblem('tab\taqui')).toBe(OBSERVACAO_INVALIDA);
    expect(noteProblem('deixar na portaria')).toBeNull();
  });

  it('sends a trimmed note, or none when blank', () => {
    expect(noteToSend('  portaria ')).toBe('portaria');
    expect(noteToSend('   ')).toBeUndefined();
    expect(noteToSend(undefined)).toBeUndefined();
  });
});

/** The text of something thrown. */
import { describe, expect, it } from 'vitest';
import { errorText } from './errorText';

describe('errorText', () => {
  it("is an Error's message", () => {
    expect(errorText(new Error('Insira um título.'))).toBe('Insira um título.');
    expect(errorText(new TypeError('x'), 'fallback')).toBe('x');
  });

  it('is anything else as text, or the fallback when given', () => {
    expect(errorText('texto')).toBe('texto');
    expect(errorText(42)).toBe('42');
    expect(errorText({ codigo: 'x' }, 'Algum erro ocorreu!')).toBe('Algum erro ocorreu!');
  });
});

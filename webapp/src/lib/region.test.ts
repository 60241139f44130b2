/**
 * The region store: default 'Piracicaba, SP', persistence as {"regiao": …}, validation and
 * cross-tab changes.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_REGION, getRegion, isRegion, REGION_KEY, setRegion, subscribeRegion } from './region';

describe('region store', () => {
  it("defaults to 'Piracicaba, SP'", () => {
    expect(DEFAULT_REGION).toBe('Piracicaba, SP');
    expect(getRegion()).toBe('Piracicaba, SP');
  });

  it('persists under "regiao" as {regiao}', () => {
    setRegion('São Paulo, SP');
    expect(JSON.parse(localStorage.getItem(REGION_KEY)!)).toEqual({ regiao: 'São Paulo, SP' });
    expect(getRegion()).toBe('São Paulo, SP');
  });

  it('reads a region stored earlier', () => {
    localStorage.setItem(REGION_KEY, JSON.stringify({ regiao: "Santa Bárbara d'Oeste, SP" }));
    expect(getRegion()).toBe("Santa Bárbara d'Oeste, SP");
  });

  it('falls back to the default for invalid stored values', () => {
    localStorage.setItem(REGION_KEY, 'lixo');
    expect(getRegion()).toBe(DEFAULT_REGION);
    localStorage.setItem(REGION_KEY, JSON.stringify({ regiao: 'Campinas' }));
    expect(getRegion()).toBe(DEFAULT_REGION);
    localStorage.setItem(REGION_KEY, JSON.stringify('Campinas, SP'));
    expect(getRegion()).toBe(DEFAULT_REGION);
  });

  it('refuses values that are not "City, UF"', () => {
    setRegion('Campinas');
    expect(localStorage.getItem(REGION_KEY)).toBeNull();
    expect(isRegion('Campinas, SP')).toBe(true);
    expect(isRegion('Campinas, sp')).toBe(false);
    expect(isRegion(42)).toBe(false);
  });

  it('notifies subscribers, also of another tab', () => {
    const l = vi.fn();
    const off = subscribeRegion(l);
    setRegion('Limeira, SP');
    localStorage.setItem(REGION_KEY, JSON.stringify({ regiao: 'Recife, PE' }));
    window.dispatchEvent(new StorageEvent('storage', { key: REGION_KEY }));
    expect(l).toHaveBeenCalledTimes(2);
    expect(getRegion()).toBe('Recife, PE');
    off();
  });
});

/**
 * Brazilian time (decisions.md §40): dates and times are shown in America/Sao_Paulo whatever the
 * device's zone. The process runs in Tokyo here (and in Honolulu for one case), with instants
 * near midnight, where the device's day and São Paulo's differ; and no source file but
 * lib/time.ts turns a date into text or a calendar day on its own.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoDay, brazilDay, formatDay, formatDateTime, formatTime, FUSO } from './time';

// Node takes a new TZ at once (process.env.TZ, set by stubEnv).
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** 28/11/2026 02:30 UTC: 23:30 of the 27th in São Paulo (UTC-3), 11:30 of the 28th in Tokyo. */
const NOITE_SP = Date.UTC(2026, 10, 28, 2, 30);

describe('Brazilian time', () => {
  it('the device is elsewhere: its day is not São Paulo’s', () => {
    expect(new Date(NOITE_SP).getDate()).toBe(28);
    expect(new Date(NOITE_SP).getHours()).toBe(11);
  });

  it('shows an instant in São Paulo', () => {
    expect(FUSO).toBe('America/Sao_Paulo');
    expect(formatDateTime(NOITE_SP)).toBe('27/11/2026, 23:30');
    expect(formatDay(NOITE_SP)).toBe('27/11/2026');
    expect(formatTime(NOITE_SP)).toBe('23:30');
    expect(brazilDay(NOITE_SP)).toEqual({ ano: 2026, mes: 11, dia: 27 });
    expect(isoDay(NOITE_SP)).toBe('2026-11-27');
  });

  it('the year turns in São Paulo, not on the device', () => {
    const anoNovoUtc = Date.UTC(2027, 0, 1, 1, 0); // 22:00 of 31/12/2026 in São Paulo
    expect(brazilDay(anoNovoUtc)).toEqual({ ano: 2026, mes: 12, dia: 31 });
    vi.stubEnv('TZ', 'Pacific/Honolulu');
    const depoisDaMeiaNoiteSp = Date.UTC(2027, 0, 1, 3, 10); // 00:10 of 01/01/2027 in São Paulo, 17:10 of the 31st in Honolulu
    expect(new Date(depoisDaMeiaNoiteSp).getFullYear()).toBe(2026);
    expect(formatDateTime(depoisDaMeiaNoiteSp)).toBe('01/01/2027, 00:10');
    expect(isoDay(depoisDaMeiaNoiteSp)).toBe('2027-01-01');
    vi.stubEnv('TZ', 'Asia/Tokyo');
  });

  it('a value that is not a date is shown as nothing', () => {
    expect(formatDateTime(Number.NaN)).toBe('');
    expect(formatDay(Number.NaN)).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
  });
});

/** Every source file's text (tests, the generated contract and the wasm aside). */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../wasm/**', '!../test/**', '!../types/api.gen.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** What turns a date into text or a calendar day in the device's zone (or by hand). */
const OWN_DATES = /toLocale(Date|Time)String|Date\([^)]*\)\.toLocaleString|Intl\.DateTimeFormat|\.get(UTC)?(Hours|Minutes|Seconds|Date|Day|Month|FullYear)\(\)|toISOString\(\)/;

describe('one place for dates', () => {
  it('no source file but lib/time.ts formats a date or reads its day', () => {
    const files = Object.keys(SOURCES);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('./time.ts');
    const offenders = files.filter((f) => f !== './time.ts' && OWN_DATES.test(SOURCES[f]));
    expect(offenders).toEqual([]);
  });
});

/**
 * Brazilian time (decisions.md §40): every date and time the webapp shows is written in
 * America/Sao_Paulo, whatever the device's zone — an order placed at 23:30 in São Paulo is on that
 * day for the buyer, the store and the admin, wherever their phone thinks it is. The one place
 * that turns an instant into text or into a calendar day (Intl with `timeZone`); nothing else in
 * the webapp calls `toLocale*String`, `getHours`, `getDate`, … on a date.
 */

/** The zone every date is shown in. */
export const FUSO = 'America/Sao_Paulo';

const DATA_HORA = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, dateStyle: 'short', timeStyle: 'short' });
const DATA = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, day: '2-digit', month: '2-digit', year: 'numeric' });
const HORA = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, hour: '2-digit', minute: '2-digit' });
const PARTES = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit' });

/** An instant (ms since the epoch), or null when it is not a date. */
function instante(ms: number): Date | null {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '21/11/2026, 14:05' (empty when `ms` is not a date). */
export function formatDateTime(ms: number): string {
  const d = instante(ms);
  return d ? DATA_HORA.format(d) : '';
}

/** '21/11/2026' (empty when `ms` is not a date). */
export function formatDay(ms: number): string {
  const d = instante(ms);
  return d ? DATA.format(d) : '';
}

/** '14:05' (empty when `ms` is not a date). */
export function formatTime(ms: number): string {
  const d = instante(ms);
  return d ? HORA.format(d) : '';
}

/** The calendar day in São Paulo at instant `ms` (default: now): `{ano, mes (1–12), dia}`. */
export function brazilDay(ms: number = Date.now()): { ano: number; mes: number; dia: number } {
  const p = Object.fromEntries(PARTES.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { ano: Number(p.year), mes: Number(p.month), dia: Number(p.day) };
}

/** The calendar day in São Paulo at instant `ms` (default: now) as 'aaaa-mm-dd'. */
export function isoDay(ms: number = Date.now()): string {
  const { ano, mes, dia } = brazilDay(ms);
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/**
 * One tap per stop (decisions.md §36): Google Maps and Waze by their public URL schemes with the
 * stop's coordinates (or its address when it has none), WhatsApp through `wa.me` with the
 * message 'Olá, {nome}! Seu pedido da {loja} está a caminho.', and a call.
 */

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** Google Maps directions to the point (Maps URLs, `api=1`), or a search of the address. */
export function mapsUrl(p: MapPoint | null, endereco: string): string {
  if (p) return `https://www.google.com/maps/dir/?api=1&destination=${p.latitude},${p.longitude}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(endereco)}`;
}

/** Waze navigation to the point (`ll` + `navigate=yes`), or a search of the address. */
export function wazeUrl(p: MapPoint | null, endereco: string): string {
  if (p) return `https://waze.com/ul?ll=${p.latitude},${p.longitude}&navigate=yes`;
  return `https://waze.com/ul?q=${encodeURIComponent(endereco)}&navigate=yes`;
}

/** The phone's digits with Brazil's 55 in front, or null when it is not a Brazilian number. */
function brazilianDigits(telefone: string | null | undefined): string | null {
  let d = (telefone ?? '').replace(/\D/g, '');
  if (d.startsWith('55') && (d.length === 12 || d.length === 13)) d = d.slice(2);
  return d.length === 10 || d.length === 11 ? `55${d}` : null;
}

/** The first name: 'Carla' of 'Carla Souza'. */
function primeiroNome(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? '';
}

export function whatsappMessage(nome: string, loja: string): string {
  return `Olá, ${primeiroNome(nome)}! Seu pedido da ${loja} está a caminho.`;
}

/** `https://wa.me/55…?text=…`, or null without a usable phone. */
export function whatsappUrl(telefone: string | null | undefined, nome: string, loja: string): string | null {
  const d = brazilianDigits(telefone);
  return d ? `https://wa.me/${d}?text=${encodeURIComponent(whatsappMessage(nome, loja))}` : null;
}

/** `tel:+55…`, or null without a usable phone. */
export function telUrl(telefone: string | null | undefined): string | null {
  const d = brazilianDigits(telefone);
  return d ? `tel:+${d}` : null;
}

import { describe, expect, it } from 'vitest';
import { mapsUrl, telUrl, wazeUrl, whatsappUrl } from './links';

describe('one-tap links', () => {
  const p = { latitude: -22.7253, longitude: -47.6492 };

  it('navigate to the coordinates, or search the address without them', () => {
    expect(mapsUrl(p, 'x')).toBe('https://www.google.com/maps/dir/?api=1&destination=-22.7253,-47.6492');
    expect(wazeUrl(p, 'x')).toBe('https://waze.com/ul?ll=-22.7253,-47.6492&navigate=yes');
    expect(mapsUrl(null, 'Rua do Rosário, 120, Piracicaba')).toBe('https://www.google.com/maps/search/?api=1&query=Rua%20do%20Ros%C3%A1rio%2C%20120%2C%20Piracicaba');
  });

  it('WhatsApp the buyer with the message, and call', () => {
    const url = whatsappUrl('(19) 99876-5432', 'Carla Souza', 'Sítio Boa Vista');
    expect(url).toBe(`https://wa.me/5519998765432?text=${encodeURIComponent('Olá, Carla! Seu pedido da Sítio Boa Vista está a caminho.')}`);
    expect(decodeURIComponent(new URL(url!).searchParams.get('text')!)).toBe('Olá, Carla! Seu pedido da Sítio Boa Vista está a caminho.');
    expect(whatsappUrl('5519998765432', 'Carla', 'Loja')).toMatch(/^https:\/\/wa\.me\/5519998765432\?/);
    expect(whatsappUrl('123', 'Carla', 'Loja')).toBeNull();
    expect(telUrl('(19) 3421-1234')).toBe('tel:+551934211234');
    expect(telUrl(null)).toBeNull();
  });
});

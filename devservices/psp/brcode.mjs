// Dynamic Pix BR Codes ("pixCopiaECola"), as a PSP makes them for a `cob`: an EMV® MPM payload
// whose merchant account template (26) carries the GUI `br.gov.bcb.pix` and, in sub-field 25,
// the charge's location URL without its scheme; the payer's app fetches the charge from there.
// Field 62-05 (txid) is `***` in a dynamic code; 54 (amount) is present only when the payer
// cannot change it; 63 is the CRC16-CCITT-FALSE of everything before it, `6304` included.
// (Manual de Padrões para Iniciação do Pix, BACEN.)

/** One EMV data object: id, two-digit length, value (ASCII, so characters = bytes). */
function tlv(id, value) {
  if (value.length > 99) throw new Error(`EMV field ${id} too long (${value.length})`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16(text) {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Upper-case ASCII without accents, cut to `max` characters (the EMV "ans" set). */
function merchantText(text, max) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase()
    .trim()
    .slice(0, max);
}

/**
 * The payload for a charge: `location` without scheme (≤ 77 characters), `amount` as
 * "12.50" or null when the payer may change it, the receiver's `name` and `city`.
 */
export function dynamicBrCode({ location, amount, name, city }) {
  const account = tlv('00', 'br.gov.bcb.pix') + tlv('25', location);
  const body = [
    tlv('00', '01'),
    tlv('01', '12'), // point of initiation 12: the code is for this one charge
    tlv('26', account),
    tlv('52', '0000'),
    tlv('53', '986'),
    amount == null ? '' : tlv('54', amount),
    tlv('58', 'BR'),
    tlv('59', merchantText(name, 25) || 'RECEBEDOR'),
    tlv('60', merchantText(city, 15) || 'BRASIL'),
    tlv('62', tlv('05', '***')),
    '6304',
  ].join('');
  return body + crc16(body);
}

/**
 * PIX BR Code ("copia e cola"): EMV QRCPS-MPM TLV fields closed by a CRC-16/CCITT-FALSE over the whole
 * payload including the literal `6304` (reference integrations.md §1.1). Our own encoder (no axios or qrcode
 * dependency as with pix-utils); like pix-utils it writes merchant names in upper case without accents.
 */

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export function crcHex(text: string): string {
  return crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * One EMV TLV field: id, two-digit length, value. EMV counts characters of its common character set (printable
 * ASCII), where characters and bytes agree; a value outside it would be measured one way by a writer counting
 * bytes and another by readers counting characters (our parser, pix-utils), so it is refused here and callers
 * normalise free text with `brCodeText` first.
 */
export function tlv(id: string, value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`BR Code field ${id} holds characters outside printable ASCII: ${JSON.stringify(value)}`);
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const LETTERS_WITHOUT_DECOMPOSITION: Readonly<Record<string, string>> = {
  ß: 'ss',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
};

/**
 * Free text as a BR Code field can carry it, the way the BCB manual's examples and pix-utils write names:
 * accents stripped ("João" → "JOAO", "São Paulo" → "SAO PAULO"), whatever has no ASCII form dropped, spaces
 * collapsed, then cut to the field's limit in characters. `upperCase` for the merchant name and city.
 */
export function brCodeText(value: string, lengthMax: number, options: { upperCase: boolean } = { upperCase: true }): string {
  const ascii = value
    .replace(/[ßØøÆæŒœŁłĐđ]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return (options.upperCase ? ascii.toUpperCase() : ascii).slice(0, lengthMax).trimEnd();
}

export interface BrCodeInput {
  /** The receiver's PIX key (CPF, CNPJ, phone, e-mail or EVP). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Amount in minor units (centavos); omitted for an open amount. */
  amountMinor?: number;
  /** Reference label (tag 62.05), at most 25 characters; `***` when none. */
  txid?: string;
  /** Free text shown to the payer (tag 26.02). */
  description?: string;
}

/** Merchant name (tag 59) and city (tag 60) limits of the BR Code manual, in characters. */
export const BR_CODE_MERCHANT_NAME_MAX = 25;
export const BR_CODE_MERCHANT_CITY_MAX = 15;

/**
 * Builds a static BR Code with its CRC. Merchant name and city are normalised with `brCodeText` (upper case,
 * accents stripped, cut to 25 and 15 characters) and the description keeps its case but loses its accents, so
 * "Tucunaré Bet" in "São Paulo" is written "TUCUNARE BET" / "SAO PAULO" and every reader agrees on the lengths.
 */
export function brCodeBuild(input: BrCodeInput): string {
  const keyFields = tlv('00', 'br.gov.bcb.pix') + tlv('01', input.key);
  // The description gets what the template's 99 characters leave after the key; a long key can leave nothing.
  const descriptionRoom = 99 - keyFields.length - 4;
  const description = input.description && descriptionRoom > 0 ? brCodeText(input.description, descriptionRoom, { upperCase: false }) : '';
  const account = keyFields + (description ? tlv('02', description) : '');
  const amount = input.amountMinor === undefined ? '' : tlv('54', `${Math.trunc(input.amountMinor / 100)}.${String(input.amountMinor % 100).padStart(2, '0')}`);
  const body =
    tlv('00', '01') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    amount +
    tlv('58', 'BR') +
    tlv('59', brCodeText(input.merchantName, BR_CODE_MERCHANT_NAME_MAX)) +
    tlv('60', brCodeText(input.merchantCity, BR_CODE_MERCHANT_CITY_MAX)) +
    tlv('62', tlv('05', (input.txid ?? '***').slice(0, 25)));
  return `${body}6304${crcHex(`${body}6304`)}`;
}

export interface BrCodeField {
  id: string;
  value: string;
}

export type BrCodeParse =
  | { ok: true; fields: BrCodeField[]; key: string | undefined; url: string | undefined; amount: string | undefined; txid: string | undefined }
  | { ok: false; issue: 'format' | 'crc' };

function fieldsParse(text: string): BrCodeField[] | undefined {
  const fields: BrCodeField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length) return undefined;
    fields.push({ id, value: text.slice(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return fields;
}

/** Checks a BR Code: TLV structure, payload format `01` first, the PIX template, and the CRC last. */
export function brCodeParse(payload: string): BrCodeParse {
  const fields = fieldsParse(payload);
  const last = fields?.at(-1);
  if (!fields || fields[0]?.id !== '00' || fields[0].value !== '01' || last?.id !== '63' || last.value.length !== 4) return { ok: false, issue: 'format' };
  if (crcHex(payload.slice(0, -4)) !== last.value.toUpperCase()) return { ok: false, issue: 'crc' };
  const account = fields.find((field) => field.id === '26');
  const sub = account ? fieldsParse(account.value) : undefined;
  if (!sub || sub[0]?.id !== '00' || sub[0].value.toLowerCase() !== 'br.gov.bcb.pix') return { ok: false, issue: 'format' };
  const additional = fields.find((field) => field.id === '62');
  return {
    ok: true,
    fields,
    key: sub.find((field) => field.id === '01')?.value,
    url: sub.find((field) => field.id === '25')?.value,
    amount: fields.find((field) => field.id === '54')?.value,
    txid: additional ? fieldsParse(additional.value)?.find((field) => field.id === '05')?.value : undefined,
  };
}

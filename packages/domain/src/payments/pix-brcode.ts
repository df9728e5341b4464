/**
 * PIX BR Code ("copia e cola"): EMV QRCPS-MPM TLV fields closed by a CRC-16/CCITT-FALSE over the whole
 * payload including the literal `6304` (reference integrations.md §1.1). Our own encoder, because
 * pix-utils upper-cases merchant names and so cannot reproduce the published vectors byte for byte.
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

/** One EMV TLV field: id, two-digit byte length, value. */
export function tlv(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new Error(`BR Code field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
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

/** Builds a static BR Code with its CRC. Names are cut to the field limits (25 and 15 characters). */
export function brCodeBuild(input: BrCodeInput): string {
  const account = tlv('00', 'br.gov.bcb.pix') + tlv('01', input.key) + (input.description ? tlv('02', input.description) : '');
  const amount = input.amountMinor === undefined ? '' : tlv('54', `${Math.trunc(input.amountMinor / 100)}.${String(input.amountMinor % 100).padStart(2, '0')}`);
  const body =
    tlv('00', '01') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    amount +
    tlv('58', 'BR') +
    tlv('59', input.merchantName.slice(0, 25)) +
    tlv('60', input.merchantCity.slice(0, 15)) +
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

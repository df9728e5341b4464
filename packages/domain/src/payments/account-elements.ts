import type { CurrencyCode } from '../money/currency.ts';
import type { PayChannelKey } from './channels.ts';
import { clabeCheck } from './clabe.ts';
import { erc20AddressCheck, trc20AddressValid } from './crypto-address.ts';
import { documentCheck, isDocumentType, type DocumentType } from './documents.ts';
import { phoneCallingCode, PAYOUT_PHONE_LENGTHS, payoutPhoneCheck } from './payout-phone.ts';
import { isPixKeyType, pixKeyCheck, PIX_KEY_TYPES } from './pix-key.ts';
import { ifscValid } from './upi.ts';

/**
 * The account elements a payout method needs (spec §5: document type by method, account type savings or
 * checking, phone lengths and country codes), and their validation. A payout only ever goes to these saved
 * elements, so everything the provider needs is here.
 */
export type ElementName =
  | 'phone'
  | 'document_type'
  | 'document'
  | 'account_type'
  | 'bank_code'
  | 'account_number'
  | 'clabe'
  | 'pix_key_type'
  | 'pix_key'
  | 'holder_name'
  | 'ifsc'
  | 'network'
  | 'address';

export interface ElementDef {
  name: ElementName;
  kind: 'text' | 'phone' | 'select' | 'document';
  options: readonly string[];
  minLength: number;
  maxLength: number;
  countryCode: string;
}

export const ACCOUNT_TYPES = ['savings', 'checking'] as const;

/** Spec §5 document types by method: PIX CPF; SPEI RFC; Transfiya, bank transfer, TPAGA CC; Peru RUC or DNI; Argentina CUIT or CUIL. */
export function documentTypesOf(channel: PayChannelKey, currency: CurrencyCode): readonly DocumentType[] {
  if (channel === 'PIX') return ['CPF'];
  if (channel === 'SPEI') return ['RFC'];
  if (currency === 'PEN') return ['RUC', 'DNI'];
  if (currency === 'ARS') return ['CUIT', 'CUIL'];
  if (currency === 'COP') return ['CC'];
  return [];
}

const text = (name: ElementName, minLength: number, maxLength: number): ElementDef => ({
  name,
  kind: 'text',
  options: [],
  minLength,
  maxLength,
  countryCode: '',
});
const select = (name: ElementName, options: readonly string[]): ElementDef => ({ name, kind: 'select', options, minLength: 1, maxLength: 32, countryCode: '' });

export function accountElementsOf(channel: PayChannelKey, currency: CurrencyCode, bankCodes: readonly string[]): ElementDef[] {
  const holder = text('holder_name', 2, 80);
  const documents = documentTypesOf(channel, currency);
  const docs: ElementDef[] = documents.length > 0 ? [select('document_type', documents), { ...text('document', 5, 20), kind: 'document' }] : [];
  const lengths = PAYOUT_PHONE_LENGTHS[channel] ?? { min: 6, max: 15 };
  const phone: ElementDef = {
    name: 'phone',
    kind: 'phone',
    options: [],
    minLength: lengths.min,
    maxLength: lengths.max,
    countryCode: phoneCallingCode(channel, currency),
  };
  const bank = [select('bank_code', bankCodes), select('account_type', ACCOUNT_TYPES), text('account_number', 6, 22)];
  switch (channel) {
    case 'PIX':
      return [...docs, select('pix_key_type', PIX_KEY_TYPES), text('pix_key', 5, 77), holder];
    case 'SPEI':
      return [text('clabe', 18, 18), ...docs, holder];
    case 'IMPS':
      return [text('account_number', 9, 18), text('ifsc', 11, 11), holder];
    case 'GCASH':
    case 'PAYMAYA':
    case 'MPESA':
    case 'CASH':
      return [phone, holder];
    case 'NEQUI':
    case 'DAVIPLATA':
    case 'MOVII':
    case 'TRANSFIYA':
    case 'TPAGA':
      return [phone, ...docs, holder];
    case 'BANK_TRANSFER':
    case 'THAI_BANK':
      return [...bank, ...docs, holder];
    case 'USDT':
      return [select('network', ['TRC20', 'ERC20']), text('address', 34, 42)];
    case 'UPI':
    case 'PSE':
    case 'EFECTY':
    case 'THAI_QR':
      return [];
  }
}

/**
 * Elements accepted (normalised `values`, and `warnings` by field for what the player should re-read but that does
 * not refuse the account: an RFC whose check digit does not compute), or the first field refused and why.
 */
export type ElementsCheck =
  { ok: true; values: Record<string, string>; warnings: Partial<Record<ElementName, 'checksum'>> } | { ok: false; field: string; issue: string };

/** Validates every element of a method, naming the first field that fails; answers the normalised values. */
export function accountElementsCheck(
  channel: PayChannelKey,
  currency: CurrencyCode,
  bankCodes: readonly string[],
  input: Readonly<Record<string, string>>,
): ElementsCheck {
  const defs = accountElementsOf(channel, currency, bankCodes);
  for (const name of Object.keys(input)) if (!defs.some((def) => def.name === name)) return { ok: false, field: name, issue: 'unrecognized_keys' };
  const values: Record<string, string> = {};
  const warnings: Partial<Record<ElementName, 'checksum'>> = {};
  for (const def of defs) {
    const raw = (input[def.name] ?? '').trim();
    if (raw === '') return { ok: false, field: def.name, issue: 'required' };
    if (def.kind === 'select' && !def.options.includes(raw)) return { ok: false, field: def.name, issue: 'invalid_value' };
    if (def.kind === 'text' && (raw.length < def.minLength || raw.length > def.maxLength)) return { ok: false, field: def.name, issue: 'length' };
    values[def.name] = raw;
  }
  if (values.phone !== undefined) {
    const result = payoutPhoneCheck(channel, currency, values.phone);
    if (!result.ok) return { ok: false, field: 'phone', issue: result.issue };
    values.phone = result.value;
  }
  if (values.document !== undefined) {
    const type = values.document_type ?? '';
    if (!isDocumentType(type)) return { ok: false, field: 'document_type', issue: 'invalid_value' };
    const result = documentCheck(type, values.document);
    if (!result.ok) return { ok: false, field: 'document', issue: result.issue };
    values.document = result.value;
    if (result.warning) warnings.document = result.warning;
  }
  if (values.clabe !== undefined) {
    const result = clabeCheck(values.clabe);
    if (!result.ok) return { ok: false, field: 'clabe', issue: result.issue };
    values.clabe = result.value;
  }
  if (values.pix_key !== undefined) {
    const type = values.pix_key_type ?? '';
    if (!isPixKeyType(type)) return { ok: false, field: 'pix_key_type', issue: 'invalid_value' };
    const result = pixKeyCheck(type, values.pix_key);
    if (!result.ok) return { ok: false, field: 'pix_key', issue: result.issue };
    values.pix_key = result.value;
  }
  if (values.ifsc !== undefined) {
    values.ifsc = values.ifsc.toUpperCase();
    if (!ifscValid(values.ifsc)) return { ok: false, field: 'ifsc', issue: 'format' };
  }
  if (values.account_number !== undefined && !/^\d+$/.test(values.account_number.replace(/[\s-]/g, '')))
    return { ok: false, field: 'account_number', issue: 'format' };
  if (values.account_number !== undefined) values.account_number = values.account_number.replace(/[\s-]/g, '');
  if (values.address !== undefined) {
    if (values.network === 'TRC20' && !trc20AddressValid(values.address)) return { ok: false, field: 'address', issue: 'checksum' };
    if (values.network === 'ERC20') {
      const result = erc20AddressCheck(values.address);
      if (!result.ok) return { ok: false, field: 'address', issue: result.issue };
      values.address = result.value;
    }
  }
  return { ok: true, values, warnings };
}

/** Shows the last four characters of the account a payout goes to. */
export function accountMask(values: Readonly<Record<string, string>>): string {
  const target = values.pix_key ?? values.clabe ?? values.phone ?? values.account_number ?? values.address ?? '';
  return target.length <= 4 ? target : `${'•'.repeat(Math.min(6, target.length - 4))}${target.slice(-4)}`;
}

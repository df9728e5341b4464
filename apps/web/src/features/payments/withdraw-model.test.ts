import { describe, expect, it } from 'vitest';
import {
  maskTail,
  savedAccountLines,
  withdrawAmountView,
  withdrawFieldProblems,
  withdrawMethodOf,
  withdrawNeedsSave,
  withdrawValuesOf,
  type WithdrawAccount,
  type WithdrawElement,
  type WithdrawMethod,
} from './withdraw-model.ts';

const PIX = { key: 'PIX', currency: 'BRL', min_amount: 20_00, max_amount: 5_000_00, fee_cap: 0, fee_rate_bp: 0 };
const TED = { key: 'TED', currency: 'BRL', min_amount: 50_00, max_amount: 50_000_00, fee_cap: 10_00, fee_rate_bp: 100 };
const methods: WithdrawMethod[] = [
  { channel: TED, saved: 0 },
  { channel: PIX, saved: 1 },
];
const ACCOUNT: WithdrawAccount = { currency: 'BRL', withdrawable: 1_000_00, withdrawal_tax_bp: 0, methods };
const field = (name: string, value: string, rule: Partial<WithdrawElement> = {}): WithdrawElement => ({
  name,
  kind: 'text',
  required: 1,
  options: [],
  min_length: 0,
  max_length: 0,
  country_code: '',
  value,
  ...rule,
});
const PIX_FIELDS = [
  field('pix_key_type', 'PHONE', { kind: 'select', options: ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'] }),
  field('pix_key', '+5511987654321', { min_length: 5, max_length: 77 }),
  field('holder_name', 'Ana Souza'),
];

describe('withdraw form model', () => {
  it('offers the method the player saved an account for, unless they tap another', () => {
    expect(withdrawMethodOf(methods, undefined)?.channel.key).toBe('PIX');
    expect(withdrawMethodOf(methods, 'TED')?.channel.key).toBe('TED');
    expect(withdrawMethodOf([{ channel: TED, saved: 0 }], undefined)?.channel.key).toBe('TED');
    expect(withdrawMethodOf([], undefined)).toBeUndefined();
  });

  it('fills the form from the saved account, edits on top; one offered option is chosen already', () => {
    expect(withdrawValuesOf(PIX_FIELDS, undefined)).toEqual({ pix_key_type: 'PHONE', pix_key: '+5511987654321', holder_name: 'Ana Souza' });
    expect(withdrawValuesOf(PIX_FIELDS, { holder_name: 'Ana S.' }).holder_name).toBe('Ana S.');
    expect(withdrawValuesOf([field('document_type', '', { kind: 'select', options: ['CPF'] })], undefined)).toEqual({ document_type: 'CPF' });
  });

  it('shows the saved account masked and saves again only what changed', () => {
    expect(savedAccountLines(methods[1]!, PIX_FIELDS)).toEqual([
      { name: 'pix_key_type', value: 'PHONE' },
      { name: 'pix_key', value: '•••• 4321' },
      { name: 'holder_name', value: 'Ana Souza' },
    ]);
    expect(savedAccountLines(methods[0]!, PIX_FIELDS)).toBeUndefined();
    expect(maskTail('123')).toBe('123');
    const values = withdrawValuesOf(PIX_FIELDS, undefined);
    expect(withdrawNeedsSave(methods[1]!, PIX_FIELDS, values)).toBe(false);
    expect(withdrawNeedsSave(methods[1]!, PIX_FIELDS, { ...values, holder_name: 'Ana S.' })).toBe(true);
    expect(withdrawNeedsSave(methods[0]!, PIX_FIELDS, values)).toBe(true);
  });

  it('checks the Pix key by the type chosen and each document by its type', () => {
    const values = withdrawValuesOf(PIX_FIELDS, { pix_key: '1234' });
    expect(withdrawFieldProblems(PIX_FIELDS, values)).toEqual({ pix_key: { code: 'pixKey', type: 'PHONE' } });
    expect(withdrawFieldProblems(PIX_FIELDS, { ...values, pix_key_type: 'EMAIL', pix_key: 'ana@example.com' })).toEqual({});
    const docs = [
      field('document_type', 'CPF', { kind: 'select', options: ['CPF'] }),
      field('document', '', { kind: 'document', min_length: 11, max_length: 18 }),
    ];
    expect(withdrawFieldProblems(docs, { document_type: 'CPF', document: '111.111.111-11' })).toEqual({ document: { code: 'policy' } });
    expect(withdrawFieldProblems(docs, { document_type: 'CPF', document: '529.982.247-24' })).toEqual({ document: { code: 'checksum' } });
    expect(withdrawFieldProblems(docs, { document_type: 'CPF', document: '529.982.247-25' })).toEqual({});
  });

  it('checks the amount against the method and the withdrawable money, with the fee and the tax', () => {
    expect(withdrawAmountView(ACCOUNT, PIX, '', false).amountError).toBeUndefined();
    expect(withdrawAmountView(ACCOUNT, PIX, '', true).amountError).toEqual({ key: 'payments.deposit.amountInvalid' });
    expect(withdrawAmountView(ACCOUNT, PIX, '10', false).amountError).toEqual({ key: 'payments.withdraw.amountBelowMin', amountMinor: 20_00 });
    expect(withdrawAmountView(ACCOUNT, PIX, '1000,01', false).amountError).toEqual({ key: 'payments.withdraw.amountAboveWithdrawable', amountMinor: 1_000_00 });
    const rich = { ...ACCOUNT, withdrawable: 9_000_00 };
    expect(withdrawAmountView(rich, PIX, '5000.01', false).amountError).toEqual({ key: 'payments.deposit.amountAboveMax', amountMinor: 5_000_00 });
    // 1 % fee capped at R$ 10,00.
    expect(withdrawAmountView(rich, TED, '500', false)).toMatchObject({ feeMinor: 5_00, taxMinor: 0, netMinor: 495_00 });
    expect(withdrawAmountView(rich, TED, '5000', false)).toMatchObject({ feeMinor: 10_00, netMinor: 4_990_00 });
    // Kenya withholds 5 %.
    const kes = { key: 'MPESA', currency: 'KES', min_amount: 100_00, max_amount: 150_000_00, fee_cap: 0, fee_rate_bp: 0 };
    expect(withdrawAmountView({ ...ACCOUNT, currency: 'KES', withdrawal_tax_bp: 500 }, kes, '300', false)).toMatchObject({ taxMinor: 15_00, netMinor: 285_00 });
  });

  it('withdraws "all" in whole dong where the currency has no minor units', () => {
    const vnd = { key: 'BANK', currency: 'VND', min_amount: 100_000_00, max_amount: 1_000_000_000_00, fee_cap: 0, fee_rate_bp: 0 };
    expect(withdrawAmountView({ ...ACCOUNT, currency: 'VND', withdrawable: 250_000_37 }, vnd, '', false).allMinor).toBe(250_000_00);
    expect(withdrawAmountView(ACCOUNT, PIX, '', false).allMinor).toBe(1_000_00);
  });
});

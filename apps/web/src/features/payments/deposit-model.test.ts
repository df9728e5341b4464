import { describe, expect, it } from 'vitest';
import { depositChannelOf, depositView, type DepositChannel, type DepositDraft, type DepositInfo } from './deposit-model.ts';

const PIX: DepositChannel = { key: 'PIX', min_amount: 10_00, max_amount: 5_000_00, quick_amounts: [20_00, 50_00, 100_00], networks: [], fields: [] };
const MPESA: DepositChannel = { key: 'MPESA', currency: 'KES', min_amount: 100_00, max_amount: 150_000_00, quick_amounts: [], networks: [], fields: ['phone'] };
const USDT: DepositChannel = {
  key: 'USDT',
  currency: 'USDT',
  min_amount: 10_00,
  max_amount: 10_000_00,
  quick_amounts: [],
  networks: ['TRC20', 'ERC20'],
  fields: [],
};
const INFO: DepositInfo = {
  currency: 'BRL',
  pay_channel: [PIX, MPESA, USDT],
  daily_max: 1_000_00,
  deposited_today: 0,
  min_charge: 30_00,
  is_first_deposit: 0,
};
const DRAFT: DepositDraft = { phone: '', submitted: false };

describe('deposit form model', () => {
  it('opens on the method last paid with, else the first; a tap chooses another', () => {
    expect(depositChannelOf(INFO, undefined, undefined)?.key).toBe('PIX');
    expect(depositChannelOf(INFO, { channel: 'USDT' }, undefined)?.key).toBe('USDT');
    expect(depositChannelOf(INFO, { channel: 'USDT' }, 'MPESA')?.key).toBe('MPESA');
    expect(depositChannelOf(INFO, { channel: 'GONE' }, 'ALSO_GONE')?.key).toBe('PIX');
    expect(depositView({ ...INFO, pay_channel: [] }, undefined, DRAFT)).toBeUndefined();
  });

  it('suggests the last amount paid on its own method when it can be sent, else the first quick amount that fits', () => {
    expect(depositView(INFO, { channel: 'PIX', amount: 70_00 }, DRAFT)).toMatchObject({ amountText: '70', amountMinor: 70_00, amountError: undefined });
    // Above what is left today: not suggested, and the quick amounts above it are not offered.
    const late = { ...INFO, deposited_today: 960_00 };
    expect(depositView(late, { channel: 'PIX', amount: 70_00 }, DRAFT)).toMatchObject({ amountText: '20', quickAmounts: [20_00] });
    // A first deposit's brand minimum drops the quick amounts below it.
    expect(depositView({ ...INFO, is_first_deposit: 1 }, undefined, DRAFT)).toMatchObject({ quickAmounts: [50_00, 100_00], limits: { minMinor: 30_00 } });
  });

  it('says what is wrong with the typed amount, naming the limit', () => {
    const typed = (amountText: string, info = INFO) => depositView(info, undefined, { ...DRAFT, amountText })!;
    expect(typed('abc').amountError).toEqual({ key: 'payments.deposit.amountInvalid' });
    expect(typed('5').amountError).toEqual({ key: 'payments.deposit.amountBelowMin', amountMinor: 10_00 });
    expect(typed('1000,01').amountError).toEqual({ key: 'payments.deposit.amountAboveMax', amountMinor: 1_000_00 });
    expect(typed('10', { ...INFO, deposited_today: 1_000_00 }).amountError).toEqual({ key: 'payments.deposit.dailyUsed' });
    // "1.000" is not one real in a two-decimal currency: refused rather than read as 1.00.
    expect(typed('1.000').amountError).toEqual({ key: 'payments.deposit.amountInvalid' });
    expect(typed('10,50')).toMatchObject({ amountMinor: 10_50, amountError: undefined, request: { channel: 'PIX', amount: 10_50, currency: 'BRL' } });
    // An emptied box says nothing until the player taps Deposit.
    expect(typed('').amountError).toBeUndefined();
    expect(depositView(INFO, undefined, { ...DRAFT, amountText: '', submitted: true })!.amountError).toEqual({ key: 'payments.deposit.amountInvalid' });
  });

  it('asks an M-Pesa phone, and creates no order without it', () => {
    const mpesa = { ...INFO, daily_max: 1_000_000_00 };
    const view = depositView(mpesa, undefined, { ...DRAFT, chosenChannel: 'MPESA' })!;
    expect(view).toMatchObject({ needsPhone: true, phoneMissing: true, phoneError: false, currency: 'KES', request: undefined });
    expect(depositView(mpesa, undefined, { ...DRAFT, chosenChannel: 'MPESA', submitted: true })!.phoneError).toBe(true);
    expect(depositView(mpesa, undefined, { ...DRAFT, chosenChannel: 'MPESA', phone: ' 0712345678 ' })!.request).toEqual({
      channel: 'MPESA',
      amount: 100_00,
      currency: 'KES',
      phone: '0712345678',
    });
  });

  it('sends the crypto network shown (the first until one is chosen) and an applied deposit code', () => {
    const usdt = (draft: Partial<DepositDraft>) => depositView(INFO, undefined, { ...DRAFT, chosenChannel: 'USDT', amountText: '25', ...draft })!;
    expect(usdt({}).request).toEqual({ channel: 'USDT', amount: 25_00, currency: 'USDT', network: 'TRC20' });
    expect(usdt({ network: 'ERC20' }).request).toMatchObject({ network: 'ERC20' });
    expect(usdt({ network: 'SOL' }).network).toBe('TRC20');
    expect(usdt({ payinCode: 'WELCOME' }).request).toMatchObject({ payin_code: 'WELCOME' });
    expect(depositView(INFO, undefined, { ...DRAFT, amountText: '25' })!.network).toBeUndefined();
  });
});

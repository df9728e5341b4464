import { describe, expect, it } from 'vitest';
import { accountElementsCheck, accountElementsOf, accountMask } from './account-elements.ts';
import { payoutPhoneCheck } from './payout-phone.ts';
import { upiLinkBuild, upiVpaValid } from './upi.ts';
import {
  bonusMaxMinor,
  payinMinMinor,
  payinOrderMaxMinor,
  payinQuickAmountsMinor,
  withdrawalFeeMinor,
  dailyMaxMinor,
  quickAmountsMinor,
  withdrawalFeeCapMinor,
} from './limits.ts';
import { PAYIN_CHANNELS } from './channels.ts';

describe('payout phones (spec §5 lengths)', () => {
  it.each([
    ['GCASH', 'PHP', '09171234567', true],
    ['GCASH', 'PHP', '0917123456', false],
    ['PAYMAYA', 'PHP', '9171234567', true],
    ['PAYMAYA', 'PHP', '09171234567', false],
    ['MPESA', 'KES', '0712123456', true],
    ['MPESA', 'KES', '07121234567', true],
    ['MPESA', 'KES', '712123456', false],
    ['MPESA', 'KES', '0812123456', false],
    ['NEQUI', 'COP', '3211234567', true],
    ['NEQUI', 'COP', '321123456', false],
    ['DAVIPLATA', 'COP', '3001234567', true],
    ['TPAGA', 'COP', '57321123456', true],
    ['TPAGA', 'COP', '5732112', false],
    ['CASH', 'USD', '12345', true],
    ['CASH', 'USD', '1234', false],
  ] as const)('%s %s %s → %s', (channel, currency, phone, ok) => {
    expect(payoutPhoneCheck(channel, currency, phone).ok).toBe(ok);
  });

  it('refuses letters', () => {
    expect(payoutPhoneCheck('GCASH', 'PHP', '0917abc4567')).toEqual({ ok: false, issue: 'format' });
  });
});

describe('account elements', () => {
  it('asks PIX for a CPF and a key', () => {
    expect(accountElementsOf('PIX', 'BRL', []).map((element) => element.name)).toEqual(['document_type', 'document', 'pix_key_type', 'pix_key', 'holder_name']);
  });

  it('gives the method country code to phone fields', () => {
    expect(accountElementsOf('MPESA', 'KES', []).find((element) => element.name === 'phone')?.countryCode).toBe('254');
    expect(accountElementsOf('NEQUI', 'COP', []).find((element) => element.name === 'phone')?.countryCode).toBe('57');
  });

  it('normalises valid PIX elements', () => {
    const result = accountElementsCheck('PIX', 'BRL', [], {
      document_type: 'CPF',
      document: '390.533.447-05',
      pix_key_type: 'EMAIL',
      pix_key: 'Ana@Example.com',
      holder_name: 'Ana Souza',
    });
    expect(result).toEqual({
      ok: true,
      values: { document_type: 'CPF', document: '39053344705', pix_key_type: 'EMAIL', pix_key: 'ana@example.com', holder_name: 'Ana Souza' },
      warnings: {},
    });
  });

  it('saves an RFC whose check digit does not compute, with a warning on the document (SAT issued some)', () => {
    const result = accountElementsCheck('SPEI', 'MXN', [], { clabe: '002010077777777771', document_type: 'RFC', document: 'ACE900319JT9', holder_name: 'Eva' });
    expect(result).toEqual({
      ok: true,
      values: { clabe: '002010077777777771', document_type: 'RFC', document: 'ACE900319JT9', holder_name: 'Eva' },
      warnings: { document: 'checksum' },
    });
  });

  it('normalises a Pix phone key to E.164 and names a landline', () => {
    const input = { document_type: 'CPF', document: '39053344705', pix_key_type: 'PHONE', pix_key: '(11) 98888-7777', holder_name: 'Ana' };
    expect(accountElementsCheck('PIX', 'BRL', [], input)).toMatchObject({ ok: true, values: { pix_key: '+5511988887777' } });
    expect(accountElementsCheck('PIX', 'BRL', [], { ...input, pix_key: '(11) 3333-4444' })).toEqual({ ok: false, field: 'pix_key', issue: 'not_mobile' });
    expect(accountElementsCheck('PIX', 'BRL', [], { ...input, pix_key_type: 'IBAN' })).toEqual({ ok: false, field: 'pix_key_type', issue: 'invalid_value' });
  });

  it.each([
    [
      'PIX',
      'BRL',
      { document_type: 'CPF', document: '231.002.999-00', pix_key_type: 'EVP', pix_key: '123e4567-e12b-12d1-a456-426655440000', holder_name: 'Ana' },
      'document',
    ],
    ['SPEI', 'MXN', { clabe: '002010077777777772', document_type: 'RFC', document: 'GODE561231GR8', holder_name: 'Eva' }, 'clabe'],
    ['SPEI', 'MXN', { clabe: '002010077777777771', document_type: 'CPF', document: '39053344705', holder_name: 'Eva' }, 'document_type'],
    ['MPESA', 'KES', { phone: '071212345', holder_name: 'Wanjiru' }, 'phone'],
    ['MPESA', 'KES', { phone: '0712123456' }, 'holder_name'],
    ['MPESA', 'KES', { phone: '0712123456', holder_name: 'W', iban: 'x' }, 'iban'],
    [
      'BANK_TRANSFER',
      'PEN',
      { bank_code: '002', account_type: 'savings', account_number: '1234567890', document_type: 'RUC', document: '20512333798', holder_name: 'Luis' },
      'document',
    ],
    [
      'BANK_TRANSFER',
      'PEN',
      { bank_code: '002', account_type: 'current', account_number: '1234567890', document_type: 'DNI', document: '10117410-2', holder_name: 'Luis' },
      'account_type',
    ],
    ['USDT', 'USDT', { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'address'],
    ['IMPS', 'INR', { account_number: '1234567890', ifsc: 'SBIN1234567', holder_name: 'Ravi' }, 'ifsc'],
  ] as const)('names the bad field for %s %s', (channel, currency, input, field) => {
    const result = accountElementsCheck(channel, currency, ['002', '003'], input);
    expect(result.ok ? undefined : result.field).toBe(field);
  });

  it('masks all but the last four characters', () => {
    expect(accountMask({ phone: '0712123456' })).toBe('••••••3456');
  });
});

describe('UPI', () => {
  it('builds an intent link with the amount in rupees', () => {
    expect(upiLinkBuild({ vpa: 'piranha@oksbi', payeeName: 'Piranha Pay', amountMinor: 10_050, note: 'Deposit', reference: 'PIN7' })).toBe(
      'upi://pay?pa=piranha%40oksbi&pn=Piranha%20Pay&mc=7995&tr=PIN7&tn=Deposit&am=100.50&cu=INR',
    );
  });

  it.each([
    ['alice@oksbi', true],
    ['9876543210@paytm', true],
    ['a@oksbi', false],
    ['alice@@oksbi', false],
    ['.alice@oksbi', false],
  ])('%s → %s', (vpa, ok) => {
    expect(upiVpaValid(vpa)).toBe(ok);
  });
});

describe('spec §9 limits', () => {
  it('caps the withdrawal fee at 50000, or 10000000 in Colombia', () => {
    expect(withdrawalFeeMinor(10_000_000, withdrawalFeeCapMinor('BR', 'BRL'))).toBe(50_000);
    expect(withdrawalFeeMinor(2_000_000_000, withdrawalFeeCapMinor('CO', 'COP'))).toBe(10_000_000);
    expect(withdrawalFeeMinor(12_345, withdrawalFeeCapMinor('BR', 'BRL'))).toBe(123);
  });

  it('asks a first deposit for at least the brand minimum', () => {
    expect(payinMinMinor('BRL', 30, true)).toBe(3000);
    expect(payinMinMinor('BRL', 30, false)).toBe(500);
    expect(payinMinMinor('COP', 80, true)).toBe(600_000);
  });

  it('keeps every market coherent: minimum < quick amounts ≤ order maximum, and the maximum bonus within a day', () => {
    for (const channel of PAYIN_CHANNELS)
      for (const minCharge of [30, 80])
        for (const first of [true, false]) {
          const label = `${channel.key} ${channel.currency} minCharge ${minCharge} first ${first}`;
          const min = payinMinMinor(channel.currency, minCharge, first);
          const max = payinOrderMaxMinor(channel);
          expect(min, label).toBeLessThan(max);
          const quick = payinQuickAmountsMinor(quickAmountsMinor(channel.currency, minCharge), min, max);
          expect(quick.length, label).toBeGreaterThanOrEqual(2);
          for (const amount of quick) expect(amount >= min && amount <= max, `${label}: ${amount}`).toBe(true);
          expect(bonusMaxMinor(channel.currency), label).toBeLessThanOrEqual(dailyMaxMinor(channel.currency));
        }
  });

  it('reads the daily maximum in thousands and lowers one order to the rail’s own ceiling', () => {
    expect(dailyMaxMinor('BRL')).toBe(100_000_00);
    expect(dailyMaxMinor('KES')).toBe(1_000_000_00);
    const upi = PAYIN_CHANNELS.find((channel) => channel.key === 'UPI')!;
    expect(payinOrderMaxMinor(upi)).toBe(100_000_00);
    const pix = PAYIN_CHANNELS.find((channel) => channel.key === 'PIX')!;
    expect(payinOrderMaxMinor(pix)).toBe(dailyMaxMinor('BRL'));
  });

  it('offers quick amounts only inside the player’s range, led by the minimum when smaller ones drop out', () => {
    const kes = quickAmountsMinor('KES', 30);
    expect(kes).toEqual([20_000, 50_000, 100_000, 500_000]);
    expect(payinQuickAmountsMinor(kes, 50_000, 1_000_000_00)).toEqual([50_000, 100_000, 500_000]);
    expect(payinQuickAmountsMinor([500, 1000, 5000, 10_000], 3000, 100_000_00)).toEqual([3000, 5000, 10_000]);
    expect(payinQuickAmountsMinor([500, 1000, 5000, 10_000], 500, 1000)).toEqual([500, 1000]);
    expect(payinQuickAmountsMinor([500, 1000, 5000, 10_000], 3000, 2000)).toEqual([]);
  });
});

describe('channel table', () => {
  it('gives every brand at least one way to pay in and one to pay out, in its own currencies', async () => {
    const { VARIANT_PROFILES } = await import('../variants/profiles.ts');
    const { payinChannelsOf, payoutChannelsOf } = await import('./channels.ts');
    for (const brand of VARIANT_PROFILES) {
      expect(payinChannelsOf(brand.currencies).length, brand.appKey).toBeGreaterThan(0);
      expect(payoutChannelsOf(brand.currencies).length, brand.appKey).toBeGreaterThan(0);
      for (const channel of payinChannelsOf(brand.currencies)) expect(brand.currencies).toContain(channel.currency);
    }
  });

  it('gives every payout channel elements it can validate', async () => {
    const { PAYOUT_CHANNELS } = await import('./channels.ts');
    for (const channel of PAYOUT_CHANNELS) expect(accountElementsOf(channel.key, channel.currency, ['001']).length, channel.key).toBeGreaterThan(0);
  });
});

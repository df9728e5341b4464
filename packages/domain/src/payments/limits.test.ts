import { describe, expect, it } from 'vitest';
import { currencyStepMinor, formatMoney, minorUnits } from '../index.ts';
import { MARKETS } from '../variants/markets.ts';
import { VARIANT_PROFILES } from '../variants/profiles.ts';
import { payinChannelsOf, payoutChannelsOf } from './channels.ts';
import {
  bonusMaxMinor,
  dailyMaxMinor,
  payinMinMinor,
  payinOrderMaxMinor,
  payoutMinMinor,
  quickAmountsMinor,
  withdrawalFeeCapMinor,
  withdrawalFeeMinor,
} from './limits.ts';

describe('currencies without minor units (VND, COP): whole amounts and their own minimums (issue 15)', () => {
  it('asks a Vietnamese first deposit for ₫30,000, not ₫30.00', () => {
    const min = payinMinMinor('VND', MARKETS.VN.minCharge, true);
    expect(min).toBe(3_000_000);
    expect(formatMoney(minorUnits(min), 'VND', { locale: 'vm-VI' }).replace(/\s/g, ' ')).toBe('₫ 30.000');
  });

  it('keeps Colombia’s first table: a deposit of at least COP 6,000, a withdrawal of at least 3,000', () => {
    expect(payinMinMinor('COP', MARKETS.CO.minCharge, true)).toBe(600_000);
    expect(payoutMinMinor('COP', MARKETS.CO.minCharge)).toBe(300_000);
  });

  it('gives a Vietnamese player room above the minimum: quick amounts, a day’s deposits and the largest bonus', () => {
    const min = payinMinMinor('VND', MARKETS.VN.minCharge, true);
    expect(quickAmountsMinor('VND', MARKETS.VN.minCharge)).toEqual([3_000_000, 10_000_000, 20_000_000, 50_000_000]);
    expect(dailyMaxMinor('VND')).toBe(50_000_000_000);
    expect(bonusMaxMinor('VND')).toBe(300_000_000);
    expect(dailyMaxMinor('VND') / min).toBeGreaterThan(10_000);
  });

  it.each(['VND', 'COP'] as const)('sets every %s limit in whole units', (currency) => {
    const step = currencyStepMinor(currency);
    expect(step).toBe(100);
    const brands = VARIANT_PROFILES.filter((brand) => brand.currencies.includes(currency));
    expect(brands.length).toBeGreaterThan(0);
    for (const brand of brands) {
      const amounts = [
        payinMinMinor(currency, brand.minCharge, true),
        payinMinMinor(currency, brand.minCharge, false),
        payoutMinMinor(currency, brand.minCharge),
        dailyMaxMinor(currency),
        bonusMaxMinor(currency),
        withdrawalFeeCapMinor(brand.market, currency),
        ...quickAmountsMinor(currency, brand.minCharge),
        ...payinChannelsOf([currency]).map((channel) => payinOrderMaxMinor(channel)),
      ];
      for (const amount of amounts) expect(amount % step, `${brand.appKey}: ${amount}`).toBe(0);
      expect(payoutChannelsOf([currency]).length).toBeGreaterThan(0);
    }
  });

  it('rounds a withdrawal fee down to a whole dong, so what arrives is a whole amount', () => {
    // 1 % of ₫1,234,500 is ₫12,345; of ₫1,234,567 it is ₫12,345.67, charged as ₫12,345.
    expect(withdrawalFeeMinor(123_456_700, 10_000_000_000, 100, currencyStepMinor('VND'))).toBe(1_234_500);
    expect(withdrawalFeeMinor(123_450_000, 10_000_000_000, 100, currencyStepMinor('VND'))).toBe(1_234_500);
    expect(withdrawalFeeMinor(12_345, 50_000)).toBe(123);
  });
});

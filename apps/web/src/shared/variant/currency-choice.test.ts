import { variantFindByKey } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { currencyPick } from './currency-choice.ts';

describe('wallet currency choice', () => {
  const multi = variantFindByKey('orbit')!;
  const brazil = variantFindByKey('piranha')!;

  it('keeps a stored choice the brand offers', () => {
    expect(currencyPick(multi, 'MXN')).toBe('MXN');
  });

  it('falls back to the brand default for nothing stored or a currency the brand does not offer', () => {
    expect(currencyPick(multi, undefined)).toBe(multi.currency);
    expect(currencyPick(brazil, 'MXN')).toBe('BRL');
  });
});

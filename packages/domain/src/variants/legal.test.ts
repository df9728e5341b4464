import { describe, expect, it } from 'vitest';
import { MARKET_LEGAL } from './legal.ts';
import { VARIANT_PROFILES } from './profiles.ts';

describe('market legal', () => {
  it('gives every brand a minimum age of at least 18, and 21 where the law says so', () => {
    for (const profile of VARIANT_PROFILES) expect(MARKET_LEGAL[profile.market].minimumAge, profile.appKey).toBeGreaterThanOrEqual(18);
    expect(MARKET_LEGAL.PH.minimumAge).toBe(21);
  });

  it('names a regulator only where reference/regulation.md says online betting is licensed', () => {
    expect(MARKET_LEGAL.BR.regulator).toBe('SPA/MF');
    expect(MARKET_LEGAL.CO.regulator).toBe('Coljuegos');
    expect([MARKET_LEGAL.IN.regulator, MARKET_LEGAL.VN.regulator]).toEqual([undefined, undefined]);
  });
});

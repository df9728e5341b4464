import { describe, expect, it } from 'vitest';
import { variantFindByKey } from '../variants/variant-find.ts';
import { pddIncrementOf, pddStatusOf, pddTermsOf, pddUidOf, pddVisitorMasked } from './pdd.ts';

describe('share-to-cash-out terms (decision 063)', () => {
  it('an envelope is a tenth of the bonus maximum; 20 visits or 5 sign-ups fill it; 72 hours', () => {
    const terms = pddTermsOf({ appKey: 'eaglebet', currency: 'USD' });
    expect(terms).toEqual({ targetMinor: 6000, visitStepMinor: 300, signupStepMinor: 1200, expiryHours: 72 });
  });

  it('a step never passes the target, and adds nothing once full', () => {
    const terms = pddTermsOf({ appKey: 'eaglebet', currency: 'USD' });
    expect(pddIncrementOf(terms, 0, 'visit')).toBe(300);
    expect(pddIncrementOf(terms, 0, 'signup')).toBe(1200);
    expect(pddIncrementOf(terms, 5500, 'signup')).toBe(500);
    expect(pddIncrementOf(terms, 6000, 'visit')).toBe(0);
  });

  it('an open envelope is expired from its expiry on, whatever its stored status', () => {
    const expiresAt = new Date('2026-12-01T00:00:00Z');
    expect(pddStatusOf({ status: 'open', expiresAt }, new Date('2026-11-30T23:59:59Z'))).toBe('open');
    expect(pddStatusOf({ status: 'open', expiresAt }, expiresAt)).toBe('expired');
    expect(pddStatusOf({ status: 'expired', expiresAt }, new Date('2026-11-01T00:00:00Z'))).toBe('expired');
    expect(pddStatusOf({ status: 'reached', expiresAt }, new Date('2027-01-01T00:00:00Z'))).toBe('reached');
  });

  it('names the reward by the envelope and masks a visiting device', () => {
    expect(pddUidOf(42)).toBe('pdd-42');
    expect(pddVisitorMasked('device-0123456789abcdef')).toBe('••def');
  });

  it('has terms for every brand', () => {
    expect(pddTermsOf(variantFindByKey('aguila')!).targetMinor).toBeGreaterThan(0);
  });
});

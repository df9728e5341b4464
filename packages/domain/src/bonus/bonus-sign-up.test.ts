import { describe, expect, it } from 'vitest';
import { VARIANT_PROFILES } from '../variants/profiles.ts';
import { claimDayOf, paymentAccountIdentity, SIGN_UP_BONUS_BY_BRAND, signUpBonusAllowed, signUpClaimKeys } from './bonus-sign-up.ts';

describe('sign-up bonus per brand', () => {
  it('is refused on every Brazilian brand and every closed market (India, Vietnam; decision 049), offered elsewhere', () => {
    const refused = new Set(['BR', 'IN', 'VN']);
    for (const profile of VARIANT_PROFILES)
      expect([profile.appKey, SIGN_UP_BONUS_BY_BRAND[profile.appKey]]).toEqual([profile.appKey, !refused.has(profile.market)]);
    expect(signUpBonusAllowed({ appKey: 'piranha' })).toBe(false);
    expect(signUpBonusAllowed({ appKey: 'tigerin' })).toBe(false);
    expect(signUpBonusAllowed({ appKey: 'eaglebet' })).toBe(true);
    expect(signUpBonusAllowed({ appKey: 'nobrand' })).toBe(false);
  });
});

describe('signUpClaimKeys', () => {
  it.each([
    [{ email: 'Ana@Example.com' }, [{ kind: 'email', value: 'ana@example.com' }]],
    [{ email: 'a.n.a+promo@gmail.com' }, [{ kind: 'email', value: 'ana@gmail.com' }]],
    [{ email: 'a.na@googlemail.com' }, [{ kind: 'email', value: 'ana@gmail.com' }]],
    [{ email: 'a.na+x@outlook.com' }, [{ kind: 'email', value: 'a.na@outlook.com' }]],
    [{ smid: ' dev-1 ' }, [{ kind: 'device', value: 'dev-1' }]],
    [{ paymentAccount: 'in12 3456-78' }, [{ kind: 'payment_account', value: 'IN12345678' }]],
    [{ email: '', smid: '  ', paymentAccount: ' - ' }, []],
    [{ email: 'not-an-email' }, []],
    [
      { email: 'b@x.io', smid: 's1', paymentAccount: 'p1' },
      [
        { kind: 'email', value: 'b@x.io' },
        { kind: 'device', value: 's1' },
        { kind: 'payment_account', value: 'P1' },
      ],
    ],
  ] as const)('%j', (input, keys) => {
    expect(signUpClaimKeys(input)).toEqual(keys);
  });
});

describe('claimDayOf', () => {
  it('is the UTC day', () => {
    expect(claimDayOf(new Date('2026-11-28T23:59:59Z'))).toBe('2026-11-28');
    expect(claimDayOf(new Date('2026-11-29T00:00:00Z'))).toBe('2026-11-29');
  });
});

describe('paymentAccountIdentity', () => {
  it.each([
    [{ pix_key_type: 'cpf', pix_key: '123.456.789-09', holder_name: 'Ana' }, 'pix_key:123.456.789-09'],
    [{ clabe: '002010077777777771', holder_name: 'Luis' }, 'clabe:002010077777777771'],
    [{ account_number: '1234567890', ifsc: 'SBIN0001234', holder_name: 'Ravi' }, 'account_number:1234567890:SBIN0001234'],
    [{ bank_code: '001', account_type: 'savings', account_number: '99887766', holder_name: 'Jo' }, 'account_number:99887766:001'],
    [{ phone: '0712345678', holder_name: 'Wanjiku' }, 'phone:0712345678'],
    [{ holder_name: 'Nobody' }, undefined],
  ])('%j → %s', (elements, identity) => {
    expect(paymentAccountIdentity(elements)).toBe(identity);
  });
});

import { describe, expect, it } from 'vitest';
import { JURISDICTIONS, jurisdictionResolve } from './jurisdictions.ts';
import { isoDateValid, kycAgeOn, kycDocumentCheck, kycDocumentTypeOf, kycFileCheck, kycRequiredFor, KYC_FILE_MAX_BYTES } from './kyc.ts';

describe('identity checks (decision 037)', () => {
  it('counts whole years in the market’s calendar: the birthday counts from its local midnight', () => {
    // 03:00 UTC on 17 May is still 16 May in São Paulo (UTC−3 until midnight).
    expect(kycAgeOn('2008-05-17', new Date('2026-05-17T02:59:59Z'), 'America/Sao_Paulo')).toBe(17);
    expect(kycAgeOn('2008-05-17', new Date('2026-05-17T03:00:00Z'), 'America/Sao_Paulo')).toBe(18);
    // Manila is already on 17 May at 16:00 UTC on the 16th.
    expect(kycAgeOn('2005-05-17', new Date('2026-05-16T16:00:00Z'), 'Asia/Manila')).toBe(21);
  });

  it('reaches a 29 February birthday on 1 March in a common year', () => {
    expect(kycAgeOn('2008-02-29', new Date('2026-02-28T15:00:00Z'), 'UTC')).toBe(17);
    expect(kycAgeOn('2008-02-29', new Date('2026-03-01T00:00:00Z'), 'UTC')).toBe(18);
  });

  it('accepts real dates only', () => {
    expect(isoDateValid('1990-02-28')).toBe(true);
    expect(isoDateValid('1990-02-29')).toBe(false);
    expect(isoDateValid('1990-13-01')).toBe(false);
    expect(isoDateValid('17/05/1990')).toBe(false);
  });

  it('asks a CPF with its check digits in Brazil and an id elsewhere', () => {
    expect(kycDocumentTypeOf(JURISDICTIONS.BR)).toBe('CPF');
    expect(kycDocumentTypeOf(JURISDICTIONS.PH)).toBe('ID');
    expect(kycDocumentCheck('CPF', '390.533.447-05')).toEqual({ ok: true, value: '39053344705' });
    expect(kycDocumentCheck('CPF', '390.533.447-06')).toEqual({ ok: false, issue: 'checksum' });
    expect(kycDocumentCheck('ID', 'p 123-4567')).toEqual({ ok: true, value: 'P1234567' });
    expect(kycDocumentCheck('ID', 'AB1')).toEqual({ ok: false, issue: 'format' });
  });

  it('knows a file by its first bytes and its size, never by its name', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    const pdf = new TextEncoder().encode('%PDF-1.7');
    expect(kycFileCheck('selfie', jpeg)).toEqual({ ok: true, type: 'image/jpeg' });
    expect(kycFileCheck('document', pdf)).toEqual({ ok: true, type: 'application/pdf' });
    expect(kycFileCheck('selfie', pdf)).toEqual({ ok: false, issue: 'type' });
    expect(kycFileCheck('document', new TextEncoder().encode('hello'))).toEqual({ ok: false, issue: 'type' });
    expect(kycFileCheck('document', new Uint8Array())).toEqual({ ok: false, issue: 'empty' });
    const big = new Uint8Array(KYC_FILE_MAX_BYTES + 1);
    big.set(jpeg);
    expect(kycFileCheck('document', big)).toEqual({ ok: false, issue: 'too_large' });
  });

  it('requires a check before withdrawals in Brazil and the Philippines, before play where the operator sets it', () => {
    expect(kycRequiredFor(JURISDICTIONS.BR, 'withdrawal')).toBe(true);
    expect(kycRequiredFor(JURISDICTIONS.BR, 'play')).toBe(false);
    expect(kycRequiredFor(JURISDICTIONS.PH, 'withdrawal')).toBe(true);
    expect(kycRequiredFor(JURISDICTIONS.KE, 'withdrawal')).toBe(false);
    expect(kycRequiredFor(jurisdictionResolve('BR', { BR: { kycBefore: 'play' } }), 'play')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { partnerBalanceParse, partnerMessageVerdict, partnerOriginParse, partnerParentOrigin } from './partner-bridge.ts';

const ALLOWED = ['https://partner.example', 'http://partner.test:8080'];

describe('partner bridge origins (decision 064)', () => {
  it('reads an origin only as the browser writes one', () => {
    expect(partnerOriginParse('https://partner.example')).toBe('https://partner.example');
    expect(partnerOriginParse('http://partner.test:8080')).toBe('http://partner.test:8080');
    for (const bad of [
      'https://partner.example/',
      'https://partner.example/path',
      'https://PARTNER.example',
      'https://u:p@partner.example',
      'javascript:alert(1)',
      'null',
      '*',
      'partner.example',
      'ftp://partner.example',
      'https://partner.example:443',
      `https://${'a'.repeat(300)}.example`,
    ])
      expect(partnerOriginParse(bad), bad).toBeUndefined();
  });

  it('accepts a message only from the parent window at a listed origin, compared exactly', () => {
    expect(partnerMessageVerdict({ origin: 'https://partner.example', fromParent: true }, ALLOWED)).toBe('accept');
    expect(partnerMessageVerdict({ origin: 'https://partner.example', fromParent: false }, ALLOWED)).toBe('not_parent');
    for (const origin of ['https://evil.example', 'https://partner.example.evil.com', 'http://partner.example', 'https://sub.partner.example', 'null', ''])
      expect(partnerMessageVerdict({ origin, fromParent: true }, ALLOWED), origin).toBe('foreign_origin');
    expect(partnerMessageVerdict({ origin: 'https://partner.example', fromParent: true }, [])).toBe('foreign_origin');
  });

  it('posts only to the parent’s origin when the brand lists it, never a guess', () => {
    expect(partnerParentOrigin(['https://partner.example'], '', ALLOWED)).toBe('https://partner.example');
    expect(partnerParentOrigin([], 'https://partner.example/casino?x=1', ALLOWED)).toBe('https://partner.example');
    expect(partnerParentOrigin(['https://evil.example'], 'https://partner.example/', ALLOWED)).toBeUndefined();
    expect(partnerParentOrigin([], '', ALLOWED)).toBeUndefined();
    expect(partnerParentOrigin([], 'not a url', ALLOWED)).toBeUndefined();
  });

  it('shows a client balance only in whole minor units of a currency the brand sells', () => {
    expect(partnerBalanceParse({ amount: 12345, currency: 'BRL' }, ['BRL'])).toEqual({ amount: 12345, currency: 'BRL' });
    expect(partnerBalanceParse({ amount: 0, currency: 'BRL' }, ['BRL'])).toEqual({ amount: 0, currency: 'BRL' });
    for (const bad of [
      null,
      'x',
      {},
      { amount: -1, currency: 'BRL' },
      { amount: 1.5, currency: 'BRL' },
      { amount: '100', currency: 'BRL' },
      { amount: 1e16, currency: 'BRL' },
      { amount: 100, currency: 'USD' },
      { amount: 100 },
    ])
      expect(partnerBalanceParse(bad, ['BRL']), JSON.stringify(bad)).toBeUndefined();
  });
});

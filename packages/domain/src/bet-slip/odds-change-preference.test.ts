import { describe, expect, it } from 'vitest';
import { oddsThousandths } from '../odds/odds-format.ts';
import { oddsChangeAccept, oddsChangePreferenceCode, oddsChangePreferenceFromCode, type OddsChangePreference } from './odds-change-preference.ts';

describe('oddsChangeAccept', () => {
  it.each<[OddsChangePreference, number, number, number | 'ODDS_CHANGED']>([
    ['none', 2000, 2000, 2000],
    ['none', 2000, 2100, 'ODDS_CHANGED'],
    ['none', 2000, 1900, 'ODDS_CHANGED'],
    ['better', 2000, 2100, 2100],
    ['better', 2000, 1900, 'ODDS_CHANGED'],
    ['better', 2000, 2000, 2000],
    ['any', 2000, 2100, 2100],
    ['any', 2000, 1900, 1900],
  ])('accepting %s, sent %i, now %i → %s', (preference, requested, current, expected) => {
    const result = oddsChangeAccept(preference, oddsThousandths(requested), oddsThousandths(current));
    expect(result).toEqual(typeof expected === 'number' ? { ok: true, oddsThousandths: expected } : { ok: false, code: expected });
  });
});

describe('the oddsChange wire code', () => {
  it.each<[OddsChangePreference, number]>([
    ['none', 0],
    ['better', 1],
    ['any', 2],
  ])('%s is %i both ways', (preference, code) => {
    expect(oddsChangePreferenceCode(preference)).toBe(code);
    expect(oddsChangePreferenceFromCode(code)).toBe(preference);
  });

  it('reads nothing from an unknown code', () => {
    expect(oddsChangePreferenceFromCode(3)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { oddsDecimalOf, oddsText, oddsThousandthsOf, oddsThousandthsText } from './odds.ts';

describe('odds text', () => {
  it('shows decimal with two places and American by the spec formula', () => {
    expect(oddsText(1.8, 'decimal')).toBe('1.80');
    expect(oddsText(1.8, 'american')).toBe('-125');
    expect(oddsText(2.5, 'american')).toBe('+150');
    // 1.333 is a shade below 1.3333…: −300 would print a better price than the one struck.
    expect(oddsText(1.333, 'american')).toBe('-301');
    expect(oddsText(1.91, 'american')).toBe('-110');
  });

  it('shows Hong Kong, Malay and Indonesian with two places, as the domain converts them', () => {
    expect([oddsText(1.8, 'hongKong'), oddsText(1.8, 'malay'), oddsText(1.8, 'indonesian')]).toEqual(['0.80', '0.80', '-1.25']);
    expect([oddsText(2.5, 'hongKong'), oddsText(2.5, 'malay'), oddsText(2.5, 'indonesian')]).toEqual(['1.50', '-0.67', '+1.50']);
  });

  it('has no text for a locked or impossible price', () => {
    expect(oddsText(-1.8, 'decimal')).toBeUndefined();
    expect(oddsText(1, 'american')).toBeUndefined();
    expect(oddsText(Number.NaN, 'decimal')).toBeUndefined();
  });
});

describe('odds codec', () => {
  it('turns decimal odds into the thousandths the slip keeps and back, without binary noise', () => {
    expect(oddsThousandthsOf(1.85)).toBe(1850);
    expect(oddsThousandthsOf(2.005)).toBe(2005);
    expect(oddsThousandthsOf(1.1)).toBe(1100);
    expect(oddsDecimalOf(1850)).toBe(1.85);
    expect(oddsThousandthsOf(0)).toBe(0);
  });

  it('shows thousandths as the player reads them', () => {
    expect(oddsThousandthsText(1910, 'american')).toBe('-110');
    expect(oddsThousandthsText(2500, 'decimal')).toBe('2.50');
    expect(oddsThousandthsText(1000, 'decimal')).toBeUndefined();
  });
});

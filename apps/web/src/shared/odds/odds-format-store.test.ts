import { describe, expect, it } from 'vitest';
import { oddsText } from './odds-format-store.ts';

describe('odds text', () => {
  it('shows decimal with two places and American by the spec formula', () => {
    expect(oddsText(1.8, 'decimal')).toBe('1.80');
    expect(oddsText(1.8, 'american')).toBe('-125');
    expect(oddsText(2.5, 'american')).toBe('+150');
    expect(oddsText(1.333, 'american')).toBe('-300');
  });

  it('has no text for a locked or impossible price', () => {
    expect(oddsText(-1.8, 'decimal')).toBeUndefined();
    expect(oddsText(1, 'american')).toBeUndefined();
    expect(oddsText(Number.NaN, 'decimal')).toBeUndefined();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CasinoGameKind } from '../casino/types.ts';
import { wageringContributionMinor, wageringProductOfGame, type SportsBetResult, type WageringEvent, type WageringWeights } from './wagering-contribution.ts';

const weights: WageringWeights = { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 };

describe('wageringContributionMinor', () => {
  it.each<[string, WageringEvent, number]>([
    ['a lost sports bet at the minimum odds counts in full', { product: 'sports', stakeMinor: 10_000, oddsThousandths: 1500, result: 'lost' }, 10_000],
    ['a won sports bet above the minimum counts in full', { product: 'sports', stakeMinor: 10_000, oddsThousandths: 3200, result: 'won' }, 10_000],
    ['a sports bet below the minimum odds counts nothing', { product: 'sports', stakeMinor: 10_000, oddsThousandths: 1499, result: 'won' }, 0],
    ['a half-lost bet counts its whole stake', { product: 'sports', stakeMinor: 2_000, oddsThousandths: 1900, result: 'half_lost' }, 2_000],
    ['a void bet counts nothing', { product: 'sports', stakeMinor: 10_000, oddsThousandths: 2000, result: 'void' }, 0],
    ['a cashed-out bet counts nothing', { product: 'sports', stakeMinor: 10_000, oddsThousandths: 2000, result: 'cashed_out' }, 0],
    ['a slot round counts in full', { product: 'slot', stakeMinor: 150 }, 150],
    ['a table round counts at the table weight', { product: 'table', stakeMinor: 1_000 }, 100],
    ['a crash round counts at the crash weight', { product: 'crash', stakeMinor: 1_000 }, 50],
    ['a dice round rounds its share down', { product: 'dice', stakeMinor: 19 }, 0],
  ])('%s', (_name, event, expected) => {
    expect(wageringContributionMinor(event, weights)).toBe(expected);
  });

  it('refuses a stake that is not a whole number of minor units', () => {
    expect(() => wageringContributionMinor({ product: 'slot', stakeMinor: 1.5 }, weights)).toThrow(RangeError);
  });

  it('never counts more than the stake, whatever the product and weight', () => {
    const results: SportsBetResult[] = ['won', 'lost', 'half_won', 'half_lost', 'void', 'cashed_out'];
    const event = fc.oneof(
      fc.record({
        product: fc.constant('sports' as const),
        stakeMinor: fc.integer({ min: 0, max: 1e9 }),
        oddsThousandths: fc.integer({ min: 1001, max: 1_000_000 }),
        result: fc.constantFrom(...results),
      }),
      fc.record({
        product: fc.constantFrom('slot' as const, 'table' as const, 'crash' as const, 'dice' as const),
        stakeMinor: fc.integer({ min: 0, max: 1e9 }),
      }),
    );
    const anyWeights = fc.record({
      sportsOddsMinThousandths: fc.integer({ min: 1000, max: 5000 }),
      tableBp: fc.integer({ min: 0, max: 10_000 }),
      crashBp: fc.integer({ min: 0, max: 10_000 }),
      diceBp: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(event, anyWeights, (e, w) => {
        const contribution = wageringContributionMinor(e, w);
        return Number.isSafeInteger(contribution) && contribution >= 0 && contribution <= e.stakeMinor;
      }),
    );
  });
});

describe('wageringProductOfGame', () => {
  it.each<[CasinoGameKind, string]>([
    ['slot', 'slot'],
    ['plinko', 'slot'],
    ['roulette', 'table'],
    ['crash', 'crash'],
    ['mines', 'crash'],
    ['dice', 'dice'],
    ['limbo', 'dice'],
    ['keno', 'slot'],
    ['baccarat', 'table'],
    ['video-poker', 'table'],
    ['hilo', 'crash'],
    ['blackjack', 'table'],
  ])('weighs a %s round as %s', (kind, product) => {
    expect(wageringProductOfGame(kind)).toBe(product);
  });
});

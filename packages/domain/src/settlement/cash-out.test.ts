import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../money/minor-units.ts';
import { oddsThousandths } from '../odds/odds-format.ts';
import { cashOutAcceptCheck, cashOutAutoTriggered, cashOutPartial, cashOutValue, type CashOutLeg } from './cash-out.ts';
import { type LegOutcome } from './leg-outcome.ts';

function open(accepted: number, now: number, marketOpen = true): CashOutLeg {
  return { oddsThousandths: oddsThousandths(accepted), state: 'unsettled', market: { oddsThousandths: now, open: marketOpen } };
}

function settled(accepted: number, outcome: LegOutcome): CashOutLeg {
  return { oddsThousandths: oddsThousandths(accepted), state: outcome, market: null };
}

function valueOf(result: { ok: true; valueMinor: number } | { ok: false; code: string }): number {
  if (!result.ok) throw new Error(result.code);
  return result.valueMinor;
}

describe('cashOutValue (betting.md §6)', () => {
  it('values 10.00 at 6.0, now 2.25, at 60 ÷ 2.25 = 26.666…, floored to 26.66 before any margin', () => {
    expect(valueOf(cashOutValue(minorUnits(1000), [open(6000, 2250)], 0))).toBe(2666);
  });

  it('takes a 5 % margin off the fair value: 26.666… × 0.95 = 25.33', () => {
    expect(valueOf(cashOutValue(minorUnits(1000), [open(6000, 2250)], 500))).toBe(2533);
  });

  it('values a treble with two legs won by the open leg only: 80.00 ÷ 1.25 = 64.00', () => {
    const legs = [settled(2000, 'won'), settled(2000, 'won'), open(2000, 1250)];
    expect(valueOf(cashOutValue(minorUnits(1000), legs, 0))).toBe(6400);
  });

  it('counts a void leg as 1 and a half-lost leg as 1/2', () => {
    const legs = [settled(3000, 'void'), settled(2000, 'halfLost'), open(2000, 1600)];
    expect(valueOf(cashOutValue(minorUnits(1000), legs, 0))).toBe(625);
  });

  it.each<[string, CashOutLeg[], string, number?]>([
    ['a leg has lost', [settled(2000, 'lost'), open(2000, 1500)], 'LEG_LOST'],
    ['a lost leg beside a suspended market', [open(2000, 1500, false), settled(2000, 'lost')], 'LEG_LOST'],
    ['an open leg’s market is suspended', [settled(2000, 'won'), open(2000, 1500, false)], 'MARKET_SUSPENDED'],
    ['an open leg’s odds are locked', [open(2000, -1500)], 'MARKET_SUSPENDED'],
    ['an open leg has no price', [{ oddsThousandths: oddsThousandths(2000), state: 'unsettled', market: null }], 'MARKET_SUSPENDED'],
    ['every leg has settled', [settled(2000, 'won'), settled(2000, 'void')], 'BET_SETTLED'],
    ['a stake of 0.01 at 1.001, now at 100.0, is worth a hundredth of a cent', [open(1001, 100_000)], 'CASH_OUT_VALUE_ZERO', 1],
  ])('offers nothing when %s', (_name, legs, code, stake = 1000) => {
    expect(cashOutValue(minorUnits(stake), legs, 500)).toEqual({ ok: false, code });
  });

  it.each([-1, 10_000, 2.5])('refuses the margin %d as a configuration error', (margin) => {
    expect(() => cashOutValue(minorUnits(1000), [open(2000, 2000)], margin)).toThrow(RangeError);
  });

  const openLeg = fc.tuple(fc.integer({ min: 1001, max: 20_000 }), fc.integer({ min: 1001, max: 20_000 }));
  const stake = fc.integer({ min: 1, max: 1_000_000 });

  it('cashes out an unchanged price for the stake less the margin', () => {
    fc.assert(
      fc.property(
        stake,
        fc.array(fc.integer({ min: 1001, max: 20_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 2000 }),
        (raw, odds, margin) => {
          const result = cashOutValue(
            minorUnits(raw),
            odds.map((value) => open(value, value)),
            margin,
          );
          const expected = Math.floor((raw * (10_000 - margin)) / 10_000);
          expect(result).toEqual(expected === 0 ? { ok: false, code: 'CASH_OUT_VALUE_ZERO' } : { ok: true, valueMinor: expected });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never offers more than the potential return nor more with a larger margin', () => {
    fc.assert(
      fc.property(stake, fc.array(openLeg, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 4000 }), (raw, pairs, margin) => {
        const legs = pairs.map(([accepted, now]) => open(accepted, now));
        const fair = cashOutValue(minorUnits(raw), legs, 0);
        const kept = cashOutValue(minorUnits(raw), legs, margin);
        const potential = pairs.reduce((product, [accepted]) => product * BigInt(accepted), BigInt(raw)) / 1000n ** BigInt(pairs.length);
        if (fair.ok) expect(BigInt(fair.valueMinor) <= potential).toBe(true);
        if (kept.ok) expect(fair.ok && kept.valueMinor <= fair.valueMinor).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('cashOutPartial', () => {
  const legs = [open(6000, 2250)];

  it('pays 4.00 of a 10.00 stake at its value now and lets 6.00 ride', () => {
    expect(cashOutPartial(minorUnits(1000), legs, 0, minorUnits(400), minorUnits(100))).toEqual({ ok: true, valueMinor: 1066, remainingStakeMinor: 600 });
  });

  it('allows the whole stake, leaving nothing to ride', () => {
    expect(cashOutPartial(minorUnits(1000), legs, 0, minorUnits(1000), minorUnits(100))).toEqual({ ok: true, valueMinor: 2666, remainingStakeMinor: 0 });
  });

  it.each([
    ['nothing', 0, 'PARTIAL_STAKE_INVALID'],
    ['more than the stake', 1001, 'PARTIAL_STAKE_INVALID'],
    ['less than the minimum', 99, 'PARTIAL_STAKE_BELOW_MINIMUM'],
    ['so much that the rest is below the minimum', 950, 'REMAINING_STAKE_BELOW_MINIMUM'],
  ])('refuses cashing out %s', (_name, partial, code) => {
    expect(cashOutPartial(minorUnits(1000), legs, 0, minorUnits(partial), minorUnits(100))).toEqual({ ok: false, code });
  });

  it('passes on why there is no offer', () => {
    expect(cashOutPartial(minorUnits(1000), [open(2000, 2000, false)], 0, minorUnits(500), minorUnits(100))).toEqual({ ok: false, code: 'MARKET_SUSPENDED' });
  });

  it('never pays more split than whole: part now + the rest cashed later ≤ the whole, and loses at most a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1_000_000 }).chain((whole) => fc.tuple(fc.constant(whole), fc.integer({ min: 1, max: whole - 1 }))),
        fc.array(fc.tuple(fc.integer({ min: 1001, max: 20_000 }), fc.integer({ min: 1001, max: 20_000 })), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2000 }),
        ([whole, part], pairs, margin) => {
          const priced = pairs.map(([accepted, now]) => open(accepted, now));
          const amount = (stakeMinor: number): number => {
            const result = cashOutValue(minorUnits(stakeMinor), priced, margin);
            return result.ok ? result.valueMinor : 0;
          };
          const split = amount(part) + amount(whole - part);
          expect(split).toBeLessThanOrEqual(amount(whole));
          expect(split).toBeGreaterThanOrEqual(amount(whole) - 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('cashOutAcceptCheck', () => {
  it.each([
    [2500, 2500, false, { ok: true, valueMinor: 2500 }],
    [2400, 2500, false, { ok: false, code: 'CASH_OUT_VALUE_CHANGED' }],
    [2600, 2500, false, { ok: false, code: 'CASH_OUT_VALUE_CHANGED' }],
    [2400, 2500, true, { ok: true, valueMinor: 2400 }],
    [2600, 2500, true, { ok: true, valueMinor: 2600 }],
  ])('now %i, accepted %i, accepting changes %s → %j', (current, accepted, acceptChange, expected) => {
    expect(cashOutAcceptCheck(minorUnits(current), minorUnits(accepted), acceptChange)).toEqual(expected);
  });
});

describe('cashOutAutoTriggered', () => {
  it.each([
    [1999, 2000, false],
    [2000, 2000, true],
    [2001, 2000, true],
  ])('value %i against target %i: %s', (value, target, triggered) => {
    expect(cashOutAutoTriggered(minorUnits(value), minorUnits(target))).toBe(triggered);
  });
});

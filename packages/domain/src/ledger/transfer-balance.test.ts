import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transferUnbalancedCurrencies, type TransferLineAmount } from './transfer-balance.ts';

const currency = fc.constantFrom('BRL', 'MXN', 'USDT', 'INR', 'KES');
const amountMinor = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

/** A sound transfer: every debit has a credit of the same amount and currency, in any order. */
const balancedLines = fc.array(fc.tuple(currency, amountMinor), { maxLength: 20 }).chain((pairs) =>
  fc.shuffledSubarray(
    pairs.flatMap(([code, amount]): TransferLineAmount[] => [
      { currency: code, amountMinor: amount },
      { currency: code, amountMinor: -amount },
    ]),
    { minLength: pairs.length * 2 },
  ),
);

describe('transferUnbalancedCurrencies', () => {
  it.each<[string, TransferLineAmount[], string[]]>([
    ['no lines', [], []],
    [
      'a bet: debit the wallet, credit the house',
      [
        { currency: 'BRL', amountMinor: -500 },
        { currency: 'BRL', amountMinor: 500 },
      ],
      [],
    ],
    ['a debit with no credit', [{ currency: 'BRL', amountMinor: -500 }], ['BRL']],
    [
      'legs in two currencies that only balance across currencies',
      [
        { currency: 'BRL', amountMinor: -500 },
        { currency: 'USDT', amountMinor: 500 },
      ],
      ['BRL', 'USDT'],
    ],
    ['a zero line', [{ currency: 'MXN', amountMinor: 0 }], []],
  ])('%s', (_name, lines, unbalanced) => {
    expect(transferUnbalancedCurrencies(lines).sort()).toEqual(unbalanced);
  });

  it('finds nothing wrong with lines made of balanced pairs', () => {
    fc.assert(
      fc.property(balancedLines, (lines) => {
        expect(transferUnbalancedCurrencies(lines)).toEqual([]);
      }),
    );
  });

  it('names exactly the currency of a line that was changed', () => {
    fc.assert(
      fc.property(
        balancedLines.filter((lines) => lines.length > 0),
        fc.nat(),
        fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((delta) => delta !== 0),
        (lines, pick, delta) => {
          const index = pick % lines.length;
          const perturbed = lines.map((line, at) => (at === index ? { ...line, amountMinor: line.amountMinor + delta } : line));
          expect(transferUnbalancedCurrencies(perturbed)).toEqual([lines[index]!.currency]);
        },
      ),
    );
  });

  it('names the currency of an extra line added to a sound transfer', () => {
    fc.assert(
      fc.property(balancedLines, currency, fc.integer({ min: 1, max: 1_000_000 }), (lines, code, amount) => {
        expect(transferUnbalancedCurrencies([...lines, { currency: code, amountMinor: -amount }])).toEqual([code]);
      }),
    );
  });
});

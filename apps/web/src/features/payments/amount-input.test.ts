import { minorUnits } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { amountFractionDigitsOf, amountMinorParse, amountMinorText, amountProblem } from './amount-input.ts';

describe('amount input', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10,50', 1050],
    [' 30 ', 3000],
    ['0.01', 1],
    ['7.', 700],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(amountMinorParse(text)).toBe(minor);
  });

  it.each(['', 'abc', '-5', '1.000,00', '1,000.00', '10.555', '1e3', '١٠'])('refuses %j rather than guess', (text) => {
    expect(amountMinorParse(text)).toBeUndefined();
  });

  // Issue 15: VND and COP have no minor units (CLDR): whole amounts, and a separator groups thousands.
  it.each([
    ['30000', 3_000_000],
    ['30.000', 3_000_000],
    ['30,000', 3_000_000],
    ['1.250.000', 125_000_000],
    ['1,250,000', 125_000_000],
    ['30000.', 3_000_000],
  ])('reads %j of a currency without decimals as %i minor units', (text, minor) => {
    expect(amountMinorParse(text, 2, amountFractionDigitsOf('VND'))).toBe(minor);
  });

  it.each(['30000.5', '30.00', '3.0000', '1.250,000', '30.0000'])('refuses %j in a currency without decimals', (text) => {
    expect(amountMinorParse(text, 2, amountFractionDigitsOf('COP'))).toBeUndefined();
  });

  it('types two decimals in the other currencies, and in one the domain does not know', () => {
    expect([amountFractionDigitsOf('BRL'), amountFractionDigitsOf('USDT'), amountFractionDigitsOf('BTC')]).toEqual([2, 2, 2]);
    expect(amountMinorParse('30.000', 2, amountFractionDigitsOf('BRL'))).toBeUndefined();
  });

  it('writes an amount back the way a player types it', () => {
    expect(amountMinorText(minorUnits(1050))).toBe('10.5');
    expect(amountMinorText(minorUnits(3000))).toBe('30');
    expect(amountMinorText(minorUnits(1))).toBe('0.01');
  });

  it('names the first problem against the limits', () => {
    const limits = { minMinor: 3000, maxMinor: 10000 };
    expect(amountProblem(undefined, limits)).toBe('invalid');
    expect(amountProblem(minorUnits(0), limits)).toBe('invalid');
    expect(amountProblem(minorUnits(2999), limits)).toBe('belowMin');
    expect(amountProblem(minorUnits(3000), limits)).toBeUndefined();
    expect(amountProblem(minorUnits(10000), limits)).toBeUndefined();
    expect(amountProblem(minorUnits(10001), limits)).toBe('aboveMax');
    expect(amountProblem(minorUnits(10001), { minMinor: 3000 })).toBeUndefined();
  });
});

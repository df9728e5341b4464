import { minorUnits } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { amountFractionDigitsOf, amountMinorParse, amountMinorText, moneyChipText, moneyText } from './money.ts';

describe('money text', () => {
  it('formats known currencies with their symbol and the reader locale', () => {
    expect(moneyText(123456, 'BRL', 'pt-BR')).toBe('R$\u00a01.234,56');
    expect(moneyText(5000, 'KES', 'en-US')).toBe('KSh\u00a050.00');
  });

  it('still shows an unlisted currency by its code', () => {
    expect(moneyText(150, 'BTC', 'en-US')).toBe('1.50\u00a0BTC');
  });

  // Issue 15: the spec's vm-VI and vm-TH codes are not Intl's; formatted as such they fell back to US style.
  it('formats for a Vietnamese or Thai reader with Intl’s vi-VN and th-TH', () => {
    expect(moneyText(123456, 'BRL', 'vm-VI')).toBe('R$\u00a01.234,56');
    expect(moneyText(123456, 'THB', 'vm-TH')).toBe('฿\u00a01,234.56');
    expect(moneyText(123456, 'BTC', 'vm-VI')).toBe('1.234,56\u00a0BTC');
  });

  it('shows dong and Colombian pesos without decimals (CLDR), in text and on the chips', () => {
    expect(moneyText(3_000_000, 'VND', 'vm-VI')).toBe('₫\u00a030.000');
    expect(moneyText(1_234_599, 'VND', 'vm-VI')).toBe('₫\u00a012.345');
    expect(moneyText(600_000, 'COP', 'es-MX')).toBe('COP\u00a0$\u00a06,000');
    expect(moneyChipText(10_000_000, 'VND', 'vm-VI')).toBe('₫\u00a0100.000');
  });

  it('drops the decimals of whole quick amounts only', () => {
    expect(moneyChipText(5000, 'BRL', 'pt-BR')).toBe('R$\u00a050');
    expect(moneyChipText(5050, 'BRL', 'pt-BR')).toBe('R$\u00a050,50');
    expect(moneyChipText(600000, 'MXN', 'es-MX')).toBe('$\u00a06,000');
  });

  it('leaves long symbols off the chips so four fit a phone', () => {
    expect(moneyChipText(10000, 'USDT', 'en-US')).toBe('100');
    expect(moneyChipText(500000, 'KES', 'en-US')).toBe('5,000');
  });
});

describe('amount typed', () => {
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

  it('reads a stake the same way as a deposit: "1.000" is refused in a two-decimal currency, not read as 1.00', () => {
    expect(amountMinorParse('1.000')).toBeUndefined();
    expect(amountMinorParse('1.00')).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import { moneyChipText, moneyText } from './money-text.ts';

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

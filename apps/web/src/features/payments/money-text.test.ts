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

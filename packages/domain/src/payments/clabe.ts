import { clabe } from 'clabe-validator';

/** A CLABE (18 digits: bank, city, account, check digit with weights 3, 7, 1), checked by clabe-validator. */
export type ClabeCheck = { ok: true; value: string; bank: string } | { ok: false; issue: 'format' | 'checksum' | 'bank' };

export function clabeCheck(raw: string): ClabeCheck {
  const value = raw.replace(/[\s-]/g, '');
  if (!/^\d{18}$/.test(value)) return { ok: false, issue: 'format' };
  const result = clabe.validate(value);
  if (result.ok) return { ok: true, value, bank: result.bank ?? '' };
  if (result.error === 'invalid-checksum') return { ok: false, issue: 'checksum' };
  return { ok: false, issue: result.error === 'invalid-bank' ? 'bank' : 'format' };
}

/** Builds a CLABE with its check digit from a bank code, a city code and an 11-digit account. */
export function clabeBuild(bankCode: string, cityCode: string, account: string): string {
  return clabe.calculate(Number(bankCode), Number(cityCode), Number(account));
}

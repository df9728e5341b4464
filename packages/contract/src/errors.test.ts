import { describe, expect, it } from 'vitest';
import { ERRORS, errorNameByCode } from './errors.ts';

describe('error catalogue', () => {
  it('gives every error its own dm_error code', () => {
    const codes = Object.values(ERRORS).map((error) => error.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every error its own message key', () => {
    const keys = Object.values(ERRORS).map((error) => error.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    // Spec §8 codes clients branch on.
    ['OK', 0],
    ['FORBIDDEN', 403],
    ['SESSION_EXPIRED', 604],
    ['EMAIL_CODE_INVALID_NEW', 100010],
    ['EMAIL_CODE_INVALID', 100011],
    ['INTERNAL', 500],
  ] as const)('keeps %s at dm_error %i', (name, code) => {
    expect(ERRORS[name].code).toBe(code);
    expect(errorNameByCode(code)).toBe(name);
  });

  it('finds every error by its code and nothing for an unknown code', () => {
    for (const [name, error] of Object.entries(ERRORS)) expect(errorNameByCode(error.code)).toBe(name);
    expect(errorNameByCode(999_999)).toBeUndefined();
  });
});

import { ApiError, ERRORS } from '@piranha/contract';
import { TERMS_VERSION } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { registerFieldErrors, registerFieldOfError, registerRequestOf, type RegisterDraft } from './register-model.ts';

const READY: RegisterDraft = {
  email: ' ana@example.com ',
  code: '123456',
  password: 'goal2026x',
  ageConfirmed: true,
  termsAccepted: true,
  limitAsked: false,
};

const refusal = (name: keyof typeof ERRORS, data: unknown) => new ApiError(ERRORS[name].code, 'text from the server', data, 200);

describe('register form model', () => {
  it('finds no error in a complete form and sends the terms version and the age confirmed', () => {
    expect(registerFieldErrors(READY)).toEqual({});
    expect(registerRequestOf(READY)).toEqual({
      email: 'ana@example.com',
      email_code: '123456',
      password: 'goal2026x',
      terms_version: TERMS_VERSION,
      age_confirmed: 1,
    });
  });

  it('gives each invalid field its own message', () => {
    const errors = registerFieldErrors({ email: 'ana@', code: '12345', password: 'short', ageConfirmed: false, termsAccepted: false, limitAsked: true });
    expect(errors).toEqual({
      email: 'account.errorEmail',
      code: 'account.errorCode',
      password: 'account.errorPassword',
      limit: 'saferPlay.amountInvalid',
      age: 'account.errorAge',
      terms: 'account.errorTerms',
    });
    expect(registerFieldErrors({ ...READY, password: 'onlyletters' })).toEqual({ password: 'account.errorPassword' });
    expect(registerFieldErrors({ ...READY, termsAccepted: false })).toEqual({ terms: 'account.errorTerms' });
  });

  it('asks the sign-up limit only where the brand asks it, and sends it when typed', () => {
    const limit = { kind: 'loss', period: 'week', amount: 150_00 } as const;
    expect(registerFieldErrors({ ...READY, limitAsked: true, limit })).toEqual({});
    expect(registerRequestOf({ ...READY, limitAsked: true, limit })).toMatchObject({ safer_limit: limit });
  });

  it('puts each refusal of the server next to the field it names', () => {
    expect(registerFieldOfError(refusal('EMAIL_TAKEN', { field: 'email' }))).toBe('email');
    expect(registerFieldOfError(refusal('EMAIL_CODE_INVALID', {}))).toBe('code');
    expect(registerFieldOfError(refusal('EMAIL_CODE_INVALID_NEW', { field: 'email_code' }))).toBe('code');
    expect(registerFieldOfError(refusal('VALIDATION_FAILED', { field: 'password', issue: 'too_common' }))).toBe('password');
    expect(registerFieldOfError(refusal('SAFER_SIGNUP_LIMIT_REQUIRED', { field: 'safer_limit.kind' }))).toBe('limit');
    expect(registerFieldOfError(refusal('AGE_NOT_CONFIRMED', { field: 'age_confirmed' }))).toBe('age');
    expect(registerFieldOfError(refusal('TERMS_NOT_ACCEPTED', { field: 'terms_version' }))).toBe('terms');
    // A refusal of the whole form stays under the form.
    expect(registerFieldOfError(refusal('RATE_LIMITED', { retry_after_s: 30 }))).toBeUndefined();
    expect(registerFieldOfError(refusal('VALIDATION_FAILED', { field: 'nick' }))).toBeUndefined();
    expect(registerFieldOfError(new Error('offline'))).toBeUndefined();
  });
});

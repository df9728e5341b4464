import { ApiError, EMAIL_LENGTH_MAX, EMAIL_PATTERN, ERRORS, passwordRulesBroken } from '@piranha/contract';
import { TERMS_VERSION, type LimitKind, type LimitPeriod } from '@piranha/domain';

/** The fields of the e-mail sign-up form, each of which shows its own error next to it. */
export type RegisterField = 'email' | 'code' | 'password' | 'limit' | 'age' | 'terms';

/** What the form holds. The limit is the jurisdiction's sign-up limit (decision 027), already parsed, when asked. */
export interface RegisterDraft {
  email: string;
  code: string;
  password: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
  /** Whether the brand asks a limit at sign-up, and the limit typed (undefined while it is not a positive amount). */
  limitAsked: boolean;
  limit?: { kind: LimitKind; period: LimitPeriod; amount: number } | undefined;
}

/** The translation key of each field's own error found before sending. */
export const REGISTER_FIELD_ERROR_KEYS = {
  email: 'account.errorEmail',
  code: 'account.errorCode',
  password: 'account.errorPassword',
  limit: 'saferPlay.amountInvalid',
  age: 'account.errorAge',
  terms: 'account.errorTerms',
} as const satisfies Record<RegisterField, string>;

export type RegisterFieldErrors = Partial<Record<RegisterField, (typeof REGISTER_FIELD_ERROR_KEYS)[RegisterField]>>;

/** Every field that would be refused, each with its own message key; empty when the form may be sent. */
export function registerFieldErrors(draft: RegisterDraft): RegisterFieldErrors {
  const errors: RegisterFieldErrors = {};
  const email = draft.email.trim();
  if (email.length === 0 || email.length > EMAIL_LENGTH_MAX || !EMAIL_PATTERN.test(email)) errors.email = REGISTER_FIELD_ERROR_KEYS.email;
  if (!/^\d{6}$/.test(draft.code)) errors.code = REGISTER_FIELD_ERROR_KEYS.code;
  if (passwordRulesBroken(draft.password).length > 0) errors.password = REGISTER_FIELD_ERROR_KEYS.password;
  if (draft.limitAsked && !draft.limit) errors.limit = REGISTER_FIELD_ERROR_KEYS.limit;
  if (!draft.ageConfirmed) errors.age = REGISTER_FIELD_ERROR_KEYS.age;
  if (!draft.termsAccepted) errors.terms = REGISTER_FIELD_ERROR_KEYS.terms;
  return errors;
}

/** The fields in the order the form shows them: the first with an error takes the focus. */
export const REGISTER_FIELDS: readonly RegisterField[] = ['email', 'code', 'password', 'limit', 'age', 'terms'];

/** The body of `email/register` for a draft without errors. */
export function registerRequestOf(draft: RegisterDraft, termsVersion: string = TERMS_VERSION) {
  return {
    email: draft.email.trim(),
    email_code: draft.code,
    password: draft.password,
    ...(draft.limit ? { safer_limit: draft.limit } : {}),
    terms_version: termsVersion,
    age_confirmed: draft.ageConfirmed ? 1 : 0,
  };
}

/** The request field the server names (`data.field`) → the form field that shows its message. */
const SERVER_FIELDS: Readonly<Record<string, RegisterField>> = {
  email: 'email',
  email_code: 'code',
  password: 'password',
  safer_limit: 'limit',
  age_confirmed: 'age',
  terms_version: 'terms',
};

/**
 * Which field a refusal of the server belongs to, from the `data.field` it answers (`safer_limit.kind` → the limit);
 * the code errors name `email_code`. Undefined for a refusal of the whole form (rate limit, internal), shown under it.
 */
export function registerFieldOfError(error: unknown): RegisterField | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.dmError === ERRORS.EMAIL_CODE_INVALID.code || error.dmError === ERRORS.EMAIL_CODE_INVALID_NEW.code) return 'code';
  const data = error.data as { field?: unknown } | null | undefined;
  const field = typeof data?.field === 'string' ? data.field.split('.')[0]! : undefined;
  return field === undefined ? undefined : SERVER_FIELDS[field];
}

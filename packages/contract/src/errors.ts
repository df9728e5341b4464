/**
 * The error catalogue (spec §8 plus ours). `dm_error` values are stable: clients branch on them.
 * Each code has a message key; its texts in all eight locales live in `error-messages.ts`.
 */
export const ERRORS = {
  OK: { code: 0, key: 'ok' },
  FORBIDDEN: { code: 403, key: 'forbidden' },
  SESSION_EXPIRED: { code: 604, key: 'sessionExpired' },
  EMAIL_CODE_INVALID_NEW: { code: 100010, key: 'codeLoginErrorNew' },
  EMAIL_CODE_INVALID: { code: 100011, key: 'codeLoginError' },
  VALIDATION_FAILED: { code: 1001, key: 'validationFailed' },
  UNAUTHORISED: { code: 1002, key: 'unauthorised' },
  NOT_FOUND: { code: 1004, key: 'notFound' },
  DUPLICATE_REQUEST: { code: 1009, key: 'duplicateRequest' },
  REQUEST_IN_PROGRESS: { code: 1010, key: 'requestInProgress' },
  RATE_LIMITED: { code: 1029, key: 'rateLimited' },
  REAUTH_REQUIRED: { code: 1031, key: 'reauthRequired' },
  INSUFFICIENT_FUNDS: { code: 2001, key: 'insufficientFunds' },
  LIMIT_EXCEEDED: { code: 2002, key: 'limitExceeded' },
  ODDS_CHANGED: { code: 3001, key: 'oddsChanged' },
  MARKET_SUSPENDED: { code: 3002, key: 'marketSuspended' },
  INTERNAL: { code: 500, key: 'internal' },
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorKey = (typeof ERRORS)[ErrorName]['key'];

const BY_CODE = new Map<number, ErrorName>(Object.entries(ERRORS).map(([name, error]) => [error.code, name as ErrorName]));

export function errorNameByCode(code: number): ErrorName | undefined {
  return BY_CODE.get(code);
}

/** The `data` an error envelope may carry: the field that failed, or the trace id of an internal failure. */
export interface ErrorData {
  field?: string;
  issue?: string;
  trace_id?: string;
}

import { ApiError, ERRORS } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../i18n/translate.ts';
import { apiErrorMessage } from './api-error-message.ts';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('apiErrorMessage', () => {
  it("shows the server's translated refusal", () => {
    expect(apiErrorMessage(new ApiError(ERRORS.CASINO_ROUND_OPEN.code, 'Finish your round first.', {}, 200), t)).toBe('Finish your round first.');
  });

  it('never shows an internal error’s text: the generic one, or the caller’s', () => {
    const internal = new ApiError(ERRORS.INTERNAL.code, 'Internal error', {}, 500);
    expect(apiErrorMessage(internal, t)).toBe('t:toast.abnormal');
    expect(apiErrorMessage(internal, t, 'Nothing was charged.')).toBe('Nothing was charged.');
  });

  it('answers a call without an answer (the network) with the fallback', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'), t)).toBe('t:toast.abnormal');
    expect(apiErrorMessage(new TypeError('Failed to fetch'), t, 'Nothing was charged.')).toBe('Nothing was charged.');
    expect(apiErrorMessage(new ApiError(ERRORS.CASINO_ROUND_OPEN.code, '', {}, 200), t, 'fallback')).toBe('fallback');
  });
});

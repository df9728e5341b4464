import { ApiError, ERRORS } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { saferResetText } from '../../shared/api/safer-refusal.ts';
import { minutesParse } from './time-limit.ts';

describe('the play-time limit in the web (decision 054)', () => {
  it('takes whole minutes from 1 to 1,440', () => {
    expect(['90', ' 1 ', '1440', '0', '1441', '1.5', '-5', '', 'abc', '00090'].map(minutesParse)).toEqual([
      90,
      1,
      1440,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('adds when the day resets to the refusal of a bet or round at the limit', () => {
    const t = ((key: string, values?: Record<string, unknown>) => `${key}:${String(values?.when ?? '')}`) as Parameters<typeof saferResetText>[1];
    const refusal = new ApiError(ERRORS.SAFER_TIME_LIMIT.code, 'used up', { field: 'day', reset_at: 1_772_593_200 }, 200);
    expect(saferResetText(refusal, t, 'en-US')).toMatch(/^saferPlay\.resetAt:.+2026/);
    // A code outside the safer-play ranges carries no reset time.
    const other = new ApiError(ERRORS.ACTIVITY_NOT_FOUND.code, 'other', { reset_at: 1_772_593_200 }, 200);
    expect(saferResetText(other, t, 'en-US')).toBe('');
  });
});

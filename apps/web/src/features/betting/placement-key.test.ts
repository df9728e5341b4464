import { ApiError, ERRORS } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { placementAttemptAfter, placementAttemptFor, placementInDoubt, type PlaceRequest } from './placement-key.ts';

const single = (unitStake: number, odds = 1.9): PlaceRequest => ({
  kind: 'singles',
  body: { singleBetList: [{ unitStake, oddsChange: 0, betOptionList: [{ matchId: 1, marketId: 10, optionType: 1, odds }] }] },
});

/** A key source that counts, so each new key is told apart. */
function keys() {
  let next = 0;
  return () => `key-${(next += 1)}`;
}

describe('the Idempotency-Key of a placement', () => {
  it('a second tap after a timeout sends the same key, so the server cannot place twice', () => {
    const newKey = keys();
    const first = placementAttemptFor(null, single(10_00), newKey);
    const kept = placementAttemptAfter(first, { ok: false, error: new ApiError(ERRORS.INTERNAL.code, '', undefined, 0) });
    expect(kept).toBe(first);
    expect(placementAttemptFor(kept, single(10_00), newKey).key).toBe(first.key);
  });

  it('a changed slip (stake, odds, kind) is a new placement with a new key', () => {
    const newKey = keys();
    const first = placementAttemptFor(null, single(10_00), newKey);
    expect(placementAttemptFor(first, single(12_00), newKey).key).not.toBe(first.key);
    expect(placementAttemptFor(first, single(10_00, 2.0), newKey).key).not.toBe(first.key);
    const multiple: PlaceRequest = {
      kind: 'multiple',
      body: { betMultipleData: [{ seriesValue: 2001, unitStake: 10_00, oddsChange: 0 }], betOptionList: [] },
    };
    expect(placementAttemptFor(first, multiple, newKey).key).not.toBe(first.key);
  });

  it('an answer ends the attempt: the same slip placed again after a success or a refusal gets a new key', () => {
    const newKey = keys();
    const first = placementAttemptFor(null, single(10_00), newKey);
    expect(placementAttemptAfter(first, { ok: true })).toBeNull();
    const refused = new ApiError(ERRORS.INSUFFICIENT_FUNDS.code, 'no funds', undefined, 200);
    expect(placementAttemptAfter(first, { ok: false, error: refused })).toBeNull();
    expect(placementAttemptFor(null, single(10_00), newKey).key).not.toBe(first.key);
  });

  it('is in doubt without an answer, on a server failure or while the first is still in progress', () => {
    expect(placementInDoubt(new ApiError(ERRORS.INTERNAL.code, '', undefined, 0))).toBe(true);
    expect(placementInDoubt(new ApiError(ERRORS.INTERNAL.code, '', undefined, 503))).toBe(true);
    expect(placementInDoubt(new ApiError(ERRORS.REQUEST_IN_PROGRESS.code, 'busy', undefined, 409))).toBe(true);
    expect(placementInDoubt(new TypeError('Failed to fetch'))).toBe(true);
    expect(placementInDoubt(new ApiError(ERRORS.ODDS_CHANGED.code, 'odds', undefined, 200))).toBe(false);
  });
});

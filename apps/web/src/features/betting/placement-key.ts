import { ApiError, ERRORS, type betFree, type betMultiple, type betSinglePass, type EndpointBody } from '@piranha/contract';

/** Singles, a multiple/system, or one free single, as the slip sends them. */
export type PlaceRequest =
  | { kind: 'singles'; body: EndpointBody<typeof betSinglePass> }
  | { kind: 'multiple'; body: EndpointBody<typeof betMultiple> }
  | { kind: 'free'; body: EndpointBody<typeof betFree> };

/**
 * The Idempotency-Key of a placement whose answer never came, and what it placed. A tap that sends the same thing again
 * reuses the key, so the server answers the first placement instead of making a second one; a tap that sends anything
 * else (a stake, a pick, an odd changed) is a new placement with a new key.
 */
export interface PlacementAttempt {
  fingerprint: string;
  key: string;
}

/** What the request places, as text: equal requests give equal text (JSON keeps the order the slip builds them in). */
export function placementFingerprint(request: PlaceRequest): string {
  return JSON.stringify([request.kind, request.body]);
}

/** The attempt a tap sends: the unanswered one again when it places the same, otherwise a new one with a new key. */
export function placementAttemptFor(previous: PlacementAttempt | null, request: PlaceRequest, newKey: () => string): PlacementAttempt {
  const fingerprint = placementFingerprint(request);
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() };
}

/**
 * Whether a failed placement may have been placed anyway. No answer (a timeout, a dropped connection, a 5xx or 429
 * after the client's own retries) or "still in progress" leaves it in doubt: the key is kept for the next tap. An
 * answer from the server (a refusal) is stored under the key, so reusing it would only repeat that refusal.
 */
export function placementInDoubt(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.dmError === ERRORS.REQUEST_IN_PROGRESS.code) return true;
  return error.dmError === ERRORS.INTERNAL.code && (error.httpStatus === 0 || error.httpStatus === 429 || error.httpStatus >= 500);
}

/** The attempt kept after a placement ends: none once answered, the same while its outcome is in doubt. */
export function placementAttemptAfter(attempt: PlacementAttempt, outcome: { ok: true } | { ok: false; error: unknown }): PlacementAttempt | null {
  return !outcome.ok && placementInDoubt(outcome.error) ? attempt : null;
}

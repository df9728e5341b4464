import { useRef } from 'react';
import { randomId } from '../../shared/random-id.ts';

/**
 * One Idempotency-Key per request the player means: the same request again (a double tap, a retry after a lost
 * answer) reuses the key so the server answers the first result instead of opening a second order; any change
 * to the request gets a new key, because the server would otherwise replay the old answer to a new question.
 */
export function idempotencyKeyNext(previous: { signature: string; key: string } | undefined, signature: string, make: () => string) {
  return previous && previous.signature === signature ? previous : { signature, key: make() };
}

/** `keyFor(request)` gives the key to send; `done()` after a success, so the same request made again is a new one. */
export function useIdempotencyKey() {
  const last = useRef<{ signature: string; key: string } | undefined>(undefined);
  return {
    keyFor: (request: unknown): string => {
      last.current = idempotencyKeyNext(last.current, JSON.stringify(request), randomId);
      return last.current.key;
    },
    done: () => {
      last.current = undefined;
    },
  };
}

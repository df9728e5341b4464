import { describe, expect, it } from 'vitest';
import { idempotencyKeyNext } from './idempotency-key.ts';

describe('idempotency key per request', () => {
  let counter = 0;
  const make = () => `key-${++counter}`;

  it('repeats the key for the same request and changes it for a different one', () => {
    const first = idempotencyKeyNext(undefined, '{"amount":5000}', make);
    const again = idempotencyKeyNext(first, '{"amount":5000}', make);
    const changed = idempotencyKeyNext(again, '{"amount":6000}', make);
    expect(again.key).toBe(first.key);
    expect(changed.key).not.toBe(first.key);
    expect(idempotencyKeyNext(changed, '{"amount":5000}', make).key).not.toBe(first.key);
  });
});

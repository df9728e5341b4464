import { describe, expect, it, vi } from 'vitest';
import { handoffCapture, handoffPendingTake } from './handoff-capture.ts';

const CODE = 'A'.repeat(40) + '_-9';

describe('handoffCapture', () => {
  it('takes the code out of the fragment and the history entry before the router reads it, and gives it once', () => {
    const replaceState = vi.fn();
    handoffCapture({ hash: `#handoff=${CODE}&to=%2Fsport`, pathname: '/', search: '' }, { replaceState });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/#/sport');
    expect(handoffPendingTake()).toBe(CODE);
    expect(handoffPendingTake()).toBeUndefined();
  });

  it('drops a malformed code and an odd route, and leaves other hashes alone', () => {
    const replaceState = vi.fn();
    handoffCapture({ hash: '#handoff=short&to=https://evil.example', pathname: '/', search: '?a=1' }, { replaceState });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?a=1#/');
    expect(handoffPendingTake()).toBeUndefined();
    handoffCapture({ hash: '#/game', pathname: '/', search: '' }, { replaceState });
    expect(replaceState).toHaveBeenCalledTimes(1);
  });
});

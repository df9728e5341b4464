import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptLoad, type ScriptHost } from './script-load.ts';

function fakeHost() {
  const appended: { src: string; onload: (() => void) | null; onerror: (() => void) | null }[] = [];
  const host: ScriptHost = {
    createElement: () => ({ src: '', async: false, onload: null, onerror: null }),
    head: { appendChild: (node: never) => appended.push(node) },
  };
  return { host, appended };
}

afterEach(() => vi.useRealTimers());

describe('scriptLoad', () => {
  it('resolves true when the script loads', async () => {
    const { host, appended } = fakeHost();
    const loading = scriptLoad('https://accounts.google.com/gsi/client', 5_000, host);
    expect(appended[0]?.src).toBe('https://accounts.google.com/gsi/client');
    appended[0]?.onload?.();
    expect(await loading).toBe(true);
  });

  it('resolves false when the host cannot be reached', async () => {
    const { host, appended } = fakeHost();
    const loading = scriptLoad('https://accounts.google.com/gsi/client', 5_000, host);
    appended[0]?.onerror?.();
    expect(await loading).toBe(false);
  });

  it('resolves false when nothing answers within the time limit', async () => {
    vi.useFakeTimers();
    const { host } = fakeHost();
    const loading = scriptLoad('https://accounts.google.com/gsi/client', 5_000, host);
    vi.advanceTimersByTime(5_000);
    expect(await loading).toBe(false);
  });
});

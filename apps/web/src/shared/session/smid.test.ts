import { describe, expect, it } from 'vitest';
import { smidIsValid, smidResolve } from './smid.ts';

const generated = 'generated-0000-device';
const never = () => new Promise<string | undefined>(() => undefined);

describe('smidResolve (spec §9: smid fallback after 7 s)', () => {
  it('keeps the stored id without asking the shell', async () => {
    let asked = false;
    const smid = await smidResolve({
      stored: 'stored-device-1',
      fromShell: async () => ((asked = true), 'shell-device-1'),
      fallbackMs: 7_000,
      generate: () => generated,
    });
    expect(smid).toBe('stored-device-1');
    expect(asked).toBe(false);
  });

  it('takes the shell’s id when it arrives in time', async () => {
    expect(await smidResolve({ stored: undefined, fromShell: async () => 'shell-device-1', fallbackMs: 7_000, generate: () => generated })).toBe(
      'shell-device-1',
    );
  });

  it('falls back to a generated id after exactly the fallback wait when the shell stays silent', async () => {
    const waited: number[] = [];
    const smid = await smidResolve({
      stored: undefined,
      fromShell: never,
      fallbackMs: 7_000,
      generate: () => generated,
      wait: async (ms) => void waited.push(ms),
    });
    expect(smid).toBe(generated);
    expect(waited).toEqual([7_000]);
  });

  it('falls back when the shell answers something visitor_login would refuse, or fails', async () => {
    expect(await smidResolve({ stored: 'bad id!', fromShell: async () => 'x', fallbackMs: 1, generate: () => generated })).toBe(generated);
    expect(await smidResolve({ stored: undefined, fromShell: () => Promise.reject(new Error('bridge')), fallbackMs: 1, generate: () => generated })).toBe(
      generated,
    );
  });

  it('generates at once in a plain browser, which has no device id to offer', async () => {
    expect(await smidResolve({ stored: undefined, fromShell: undefined, fallbackMs: 7_000, generate: () => generated, wait: never as never })).toBe(generated);
  });

  it('accepts ids visitor_login accepts', () => {
    expect(smidIsValid('2b1f0c9e-6f0a-4c1e-9d0e-0c5b8d2a9f11')).toBe(true);
    expect(smidIsValid('short')).toBe(false);
    expect(smidIsValid('has space in it')).toBe(false);
  });
});

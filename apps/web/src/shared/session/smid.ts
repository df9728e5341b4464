import { TIMERS } from '@piranha/domain';

/**
 * The device id `smid` (spec §3 Login info, §9 "smid fallback after 7 s"). A native shell may hand the app its own
 * device id; the app waits for it at most 7 s and otherwise makes one up. Either way the id is kept, so the same
 * device is the same tourist next time.
 */

/** What visitor_login accepts as a device id. */
const SMID_PATTERN = /^[\w.:-]{8,128}$/;

export function smidIsValid(value: unknown): value is string {
  return typeof value === 'string' && SMID_PATTERN.test(value);
}

export interface SmidResolveInput {
  stored: string | undefined;
  /** Asks the shell for its device id; undefined when the shell has none to give. */
  fromShell: (() => Promise<string | undefined>) | undefined;
  fallbackMs: number;
  generate: () => string;
  /** Injectable for tests; defaults to setTimeout. */
  wait?: (ms: number) => Promise<void>;
}

/** The stored id, else the shell's within `fallbackMs`, else a generated one. */
export async function smidResolve(input: SmidResolveInput): Promise<string> {
  if (smidIsValid(input.stored)) return input.stored;
  if (input.fromShell) {
    const wait = input.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const fromShell = await Promise.race([input.fromShell().catch(() => undefined), wait(input.fallbackMs).then(() => undefined)]);
    if (smidIsValid(fromShell)) return fromShell;
  }
  return input.generate();
}

/**
 * Asks the native shell for its device id over the bridge (decision 062: request `device_id`). The bridge loads only
 * here, inside the shell; `smidResolve` stops waiting after the spec's 7 s whatever the bridge does.
 */
export async function smidFromNativeShell(): Promise<string | undefined> {
  const { nativeBridge } = await import('../native-shell/native-bridge.ts');
  const reply = await nativeBridge().request('device_id', {}, TIMERS.smidFallbackMs);
  return reply.device_id;
}

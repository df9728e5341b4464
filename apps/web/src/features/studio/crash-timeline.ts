/**
 * The Crash animation's clock. The multiplier grows exponentially, doubling every `DOUBLE_MS`, as in the
 * classic game; very high crash points are played faster so no round takes more than `MAX_MS`.
 * Multipliers are in hundredths (2.50× = 250), as on the wire.
 */
const DOUBLE_MS = 1600;
const MAX_MS = 7000;
const RATE = Math.LN2 / DOUBLE_MS;

export function crashDurationMs(crashPoint: number): number {
  return Math.min(MAX_MS, Math.log(Math.max(crashPoint, 100) / 100) / RATE);
}

/** The multiplier shown `elapsedMs` into a round that crashes at `crashPoint`, never past it. */
export function crashMultiplierAt(elapsedMs: number, crashPoint: number): number {
  const duration = crashDurationMs(crashPoint);
  if (duration <= 0) return 100;
  const progress = Math.min(1, Math.max(0, elapsedMs / duration));
  const logEnd = Math.log(Math.max(crashPoint, 100) / 100);
  return Math.min(crashPoint, Math.floor(100 * Math.exp(logEnd * progress)));
}

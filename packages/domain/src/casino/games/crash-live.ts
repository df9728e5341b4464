import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fairFloatOf, hmacSha256 } from '../fair.ts';
import { CRASH_POINT_MAX, crashPoint } from './crash.ts';

/**
 * Crash with a live climb (issue 23, decision 071): one shared round per brand, every player on the same curve.
 *
 * Fairness — a hash chain, the standard way: the server draws a secret s_N and hashes it N times,
 * s_{i-1} = SHA-256(s_i) (each seed the SHA-256 of the UTF-8 text of the next seed's lowercase hex); it publishes the
 * terminal hash s_0 and a public salt before round 1. Round i (1…N) is played with seed s_i, revealed when it
 * crashes: anyone checks SHA-256(s_i) = s_{i-1} (the previous round's seed, or the terminal hash for round 1), so the
 * operator could not choose round i's seed after committing to s_0. The crash point is the reference formula of the
 * house Crash (crash.ts): f = the first 4 bytes of HMAC-SHA256(key = s_i, message = salt) as a float in [0, 1), crash
 * point floor(0.99 / f · 100) / 100 (at least 1.00×, at most 1,000,000×).
 *
 * The curve is a published function of the server's time since take-off:
 *   m(t) = floor(100 · e^{0.00006 · t_ms}) / 100   (2× after 11.55 s, 10× after 38.4 s, 100× after 76.8 s).
 * A cash-out at server time t pays m(t) when m(t) ≤ the crash point; the flight ends at the first millisecond whose
 * multiplier passes the crash point. An auto cash-out at target a (1.01× or more) pays exactly a when a ≤ the crash
 * point: P(crash point ≥ a) = 0.99 / a, so every target (and every manual cash-out strategy) returns 99 %. A round
 * whose crash point is 1.00× busts at take-off, and no cash-out is taken while the curve still shows 1.00× (it would
 * only hand the stake back, at 98 %).
 */

export const CRASH_LIVE_GROWTH_PER_MS = 0.00006;
/** Seeds per chain; a brand starts a new chain (new terminal hash and salt) when one is used up. */
export const CRASH_LIVE_CHAIN_LENGTH = 10_000;
/** Phase lengths: bets are taken for this long before take-off, and the crash is shown this long before the next betting phase. */
export const CRASH_LIVE_BETTING_MS = 6_000;
export const CRASH_LIVE_PAUSE_MS = 3_000;
/** The longest flight (the cap, 1,000,000×) lasts about 230 s. */

/** SHA-256 of a seed's hex text, in hex: one link of the chain. */
export function crashChainHash(seedHex: string): string {
  return bytesToHex(sha256(utf8ToBytes(seedHex)));
}

/** The seed `steps` links before `seedHex` (hashing it `steps` times). */
export function crashChainBack(seedHex: string, steps: number): string {
  let seed = seedHex;
  for (let step = 0; step < steps; step += 1) seed = crashChainHash(seed);
  return seed;
}

/** Round `index`'s seed (1…length) of a chain whose secret end is `secret` (s_N). */
export function crashChainSeed(secret: string, length: number, index: number): string {
  if (!Number.isInteger(index) || index < 1 || index > length) throw new RangeError(`chain index ${index} outside 1…${length}`);
  return crashChainBack(secret, length - index);
}

/** The published terminal hash s_0 of a chain. */
export function crashChainTerminal(secret: string, length: number): string {
  return crashChainBack(secret, length);
}

/** True when a revealed seed hashes to the seed (or terminal hash) before it. */
export function crashChainLinks(seedHex: string, previousHex: string): boolean {
  return crashChainHash(seedHex) === previousHex.toLowerCase();
}

/** The float a round's seed and the chain's salt give. */
export function crashLiveFloat(seedHex: string, salt: string): number {
  return fairFloatOf(hmacSha256(seedHex, salt), 0);
}

/** A round's crash point in hundredths (100 = 1.00×). */
export function crashLivePoint(seedHex: string, salt: string): number {
  return crashPoint(crashLiveFloat(seedHex, salt));
}

/** The multiplier in hundredths at `elapsedMs` after take-off (100 before it). */
export function crashLiveMultiplierAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.min(CRASH_POINT_MAX + 1, Math.floor(100 * Math.exp(CRASH_LIVE_GROWTH_PER_MS * Math.floor(elapsedMs))));
}

/** The first whole millisecond at which the multiplier reaches `hundredths`. */
export function crashLiveMsToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(hundredths / 100) / CRASH_LIVE_GROWTH_PER_MS) - 2);
  while (crashLiveMultiplierAt(ms) < hundredths) ms += 1;
  return ms;
}

/** How long a flight to `point` lasts: the first millisecond whose multiplier passes the crash point. */
export function crashLiveFlightMs(point: number): number {
  return point <= 100 ? 0 : crashLiveMsToReach(point + 1);
}

export type CrashLivePhase = 'betting' | 'flying' | 'crashed';

/** A round's phase at server time `nowMs` from its take-off and crash times (the row's, read by any node). */
export function crashLivePhaseAt(takeoffMs: number, crashMs: number, nowMs: number): CrashLivePhase {
  if (nowMs < takeoffMs) return 'betting';
  return nowMs < crashMs ? 'flying' : 'crashed';
}

export type CrashLiveCashout = { at: number } | { refused: 'early' | 'crashed' };

/**
 * What a cash-out asked at server time `nowMs` pays, in hundredths, or why it is refused: `early` before take-off or
 * while the curve shows 1.00×, `crashed` once the round has crashed. With an auto target at or below the multiplier
 * reached (and the crash point), the auto cash-out already happened: it pays exactly the target.
 */
export function crashLiveCashoutAt(
  round: { takeoffMs: number; crashMs: number; point: number },
  nowMs: number,
  autoTarget: number | undefined,
): CrashLiveCashout {
  const reached = nowMs < round.takeoffMs ? 100 : crashLiveMultiplierAt(nowMs - round.takeoffMs);
  if (autoTarget !== undefined && autoTarget <= round.point && autoTarget <= reached) return { at: autoTarget };
  if (nowMs >= round.crashMs || reached > round.point) return { refused: 'crashed' };
  if (reached < CRASH_LIVE_CASHOUT_MIN) return { refused: 'early' };
  return { at: reached };
}

/** The lowest cash-out (auto target or manual), in hundredths, and the highest auto target. */
export const CRASH_LIVE_CASHOUT_MIN = 101;
export const CRASH_LIVE_AUTO_MAX = 100_000;

/** The payout of a stake cashed at `hundredths`, in minor units (floor, like every payout). */
export function crashLivePayMinor(stakeMinor: number, hundredths: number): number {
  return Math.floor((stakeMinor * hundredths) / 100);
}

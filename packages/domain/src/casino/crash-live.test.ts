import { describe, expect, it } from 'vitest';
import { fairSeedHash } from './fair.ts';
import { crashPoint, crashRtpExact } from './games/crash.ts';
import {
  crashChainHash,
  crashChainLinks,
  crashChainSeed,
  crashChainTerminal,
  crashLiveCashoutAt,
  crashLiveFlightMs,
  crashLiveFloat,
  crashLiveMsToReach,
  crashLiveMultiplierAt,
  crashLivePayMinor,
  crashLivePhaseAt,
  crashLivePoint,
} from './games/crash-live.ts';

const SECRET = 'a'.repeat(64);
const SALT = 'piranha-salt';

describe('crash live: hash chain', () => {
  it('links every seed to the one before and round 1 to the published terminal hash (vectors)', () => {
    const terminal = crashChainTerminal(SECRET, 5);
    expect(terminal).toBe('dd0621d5bda41dddfd13ad16475d3e742279c4876d55a252e3bb554f12ed6bdb');
    expect(crashChainSeed(SECRET, 5, 1)).toBe('227b5d390a7d8631462815f47442bacc12f83b9b44f027844a3cc0db759d3499');
    expect(crashChainSeed(SECRET, 5, 5)).toBe(SECRET);
    expect(crashChainLinks(crashChainSeed(SECRET, 5, 1), terminal)).toBe(true);
    for (let index = 2; index <= 5; index += 1) expect(crashChainLinks(crashChainSeed(SECRET, 5, index), crashChainSeed(SECRET, 5, index - 1))).toBe(true);
    expect(crashChainLinks(crashChainSeed(SECRET, 5, 3), crashChainSeed(SECRET, 5, 1))).toBe(false);
    // One link is the same SHA-256 of the seed's text the per-player commitments use.
    expect(crashChainHash(SECRET)).toBe(fairSeedHash(SECRET));
    expect(() => crashChainSeed(SECRET, 5, 0)).toThrow(RangeError);
    expect(() => crashChainSeed(SECRET, 5, 6)).toThrow(RangeError);
  });

  it('gives each round the reference crash point of HMAC(seed, salt) (vectors)', () => {
    const points = [1, 2, 3, 4, 5].map((index) => crashLivePoint(crashChainSeed(SECRET, 5, index), SALT));
    expect(points).toEqual([140, 218, 127, 1213, 351]);
    const seed = crashChainSeed(SECRET, 5, 4);
    expect(crashLivePoint(seed, SALT)).toBe(crashPoint(crashLiveFloat(seed, SALT)));
    expect(crashLivePoint(seed, 'another salt')).not.toBe(1213);
  });
});

describe('crash live: the curve', () => {
  it('is floor(100·e^(0.00006·t))/100 of the server time since take-off', () => {
    expect(crashLiveMultiplierAt(-5)).toBe(100);
    expect(crashLiveMultiplierAt(0)).toBe(100);
    expect(crashLiveMultiplierAt(165)).toBe(100);
    expect(crashLiveMultiplierAt(166)).toBe(101);
    expect(crashLiveMultiplierAt(11_552)).toBe(199);
    expect(crashLiveMultiplierAt(11_553)).toBe(200);
    expect(crashLiveMsToReach(200)).toBe(11_553);
    expect(crashLiveMultiplierAt(38_376)).toBe(Math.floor(100 * Math.exp(0.00006 * 38_376)));
    for (let ms = 0; ms < 60_000; ms += 97) expect(crashLiveMultiplierAt(ms + 97)).toBeGreaterThanOrEqual(crashLiveMultiplierAt(ms));
  });

  it('flies until the first millisecond past the crash point', () => {
    expect(crashLiveFlightMs(101)).toBe(331);
    expect(crashLiveFlightMs(199)).toBe(11_553);
    expect(crashLiveMultiplierAt(crashLiveFlightMs(1213) - 1)).toBe(1213);
    expect(crashLiveMultiplierAt(crashLiveFlightMs(1213))).toBe(1214);
    expect(crashLiveFlightMs(100_000_000)).toBe(230_259);
  });

  it('decides a cash-out by the server time alone', () => {
    const round = { takeoffMs: 1_000_000, crashMs: 1_000_000 + crashLiveFlightMs(250), point: 250 };
    expect(crashLivePhaseAt(round.takeoffMs, round.crashMs, round.takeoffMs - 1)).toBe('betting');
    expect(crashLivePhaseAt(round.takeoffMs, round.crashMs, round.takeoffMs)).toBe('flying');
    expect(crashLivePhaseAt(round.takeoffMs, round.crashMs, round.crashMs)).toBe('crashed');
    expect(crashLiveCashoutAt(round, round.takeoffMs - 1, undefined)).toEqual({ refused: 'early' });
    expect(crashLiveCashoutAt(round, round.takeoffMs + 165, undefined)).toEqual({ refused: 'early' });
    expect(crashLiveCashoutAt(round, round.takeoffMs + 166, undefined)).toEqual({ at: 101 });
    expect(crashLiveCashoutAt(round, round.takeoffMs + 11_553, undefined)).toEqual({ at: 200 });
    expect(crashLiveCashoutAt(round, round.crashMs - 1, undefined)).toEqual({ at: 250 });
    expect(crashLiveCashoutAt(round, round.crashMs, undefined)).toEqual({ refused: 'crashed' });
    // The auto target at or under the point pays exactly itself, even asked late (after the crash).
    expect(crashLiveCashoutAt(round, round.takeoffMs + 20_000, 150)).toEqual({ at: 150 });
    expect(crashLiveCashoutAt(round, round.crashMs + 60_000, 250)).toEqual({ at: 250 });
    expect(crashLiveCashoutAt(round, round.crashMs + 60_000, 251)).toEqual({ refused: 'crashed' });
    // Asked before the curve reached the target, the manual cash-out pays what the curve shows.
    expect(crashLiveCashoutAt(round, round.takeoffMs + 11_553, 240)).toEqual({ at: 200 });
    // A 1.00× round busts at take-off.
    expect(crashLiveFlightMs(100)).toBe(0);
    expect(crashLiveCashoutAt({ takeoffMs: 0, crashMs: 0, point: 100 }, 0, undefined)).toEqual({ refused: 'crashed' });
    expect(crashLivePayMinor(333, 157)).toBe(522);
  });
});

describe('crash live: return to player', () => {
  it('returns 99 % for any cash-out target (exact over the float lattice)', () => {
    for (const target of [101, 117, 150, 199, 200, 333, 1000, 12_345, 100_000, 1_000_000]) {
      expect(Math.abs(crashRtpExact({ cashout: target }) - 0.99)).toBeLessThan(1e-5);
    }
  });

  it('returns 99 % at 2.00× over 40,000 rounds of one chain (within 4 standard deviations)', () => {
    let seed = 'b'.repeat(64);
    let returned = 0;
    const rounds = 40_000;
    for (let round = 0; round < rounds; round += 1) {
      if (crashLivePoint(seed, SALT) >= 200) returned += 2;
      seed = crashChainHash(seed);
    }
    expect(Math.abs(returned / rounds - 0.99)).toBeLessThan((4 * Math.sqrt(0.99 * 1.01)) / Math.sqrt(rounds));
  });
});

/** The live clock `mc` (reference/betting.md §1): `s` seconds, `r` running, `tp` 1 counts up / 2 counts down, `pe` period. */
export interface ClockLike {
  s: number;
  r: boolean | number;
  tp: number;
  pe: number;
}

/**
 * The clock's seconds at `nowMs`, ticking locally between polls from the copy received at `receivedAtMs`: up or down
 * by the time passed while it runs; a stopped clock (half time, between sets) stays where it is.
 */
export function clockSecondsAt(clock: ClockLike, receivedAtMs: number, nowMs: number): number {
  if (!clock.r) return clock.s;
  const passed = Math.max(0, Math.floor((nowMs - receivedAtMs) / 1000));
  return clock.tp === 2 ? Math.max(0, clock.s - passed) : clock.s + passed;
}

/** mm:ss, minutes not capped at 60 (a soccer clock reads 90:00+). */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export type PeriodLabel =
  | { key: 'notStarted' | 'firstHalf' | 'halfTime' | 'secondHalf' | 'ended' | 'overtime' }
  | { key: 'quarter' | 'quarterBreak' | 'set' | 'game'; n: number }
  | { key: 'live' };

/**
 * The live period `mc.pe` as a label: soccer 1002/1003/1004 halves and half time; basketball 3005…3011 quarters (odd
 * codes), the breaks between them (even codes: 3006 end of Q1, 3008 half time, 3010 end of Q3) and 3012 overtime;
 * tennis and volleyball sets from sport·1000 + 2; table tennis counts games.
 */
export function periodLabel(sportId: number, periodCode: number): PeriodLabel {
  const base = sportId * 1000;
  if (periodCode === base + 1) return { key: 'notStarted' };
  if (sportId === 1) {
    if (periodCode === 1002) return { key: 'firstHalf' };
    if (periodCode === 1003) return { key: 'halfTime' };
    if (periodCode === 1004) return { key: 'secondHalf' };
    if (periodCode === 1005) return { key: 'ended' };
    return { key: 'live' };
  }
  if (sportId === 3) {
    if (periodCode === 3012) return { key: 'overtime' };
    if (periodCode === 3008) return { key: 'halfTime' };
    if (periodCode === 3006 || periodCode === 3010) return { key: 'quarterBreak', n: (periodCode - 3004) / 2 };
    if (periodCode >= 3005 && periodCode <= 3011) return { key: 'quarter', n: Math.floor((periodCode - 3005) / 2) + 1 };
    return { key: 'live' };
  }
  if (periodCode === base + 11) return { key: 'ended' };
  if (periodCode >= base + 2 && periodCode < base + 11) return { key: sportId === 15 ? 'game' : 'set', n: periodCode - base - 1 };
  return { key: 'live' };
}

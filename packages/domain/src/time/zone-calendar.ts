/**
 * A time zone's civil calendar, from the platform's Intl time-zone database: which local date an instant falls on,
 * and when a local date begins. Loyalty periods (tasks, rankings, cash-back), safer-play limit windows and activities
 * all close at a brand's local midnight through these two functions. Pure: instants are arguments.
 */

const DAY_MS = 86_400_000;

export interface ZoneDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0 Monday … 6 Sunday (ISO weeks start on Monday). */
  weekdayIndex: number;
}

type WallClock = Readonly<Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The last wall clock read per zone: a clock shows whole seconds, so every instant of the same second reads the same. */
const lastWallClocks = new Map<string, { second: number; wall: WallClock }>();

/** The zone's wall clock at an instant (to the second); one Intl read per zone and second. */
function wallClockOf(instantMs: number, timeZone: string): WallClock {
  const second = Math.floor(instantMs / 1000);
  const last = lastWallClocks.get(timeZone);
  if (last?.second === second) return last.wall;
  const wall = wallClockRead(instantMs, timeZone);
  lastWallClocks.set(timeZone, { second, wall });
  return wall;
}

function wallClockRead(instantMs: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instantMs))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return parts as WallClock;
}

/** The zone's offset from UTC at an instant, in ms (local − UTC). */
function offsetAt(instantMs: number, timeZone: string): number {
  const wall = wallClockOf(instantMs, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instantMs / 1000) * 1000;
}

/** The local calendar date of an instant in the zone. */
export function zoneDateOf(instant: Date, timeZone: string): ZoneDate {
  const wall = wallClockOf(instant.getTime(), timeZone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return { year: wall.year, month: wall.month, day: wall.day, weekdayIndex: (weekday + 6) % 7 };
}

/** Day starts worked out so far, by zone and UTC midnight of the local date; cleared whole when full (a day's worth is a handful). */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 4096;

/**
 * The first instant of a local date: its midnight, or the end of a DST gap that swallowed midnight. Out-of-range
 * fields roll over as in `Date.UTC` (day 32 of January is 1 February, month 13 is January of the next year).
 */
export function zoneDayStart(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // Every stake reads its limit windows' starts (three per placement, each six time-zone conversions): the same few
  // days all day long, so each is worked out once. A new Date each time: callers may keep or change what they get.
  const key = `${timeZone} ${wall}`;
  let startMs = dayStarts.get(key);
  if (startMs === undefined) {
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    startMs = dayStartOf(wall, timeZone);
    dayStarts.set(key, startMs);
  }
  return new Date(startMs);
}

function dayStartOf(wall: number, timeZone: string): number {
  const normal = new Date(wall);
  const target = [normal.getUTCFullYear(), normal.getUTCMonth() + 1, normal.getUTCDate()].join('-');
  const candidates = [offsetAt(wall - DAY_MS, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY_MS, timeZone)].map((offset) => wall - offset);
  const onDay = candidates.filter((candidate) => {
    const local = wallClockOf(candidate, timeZone);
    return [local.year, local.month, local.day].join('-') === target;
  });
  if (onDay.length === 0) throw new Error(`no start of ${target} in ${timeZone}`);
  return Math.min(...onDay);
}

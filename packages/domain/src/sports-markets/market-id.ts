import { marketTypes, type MarketType } from './market-codes.ts';

/**
 * Market ids: one number per (match, market type, period, line), so the same market keeps its id while its price
 * moves, a new line gets a new id, and the id alone says what a bet was on. Layout in decimal digits:
 * match id × 10¹⁰ + type index (2 digits: the type's place in `marketTypes`, so append new types there) × 10⁸ + period offset (3 digits) × 10⁵ + line code (5 digits), where the
 * line code is 4 × line + 50 000 (lines are quarters, −12 500 to 12 499.75) and 99 999 means "no line".
 * The largest match id that fits a safe integer is 900 000.
 */

export interface MarketIdParts {
  readonly matchId: number;
  readonly type: MarketType;
  /** Market period (1001 full time, 1002 first half, 3001 …). */
  readonly period: number;
  /** Handicap given to home, or the total; undefined for markets without a line. */
  readonly line: number | undefined;
}

export const marketIdMatchMax = 900_000;
const noLine = 99_999;

const typeOrder: readonly MarketType[] = Object.values(marketTypes);

function typeParts(type: number): { sport: number; index: number } {
  return { sport: Math.floor(type / 1000), index: typeOrder.indexOf(type as MarketType) };
}

/** The period's offset from the sport's base code (sport id × 1000), 0..999. */
function periodOffset(type: number, period: number): number {
  const offset = period - typeParts(type).sport * 1000;
  if (!Number.isInteger(offset) || offset < 0 || offset > 999) throw new RangeError(`period ${period} does not belong to market type ${type}`);
  return offset;
}

export function marketIdOf(key: MarketIdParts): number {
  if (!Number.isInteger(key.matchId) || key.matchId < 1 || key.matchId >= marketIdMatchMax) throw new RangeError(`match id out of range: ${key.matchId}`);
  const { index } = typeParts(key.type);
  if (index < 0) throw new RangeError(`market type ${key.type} is not quoted`);
  let lineCode = noLine;
  if (key.line !== undefined) {
    lineCode = key.line * 4 + 50_000;
    if (!Number.isInteger(lineCode) || lineCode < 0 || lineCode >= noLine) throw new RangeError(`line out of range: ${key.line}`);
  }
  return key.matchId * 1e10 + index * 1e8 + periodOffset(key.type, key.period) * 1e5 + lineCode;
}

/** Reads an id back; undefined when it is not one `marketIdOf` could have made. */
export function marketIdParse(marketId: number): MarketIdParts | undefined {
  if (!Number.isSafeInteger(marketId) || marketId < 1e10) return undefined;
  const matchId = Math.floor(marketId / 1e10);
  const index = Math.floor(marketId / 1e8) % 100;
  const offset = Math.floor(marketId / 1e5) % 1000;
  const lineCode = marketId % 1e5;
  const type = typeOrder[index];
  if (type === undefined || matchId >= marketIdMatchMax) return undefined;
  return { matchId, type, period: typeParts(type).sport * 1000 + offset, line: lineCode === noLine ? undefined : (lineCode - 50_000) / 4 };
}

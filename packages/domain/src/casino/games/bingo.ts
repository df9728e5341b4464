import { BINGO_PATTERNS, type BingoOutcome, type BingoPattern } from '../types.ts';
import { choose, type FloatSourceLike } from './common.ts';

/**
 * Bingo (75-ball): the card is drawn from the seed — column c (B I N G O) takes 5 distinct numbers of 15c+1…15c+15 by
 * Fisher–Yates (N takes 4: the centre is free), column by column, top to bottom — then 30 balls are drawn without
 * replacement from 1–75 (one float each). The round pays its best pattern on the published table.
 *
 * Exact RTP: the card's 24 numbers are distinct, so the number j of them among the 30 balls is hypergeometric,
 * C(24, j)·C(51, 30 − j) / C(75, 30), and given j every j-subset of the 24 cells is equally likely. The best pattern
 * of each of the 2²⁴ subsets is tallied in `BINGO_SUBSET_COUNTS` (a test re-enumerates all of them).
 */
export const BINGO_BALLS = 75;
export const BINGO_DRAWN = 30;
export const BINGO_CENTRE = 12;

/** Pay of each pattern in basis points of the stake; only the best pattern on the card pays. */
export const BINGO_PAYS_BP: Readonly<Record<BingoPattern, number>> = {
  corners: 50_000,
  line: 45_000,
  'two-lines': 180_000,
  x: 600_000,
  'three-lines': 1_250_000,
  'full-house': 100_000_000,
};

/** The 12 lines as cell lists (row-major cells 0–24): 5 rows, 5 columns, 2 diagonals. */
export const BINGO_LINES: readonly (readonly number[])[] = [
  ...Array.from({ length: 5 }, (_, row) => Array.from({ length: 5 }, (_, col) => row * 5 + col)),
  ...Array.from({ length: 5 }, (_, col) => Array.from({ length: 5 }, (_, row) => row * 5 + col)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
];
const CORNERS = [0, 4, 20, 24];

function maskOf(cells: readonly number[]): number {
  return cells.reduce((mask, cell) => mask | (1 << cell), 0);
}
const LINE_MASKS = BINGO_LINES.map(maskOf);
const CORNER_MASK = maskOf(CORNERS);
const FULL_MASK = (1 << 25) - 1;
const X_MASK = LINE_MASKS[10]! | LINE_MASKS[11]!;

const TIERS = [null, ...BINGO_PATTERNS] as const;

/** The index in [none, ...BINGO_PATTERNS] of the best pattern of a set of marked cells (bit i = cell i, centre set). */
export function bingoTierOf(marked: number): number {
  if (marked === FULL_MASK) return 6;
  let lines = 0;
  for (const mask of LINE_MASKS) if ((marked & mask) === mask) lines += 1;
  if (lines >= 3) return 5;
  if (lines === 2) return (marked & X_MASK) === X_MASK ? 4 : 3;
  if (lines === 1) return 2;
  return (marked & CORNER_MASK) === CORNER_MASK ? 1 : 0;
}

/** The best pattern of a set of marked cells, with the complete lines. */
export function bingoPatternOf(marked: number): { pattern: BingoPattern | null; lines: number[] } {
  const lines = LINE_MASKS.flatMap((mask, index) => ((marked & mask) === mask ? [index] : []));
  return { pattern: TIERS[bingoTierOf(marked)]!, lines };
}

/** The card (25 numbers row-major, 0 in the free centre) from the float stream. */
export function bingoCard(next: FloatSourceLike): number[] {
  const card = new Array<number>(25).fill(0);
  for (let col = 0; col < 5; col += 1) {
    const remaining = Array.from({ length: 15 }, (_, index) => col * 15 + index + 1);
    for (let row = 0; row < 5; row += 1) {
      if (row * 5 + col === BINGO_CENTRE) continue;
      card[row * 5 + col] = remaining.splice(Math.floor(next() * remaining.length), 1)[0]!;
    }
  }
  return card;
}

export function bingoPlay(next: FloatSourceLike): BingoOutcome {
  const card = bingoCard(next);
  const remaining = Array.from({ length: BINGO_BALLS }, (_, index) => index + 1);
  const drawn: number[] = [];
  const isDrawn = new Uint8Array(BINGO_BALLS + 1);
  for (let i = 0; i < BINGO_DRAWN; i += 1) {
    const ball = remaining.splice(Math.floor(next() * remaining.length), 1)[0]!;
    drawn.push(ball);
    isDrawn[ball] = 1;
  }
  const marked: number[] = [];
  let mask = 0;
  for (let cell = 0; cell < 25; cell += 1)
    if (cell === BINGO_CENTRE || isDrawn[card[cell]!] === 1) {
      marked.push(cell);
      mask |= 1 << cell;
    }
  const { pattern, lines } = bingoPatternOf(mask);
  return { kind: 'bingo', card, drawn, marked, lines, pattern, multiplierBp: pattern ? BINGO_PAYS_BP[pattern] : 0 };
}

/**
 * BINGO_SUBSET_COUNTS[j][t]: how many j-subsets of the 24 cells (centre marked) have best pattern t, t indexing
 * [none, ...BINGO_PATTERNS]. Each row adds up to C(24, j).
 */
export const BINGO_SUBSET_COUNTS: readonly (readonly number[])[] = [
  [1, 0, 0, 0, 0, 0, 0],
  [24, 0, 0, 0, 0, 0, 0],
  [276, 0, 0, 0, 0, 0, 0],
  [2024, 0, 0, 0, 0, 0, 0],
  [10621, 1, 4, 0, 0, 0, 0],
  [42396, 20, 88, 0, 0, 0, 0],
  [133496, 188, 912, 0, 0, 0, 0],
  [339076, 1100, 5928, 0, 0, 0, 0],
  [703899, 4470, 27072, 29, 1, 0, 0],
  [1201668, 13316, 92016, 488, 16, 0, 0],
  [1687282, 29882, 240120, 3852, 120, 0, 0],
  [1937412, 51036, 488304, 18792, 552, 48, 0],
  [1796939, 66117, 775944, 62714, 1714, 728, 0],
  [1318924, 63860, 955248, 149368, 3728, 5016, 0],
  [742218, 44418, 891852, 256640, 5704, 20424, 0],
  [305144, 20936, 607832, 313792, 6000, 53800, 0],
  [85013, 6013, 283724, 262173, 4107, 94441, 0],
  [14184, 864, 81448, 138208, 1648, 109752, 0],
  [1128, 40, 11868, 39508, 316, 81736, 0],
  [24, 0, 584, 4520, 16, 37360, 0],
  [0, 0, 0, 90, 0, 10536, 0],
  [0, 0, 0, 0, 0, 2024, 0],
  [0, 0, 0, 0, 0, 276, 0],
  [0, 0, 0, 0, 0, 24, 0],
  [0, 0, 0, 0, 0, 0, 1],
];

/** Exact chance of each outcome ('none' first, then BINGO_PATTERNS), RTP, hit frequency and σ of one card. */
export function bingoFigures(): { chances: Record<'none' | BingoPattern, number>; rtp: number; hit: number; sigma: number } {
  const tiers = ['none', ...BINGO_PATTERNS] as const;
  const chances = Object.fromEntries(tiers.map((tier) => [tier, 0])) as Record<'none' | BingoPattern, number>;
  const all = choose(BINGO_BALLS, BINGO_DRAWN);
  for (let j = 0; j <= 24; j += 1) {
    const chanceJ = (choose(24, j) * choose(BINGO_BALLS - 24, BINGO_DRAWN - j)) / all;
    tiers.forEach((tier, index) => {
      chances[tier] += (chanceJ * BINGO_SUBSET_COUNTS[j]![index]!) / choose(24, j);
    });
  }
  let rtp = 0;
  let square = 0;
  for (const pattern of BINGO_PATTERNS) {
    const pay = BINGO_PAYS_BP[pattern] / 10_000;
    rtp += chances[pattern] * pay;
    square += chances[pattern] * pay * pay;
  }
  return { chances, rtp, hit: 1 - chances.none, sigma: Math.sqrt(square - rtp * rtp) };
}

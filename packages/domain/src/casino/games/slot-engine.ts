import { BP, type SlotOutcome, type SlotSpin, type SlotWin } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * A video slot as data: reel strips, a window of `rows` symbols per reel, paylines or 243-style ways, a wild
 * that substitutes (optionally multiplying the line it sits on), a scatter that pays anywhere and awards
 * free spins, and a free-spin game on its own strips with its own multiplier. Stops come from the float
 * stream: stop = floor(f × strip length), reel by reel.
 *
 * Evaluation rules (the exact RTP below follows the same rules):
 * - lines: the line's symbol is its first non-wild symbol (all wilds → the wild's own pay); the run is the
 *   leading reels showing that symbol or a wild; pay = paytable[symbol][run] × wildMultiplier^(wilds in run).
 * - ways: for each symbol on reel 1, the run is the leading reels whose window holds it (or a wild); the win
 *   is paytable[symbol][run] × the product of matching cells per reel. Wilds never sit on reel 1.
 * - scatters: pay scatterPays[count] × stake wherever they land, and award freeSpins[count] spins.
 */
export interface SlotDefinition {
  rows: number;
  /** Base-game reel strips, one array of symbols per reel. */
  reels: readonly (readonly string[])[];
  /** Free-spin reel strips (the base strips when absent). */
  freeReels?: readonly (readonly string[])[];
  mode: 'lines' | 'ways';
  /** Paylines: for each line, the row on each reel. */
  lines?: readonly (readonly number[])[];
  /** Pays by symbol, indexed by run length (index 0 unused), in pay units. */
  paytable: Readonly<Record<string, readonly number[]>>;
  /** Pay units per stake: a pay of `u` units is u / payUnitsPerStake stakes (lines: the line count). */
  payUnitsPerStake: number;
  wild: string;
  /** Each wild in a winning line multiplies it by this (1 = plain substitution). */
  wildMultiplier: number;
  scatter: string;
  /** Scatter pays by count, in stakes (index = count). */
  scatterPays: readonly number[];
  /** Free spins awarded by count of scatters (index = count), in the base game and in free spins. */
  freeSpins: readonly number[];
  /** Multiplier on every win of a free spin. */
  freeMultiplier: number;
}

/** No round plays more free spins than this (its effect on the RTP is below 1e-30; see slotRtpExact). */
export const SLOT_FREE_SPINS_CAP = 1000;

function windowOf(strip: readonly string[], stop: number, rows: number): string[] {
  return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length]!);
}

function unitBp(definition: SlotDefinition): number {
  return BP / definition.payUnitsPerStake;
}

function lineWins(definition: SlotDefinition, window: string[][]): SlotWin[] {
  const wins: SlotWin[] = [];
  const { wild, wildMultiplier, paytable, scatter } = definition;
  const lines = definition.lines!;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    // The line's symbol: its first non-wild cell (all wilds → the wild).
    let symbol = wild;
    for (let reel = 0; reel < line.length; reel += 1) {
      const cell = window[reel]![line[reel]!]!;
      if (cell !== wild) {
        symbol = cell;
        break;
      }
    }
    if (symbol === scatter) continue;
    let run = 0;
    let wilds = 0;
    while (run < line.length) {
      const cell = window[run]![line[run]!]!;
      if (cell !== symbol && cell !== wild) break;
      if (cell === wild) wilds += 1;
      run += 1;
    }
    const pay = paytable[symbol]?.[run] ?? 0;
    if (pay <= 0) continue;
    const multiplier = symbol === wild ? 1 : wildMultiplier ** wilds;
    wins.push({
      type: 'line',
      line: index,
      symbol,
      count: run,
      ways: 1,
      cells: line.slice(0, run).map((row, reel) => reel * definition.rows + row),
      payBp: pay * multiplier * unitBp(definition),
    });
  }
  return wins;
}

function waysWins(definition: SlotDefinition, window: string[][]): SlotWin[] {
  const wins: SlotWin[] = [];
  const symbols = new Set(window[0]!.filter((symbol) => symbol !== definition.scatter && symbol !== definition.wild));
  for (const symbol of symbols) {
    let ways = 1;
    let run = 0;
    const cells: number[] = [];
    while (run < window.length) {
      const matching = window[run]!.map((cell, row) => (cell === symbol || cell === definition.wild ? run * definition.rows + row : -1)).filter(
        (cell) => cell >= 0,
      );
      if (matching.length === 0) break;
      ways *= matching.length;
      cells.push(...matching);
      run += 1;
    }
    const pay = definition.paytable[symbol]?.[run] ?? 0;
    if (pay > 0) wins.push({ type: 'ways', line: -1, symbol, count: run, ways, cells, payBp: pay * ways * unitBp(definition) });
  }
  return wins;
}

/** One spin on the given strips. */
export function slotSpin(definition: SlotDefinition, next: FloatSourceLike, free: boolean): SlotSpin {
  const strips = free ? (definition.freeReels ?? definition.reels) : definition.reels;
  const { rows, scatter } = definition;
  const stops: number[] = [];
  const window: string[][] = [];
  const scatterCells: number[] = [];
  for (let reel = 0; reel < strips.length; reel += 1) {
    const strip = strips[reel]!;
    const stop = Math.floor(next() * strip.length);
    stops.push(stop);
    const column: string[] = [];
    for (let row = 0; row < rows; row += 1) {
      const symbol = strip[(stop + row) % strip.length]!;
      column.push(symbol);
      if (symbol === scatter) scatterCells.push(reel * rows + row);
    }
    window.push(column);
  }
  const wins = definition.mode === 'lines' ? lineWins(definition, window) : waysWins(definition, window);
  const scatterPay = definition.scatterPays[scatterCells.length] ?? 0;
  if (scatterPay > 0)
    wins.push({ type: 'scatter', line: -1, symbol: scatter, count: scatterCells.length, ways: 1, cells: scatterCells, payBp: scatterPay * BP });
  const multiplier = free ? definition.freeMultiplier : 1;
  let payBp = 0;
  for (const win of wins) payBp += win.payBp;
  return { stops, window, wins, freeSpinsWon: definition.freeSpins[scatterCells.length] ?? 0, multiplier, payBp: payBp * multiplier, free };
}

/** A whole round: the base spin and every free spin it leads to. */
export function slotPlay(definition: SlotDefinition, next: FloatSourceLike): SlotOutcome {
  const base = slotSpin(definition, next, false);
  const spins = [base];
  let pending = base.freeSpinsWon;
  let played = 0;
  while (pending > 0 && played < SLOT_FREE_SPINS_CAP) {
    const spin = slotSpin(definition, next, true);
    spins.push(spin);
    pending += spin.freeSpinsWon - 1;
    played += 1;
  }
  return { kind: 'slot', spins, payBp: spins.reduce((sum, spin) => sum + spin.payBp, 0) };
}

// --- Exact maths --------------------------------------------------------------------------------------------

function frequencies(strip: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return counts;
}

/** Distribution of how many cells of a reel's window satisfy `match`: result[c] = P(c cells). */
function windowCountDistribution(strip: readonly string[], rows: number, match: (symbol: string) => boolean): number[] {
  const distribution = Array.from({ length: rows + 1 }, () => 0);
  for (let stop = 0; stop < strip.length; stop += 1) {
    const count = windowOf(strip, stop, rows).filter(match).length;
    distribution[count]! += 1 / strip.length;
  }
  return distribution;
}

function convolve(a: number[], b: number[]): number[] {
  const result = Array.from({ length: a.length + b.length - 1 }, () => 0);
  a.forEach((pa, i) => b.forEach((pb, j) => (result[i + j]! += pa * pb)));
  return result;
}

/** Expected line/ways win of one spin on `strips`, in stakes (scatters excluded). */
function expectedCombinationWin(definition: SlotDefinition, strips: readonly (readonly string[])[]): number {
  const { wild, scatter, paytable } = definition;
  const symbols = Object.keys(paytable).filter((symbol) => symbol !== wild);
  let expected = 0;
  if (definition.mode === 'lines') {
    const freq = strips.map((strip) => frequencies(strip));
    const p = (reel: number, symbol: string) => (freq[reel]!.get(symbol) ?? 0) / strips[reel]!.length;
    const reels = strips.length;
    // Every cell of a reel shows each strip symbol with its strip frequency, so each line has the same
    // expectation: enumerate the line's classes per reel (wild, the symbol, other).
    for (const symbol of symbols) {
      if (symbol === scatter) continue;
      const walk = (reel: number, wilds: number, seenSymbol: boolean, probability: number): void => {
        if (probability === 0) return;
        if (reel === reels) {
          if (seenSymbol) expected += probability * (paytable[symbol]![reel] ?? 0) * definition.wildMultiplier ** wilds;
          return;
        }
        walk(reel + 1, wilds + 1, seenSymbol, probability * p(reel, wild));
        walk(reel + 1, wilds, true, probability * p(reel, symbol));
        // The run ends here; it belongs to `symbol` only if the symbol was already seen.
        if (seenSymbol) expected += probability * (1 - p(reel, wild) - p(reel, symbol)) * (paytable[symbol]![reel] ?? 0) * definition.wildMultiplier ** wilds;
      };
      walk(0, 0, false, 1);
    }
    // All wilds on the line.
    const wildPays = paytable[wild];
    if (wildPays) {
      let allWild = 1;
      for (let reel = 0; reel < reels; reel += 1) allWild *= p(reel, wild);
      expected += allWild * (wildPays[reels] ?? 0);
    }
    expected *= definition.lines!.length;
  } else {
    const reels = strips.length;
    for (const symbol of symbols) {
      if (symbol === scatter) continue;
      const counts = strips.map((strip, reel) => windowCountDistribution(strip, definition.rows, (cell) => cell === symbol || (reel > 0 && cell === wild)));
      const mean = counts.map((distribution) => distribution.reduce((sum, pc, c) => sum + pc * c, 0));
      let product = 1;
      for (let run = 1; run <= reels; run += 1) {
        product *= mean[run - 1]!;
        const stopsHere = run === reels ? 1 : counts[run]![0]!;
        expected += (paytable[symbol]![run] ?? 0) * product * stopsHere;
      }
    }
  }
  return expected / definition.payUnitsPerStake;
}

/** Distribution of the number of scatters in the whole window. */
export function slotScatterDistribution(definition: SlotDefinition, strips: readonly (readonly string[])[]): number[] {
  return strips
    .map((strip) => windowCountDistribution(strip, definition.rows, (cell) => cell === definition.scatter))
    .reduce((total, reel) => convolve(total, reel), [1]);
}

export interface SlotRtpBreakdown {
  /** Everything, in stakes per round (free spins included). */
  rtp: number;
  baseLines: number;
  baseScatter: number;
  freeSpins: number;
  /** Probability that a round triggers free spins. */
  featureFrequency: number;
  /** Expected free spins per trigger, retriggers included. */
  freeSpinsPerFeature: number;
}

/**
 * The exact RTP from the strips and paytable: base line/ways wins and scatter pays by linearity of
 * expectation over independent reels; free spins as a branching process — one free spin is worth
 * S = m·w / (1 − Σ P(c)·N(c)) with w its expected win and N(c) the spins that c scatters award. The free-spin
 * cap (SLOT_FREE_SPINS_CAP) is ignored; with Σ P(c)·N(c) well below 1 its effect is below 1e-30.
 */
export function slotRtpExact(definition: SlotDefinition): SlotRtpBreakdown {
  const freeStrips = definition.freeReels ?? definition.reels;
  const scatterBase = slotScatterDistribution(definition, definition.reels);
  const scatterFree = slotScatterDistribution(definition, freeStrips);
  const scatterValue = (distribution: number[]) => distribution.reduce((sum, p, count) => sum + p * (definition.scatterPays[count] ?? 0), 0);
  const spinsAwarded = (distribution: number[]) => distribution.reduce((sum, p, count) => sum + p * (definition.freeSpins[count] ?? 0), 0);
  const baseLines = expectedCombinationWin(definition, definition.reels);
  const baseScatter = scatterValue(scatterBase);
  const freeSpinWin = expectedCombinationWin(definition, freeStrips) + scatterValue(scatterFree);
  const retrigger = spinsAwarded(scatterFree);
  if (retrigger >= 1) throw new Error('free spins would never end on average');
  const valuePerFreeSpin = (definition.freeMultiplier * freeSpinWin) / (1 - retrigger);
  const awardedPerRound = spinsAwarded(scatterBase);
  const featureFrequency = scatterBase.reduce((sum, p, count) => sum + ((definition.freeSpins[count] ?? 0) > 0 ? p : 0), 0);
  return {
    rtp: baseLines + baseScatter + awardedPerRound * valuePerFreeSpin,
    baseLines,
    baseScatter,
    freeSpins: awardedPerRound * valuePerFreeSpin,
    featureFrequency,
    freeSpinsPerFeature: featureFrequency === 0 ? 0 : awardedPerRound / featureFrequency / (1 - retrigger),
  };
}

import { BP, type HiloGuess, type HiloOutcome } from '../types.ts';
import type { FloatSourceLike } from './common.ts';

/**
 * Hilo (decision 069): every card comes from an infinite deck — card = floor(f × 52), one float each (rank
 * card % 13 + 1, ace low = 1 … king = 13; suit floor(card / 13)) — so every card is independent of the ones shown.
 * The player guesses the next card is higher-or-same (wins on 14 − r of the 13 ranks) or lower-or-same (r of 13), or
 * skips it (at most HILO_SKIPS_MAX a round). After correct guesses with chances p₁ … pₙ the cash-out multiplier is
 * 0.99 / (p₁ ⋯ pₙ), floored to a basis point: the house's 1 % is taken once, so for ANY way of playing that cashes
 * out (E[∏ 1/pᵢ · 1{all right}] = 1, a martingale) the return is 99 % less the flooring. (Taking 0.99 on every guess
 * would make the return 0.99ⁿ, falling with each guess.) A wrong guess loses the stake. The multiplier is capped at
 * HILO_MAX_BP: a correct guess that reaches it cashes out there (the return of such a path is below 99 %); when the
 * round's fixed cards run out it cashes out too.
 */
export const HILO_SKIPS_MAX = 10;
/** Cards drawn per round from the float stream (the first is shown at the start). */
export const HILO_CARDS = 64;
/** 10,000× in basis points. */
export const HILO_MAX_BP = 10_000 * BP;

const rankOf = (card: number) => (card % 13) + 1;

/** The round's cards, in order, from its float stream. */
export function hiloCards(next: FloatSourceLike): number[] {
  return Array.from({ length: HILO_CARDS }, () => Math.floor(next() * 52));
}

/** How many of the 13 ranks win `guess` on a shown card. */
export function hiloWinningRanks(card: number, guess: 'higher' | 'lower'): number {
  const rank = rankOf(card);
  return guess === 'higher' ? 14 - rank : rank;
}

export function hiloWins(shown: number, next: number, guess: 'higher' | 'lower'): boolean {
  return guess === 'higher' ? rankOf(next) >= rankOf(shown) : rankOf(next) <= rankOf(shown);
}

/** 0.99 × 13ⁿ / ∏ kᵢ in basis points, floored, capped (kᵢ: winning ranks of each correct guess). */
export function hiloMultiplierBp(winningRanks: readonly number[]): number {
  if (winningRanks.length === 0) return 0;
  let num = 99n * BigInt(BP);
  let den = 100n;
  for (const k of winningRanks) {
    num *= 13n;
    den *= BigInt(k);
  }
  const bp = num / den;
  return bp >= BigInt(HILO_MAX_BP) ? HILO_MAX_BP : Number(bp);
}

/** The state after the player's guesses (and cash-out, when `cashedOut`) on the round's fixed cards. */
export function hiloState(cards: readonly number[], guesses: readonly HiloGuess[], cashedOut: boolean): HiloOutcome {
  const wins: number[] = [];
  let status: HiloOutcome['status'] = 'open';
  for (let i = 0; i < guesses.length; i += 1) {
    const guess = guesses[i]!;
    if (guess === 'skip') continue;
    if (!hiloWins(cards[i]!, cards[i + 1]!, guess)) {
      status = 'busted';
      break;
    }
    wins.push(hiloWinningRanks(cards[i]!, guess));
  }
  let multiplierBp = status === 'busted' ? 0 : hiloMultiplierBp(wins);
  if (status === 'open' && wins.length > 0 && (cashedOut || multiplierBp >= HILO_MAX_BP || guesses.length >= HILO_CARDS - 1)) status = 'cashed';
  if (status === 'busted') multiplierBp = 0;
  return { kind: 'hilo', status, cards: cards.slice(0, guesses.length + 1), guesses: [...guesses], multiplierBp };
}

/** Why a guess or cash-out is not allowed now, or null when it is. */
export function hiloActionRefusal(state: HiloOutcome, action: HiloGuess | 'cashout'): 'cashout_first_guess' | 'skips_used' | 'cards_used' | null {
  if (action === 'cashout') return state.multiplierBp > 0 ? null : 'cashout_first_guess';
  if (action === 'skip' && state.guesses.filter((guess) => guess === 'skip').length >= HILO_SKIPS_MAX) return 'skips_used';
  if (state.guesses.length >= HILO_CARDS - 1) return 'cards_used';
  return null;
}

/** What a correct `guess` on the shown card would make the multiplier, and its chance of winning (for the buttons). */
export function hiloGuessPreview(state: HiloOutcome, guess: 'higher' | 'lower'): { chance: number; multiplierBp: number } {
  const shown = state.cards[state.cards.length - 1]!;
  const wins: number[] = [];
  for (let i = 0; i < state.guesses.length; i += 1) {
    const g = state.guesses[i]!;
    if (g !== 'skip') wins.push(hiloWinningRanks(state.cards[i]!, g));
  }
  const k = hiloWinningRanks(shown, guess);
  return { chance: k / 13, multiplierBp: hiloMultiplierBp([...wins, k]) };
}

/**
 * Exact RTP of "guess the likelier side (higher on a tie) `guesses` times, then cash out", over the 13 ranks of each
 * card (the suit plays no part); exact to the basis-point flooring. The info sheet quotes guesses = 1.
 */
export function hiloRtpExact(guesses: number): { rtp: number; hit: number; sigma: number } {
  let ev = 0;
  let sq = 0;
  let hit = 0;
  const walk = (rank: number, depth: number, chance: number, wins: number[]) => {
    if (depth === guesses) {
      const m = hiloMultiplierBp(wins) / BP;
      ev += chance * m;
      sq += chance * m * m;
      hit += chance;
      return;
    }
    const guess = 14 - rank >= rank ? 'higher' : 'lower';
    for (let next = 1; next <= 13; next += 1) {
      const won = guess === 'higher' ? next >= rank : next <= rank;
      if (won) walk(next, depth + 1, chance / 13, [...wins, guess === 'higher' ? 14 - rank : rank]);
    }
  };
  for (let rank = 1; rank <= 13; rank += 1) walk(rank, 0, 1 / 13, []);
  return { rtp: ev, hit, sigma: Math.sqrt(sq - ev * ev) };
}

import { BP, type VideoPokerHand, type VideoPokerOutcome } from '../types.ts';
import { choose, type FloatSourceLike } from './common.ts';

/**
 * Video poker, Jacks or Better, full-pay 9/6 (decision 069). One fresh 52-card deck per round: ten cards are drawn
 * without replacement from the round's float stream, index floor(f × cards left) into the deck in card order (as
 * Mines, Keno and Baccarat draw); the first five are dealt, the next five wait in that fixed order. The player holds
 * any subset; each discarded position, left to right, takes the next waiting card. So the whole hand follows from the
 * seeds and the holds, and the verify page replays it.
 *
 * Pays per coin, stake included (a pair of jacks returns the stake): royal flush 800 (the 5-coin rate, 4000 for 5,
 * paid at every stake), straight flush 50, four of a kind 25, full house 9, flush 6, straight 4, three of a kind 3,
 * two pair 2, jacks or better 1. Exact RTP with the optimal hold on every deal: 99.5439 % (the published figure),
 * computed by `videoPokerExact` over all 2,598,960 deals × 32 holds.
 */
export const VIDEO_POKER_HANDS = [
  'royal-flush',
  'straight-flush',
  'four-of-a-kind',
  'full-house',
  'flush',
  'straight',
  'three-of-a-kind',
  'two-pair',
  'jacks-or-better',
] as const;

/** What each hand returns per coin staked, stake included. */
export const VIDEO_POKER_PAYS: Readonly<Record<VideoPokerHand, number>> = {
  'royal-flush': 800,
  'straight-flush': 50,
  'four-of-a-kind': 25,
  'full-house': 9,
  flush: 6,
  straight: 4,
  'three-of-a-kind': 3,
  'two-pair': 2,
  'jacks-or-better': 1,
};

/** The exact figures with optimal play (checked against the full enumeration in casino-cards.test.ts). */
export const VIDEO_POKER_FIGURES = { rtp: 0.99543904, hit: 0.45456, sigma: 4.4175 };

/** Card 0–51: rank = card % 13 + 1 (1 = ace … 13 = king), suit = floor(card / 13) (♠ ♥ ♦ ♣). */
export const cardRank = (card: number) => (card % 13) + 1;
export const cardSuit = (card: number) => Math.floor(card / 13);

/** The hand five cards make, or null when they pay nothing. Aces play high (10-J-Q-K-A) and low (A-2-3-4-5). */
export function videoPokerEvaluate(cards: readonly number[]): VideoPokerHand | null {
  const counts = new Array<number>(14).fill(0);
  let suits = 0;
  for (const card of cards) {
    counts[cardRank(card)]! += 1;
    suits |= 1 << cardSuit(card);
  }
  const flush = (suits & (suits - 1)) === 0;
  let pairs = 0;
  let three = false;
  let four = false;
  let highPair = false;
  let mask = 0;
  for (let rank = 1; rank <= 13; rank += 1) {
    const count = counts[rank]!;
    if (count === 0) continue;
    mask |= 1 << rank;
    if (count === 2) {
      pairs += 1;
      if (rank === 1 || rank >= 11) highPair = true;
    } else if (count === 3) three = true;
    else if (count === 4) four = true;
  }
  const distinct = pairs === 0 && !three && !four;
  // Five distinct ranks in a row: the rank mask is 5 consecutive bits, or A-10-J-Q-K (bits 1, 10–13).
  const royalMask = (1 << 1) | (0b1111 << 10);
  const low = mask & -mask;
  const straight = distinct && (mask === low * 0b11111 || mask === royalMask);
  if (straight && flush) return mask === royalMask ? 'royal-flush' : 'straight-flush';
  if (four) return 'four-of-a-kind';
  if (three && pairs === 1) return 'full-house';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (three) return 'three-of-a-kind';
  if (pairs === 2) return 'two-pair';
  return highPair ? 'jacks-or-better' : null;
}

export function videoPokerPay(cards: readonly number[]): number {
  const hand = videoPokerEvaluate(cards);
  return hand === null ? 0 : VIDEO_POKER_PAYS[hand];
}

/** Deals a round: the five dealt cards and the five that wait, in draw order. */
export function videoPokerDeal(next: FloatSourceLike): { dealt: number[]; waiting: number[] } {
  const deck = Array.from({ length: 52 }, (_, card) => card);
  const cards: number[] = [];
  for (let i = 0; i < 10; i += 1) cards.push(deck.splice(Math.floor(next() * deck.length), 1)[0]!);
  return { dealt: cards.slice(0, 5), waiting: cards.slice(5) };
}

/** A valid hold: a 5-bit mask, bit i keeps dealt card i. */
export function videoPokerHoldsValid(holds: unknown): holds is number {
  return Number.isInteger(holds) && (holds as number) >= 0 && (holds as number) <= 31;
}

/** The round before (`holds` undefined) or after the draw. */
export function videoPokerState(dealt: readonly number[], waiting: readonly number[], holds: number | undefined): VideoPokerOutcome {
  if (holds === undefined) {
    const hand = videoPokerEvaluate(dealt);
    return { kind: 'video-poker', status: 'open', dealt: [...dealt], holds: 0, final: [], dealtHand: hand, hand: null, multiplierBp: 0 };
  }
  let take = 0;
  const final = dealt.map((card, i) => ((holds >> i) & 1 ? card : waiting[take++]!));
  const hand = videoPokerEvaluate(final);
  return {
    kind: 'video-poker',
    status: 'done',
    dealt: [...dealt],
    holds,
    final,
    dealtHand: videoPokerEvaluate(dealt),
    hand,
    multiplierBp: hand === null ? 0 : VIDEO_POKER_PAYS[hand] * BP,
  };
}

// --- Exact figures with the optimal hold ----------------------------------------------------------------------

/**
 * Tables over every set of 0–4 cards: the sum of pays (and of squared pays, and of paying hands) of all 5-card hands
 * containing it. Indexed by the combinatorial number system, one offset per size. Built once (~1 s).
 */
interface SubsetTables {
  offsets: number[];
  pay: Float64Array;
  paySq: Float64Array;
  wins: Float64Array;
}

let tables: SubsetTables | undefined;
const C = Array.from({ length: 53 }, (_, n) => Array.from({ length: 6 }, (_, k) => choose(n, k)));

function subsetIndex(offsets: number[], cards: readonly number[], mask: number): number {
  let index = 0;
  let k = 0;
  for (let i = 0; i < 5; i += 1) if ((mask >> i) & 1) index += C[cards[i]!]![++k]!;
  return offsets[k]! + index;
}

function tablesBuild(): SubsetTables {
  const offsets = [0, 1, 53, 53 + 1326, 53 + 1326 + 22100];
  const size = offsets[4]! + 270725;
  const built = { offsets, pay: new Float64Array(size), paySq: new Float64Array(size), wins: new Float64Array(size) };
  const hand = [0, 0, 0, 0, 0];
  for (hand[0] = 0; hand[0] < 48; hand[0] += 1)
    for (hand[1] = hand[0] + 1; hand[1] < 49; hand[1] += 1)
      for (hand[2] = hand[1] + 1; hand[2] < 50; hand[2] += 1)
        for (hand[3] = hand[2] + 1; hand[3] < 51; hand[3] += 1)
          for (hand[4] = hand[3] + 1; hand[4] < 52; hand[4] += 1) {
            const pay = videoPokerPay(hand);
            if (pay === 0) continue;
            for (let mask = 0; mask < 31; mask += 1) {
              const index = subsetIndex(offsets, hand, mask);
              built.pay[index]! += pay;
              built.paySq[index]! += pay * pay;
              built.wins[index]! += 1;
            }
          }
  return built;
}

/** Per hold mask (0–31): the sum over all draws of (pay, pay², paying) for the sorted hand `cards`. */
function holdSums(t: SubsetTables, cards: readonly number[], table: 'pay' | 'paySq' | 'wins', own: number): Float64Array {
  // g(S) = sum over the hands containing S; f(H) = Σ_{S ⊇ H} (−1)^{|S∖H|} g(S) = the hands containing H and none
  // of the discards (Möbius inversion on the 5-bit lattice).
  const f = new Float64Array(32);
  const values = t[table];
  for (let mask = 0; mask < 31; mask += 1) f[mask] = values[subsetIndex(t.offsets, cards, mask)]!;
  f[31] = own;
  for (let bit = 0; bit < 5; bit += 1) for (let mask = 0; mask < 32; mask += 1) if (!((mask >> bit) & 1)) f[mask]! -= f[mask | (1 << bit)]!;
  return f;
}

const popcount = (mask: number) => ((mask >> 0) & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1) + ((mask >> 4) & 1);

/** Expected return of each of the 32 holds of a dealt hand (any order), in coins. */
export function videoPokerHoldValues(dealt: readonly number[]): number[] {
  tables ??= tablesBuild();
  const order = [0, 1, 2, 3, 4].sort((a, b) => dealt[a]! - dealt[b]!);
  const cards = order.map((i) => dealt[i]!);
  const sums = holdSums(tables, cards, 'pay', videoPokerPay(cards));
  const values = new Array<number>(32);
  for (let mask = 0; mask < 32; mask += 1) {
    let original = 0;
    for (let i = 0; i < 5; i += 1) if ((mask >> i) & 1) original |= 1 << order[i]!;
    values[original] = sums[mask]! / C[47]![5 - popcount(mask)]!;
  }
  return values;
}

/** The optimal hold of a dealt hand (the first best mask on a tie). */
export function videoPokerBestHold(dealt: readonly number[]): number {
  const values = videoPokerHoldValues(dealt);
  let best = 0;
  for (let mask = 1; mask < 32; mask += 1) if (values[mask]! > values[best]! + 1e-12) best = mask;
  return best;
}

/**
 * The exact RTP, hit frequency and σ with the optimal hold, over all 2,598,960 deals (ties take the first best
 * mask, which can move the hit frequency and σ, never the RTP).
 */
export function videoPokerExact(): { rtp: number; hit: number; sigma: number } {
  tables ??= tablesBuild();
  const { offsets, pay, paySq, wins } = tables;
  const draws = Array.from({ length: 32 }, (_, mask) => C[47]![5 - popcount(mask)]!);
  const index = new Int32Array(32);
  const f = new Float64Array(32);
  let ev = 0;
  let sq = 0;
  let hits = 0;
  const hand = [0, 0, 0, 0, 0];
  for (hand[0] = 0; hand[0] < 48; hand[0] += 1)
    for (hand[1] = hand[0] + 1; hand[1] < 49; hand[1] += 1)
      for (hand[2] = hand[1] + 1; hand[2] < 50; hand[2] += 1)
        for (hand[3] = hand[2] + 1; hand[3] < 51; hand[3] += 1)
          for (hand[4] = hand[3] + 1; hand[4] < 52; hand[4] += 1) {
            const own = videoPokerPay(hand);
            for (let mask = 0; mask < 31; mask += 1) {
              index[mask] = subsetIndex(offsets, hand, mask);
              f[mask] = pay[index[mask]!]!;
            }
            f[31] = own;
            for (let bit = 0; bit < 5; bit += 1) for (let mask = 0; mask < 32; mask += 1) if (!((mask >> bit) & 1)) f[mask]! -= f[mask | (1 << bit)]!;
            let best = 0;
            let bestValue = -1;
            for (let mask = 0; mask < 32; mask += 1) {
              const value = f[mask]! / draws[mask]!;
              if (value > bestValue + 1e-12) {
                best = mask;
                bestValue = value;
              }
            }
            // Squares and wins of the chosen hold only: Σ over the supersets S of it of (−1)^|S∖best| g(S).
            let bestSq = 0;
            let bestWins = 0;
            for (let mask = best; mask < 32; mask = (mask + 1) | best) {
              const sign = (popcount(mask) - popcount(best)) & 1 ? -1 : 1;
              if (mask === 31) {
                bestSq += sign * own * own;
                bestWins += sign * (own > 0 ? 1 : 0);
              } else {
                bestSq += sign * paySq[index[mask]!]!;
                bestWins += sign * wins[index[mask]!]!;
              }
            }
            ev += bestValue;
            sq += bestSq / draws[best]!;
            hits += bestWins / draws[best]!;
          }
  const deals = C[52]![5]!;
  const rtp = ev / deals;
  return { rtp, hit: hits / deals, sigma: Math.sqrt(sq / deals - rtp * rtp) };
}

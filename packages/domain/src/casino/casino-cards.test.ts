import { describe, expect, it } from 'vitest';
import { fairFloatStream, fairSeedHash } from './fair.ts';
import { casinoGameInfo, casinoParamsParse, casinoPlay, casinoVerify, casinoWinMinor, casinoOutcomeFinished } from './games.ts';
import {
  videoPokerBestHold,
  videoPokerDeal,
  videoPokerEvaluate,
  videoPokerExact,
  videoPokerHoldValues,
  videoPokerState,
  VIDEO_POKER_FIGURES,
  VIDEO_POKER_HANDS,
} from './games/video-poker.ts';
import { hiloActionRefusal, hiloCards, hiloGuessPreview, hiloMultiplierBp, hiloRtpExact, hiloState, HILO_MAX_BP, HILO_SKIPS_MAX } from './games/hilo.ts';
import type { HiloGuess, VideoPokerHand } from './types.ts';

// Cards by name: rank A 2–9 T J Q K, suit s h d c (0–3): card = suit × 13 + rank − 1.
const RANKS = 'A23456789TJQK';
const SUITS = 'shdc';
const c = (name: string) => SUITS.indexOf(name[1]!) * 13 + RANKS.indexOf(name[0]!);
const hand = (names: string) => names.split(' ').map(c);

/** Floats that deal exactly `cards` from a fresh 52-card deck (the middle of each card's share). */
function deckFloats(cards: number[]): () => number {
  const deck = Array.from({ length: 52 }, (_, card) => card);
  const floats = cards.map((card) => {
    const index = deck.indexOf(card);
    const f = (index + 0.5) / deck.length;
    deck.splice(index, 1);
    return f;
  });
  let i = 0;
  return () => floats[i++]!;
}

describe('video poker: the hand evaluator', () => {
  it.each<[string, VideoPokerHand | null]>([
    ['As Ks Qs Js Ts', 'royal-flush'],
    ['Th Jh Qh Kh Ah', 'royal-flush'],
    ['9d Td Jd Qd Kd', 'straight-flush'],
    ['Ac 2c 3c 4c 5c', 'straight-flush'],
    ['Ks Kh Kd Kc 2s', 'four-of-a-kind'],
    ['Qs Qh Qd 2c 2s', 'full-house'],
    ['2h 7h 9h Jh Kh', 'flush'],
    ['As 2h 3d 4c 5s', 'straight'],
    ['Ts Jh Qd Kc As', 'straight'],
    ['Qs Kh Ad 2c 3s', null],
    ['7s 7h 7d Kc 2s', 'three-of-a-kind'],
    ['4s 4h 9d 9c Ks', 'two-pair'],
    ['Js Jh 3d 7c 9s', 'jacks-or-better'],
    ['As Ah 3d 7c 9s', 'jacks-or-better'],
    ['Ts Th 3d 7c 9s', null],
    ['2s 5h 8d Jc Ks', null],
  ])('%s → %s', (names, expected) => {
    expect(videoPokerEvaluate(hand(names))).toBe(expected);
  });

  it('counts every one of the 2,598,960 hands as the textbook does', () => {
    const counts = new Map<VideoPokerHand | null, number>();
    const h = [0, 0, 0, 0, 0];
    for (h[0] = 0; h[0] < 48; h[0] += 1)
      for (h[1] = h[0] + 1; h[1] < 49; h[1] += 1)
        for (h[2] = h[1] + 1; h[2] < 50; h[2] += 1)
          for (h[3] = h[2] + 1; h[3] < 51; h[3] += 1)
            for (h[4] = h[3] + 1; h[4] < 52; h[4] += 1) {
              const got = videoPokerEvaluate(h);
              counts.set(got, (counts.get(got) ?? 0) + 1);
            }
    expect(Object.fromEntries(VIDEO_POKER_HANDS.map((name) => [name, counts.get(name)]))).toEqual({
      'royal-flush': 4,
      'straight-flush': 36,
      'four-of-a-kind': 624,
      'full-house': 3744,
      flush: 5108,
      straight: 10_200,
      'three-of-a-kind': 54_912,
      'two-pair': 123_552,
      'jacks-or-better': 4 * 84_480,
    });
    expect(counts.get(null)).toBe(2_598_960 - 4 - 36 - 624 - 3744 - 5108 - 10_200 - 54_912 - 123_552 - 4 * 84_480);
  }, 120_000);
});

describe('video poker: deal and draw', () => {
  it('deals 5 and keeps the next 5 of the same fixed order; discards take them left to right', () => {
    const { dealt, waiting } = videoPokerDeal(deckFloats(hand('As Ks 2d 7c Qs Js Ts 9h 3c 4c')));
    expect(dealt).toEqual(hand('As Ks 2d 7c Qs'));
    expect(waiting).toEqual(hand('Js Ts 9h 3c 4c'));
    const open = videoPokerState(dealt, waiting, undefined);
    expect(open).toMatchObject({ status: 'open', final: [], hand: null, multiplierBp: 0 });
    expect(casinoOutcomeFinished(open)).toBe(false);
    // Hold A K Q of spades (positions 0, 1, 4): positions 2 and 3 take J♠ and T♠ — a royal flush.
    const royal = videoPokerState(dealt, waiting, 0b10011);
    expect(royal).toMatchObject({ status: 'done', final: hand('As Ks Js Ts Qs'), hand: 'royal-flush', multiplierBp: 800 * 10_000 });
    expect(casinoWinMinor(royal, 100)).toBe(80_000);
    // Hold nothing: the five waiting cards, in order.
    expect(videoPokerState(dealt, waiting, 0).final).toEqual(waiting);
    // Hold all: the deal stands (ace high only, no pay).
    expect(videoPokerState(dealt, waiting, 31)).toMatchObject({ final: dealt, hand: null, multiplierBp: 0 });
    expect(casinoWinMinor(videoPokerState(dealt, waiting, 31), 100)).toBe(0);
  });

  it('follows the seeds: a fixed vector, replayed by casinoVerify with the holds', () => {
    const serverSeed = 'vector-server-seed';
    const played = casinoPlay('video-poker', {}, fairFloatStream(serverSeed, 'player', 1));
    expect(played.outcome).toMatchObject({ kind: 'video-poker', status: 'open', dealt: [14, 9, 45, 18, 27] });
    expect(played.cards).toEqual([13, 20, 22, 48, 51]);
    // 2♥ T♠ 7♣ 6♥ 2♦: hold the deuces (mask 0b10001); positions 1–3 take A♥ 8♥ T♥.
    const verified = casinoVerify({
      serverSeed,
      serverSeedHash: fairSeedHash(serverSeed),
      clientSeed: 'player',
      nonce: 1,
      gameId: 'video-poker',
      params: {},
      videoPoker: { holds: 0b10001 },
    });
    expect(verified).toEqual({
      ok: true,
      outcome: {
        kind: 'video-poker',
        status: 'done',
        dealt: [14, 9, 45, 18, 27],
        holds: 17,
        final: [14, 13, 20, 22, 27],
        dealtHand: null,
        hand: null,
        multiplierBp: 0,
      },
    });
  });

  it('takes no params but {}', () => {
    expect(casinoParamsParse('video-poker', {})).toEqual({});
    expect(casinoParamsParse('video-poker', { side: 'banker' })).toBeUndefined();
  });
});

describe('video poker: optimal play and the exact RTP', () => {
  it('finds the textbook holds', () => {
    // A made flush (6 coins) is broken for four to a royal (about 19.7 coins).
    expect(videoPokerBestHold(hand('As Ks Qs Js 2s'))).toBe(0b01111);
    // A pat full house stands.
    expect(videoPokerBestHold(hand('Qs Qh Qd 2c 2s'))).toBe(0b11111);
    // A low pair beats four to an outside straight with no high cards.
    expect(videoPokerBestHold(hand('5s 5h 6d 7c 8s'))).toBe(0b00011);
    // A high pair: hold the pair.
    expect(videoPokerBestHold(hand('Js Jh 3d 7c 9s'))).toBe(0b00011);
    const values = videoPokerHoldValues(hand('Qs Qh Qd 2c 2s'));
    expect(values[31]).toBe(9);
  });

  it('returns 99.5439 % with the optimal hold over every deal (the published full-pay figure), with its hit rate and σ', () => {
    const exact = videoPokerExact();
    console.log(`video poker exact: rtp ${exact.rtp} hit ${exact.hit} sigma ${exact.sigma}`);
    expect(exact.rtp * 100).toBeCloseTo(99.5439, 4);
    expect(Math.abs(exact.rtp - VIDEO_POKER_FIGURES.rtp)).toBeLessThan(1e-8);
    expect(Math.abs(exact.hit - VIDEO_POKER_FIGURES.hit)).toBeLessThan(1e-5);
    expect(Math.abs(exact.sigma - VIDEO_POKER_FIGURES.sigma)).toBeLessThan(1e-4);
    expect(casinoGameInfo('video-poker')).toMatchObject({ rtpPercent: 99.5439, kind: 'video-poker', volatility: { band: 'medium' } });
  }, 300_000);
});

describe('hilo', () => {
  it('multiplies 0.99 once and 13/k per correct guess, floored to a basis point, capped at 10,000×', () => {
    expect(hiloMultiplierBp([])).toBe(0);
    expect(hiloMultiplierBp([13])).toBe(9900);
    expect(hiloMultiplierBp([7])).toBe(18_385); // 0.99 × 13/7 = 1.838571…
    expect(hiloMultiplierBp([7, 11])).toBe(21_728); // 0.99 × 169/77 = 2.172857…
    expect(hiloMultiplierBp([1, 1, 1, 1])).toBe(HILO_MAX_BP); // 0.99 × 13⁴ = 28,275× → the cap
  });

  it('plays a fixed vector from the seeds: two right, then a wrong guess loses', () => {
    const serverSeed = 'vector-server-seed';
    const cards = hiloCards(fairFloatStream(serverSeed, 'player', 2));
    // 7♠, 3♣, T♥, 9♣, 7♠ …
    expect(cards.slice(0, 5)).toEqual([6, 41, 22, 47, 6]);
    const first = hiloState(cards, [], false);
    expect(first).toEqual({ kind: 'hilo', status: 'open', cards: [6], guesses: [], multiplierBp: 0 });
    expect(hiloGuessPreview(first, 'lower')).toEqual({ chance: 7 / 13, multiplierBp: 18_385 });
    expect(hiloGuessPreview(first, 'higher')).toEqual({ chance: 7 / 13, multiplierBp: 18_385 });
    expect(hiloActionRefusal(first, 'cashout')).toBe('cashout_first_guess');
    const two = hiloState(cards, ['lower', 'higher'], false);
    expect(two).toMatchObject({ status: 'open', cards: [6, 41, 22], multiplierBp: 21_728 });
    expect(casinoWinMinor(two, 1000)).toBe(0);
    const cashed = hiloState(cards, ['lower', 'higher'], true);
    expect(cashed.status).toBe('cashed');
    expect(casinoWinMinor(cashed, 1000)).toBe(2172);
    expect(hiloState(cards, ['lower', 'higher', 'higher'], false)).toMatchObject({ status: 'busted', multiplierBp: 0, cards: [6, 41, 22, 47] });
    // A skip shows the next card and leaves the multiplier alone.
    expect(hiloState(cards, ['skip', 'higher'], false)).toMatchObject({ status: 'open', cards: [6, 41, 22], multiplierBp: 11_700 });
    const verified = casinoVerify({
      serverSeed,
      clientSeed: 'player',
      nonce: 2,
      gameId: 'hilo',
      params: {},
      hilo: { guesses: ['lower', 'higher'], cashedOut: true },
    });
    expect(verified).toEqual({ ok: true, outcome: cashed });
  });

  it('counts skips and ties: same rank wins both ways', () => {
    const cards = [c('7s'), c('7h'), c('7d')];
    expect(hiloState(cards, ['higher', 'lower'], false)).toMatchObject({ status: 'open', multiplierBp: 34_144 });
    const skipped = hiloState(
      Array.from({ length: 20 }, () => c('5s')),
      Array.from({ length: HILO_SKIPS_MAX }, (): HiloGuess => 'skip'),
      false,
    );
    expect(hiloActionRefusal(skipped, 'skip')).toBe('skips_used');
    expect(hiloActionRefusal(skipped, 'higher')).toBeNull();
  });

  it('returns 99 % (less the flooring) for any stopping rule: the likelier side, the unlikelier side, mixed', () => {
    // Exact over every rank sequence: Σ P(path) × multiplier for a strategy that picks a side from the shown rank.
    const rtpOf = (pick: (rank: number, depth: number) => 'higher' | 'lower', guesses: number) => {
      let ev = 0;
      const walk = (rank: number, depth: number, chance: number, wins: number[]) => {
        if (depth === guesses) {
          ev += (chance * hiloMultiplierBp(wins)) / 10_000;
          return;
        }
        const guess = pick(rank, depth);
        const k = guess === 'higher' ? 14 - rank : rank;
        for (let next = 1; next <= 13; next += 1) if (guess === 'higher' ? next >= rank : next <= rank) walk(next, depth + 1, chance / 13, [...wins, k]);
      };
      for (let rank = 1; rank <= 13; rank += 1) walk(rank, 0, 1 / 13, []);
      return ev;
    };
    for (const guesses of [1, 2, 3]) {
      for (const pick of [
        (rank: number) => (14 - rank >= rank ? 'higher' : 'lower'),
        (rank: number) => (14 - rank >= rank ? 'lower' : 'higher'),
        (_rank: number, depth: number) => (depth % 2 === 0 ? 'higher' : 'lower'),
      ] as const) {
        const rtp = rtpOf(pick, guesses);
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.99 - 1e-4);
      }
    }
    expect(hiloRtpExact(1).rtp).toBeCloseTo(0.99, 4);
    expect(casinoGameInfo('hilo')).toMatchObject({ rtpPercent: 98.9992, kind: 'hilo' });
  });
});

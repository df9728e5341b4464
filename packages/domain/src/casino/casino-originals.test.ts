import { describe, expect, it } from 'vitest';
import { fairFloatStream } from './fair.ts';
import { casinoParamsParse, casinoPlay, casinoStakeValid, casinoWinMinor } from './games.ts';
import { baccaratBankerDraws, baccaratChances, baccaratDeal, baccaratPlay, baccaratRtpExact, baccaratValue, BACCARAT_DECKS } from './games/baccarat.ts';
import { choose } from './games/common.ts';
import { kenoDraw, kenoFigures, kenoHitChance, KENO_PAYS_BP } from './games/keno.ts';
import { limboPlay, limboRtpExact } from './games/limbo.ts';

/** Floats that make the shoe deal exactly `cards` (0–51) in order: the middle of each card's share of the lattice. */
function shoeFloats(cards: number[]): () => number {
  const left = Array.from({ length: 52 }, () => BACCARAT_DECKS);
  let cardsLeft = 52 * BACCARAT_DECKS;
  const floats = cards.map((card) => {
    const before = left.slice(0, card).reduce((sum, count) => sum + count, 0);
    const f = (before + 0.5) / cardsLeft;
    left[card]! -= 1;
    cardsLeft -= 1;
    return f;
  });
  let i = 0;
  return () => floats[i++]!;
}

// Ranks as cards of spades (suit 0): ace = 0, 2 = 1 … 9 = 8, ten = 9, king = 12.
const card = (rank: number) => rank - 1;

describe('limbo', () => {
  it('returns 99 % at every target, the lattice included', () => {
    for (const target of [101, 150, 200, 1000, 9999, 100_000, 1_000_000]) expect(Math.abs(limboRtpExact({ target }) - 0.99)).toBeLessThan(1e-5);
  });

  it('wins exactly when the result reaches the target and pays the target', () => {
    expect(limboPlay({ target: 200 }, () => 0.495)).toEqual({ kind: 'limbo', result: 200, target: 200, won: true });
    expect(limboPlay({ target: 201 }, () => 0.495)).toMatchObject({ result: 200, won: false });
    expect(
      casinoWinMinor(
        limboPlay({ target: 250 }, () => 0.1),
        1000,
      ),
    ).toBe(2500);
    expect(
      casinoWinMinor(
        limboPlay({ target: 250 }, () => 0.9),
        1000,
      ),
    ).toBe(0);
  });

  it('refuses targets outside 1.01×–10,000×', () => {
    for (const target of [100, 1_000_001, 2.5, -5]) expect(casinoParamsParse('limbo', { target })).toBeUndefined();
    expect(casinoParamsParse('limbo', { target: 101 })).toEqual({ target: 101 });
    expect(casinoParamsParse('limbo', { target: 200, extra: 1 })).toBeUndefined();
  });
});

describe('keno', () => {
  it('publishes ten tables, each within 98.6–99.0 %, whose chances add up to 1', () => {
    const rtps: string[] = [];
    for (let picks = 1; picks <= 10; picks += 1) {
      expect(KENO_PAYS_BP[picks]).toHaveLength(picks + 1);
      let total = 0;
      for (let hits = 0; hits <= picks; hits += 1) total += kenoHitChance(picks, hits);
      expect(total).toBeCloseTo(1, 12);
      rtps.push((kenoFigures(picks).rtp * 100).toFixed(4));
    }
    expect(rtps).toEqual(['99.0000', '98.6538', '98.9575', '98.9605', '98.9858', '98.9665', '98.9815', '98.8005', '98.9753', '98.7492']);
    // One pick: 10 of 40 drawn, 3.96× → 0.25 × 3.96 = 0.99 exactly.
    expect(kenoHitChance(1, 1)).toBe(0.25);
    expect(kenoHitChance(10, 10)).toBeCloseTo(1 / choose(40, 10), 20);
  });

  it('draws 10 distinct numbers from 1–40 and pays the hits', () => {
    const next = fairFloatStream('keno-seed', 'client', 7);
    const drawn = kenoDraw(next);
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn).size).toBe(10);
    expect(drawn.every((n) => n >= 1 && n <= 40)).toBe(true);
    const round = casinoPlay('keno', { picks: drawn.slice(0, 4) }, fairFloatStream('keno-seed', 'client', 7)).outcome;
    expect(round).toMatchObject({ kind: 'keno', drawn, hits: 4, multiplierBp: 225_000 });
    expect(casinoWinMinor(round, 100)).toBe(2250);
  });

  it('draws the published vectors (the verify page recomputes them in the browser)', () => {
    const vector = () => fairFloatStream('vector-seed', 'client', 1);
    expect(casinoPlay('limbo', { target: 200 }, vector()).outcome).toEqual({ kind: 'limbo', result: 146, target: 200, won: false });
    // P: 10♦ 3♠ Q♣ = 3; B: A♥ 9♥ 5♥ = 5 (the banker on 0 draws whatever the player's third card).
    expect(casinoPlay('baccarat', { side: 'banker' }, vector()).outcome).toEqual({
      kind: 'baccarat',
      side: 'banker',
      player: [35, 2, 50],
      banker: [13, 21, 17],
      playerTotal: 3,
      bankerTotal: 5,
      result: 'banker',
      multiplierBp: 19_500,
    });
    // Vector: server seed "keno-seed", client seed "client", nonce 7 (recomputed by the verify page in the browser).
    expect(kenoDraw(fairFloatStream('keno-seed', 'client', 7))).toEqual([40, 19, 10, 8, 31, 13, 37, 5, 14, 3]);
  });

  it('refuses duplicate, out-of-range, too many or no picks', () => {
    for (const picks of [[], [0], [41], [1, 1], [1.5], Array.from({ length: 11 }, (_, i) => i + 1), 'x'])
      expect(casinoParamsParse('keno', { picks })).toBeUndefined();
    expect(casinoParamsParse('keno', { picks: [40, 1] })).toEqual({ picks: [40, 1] });
    expect(casinoStakeValid('keno', { picks: [1] }, 9)).toBe(false);
    expect(casinoStakeValid('keno', { picks: [1] }, 10)).toBe(true);
  });
});

describe('baccarat', () => {
  it('has the published 8-deck chances and house edges', () => {
    const p = baccaratChances();
    expect(p.player + p.banker + p.tie).toBeCloseTo(1, 10);
    // Wizard of Odds, 8 decks: banker 0.458597, player 0.446247, tie 0.095156.
    expect(p.banker).toBeCloseTo(0.458597, 6);
    expect(p.player).toBeCloseTo(0.446247, 6);
    expect(p.tie).toBeCloseTo(0.095156, 6);
    expect((1 - baccaratRtpExact('banker')) * 100).toBeCloseTo(1.0579, 4);
    expect((1 - baccaratRtpExact('player')) * 100).toBeCloseTo(1.2351, 4);
    expect((1 - baccaratRtpExact('tie')) * 100).toBeCloseTo(14.3596, 4);
  });

  it('follows the third-card tableau', () => {
    expect(baccaratBankerDraws(5, undefined)).toBe(true);
    expect(baccaratBankerDraws(6, undefined)).toBe(false);
    expect(baccaratBankerDraws(3, 8)).toBe(false);
    expect(baccaratBankerDraws(3, 9)).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p3) => baccaratBankerDraws(4, p3))).toEqual([2, 3, 4, 5, 6, 7]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p3) => baccaratBankerDraws(5, p3))).toEqual([4, 5, 6, 7]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p3) => baccaratBankerDraws(6, p3))).toEqual([6, 7]);
    expect(baccaratBankerDraws(7, 6)).toBe(false);
    expect(baccaratBankerDraws(2, 8)).toBe(true);
    expect(baccaratValue(card(13))).toBe(0);
    expect(baccaratValue(13 + card(9))).toBe(9);
  });

  it('deals from the shoe: a natural stands, the player draws on 5, the banker answers by the tableau', () => {
    // P: 9 + K = 9 natural; B: 3 + 4 = 7. No third cards.
    expect(baccaratDeal(shoeFloats([card(9), card(3), card(13), card(4), card(1), card(1)]))).toEqual({
      player: [card(9), card(13)],
      banker: [card(3), card(4)],
    });
    // P: 2 + 3 = 5 draws a 6 → 1; B: 4 + 2 = 6 draws on a 6.
    const coup = baccaratPlay({ side: 'banker' }, shoeFloats([card(2), card(4), card(3), card(2), card(6), card(3)]));
    expect(coup).toMatchObject({ player: [card(2), card(3), card(6)], banker: [card(4), card(2), card(3)], playerTotal: 1, bankerTotal: 9 });
    expect(coup).toMatchObject({ result: 'banker', multiplierBp: 19_500 });
    expect(casinoWinMinor(coup, 1000)).toBe(1950);
    // A tie pushes player and banker bets and pays the tie 8 to 1.
    const tie = [card(10), card(11), card(7), card(7)];
    expect(baccaratPlay({ side: 'player' }, shoeFloats([...tie, 0, 0]))).toMatchObject({ result: 'tie', multiplierBp: 10_000 });
    expect(baccaratPlay({ side: 'tie' }, shoeFloats([...tie, 0, 0]))).toMatchObject({ result: 'tie', multiplierBp: 90_000 });
  });

  it('refuses unknown sides', () => {
    expect(casinoParamsParse('baccarat', { side: 'dragon' })).toBeUndefined();
    expect(casinoParamsParse('baccarat', { side: 'tie' })).toEqual({ side: 'tie' });
  });
});

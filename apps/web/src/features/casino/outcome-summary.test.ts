import { describe, expect, it } from 'vitest';
import { outcomeSummary } from './outcome-summary.ts';

describe('outcomeSummary', () => {
  it('says what a dice, crash, plinko, roulette and mines round did', () => {
    expect(outcomeSummary({ kind: 'dice', roll: 2135, target: 5000, direction: 'under', multiplierBp: 19_801, won: true })).toBe('21.35 < 50.00 ✓');
    expect(outcomeSummary({ kind: 'crash', crashPoint: 463, cashout: 200, won: true })).toBe('4.63× (2.00× ✓)');
    expect(outcomeSummary({ kind: 'plinko', rows: 8, risk: 'low', path: [1, 0, 1, 1, 0, 0, 0, 1], bin: 4, multiplierBp: 5000 })).toBe('RLRRLLLR → 4 · 0.5×');
    expect(outcomeSummary({ kind: 'roulette', number: 17, bets: [] })).toBe('17');
    expect(outcomeSummary({ kind: 'mines', mines: 2, revealed: [3], status: 'busted', multiplierBp: 0, minePositions: [9, 3] })).toBe('💣 3, 9 · 3 · busted');
  });

  it('says what a limbo, keno and baccarat round did, cards by rank and suit', () => {
    expect(outcomeSummary({ kind: 'limbo', result: 146, target: 200, won: false })).toBe('1.46× (2.00× ✗)');
    expect(outcomeSummary({ kind: 'keno', picks: [1, 2], drawn: [2, 9, 40], hits: 1, multiplierBp: 18_900 })).toBe('2 9 40 · 1/2 · 1.89×');
    expect(
      outcomeSummary({
        kind: 'baccarat',
        side: 'banker',
        player: [35, 2, 50],
        banker: [13, 21, 17],
        playerTotal: 3,
        bankerTotal: 5,
        result: 'banker',
        multiplierBp: 19_500,
      }),
    ).toBe('P 10♦ 3♠ Q♣ = 3 · B A♥ 9♥ 5♥ = 5 → BANKER · 1.95×');
  });

  it('says what each blackjack hand did against the dealer, doubles and insurance included', () => {
    const hand = { bet: 1, doubled: false, fromSplit: true, status: 'stood' as const, soft: false };
    expect(
      outcomeSummary({
        kind: 'blackjack',
        status: 'done',
        phase: 'done',
        dealer: [5, 22, 8],
        dealerTotal: 25,
        dealerSoft: false,
        hands: [
          { ...hand, cards: [7, 2, 9], total: 21, bet: 2, doubled: true, result: 'win', returnBp: 40_000 },
          { ...hand, cards: [7, 1, 8], total: 19, result: 'win', returnBp: 20_000 },
        ],
        active: 1,
        insurance: 'declined',
        insuranceReturnBp: 0,
        steps: [],
        legal: [],
      }),
    ).toBe('8♠ 3♠ 10♠ = 21 ×2 → WIN 4× | 8♠ 2♠ 9♠ = 19 → WIN 2× · D 6♠ 10♥ 9♠ = 25');
  });

  it('says what a wheel, tower, bingo and fishing round did', () => {
    expect(outcomeSummary({ kind: 'wheel', segments: 20, risk: 'high', segment: 0, multiplierBp: 198_000 })).toBe('#1/20 → 19.8×');
    expect(outcomeSummary({ kind: 'tower', difficulty: 'medium', picks: [0, 2], status: 'cashed', multiplierBp: 22_275, traps: [] })).toBe('▲ 1 3 ✓ · 2.2275×');
    expect(outcomeSummary({ kind: 'tower', difficulty: 'hard', picks: [1], status: 'busted', multiplierBp: 0, traps: [] })).toBe('▲ 2 ✗ · 0×');
    expect(outcomeSummary({ kind: 'bingo', card: [], drawn: [5, 70], marked: [12, 0, 1, 2, 3, 4], lines: [0], pattern: 'line', multiplierBp: 45_000 })).toBe(
      '5 70 · 5/24 · 1≡ → 4.5×',
    );
    expect(outcomeSummary({ kind: 'fishing', fish: 'shark', multiplierBp: 200_000, caught: true })).toBe('🦈 20× ✓');
  });

  it('lists every spin of a slot round, free spins numbered', () => {
    const spin = { stops: [0, 0, 0], window: [['A'], ['A'], ['A']], wins: [], freeSpinsWon: 0, multiplier: 1, payBp: 0, free: false };
    expect(outcomeSummary({ kind: 'slot', spins: [spin, { ...spin, free: true, payBp: 25_000 }], payBp: 25_000 })).toBe(
      '▶ A | A | A → 0×\n★1 A | A | A → 2.5×',
    );
  });
});

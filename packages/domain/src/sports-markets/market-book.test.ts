import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basketballLeagueNba } from '../pricing/basketball-points.ts';
import { lineOutcomeProbabilities } from '../pricing/line-outcomes.ts';
import { soccerGoalsDifferenceToCome, soccerScoreMatrix } from '../pricing/soccer-goals.ts';
import { marketBookPrice, type MarketBookInput, type PricedMarket } from './market-book.ts';
import { marketMarginsDefault, marketMarginsWith } from './market-margins.ts';

const noMargins = marketMarginsWith(marketMarginsDefault, {
  result: 0,
  halfTimeResult: 0,
  handicap: 0,
  total: 0,
  bothTeamsToScore: 0,
  doubleChance: 0,
  drawNoBet: 0,
  correctScore: 0,
  setHandicap: 0,
  inPlayExtra: 0,
});

function marketFind(book: readonly PricedMarket[], type: number, options: { period?: number; line?: number } = {}): PricedMarket {
  const market = book.find(
    (candidate) =>
      candidate.type === type &&
      (options.period === undefined || candidate.period === options.period) &&
      (options.line === undefined ? candidate.main : candidate.line === options.line),
  );
  if (!market) throw new Error(`no market ${type} ${JSON.stringify(options)}`);
  return market;
}

function probabilityOf(market: PricedMarket, type: number): number {
  const option = market.options.find((candidate) => candidate.type === type);
  if (!option) throw new Error(`no option ${type} in market ${market.type}`);
  return option.probability;
}

const booksum = (market: PricedMarket) => market.options.reduce((sum, option) => sum + 1000 / option.odds, 0);

const soccer = (
  goalsExpectedHome: number,
  goalsExpectedAway: number,
  rho = 0,
  live?: { score: { home: number; away: number }; minutesPlayed: number },
): MarketBookInput => ({
  sport: 'soccer',
  model: { goalsExpectedHome, goalsExpectedAway, rho },
  ...(live ? { live } : {}),
});

describe('soccer book, reference vectors (betting.md §5, λ 1.5 / μ 1.1)', () => {
  it('prices 1X2 and over 2.5 as independent Poisson does', () => {
    const book = marketBookPrice(soccer(1.5, 1.1), noMargins);
    const result = marketFind(book, 1005, { period: 1001 });
    expect(probabilityOf(result, 1)).toBeCloseTo(0.4642, 4);
    expect(probabilityOf(result, 3)).toBeCloseTo(0.2577, 4);
    expect(probabilityOf(result, 2)).toBeCloseTo(0.2781, 4);
    expect(probabilityOf(marketFind(book, 1007, { line: 2.5 }), 4)).toBeCloseTo(0.4816, 4);
  });

  it('moves mass to the draw with Dixon–Coles ρ −0.1 and leaves over 2.5 unchanged', () => {
    const book = marketBookPrice(soccer(1.5, 1.1, -0.1), noMargins);
    const result = marketFind(book, 1005, { period: 1001 });
    expect(probabilityOf(result, 1)).toBeCloseTo(0.452, 3);
    expect(probabilityOf(result, 3)).toBeCloseTo(0.2822, 4);
    expect(probabilityOf(result, 2)).toBeCloseTo(0.2658, 4);
    expect(probabilityOf(marketFind(book, 1007, { line: 2.5 }), 4)).toBeCloseTo(0.4816, 4);
  });

  it('prices draw no bet home at 1.599 and Asian −0.25 home at 1.877 without margin', () => {
    const book = marketBookPrice(soccer(1.5, 1.1), noMargins);
    expect(1 / probabilityOf(marketFind(book, 1006), 1)).toBeCloseTo(1.599, 3);
    expect(1 / probabilityOf(marketFind(book, 1000, { line: -0.25 }), 1)).toBeCloseTo(1.877, 3);
    // Stored odds are the fair price rounded down to thousandths.
    expect(marketFind(book, 1006).options[0]!.odds).toBe(1599);
  });
});

const goals = fc.double({ min: 0.3, max: 3.2, noNaN: true });

describe('soccer book properties', () => {
  it('has fair 1X2 probabilities that sum to 1, pre-match and in play', () => {
    fc.assert(
      fc.property(
        goals,
        goals,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 89 }),
        (home, away, scoreHome, scoreAway, minute) => {
          for (const input of [soccer(home, away, -0.08), soccer(home, away, -0.08, { score: { home: scoreHome, away: scoreAway }, minutesPlayed: minute })]) {
            const result = marketFind(marketBookPrice(input), 1005, { period: 1001 });
            expect(result.options.reduce((sum, option) => sum + option.probability, 0)).toBeCloseTo(1, 9);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('applies the configured margin: the booksum of each market is 1 + margin, rounded towards the house', () => {
    fc.assert(
      fc.property(goals, goals, fc.double({ min: 0.01, max: 0.12, noNaN: true }), (home, away, margin) => {
        const margins = marketMarginsWith(marketMarginsDefault, { result: margin, total: margin / 2 });
        const book = marketBookPrice(soccer(home, away), margins);
        const result = marketFind(book, 1005, { period: 1001 });
        // Prices are floored to thousandths, so the booksum sits at or just above the target — unless a heavy
        // favourite was raised to the 1.01 floor, the one documented case where a price exceeds fair-plus-margin.
        if (result.options.every((option) => option.odds > 1010)) {
          expect(booksum(result)).toBeGreaterThanOrEqual(1 + margin - 1e-9);
          expect(booksum(result)).toBeLessThan(1 + margin + 0.01);
        }
        const total = marketFind(book, 1007);
        expect(booksum(total)).toBeGreaterThanOrEqual(1 + margin / 2 - 1e-9);
        expect(booksum(total)).toBeLessThan(1 + margin / 2 + 0.01);
      }),
      { numRuns: 60 },
    );
  });

  // Issue 4: a 2-0 leader after 25 minutes was quoted 1.01 to 1.02. Its fair chance is about 0.914 (1.094); a
  // proportional 7 % margin took 1.094 down to 1 / (0.914 × 1.07) = 1.022. Priced by the power method the favourite
  // keeps most of its price and the outsiders carry the margin, as in real books.
  it('prices a 2-0 leader after 25 minutes within the 1.05–1.12 real books offer, the draw and away well above fair margin', () => {
    const live = marketFind(marketBookPrice(soccer(1.5, 1.1, -0.1, { score: { home: 2, away: 0 }, minutesPlayed: 25 })), 1005, { period: 1001 });
    const home = live.options.find((option) => option.type === 1)!;
    expect(live.open).toBe(true);
    expect(home.probability).toBeGreaterThan(0.88);
    expect(home.probability).toBeLessThan(0.93);
    expect(home.odds).toBeGreaterThanOrEqual(1050);
    expect(home.odds).toBeLessThanOrEqual(1120);
    expect(home.odds).toBeLessThan(1000 / home.probability);
    expect(booksum(live)).toBeCloseTo(1 + marketMarginsDefault.byKind.result + marketMarginsDefault.inPlayExtra, 2);
  });

  it('adds the in-play extra margin while live', () => {
    const live = marketBookPrice(soccer(1.5, 1.1, 0, { score: { home: 0, away: 0 }, minutesPlayed: 10 }));
    const expected = 1 + marketMarginsDefault.byKind.result + marketMarginsDefault.inPlayExtra;
    expect(booksum(marketFind(live, 1005, { period: 1001 }))).toBeGreaterThanOrEqual(expected - 1e-6);
    expect(booksum(marketFind(live, 1005, { period: 1001 }))).toBeLessThan(expected + 0.01);
  });

  it('chooses a main total line whose over is near 50/50 (within a quarter-line step)', () => {
    fc.assert(
      fc.property(goals, goals, (home, away) => {
        const over = probabilityOf(marketFind(marketBookPrice(soccer(home, away)), 1007), 4);
        expect(Math.abs(over - 0.5)).toBeLessThan(0.13);
      }),
      { numRuns: 60 },
    );
  });

  it('prices an Asian quarter line at the average of its two halves (half the stake on each)', () => {
    fc.assert(
      fc.property(goals, goals, (home, away) => {
        const book = marketBookPrice(soccer(home, away), noMargins);
        const difference = soccerGoalsDifferenceToCome(soccerScoreMatrix({ goalsExpectedHome: home, goalsExpectedAway: away }));
        for (const market of book.filter((candidate) => candidate.type === 1000 && Math.abs((candidate.line ?? 0) % 0.5) === 0.25)) {
          const line = market.line!;
          const price = 1 / probabilityOf(market, 1);
          // Expected return of one unit at `price` on a whole or half line: wins pay the price, pushes refund.
          const halfReturn = (halfLine: number) => {
            const outcomes = lineOutcomeProbabilities(difference, -halfLine, 'over');
            return outcomes.won * price + outcomes.push;
          };
          expect((halfReturn(line - 0.25) + halfReturn(line + 0.25)) / 2).toBeCloseTo(1, 9);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('makes a team leading 2-0 late a near certainty, and pulls its 1X2 rather than price the rest above the cap', () => {
    const book = marketBookPrice(soccer(1.2, 1.6, -0.08, { score: { home: 2, away: 0 }, minutesPlayed: 88 }));
    const result = marketFind(book, 1005, { period: 1001 });
    expect(probabilityOf(result, 1)).toBeGreaterThan(0.99);
    expect(result.open).toBe(false);
    // Half-time 1X2 closes at the break: its result is known.
    expect(book.some((market) => market.period === 1002)).toBe(false);
  });

  it('closes the correct score at 4-4, where "other" (a team on five or more) is all but certain', () => {
    const book = marketBookPrice(soccer(1.7813874229627724, 3.19999999999976, -0.08, { score: { home: 4, away: 4 }, minutesPlayed: 0 }), marketMarginsDefault);
    const correctScore = marketFind(book, 1099, { period: 1001 });
    expect(correctScore.options.some((option) => option.probability > 0.99)).toBe(true);
    expect(correctScore.open).toBe(false);
  });

  it('never offers a price above the cap (101.00 by default) nor an outcome fairly above 0.99, in play to the last minute', () => {
    fc.assert(
      fc.property(
        goals,
        goals,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 90 }),
        (home, away, scoreHome, scoreAway, minute) => {
          for (const market of marketBookPrice(soccer(home, away, -0.08, { score: { home: scoreHome, away: scoreAway }, minutesPlayed: minute }))) {
            if (!market.open) continue;
            for (const option of market.options) {
              expect(option.odds).toBeLessThanOrEqual(101_000);
              expect(option.probability).toBeLessThanOrEqual(0.99);
            }
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('closes the late 1X2 whose draw would be priced near 1000 (the +99900 American of the bug), and reopens nothing pre-match', () => {
    const late = marketBookPrice(soccer(1.5, 1.1, -0.08, { score: { home: 3, away: 0 }, minutesPlayed: 89 }));
    const result = marketFind(late, 1005, { period: 1001 });
    // A fair draw here is worth about 1000; the power margin quotes it far lower, but the home side is all but certain.
    expect(1000 / probabilityOf(result, 3)).toBeGreaterThan(101_000);
    expect(probabilityOf(result, 1)).toBeGreaterThan(0.99);
    expect(result.open).toBe(false);
    expect(marketFind(late, 1006).open).toBe(false);
    // Lines chosen near 50/50 stay open: the main total and handicap are still fair bets.
    expect(marketFind(late, 1007).open).toBe(true);
    expect(marketBookPrice(soccer(1.5, 1.1)).every((market) => market.open)).toBe(true);
  });

  it('takes the cap and the threshold from the margins configuration', () => {
    const input = soccer(1.5, 1.1, -0.08, { score: { home: 1, away: 0 }, minutesPlayed: 60 });
    const away = (margins: typeof marketMarginsDefault) => marketFind(marketBookPrice(input, margins), 1005, { period: 1001 });
    const awayOdds = away(marketMarginsDefault).options.find((option) => option.type === 2)!.odds;
    expect(away(marketMarginsDefault).open).toBe(true);
    // A cap just below the away price pulls the market; one just above keeps it.
    expect(away(marketMarginsWith(marketMarginsDefault, { oddsMax: awayOdds / 1000 - 0.5 })).open).toBe(false);
    expect(away(marketMarginsWith(marketMarginsDefault, { oddsMax: awayOdds / 1000 + 0.5 })).open).toBe(true);
    expect(() => marketMarginsWith(marketMarginsDefault, { oddsMax: 1.5 })).toThrow(/oddsMax/);
    expect(() => marketMarginsWith(marketMarginsDefault, { probabilityMax: 0.999 })).toThrow(/probabilityMax/);
    expect(marketMarginsWith(marketMarginsDefault, { probabilityMax: 0.95 }).probabilityMax).toBe(0.95);
  });

  it('leaves out correct scores priced above the cap, "other" included', () => {
    const book = marketBookPrice(soccer(1.4, 1.1, -0.08, { score: { home: 1, away: 2 }, minutesPlayed: 60 }));
    const correct = marketFind(book, 1099);
    expect(correct.open).toBe(true);
    expect(correct.options.length).toBeGreaterThan(2);
    expect(correct.options.every((option) => option.odds <= 101_000)).toBe(true);
  });

  it('quotes the correct scores still worth a price, and "other" for a team above 4 goals', () => {
    const book = marketBookPrice(soccer(1.4, 1.1, -0.08, { score: { home: 1, away: 2 }, minutesPlayed: 60 }), marketMarginsWith(noMargins, { oddsMax: 1000 }));
    const correct = marketFind(book, 1099);
    // Scores below 1 in 500 are left out, so the listed ones and "other" cover nearly all of the mass.
    expect(correct.options.reduce((sum, option) => sum + option.probability, 0)).toBeGreaterThan(0.99);
    expect(correct.options.slice(0, -1).every((option) => option.probability >= 0.002 && option.odds < 1_000_000)).toBe(true);
    expect(correct.options.some((option) => option.type === 100)).toBe(false);
    expect(correct.options.at(-1)?.type).toBe(249);
  });
});

describe('other sports', () => {
  const books: [string, MarketBookInput, number][] = [
    [
      'basketball',
      { sport: 'basketball', league: basketballLeagueNba, home: { offencePoints: 2, defencePoints: -1 }, away: { offencePoints: 0, defencePoints: 1 } },
      3004,
    ],
    ['tennis', { sport: 'tennis', strengths: { home: 0.66, away: 0.6 }, rules: { setsToWin: 2 } }, 5001],
    ['volleyball', { sport: 'volleyball', strengths: { home: 0.42, away: 0.4 } }, 13001],
    ['table tennis', { sport: 'tableTennis', strengths: { home: 0.55, away: 0.52 }, gamesToWin: 3 }, 15001],
  ];

  it.each(books)('%s: a winner summing to 1, handicap and total lines near 50/50, odds within 1.01–1000', (_name, input, winnerType) => {
    const book = marketBookPrice(input);
    const winner = marketFind(book, winnerType);
    expect(probabilityOf(winner, 1) + probabilityOf(winner, 2)).toBeCloseTo(1, 9);
    const types = new Set(book.map((market) => market.type));
    expect(types.size).toBe(4 - (input.sport === 'basketball' ? 1 : 0));
    for (const market of book) {
      for (const option of market.options) {
        expect(option.odds).toBeGreaterThanOrEqual(1010);
        expect(option.odds).toBeLessThanOrEqual(1_000_000);
      }
      if (market.line !== undefined && market.main && market.type % 1000 !== 4) {
        expect(Math.abs(market.options[0]!.probability - 0.5)).toBeLessThan(0.12);
      }
    }
  });

  it.each([
    ['tennis', books[1]![1], 5004],
    ['table tennis', books[3]![1], 15004],
  ] as const)('%s: quotes set handicaps of 1.5 and more only (±0.5 would repeat the winner market)', (_name, input, type) => {
    const lines = marketBookPrice(input)
      .filter((market) => market.type === type)
      .map((market) => market.line!);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => Math.abs(line) >= 1.5 && Math.abs(line % 1) === 0.5)).toBe(true);
  });

  it('basketball: a 15-point lead with a minute left is a near certainty', () => {
    const book = marketBookPrice({
      sport: 'basketball',
      league: basketballLeagueNba,
      home: { offencePoints: 0, defencePoints: 0 },
      away: { offencePoints: 0, defencePoints: 0 },
      live: { score: { home: 100, away: 115 }, minutesPlayed: 47 },
    });
    expect(probabilityOf(marketFind(book, 3004), 2)).toBeGreaterThan(0.99);
  });

  it('tennis: a set and 5-0 up, serving at 40-0, is a near certainty', () => {
    const book = marketBookPrice({
      sport: 'tennis',
      strengths: { home: 0.62, away: 0.62 },
      rules: { setsToWin: 2 },
      live: { setsCompleted: [{ home: 6, away: 3 }], gamesHome: 5, gamesAway: 0, pointsHome: 3, pointsAway: 0, server: 'home' },
    });
    expect(probabilityOf(marketFind(book, 5001), 1)).toBeGreaterThan(0.99);
  });
});

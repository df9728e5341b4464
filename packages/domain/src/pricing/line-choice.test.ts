import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basketballLeagueNba, basketballPointsFinal, basketballPointsModel, basketballTotalProbabilities } from './basketball-points.ts';
import { integerDistributionFromEntries } from './integer-distribution.ts';
import { lineGridAsian, lineGridHalf, lineGridQuarter, lineLadder, lineMainChoose, type LineGrid, type LineMarket } from './line-choice.ts';
import { lineHandicapProbabilities, lineTotalProbabilities } from './line-outcomes.ts';
import { soccerGoalsDifferenceToCome, soccerGoalsTotal, soccerScoreMatrix } from './soccer-goals.ts';

const goalsModel = fc.record({
  goalsExpectedHome: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
  goalsExpectedAway: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
  rho: fc.double({ min: -0.15, max: 0, noNaN: true }),
});
const grid = fc.constantFrom<LineGrid>(lineGridHalf, lineGridQuarter, lineGridAsian);

const firstSide = (distribution: Parameters<typeof lineMainChoose>[0], market: LineMarket, line: number) =>
  market === 'total' ? lineTotalProbabilities(distribution, line).over : lineHandicapProbabilities(distribution, line).home;

describe('lineMainChoose', () => {
  it('puts the reference soccer total (λ 1.5, μ 1.1) at 2.5 on half lines and the handicap at −0.25 on quarters', () => {
    const matrix = soccerScoreMatrix({ goalsExpectedHome: 1.5, goalsExpectedAway: 1.1 });
    expect(lineMainChoose(soccerGoalsTotal(matrix), 'total', lineGridHalf)).toBe(2.5);
    expect(lineMainChoose(soccerGoalsDifferenceToCome(matrix), 'handicap', lineGridQuarter)).toBe(-0.25);
  });

  it('gives two equal soccer teams the level line on the Asian ladder', () => {
    const matrix = soccerScoreMatrix({ goalsExpectedHome: 1.3, goalsExpectedAway: 1.3, rho: -0.1 });
    expect(lineMainChoose(soccerGoalsDifferenceToCome(matrix), 'handicap', lineGridAsian)).toBe(0);
  });

  it('puts an NBA total within a couple of percent of 50/50 on half lines', () => {
    const final = basketballPointsFinal(
      basketballPointsModel({ offencePoints: 3, defencePoints: 1 }, { offencePoints: -2, defencePoints: 0 }, basketballLeagueNba),
    );
    const line = lineMainChoose(final.total, 'total', lineGridHalf);
    expect(Math.abs(basketballTotalProbabilities(final, line).over - 0.5)).toBeLessThan(0.02);
  });

  it('picks the line nearest 50/50 of every line on the grid, for soccer totals and handicaps', () => {
    fc.assert(
      fc.property(goalsModel, grid, fc.constantFrom<LineMarket>('total', 'handicap'), (model, lines, market) => {
        const matrix = soccerScoreMatrix(model);
        const distribution = market === 'total' ? soccerGoalsTotal(matrix) : soccerGoalsDifferenceToCome(matrix);
        const main = lineMainChoose(distribution, market, lines);
        expect(lines).toContain(((main % 1) + 1) % 1);
        const distance = Math.abs(firstSide(distribution, market, main) - 0.5);
        for (let whole = -12; whole <= 12; whole++) {
          for (const fraction of lines) {
            const line = whole + fraction;
            if (market === 'total' && line <= 0) continue;
            expect(distance).toBeLessThanOrEqual(Math.abs(firstSide(distribution, market, line) - 0.5) + 1e-12);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('prefers the half line when two lines are as near 50/50', () => {
    // Every line from 1.5 to 2.5 is exactly 50/50 here (nothing at 2 to split): the half lines win, the smaller first.
    const distribution = integerDistributionFromEntries([
      [1, 0.5],
      [3, 0.5],
    ]);
    expect(lineMainChoose(distribution, 'total', lineGridQuarter)).toBe(1.5);
  });

  it('rejects an empty grid', () => {
    expect(() => lineMainChoose(integerDistributionFromEntries([[1, 1]]), 'total', [])).toThrow(RangeError);
  });
});

describe('lineLadder', () => {
  it('lists lines around the main one, lowest first', () => {
    expect(lineLadder(2.5, 'total', 2)).toEqual([0.5, 1.5, 2.5, 3.5, 4.5]);
    expect(lineLadder(-0.25, 'handicap', 2, 0.5)).toEqual([-1.25, -0.75, -0.25, 0.25, 0.75]);
  });

  it('keeps totals above 0', () => {
    expect(lineLadder(1.5, 'total', 2)).toEqual([0.5, 1.5, 2.5, 3.5]);
  });
});

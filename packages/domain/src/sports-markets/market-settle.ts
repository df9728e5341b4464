import type { LegOutcome } from '../settlement/leg-outcome.ts';
import { legSettle, type Score } from '../settlement/leg-settle.ts';
import { lineQuarters } from '../settlement/line-quarters.ts';
import { correctScoreGoalsMax, correctScoreOfType, marketPeriods, marketTypeInfo, selectionTypes, type MarketType } from './market-codes.ts';

/**
 * Settles one option of a quoted market from a finished match (reference/betting.md §3 for lines): the same
 * market keys and selection types `marketBookPrice` quotes, read against the final and per-period scores.
 */

export interface MatchFinalScores {
  /** Goals or points; sets (or table-tennis games) won in tennis, volleyball and table tennis. */
  readonly score: Score;
  /** Per period: soccer halves (1002, 1003), basketball quarters and OT, sets with their games or points. */
  readonly periodScores: readonly { readonly periodCode: number; readonly home: number; readonly away: number }[];
}

export interface OptionToSettle {
  readonly type: MarketType;
  readonly period: number;
  /** The option's selection type `ty`. */
  readonly selection: number;
  /** The option's own line (signed for handicaps), as quoted. */
  readonly line: number | undefined;
  /** For an Asian handicap bet placed in play: the score when it was accepted (later goals only count). */
  readonly scoreAtBet?: Score;
}

function unitsOf(result: MatchFinalScores, sportCode: number): Score {
  // Sets and games of a series sport are under codes sport·1000 + 2 …; the match code (sport·1000 + 1) is not one.
  let home = 0;
  let away = 0;
  for (const period of result.periodScores) {
    if (period.periodCode > sportCode + 1 && period.periodCode < sportCode + 11) {
      home += period.home;
      away += period.away;
    }
  }
  return { home, away };
}

function lineOf(option: OptionToSettle): number {
  if (option.line === undefined) throw new RangeError(`market ${option.type} needs a line`);
  return option.line;
}

function sideOf(selection: number): 'home' | 'away' {
  if (selection === selectionTypes.home) return 'home';
  if (selection === selectionTypes.away) return 'away';
  throw new RangeError(`selection ${selection} is not a side`);
}

/** The outcome of one option; throws for a selection the market does not quote. */
export function marketOptionSettle(option: OptionToSettle, result: MatchFinalScores): LegOutcome {
  const info = marketTypeInfo[option.type];
  const sportCode = Math.floor(option.type / 1000) * 1000;
  const isFirstHalf = option.type === 1005 && option.period === marketPeriods.soccerFirstHalf;
  const firstHalf = result.periodScores.find((period) => period.periodCode === marketPeriods.soccerFirstHalf) ?? { home: 0, away: 0 };
  const score: Score = isFirstHalf ? { home: firstHalf.home, away: firstHalf.away } : info.counts === 'units' ? unitsOf(result, sportCode) : result.score;
  const { selection } = option;
  switch (info.kind) {
    case 'result':
    case 'halfTimeResult': {
      const pick = selection === selectionTypes.draw ? 'draw' : sideOf(selection);
      return legSettle({ type: 'matchResult', pick }, score);
    }
    case 'handicap':
    case 'setHandicap':
      return legSettle(
        {
          type: 'asianHandicap',
          pick: sideOf(selection),
          lineQuarters: lineQuarters(lineOf(option) * 4),
          scoreAtBet: option.type === 1000 && option.scoreAtBet ? option.scoreAtBet : null,
        },
        score,
      );
    case 'total': {
      if (selection !== selectionTypes.over && selection !== selectionTypes.under) throw new RangeError(`selection ${selection} is not over or under`);
      return legSettle({ type: 'total', pick: selection === selectionTypes.over ? 'over' : 'under', lineQuarters: lineQuarters(lineOf(option) * 4) }, score);
    }
    case 'bothTeamsToScore': {
      const both = score.home > 0 && score.away > 0;
      if (selection === selectionTypes.yes) return both ? 'won' : 'lost';
      if (selection === selectionTypes.no) return both ? 'lost' : 'won';
      throw new RangeError(`selection ${selection} is not yes or no`);
    }
    case 'doubleChance': {
      const outcome = score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'draw';
      const covers: Record<number, readonly string[]> = {
        [selectionTypes.homeOrDraw]: ['home', 'draw'],
        [selectionTypes.homeOrAway]: ['home', 'away'],
        [selectionTypes.drawOrAway]: ['draw', 'away'],
      };
      const covered = covers[selection];
      if (!covered) throw new RangeError(`selection ${selection} is not a double chance`);
      return covered.includes(outcome) ? 'won' : 'lost';
    }
    case 'drawNoBet': {
      if (score.home === score.away) return 'push';
      return (score.home > score.away ? 'home' : 'away') === sideOf(selection) ? 'won' : 'lost';
    }
    case 'correctScore': {
      if (selection === selectionTypes.correctScoreOther) return score.home > correctScoreGoalsMax || score.away > correctScoreGoalsMax ? 'won' : 'lost';
      const named = correctScoreOfType(selection);
      if (!named) throw new RangeError(`selection ${selection} is not a correct score`);
      return named.home === score.home && named.away === score.away ? 'won' : 'lost';
    }
  }
}

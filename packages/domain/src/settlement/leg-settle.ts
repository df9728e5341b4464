import { type LegOutcome } from './leg-outcome.ts';
import { type LineQuarters } from './line-quarters.ts';

/** Goals (or points) of each side. */
export interface Score {
  home: number;
  away: number;
}

/**
 * The markets settled from a final score. `lineQuarters` is the line of the picked option in quarters; for a
 * handicap it is added to the picked side's score (home −0.75 is `{ pick: 'home', lineQuarters: −3 }`, and the
 * away option of that market is `{ pick: 'away', lineQuarters: 3 }`).
 */
export type LegMarket =
  | { type: 'matchResult'; pick: 'home' | 'draw' | 'away' }
  | { type: 'total'; pick: 'over' | 'under'; lineQuarters: LineQuarters }
  | {
      type: 'asianHandicap';
      pick: 'home' | 'away';
      lineQuarters: LineQuarters;
      /** For a bet placed in play, the score when it was accepted: live handicaps count only later goals (betting.md §3). */
      scoreAtBet: Score | null;
    };

/**
 * Settles a leg from the final score (betting.md §3). A cancelled or abandoned match is decided by its status,
 * not its score, so it never reaches here: such legs are `void`.
 */
export function legSettle(market: LegMarket, finalScore: Score): LegOutcome {
  scoreAssert(finalScore);
  switch (market.type) {
    case 'matchResult': {
      const result = finalScore.home > finalScore.away ? 'home' : finalScore.home < finalScore.away ? 'away' : 'draw';
      return result === market.pick ? 'won' : 'lost';
    }
    case 'total': {
      const goalsQuarters = 4 * (finalScore.home + finalScore.away);
      return marginSettle(market.pick === 'over' ? goalsQuarters - market.lineQuarters : market.lineQuarters - goalsQuarters);
    }
    case 'asianHandicap': {
      const counted = market.scoreAtBet ? scoreSince(finalScore, market.scoreAtBet) : finalScore;
      const lead = market.pick === 'home' ? counted.home - counted.away : counted.away - counted.home;
      return marginSettle(4 * lead + market.lineQuarters);
    }
  }
}

/**
 * The outcome for a margin over the line, in quarters (positive: the pick beat the line). On a quarter line
 * (an odd margin) half the stake goes on each neighbouring line, a quarter either side, and the halves combine:
 * won + push is half won, push + lost is half lost (betting.md §3).
 */
function marginSettle(marginQuarters: number): LegOutcome {
  if (marginQuarters % 2 === 0) return marginQuarters > 0 ? 'won' : marginQuarters < 0 ? 'lost' : 'push';
  const lower = marginSettle(marginQuarters - 1);
  const upper = marginSettle(marginQuarters + 1);
  if (lower === upper) return lower;
  return lower === 'push' ? 'halfWon' : 'halfLost';
}

function scoreSince(finalScore: Score, scoreAtBet: Score): Score {
  scoreAssert(scoreAtBet);
  const since = { home: finalScore.home - scoreAtBet.home, away: finalScore.away - scoreAtBet.away };
  if (since.home < 0 || since.away < 0) {
    throw new RangeError(`the final score ${finalScore.home}-${finalScore.away} is below the score at bet time ${scoreAtBet.home}-${scoreAtBet.away}`);
  }
  return since;
}

function scoreAssert(score: Score): void {
  if (!Number.isSafeInteger(score.home) || !Number.isSafeInteger(score.away) || score.home < 0 || score.away < 0) {
    throw new RangeError(`a score is two non-negative integers, got ${score.home}-${score.away}`);
  }
}

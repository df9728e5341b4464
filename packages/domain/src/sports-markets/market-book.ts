import type { OddsThousandths } from '../odds/odds-format.ts';
import {
  basketballPointsFinal,
  basketballPointsModel,
  basketballWinnerProbabilities,
  type BasketballGameState,
  type BasketballLeague,
  type BasketballTeamRating,
} from '../pricing/basketball-points.ts';
import { integerDistributionMixture, type IntegerDistribution } from '../pricing/integer-distribution.ts';
import { lineGridAsian, lineGridHalf, lineLadder, lineMainChoose, type LineGrid, type LineMarket } from '../pricing/line-choice.ts';
import { lineHandicapProbabilities, lineTotalProbabilities } from '../pricing/line-outcomes.ts';
import { oddsWithMargin, oddsWithMarginOfSelection } from '../pricing/margin.ts';
import type { SeriesOutlook, ServeStrengths } from '../pricing/point-markov.ts';
import {
  soccerBothTeamsToScoreProbabilities,
  soccerCorrectScoreProbabilities,
  soccerDoubleChanceProbabilities,
  soccerDrawNoBetProbabilities,
  soccerGoalsDifferenceToCome,
  soccerGoalsTotal,
  soccerResultProbabilities,
  soccerScoreMatrix,
  soccerScoreMatrixHalfTime,
  soccerScoreMatrixInPlay,
  type SoccerGoalsModel,
  type SoccerScore,
} from '../pricing/soccer-goals.ts';
import { tableTennisMatchOutlook, tableTennisScoreStart, type TableTennisScore } from '../pricing/table-tennis-points.ts';
import { tennisMatchOutlook, tennisScoreStart, type TennisRules, type TennisScore } from '../pricing/tennis-points.ts';
import { volleyballMatchOutlook, volleyballScoreStart, type VolleyballScore } from '../pricing/volleyball-points.ts';
import {
  correctScoreGoalsMax,
  correctScoreType,
  marketPeriods,
  marketTypeInfo,
  marketTypes,
  selectionTypes,
  type MarketKind,
  type MarketType,
} from './market-codes.ts';
import { marketMargin, marketMarginsDefault, marketOfferable, oddsWithinCap, type MarketMargins } from './market-margins.ts';

/**
 * Every market the feed quotes for one match, priced from the sport's model and the score (reference/betting.md
 * §1 codes, §5 pricing): fair probabilities from `pricing/`, the margin of the market's kind (more in play), lines
 * chosen near 50/50 with a short ladder around them. Pure: the same input always gives the same book.
 */

export interface PricedOption {
  /** Selection type `ty` (1 home, 2 away, 3 draw, 4 over, 5 under, 8 yes, 9 no, 10–12 double chance, 100–249 scores). */
  readonly type: number;
  /** The option's own line: signed for handicaps (home −0.25, away +0.25), the total for over/under. */
  readonly line: number | undefined;
  /** Fair (margin-free) price-equivalent probability. */
  readonly probability: number;
  readonly odds: OddsThousandths;
}

export interface PricedMarket {
  readonly type: MarketType;
  readonly period: number;
  /** Handicap given to home, or the total; undefined for markets without a line. */
  readonly line: number | undefined;
  /** True for the line nearest 50/50 of a laddered market (and for every market without a line). */
  readonly main: boolean;
  /**
   * False when the market is pulled (`marketOfferable`): an outcome is all but decided or a price would pass the
   * cap. It is kept so its id quotes `closed`; its options keep their probabilities but must not be offered.
   */
  readonly open: boolean;
  readonly options: readonly PricedOption[];
}

/** A match to price: its model, and while it is live the state of play. Absent state means before the start. */
export type MarketBookInput =
  | { readonly sport: 'soccer'; readonly model: SoccerGoalsModel; readonly live?: { readonly score: SoccerScore; readonly minutesPlayed: number } }
  | {
      readonly sport: 'basketball';
      readonly league: BasketballLeague;
      readonly home: BasketballTeamRating;
      readonly away: BasketballTeamRating;
      readonly live?: BasketballGameState;
    }
  | { readonly sport: 'tennis'; readonly strengths: ServeStrengths; readonly rules: TennisRules; readonly live?: TennisScore }
  | { readonly sport: 'volleyball'; readonly strengths: ServeStrengths; readonly live?: VolleyballScore }
  | { readonly sport: 'tableTennis'; readonly strengths: ServeStrengths; readonly gamesToWin: 3 | 4; readonly live?: TableTennisScore };

/** Correct scores less likely than this are left out of the market. */
const correctScoreProbabilityMin = 0.002;
/** A ladder line is quoted only while both its sides are at least this likely; the main line always is. */
const ladderSideProbabilityMin = 0.03;

interface Pricing {
  readonly margins: MarketMargins;
  readonly inPlay: boolean;
}

function marginOf(pricing: Pricing, kind: MarketKind): number {
  return marketMargin(pricing.margins, kind, pricing.inPlay);
}

function marketPrice(
  pricing: Pricing,
  kind: MarketKind,
  market: { type: MarketType; period: number; line: number | undefined; main?: boolean },
  selections: readonly { type: number; probability: number; line?: number }[],
): PricedMarket {
  const margin = marginOf(pricing, kind);
  const probabilities = selections.map((selection) => selection.probability);
  const odds = oddsWithMargin(probabilities, margin);
  return {
    type: market.type,
    period: market.period,
    line: market.line,
    main: market.main ?? true,
    open: marketOfferable(pricing.margins, probabilities, odds),
    options: selections.map((selection, index) => ({ type: selection.type, line: selection.line, probability: selection.probability, odds: odds[index]! })),
  };
}

/** The main line on `grid` and `count` lines of `step` either side, keeping ladder lines with both sides ≥ 3 %. */
function lineMarketsPrice(
  pricing: Pricing,
  type: MarketType,
  period: number,
  distribution: IntegerDistribution,
  market: LineMarket,
  ladder: { grid: LineGrid; count: number; step: number },
): PricedMarket[] {
  const kind = marketTypeInfo[type].kind;
  const lineMain = lineMainChoose(distribution, market, ladder.grid);
  const markets: PricedMarket[] = [];
  for (const line of lineLadder(lineMain, market, ladder.count, ladder.step)) {
    const main = line === lineMain;
    if (market === 'total') {
      const { over, under } = lineTotalProbabilities(distribution, line);
      if (!main && Math.min(over, under) < ladderSideProbabilityMin) continue;
      markets.push(
        marketPrice(pricing, kind, { type, period, line, main }, [
          { type: selectionTypes.over, probability: over, line },
          { type: selectionTypes.under, probability: under, line },
        ]),
      );
    } else {
      const { home, away } = lineHandicapProbabilities(distribution, line);
      if (!main && Math.min(home, away) < ladderSideProbabilityMin) continue;
      markets.push(
        marketPrice(pricing, kind, { type, period, line, main }, [
          { type: selectionTypes.home, probability: home, line },
          { type: selectionTypes.away, probability: away, line: line === 0 ? 0 : -line },
        ]),
      );
    }
  }
  // Main line first, then the ladder from the lowest line up.
  return markets.sort((left, right) => Number(right.main) - Number(left.main) || (left.line ?? 0) - (right.line ?? 0));
}

function soccerBook(input: Extract<MarketBookInput, { sport: 'soccer' }>, pricing: Pricing): PricedMarket[] {
  const { model, live } = input;
  const period = marketPeriods.soccerMatch;
  const matrix = live ? soccerScoreMatrixInPlay(model, live.score, live.minutesPlayed) : soccerScoreMatrix(model);
  const result = soccerResultProbabilities(matrix);
  const markets: PricedMarket[] = [
    marketPrice(pricing, 'result', { type: marketTypes.soccer1x2, period, line: undefined }, [
      { type: selectionTypes.home, probability: result.home },
      { type: selectionTypes.draw, probability: result.draw },
      { type: selectionTypes.away, probability: result.away },
    ]),
  ];
  // Half-time 1X2 is quoted until the break; from minute 45 its result is known.
  if (!live || live.minutesPlayed < 45) {
    const halfTime = soccerResultProbabilities(soccerScoreMatrixHalfTime(model, live ? { score: live.score, minutesPlayed: live.minutesPlayed } : undefined));
    markets.push(
      marketPrice(pricing, 'halfTimeResult', { type: marketTypes.soccer1x2, period: marketPeriods.soccerFirstHalf, line: undefined }, [
        { type: selectionTypes.home, probability: halfTime.home },
        { type: selectionTypes.draw, probability: halfTime.draw },
        { type: selectionTypes.away, probability: halfTime.away },
      ]),
    );
  }
  markets.push(
    ...lineMarketsPrice(pricing, marketTypes.soccerAsianHandicap, period, soccerGoalsDifferenceToCome(matrix), 'handicap', {
      grid: lineGridAsian,
      count: 2,
      step: 0.25,
    }),
    ...lineMarketsPrice(pricing, marketTypes.soccerOverUnder, period, soccerGoalsTotal(matrix), 'total', { grid: lineGridAsian, count: 2, step: 1 }),
  );
  const bothScore = soccerBothTeamsToScoreProbabilities(matrix);
  markets.push(
    marketPrice(pricing, 'bothTeamsToScore', { type: marketTypes.soccerBothTeamsToScore, period, line: undefined }, [
      { type: selectionTypes.yes, probability: bothScore.yes },
      { type: selectionTypes.no, probability: bothScore.no },
    ]),
  );
  const doubleChance = soccerDoubleChanceProbabilities(matrix);
  const doubleChanceMargin = marginOf(pricing, 'doubleChance');
  const doubleChanceOptions = [
    { type: selectionTypes.homeOrDraw, probability: doubleChance.homeOrDraw },
    { type: selectionTypes.homeOrAway, probability: doubleChance.homeOrAway },
    { type: selectionTypes.drawOrAway, probability: doubleChance.drawOrAway },
  ].map((selection) => ({ ...selection, line: undefined, odds: oddsWithMarginOfSelection(selection.probability, doubleChanceMargin) }));
  markets.push({
    type: marketTypes.soccerDoubleChance,
    period,
    line: undefined,
    main: true,
    open: marketOfferable(
      pricing.margins,
      doubleChanceOptions.map((option) => option.probability),
      doubleChanceOptions.map((option) => option.odds),
    ),
    options: doubleChanceOptions,
  });
  if (result.home + result.away > 0) {
    const drawNoBet = soccerDrawNoBetProbabilities(matrix);
    markets.push(
      marketPrice(pricing, 'drawNoBet', { type: marketTypes.soccerDrawNoBet, period, line: undefined }, [
        { type: selectionTypes.home, probability: drawNoBet.home },
        { type: selectionTypes.away, probability: drawNoBet.away },
      ]),
    );
  }
  // Correct score: every score up to 4-4 that is still possible, and "other" for any score with a team above 4.
  // Selections are priced one by one (like double chance) because impossible scores are left out.
  const correctScoreMargin = marginOf(pricing, 'correctScore');
  let other = 0;
  let likeliest = 0;
  const scores: PricedOption[] = [];
  // Scores below 1 in 500, or whose price would pass the cap, are not offered.
  const offered = (probability: number) => probability >= correctScoreProbabilityMin && oddsWithinCap(pricing.margins, correctScoreMargin, probability);
  for (const score of soccerCorrectScoreProbabilities(matrix, Number.MAX_SAFE_INTEGER).scores) {
    likeliest = Math.max(likeliest, score.probability);
    if (score.home > correctScoreGoalsMax || score.away > correctScoreGoalsMax) other += score.probability;
    else if (offered(score.probability)) {
      const type = correctScoreType(score.home, score.away);
      scores.push({ type, line: undefined, probability: score.probability, odds: oddsWithMarginOfSelection(score.probability, correctScoreMargin) });
    }
  }
  scores.sort((left, right) => left.type - right.type);
  if (offered(other)) {
    scores.push({ type: selectionTypes.correctScoreOther, line: undefined, probability: other, odds: oddsWithMarginOfSelection(other, correctScoreMargin) });
  }
  // Pulled like any market once one outcome is all but certain — a score, or "other" (late, with a team already on
  // four goals, nearly every way on is "other") — or when fewer than two scores are worth a price.
  const correctScoreOpen = Math.max(likeliest, other) <= pricing.margins.probabilityMax && scores.length >= 2;
  markets.push({ type: marketTypes.soccerCorrectScore, period, line: undefined, main: true, open: correctScoreOpen, options: scores });
  return markets;
}

function basketballBook(input: Extract<MarketBookInput, { sport: 'basketball' }>, pricing: Pricing): PricedMarket[] {
  const model = basketballPointsModel(input.home, input.away, input.league);
  const final = basketballPointsFinal(model, input.live);
  const period = marketPeriods.basketballMatch;
  const winner = basketballWinnerProbabilities(final);
  return [
    marketPrice(pricing, 'result', { type: marketTypes.basketballWinner, period, line: undefined }, [
      { type: selectionTypes.home, probability: winner.home },
      { type: selectionTypes.away, probability: winner.away },
    ]),
    ...lineMarketsPrice(pricing, marketTypes.basketballHandicap, period, final.margin, 'handicap', { grid: lineGridHalf, count: 2, step: 2 }),
    ...lineMarketsPrice(pricing, marketTypes.basketballTotal, period, final.total, 'total', { grid: lineGridHalf, count: 2, step: 3 }),
  ];
}

/**
 * Set (or game) handicap. A series never ends level, so ±0.5 is the winner market again: only lines of 1.5 and more
 * are quoted, those with both sides at least 3 % likely, the one nearest 50/50 marked main and listed first.
 */
function segmentHandicapMarketsPrice(pricing: Pricing, type: MarketType, period: number, difference: IntegerDistribution): PricedMarket[] {
  const reach = Math.max(Math.abs(difference.valueMin), Math.abs(difference.valueMin + difference.probabilities.length - 1));
  const priced: { line: number; home: number; away: number }[] = [];
  for (let whole = -reach; whole < reach; whole++) {
    const line = whole + 0.5;
    if (Math.abs(line) < 1.5) continue;
    const { home, away } = lineHandicapProbabilities(difference, line);
    if (Math.min(home, away) >= ladderSideProbabilityMin) priced.push({ line, home, away });
  }
  if (priced.length === 0) return [];
  const mainLine = priced.reduce((best, candidate) => (Math.abs(candidate.home - 0.5) < Math.abs(best.home - 0.5) ? candidate : best)).line;
  return priced
    .map(({ line, home, away }) =>
      marketPrice(pricing, marketTypeInfo[type].kind, { type, period, line, main: line === mainLine }, [
        { type: selectionTypes.home, probability: home, line },
        { type: selectionTypes.away, probability: away, line: -line },
      ]),
    )
    .sort((left, right) => Number(right.main) - Number(left.main) || (left.line ?? 0) - (right.line ?? 0));
}

/** Winner, unit handicap, unit total and segment handicap of a series sport (tennis, volleyball, table tennis). */
function seriesBook(
  outlook: SeriesOutlook,
  pricing: Pricing,
  types: { winner: MarketType; unitsHandicap: MarketType; unitsTotal: MarketType; segmentsHandicap: MarketType },
  period: number,
  unitStep: { handicap: number; total: number },
): PricedMarket[] {
  return [
    marketPrice(pricing, 'result', { type: types.winner, period, line: undefined }, [
      { type: selectionTypes.home, probability: outlook.winHome },
      { type: selectionTypes.away, probability: 1 - outlook.winHome },
    ]),
    ...segmentHandicapMarketsPrice(pricing, types.segmentsHandicap, period, outlook.segmentsDifference),
    ...lineMarketsPrice(pricing, types.unitsHandicap, period, outlook.unitsDifference, 'handicap', { grid: lineGridHalf, count: 2, step: unitStep.handicap }),
    ...lineMarketsPrice(pricing, types.unitsTotal, period, outlook.unitsTotal, 'total', { grid: lineGridHalf, count: 2, step: unitStep.total }),
  ];
}

/** Before the toss either player may serve first: the outlook is the even mixture of both. */
function outlookTossMix(first: SeriesOutlook, second: SeriesOutlook): SeriesOutlook {
  const mix = (left: IntegerDistribution, right: IntegerDistribution) =>
    integerDistributionMixture([
      { distribution: left, weight: 0.5 },
      { distribution: right, weight: 0.5 },
    ]);
  const scores = new Map<string, { home: number; away: number; probability: number }>();
  for (const score of [...first.segmentScores, ...second.segmentScores]) {
    const key = `${score.home}-${score.away}`;
    const entry = scores.get(key) ?? { home: score.home, away: score.away, probability: 0 };
    scores.set(key, { ...entry, probability: entry.probability + score.probability / 2 });
  }
  return {
    winHome: (first.winHome + second.winHome) / 2,
    segmentScores: [...scores.values()].sort((left, right) => right.probability - left.probability),
    segmentsDifference: mix(first.segmentsDifference, second.segmentsDifference),
    unitsTotal: mix(first.unitsTotal, second.unitsTotal),
    unitsDifference: mix(first.unitsDifference, second.unitsDifference),
  };
}

/** Prices every market of one match; `margins` defaults to `marketMarginsDefault`. */
export function marketBookPrice(input: MarketBookInput, margins: MarketMargins = marketMarginsDefault): PricedMarket[] {
  const pricing: Pricing = { margins, inPlay: input.live !== undefined };
  switch (input.sport) {
    case 'soccer':
      return soccerBook(input, pricing);
    case 'basketball':
      return basketballBook(input, pricing);
    case 'tennis': {
      const outlook = input.live
        ? tennisMatchOutlook(input.strengths, input.live, input.rules)
        : outlookTossMix(
            tennisMatchOutlook(input.strengths, tennisScoreStart('home'), input.rules),
            tennisMatchOutlook(input.strengths, tennisScoreStart('away'), input.rules),
          );
      const types = { winner: 5001, unitsHandicap: 5002, unitsTotal: 5003, segmentsHandicap: 5004 } as const;
      return seriesBook(outlook, pricing, types, marketPeriods.tennisMatch, { handicap: 1, total: 1 });
    }
    case 'volleyball': {
      const outlook = volleyballMatchOutlook(input.strengths, input.live ?? volleyballScoreStart);
      const types = { winner: 13001, unitsHandicap: 13002, unitsTotal: 13003, segmentsHandicap: 13004 } as const;
      return seriesBook(outlook, pricing, types, marketPeriods.volleyballMatch, { handicap: 2, total: 3 });
    }
    case 'tableTennis': {
      const outlook = tableTennisMatchOutlook(input.strengths, input.live ?? tableTennisScoreStart, input.gamesToWin);
      const types = { winner: 15001, unitsHandicap: 15002, unitsTotal: 15003, segmentsHandicap: 15004 } as const;
      return seriesBook(outlook, pricing, types, marketPeriods.tableTennisMatch, { handicap: 2, total: 3 });
    }
  }
}

import { basketballPointsModel, soccerFirstHalfGoalsShare, type Side } from '@piranha/domain';
import type { Fixture } from './fixture-generator.ts';
import { rallyPointPlay, rallySetsWon, rallyStateStart, type RallyState } from './rally-simulation.ts';
import { seededRandom, seedMix, type SeededRandom } from './seeded-random.ts';
import type { FeedMatch, MatchClock, MatchStatus, PeriodScore } from './sports-feed.ts';

/**
 * Plays one match in simulated time. The match advances in whole simulated seconds from its start, each second
 * drawing from the match's own seeded stream, so the result depends only on the seed and how far the match has
 * run — never on how the caller slices time into ticks. The feed maps wall-clock time to simulated time with its
 * speed factor (`simulatedTimeMs`).
 */

/**
 * Wall-clock time mapped to simulated time: `speedFactor` simulated seconds pass per real second along the line
 * through `origin` (a new feed's start, where both are the same instant, or the point a stored feed last reached).
 */
export function simulatedTimeMs(origin: { readonly wallMs: number; readonly simulatedMs: number }, wallNowMs: number, speedFactor: number): number {
  return origin.simulatedMs + (wallNowMs - origin.wallMs) * speedFactor;
}

const soccerHalfSeconds = 45 * 60;
const soccerHalfTimeSeconds = 15 * 60;
/** Markets stay suspended this long after a goal, then reopen re-priced. */
const soccerGoalSuspensionSeconds = 60;
const basketballBreakSeconds = 2 * 60;
const basketballHalfTimeSeconds = 15 * 60;
/** A basket of 2 points is most common; 3 and 1 (a free throw) make up the rest, 2.2 points per basket on average. */
const basketballPointsPerBasket = 2.2;
const rallySuspensionSeconds = 15;
/** Seconds between points, and the break between sets, per sport. */
const rallyTiming = { tennis: { point: 40, setBreak: 120 }, volleyball: { point: 22, setBreak: 180 }, tableTennis: { point: 12, setBreak: 60 } };

export type Phase =
  | { readonly kind: 'play'; readonly period: number; readonly endsAt: number; readonly injuryMinutes?: number }
  | { readonly kind: 'break'; readonly endsAt: number };

export interface MatchSimulation {
  readonly fixture: Fixture;
  readonly random: SeededRandom;
  /** Simulated seconds played since the start time. */
  secondsRun: number;
  status: MatchStatus;
  endedAtMs: number | undefined;
  score: { home: number; away: number };
  periodScores: PeriodScore[];
  clock: MatchClock;
  suspendedUntilSecond: number;
  /** Soccer and basketball: the play or break in progress and when it ends (in `secondsRun`). */
  phase: Phase;
  rally: RallyState | undefined;
  basketballPointsPerSecond: { home: number; away: number };
  basketballPeriodsPlayed: number;
}

export function matchSimulationCreate(fixture: Fixture, seed: number): MatchSimulation {
  const random = seededRandom(seedMix(seed, fixture.id));
  const { model } = fixture;
  const rally =
    model.sport === 'tennis'
      ? rallyStateStart('tennis', model.strengths, model.rules.setsToWin, random.next() < 0.5 ? 'home' : 'away')
      : model.sport === 'volleyball'
        ? rallyStateStart('volleyball', model.strengths, 3, random.next() < 0.5 ? 'home' : 'away')
        : model.sport === 'tableTennis'
          ? rallyStateStart('tableTennis', model.strengths, model.gamesToWin, random.next() < 0.5 ? 'home' : 'away')
          : undefined;
  return {
    fixture,
    random,
    secondsRun: 0,
    status: 'notStarted',
    endedAtMs: undefined,
    score: { home: 0, away: 0 },
    periodScores: [],
    clock: { seconds: 0, running: false, direction: model.sport === 'basketball' ? 'down' : 'up', periodCode: fixture.sportId * 1000 + 1, injuryMinutes: 0 },
    suspendedUntilSecond: 0,
    phase: { kind: 'break', endsAt: 0 },
    rally,
    basketballPointsPerSecond: { home: 0, away: 0 },
    basketballPeriodsPlayed: 0,
  };
}

/**
 * A match in play or ended, as stored: everything `MatchSimulation` holds except its fixture (stored apart) and its
 * random stream, kept as the stream's state. Plain JSON, so the store can keep it as it is.
 */
export interface MatchSimulationSaved {
  readonly randomState: number;
  readonly secondsRun: number;
  readonly status: MatchStatus;
  readonly endedAtMs: number | null;
  readonly score: { home: number; away: number };
  readonly periodScores: PeriodScore[];
  readonly clock: MatchClock;
  readonly suspendedUntilSecond: number;
  readonly phase: Phase;
  readonly rally: RallyState | null;
  readonly basketballPointsPerSecond: { home: number; away: number };
  readonly basketballPeriodsPlayed: number;
}

/**
 * The match as the store keeps it: a deep copy, as the simulation goes on changing its own objects. A JSON round
 * trip, since the state is plain data and the store keeps it as JSON: what is restored is what was stored. About
 * 30–50 µs a match on this machine; a tick with 500 live matches saves about 20.
 */
export function matchSimulationSave(simulation: MatchSimulation): MatchSimulationSaved {
  const copy = jsonCopy({
    secondsRun: simulation.secondsRun,
    status: simulation.status,
    endedAtMs: simulation.endedAtMs ?? null,
    score: simulation.score,
    periodScores: simulation.periodScores,
    clock: simulation.clock,
    suspendedUntilSecond: simulation.suspendedUntilSecond,
    phase: simulation.phase,
    rally: simulation.rally ?? null,
    basketballPointsPerSecond: simulation.basketballPointsPerSecond,
    basketballPeriodsPlayed: simulation.basketballPeriodsPlayed,
  });
  return { randomState: simulation.random.state(), ...copy };
}

/**
 * The match again from what the store kept: it goes on from its stored clock and score with the same random stream,
 * so from there it plays exactly as it would have without the restart.
 */
export function matchSimulationRestore(fixture: Fixture, saved: MatchSimulationSaved): MatchSimulation {
  const copy = jsonCopy(saved);
  const rally = copy.rally ? { ...copy.rally, winner: copy.rally.winner ?? undefined } : undefined;
  return {
    fixture,
    random: seededRandom(copy.randomState),
    secondsRun: copy.secondsRun,
    status: copy.status,
    endedAtMs: copy.endedAtMs ?? undefined,
    score: copy.score,
    periodScores: copy.periodScores,
    clock: copy.clock,
    suspendedUntilSecond: copy.suspendedUntilSecond,
    phase: copy.phase,
    rally,
    basketballPointsPerSecond: copy.basketballPointsPerSecond,
    basketballPeriodsPlayed: copy.basketballPeriodsPlayed,
  };
}

function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Runs the match up to simulated time `simulatedNowMs` (never backwards) and answers its state. */
export function matchSimulationAdvance(simulation: MatchSimulation, simulatedNowMs: number): FeedMatch {
  const target = Math.floor((simulatedNowMs - simulation.fixture.startsAtMs) / 1000);
  while (simulation.status !== 'ended' && simulation.secondsRun < target) {
    if (simulation.status === 'notStarted') matchStart(simulation);
    secondPlay(simulation);
    simulation.secondsRun += 1;
  }
  return matchView(simulation);
}

export function matchView(simulation: MatchSimulation): FeedMatch {
  const { fixture } = simulation;
  return {
    id: fixture.id,
    sportId: fixture.sportId,
    league: fixture.league,
    home: fixture.home,
    away: fixture.away,
    startsAtMs: fixture.startsAtMs,
    status: simulation.status,
    clock: simulation.clock,
    score: { ...simulation.score },
    periodScores: simulation.periodScores.map((period) => ({ ...period })),
    marketsSuspended: simulation.status === 'live' && simulation.secondsRun < simulation.suspendedUntilSecond,
    featured: fixture.featured,
    model: fixture.model,
    ...(simulation.rally && simulation.status === 'live'
      ? { rally: { pointsHome: simulation.rally.points.home, pointsAway: simulation.rally.points.away, server: simulation.rally.server } }
      : {}),
  };
}

function matchStart(simulation: MatchSimulation): void {
  simulation.status = 'live';
  const { model, sportId } = simulation.fixture;
  if (model.sport === 'soccer') {
    const injuryMinutes = stoppageMinutes(simulation, 1);
    simulation.phase = { kind: 'play', period: 1, endsAt: soccerHalfSeconds + injuryMinutes * 60, injuryMinutes };
    simulation.clock = { ...simulation.clock, running: true, periodCode: 1002 };
  } else if (model.sport === 'basketball') {
    const quarterSeconds = basketballQuarterSeconds(simulation);
    const points = basketballPointsModel(model.home, model.away, model.league);
    simulation.basketballPointsPerSecond = {
      home: (points.totalMeanPerMinute + points.marginMeanPerMinute) / 2 / 60,
      away: (points.totalMeanPerMinute - points.marginMeanPerMinute) / 2 / 60,
    };
    simulation.phase = { kind: 'play', period: 1, endsAt: quarterSeconds };
    simulation.clock = { ...simulation.clock, seconds: quarterSeconds, running: true, periodCode: 3005 };
  } else {
    simulation.phase = { kind: 'play', period: 1, endsAt: rallyTimingOf(simulation).point };
    simulation.clock = { ...simulation.clock, running: true, periodCode: sportId * 1000 + 2 };
  }
}

function stoppageMinutes(simulation: MatchSimulation, half: 1 | 2): number {
  return half === 1 ? simulation.random.integer(0, 4) : simulation.random.integer(1, 6);
}

function secondPlay(simulation: MatchSimulation): void {
  switch (simulation.fixture.model.sport) {
    case 'soccer':
      return soccerSecondPlay(simulation, simulation.fixture.model);
    case 'basketball':
      return basketballSecondPlay(simulation, simulation.fixture.model);
    case 'tennis':
    case 'volleyball':
    case 'tableTennis':
      return rallySecondPlay(simulation);
  }
}

function matchEnd(simulation: MatchSimulation, periodCode: number): void {
  simulation.status = 'ended';
  simulation.endedAtMs = simulation.fixture.startsAtMs + (simulation.secondsRun + 1) * 1000;
  simulation.clock = { ...simulation.clock, running: false, periodCode };
}

function periodScoreAdd(simulation: MatchSimulation, periodCode: number, side: 'home' | 'away', points: number): void {
  let period = simulation.periodScores.find((candidate) => candidate.periodCode === periodCode);
  if (!period) {
    period = { periodCode, home: 0, away: 0 };
    simulation.periodScores.push(period);
  }
  simulation.periodScores[simulation.periodScores.indexOf(period)] = { ...period, [side]: period[side] + points };
}

type SoccerModel = Extract<Fixture['model'], { sport: 'soccer' }>;
type BasketballModel = Extract<Fixture['model'], { sport: 'basketball' }>;

/**
 * Goals arrive as a Poisson process: each half scores its share of the model's expected goals over its 45 minutes
 * (45 % in the first, 55 % in the second, the split the pricing assumes), and stoppage time plays at its half's rate.
 */
function soccerSecondPlay(simulation: MatchSimulation, model: SoccerModel): void {
  const { phase } = simulation;
  const secondNext = simulation.secondsRun + 1;
  if (phase.kind === 'break') {
    if (secondNext < phase.endsAt) return;
    const injuryMinutes = stoppageMinutes(simulation, 2);
    simulation.phase = { kind: 'play', period: 2, endsAt: secondNext + soccerHalfSeconds + injuryMinutes * 60, injuryMinutes };
    simulation.clock = { ...simulation.clock, seconds: soccerHalfSeconds, running: true, periodCode: 1004, injuryMinutes: 0 };
    return;
  }
  const halfShare = phase.period === 1 ? soccerFirstHalfGoalsShare : 1 - soccerFirstHalfGoalsShare;
  const goalHomePerSecond = (model.goalsExpectedHome * halfShare) / soccerHalfSeconds;
  const goalAwayPerSecond = (model.goalsExpectedAway * halfShare) / soccerHalfSeconds;
  const draw = simulation.random.next();
  const scorer: Side | undefined = draw < goalHomePerSecond ? 'home' : draw < goalHomePerSecond + goalAwayPerSecond ? 'away' : undefined;
  if (scorer) {
    simulation.score[scorer] += 1;
    periodScoreAdd(simulation, phase.period === 1 ? 1002 : 1003, scorer, 1);
    simulation.suspendedUntilSecond = secondNext + soccerGoalSuspensionSeconds;
  }
  const seconds = simulation.clock.seconds + 1;
  // Stoppage time is announced when the half reaches its 45th minute.
  const injuryMinutes = seconds >= phase.period * soccerHalfSeconds ? (phase.injuryMinutes ?? 0) : 0;
  simulation.clock = { ...simulation.clock, seconds, injuryMinutes };
  if (secondNext < phase.endsAt) return;
  if (phase.period === 1) {
    simulation.phase = { kind: 'break', endsAt: secondNext + soccerHalfTimeSeconds };
    simulation.clock = { ...simulation.clock, seconds: soccerHalfSeconds, running: false, periodCode: 1003, injuryMinutes: 0 };
  } else {
    matchEnd(simulation, 1005);
  }
}

function basketballQuarterSeconds(simulation: MatchSimulation): number {
  const { model } = simulation.fixture;
  return model.sport === 'basketball' ? (model.league.regulationMinutes / 4) * 60 : 0;
}

/** Quarters 1–4 then overtimes while tied; the clock counts down and stops between periods. */
function basketballSecondPlay(simulation: MatchSimulation, model: BasketballModel): void {
  const { phase } = simulation;
  const secondNext = simulation.secondsRun + 1;
  if (phase.kind === 'break') {
    if (secondNext < phase.endsAt) return;
    const period = simulation.basketballPeriodsPlayed + 1;
    const periodSeconds = period > 4 ? model.league.overtimeMinutes * 60 : basketballQuarterSeconds(simulation);
    simulation.phase = { kind: 'play', period, endsAt: secondNext + periodSeconds };
    simulation.clock = { ...simulation.clock, seconds: periodSeconds, running: true, periodCode: basketballClockPeriod(period) };
    return;
  }
  const rates = simulation.basketballPointsPerSecond;
  const draw = simulation.random.next();
  const scorer: Side | undefined =
    draw < rates.home / basketballPointsPerBasket ? 'home' : draw < (rates.home + rates.away) / basketballPointsPerBasket ? 'away' : undefined;
  if (scorer) {
    const kind = simulation.random.next();
    const points = kind < 0.7 ? 2 : kind < 0.95 ? 3 : 1;
    simulation.score[scorer] += points;
    periodScoreAdd(simulation, phase.period > 4 ? 3012 : 3004 + phase.period, scorer, points);
  }
  simulation.clock = { ...simulation.clock, seconds: Math.max(0, simulation.clock.seconds - 1) };
  if (secondNext < phase.endsAt) return;
  simulation.basketballPeriodsPlayed = phase.period;
  if (phase.period >= 4 && simulation.score.home !== simulation.score.away) {
    matchEnd(simulation, simulation.clock.periodCode);
    return;
  }
  const breakSeconds = phase.period === 2 ? basketballHalfTimeSeconds : basketballBreakSeconds;
  simulation.phase = { kind: 'break', endsAt: secondNext + breakSeconds };
  simulation.clock = basketballBreakClock(simulation.clock, phase.period, model.league.overtimeMinutes * 60);
}

/** Live period codes of reference/betting.md §1: quarters 3005, 3007, 3009, 3011; overtime 3012. */
function basketballClockPeriod(period: number): number {
  return period > 4 ? 3012 : 3003 + 2 * period;
}

/**
 * The stopped clock of the break after `periodPlayed`. Between quarters it takes the even code that follows the
 * quarter's odd one (reference/betting.md §1): 3006 after Q1, 3008 half time, 3010 after Q3, so a card can name the
 * break instead of showing a dead "Q1" at 0:00. §1 has no code for the break before an overtime: the clock shows
 * the overtime (3012) stopped at its full length, as an arena clock does.
 */
export function basketballBreakClock(clock: FeedMatch['clock'], periodPlayed: number, overtimeSeconds: number): FeedMatch['clock'] {
  if (periodPlayed < 4) return { ...clock, running: false, seconds: 0, periodCode: basketballClockPeriod(periodPlayed) + 1 };
  return { ...clock, running: false, seconds: overtimeSeconds, periodCode: 3012 };
}

function rallyTimingOf(simulation: MatchSimulation): { point: number; setBreak: number } {
  const { model } = simulation.fixture;
  return model.sport === 'tennis' || model.sport === 'volleyball' || model.sport === 'tableTennis' ? rallyTiming[model.sport] : rallyTiming.tennis;
}

/** A point every few seconds, a break between sets; the clock counts the match time up. */
function rallySecondPlay(simulation: MatchSimulation): void {
  const { phase, rally } = simulation;
  if (!rally) throw new Error('a rally sport needs a rally state');
  const secondNext = simulation.secondsRun + 1;
  const timing = rallyTimingOf(simulation);
  const sportCode = simulation.fixture.sportId * 1000;
  simulation.clock = { ...simulation.clock, seconds: simulation.clock.seconds + 1 };
  if (secondNext < phase.endsAt) return;
  if (phase.kind === 'break') {
    simulation.phase = { kind: 'play', period: rally.setsCompleted.length + 1, endsAt: secondNext + timing.point };
    simulation.clock = { ...simulation.clock, running: true, periodCode: sportCode + 2 + rally.setsCompleted.length };
    return;
  }
  const event = rallyPointPlay(rally, simulation.random);
  simulation.score = rallySetsWon(rally);
  simulation.periodScores = rallyPeriodScores(rally, sportCode);
  if (event === 'game' || event === 'set') simulation.suspendedUntilSecond = secondNext + rallySuspensionSeconds;
  if (event === 'match') matchEnd(simulation, sportCode + 11);
  else if (event === 'set') {
    simulation.phase = { kind: 'break', endsAt: secondNext + timing.setBreak };
    // The break already shows the coming set, as the score shows the set just won.
    simulation.clock = { ...simulation.clock, running: false, periodCode: sportCode + 2 + rally.setsCompleted.length };
  } else simulation.phase = { ...phase, endsAt: secondNext + timing.point };
}

/** Per set: games (tennis) or points, under the market period codes (5002 first set, 13002, 15002 …). */
function rallyPeriodScores(rally: RallyState, sportCode: number): PeriodScore[] {
  const scores = rally.setsCompleted.map((set, index) => ({ periodCode: sportCode + 2 + index, home: set.home, away: set.away }));
  if (!rally.winner) {
    const current = rally.sport === 'tennis' ? rally.games : rally.points;
    scores.push({ periodCode: sportCode + 2 + rally.setsCompleted.length, home: current.home, away: current.away });
  }
  return scores;
}

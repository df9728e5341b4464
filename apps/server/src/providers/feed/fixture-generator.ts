import { basketballLeagueFiba, basketballLeagueNba, type BasketballLeague, type BasketballTeamRating } from '@piranha/domain';
import { clubNicknames, fixtureRegions, type FixtureRegion } from './fixture-names.ts';
import { seededRandom, type SeededRandom } from './seeded-random.ts';
import { sportIds, type FeedLeague, type FeedTeam, type MatchModel, type SportId } from './sports-feed.ts';

/**
 * Generates a week of fictional fixtures from a seed: leagues with a region and a logo, teams with the strengths the
 * pricing models read, and matches from a little before `nowMs` (so several are live at any time of day) to 7 days
 * after it. The same seed and `nowMs` always give the same fixtures.
 */

export type SportKey = MatchModel['sport'];

/** A team's strength in the terms of its sport's pricing model. */
export type TeamStrength =
  /** Multipliers of the league's goals per team: `attack` of goals scored, `defence` of goals conceded (lower is better). */
  | { readonly sport: 'soccer'; readonly attack: number; readonly defence: number }
  | { readonly sport: 'basketball'; readonly rating: BasketballTeamRating }
  /** The chance of winning a point (tennis, table tennis) or a rally (volleyball) on one's own serve. */
  | { readonly sport: 'tennis' | 'volleyball' | 'tableTennis'; readonly serve: number };

export interface FixtureTeam extends FeedTeam {
  readonly leagueId: number;
  readonly strength: TeamStrength;
}

export interface Fixture {
  readonly id: number;
  readonly sportId: SportId;
  readonly league: FeedLeague;
  readonly home: FixtureTeam;
  readonly away: FixtureTeam;
  readonly startsAtMs: number;
  readonly featured: boolean;
  readonly model: MatchModel;
}

export interface FixtureSet {
  readonly leagues: readonly FeedLeague[];
  readonly teams: readonly FixtureTeam[];
  readonly fixtures: readonly Fixture[];
  /**
   * The rules each basketball league plays by (NBA or FIBA), by league id, so later days keep them. A set without
   * it (a benchmark's hand-made one) falls back to the league's first basketball fixture.
   */
  readonly basketballLeagues?: Readonly<Record<number, BasketballLeague>>;
}

/** What later days of fixtures are generated from: the leagues and teams of a set, without its fixtures. */
export type FixtureTeams = Omit<FixtureSet, 'fixtures'>;

interface LeaguePlan {
  readonly sport: SportKey;
  readonly regionId: number;
  readonly name: string;
  readonly teamCount: number;
  readonly matchesPerDay: number;
  readonly liveCount: number;
}

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
const fixtureDays = 7;

/** Goals one team scores in an average soccer match, and what playing at home multiplies them by. */
const soccerGoalsPerTeam = 1.35;
const soccerHomeFactor = 1.12;
/** Dixon–Coles ρ: slightly more 0-0 and 1-1 than independent Poisson, as fitted on European leagues. */
const soccerRho = -0.08;

/**
 * How long a match keeps its teams busy from its start, per sport, in minutes: above the longest the simulator
 * plays (measured over 7,000 seeded matches: soccer 115, basketball 74, tennis 194, volleyball 100, table tennis 38),
 * so a team is never scheduled into a match while its previous one may still be playing.
 */
export const matchSlotMinutes: Readonly<Record<SportKey, number>> = { soccer: 150, basketball: 120, tennis: 270, volleyball: 150, tableTennis: 60 };
/** Slots tried for a match whose first slot finds fewer than two teams free; after that the match is left out. */
const slotAttemptsMax = 8;

/** How long ago a live match may have started and still be playing, per sport, in minutes. */
const liveStartedMinutesMax: Record<SportKey, number> = { soccer: 85, basketball: 45, tennis: 40, volleyball: 30, tableTennis: 8 };

const sportIdOf: Record<SportKey, SportId> = {
  soccer: sportIds.soccer,
  basketball: sportIds.basketball,
  tennis: sportIds.tennis,
  volleyball: sportIds.volleyball,
  tableTennis: sportIds.tableTennis,
};

/**
 * About 170 matches a day: with their lengths that keeps nine or so live at any hour on average (soccer about six),
 * besides the ones generated already under way.
 */
const leaguePlans: readonly LeaguePlan[] = [
  { sport: 'soccer', regionId: 1, name: 'Premier Division', teamCount: 16, matchesPerDay: 12, liveCount: 2 },
  { sport: 'soccer', regionId: 2, name: 'Primera Liga', teamCount: 16, matchesPerDay: 12, liveCount: 2 },
  { sport: 'soccer', regionId: 3, name: 'Série Nacional', teamCount: 16, matchesPerDay: 12, liveCount: 2 },
  { sport: 'soccer', regionId: 4, name: 'Liga Continental', teamCount: 16, matchesPerDay: 12, liveCount: 2 },
  { sport: 'soccer', regionId: 5, name: 'Primera A', teamCount: 16, matchesPerDay: 12, liveCount: 1 },
  { sport: 'soccer', regionId: 6, name: 'Erste Liga', teamCount: 16, matchesPerDay: 12, liveCount: 1 },
  { sport: 'basketball', regionId: 1, name: 'National Basketball Circuit', teamCount: 12, matchesPerDay: 8, liveCount: 2 },
  { sport: 'basketball', regionId: 2, name: 'Liga de Baloncesto', teamCount: 12, matchesPerDay: 8, liveCount: 1 },
  { sport: 'basketball', regionId: 3, name: 'Liga Nacional de Basquete', teamCount: 12, matchesPerDay: 8, liveCount: 1 },
  { sport: 'tennis', regionId: 1, name: 'Kingsmere Open', teamCount: 16, matchesPerDay: 8, liveCount: 2 },
  { sport: 'tennis', regionId: 4, name: 'Copa Puerto Sol', teamCount: 16, matchesPerDay: 8, liveCount: 1 },
  { sport: 'volleyball', regionId: 3, name: 'Superliga de Vôlei', teamCount: 12, matchesPerDay: 6, liveCount: 2 },
  { sport: 'volleyball', regionId: 6, name: 'Volleyball Bundesklasse', teamCount: 10, matchesPerDay: 6, liveCount: 1 },
  { sport: 'tableTennis', regionId: 4, name: 'Liga Pro de Tenis de Mesa', teamCount: 12, matchesPerDay: 24, liveCount: 2 },
  { sport: 'tableTennis', regionId: 5, name: 'Copa Setmix', teamCount: 12, matchesPerDay: 24, liveCount: 2 },
];

export function fixturesGenerate(options: { readonly seed: number; readonly nowMs: number; readonly matchIdFirst?: number }): FixtureSet {
  const random = seededRandom(options.seed);
  const leagues: FeedLeague[] = [];
  const teams: FixtureTeam[] = [];
  const fixtures: Fixture[] = [];
  const basketballLeagues: Record<number, BasketballLeague> = {};
  const busy = teamScheduleCreate([]);
  let teamIdNext = 1;
  let matchIdNext = options.matchIdFirst ?? 100_001;
  leaguePlans.forEach((plan, index) => {
    const region = regionById(plan.regionId);
    const sportId = sportIdOf[plan.sport];
    const leagueId = sportId * 1000 + index + 1;
    const league: FeedLeague = {
      id: leagueId,
      sportId,
      name: plan.name,
      rank: index + 1,
      regionId: region.id,
      regionName: region.name,
      // The simulated feed has no pictures: no logo, so the app draws the initial instead of asking for a file that
      // is not there (it named /static/…svg, answered "not found" — ten wasted requests on every /#/sport load).
      logoPath: '',
    };
    leagues.push(league);
    const basketballLeague = random.next() < 0.5 ? basketballLeagueNba : basketballLeagueFiba;
    if (plan.sport === 'basketball') basketballLeagues[leagueId] = basketballLeague;
    const leagueTeams = teamNames(plan.sport, region, plan.teamCount, random).map((name): FixtureTeam => {
      const id = teamIdNext++;
      return { id, name, logoPath: '', leagueId, strength: teamStrength(plan.sport, random) };
    });
    teams.push(...leagueTeams);
    const weekSlot = weekSlotDraw(options.nowMs, random);
    const live = Array.from({ length: plan.liveCount }, () => options.nowMs - random.integer(2, liveStartedMinutesMax[plan.sport]) * minuteMs);
    const upcoming = Array.from({ length: plan.matchesPerDay * fixtureDays }, weekSlot);
    // A live match that finds no free pair is simply left out; an upcoming one tries other slots of the week.
    const slots = [
      ...live.map((startsAtMs) => () => startsAtMs),
      ...upcoming.map((startsAtMs) => (attempt: number) => (attempt === 0 ? startsAtMs : weekSlot())),
    ];
    for (const [slotIndex, slotAt] of slots.entries()) {
      const attempts = slotIndex < live.length ? 1 : slotAttemptsMax;
      const scheduled = pairScheduled(leagueTeams, plan.sport, busy, random, slotAt, attempts);
      if (!scheduled) continue;
      const { home, away, startsAtMs } = scheduled;
      fixtures.push({
        id: matchIdNext++,
        sportId,
        league,
        home,
        away,
        startsAtMs,
        featured: random.next() < 0.1,
        model: matchModel(plan.sport, home.strength, away.strength, basketballLeague, random),
      });
    }
  });
  fixtures.sort((a, b) => a.startsAtMs - b.startsAtMs || a.id - b.id);
  return { leagues, teams, fixtures, basketballLeagues };
}

/**
 * When each team is busy: the matches it plays, each from its start for its sport's slot. A team at most one match
 * at a time is what keeps a multiple from holding two legs that are really one team's evening (issue 15).
 */
interface TeamSchedule {
  free(teamId: number, startsAtMs: number, slotMs: number): boolean;
  add(teamId: number, startsAtMs: number, slotMs: number): void;
}

function teamScheduleCreate(scheduled: readonly Fixture[]): TeamSchedule {
  const byTeam = new Map<number, { startsAtMs: number; endsAtMs: number }[]>();
  const add = (teamId: number, startsAtMs: number, slotMs: number) => {
    const slots = byTeam.get(teamId);
    const slot = { startsAtMs, endsAtMs: startsAtMs + slotMs };
    if (slots) slots.push(slot);
    else byTeam.set(teamId, [slot]);
  };
  for (const fixture of scheduled) {
    const slotMs = matchSlotMinutes[fixture.model.sport] * minuteMs;
    add(fixture.home.id, fixture.startsAtMs, slotMs);
    add(fixture.away.id, fixture.startsAtMs, slotMs);
  }
  return {
    free: (teamId, startsAtMs, slotMs) => !(byTeam.get(teamId) ?? []).some((slot) => slot.startsAtMs < startsAtMs + slotMs && startsAtMs < slot.endsAtMs),
    add,
  };
}

/**
 * Two different teams of the league, both free for the match's whole slot, at the slot `slotAt(attempt)` gives; the
 * next attempt asks for another slot. The pair is then booked. Undefined when no attempt finds two free teams.
 */
function pairScheduled(
  teams: readonly FixtureTeam[],
  sport: SportKey,
  busy: TeamSchedule,
  random: SeededRandom,
  slotAt: (attempt: number) => number,
  attempts: number,
): { home: FixtureTeam; away: FixtureTeam; startsAtMs: number } | undefined {
  const slotMs = matchSlotMinutes[sport] * minuteMs;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const startsAtMs = slotAt(attempt);
    const free = teams.filter((team) => busy.free(team.id, startsAtMs, slotMs));
    if (free.length < 2) continue;
    const [home, away] = pairPick(free, random);
    busy.add(home.id, startsAtMs, slotMs);
    busy.add(away.id, startsAtMs, slotMs);
    return { home, away, startsAtMs };
  }
  return undefined;
}

function regionById(regionId: number): FixtureRegion {
  const region = fixtureRegions.find((candidate) => candidate.id === regionId);
  if (!region) throw new RangeError(`no fixture region ${regionId}`);
  return region;
}

/** Distinct names: clubs from cities for team sports, players from first and last names otherwise. */
function teamNames(sport: SportKey, region: FixtureRegion, count: number, random: SeededRandom): string[] {
  const names = new Set<string>();
  let cityIndex = random.integer(0, region.cities.length - 1);
  while (names.size < count) {
    const city = region.cities[cityIndex++ % region.cities.length] ?? '';
    if (sport === 'soccer') names.add(random.pick(region.clubPatterns).replace('{city}', city));
    else if (sport === 'basketball' || sport === 'volleyball') names.add(`${city} ${random.pick(clubNicknames)}`);
    else names.add(`${random.pick(region.firstNames)} ${random.pick(region.lastNames)}`);
  }
  return [...names];
}

function teamStrength(sport: SportKey, random: SeededRandom): TeamStrength {
  const between = (min: number, max: number) => min + random.next() * (max - min);
  switch (sport) {
    case 'soccer':
      return { sport, attack: between(0.7, 1.4), defence: between(0.7, 1.4) };
    case 'basketball':
      return { sport, rating: { offencePoints: between(-6, 6), defencePoints: between(-6, 6) } };
    case 'tennis':
      return { sport, serve: between(0.56, 0.72) };
    case 'volleyball':
      // A rally won on one's own serve is below even in volleyball: the receiving side attacks first.
      return { sport, serve: between(0.36, 0.46) };
    case 'tableTennis':
      return { sport, serve: between(0.5, 0.6) };
  }
}

function matchModel(sport: SportKey, home: TeamStrength, away: TeamStrength, basketballLeague: BasketballLeague, random: SeededRandom): MatchModel {
  if (sport === 'soccer' && home.sport === 'soccer' && away.sport === 'soccer') {
    return {
      sport,
      goalsExpectedHome: soccerGoalsPerTeam * home.attack * away.defence * soccerHomeFactor,
      goalsExpectedAway: (soccerGoalsPerTeam * away.attack * home.defence) / soccerHomeFactor,
      rho: soccerRho,
    };
  }
  if (sport === 'basketball' && home.sport === 'basketball' && away.sport === 'basketball') {
    return { sport, league: basketballLeague, home: home.rating, away: away.rating };
  }
  if ((sport === 'tennis' || sport === 'volleyball' || sport === 'tableTennis') && 'serve' in home && 'serve' in away) {
    const strengths = { home: home.serve, away: away.serve };
    if (sport === 'tennis') return { sport, strengths, rules: { setsToWin: 2 } };
    if (sport === 'volleyball') return { sport, strengths };
    return { sport, strengths, gamesToWin: random.next() < 0.8 ? 3 : 4 };
  }
  throw new TypeError(`team strengths do not match the sport ${sport}`);
}

/** Draws an upcoming start time on the quarter hour within the 7 days after `nowMs`. */
function weekSlotDraw(nowMs: number, random: SeededRandom): () => number {
  const quarterMs = 15 * minuteMs;
  const firstSlotMs = Math.ceil((nowMs + minuteMs) / quarterMs) * quarterMs;
  const slotCount = (fixtureDays * dayMs) / quarterMs;
  return () => firstSlotMs + random.integer(0, slotCount - 1) * quarterMs;
}

function pairPick(teams: readonly FixtureTeam[], random: SeededRandom): [FixtureTeam, FixtureTeam] {
  const home = random.pick(teams);
  let away = random.pick(teams);
  while (away.id === home.id) away = random.pick(teams);
  return [home, away];
}

/**
 * One more day of upcoming fixtures for the leagues and teams of `set`, so a long-running feed always shows a week
 * ahead: the same leagues, teams and models, start times on the quarter hour within [dayStartMs, dayStartMs + 1 day),
 * match ids from `matchIdFirst`. `scheduled` are the fixtures already planned (at least those that may still be
 * playing when the day starts): no team is given a match while one of those keeps it busy. Seeded by `seed` (mix in
 * the day number for a different day each time).
 */
export function fixturesForDay(options: {
  readonly seed: number;
  readonly set: FixtureTeams & { readonly fixtures?: readonly Fixture[] };
  readonly dayStartMs: number;
  readonly matchIdFirst: number;
  readonly scheduled?: readonly Fixture[];
}): Fixture[] {
  const random = seededRandom(options.seed);
  const fixtures: Fixture[] = [];
  const busy = teamScheduleCreate(options.scheduled ?? options.set.fixtures ?? []);
  let matchIdNext = options.matchIdFirst;
  const quarterMs = 15 * minuteMs;
  const firstSlotMs = Math.ceil(options.dayStartMs / quarterMs) * quarterMs;
  const slotOf = () => firstSlotMs + random.integer(0, dayMs / quarterMs - 1) * quarterMs;
  options.set.leagues.forEach((league, index) => {
    const plan = leaguePlans[index];
    const leagueTeams = options.set.teams.filter((team) => team.leagueId === league.id);
    if (!plan || leagueTeams.length < 2) return;
    const basketballLeague = basketballLeagueOf(options.set, league.id);
    for (let count = 0; count < plan.matchesPerDay; count++) {
      const first = slotOf();
      const scheduled = pairScheduled(leagueTeams, plan.sport, busy, random, (attempt) => (attempt === 0 ? first : slotOf()), slotAttemptsMax);
      if (!scheduled) continue;
      const { home, away, startsAtMs } = scheduled;
      fixtures.push({
        id: matchIdNext++,
        sportId: league.sportId,
        league,
        home,
        away,
        startsAtMs,
        featured: random.next() < 0.1,
        model: matchModel(plan.sport, home.strength, away.strength, basketballLeague, random),
      });
    }
  });
  return fixtures.sort((a, b) => a.startsAtMs - b.startsAtMs || a.id - b.id);
}

function basketballLeagueOf(set: FixtureTeams & { readonly fixtures?: readonly Fixture[] }, leagueId: number): BasketballLeague {
  const kept = set.basketballLeagues?.[leagueId];
  if (kept) return kept;
  const model = set.fixtures?.find((fixture) => fixture.league.id === leagueId && fixture.model.sport === 'basketball')?.model;
  return model?.sport === 'basketball' ? model.league : basketballLeagueNba;
}

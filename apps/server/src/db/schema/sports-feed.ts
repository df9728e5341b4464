import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the simulated sports feed published, stored as it publishes it (providers/feed/feed-store.ts,
 * docs/decisions/015-durable-feed.md): a restart resumes these instead of generating the same match ids with known
 * results again. Times of the feed (`*_ms`) are in its own simulated time, which runs at FEED_SPEED × wall time, so
 * they are epoch milliseconds rather than timestamps; `*_at` columns are wall-clock.
 */

/** The one feed's cursor (id 1): its seed, leagues and teams, how far simulated time ran, the next match id. */
export const feedState = pgTable(
  'feed_state',
  {
    id: smallint('id').primaryKey(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    /** The leagues, teams (with their strengths) and basketball rules later days of fixtures are drawn from. */
    teams: jsonb('teams').notNull(),
    /** Simulated time `simulated_at_ms` was reached at wall-clock `wall_at_ms`: a point of the feed's time line. */
    wallAtMs: bigint('wall_at_ms', { mode: 'number' }).notNull(),
    simulatedAtMs: bigint('simulated_at_ms', { mode: 'number' }).notNull(),
    /** The next match id to give; only ever grows, so an id is never reused. */
    matchIdNext: bigint('match_id_next', { mode: 'number' }).notNull(),
    dayNextMs: bigint('day_next_ms', { mode: 'number' }).notNull(),
    dayIndex: integer('day_index').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  () => [check('feed_state_one_row_check', sql`id = 1`)],
);

/** Every fixture the feed created, as created (teams, start, pricing model); never changed. */
export const feedFixtures = pgTable(
  'feed_fixtures',
  {
    matchId: bigint('match_id', { mode: 'number' }).primaryKey(),
    sportId: smallint('sport_id').notNull(),
    leagueId: integer('league_id').notNull(),
    homeTeamId: integer('home_team_id').notNull(),
    awayTeamId: integer('away_team_id').notNull(),
    startsAtMs: bigint('starts_at_ms', { mode: 'number' }).notNull(),
    fixture: jsonb('fixture').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('feed_fixtures_starts_idx').on(table.startsAtMs)],
);

/**
 * A started match's latest stored state (`state`: clock, score, periods, its random stream), replaced only by a
 * later one (`seconds_run` never goes back). Written at every status, score or period change and every 30 s.
 */
export const feedMatchStates = pgTable(
  'feed_match_states',
  {
    matchId: bigint('match_id', { mode: 'number' })
      .primaryKey()
      .references(() => feedFixtures.matchId),
    /** live or ended. */
    status: text('status').notNull(),
    secondsRun: integer('seconds_run').notNull(),
    endedAtMs: bigint('ended_at_ms', { mode: 'number' }),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('feed_match_states_live_idx')
      .on(table.matchId)
      .where(sql`status = 'live'`),
  ],
);

/** Each published result of a match: revision 1 when it ended, then one row per correction. */
export const feedResults = pgTable(
  'feed_results',
  {
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => feedFixtures.matchId),
    revision: integer('revision').notNull(),
    endedAtMs: bigint('ended_at_ms', { mode: 'number' }).notNull(),
    /** The whole result as published (scores, period scores, teams, league). */
    result: jsonb('result').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.matchId, table.revision] }), index('feed_results_ended_idx').on(table.endedAtMs)],
);

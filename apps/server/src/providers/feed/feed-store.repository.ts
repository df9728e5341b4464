import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { FixtureTeams } from './fixture-generator.ts';
import type { FeedCursor, FeedStore, FeedStored, FeedWrite, FixtureStored } from './feed-store.ts';
import type { MatchSimulationSaved } from './match-simulator.ts';
import type { MatchResult } from './sports-feed.ts';

/**
 * The feed's store in the database (tables in db/schema/sports-feed.ts). A batch is one statement — data-modifying
 * CTEs, each table's rows sent as one JSON array — so a tick's writes are one round trip and commit together; the
 * first batch of a new feed also creates its cursor row, in the same transaction.
 */

/** The feed's cursor row is the only one: one feed per database. */
const FEED_ID = 1;

type JsonParam = string;

const json = (value: unknown): JsonParam => JSON.stringify(value);

async function cursorCreate(tx: DbOrTx, init: NonNullable<FeedWrite['init']>, cursor: FeedCursor, at: Date): Promise<void> {
  await rowsOf(
    tx,
    sql`insert into feed_state (id, seed, teams, wall_at_ms, simulated_at_ms, match_id_next, day_next_ms, day_index, updated_at)
        values (${FEED_ID}, ${init.seed}, ${json(init.teams)}::jsonb, ${cursor.wallAtMs}::bigint, ${cursor.simulatedAtMs}::bigint,
                ${cursor.matchIdNext}::bigint, ${cursor.dayNextMs}::bigint, ${cursor.dayIndex}::int, ${at.toISOString()}::timestamptz)
        on conflict (id) do nothing`,
  );
}

/**
 * Fixtures are inserted once; a state replaces the stored one only if it ran at least as far (two nodes, or a retry
 * after a write that did commit, never move a match back); results are inserted once per revision; the cursor only
 * moves forward.
 */
async function batchWrite(db: DbOrTx, batch: FeedWrite, at: Date): Promise<void> {
  const { cursor } = batch;
  const stamp = at.toISOString();
  await rowsOf(
    db,
    sql`with
      fixtures as (
        insert into feed_fixtures (match_id, sport_id, league_id, home_team_id, away_team_id, starts_at_ms, fixture, created_at)
        select (f->>'id')::bigint, (f->>'sportId')::smallint, (f->>'leagueId')::int, (f->>'homeId')::int, (f->>'awayId')::int,
               (f->>'startsAtMs')::bigint, f, ${stamp}::timestamptz
        from jsonb_array_elements(${json(batch.fixtures)}::jsonb) f
        on conflict (match_id) do nothing
      ),
      states as (
        insert into feed_match_states (match_id, status, seconds_run, ended_at_ms, state, updated_at)
        select (s->>'matchId')::bigint, s->>'status', (s->>'secondsRun')::int, (s->>'endedAtMs')::bigint, s->'saved', ${stamp}::timestamptz
        from jsonb_array_elements(${json(batch.states)}::jsonb) s
        on conflict (match_id) do update
          set status = excluded.status, seconds_run = excluded.seconds_run, ended_at_ms = excluded.ended_at_ms,
              state = excluded.state, updated_at = excluded.updated_at
          where feed_match_states.seconds_run <= excluded.seconds_run
      ),
      results as (
        insert into feed_results (match_id, revision, ended_at_ms, result, published_at)
        select (r->>'matchId')::bigint, (r->>'revision')::int, (r->>'endedAtMs')::bigint, r, ${stamp}::timestamptz
        from jsonb_array_elements(${json(batch.results)}::jsonb) r
        on conflict (match_id, revision) do nothing
      )
    update feed_state set
      wall_at_ms = case when simulated_at_ms <= ${cursor.simulatedAtMs}::bigint then ${cursor.wallAtMs}::bigint else wall_at_ms end,
      simulated_at_ms = greatest(simulated_at_ms, ${cursor.simulatedAtMs}::bigint),
      match_id_next = greatest(match_id_next, ${cursor.matchIdNext}::bigint),
      day_next_ms = greatest(day_next_ms, ${cursor.dayNextMs}::bigint),
      day_index = greatest(day_index, ${cursor.dayIndex}::int),
      updated_at = ${stamp}::timestamptz
    where id = ${FEED_ID}`,
  );
}

interface CursorRow {
  seed: string | number;
  teams: FixtureTeams;
  wall_at_ms: string | number;
  simulated_at_ms: string | number;
  match_id_next: string | number;
  day_next_ms: string | number;
  day_index: string | number;
  match_id_max: string | number | null;
}

/** The durable store of the simulated feed, on the app's database. */
export function feedStoreSql(db: Db, now: () => Date): FeedStore {
  return {
    async load({ resultsMax, lookBackMs }): Promise<FeedStored | undefined> {
      const [cursor] = await rowsOf<CursorRow>(
        db,
        sql`select seed, teams, wall_at_ms, simulated_at_ms, match_id_next, day_next_ms, day_index,
                   (select max(match_id) from feed_fixtures) as match_id_max
            from feed_state where id = ${FEED_ID}`,
      );
      if (!cursor) return undefined;
      const simulatedAtMs = Number(cursor.simulated_at_ms);
      const matches = await rowsOf<{ fixture: FixtureStored; state: MatchSimulationSaved | null }>(
        db,
        sql`select f.fixture, s.state
            from feed_fixtures f left join feed_match_states s on s.match_id = f.match_id
            where f.starts_at_ms >= ${simulatedAtMs - lookBackMs}::bigint or s.status = 'live'
            order by f.starts_at_ms, f.match_id`,
      );
      // The latest revision of the most recent results; revision 1 carries the end time every revision shares.
      const results = await rowsOf<{ result: MatchResult }>(
        db,
        sql`select latest.result from (
              select distinct on (r.match_id) r.match_id, r.ended_at_ms, r.result
              from feed_results r
              where r.match_id in (select match_id from feed_results where revision = 1 order by ended_at_ms desc, match_id desc limit ${resultsMax}::int)
              order by r.match_id, r.revision desc
            ) latest
            order by latest.ended_at_ms, latest.match_id`,
      );
      return {
        seed: Number(cursor.seed),
        teams: cursor.teams,
        cursor: {
          wallAtMs: Number(cursor.wall_at_ms),
          simulatedAtMs,
          matchIdNext: Number(cursor.match_id_next),
          dayNextMs: Number(cursor.day_next_ms),
          dayIndex: Number(cursor.day_index),
        },
        matches: matches.map((row) => ({ fixture: row.fixture, saved: row.state ?? undefined })),
        results: results.map((row) => row.result),
        matchIdMax: Number(cursor.match_id_max ?? 0),
      };
    },
    async write(batch) {
      const at = now();
      const { init } = batch;
      if (!init) return batchWrite(db, batch, at);
      await transaction(db, async (tx) => {
        await cursorCreate(tx, init, batch.cursor, at);
        await batchWrite(tx, batch, at);
      });
    },
  };
}

/**
 * What a replica must reload for, in one cheap row: the next match id (a new day of fixtures) and how many
 * corrections exist. Play itself needs no reload — a replica plays the stored matches exactly as the leader does.
 * Undefined while the store is empty.
 */
export async function feedStoreChangeMark(db: Db): Promise<string | undefined> {
  const [row] = await rowsOf<{ match_id_next: string | number; corrections: string | number }>(
    db,
    sql`select match_id_next, (select count(*) from feed_results where revision > 1) as corrections from feed_state where id = ${FEED_ID}`,
  );
  return row ? `${row.match_id_next}/${row.corrections}` : undefined;
}

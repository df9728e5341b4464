/**
 * The loyalty bench rows (issue 18, decision 045), run under tsx in a child process:
 *   serve <players> <url|pglite>   builds the real server (buildApp) and fills today's piranha turnover board with
 *                                  <players> scores (plus one signed-in player's), counts its snapshot of places
 *                                  as the loyalty pass does (decision 048, timed), listens on a free port and prints
 *                                  one JSON line (port, uid, sid, refreshSeconds); the parent drives `rank/list`.
 *   cashback <players> <url>       writes one São Paulo day of lost bets for <players> players (not timed), then
 *                                  times that day's cash-back close (one transaction computing and writing every
 *                                  owed row); prints one JSON line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brandTimeZone, periodWindowOf, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { configLoad } from '../../apps/server/src/config.ts';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { cashbackPeriodClose } from '../../apps/server/src/modules/loyalty/loyalty-cashback.service.ts';
import { rankSnapshotsRefresh } from '../../apps/server/src/modules/loyalty/loyalty-pass.service.ts';
import { rankSnapshotsStale } from '../../apps/server/src/modules/loyalty/loyalty.repository.ts';
import { sessionIssueForNewVisitor } from '../../apps/server/src/modules/session/session.service.ts';

const [mode, countText, target] = process.argv.slice(2);
const count = Number(countText);
const BRAND = 'piranha';

function envFor(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: 'no-web-app-in-the-bench',
    RATE_LIMIT_PER_IP: '1000000000',
    RATE_LIMIT_PER_USER: '1000000000',
  };
}

async function serve() {
  const dataDir = await mkdtemp(join(tmpdir(), 'piranha-bench-loyalty-'));
  const built = await buildApp(configLoad(envFor(target === 'pglite' ? '' : target!, dataDir)), { logger: false });
  const db = built.database.db;
  const profile = variantFindByKey(BRAND)!;
  const day = periodWindowOf(new Date(), brandTimeZone(profile.market), 'daily').key;
  await db.execute(sql`insert into users (app_key, visitor) select ${BRAND}, true from generate_series(1, ${count})`);
  // Scores spread over a wide range with many ties, reached over the last day.
  await db.execute(sql`insert into loyalty_rank_scores (app_key, period_key, user_id, score_minor, reached_at)
    select ${BRAND}, ${day}, u.id, (u.id * 7919) % 500000, now() - ((u.id % 86400) * interval '1 second')
    from users u where u.app_key = ${BRAND}`);
  const session = await sessionIssueForNewVisitor(db, BRAND, new Date());
  await db.execute(sql`insert into loyalty_rank_scores (app_key, period_key, user_id, score_minor, reached_at)
    values (${BRAND}, ${day}, ${session.uid}, 250000, now())`);
  // What autovacuum would have done to a board filled over a day: statistics and a visibility map.
  await db.execute(sql`vacuum analyze loyalty_rank_scores`);
  // The loyalty pass's snapshot of places (decision 048), counted once as the pass would after moving the board;
  // its time is reported beside the read.
  await rankSnapshotsStale(db, [{ appKey: BRAND, periodKey: day }]);
  const started = performance.now();
  const refreshed = await rankSnapshotsRefresh(db, new Date());
  const refreshSeconds = (performance.now() - started) / 1000;
  if (refreshed !== 1) throw new Error(`the snapshot refresh counted ${refreshed} boards`);
  await db.execute(sql`vacuum analyze loyalty_rank_places`);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stop = async () => {
    await built.app.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdout.write(`${JSON.stringify({ port, uid: session.uid, sid: session.sid, refreshSeconds })}\n`);
}

async function cashback() {
  const dataDir = await mkdtemp(join(tmpdir(), 'piranha-bench-cashback-'));
  const built = await buildApp(configLoad(envFor(target!, dataDir)), { logger: false });
  const db = built.database.db;
  const profile = variantFindByKey(BRAND)!;
  const zone = brandTimeZone(profile.market);
  const today = periodWindowOf(new Date(), zone, 'daily');
  const yesterday = periodWindowOf(new Date(today.startsAt.getTime() - 1), zone, 'daily');
  await db.execute(sql`insert into users (app_key, visitor) select ${BRAND}, true from generate_series(1, ${count})`);
  // Every player lost one bet yesterday (stake 10–1,009 reais) and stands at a VIP level from 0 to 30.
  await db.execute(sql`insert into bets (user_id, currency, kind, series_code, unit_stake_minor, line_count, stake_minor, stake_placed_minor,
      payout_minor_max, payout_minor, status, outcome, odds_change, live, created_at, settled_at)
    select u.id, ${profile.currency}, 'single_bet', 1, s.stake, 1, s.stake, s.stake, s.stake * 2, 0, 5, 3, 0, false,
      ${yesterday.startsAt.toISOString()}::timestamptz + interval '1 hour', ${yesterday.startsAt.toISOString()}::timestamptz + interval '2 hours'
    from users u cross join lateral (select 1000 + (u.id % 1000) * 100 as stake) s where u.app_key = ${BRAND}`);
  await db.execute(sql`insert into loyalty_accounts (user_id, points_minor, updated_at)
    select u.id, (u.id % 40000) * 100, now() from users u where u.app_key = ${BRAND}`);
  const started = performance.now();
  const owed = await cashbackPeriodClose(db, profile, 'daily', yesterday, new Date());
  const seconds = (performance.now() - started) / 1000;
  const [rows] = await rowsOf<{ n: string }>(db, sql`select count(*)::text as n from loyalty_cashbacks where period_key = ${yesterday.key}`);
  await built.app.close();
  await rm(dataDir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ players: count, owed: owed ?? 0, written: Number(rows!.n), seconds, playersPerSecond: count / seconds })}\n`);
}

if (mode === 'serve') await serve();
else if (mode === 'cashback') await cashback();
else throw new Error(`unknown mode ${mode}`);

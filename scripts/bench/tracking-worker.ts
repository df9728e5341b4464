/**
 * The funnel bench row (issue 25, decision 030), run under tsx in a child process:
 *   tracking-worker.ts <events>   opens the server's database on PGlite in a temporary DATA_DIR (every migration),
 *                                 writes <events> tracking events over 30 days and 5 brands (page views, logins,
 *                                 A/B assignments) with 20,000 players, their deposits and bets, then times the
 *                                 operator's funnel (days and arms) for one brand over the 30 days: 5 runs after a
 *                                 warm-up. Prints one JSON line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { databaseOpen } from '../../apps/server/src/db/client.ts';
import { funnelArmsRead, funnelRead } from '../../apps/server/src/modules/tracking/tracking.repository.ts';

const events = Number(process.argv[2] ?? 1_000_000);
const dataDir = await mkdtemp(join(tmpdir(), 'piranha-bench-tracking-'));
const database = await databaseOpen({ databaseUrl: undefined, dataDir, templateDir: undefined });
try {
  const db = database.db;
  const setupStarted = performance.now();
  const players = 20_000;
  await db.execute(sql`insert into users (app_key, visitor, created_at)
    select 'bench-' || (g % 5), false, timestamp '2026-05-01' + (g % 30) * interval '1 day' from generate_series(1, ${players}::int) g`);
  await db.execute(sql`insert into account_profiles (user_id, app_key, nick, lang, registered_at, created_at)
    select id, app_key, 'P' || id, 'en-US', created_at, created_at from users where app_key like 'bench-%' and id % 2 = 0`);
  await db.execute(sql`insert into payment_orders (order_id, user_id, app_key, direction, channel, provider, provider_ref, currency, amount_minor,
      status, expires_at, created_at, updated_at)
    select 'bench-' || id, id, app_key, 'payin', 'PIX', 'sandbox', 'bench-' || id, 'BRL', 5000, case when id % 3 = 0 then 2 else 4 end,
      created_at, created_at, created_at + interval '1 hour' from users where app_key like 'bench-%' and id % 4 = 0`);
  await db.execute(sql`insert into bets (user_id, currency, kind, series_code, unit_stake_minor, line_count, stake_minor, stake_placed_minor,
      payout_minor_max, status, payout_minor, odds_change, live, created_at)
    select u.id, 'BRL', 'single_bet', 1, 1000, 1, 1000, 1000, 5000, 5, case when k % 2 = 0 then 1900 else 0 end, 0, false,
      u.created_at + k * interval '1 hour'
    from users u, generate_series(1, 5) k where u.app_key like 'bench-%' and u.id % 4 = 0`);
  const chunk = 100_000;
  for (let offset = 0; offset < events; offset += chunk) {
    const upTo = Math.min(events, offset + chunk);
    await db.execute(sql`insert into tracking_events (kind, event, user_id, app_key, payload, received_at, day, eid, visitor)
      select 'md', case when g % 10 = 0 then 'ab_assigned' when g % 10 = 1 then 'login' else 'page_view' end,
        case when g % 3 = 0 then g % ${players}::int + 1 else null end, 'bench-' || (g % 5),
        case when g % 10 = 0 then jsonb_build_object('params', jsonb_build_object('key', 'ui_v3_ab', 'arm', case when g % 20 = 0 then 'A' else 'B' end))
          else '{}'::jsonb end,
        timestamp '2026-05-01' + (g % 30) * interval '1 day', date '2026-05-01' + (g % 30), 'bench-' || g, 'v-' || (g % 200000)
      from generate_series(${offset + 1}::int, ${upTo}::int) g`);
  }
  await db.execute(sql`analyze`);
  const setupMs = performance.now() - setupStarted;

  const once = async () => {
    const started = performance.now();
    await Promise.all([funnelRead(db, 'bench-1', '2026-05-01', '2026-05-30'), funnelArmsRead(db, 'bench-1', '2026-05-01', '2026-05-30')]);
    return performance.now() - started;
  };
  await once();
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) runs.push(await once());
  runs.sort((a, b) => a - b);
  const days = await funnelRead(db, 'bench-1', '2026-05-01', '2026-05-30');
  console.log(
    JSON.stringify({
      events,
      medianMs: runs[2],
      worstMs: runs[4],
      setupMs,
      visits: days.reduce((sum, day) => sum + day.visits, 0),
      bets: days.reduce((sum, day) => sum + day.bets, 0),
    }),
  );
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

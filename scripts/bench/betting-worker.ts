/**
 * The betting bench rows, run under tsx in a child process (performance-and-trust.md G1, G2, G6):
 *   serve <players> <url|pglite>  builds the real server (buildApp, as server.ts does) on PostgreSQL at <url> or on
 *                                 PGlite in a temporary DATA_DIR, funds <players> signed-in players through the
 *                                 ledger, listens on a free port and prints one JSON line (port, sessions, a
 *                                 pre-match 1X2 selection); the parent drives the HTTP load and then kills it.
 *   settle <bets> <url>           places <bets> confirmed singles through the real route (not timed), ends their
 *                                 match and times one settlement pass; prints one JSON line.
 *   wager <bets> <url>            the same with every player wagering an unlocking bonus, settles them (not timed)
 *                                 and times the bonus engine's contribution passes until all are counted.
 * With BENCH_BONUS_UNLOCKING=1, `serve` gives every player an unlocking bonus first (placement then also reads its
 * maximum stake), so the bench can compare placements with and without one.
 * The feed runs at a millionth of real time while serving, so the selection stays open for the whole run. With
 * BENCH_LOG_LEVEL set the server logs to stdout at that level, as a deployed one does (the parent reads and drops it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../apps/server/src/app.ts';
import { configLoad } from '../../apps/server/src/config.ts';
import { transaction } from '../../apps/server/src/db/transaction.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { betsSettle } from '../../apps/server/src/modules/betting/bet-settle.service.ts';
import { bonusContributionsConsume } from '../../apps/server/src/modules/bonus/bonus-engine.service.ts';
import { bonusGrant, bonusStart } from '../../apps/server/src/modules/bonus/bonus-ledger.service.ts';
import { campaignFind } from '../../apps/server/src/modules/bonus/bonus.repository.ts';
import { ledgerAudit } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { sessionIssueForNewVisitor } from '../../apps/server/src/modules/session/session.service.ts';
import { feedManualCreate, market1x2 } from '../../apps/server/test/betting-fixtures.ts';
import { mandatoryLimitsSet } from './bench-players.ts';

const [mode, countText, target] = process.argv.slice(2);
const count = Number(countText);

function envFor(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // BENCH_LOG_LEVEL turns the server's log on at that level (the logging rows measure what it costs).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    WEB_DIST: 'no-web-app-in-the-bench',
    FEED_SPEED: '0.000001',
    BET_LIVE_DELAY_MS: '0',
    // A few players place thousands of bets a second from one IP: the per-IP and per-user limits would answer 1029.
    RATE_LIMIT_PER_IP: '1000000000',
    RATE_LIMIT_PER_USER: '1000000000',
  };
}

async function playersFund(db: Db, players: number) {
  const sessions: { uid: number; sid: string }[] = [];
  for (let i = 0; i < players; i += 1) {
    const session = await sessionIssueForNewVisitor(db, 'piranha', new Date());
    await transaction(db, (tx) =>
      ledgerTransfer(tx, {
        kind: 'deposit',
        externalRef: `bench-bet-${session.uid}`,
        lines: [
          { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -1_000_000_000 },
          { account: { userId: session.uid, currency: 'BRL' }, amountMinor: 1_000_000_000 },
        ],
      }),
    );
    await mandatoryLimitsSet(db, session.uid);
    sessions.push({ uid: session.uid, sid: session.sid });
  }
  return sessions;
}

/**
 * Gives each player a bonus of the brand's seeded code campaign and starts it. The amount is far above what the run
 * wagers, so the bonus stays unlocking and every settled bet counts towards it.
 */
async function bonusesUnlockingGive(db: Db, sessions: readonly { uid: number }[]) {
  const campaign = await campaignFind(db, 'piranha:redeem_code');
  if (!campaign) throw new Error('the piranha brand has no redeem_code campaign to grant from');
  const now = new Date();
  for (const session of sessions) {
    await transaction(db, async (tx) => {
      const bonus = await bonusGrant(tx, {
        campaign,
        userId: session.uid,
        triggerRef: 'bench',
        currency: 'BRL',
        amountMinor: 100_000_000,
        depositMinor: 0,
        now,
      });
      if (!bonus) throw new Error(`no bonus granted to bench player ${session.uid}`);
      await bonusStart(tx, session.uid, bonus.id, now);
    });
  }
}

async function serve() {
  const dataDir = await mkdtemp(join(tmpdir(), 'piranha-bench-bet-'));
  const databaseUrl = target === 'pglite' ? '' : target!;
  const built = await buildApp(configLoad(envFor(databaseUrl, dataDir)), { logger: process.env.BENCH_LOG_LEVEL !== undefined });
  const sessions = await playersFund(built.database.db, count);
  if (process.env.BENCH_BONUS_UNLOCKING === '1') await bonusesUnlockingGive(built.database.db, sessions);
  // A pre-match soccer match with a 1X2 price (other sports have no draw market).
  const option = built.sports.feed
    .snapshot()
    .matches.filter((candidate) => candidate.sportId === 1 && candidate.status === 'notStarted' && !candidate.marketsSuspended)
    .map((match) => {
      try {
        return market1x2(built.sports.state, match.id, 1);
      } catch {
        return undefined;
      }
    })
    .find((candidate) => candidate !== undefined);
  if (!option) throw new Error('the simulator has no pre-match soccer match to bet on');
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stop = async () => {
    // Closing the app closes its database too.
    await built.app.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdout.write(
    `${JSON.stringify({ port, sessions, option: { matchId: option.matchId, marketId: option.marketId, optionType: 1, odds: option.odds } })}\n`,
  );
}

/** `settle`, and with `wager` the bonus contributions of the settled bets, timed instead of the settlement. */
async function settle(wager: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'piranha-bench-settle-'));
  const feed = feedManualCreate(Date.now());
  const built = await buildApp(configLoad(envFor(target!, dataDir)), { logger: false, feed, feedTicker: false });
  try {
    const { app, database } = built;
    const players = 50;
    const sessions = await playersFund(database.db, players);
    if (wager) await bonusesUnlockingGive(database.db, sessions);
    const matches = Array.from({ length: 10 }, () => feed.matchAdd());
    const options = matches.map((match, i) => market1x2(built.sports.state, match.id, ((i % 3) + 1) as 1 | 2 | 3));
    // The worker would settle as soon as a match ends; here the pass is run and timed by hand.
    await built.betting.worker.stop();
    let placed = 0;
    await Promise.all(
      sessions.map(async (session, p) => {
        for (let i = p; i < count; i += players) {
          const option = options[i % options.length]!;
          const response = await app.inject({
            method: 'POST',
            url: `/api/piranha/fb/proxy/v1/order/bet/singlePass?uid=${session.uid}&sid=${session.sid}`,
            headers: { 'content-type': 'application/json', 'idempotency-key': `settle-${randomBytes(8).toString('hex')}` },
            payload: JSON.stringify({
              singleBetList: [
                {
                  unitStake: 100 + (i % 900),
                  oddsChange: 2,
                  betOptionList: [{ matchId: option.matchId, marketId: option.marketId, optionType: option.optionType, odds: option.odds }],
                },
              ],
            }),
          });
          const envelope = JSON.parse(response.body) as { dm_error: number };
          if (envelope.dm_error !== 0) throw new Error(`placement refused: ${response.body}`);
          placed += 1;
        }
      }),
    );
    matches.forEach((match, i) => feed.matchEnd(match.id, { home: i % 3, away: (i + 1) % 3 }));
    // The jobs runner would count contributions every 5 s; here the passes are run and timed by hand.
    await built.jobs.stop();
    const settleStarted = performance.now();
    const { settled } = await betsSettle(built.betting.deps);
    const settleElapsed = performance.now() - settleStarted;
    let counted = 0;
    let wagerElapsed = 0;
    if (wager) {
      const wagerStarted = performance.now();
      for (let pass = await bonusContributionsConsume(database.db, new Date()); pass > 0; pass = await bonusContributionsConsume(database.db, new Date()))
        counted += pass;
      wagerElapsed = performance.now() - wagerStarted;
    }
    const elapsed = wager ? wagerElapsed : settleElapsed;
    const audit = await ledgerAudit(database.db);
    const clean = audit.walletDrift.length === 0 && audit.unbalancedTransfers.length === 0 && audit.thinTransfers.length === 0;
    return {
      placed,
      settled,
      counted,
      betsPerSecond: (settled / settleElapsed) * 1000,
      eventsPerSecond: (counted / elapsed) * 1000,
      elapsedMs: elapsed,
      ledgerClean: clean,
    };
  } finally {
    // Closing the app closes its database too.
    await built.app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (mode === 'serve') await serve();
else process.stdout.write(`${JSON.stringify(await settle(mode === 'wager'))}\n`);

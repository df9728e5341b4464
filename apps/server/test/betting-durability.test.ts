/**
 * No acknowledged bet is lost when the server is killed under load. The real server runs as a child process (as
 * `npm start` runs it) on a file-backed PGlite data folder, or on a fresh PostgreSQL database when TEST_DATABASE_URL
 * names a server; players are funded through the ledger before it starts; concurrent placements with unique
 * Idempotency-Keys are fired at it and it is killed with SIGKILL in the middle of them. Restarted on the same data,
 * it must still have every bet it answered dm_error 0 for, a clean ledger, and wallets equal to their funding less
 * the stakes of the bets it stored (whether or not their answer got out before the kill).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { transaction } from '../src/db/transaction.ts';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { sessionIssueForNewVisitor } from '../src/modules/session/session.service.ts';
import { mandatoryLimitSeed } from './harness.ts';
import { serverDataCreate, serverStart, serverStop, type Running, type ServerData } from './server-process.ts';

const PLAYERS = 8;
const CLIENTS_PER_PLAYER = 3;
const FUNDING_MINOR = 1_000_000_00;
/** Bets acknowledged before the kill: enough that the kill lands among placements in flight. */
const ACKS_BEFORE_KILL = 60;
/** The selection must stay open for the whole run (the feed barely moves), and bets are accepted at once. */
const BETTING_ENV = { FEED_SPEED: '0.000001', BET_LIVE_DELAY_MS: '0' };

interface Player {
  uid: number;
  sid: string;
}

async function json(response: Response): Promise<{ dm_error: number; data: any }> {
  return (await response.json()) as { dm_error: number; data: any };
}

/** A pre-match soccer 1X2 home price the server quotes now. */
async function selectionOf(origin: string) {
  const page = await json(await fetch(`${origin}/api/piranha/v1/match/list/get?sport_id=1&status=upcoming&page_limit=50`));
  for (const match of page.data.records as {
    id: number;
    mg: { mty: number; pe: number; mks: { id: number; ss: number; op?: { ty: number; od: number }[] }[] }[];
  }[]) {
    const market = match.mg.find((group) => group.mty === 1005 && group.pe === 1001)?.mks[0];
    const home = market?.op?.find((option) => option.ty === 1);
    if (market && market.ss === 1 && home && home.od > 1) return { matchId: match.id, marketId: market.id, optionType: 1, odds: home.od };
  }
  throw new Error('no open pre-match 1X2 price to bet on');
}

let data: ServerData;
let env: Record<string, string>;
const running: Running[] = [];

beforeAll(async () => {
  data = await serverDataCreate('durability');
  env = { ...data.env, ...BETTING_ENV };
});

afterAll(async () => {
  for (const server of running) await serverStop(server, 'SIGKILL');
  await data?.remove();
});

describe('placements under a kill -9', () => {
  it('keeps every acknowledged bet, a clean ledger and wallets equal to funding less stored stakes after a restart', async () => {
    // Players and their funding are written before the server starts (PGlite allows one process per folder).
    const players: Player[] = [];
    const setup = await data.open();
    try {
      for (let index = 0; index < PLAYERS; index += 1) {
        const session = await sessionIssueForNewVisitor(setup.db, 'piranha', new Date());
        // A Brazilian brand's law asks a loss limit of every player before they play (decision 057).
        await mandatoryLimitSeed(setup.db, session.uid, 'piranha', new Date());
        await transaction(setup.db, (tx) =>
          ledgerTransfer(tx, {
            kind: 'deposit',
            externalRef: `durability-${session.uid}`,
            lines: [
              { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -FUNDING_MINOR },
              { account: { userId: session.uid, currency: 'BRL' }, amountMinor: FUNDING_MINOR },
            ],
          }),
        );
        players.push({ uid: session.uid, sid: session.sid });
      }
    } finally {
      await setup.close();
    }

    const first = await serverStart(env);
    running.push(first);
    const selection = await selectionOf(first.origin);
    const acknowledged: { id: number; uid: number; stakeMinor: number }[] = [];
    let killed = false;
    let refused = 0;
    const client = async (player: Player) => {
      while (!killed) {
        const stakeMinor = 100 + Math.floor(Math.random() * 900);
        try {
          const response = await fetch(`${first.origin}/api/piranha/fb/proxy/v1/order/bet/singlePass?uid=${player.uid}&sid=${encodeURIComponent(player.sid)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `durability-${randomBytes(12).toString('hex')}` },
            body: JSON.stringify({ singleBetList: [{ unitStake: stakeMinor, oddsChange: 2, betOptionList: [selection] }] }),
          });
          const envelope = await json(response);
          if (envelope.dm_error !== 0) {
            refused += 1;
            continue;
          }
          for (const bet of envelope.data as { id: string }[]) acknowledged.push({ id: Number(bet.id), uid: player.uid, stakeMinor });
          if (acknowledged.length >= ACKS_BEFORE_KILL && !killed) {
            // Mid-load: the other clients' requests are in flight, some inside their transaction.
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch {
          // The connection died with the server: that answer never arrived, so the bet is not acknowledged.
          if (killed) return;
          throw new Error(`placement failed before the kill:\n${first.output()}`);
        }
      }
    };
    await Promise.all(players.flatMap((player) => Array.from({ length: CLIENTS_PER_PLAYER }, () => client(player))));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(refused).toBe(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    // The restart recovers the data the kill left and serves it.
    const second = await serverStart(env);
    running.push(second);
    for (const player of players) {
      const ids = new Set<number>();
      for (let current = 1; ; current += 1) {
        const page = await json(
          await fetch(`${second.origin}/api/piranha/fb/proxy/v1/order/bet/list?uid=${player.uid}&sid=${encodeURIComponent(player.sid)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ current, size: 50, range: 'today' }),
          }),
        );
        expect(page.dm_error).toBe(0);
        for (const record of page.data.records as { id: string }[]) ids.add(Number(record.id));
        if (current * 50 >= page.data.total) break;
      }
      const mine = acknowledged.filter((bet) => bet.uid === player.uid).map((bet) => bet.id);
      expect(mine.filter((id) => !ids.has(id))).toEqual([]);
    }
    await serverStop(second, 'SIGTERM');

    // What the database holds: every acknowledged bet with its stake, a clean ledger, wallets = funding − stakes.
    const check = await data.open();
    try {
      const stored = await rowsOf<{ id: string; user_id: string; stake_placed_minor: string }>(
        check.db,
        sql`select id, user_id, stake_placed_minor from bets where user_id in (${sql.join(
          players.map((player) => sql`${player.uid}`),
          sql`, `,
        )})`,
      );
      const byId = new Map(stored.map((row) => [Number(row.id), row]));
      for (const bet of acknowledged) {
        expect(byId.get(bet.id), `bet ${bet.id}`).toMatchObject({ user_id: expect.anything() });
        expect(Number(byId.get(bet.id)!.user_id)).toBe(bet.uid);
        expect(Number(byId.get(bet.id)!.stake_placed_minor)).toBe(bet.stakeMinor);
      }
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);
      const audit = await ledgerAudit(check.db);
      expect(audit).toEqual({ walletDrift: [], unbalancedTransfers: [], thinTransfers: [] });
      const wallets = await rowsOf<{ user_id: string; balance_minor: string }>(
        check.db,
        sql`select user_id, balance_minor from wallets where currency = 'BRL' and user_id in (${sql.join(
          players.map((player) => sql`${player.uid}`),
          sql`, `,
        )})`,
      );
      for (const player of players) {
        const stakes = stored.filter((row) => Number(row.user_id) === player.uid).reduce((sum, row) => sum + Number(row.stake_placed_minor), 0);
        const wallet = wallets.find((row) => Number(row.user_id) === player.uid);
        expect(Number(wallet!.balance_minor), `wallet of ${player.uid}`).toBe(FUNDING_MINOR - stakes);
      }
    } finally {
      await check.close();
    }
  }, 90_000);
});

/**
 * No Idempotency-Key stays in doubt when the server is killed in the middle of payouts and casino rounds (decision
 * 016). The real server runs as a child process; players with money, a saved payout account and a launched game
 * request payouts and play rounds as fast as they can, each request with a key of its own, and the server is killed
 * with SIGKILL among them. Restarted on the same data, every key is retried with its request: each answers within
 * seconds with its true outcome — an answer given before the kill is answered again unchanged, and every payout order
 * and every round that took money is the answer of exactly one key — the provider step of every payout is done, no
 * round is left pending, the ledger audit is clean and each wallet is its funding less what the answers say moved.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { transaction } from '../src/db/transaction.ts';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { userInsert } from '../src/modules/session/session.repository.ts';
import { sessionIssue } from '../src/modules/session/session.service.ts';
import { mandatoryLimitSeed } from './harness.ts';
import { serverDataCreate, serverStart, serverStop, type Running, type ServerData } from './server-process.ts';

const PLAYERS = 6;
const FUNDING_MINOR = 1_000_000_00;
/** Answers of each kind received before the kill: enough that it lands among requests in flight. */
const ACKS_BEFORE_KILL = 25;
/** How long a retried key may keep answering REQUEST_IN_PROGRESS after the restart (its dead owner's lease lapses in 10 s). */
const RESOLVE_WITHIN_MS = 45_000;
const PIX_ACCOUNT = { document_type: 'CPF', document: '390.533.447-05', pix_key_type: 'CPF', pix_key: '39053344705', holder_name: 'Ana Souza' };
const DICE = { target: 5000, direction: 'under' };

interface Player {
  uid: number;
  sid: string;
  token: string;
}

interface Envelope {
  dm_error: number;
  data: any;
}

/** One request and what became of it: its answer before the kill (undefined when it never arrived), then after. */
interface Sent {
  kind: 'payout' | 'round';
  player: Player;
  key: string;
  body: unknown;
  before: Envelope | undefined;
  after?: Envelope;
}

function pathOf(sent: Pick<Sent, 'kind' | 'player'>): string {
  const signedIn = `uid=${sent.player.uid}&sid=${encodeURIComponent(sent.player.sid)}`;
  return sent.kind === 'payout' ? `/api/piranha/finance/payout/order/create?${signedIn}` : '/api/studio/house/round';
}

async function post(origin: string, path: string, body: unknown, key?: string): Promise<Envelope> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

async function get(origin: string, path: string): Promise<Envelope> {
  return (await (await fetch(`${origin}${path}`)).json()) as Envelope;
}

let data: ServerData;
const running: Running[] = [];

beforeAll(async () => {
  data = await serverDataCreate('money-durability');
});

afterAll(async () => {
  for (const server of running) await serverStop(server, 'SIGKILL');
  await data?.remove();
});

describe('payouts and casino rounds under a kill -9', () => {
  it('answers every in-doubt key with its true outcome after a restart, with a clean ledger', async () => {
    // Players and their funding are written before the server starts (PGlite allows one process per folder).
    const setup = await data.open();
    const sessions: { uid: number; sid: string }[] = [];
    try {
      for (let index = 0; index < PLAYERS; index += 1) {
        // Registered players with a verified identity: a tourist may not withdraw (decision 019), nor an unverified
        // Brazilian (decision 037).
        const session = await sessionIssue(setup.db, await userInsert(setup.db, 'piranha', false), new Date());
        // A Brazilian brand's law asks a loss limit of every player before they play (decision 057).
        await mandatoryLimitSeed(setup.db, session.uid, 'piranha', new Date());
        await setup.db.execute(
          sql`insert into kyc_checks (user_id, state, document_type, document_number, birth_date, provider_ref, updated_at)
            values (${session.uid}, 'verified', 'ID', ${`T${session.uid}`}, '1990-01-01', ${`fixture_${session.uid}`}, now())`,
        );
        await transaction(setup.db, (tx) =>
          ledgerTransfer(tx, {
            kind: 'deposit',
            externalRef: `money-durability-${session.uid}`,
            lines: [
              { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -FUNDING_MINOR },
              { account: { userId: session.uid, currency: 'BRL' }, amountMinor: FUNDING_MINOR },
            ],
          }),
        );
        sessions.push({ uid: session.uid, sid: session.sid });
      }
    } finally {
      await setup.close();
    }

    const first = await serverStart(data.env);
    running.push(first);
    const players: Player[] = [];
    for (const session of sessions) {
      const signedIn = `uid=${session.uid}&sid=${encodeURIComponent(session.sid)}`;
      const saved = await post(first.origin, `/api/piranha/finance/account/elements/set?${signedIn}`, { channel: 'PIX', elements: PIX_ACCOUNT });
      expect(saved.dm_error).toBe(0);
      const launch = await get(first.origin, `/api/piranha/pg_game/hall/launch?${signedIn}&game_platform=house&game_id=dice`);
      expect(launch.dm_error).toBe(0);
      players.push({ ...session, token: launch.data.token });
    }

    const sent: Sent[] = [];
    const acks = { payout: 0, round: 0 };
    let killed = false;
    let killing: ReturnType<typeof setTimeout> | undefined;
    const client = async (player: Player, kind: Sent['kind']) => {
      while (!killed) {
        const body =
          kind === 'payout'
            ? { channel: 'PIX', amount: 10_000 + Math.floor(Math.random() * 5000), currency: 'BRL' }
            : { token: player.token, game_id: 'dice', bet: 100 + Math.floor(Math.random() * 100), params: DICE };
        const request: Sent = { kind, player, key: `money-durability-${randomBytes(12).toString('hex')}`, body, before: undefined };
        sent.push(request);
        try {
          request.before = await post(first.origin, pathOf(request), body, request.key);
        } catch {
          // The connection died with the server: this key is in doubt.
          if (killed) return;
          throw new Error(`${kind} failed before the kill:\n${first.output()}`);
        }
        acks[kind] += 1;
        if (acks.payout >= ACKS_BEFORE_KILL && acks.round >= ACKS_BEFORE_KILL && !killing) {
          // Mid-load, at a moment unrelated to this answer: the other clients' requests are in flight, some between
          // their commit and their answer.
          killing = setTimeout(() => {
            killed = true;
            first.child.kill('SIGKILL');
          }, Math.random() * 200);
        }
      }
    };
    await Promise.all(players.flatMap((player) => [client(player, 'payout'), client(player, 'round'), client(player, 'round')]));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    // Nothing was refused before the kill: every answer that arrived is a payout order or a played round.
    expect(sent.filter((request) => request.before && request.before.dm_error !== 0).map((request) => request.before)).toEqual([]);

    // The restart: every key is retried with its own request until it stops answering REQUEST_IN_PROGRESS.
    const second = await serverStart(data.env);
    running.push(second);
    const deadline = Date.now() + RESOLVE_WITHIN_MS;
    let open = sent;
    while (open.length > 0) {
      for (const request of open) {
        const answer = await post(second.origin, pathOf(request), request.body, request.key);
        if (answer.dm_error !== ERRORS.REQUEST_IN_PROGRESS.code) request.after = answer;
      }
      open = open.filter((request) => request.after === undefined);
      if (open.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${open.length} keys still in progress after the restart:\n${second.output()}`);
      await delay(250);
    }
    await serverStop(second, 'SIGTERM');

    // An answer that got out before the kill is the key's answer still.
    for (const request of sent.filter((entry) => entry.before)) expect(request.after, request.key).toStrictEqual(request.before);
    // An in-doubt key answers what became of its request: done, or a round that never took its stake.
    const inDoubt = sent.filter((request) => !request.before);
    expect(inDoubt.length).toBeGreaterThan(0);
    for (const request of inDoubt) {
      const allowed = request.kind === 'payout' ? [0] : [0, ERRORS.CASINO_ROUND_VOID.code];
      expect(allowed, `${request.kind} ${request.key}: ${JSON.stringify(request.after)}`).toContain(request.after!.dm_error);
    }

    const check = await data.open();
    try {
      const uids = sql.join(
        players.map((player) => sql`${player.uid}`),
        sql`, `,
      );
      const orders = await rowsOf<{ order_id: string; user_id: string; amount_minor: string; status: number; provider_ref: string }>(
        check.db,
        sql`select order_id, user_id, amount_minor, status, provider_ref from payment_orders where direction = 'payout' and user_id in (${uids})`,
      );
      const rounds = await rowsOf<{ public_id: string; user_id: string; stake: string; win: string; status: string }>(
        check.db,
        sql`select public_id, user_id, stake, win, status from casino_rounds where user_id in (${uids})`,
      );
      // Every payout order is the answer of exactly one key, and the provider was asked to pay each.
      const payoutAnswers = sent.filter((request) => request.kind === 'payout').map((request) => request.after!.data.order_id as string);
      expect(new Set(payoutAnswers).size).toBe(payoutAnswers.length);
      expect(orders.map((order) => order.order_id).sort()).toEqual([...payoutAnswers].sort());
      expect(orders.filter((order) => order.status !== 1 || order.provider_ref === order.order_id)).toEqual([]);
      // Every round that took money is the answer of exactly one key and is settled; the others were voided.
      const roundAnswers = sent
        .filter((request) => request.kind === 'round' && request.after!.dm_error === 0)
        .map((request) => request.after!.data.round_id as string);
      expect(new Set(roundAnswers).size).toBe(roundAnswers.length);
      const charged = rounds.filter((round) => round.status !== 'void');
      expect(charged.map((round) => round.public_id).sort()).toEqual([...roundAnswers].sort());
      expect(charged.filter((round) => round.status !== 'settled')).toEqual([]);
      for (const request of sent.filter((entry) => entry.kind === 'round' && entry.after!.dm_error === 0)) {
        const round = charged.find((entry) => entry.public_id === request.after!.data.round_id)!;
        expect(request.after!.data).toMatchObject({ status: 'settled', bet: Number(round.stake), win: Number(round.win) });
      }

      expect(await ledgerAudit(check.db)).toEqual({ walletDrift: [], unbalancedTransfers: [], thinTransfers: [] });
      const wallets = await rowsOf<{ user_id: string; balance_minor: string }>(
        check.db,
        sql`select user_id, balance_minor from wallets where currency = 'BRL' and user_id in (${uids})`,
      );
      for (const player of players) {
        const paidOut = orders.filter((order) => Number(order.user_id) === player.uid).reduce((sum, order) => sum + Number(order.amount_minor), 0);
        const played = charged.filter((round) => Number(round.user_id) === player.uid).reduce((sum, round) => sum - Number(round.stake) + Number(round.win), 0);
        const wallet = wallets.find((row) => Number(row.user_id) === player.uid);
        expect(Number(wallet!.balance_minor), `wallet of ${player.uid}`).toBe(FUNDING_MINOR - paidOut + played);
      }
    } finally {
      await check.close();
    }
  }, 240_000);
});

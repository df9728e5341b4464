import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { externalProvidersLoad } from '../src/modules/casino/casino-catalogue.ts';
import { walletBalanceOf } from '../src/modules/casino/casino-wallet.repository.ts';
import { balanceOf, CASINO_ENV, expectLedgerClean, fund } from './casino-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

/**
 * Orca Games (apps/provider, decision 072) as what it is: a separate process that reaches our seamless wallet over
 * HTTP. Between the two sits a small proxy that loses what a real network loses — an answer after the wallet applied
 * the call, a call that never arrives until after its rollback, the provider itself killed -9 mid-round — and each
 * test checks our ledger: every stake taken once and either paid to the round's outcome or given back, once.
 */
const ROOT = new URL('../../..', import.meta.url).pathname;
const SECRET = 'orca-test-wallet-secret-0123456789abcdef';
const GAME = 'splash-dice-50';
const STAKE = 100;
const START_BALANCE = 10_000;

type Fault = 'pass' | 'drop-answer' | 'hold' | 'kill-after-apply';
interface Held {
  path: string;
  raw: string;
  headers: Record<string, string>;
  response: ServerResponse;
}

let t: TestApp;
let appOrigin: string;
let proxy: Server;
let proxyOrigin: string;
let dir: string;
let providersFile: string;
/** Decides what happens to each wallet call that crosses the proxy (by call path). */
let faultOf: (path: string, body: Record<string, unknown>) => Fault = () => 'pass';
const seen: { path: string; body: Record<string, unknown> }[] = [];
const held: Held[] = [];
let killTarget: ChildProcess | undefined;
const children: ChildProcess[] = [];

function walletHeaders(request: IncomingMessage): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-wallet-partner': String(request.headers['x-wallet-partner'] ?? ''),
    'x-wallet-signature': String(request.headers['x-wallet-signature'] ?? ''),
  };
}

async function forward(path: string, raw: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(`${appOrigin}${path}`, { method: 'POST', headers, body: raw });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'orca-test-'));
  providersFile = join(dir, 'providers.json');
  writeFileSync(
    providersFile,
    JSON.stringify([
      {
        platform: 'orca',
        secret: SECRET,
        launch_url_template: 'http://127.0.0.1:9/games/{game_id}?token={token}&user={user}&lang={lang}&currency={currency}',
        games: [{ game_id: GAME, name: 'Splash Dice 50', category: 'mini', rtp: 98.9951 }],
      },
    ]),
  );
  t = await testAppCreate({ env: { ...CASINO_ENV, CASINO_PROVIDERS_FILE: providersFile } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appOrigin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  proxy = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ path, body });
      const fault = faultOf(path, body);
      const headers = walletHeaders(request);
      if (fault === 'hold') {
        held.push({ path, raw, headers, response });
        return;
      }
      void forward(path, raw, headers).then((answer) => {
        if (fault === 'drop-answer') {
          // Applied by the wallet, and the answer lost on the way back.
          request.socket.destroy();
          return;
        }
        if (fault === 'kill-after-apply') {
          killTarget?.kill('SIGKILL');
          request.socket.destroy();
          return;
        }
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
      });
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 180_000);

afterEach(() => {
  faultOf = () => 'pass';
  seen.length = 0;
  for (const entry of held.splice(0)) entry.response.destroy();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await expectLedgerClean(t);
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Provider {
  child: ChildProcess;
  origin: string;
  output: () => string;
  exited: Promise<void>;
}

/** Starts Orca as `npm start` does (its own process, its own data dir), pointed at the proxy; resolves once it is ready. */
async function providerStart(dataDir: string, env: Record<string, string> = {}): Promise<Provider> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/provider/src/provider-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      CASINO_PROVIDERS_FILE: providersFile,
      ORCA_PORT: '0',
      ORCA_DATA_DIR: dataDir,
      ORCA_WALLET_URL: proxyOrigin,
      ORCA_WALLET_TIMEOUT_MS: '2000',
      ORCA_WALLET_ATTEMPTS: '3',
      ORCA_WALLET_BACKOFF_MS: '20',
      ORCA_SWEEP_MS: '600000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<string>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
      if (origin && output.includes('orca: ready')) resolve(origin);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    void exited.then(() => reject(new Error(`orca exited before it was ready:\n${output}`)));
  });
  return { child, origin: await ready, output: () => output, exited };
}

/** A funded player who launched the Orca game from our hall: what the launch URL hands the provider's page. */
async function orcaPlayer() {
  const session = await t.session();
  await fund(t, session.uid, START_BALANCE);
  const launch = envelopeOf(await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'orca', game_id: GAME }) }));
  expect(launch.dm_error).toBe(0);
  const url = new URL(launch.data.game_url);
  expect(url.searchParams.get('user')).toBe(String(session.uid));
  return { session, body: { token: launch.data.token as string, user: String(session.uid), game_id: GAME, currency: 'BRL' } };
}

async function roundPost(origin: string, body: Record<string, unknown>) {
  const response = await fetch(`${origin}/api/round`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

/** Our ledger's casino transfers for one Orca round, by kind. */
async function roundTransfers(roundId: string): Promise<Record<string, number>> {
  const rows = await t.rows<{ kind: string; count: number }>(
    sql`select kind, count(*)::int as count from transfers where external_ref like ${`orca:${roundId}:%`} group by kind order by kind`,
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.count]));
}

function journalRounds(dataDir: string): Record<string, any>[] {
  return readFileSync(join(dataDir, 'rounds.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, any>);
}

describe("an external provider's launch URL and frame", () => {
  it('accepts a plain-http launch URL on this machine outside production only, and lets our pages frame its origin', async () => {
    const entry = (template: string) => {
      const file = join(dir, `providers-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, JSON.stringify([{ platform: 'orca', secret: SECRET, launch_url_template: template, games: [] }]));
      return file;
    };
    expect(externalProvidersLoad(entry('http://localhost:8090/games/{game_id}?token={token}'))[0]!.platform).toBe('orca');
    expect(() => externalProvidersLoad(entry('http://127.0.0.1:8090/games/{game_id}'), { production: true })).toThrow(/https URL/);
    expect(() => externalProvidersLoad(entry('http://games.example.com/{game_id}'))).toThrow(/https URL/);
    expect(() => externalProvidersLoad(entry('http://127.0.0.1.example.com/{game_id}'))).toThrow(/https URL/);
    const csp = (await t.get('/healthz')).headers['content-security-policy'];
    expect(String(csp)).toMatch(/frame-src 'self' [^;]*http:\/\/127\.0\.0\.1:9[ ;]/);
  });
});

describe('Orca Games, a provider in its own process, against our seamless wallet', () => {
  it('shows the balance our wallet holds and settles a round it plays', async () => {
    const provider = await providerStart(join(dir, 'plain'));
    const player = await orcaPlayer();
    const balance = await fetch(`${provider.origin}/api/balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(player.body),
    });
    expect(await balance.json()).toEqual({ balance_minor: START_BALANCE, currency: 'BRL' });
    const round = await roundPost(provider.origin, { ...player.body, stake_minor: STAKE });
    expect(round.status).toBe(200);
    expect(round.json.phase).toBe('settled');
    expect(round.json.balance_minor).toBe(START_BALANCE - STAKE + round.json.win_minor);
    expect(await balanceOf(t, player.session)).toBe(START_BALANCE - STAKE + round.json.win_minor);
    expect(await roundTransfers(round.json.round_id)).toEqual(round.json.win_minor > 0 ? { casino_bet: 1, casino_win: 1 } : { casino_bet: 1 });
    // A stake the game does not allow never reaches the wallet.
    const before = seen.length;
    expect((await roundPost(provider.origin, { ...player.body, stake_minor: 1 })).json).toEqual({ error: 'stake_invalid' });
    expect(seen.length).toBe(before);
  });

  it('sends a bet whose answer was lost again under the same id, and our wallet takes the stake once', async () => {
    const provider = await providerStart(join(dir, 'lost'));
    const player = await orcaPlayer();
    let dropped = false;
    faultOf = (path) => {
      if (path.endsWith('/transaction/bet') && !dropped) {
        dropped = true;
        return 'drop-answer';
      }
      return 'pass';
    };
    const round = await roundPost(provider.origin, { ...player.body, stake_minor: STAKE });
    expect(round.status).toBe(200);
    expect(round.json.phase).toBe('settled');
    const bets = seen.filter((call) => call.path.endsWith('/transaction/bet'));
    expect(bets).toHaveLength(2);
    expect(bets[1]!.body.transaction_uuid).toBe(bets[0]!.body.transaction_uuid);
    expect(bets[1]!.body.request_uuid).not.toBe(bets[0]!.body.request_uuid);
    // One debit in the ledger, and the balance the round's outcome says.
    expect(await roundTransfers(round.json.round_id)).toEqual(round.json.win_minor > 0 ? { casino_bet: 1, casino_win: 1 } : { casino_bet: 1 });
    expect(await balanceOf(t, player.session)).toBe(START_BALANCE - STAKE + round.json.win_minor);
  });

  it('rolls back a bet whose fate stays unknown; the bet arriving after its rollback is refused and nothing moves', async () => {
    const provider = await providerStart(join(dir, 'late'), { ORCA_WALLET_TIMEOUT_MS: '300', ORCA_WALLET_ATTEMPTS: '2' });
    const player = await orcaPlayer();
    faultOf = (path) => (path.endsWith('/transaction/bet') ? 'hold' : 'pass');
    const round = await roundPost(provider.origin, { ...player.body, stake_minor: STAKE });
    expect(round.status).toBe(503);
    expect(round.json.error).toBe('wallet_unavailable');
    expect(round.json.round.phase).toBe('void');
    expect(seen.filter((call) => call.path.endsWith('/transaction/rollback'))).toHaveLength(1);
    // The bet the network held back arrives now, after its rollback: the tombstone refuses it.
    const late = held.shift()!;
    const answer = await forward(late.path, late.raw, late.headers);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await roundTransfers(round.json.round.round_id)).toEqual({});
    expect(await balanceOf(t, player.session)).toBe(START_BALANCE);
  });

  it('finishes a round once when the provider was killed -9 after our wallet took the bet and before it heard so', async () => {
    const dataDir = join(dir, 'killed');
    const first = await providerStart(dataDir);
    const player = await orcaPlayer();
    killTarget = first.child;
    faultOf = (path) => (path.endsWith('/transaction/bet') ? 'kill-after-apply' : 'pass');
    await expect(roundPost(first.origin, { ...player.body, stake_minor: STAKE })).rejects.toThrow();
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    // The journal has the round and no answer for its bet; our wallet has the stake.
    const lines = journalRounds(dataDir);
    const round = lines.find((line) => line.t === 'round')!.round as { roundId: string; winMinor: number };
    expect(lines.filter((line) => line.roundId === round.roundId)).toEqual([]);
    expect(await roundTransfers(round.roundId)).toEqual({ casino_bet: 1 });
    expect(await balanceOf(t, player.session)).toBe(START_BALANCE - STAKE);

    faultOf = () => 'pass';
    const second = await providerStart(dataDir);
    expect(second.output()).toContain('orca: reconciled 1 settled, 0 void, 0 waiting');
    expect(await roundTransfers(round.roundId)).toEqual(round.winMinor > 0 ? { casino_bet: 1, casino_win: 1 } : { casino_bet: 1 });
    expect(await balanceOf(t, player.session)).toBe(START_BALANCE - STAKE + round.winMinor);
    // The replayed bet got our stored answer: the same id, no second debit.
    const replays = seen.filter((call) => call.path.endsWith('/transaction/bet'));
    expect(replays.map((call) => call.body.transaction_uuid)).toEqual([`${round.roundId}:bet`, `${round.roundId}:bet`]);
    // A third start finds nothing left to do.
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await providerStart(dataDir);
    expect(third.output()).not.toContain('reconciled');
  });

  it('rolls back, once, a round whose bet never reached our wallet before the kill and whose token has since died', async () => {
    const dataDir = join(dir, 'killed-early');
    const first = await providerStart(dataDir);
    const player = await orcaPlayer();
    faultOf = (path) => {
      if (path.endsWith('/transaction/bet')) first.child.kill('SIGKILL');
      return 'hold';
    };
    await expect(roundPost(first.origin, { ...player.body, stake_minor: STAKE })).rejects.toThrow();
    await first.exited;
    const round = journalRounds(dataDir).find((line) => line.t === 'round')!.round as { roundId: string };
    // The player signs out meanwhile: the bet, sent again at the restart, is refused, so the round is rolled back.
    expect(envelopeOf(await t.post('/api/piranha/user/account/logout', { query: signedIn(player.session) })).dm_error).toBe(0);
    faultOf = () => 'pass';
    const second = await providerStart(dataDir);
    expect(second.output()).toContain('orca: reconciled 0 settled, 1 void, 0 waiting');
    expect(await roundTransfers(round.roundId)).toEqual({});
    // The rollback left a tombstone under the bet's id, so the bet can never be taken later.
    const tombstone = await t.rows<{ state: string }>(
      sql`select state from casino_wallet_txns where partner = 'orca' and transaction_uuid = ${`${round.roundId}:bet`}`,
    );
    expect(tombstone).toEqual([{ state: 'rolled_back' }]);
    // The bet the network held arrives at last: refused (its token died first), nothing moves.
    const late = held.shift()!;
    expect(JSON.parse((await forward(late.path, late.raw, late.headers)).text).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await walletBalanceOf(t.db, player.session.uid, 'BRL')).toBe(START_BALANCE);
  });
});

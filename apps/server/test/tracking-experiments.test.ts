import { ERRORS, SESSION_HANDOFF_TTL_MS, accountInfoQuery, sessionHandoffCreate, sessionHandoffRedeem } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

/** A session as the uid/sid common parameters. */
const sessionQuery = (session: { uid: number; sid: string }) => ({ uid: String(session.uid), sid: session.sid });

/** The dynconfig switches of issue 25 on the server: the ops setter, the domain change's session handoff, game rounds in a journey (decision 033). */
let t: TestApp;
const OPS_TOKEN = 'experiments-ops-token-0123456789';
const NEW_ORIGIN = 'http://localhost:4321';
const ops = { authorization: `Bearer ${OPS_TOKEN}` };

beforeAll(async () => {
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', OPS_TOKEN } });
});
afterAll(async () => {
  await t.close();
});

const dynconfigSet = (body: unknown, headers: Record<string, string> = ops) => t.post('/api/ops/dynconfig', { body, headers }).then(envelopeOf);
const create = (session: { uid: number; sid: string }, target: string) =>
  t.post(sessionHandoffCreate.path, { body: { target }, query: sessionQuery(session) }).then(envelopeOf);
const redeem = (code: string, origin = NEW_ORIGIN, headers: Record<string, string> = {}) =>
  t.post(sessionHandoffRedeem.path, { body: { code }, headers: { origin, ...headers } }).then(envelopeOf);

describe('POST /api/ops/dynconfig', () => {
  it('needs the operator token, validates hosts as origins, and merges settings', async () => {
    expect((await dynconfigSet({ key: 'vip_club', enabled: 0 }, {})).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expect((await dynconfigSet({ key: 'vip_club', enabled: 0 }, { authorization: 'Bearer wrong' })).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    for (const configs of [{ api_host: 'javascript:alert(1)' }, { maidian_host: 'https://evil.example/path' }, { domain: 'ftp://x.example' }]) {
      const answer = await dynconfigSet({ key: 'domain_change', enabled: 1, configs });
      expect(answer.dm_error, JSON.stringify(configs)).toBe(ERRORS.VALIDATION_FAILED.code);
    }
    expect((await dynconfigSet({ key: 'no_such_key', enabled: 1 })).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect((await dynconfigSet({ key: 'ui_v3_ab', enabled: 1, b_percent: 101 })).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    const set = await dynconfigSet({ key: 'global_config', enabled: 1, configs: { api_host: 'https://api.piranha.bet' } });
    expect(set.dm_error).toBe(0);
    // The stored regionDefaultLang survives a change of another setting.
    expect(set.data.configs).toMatchObject({ api_host: 'https://api.piranha.bet', regionDefaultLang: { BR: 'pt-BR' } });
    await dynconfigSet({ key: 'global_config', enabled: 1, configs: { api_host: '' } });
  });
});

describe('domain change: session handoff', () => {
  it('refuses a code while the switch is off, or for any origin but the configured one', async () => {
    const player = await t.player();
    await dynconfigSet({ key: 'domain_change', enabled: 0, configs: { domain: NEW_ORIGIN } });
    expect((await create(player, NEW_ORIGIN)).dm_error).toBe(ERRORS.HANDOFF_TARGET_NOT_ALLOWED.code);
    await dynconfigSet({ key: 'domain_change', enabled: 1, configs: { domain: NEW_ORIGIN } });
    const wrong = await create(player, 'http://evil.example');
    expect(wrong).toMatchObject({ dm_error: ERRORS.HANDOFF_TARGET_NOT_ALLOWED.code, data: { field: 'target' } });
    expect((await t.post(sessionHandoffCreate.path, { body: { target: NEW_ORIGIN } }).then(envelopeOf)).dm_error).not.toBe(0);
  });

  it('moves the player: the code opens a new session of the same uid on the new origin, once', async () => {
    const player = await t.player();
    await dynconfigSet({ key: 'domain_change', enabled: 1, configs: { domain: NEW_ORIGIN } });
    const made = await create(player, NEW_ORIGIN);
    expect(made.dm_error).toBe(0);
    expect(made.data).toMatchObject({ expires_in: SESSION_HANDOFF_TTL_MS / 1000 });
    const code = made.data.code as string;
    // Only the code's hash is stored.
    const stored = await t.rows<{ n: number }>(sql`select count(*)::int as n from session_handoffs where code_hash = ${code}`);
    expect(stored[0]!.n).toBe(0);

    const moved = await redeem(code);
    expect(moved.dm_error).toBe(0);
    expect(moved.data.uid).toBe(player.uid);
    expect(moved.data.sid).not.toBe(player.sid);
    const info = envelopeOf(await t.get(accountInfoQuery.path, { query: sessionQuery({ uid: moved.data.uid as number, sid: moved.data.sid as string }) }));
    expect(info.dm_error).toBe(0);
    expect(info.data.uid).toBe(player.uid);

    expect(await redeem(code)).toMatchObject({ dm_error: ERRORS.HANDOFF_INVALID.code, data: { field: 'code' } });
  });

  it('refuses a code on another origin, for another brand, after its minute, or made up', async () => {
    const player = await t.player();
    await dynconfigSet({ key: 'domain_change', enabled: 1, configs: { domain: NEW_ORIGIN } });
    const code = (await create(player, NEW_ORIGIN)).data.code as string;
    expect((await redeem(code, 'http://127.0.0.1:4321')).dm_error).toBe(ERRORS.HANDOFF_INVALID.code);
    expect((await redeem(code, NEW_ORIGIN, { 'app-key': 'aguila' })).dm_error).toBe(ERRORS.HANDOFF_INVALID.code);
    expect((await redeem('A'.repeat(43))).dm_error).toBe(ERRORS.HANDOFF_INVALID.code);
    expect((await redeem('short')).dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    // Its minute over, even the right origin is refused.
    t.clock.advance(SESSION_HANDOFF_TTL_MS + 1);
    expect((await redeem(code)).dm_error).toBe(ERRORS.HANDOFF_INVALID.code);
  });
});

describe('game rounds in a journey', () => {
  it("lists a player's wallet bets as game_round events, and drops a client's forged game_round", async () => {
    const player = await t.player();
    const forged = await t.post('/api/v1/component/ad/md/upload', {
      body: { events: [{ event: 'game_round', eid: 'forged-round-0001', uuid: 'visitor-rounds-01', time: CLOCK_START.getTime(), cc: 'BR', cv: 'PIRANH_1.0' }] },
      query: signedIn(player),
    });
    expect(envelopeOf(forged).data.accepted).toBe(0);
    await t.rows(sql`insert into casino_wallet_txns (partner, transaction_uuid, kind, user_id, currency, amount, round, game_code, request_hash, state)
      values ('house', 'journey-bet-1', 'bet', ${player.uid}, 'BRL', 500, 'r-1', 'dice', 'h1', 'settled'),
             ('house', 'journey-win-1', 'win', ${player.uid}, 'BRL', 900, 'r-1', 'dice', 'h2', 'settled'),
             ('house', 'journey-bet-2', 'bet', ${player.uid}, 'BRL', 500, 'r-2', 'dice', 'h3', 'rolled_back')`);
    const answer = envelopeOf(await t.get('/api/ops/tracking/events', { query: { app_key: 'piranha', uid: String(player.uid) }, headers: ops }));
    expect(answer.dm_error).toBe(0);
    expect(answer.data.events).toEqual([
      {
        event: 'game_round',
        user_id: player.uid,
        visitor: null,
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        params: { game_id: 'dice', round: 'r-1', free: false },
      },
    ]);
    const other = envelopeOf(await t.get('/api/ops/tracking/events', { query: { app_key: 'aguila', uid: String(player.uid) }, headers: ops }));
    expect(other.data.events).toEqual([]);
  });
});

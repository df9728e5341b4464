import { ERRORS, type LoginInfo } from '@piranha/contract';
import { casinoGameInfo, prizeWithholdingMinor, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../src/db/transaction.ts';
import { bonusDepositEventsConsume } from '../src/modules/bonus/bonus-engine.service.ts';
import { bonusFreeRoundWinsConsume } from '../src/modules/bonus/bonus-free-rounds.service.ts';
import { bonusGrant } from '../src/modules/bonus/bonus-ledger.service.ts';
import { campaignFind, campaignInsert } from '../src/modules/bonus/bonus.repository.ts';
import { bonusPass } from '../src/modules/bonus/bonus-jobs.ts';
import {
  codeMake,
  googleTestKeysCreate,
  PASSWORD,
  sessionOf,
  smidUnique,
  SOCIAL,
  VISITOR_LOGIN,
  BIND_CHECK,
  BIND_EMAIL,
  SIGNUP_ACCEPT,
  type GoogleTestKeys,
} from './account-fixtures.ts';
import { jurisdictionOfKey } from '../src/modules/safer-play/safer-play.service.ts';
import { NO_WAGERING_TERMS } from './bonus-fixtures.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { DAY_MS, envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, playerFund } from './payments-fixtures.ts';

/**
 * Free rounds, awards, promotions and the social / tourist sign-up bonus through the bonus engine (decision 043):
 * each grant exactly once however many requests race, winnings landing once where the campaign says, the ledger
 * balanced.
 */
let t: TestApp;
let google: GoogleTestKeys;
const BONUS = '/api/piranha/bonus';
const BRAND = 'aguila';
const CURRENCY = 'MXN';
const OPS_TOKEN = 'bonus-free-rounds-ops-token-0123456789';
const GAME = 'neon-koi';
const STAKE = casinoGameInfo(GAME).betMinMinor;

beforeAll(async () => {
  google = await googleTestKeysCreate(() => t.clock.now());
  t = await testAppCreate({
    env: {
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_USER: '100000',
      AUTH_IP_CODE_SENDS_PER_HOUR: '1000',
      AUTH_IP_FAILURES_PER_HOUR: '1000',
      OPS_TOKEN,
      GOOGLE_JWKS_FILE: google.jwksFile,
    },
  });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

const ops = (path: string, body: unknown) => t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` }, body });

async function campaignCreate(id: string, freeRounds: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const terms = { ...NO_WAGERING_TERMS, purpose: 'loyalty', wagering: { multiplier: 2, base: 'bonus' }, free_rounds: freeRounds, ...extra };
  return envelopeOf(await ops('/campaign/create', { id, kind: 'free_rounds', terms }));
}

async function codeCreate(code: string, campaignId: string, usesMax: number) {
  const expire = Math.floor((t.clock.now().getTime() + DAY_MS) / 1000);
  expect(envelopeOf(await ops('/code/create', { code, campaign_id: campaignId, uses_max: usesMax, expire_time: expire })).dm_error).toBe(0);
}

async function launch(session: IssuedSession) {
  const answer = envelopeOf(
    await t.get('/api/piranha/pg_game/hall/launch', { query: signedIn(session, { game_platform: 'house', game_id: GAME, currency: CURRENCY }) }),
  );
  expect(answer.dm_error).toBe(0);
  return answer.data.token as string;
}

const freeSpin = async (token: string) =>
  envelopeOf(await t.post('/api/studio/house/round', { body: { token, game_id: GAME, bet: STAKE, params: {}, free_round: 1 } }));

async function bonusBalanceOf(userId: number): Promise<number> {
  const [row] = await t.rows<{ balance_minor: string }>(sql`select balance_minor from bonus_wallets where user_id = ${userId} and currency = ${CURRENCY}`);
  return Number(row?.balance_minor ?? 0);
}

describe('free_rounds campaigns', () => {
  it('refuses terms naming a game that is not a house slot or a stake outside its limits', async () => {
    expect((await campaignCreate(`${BRAND}:fr-dice`, { game_id: 'dice', rounds: 5, stake_minor: STAKE, win_to: 'cash', on: 'code' })).dm_error).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
    expect((await campaignCreate(`${BRAND}:fr-tiny`, { game_id: GAME, rounds: 5, stake_minor: STAKE - 1, win_to: 'cash', on: 'code' })).dm_error).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
    expect((await campaignCreate(`${BRAND}:fr-none`, { game_id: GAME, rounds: 0, stake_minor: STAKE, win_to: 'cash', on: 'code' })).dm_error).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
  });

  it('grants one set of rounds when 20 players race for a single-use code; the winner plays them for cash', async () => {
    const campaign = `${BRAND}:fr-cash`;
    expect((await campaignCreate(campaign, { game_id: GAME, rounds: 3, stake_minor: STAKE, win_to: 'cash', on: 'code' })).dm_error).toBe(0);
    await codeCreate('SPINS-ONCE', campaign, 1);
    const players = await Promise.all(Array.from({ length: 20 }, () => t.session(BRAND)));
    const check = envelopeOf(await t.get(`${BONUS}/promo_code/check`, { query: signedIn(players[0]!, { code: 'SPINS-ONCE' }) }));
    expect(check.data).toMatchObject({ amount: 3 * STAKE, currency: CURRENCY });
    const answers = await Promise.all(
      players.map(async (player) => envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(player), body: { code: 'SPINS-ONCE' } }))),
    );
    const won = answers.flatMap((answer, index) => (answer.dm_error === 0 ? [{ answer, player: players[index]! }] : []));
    expect(won).toHaveLength(1);
    const { answer, player } = won[0]!;
    expect(answer.data).toMatchObject({ kind: 'free_rounds', campaign_id: campaign, free_rounds: { game_id: GAME, rounds: 3, bet: STAKE, win_to: 'cash' } });
    const [count] = await t.rows<{ n: string }>(sql`select count(*) as n from casino_free_rounds where campaign_id = ${campaign}`);
    expect(Number(count!.n)).toBe(1);

    const query = signedIn(player);
    expect(envelopeOf(await t.get(`${BONUS}/free_rounds/total`, { query })).data).toEqual({ total_free_rounds: 3, free_game_count: 1 });
    const available = envelopeOf(await t.get(`${BONUS}/free_rounds/available`, { query })).data;
    expect(available.list).toHaveLength(1);
    expect(available.list[0]).toMatchObject({ game_id: GAME, remaining: 3, status: 'available', win_to: 'cash' });
    // Shown in the redeem answer: new_bonus does not pop it up again.
    expect(envelopeOf(await t.get(`${BONUS}/new_bonus`, { query })).data.bonus_id).toBe('');

    const token = await launch(player);
    // Mexico withholds its prize tax from each winning round, free ones too (decision 050): the cash is the wins less it.
    const profile = jurisdictionOfKey(BRAND);
    let wins = 0;
    let paid = 0;
    for (let i = 0; i < 3; i += 1) {
      const round = await freeSpin(token);
      expect(round.dm_error).toBe(0);
      wins += round.data.win;
      paid += round.data.win - prizeWithholdingMinor(profile, 0, round.data.win);
    }
    expect(await balanceOf(t, player, CURRENCY)).toBe(paid);
    await bonusPass(t.db, t.clock.now());
    const [bonuses] = await t.rows<{ n: string }>(sql`select count(*) as n from bonuses where campaign_id = ${campaign}`);
    expect(Number(bonuses!.n)).toBe(0);
    const used = envelopeOf(await t.get(`${BONUS}/free_rounds/unavailable`, { query })).data;
    expect(used.list[0]).toMatchObject({ status: 'used', remaining: 0, win_total: wins });
  });

  it('pays a bonus-paying grant no cash and turns its total win into exactly one bonus once the grant is done', async () => {
    const campaign = `${BRAND}:fr-bonus`;
    expect((await campaignCreate(campaign, { game_id: GAME, rounds: 60, stake_minor: STAKE, win_to: 'bonus', on: 'code' })).dm_error).toBe(0);
    await codeCreate('SPINS-BONUS', campaign, 5);
    const player = await t.session(BRAND);
    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(player), body: { code: 'SPINS-BONUS' } })).dm_error).toBe(0);
    const token = await launch(player);
    // Play until a round wins (a slot pays within a few dozen spins); the rest lapse.
    let wins = 0;
    for (let i = 0; i < 60 && wins === 0; i += 1) wins += (await freeSpin(token)).data.win;
    expect(wins).toBeGreaterThan(0);
    expect(await balanceOf(t, player, CURRENCY)).toBe(0);
    // Rounds remain and the grant has not lapsed: nothing is granted yet.
    expect(await bonusFreeRoundWinsConsume(t.db, t.clock.now())).toBe(0);
    const later = new Date(t.clock.now().getTime() + 8 * DAY_MS);
    const passes = await Promise.all(Array.from({ length: 20 }, () => bonusFreeRoundWinsConsume(t.db, later)));
    expect(passes.reduce((sum, n) => sum + n, 0)).toBe(1);
    const rows = await t.rows<{ amount_minor: string; requirement_minor: string; trigger_ref: string }>(
      sql`select amount_minor, requirement_minor, trigger_ref from bonuses where campaign_id = ${campaign} and user_id = ${player.uid}`,
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.amount_minor)).toBe(wins);
    expect(Number(rows[0]!.requirement_minor)).toBe(2 * wins);
    expect(await bonusBalanceOf(player.uid)).toBe(wins);
    expect(await balanceOf(t, player, CURRENCY)).toBe(0);
    // The grant is closed: a later pass grants nothing more.
    expect(await bonusFreeRoundWinsConsume(t.db, later)).toBe(0);
  });

  it('closes a finished grant without a win and grants nothing', async () => {
    const campaign = `${BRAND}:fr-bonus-lapse`;
    expect((await campaignCreate(campaign, { game_id: GAME, rounds: 2, stake_minor: STAKE, win_to: 'bonus', on: 'code' })).dm_error).toBe(0);
    await codeCreate('SPINS-LAPSE', campaign, 1);
    const player = await t.session(BRAND);
    expect(envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(player), body: { code: 'SPINS-LAPSE' } })).dm_error).toBe(0);
    const later = new Date(t.clock.now().getTime() + 8 * DAY_MS);
    expect(await bonusFreeRoundWinsConsume(t.db, later)).toBe(0);
    const [grant] = await t.rows<{ win_settled_at: string | null }>(sql`select win_settled_at from casino_free_rounds where campaign_id = ${campaign}`);
    expect(grant!.win_settled_at).not.toBeNull();
  });

  it('grants first-deposit free rounds once however often the deposit is consumed, and new_bonus answers free_round_bonus once', async () => {
    const campaign = `${BRAND}:fr-first`;
    const created = await campaignCreate(
      campaign,
      { game_id: GAME, rounds: 10, stake_minor: STAKE, win_to: 'bonus', on: 'first_deposit' },
      { purpose: 'acquisition' },
    );
    expect(created.dm_error).toBe(0);
    const { session } = await playerFund(t, { appKey: BRAND, amountMinor: 20_000 });
    await Promise.all(Array.from({ length: 20 }, () => bonusDepositEventsConsume(t.db, t.clock.now())));
    const grants = await t.rows<{ total: number }>(sql`select total from casino_free_rounds where campaign_id = ${campaign} and user_id = ${session.uid}`);
    expect(grants).toHaveLength(1);
    const query = signedIn(session);
    // The first-deposit bonus and the rounds each pop up once, however many tabs poll.
    const polls = async () => Promise.all(Array.from({ length: 10 }, async () => envelopeOf(await t.get(`${BONUS}/new_bonus`, { query })).data));
    const answered = [...(await polls()), ...(await polls())];
    expect(answered.filter((answer) => answer.bonus_id === 'register_bonus')).toHaveLength(1);
    const rounds = answered.filter((answer) => answer.bonus_id === 'free_round_bonus');
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.free_rounds).toMatchObject({ game_id: GAME, total: 10, remaining: 10, win_to: 'bonus' });
    expect((await polls()).every((answer) => answer.bonus_id === '')).toBe(true);
    // Stopping the campaign keeps what was granted; promotions no longer show it.
    expect(envelopeOf(await ops('/campaign/status', { id: campaign, status: 'ended' })).dm_error).toBe(0);
  });
});

describe('awards', () => {
  it('lists prizes won elsewhere as pending, and 20 concurrent draws take one exactly once', async () => {
    const campaignId = `${BRAND}:rank-award`;
    await campaignInsert(
      t.db,
      {
        id: campaignId,
        appKey: BRAND,
        kind: 'rank_prize',
        terms: {
          purpose: 'loyalty',
          amountMinor: 3_000,
          wagering: { multiplier: 0, base: 'bonus' },
          weights: { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 },
          lifetimeDays: 7,
        },
      },
      t.clock.now(),
    );
    const campaign = (await campaignFind(t.db, campaignId))!;
    const player = await t.session(BRAND);
    const query = signedIn(player);
    expect(envelopeOf(await t.get(`${BONUS}/award/list`, { query: { ...query, status: 'pending' } })).data).toEqual({ list: [], cursor: '', has_more: 0 });
    const award = await transaction(t.db, (tx) =>
      bonusGrant(tx, { campaign, userId: player.uid, triggerRef: 'rank:week-1', currency: CURRENCY, amountMinor: 3_000, depositMinor: 0, now: t.clock.now() }),
    );
    const pending = envelopeOf(await t.get(`${BONUS}/award/list`, { query: { ...query, status: 'pending' } })).data;
    expect(pending.list).toHaveLength(1);
    expect(pending.list[0]).toMatchObject({ id: String(award!.id), kind: 'rank_prize', amount: 3_000, status: 0 });

    const draws = await Promise.all(
      Array.from({ length: 20 }, async () => envelopeOf(await t.post(`${BONUS}/award/draw`, { query, body: { award_id: String(award!.id) } }))),
    );
    expect(draws.filter((draw) => draw.dm_error === 0)).toHaveLength(1);
    expect(new Set(draws.filter((draw) => draw.dm_error !== 0).map((draw) => draw.dm_error))).toEqual(new Set([ERRORS.BONUS_NOT_AVAILABLE.code]));
    // Nothing to wager: it became cash at once.
    expect(await balanceOf(t, player, CURRENCY)).toBe(3_000);
    const drawn = envelopeOf(await t.get(`${BONUS}/award/list`, { query: { ...query, status: 'drawn' } })).data;
    expect(drawn.list[0]).toMatchObject({ id: String(award!.id), status: 2 });
  });

  it('refuses to draw a bonus that is not an award, or someone else’s', async () => {
    const campaign = (await campaignFind(t.db, `${BRAND}:redeem_code`))!;
    const player = await t.session(BRAND);
    const bonus = await transaction(t.db, (tx) =>
      bonusGrant(tx, { campaign, userId: player.uid, triggerRef: 'test:not-award', currency: CURRENCY, amountMinor: 500, depositMinor: 0, now: t.clock.now() }),
    );
    const other = await t.session(BRAND);
    for (const session of [player, other]) {
      const answer = envelopeOf(await t.post(`${BONUS}/award/draw`, { query: signedIn(session), body: { award_id: String(bonus!.id) } }));
      expect(answer.dm_error).toBe(ERRORS.BONUS_NOT_FOUND.code);
    }
  });
});

describe('promotions', () => {
  it('lists the brand’s running offers a player can take, and none that its jurisdiction forbids', async () => {
    const campaign = `${BRAND}:fr-promo`;
    expect(
      (await campaignCreate(campaign, { game_id: GAME, rounds: 20, stake_minor: STAKE, win_to: 'cash', on: 'first_deposit' }, { purpose: 'acquisition' }))
        .dm_error,
    ).toBe(0);
    const list = envelopeOf(await t.get(`${BONUS}/promotion/list`, { headers: { 'app-key': BRAND } })).data.list as { id: string; kind: string }[];
    const ids = list.map((item) => item.id);
    expect(ids).toContain(`${BRAND}:first_deposit`);
    expect(ids).toContain(campaign);
    // Code campaigns and ended ones are not offers a player can take from a card.
    expect(ids).not.toContain(`${BRAND}:redeem_code`);
    expect(ids).not.toContain(`${BRAND}:fr-cash`);
    expect(ids).not.toContain(`${BRAND}:fr-first`);
    expect(list.find((item) => item.id === campaign)).toMatchObject({
      kind: 'free_rounds',
      free_rounds: { game_id: GAME, rounds: 20, bet: STAKE, win_to: 'cash' },
    });
    // Brazil forbids acquisition offers (regulation.md): its first-deposit match is not promoted.
    const brazil = envelopeOf(await t.get(`${BONUS}/promotion/list`, { headers: { 'app-key': 'piranha' } })).data.list as { kind: string }[];
    expect(brazil.some((item) => item.kind === 'first_deposit')).toBe(false);
  });
});

describe('sign-up bonus for social and tourist registrations', () => {
  const clientId = variantFindByKey(BRAND)!.socialClientId;
  let sub = 0;
  const newSub = () => `2097${String((sub += 1)).padStart(17, '0')}`;

  beforeAll(async () => {
    const terms = { ...NO_WAGERING_TERMS, purpose: 'acquisition', amount_minor: 4_000, wagering: { multiplier: 5, base: 'bonus' } };
    expect(envelopeOf(await ops('/campaign/create', { id: `${BRAND}:social-welcome`, kind: 'sign_up', terms })).dm_error).toBe(0);
  });

  const signUpBonuses = async (userId: number) =>
    t.rows(sql`select b.id from bonuses b join bonus_campaigns c on c.id = b.campaign_id where b.user_id = ${userId} and c.kind = 'sign_up'`);

  it('grants one to a Google registration, and none to a second account from the same device', async () => {
    const smid = smidUnique();
    const google1 = await google.mint({ sub: newSub(), email: `${newSub()}@gmail.com`, email_verified: true }, { audience: clientId });
    const first = envelopeOf(
      await t.post(SOCIAL, {
        headers: { 'app-key': BRAND },
        query: { smid },
        remoteAddress: '10.77.0.1',
        body: { plat: 'google', app_type: 'web', action: 'login', auth_params: google1, ...SIGNUP_ACCEPT },
      }),
    );
    expect(first.dm_error).toBe(0);
    expect(await signUpBonuses(first.data.uid)).toHaveLength(1);
    const google2 = await google.mint({ sub: newSub(), email: `${newSub()}@gmail.com`, email_verified: true }, { audience: clientId });
    const second = envelopeOf(
      await t.post(SOCIAL, {
        headers: { 'app-key': BRAND },
        query: { smid },
        remoteAddress: '10.77.0.2',
        body: { plat: 'google', app_type: 'web', action: 'login', auth_params: google2, ...SIGNUP_ACCEPT },
      }),
    );
    expect(second.dm_error).toBe(0);
    expect(second.data.uid).not.toBe(first.data.uid);
    expect(await signUpBonuses(second.data.uid)).toHaveLength(0);
  });

  it('grants one when a tourist binds an e-mail, once per e-mail across its Gmail spellings', async () => {
    const local = `tourist${newSub()}`;
    const bind = async (email: string) => {
      const login = envelopeOf(await t.post(VISITOR_LOGIN, { headers: { 'app-key': BRAND }, body: { smid: smidUnique(), ...SIGNUP_ACCEPT } }));
      expect(login.dm_error).toBe(0);
      const tourist = login.data as LoginInfo;
      const query = signedIn(sessionOf(tourist));
      const check = envelopeOf(await t.post(BIND_CHECK, { query, headers: { 'app-key': BRAND }, body: { email } }));
      if (check.dm_error !== 0) throw new Error(JSON.stringify(check));
      const code = await codeMake(t, email, 'bind', { userId: tourist.uid, appKey: BRAND });
      const bound = envelopeOf(
        await t.post(BIND_EMAIL, {
          query,
          headers: { 'app-key': BRAND },
          body: { email, email_code: code, request_id: check.data.request_id, password: PASSWORD },
        }),
      );
      expect(bound.dm_error).toBe(0);
      return tourist.uid;
    };
    expect(await signUpBonuses(await bind(`${local}@gmail.com`))).toHaveLength(1);
    expect(await signUpBonuses(await bind(`${local.slice(0, 3)}.${local.slice(3)}+x@gmail.com`))).toHaveLength(0);
  });
});

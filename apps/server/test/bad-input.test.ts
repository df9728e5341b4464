/**
 * Bad input on every endpoint of the contract. The list of endpoints is read from the contract module
 * itself, so an endpoint added later is covered (and must bring a valid sample below) without editing
 * this file's cases.
 */
import * as contract from '@piranha/contract';
import { COMMON_PARAM_NAMES, endpoint, ERROR_MESSAGES, ERRORS, opsOutboxData, PWA_MANIFEST_PATH, pwaManifestQuery, type Endpoint } from '@piranha/contract';
import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { $ZodObject, type $ZodType } from 'zod/v4/core';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { routeRegister } from '../src/plugins/route.ts';
import { sql } from 'drizzle-orm';
import { codeCreate } from '../src/modules/account/account-code.service.ts';
import { initDataSign } from '../src/providers/telegram/telegram-init-data.ts';
import {
  codeMake,
  emailUnique,
  googleTestKeysCreate,
  PASSWORD,
  phoneUnique,
  playerRegister,
  SIGNUP_ACCEPT,
  SIGNUP_LIMIT,
  type GoogleTestKeys,
} from './account-fixtures.ts';
import { checkoutOf, idempotencyKey, payinCreateOk, playerFund, sandboxDecide } from './payments-fixtures.ts';
import { agentCodeOf, fairSeedHash, inviteCodeOf, marketIdOf } from '@piranha/domain';
import { freeBetGrant } from '../src/modules/betting/free-bet.service.ts';
import { sportsQuoteGet } from '../src/modules/sports/sports.service.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type RequestInput, type TestApp, type TestResponse } from './harness.ts';
import { playerWithGame, playRound } from './casino-fixtures.ts';
import { NO_WAGERING_TERMS } from './bonus-fixtures.ts';
import { LOYALTY_PASS_JOB } from '../src/modules/loyalty/loyalty-jobs.ts';
import { loyaltyPass } from '../src/modules/loyalty/loyalty-pass.service.ts';
import { opsActivityCreate } from '../src/modules/activity/activity.service.ts';
import { agentApplyPost, opsAgentConfigSet } from '../src/modules/agent/agent.service.ts';
import { opsMoneyRainSchedule } from '../src/modules/agent/money-rain.service.ts';
import { sessionAuthenticate } from '../src/modules/session/session.service.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { transaction } from '../src/db/transaction.ts';
import { bonusGrant } from '../src/modules/bonus/bonus-ledger.service.ts';
import { campaignFind, campaignInsert } from '../src/modules/bonus/bonus.repository.ts';

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  return ['method', 'path', 'query', 'body', 'data'].every((key) => key in value) && typeof (value as Endpoint).path === 'string';
}

const ENDPOINTS = Object.entries(contract as Record<string, unknown>)
  .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
  .map(([name, definition]) => ({ name, definition, label: `${definition.method} ${definition.path}` }));

interface Sample {
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Finance samples: each fresh one makes the orders, codes or rewards it needs through the real endpoints. */
const FINANCE = '/api/piranha/finance';
const PIX_ELEMENTS = { document_type: 'CPF', document: '39053344705', pix_key_type: 'CPF', pix_key: '39053344705', holder_name: 'Ana Souza' };

async function openPayin() {
  const owner = await t.session();
  const order = await payinCreateOk(t, owner, { channel: 'PIX', amount: 5000, currency: 'BRL' });
  return { owner, order };
}

async function paidPayout() {
  const { session: owner } = await playerFund(t, { amountMinor: 50_000, session: await t.player('piranha') });
  await t.post(`${FINANCE}/account/elements/set`, { query: signedIn(owner), body: { channel: 'PIX', elements: PIX_ELEMENTS } });
  const created = envelopeOf(
    await t.post(`${FINANCE}/payout/order/create`, {
      query: signedIn(owner),
      headers: { 'idempotency-key': idempotencyKey() },
      body: { channel: 'PIX', amount: 10_000, currency: 'BRL' },
    }),
  );
  const [row] = await t.rows<{ provider_ref: string }>(sql`select provider_ref from payment_orders where order_id = ${created.data.order_id}`);
  await sandboxDecide(t, `/sandbox/payout/checkout/${row!.provider_ref}`, 'approve');
  return { owner, orderId: created.data.order_id as string };
}

const PAYMENT_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${FINANCE}/pay/info/get`]: { query: { pay_type: 'payin', currency_code: 'BRL', currency_type: '1' } },
  [`${FINANCE}/payin/order/create`]: { body: { channel: 'PIX', amount: 5000, currency: 'BRL' }, headers: { 'idempotency-key': 'bad-input-payin-0001' } },
  [`${FINANCE}/payin/order/status`]: {
    query: { order_id: 'PI0000' },
    fresh: async () => {
      const { owner, order } = await openPayin();
      return { query: { ...signedIn(owner), order_id: order.order_id } };
    },
  },
  [`${FINANCE}/payin/code/check`]: { body: { code: 'SAMPLE01' } },
  [`${FINANCE}/payin/code/use`]: {
    body: { code: 'SAMPLE01', order_id: 'PI0000' },
    fresh: async () => {
      await t.rows(
        sql`insert into payin_codes values ('SAMPLE01', 'BRL', 1000, 10000, 1000, ${new Date(t.clock.now().getTime() + 86_400_000)}) on conflict do nothing`,
      );
      const { owner, order } = await openPayin();
      return { query: signedIn(owner), body: { code: 'SAMPLE01', order_id: order.order_id } };
    },
  },
  [`${FINANCE}/payin/order/appeal/get`]: {
    query: { order_id: 'PI0000' },
    fresh: async () => {
      const { owner, order } = await openPayin();
      return { query: { ...signedIn(owner), order_id: order.order_id } };
    },
  },
  [`${FINANCE}/payin/order/appeal/submit`]: {
    body: { order_id: 'PI0000', reason: 'paid_not_credited', description: 'Paid at 10:02', reference: 'E1234' },
    fresh: async () => {
      const { owner, order } = await openPayin();
      await sandboxDecide(t, checkoutOf(order).url, 'decline');
      return { query: signedIn(owner), body: { order_id: order.order_id, reason: 'paid_not_credited', description: 'Paid at 10:02', reference: 'E1234' } };
    },
  },
  [`${FINANCE}/account/elements/get`]: { query: { channel: 'PIX' } },
  [`${FINANCE}/account/elements/set`]: { body: { channel: 'PIX', elements: PIX_ELEMENTS } },
  [`${FINANCE}/bankcode/get`]: { query: { channel: 'PIX' } },
  [`${FINANCE}/payout/order/create`]: {
    body: { channel: 'PIX', amount: 10_000, currency: 'BRL', forfeit_bonus: 0 },
    fresh: async () => {
      const { session: owner } = await playerFund(t, { amountMinor: 50_000, session: await t.player('piranha') });
      await t.post(`${FINANCE}/account/elements/set`, { query: signedIn(owner), body: { channel: 'PIX', elements: PIX_ELEMENTS } });
      return {
        query: signedIn(owner),
        body: { channel: 'PIX', amount: 10_000, currency: 'BRL', forfeit_bonus: 0 },
        headers: { 'idempotency-key': idempotencyKey() },
      };
    },
  },
  [`${FINANCE}/payout/order/status`]: {
    query: { order_id: 'PO0000' },
    fresh: async () => {
      const { owner, orderId } = await paidPayout();
      return { query: { ...signedIn(owner), order_id: orderId } };
    },
  },
  [`${FINANCE}/payout/social_click`]: {
    body: { order_id: 'PO0000', channel: 'whatsapp' },
    fresh: async () => {
      const { owner, orderId } = await paidPayout();
      return { query: signedIn(owner), body: { order_id: orderId, channel: 'whatsapp' } };
    },
  },
  [`${FINANCE}/pdd/withdraw`]: {
    body: { pdd_uid: 'pdd-sample' },
    fresh: async () => {
      const owner = await t.session();
      const pddUid = `pdd-${owner.uid}`;
      await t.rows(sql`insert into pdd_rewards values (${pddUid}, ${owner.uid}, 'BRL', 100, 'ready', now(), null)`);
      return { query: signedIn(owner), body: { pdd_uid: pddUid }, headers: { 'idempotency-key': idempotencyKey() } };
    },
  },
  [`${FINANCE}/pay/order/history`]: { query: { type: 'all', pay_status: '0', cursor: '0', page_size: '20' } },
};

/** Bonus samples: codes of a campaign with nothing to wager, so each redeemed bonus starts and converts at once. */
const BONUS = '/api/piranha/bonus';
const BONUS_CAMPAIGN = 'piranha:bad-input';
const BONUS_AWARD_CAMPAIGN = 'piranha:bad-input-award';
let bonusCodeCount = 0;
async function bonusOps(path: string, body: unknown): Promise<void> {
  const answer = envelopeOf(await t.post(`/api/ops/bonus${path}`, { headers: { authorization: `Bearer ${BAD_INPUT_OPS_TOKEN}` }, body }));
  if (answer.dm_error !== 0) throw new Error(`bonus sample setup ${path} failed: ${answer.dm_error}`);
}
/** A new single-use code of the sample campaign. */
async function bonusCodeFresh(): Promise<string> {
  const code = `BAD-INPUT-${(bonusCodeCount += 1)}`;
  await bonusOps('/code/create', { code, campaign_id: BONUS_CAMPAIGN, uses_max: 1, expire_time: Math.floor(t.clock.now().getTime() / 1000) + 86_400 });
  return code;
}
async function bonusSamplesPrepare(): Promise<void> {
  await bonusOps('/campaign/create', { id: BONUS_CAMPAIGN, kind: 'redeem_code', terms: NO_WAGERING_TERMS });
  // decision 044: booster cards, each sample a fresh player's card (one card is active per player).
  await bonusOps('/campaign/create', {
    id: BOOSTER_CAMPAIGN,
    kind: 'booster',
    terms: { ...NO_WAGERING_TERMS, booster: { target: 'sports', rate_bp: 2_500, cap_minor: 5_000, pay_as: 'cash' } },
  });
  VALID[`${BONUS}/promo_code/check`]!.query = { code: await bonusCodeFresh() };
  await campaignInsert(
    t.db,
    {
      id: BONUS_AWARD_CAMPAIGN,
      appKey: 'piranha',
      kind: 'rank_prize',
      terms: {
        purpose: 'loyalty',
        amountMinor: 100,
        wagering: { multiplier: 0, base: 'bonus' },
        weights: { sportsOddsMinThousandths: 1500, tableBp: 0, crashBp: 0, diceBp: 0 },
        lifetimeDays: 7,
      },
    },
    t.clock.now(),
  );
}

const BOOSTER_CAMPAIGN = 'piranha:bad-input-boost';
/** A new player holding a ready booster card: the sample activates it. */
async function boosterFresh(): Promise<Sample> {
  const code = `BAD-BOOST-${(bonusCodeCount += 1)}`;
  await bonusOps('/code/create', { code, campaign_id: BOOSTER_CAMPAIGN, uses_max: 1, expire_time: Math.floor(t.clock.now().getTime() / 1000) + 86_400 });
  const owner = await t.session();
  const used = envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(owner), body: { code } }));
  return { query: signedIn(owner), body: { id: String(used.data.id).slice(2) } };
}

const BONUS_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${BONUS}/new_bonus_boost`]: { body: { id: '1' }, fresh: boosterFresh },
  [`${BONUS}/list`]: { query: { status: 'available' } },
  [`${BONUS}/history`]: { query: {} },
  [`${BONUS}/promo_code/check`]: { query: { code: 'SET-BEFORE-ALL' } },
  [`${BONUS}/promo_code/use`]: { body: { code: 'BAD-INPUT-0' }, fresh: async () => ({ body: { code: await bonusCodeFresh() } }) },
  [`${BONUS}/unlock_bonus`]: {
    body: { bonus_id: '1' },
    fresh: async () => {
      const used = envelopeOf(await t.post(`${BONUS}/promo_code/use`, { query: signedIn(session), body: { code: await bonusCodeFresh() } }));
      return { body: { bonus_id: used.data.id } };
    },
  },
  // Free rounds, awards, promotions (decision 043).
  [`${BONUS}/free_rounds/total`]: { query: {} },
  [`${BONUS}/free_rounds/available`]: { query: { offset: '0' } },
  [`${BONUS}/free_rounds/unavailable`]: { query: {} },
  [`${BONUS}/award/list`]: { query: { status: 'pending' } },
  [`${BONUS}/award/draw`]: {
    body: { award_id: '1' },
    fresh: async () => {
      const campaign = (await campaignFind(t.db, BONUS_AWARD_CAMPAIGN))!;
      const award = await transaction(t.db, (tx) =>
        bonusGrant(tx, {
          campaign,
          userId: session.uid,
          triggerRef: `bad-input:${(bonusCodeCount += 1)}`,
          currency: 'BRL',
          amountMinor: 100,
          depositMinor: 0,
          now: t.clock.now(),
        }),
      );
      return { body: { award_id: String(award!.id) } };
    },
  },
  [`${BONUS}/promotion/list`]: { query: {} },
};

/** Message samples: a message published to the sample session's own player, and a closable top-bar message. */
const MESSAGE = '/api/piranha/message';
async function messagePublish(body: Record<string, unknown>): Promise<string> {
  const answer = envelopeOf(
    await t.post('/api/ops/message/publish', {
      headers: { authorization: `Bearer ${BAD_INPUT_OPS_TOKEN}` },
      body: { app_key: 'piranha', message_type: 2, content_type: 1, texts: { 'en-US': { title: 'Sample', content: 'Sample message' } }, ...body },
    }),
  );
  if (answer.dm_error !== 0) throw new Error(`message sample setup failed: ${answer.dm_error}`);
  return answer.data.message_id as string;
}
async function messageSamplesPrepare(): Promise<void> {
  await messagePublish({ audience: { kind: 'brand' } });
}

const MESSAGE_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${MESSAGE}/list/get`]: { query: { have_read: '0', message_type: '1' } },
  [`${MESSAGE}/get`]: {
    query: { message_id: '1' },
    fresh: async () => ({ query: { message_id: await messagePublish({ audience: { kind: 'player', uid: session.uid } }) } }),
  },
  [`${MESSAGE}/user/read_batch`]: { query: { all: '1' }, body: {} },
};

/** Help-centre samples (decision 038): the piranha brand's seeded FAQ, and feedback from a new visitor each time. */
const HELP = '/api/piranha/help';
let helpFeedbackAddress = 0;
const HELP_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${HELP}/faq/list`]: { query: { keyword: 'deposit', category: 'deposits' } },
  [`${HELP}/item/get`]: { query: { id: 'SET-BEFORE-ALL' } },
  [`${HELP}/page/get`]: { query: { kind: 'privacy' } },
  [`${HELP}/news/list`]: { query: { kind: 'news' } },
  [`${HELP}/feedback/submit`]: {
    body: { category: 'other', content: 'The sample feedback text', contact: 'sample@example.com' },
    // A new visitor each time: the per-player limit never meets the samples (the address limit is not reached either).
    fresh: async () => ({
      query: signedIn(await t.session()),
      body: { category: 'other', content: `Sample feedback ${(helpFeedbackAddress += 1)}`, contact: 'sample@example.com' },
    }),
  },
};
async function helpSamplesPrepare(): Promise<void> {
  const list = envelopeOf(await t.get(`${HELP}/faq/list`, { query: signedIn(session) }));
  VALID[`${HELP}/item/get`]!.query = { id: list.data.list[0].id as string };
}
/** Web push samples (decision 035): a subscription on a browser push service (nothing is sent to it here). */
const pushKey = createECDH('prime256v1').generateKeys().toString('base64url');
const PUSH_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  '/api/push/register': {
    body: {
      platform: 'web',
      device_id: 'bad-input-device',
      meta: [
        {
          token: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/bad-input', keys: { p256dh: pushKey, auth: 'BTBZMqHH6r4Tts7J_aSIgg' } }),
          push_type: 'webpush',
        },
      ],
    },
  },
  '/api/user/info/push/report': { query: { permission: 'granted', device_id: 'bad-input-device' } },
  // The installed-web-app reward (decision 053): a report pays once per player, later ones answer paid 0.
  '/api/v1/pwa/award/report': { query: { display_mode: 'standalone' } },
};

/** Loyalty samples: a player whose R$100 deposit the loyalty pass has counted (VIP 2, the daily recharge task done). */
const ACTIVITY = '/api/piranha/activity';

async function loyalPlayer(): Promise<Record<string, string>> {
  const { session: owner } = await playerFund(t, { amountMinor: 100_00 });
  await loyaltyPass(t.db, t.clock.now());
  return signedIn(owner);
}

/** A drawn raffle of a long-past week of the default brand, so `raffle/entries` has something to page. */
const DRAWN_WEEK = 'w:2020-01-06';
async function drawnRaffleEnsure(): Promise<void> {
  await t.rows(sql`insert into loyalty_raffles (app_key, period_key, server_seed, server_seed_hash, client_seed, starts_at, ends_at, draw_at, created_at, drawn_at)
    values ('piranha', ${DRAWN_WEEK}, 'seed', ${fairSeedHash('seed')}, ${`raffle:piranha:${DRAWN_WEEK}`}, '2020-01-06T03:00:00Z', '2020-01-13T03:00:00Z',
      '2020-01-13T03:10:00Z', '2020-01-06T03:00:00Z', '2020-01-13T03:10:00Z')
    on conflict do nothing`);
}

const LOYALTY_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${ACTIVITY}/rank/list`]: { query: { period: 'daily', kind: 'win' } },
  [`${ACTIVITY}/raffle/entries`]: {
    query: { period_key: DRAWN_WEEK, page: '1', page_size: '100' },
    fresh: async () => {
      await drawnRaffleEnsure();
      return { query: { period_key: DRAWN_WEEK, page: '1', page_size: '100' } };
    },
  },
  [`${ACTIVITY}/cashback/history`]: { query: { page: '1', page_size: '20' } },
  [`${ACTIVITY}/vip/receive`]: {
    body: { kind: 'vip_bonus', level: 1 },
    fresh: async () => ({ query: await loyalPlayer(), body: { kind: 'vip_bonus', level: 1 } }),
  },
  [`${ACTIVITY}/vip/spin`]: {
    body: { client_seed: 'lucky-7' },
    fresh: async () => ({ query: await loyalPlayer(), body: { client_seed: 'lucky-7' } }),
  },
  [`${ACTIVITY}/vip/spin/seed/rotate`]: { body: { client_seed: 'lucky-8' } },
  [`${ACTIVITY}/task/receive`]: {
    body: { task_id: 'daily_recharge' },
    fresh: async () => ({ query: await loyalPlayer(), body: { task_id: 'daily_recharge' } }),
  },
};

/** Safer-play samples (decision 027): each on a new visitor, so no limit or time-out reaches the shared player. */
const SAFER = '/api/piranha/safer_play';
const saferFresh = (body: Record<string, unknown>) => async () => ({ query: signedIn(await t.session()), body });
const SAFER_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${SAFER}/limit`]: { body: { kind: 'deposit', period: 'day', amount: 500_00 }, fresh: saferFresh({ kind: 'deposit', period: 'day', amount: 500_00 }) },
  [`${SAFER}/statement`]: { query: { days: '30' } },
  [`${SAFER}/heartbeat`]: { body: {}, fresh: saferFresh({}) },
  [`${SAFER}/block`]: { body: { kind: 'time_out', hours: 24, confirm: 1 }, fresh: saferFresh({ kind: 'time_out', hours: 24, confirm: 1 }) },
};

/** Domain-change handoff samples (decision 033): the switch names HANDOFF_ORIGIN (set before all); each redeem gets a new code. */
const HANDOFF = '/api/piranha/user/account/session/handoff';
const HANDOFF_ORIGIN = 'http://localhost:4321';
async function handoffSamplesPrepare(): Promise<void> {
  const body = { key: 'domain_change', enabled: 1, configs: { domain: HANDOFF_ORIGIN } };
  const answer = envelopeOf(await t.post('/api/ops/dynconfig', { headers: { authorization: `Bearer ${BAD_INPUT_OPS_TOKEN}` }, body }));
  expect(answer.dm_error).toBe(0);
}
/** Identity-check files (decision 037): the smallest JPEG and PDF the sniffer accepts. */
const KYC_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');
const KYC_PDF = Buffer.from('%PDF-1.7\n%EOF').toString('base64');
const KYC_BODY = { document_number: '390.533.447-05', birth_date: '1990-05-17', document_file: KYC_PDF, selfie_file: KYC_JPEG };
const WAVE_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${HANDOFF}/create`]: { body: { target: HANDOFF_ORIGIN } },
  [`${HANDOFF}/redeem`]: {
    body: { code: 'A'.repeat(43) },
    headers: { origin: HANDOFF_ORIGIN },
    fresh: async () => {
      const made = envelopeOf(await t.post(`${HANDOFF}/create`, { query: signedIn(await t.session()), body: { target: HANDOFF_ORIGIN } }));
      return { body: { code: made.data.code as string }, headers: { origin: HANDOFF_ORIGIN } };
    },
  },
  [`${ACTIVITY}/vip/spin/draw_list`]: { query: { page: '1', page_size: '20' } },
  // A Brazilian player whose check was never started (the harness's players come verified).
  ['/api/piranha/kyc/submit']: {
    body: KYC_BODY,
    fresh: async () => {
      const player = await t.player('piranha');
      await t.rows(sql`delete from kyc_checks where user_id = ${player.uid}`);
      return { query: signedIn(player), body: KYC_BODY };
    },
  },
  ['/api/piranha/chat/url']: { query: { roomid: 'lobby' } },
  ['/api/piranha/odds/socket-url']: { query: {} },
};

/** Activity samples (issue 19): one total-deposit activity of the piranha brand, and a player whose deposit reached its tier. */
let activityCreated: Promise<string> | undefined;
function activityOnce(): Promise<string> {
  const start = Math.floor(t.clock.now().getTime() / 1000) - 3600;
  activityCreated ??= opsActivityCreate(
    { db: t.db, now: () => t.clock.now() },
    {
      app_key: 'piranha',
      kind: 'total_deposit',
      name: 'Deposit week',
      start_time: start,
      end_time: start + 30 * 86_400,
      tiers: [{ threshold_minor: 10_00, reward_minor: 5_00 }],
      wagering: 0,
    },
  ).then((answer) => answer.id);
  return activityCreated;
}

const ACTIVITY_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${ACTIVITY}/detail`]: { query: { activity_id: '1' }, fresh: async () => ({ query: { activity_id: await activityOnce() } }) },
  [`${ACTIVITY}/receive`]: {
    body: { activity_id: '1', tier: 0 },
    fresh: async () => {
      const activityId = await activityOnce();
      const { session: owner } = await playerFund(t, { amountMinor: 100_00 });
      return { query: signedIn(owner), body: { activity_id: activityId, tier: 0 } };
    },
  },
};

/** Invite samples (decision 051): another player's code; binding is tried by a new visitor each time. */
const INVITE = '/api/piranha/user/invite';
const INVITE_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${INVITE}/detail`]: { query: { page: '1' } },
  [`${INVITE}/promo_code`]: { query: { code: 'P0000' }, fresh: async () => ({ query: { code: inviteCodeOf((await t.player()).uid) } }) },
  [`${INVITE}/bind`]: {
    body: { link: 'P0000' },
    fresh: async () => ({ query: signedIn(await t.session()), body: { link: inviteCodeOf((await t.player()).uid) } }),
  },
  '/api/v1/referrer/report': { body: { install_referrer: btoa('utm_source=play&utm_campaign=bad-input'), timezone: 'UTC' } },
  // decision 063: envelopes are offered on aguila (not in Brazil); a visit names a device (smid).
  // The partner bridge (decision 064): a partner-bridge brand's host, and for the profile one of its players.
  '/api/piranha/user/brg/profile/get': {
    query: { parent_origin: 'https://partner.example' },
    headers: { host: 'brgparceiro.com.br' },
    fresh: async () => ({ query: { ...signedIn(await t.session('brgparceiro')), parent_origin: 'https://partner.example' } }),
  },
  '/api/piranha/user/brg/ignored/report': {
    body: { origin: 'https://evil.example', reason: 'foreign_origin', type: 'balance', count: 1 },
    headers: { host: 'brgparceiro.com.br' },
  },
  '/api/piranha/activity/pdd/open': { body: {}, fresh: async () => ({ query: signedIn(await t.player('aguila')), body: {} }) },
  // The device comes in a cookie, so the common-parameter checks' own query or cookie replaces it.
  '/api/piranha/activity/pdd/visit': {
    headers: { cookie: 'smid=bad-input-visitor' },
    body: { code: 'P0000' },
    fresh: async () => ({ body: { code: inviteCodeOf((await t.player()).uid) } }),
  },
};

/**
 * Agent samples (decision 052): the piranha brand runs the programme, the file's own session is an agent (so its
 * team, daily and history answer), a fresh agent owes a settled commission for each transfer sample, a fresh player
 * binds to the file's agent, and a rain with a drop open for the test's whole run takes each grab of a fresh player.
 */
async function agentSamplesPrepare(): Promise<void> {
  const deps = { db: t.db, now: () => t.clock.now() };
  await opsAgentConfigSet(deps, { app_key: 'piranha', basis: 'turnover', tiers: [{ from_minor: 0, rate_bp: 100 }] });
  await agentApplyPost(deps, await sessionAuthenticate(t.db, session.uid, session.sid, t.clock.now()), 'piranha');
  const rain = await opsMoneyRainSchedule(deps, {
    app_key: 'piranha',
    start_time: Math.floor(t.clock.now().getTime() / 1000) - 10,
    drops: 1,
    interval_s: 3_600,
    open_s: 3_600,
    grab_min_minor: 1,
    grab_max_minor: 1,
    budget_minor: 1_000_000,
    wagering: 0,
  });
  VALID['/api/piranha/activity/money-rain/grab']!.body = { rain_id: rain.id };
}

/** A new agent of the piranha brand owed one settled day (what the daily close writes, with its ledger transfer). */
async function agentOwed(): Promise<Sample> {
  const agent = await t.session('piranha');
  await agentApplyPost({ db: t.db, now: () => t.clock.now() }, await sessionAuthenticate(t.db, agent.uid, agent.sid, t.clock.now()), 'piranha');
  await transaction(t.db, async (tx) => {
    await tx.execute(sql`insert into agent_commissions (app_key, day_key, agent_user_id, currency, basis, members, stake_minor, return_minor, basis_minor,
      rate_bp, commission_minor, day_ends_at, computed_at) values ('piranha', 'd:2020-01-01', ${agent.uid}, 'BRL', 'turnover', 1, 10000, 0, 10000, 100, 100,
      '2020-01-02T03:00:00Z', now())`);
    await ledgerTransfer(tx, {
      kind: 'agent_commission',
      externalRef: `piranha:d:2020-01-01:${agent.uid}`,
      lines: [
        { account: { house: 'revenue', currency: 'BRL' }, amountMinor: -100 },
        { account: { house: 'agent_commission', currency: 'BRL' }, amountMinor: 100 },
      ],
    });
  });
  return { query: signedIn(agent) };
}

const AGENT_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  '/api/thin/agent/team': { query: { page: '1', page_size: '20' } },
  '/api/thin/agent/daily': { query: { page: '1', page_size: '20' } },
  '/api/piranha/agent/history': { query: { page: '1', page_size: '20' } },
  '/api/thin/agent/apply': { body: {} },
  '/api/thin/agent/transfer': { body: {}, fresh: agentOwed },
  '/api/thin/agent/bind': {
    body: { code: 'A1Z' },
    fresh: async () => ({ query: signedIn(await t.session('piranha')), body: { code: agentCodeOf(session.uid) } }),
  },
  '/api/piranha/activity/money-rain/grab': { body: { rain_id: '1' }, fresh: async () => ({ query: signedIn(await t.session('piranha')) }) },
};

/** Betting samples: a funded player and an open option of an upcoming match of the seeded feed. */
const FB = '/api/piranha/fb/proxy/v1';

function upcomingOptions(count: number) {
  const state = t.built.sports.state;
  return state
    .entries()
    .filter((entry) => entry.match.status === 'notStarted' && entry.match.sportId === 1)
    .slice(0, count)
    .map((entry) => {
      const marketId = marketIdOf({ matchId: entry.match.id, type: 1005, period: 1001, line: undefined });
      const quote = sportsQuoteGet(state, { matchId: entry.match.id, marketId, optionType: 1 })!;
      return { matchId: entry.match.id, marketId, optionType: 1, odds: quote.odds! / 1000 };
    });
}

async function bettor(): Promise<{ query: Record<string, string>; headers: Record<string, string> }> {
  const { session: owner } = await playerFund(t, { amountMinor: 100_00 });
  return { query: signedIn(owner), headers: { 'idempotency-key': idempotencyKey() } };
}

/** Places a ₹5 single on an upcoming match for `player` and answers its order id. */
async function singlePlaced(player: { query: Record<string, string> }): Promise<string> {
  const placed = envelopeOf(
    await t.post(`${FB}/order/bet/singlePass`, {
      query: player.query,
      headers: { 'idempotency-key': idempotencyKey() },
      body: { singleBetList: [{ unitStake: 500, oddsChange: 0, betOptionList: upcomingOptions(1) }] },
    }),
  ).data as { id: string }[];
  return placed[0]!.id;
}

const STATIC_OPTION = { matchId: 100_001, marketId: 1, optionType: 1, odds: 1.85 };

const BETTING_SAMPLES: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  [`${FB}/order/batchBetMatchMarketOfJumpLine`]: {
    body: { betMatchMarketList: [{ type: 1, matchId: 100_001, marketId: 1 }], isSelectSeries: true, currencyId: 22 },
    fresh: async () => {
      const [option] = upcomingOptions(1);
      return { body: { betMatchMarketList: [{ type: 1, matchId: option!.matchId, marketId: option!.marketId }], isSelectSeries: true, currencyId: 22 } };
    },
  },
  [`${FB}/order/bet/singlePass`]: {
    headers: { 'idempotency-key': 'bad-input-static-key' },
    body: { singleBetList: [{ unitStake: 500, oddsChange: 0, betOptionList: [STATIC_OPTION] }], currencyId: 22 },
    fresh: async () => ({
      ...(await bettor()),
      body: { singleBetList: [{ unitStake: 500, oddsChange: 0, betOptionList: upcomingOptions(1) }], currencyId: 22 },
    }),
  },
  [`${FB}/order/betMultiple`]: {
    headers: { 'idempotency-key': 'bad-input-static-key' },
    body: {
      betMultipleData: [{ seriesValue: 2001, unitStake: 500, oddsChange: 0 }],
      betOptionList: [STATIC_OPTION, { ...STATIC_OPTION, matchId: 100_002 }],
      currencyId: 22,
      lca_lang: 'en-US',
    },
    fresh: async () => ({
      ...(await bettor()),
      body: { betMultipleData: [{ seriesValue: 2001, unitStake: 500, oddsChange: 0 }], betOptionList: upcomingOptions(2), currencyId: 22, lca_lang: 'en-US' },
    }),
  },
  [`${FB}/order/free`]: {
    headers: { 'idempotency-key': 'bad-input-static-key' },
    body: { unitStake: 500, oddsChange: 0, betOptionList: [STATIC_OPTION] },
    fresh: async () => {
      const player = await bettor();
      await freeBetGrant(t.db, { userId: Number(player.query.uid), currency: 'BRL', amountMinor: 500, reason: 'sample', at: t.clock.now() });
      return { ...player, body: { unitStake: 500, oddsChange: 0, betOptionList: upcomingOptions(1) } };
    },
  },
  [`${FB}/order/getStakeOrderStatus`]: { body: { orderIds: ['1'] } },
  [`${FB}/order/cashOut/price`]: { body: { orderIds: ['1'] } },
  [`${FB}/order/getCashOutsByIds`]: { body: { orderIds: ['1'] } },
  [`${FB}/order/cashOut/bet`]: {
    headers: { 'idempotency-key': 'bad-input-static-key' },
    body: { orderId: '1', cashOutStake: 500, unitCashOutPayoutStake: 475, acceptOddsChange: false },
    fresh: async () => {
      const player = await bettor();
      const orderId = await singlePlaced(player);
      const price = envelopeOf(await t.post(`${FB}/order/cashOut/price`, { query: player.query, body: { orderIds: [orderId] } })).data.pr[0] as { amt: number };
      return { ...player, body: { orderId, cashOutStake: 500, unitCashOutPayoutStake: price.amt, acceptOddsChange: false } };
    },
  },
  [`${FB}/order/cashOut/auto`]: {
    body: { orderId: '1', targetAmount: 100_000 },
    fresh: async () => {
      const player = await bettor();
      return { ...player, body: { orderId: await singlePlaced(player), targetAmount: 100_000 } };
    },
  },
  [`${FB}/order/bet/list`]: { body: { current: 1, size: 10, isSettled: false, range: 'today' } },
};

/**
 * A request each endpoint accepts, so every refusal below is caused by the one thing a case breaks. `fresh`
 * makes a new accepted request for endpoints that cannot succeed twice with the same one (a code is single-use,
 * a logout ends its session); the refusals still start from the static sample.
 */
/** A well-formed studio token that belongs to no one (the refusals never reach the token check). */
const STUDIO_TOKEN = 'A'.repeat(43);

const VALID: Record<string, Sample & { fresh?: () => Promise<Sample> }> = {
  '/api/v1/base/dynconfig/cfg/get': { body: { keys: ['sms_switch', 'ui_v3_ab'] } },
  '/api/v1/conf/banner': { query: { source: 'sport', from: 'home' } },
  // sports: match 100001 is live in the seeded feed at the pinned clock.
  '/api/piranha/fb/proxy/v1/match/getList': {
    body: { tab_key: 'InPlay', sport_key: 'soccer', league_id: 1001, cursor: 0, page_limit: 10, size: 5, lca_lang: 'en-US' },
  },
  '/api/piranha/fb/proxy/v1/match/getMatchDetail': { body: { match_id: 100_001, lca_lang: 'en-US' } },
  '/api/piranha/v1/match/list/get': { query: { sport_id: '1', team_id: '1', status: 'live', cursor: '0', page_limit: '10' } },
  '/api/piranha/v1/match/league/list': { query: { sport_id: '1' } },
  '/api/piranha/v1/match/result/list': { query: { sport_id: '1', page_limit: '10' } },
  '/api/piranha/v1/match/list/get_new': { query: { cursor: '0' } },
  '/api/piranha/v1/match/list/by_source': { query: { source: 'live' } },
  '/api/piranha/v1/match/list/get_by_ids': { body: { match_ids: [100_001] } },
  '/api/piranha/v1/match/odds/latest': { query: { match_ids: '100001' } },
  '/api/piranha/v1/match/search': { query: { keyword: 'a' } },
  '/api/v1/component/app/error/report': {
    body: {
      host: 'self',
      method: 'GET',
      uri: '/api/v1/conf/global',
      query: 'lca_lang=PT',
      body: '',
      http_status: 200,
      dm_error: 1004,
      error_msg: 'not found',
      event_time: 1_772_452_800_000,
      cost: 12,
      trace_id: '0123456789abcdef',
    },
  },
  '/api/v1/component/ad/md/upload': {
    body: { events: [{ event: 'page_view', cc: 'BR', cv: 'PIRANH_BR1.0', time: 1_772_452_800_000, params: { page: 'home', n: 1 } }] },
  },
  '/api/v1/component/log/report': { body: { eid: 'first_screen', log_ses: 'log-session-1', data: { loading_ms: 1200 }, ui_version: 3 } },
  '/api/piranha/user/account/v2/visitor_login': { body: { smid: 'device-bad-input-0001', ...SIGNUP_ACCEPT } },
  '/api/piranha/user/account/terms/accept': { body: { ...SIGNUP_ACCEPT } },
  '/api/piranha/user/account/logout': { body: {}, fresh: async () => ({ query: signedIn(await t.session()) }) },
  '/api/user/account/email/code/send': {
    body: { email: 'sample@example.com', purpose: 'register' },
    fresh: async () => ({ body: { email: emailUnique(), purpose: 'register' } }),
  },
  '/api/user/account/email/code/check': {
    body: { email: 'sample@example.com', purpose: 'register', email_code: '123456' },
    fresh: async () => {
      const email = emailUnique();
      return { body: { email, purpose: 'register', email_code: await codeMake(t, email, 'register') } };
    },
  },
  '/api/piranha/user/account/email/register': {
    body: { email: 'sample@example.com', email_code: '123456', password: PASSWORD, nick: 'Sample', safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT },
    fresh: async () => {
      const email = emailUnique();
      return {
        body: { email, email_code: await codeMake(t, email, 'register'), password: PASSWORD, nick: 'Sample', safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT },
      };
    },
  },
  '/api/piranha/user/account/email/login': {
    body: { email: 'sample@example.com', password: PASSWORD },
    fresh: async () => ({ body: { email: await samplePlayer(), password: PASSWORD } }),
  },
  '/api/piranha/user/account/email/code/login': {
    body: { email: 'sample@example.com', email_code: '123456' },
    fresh: async () => {
      const email = await samplePlayer();
      return { body: { email, email_code: await codeMake(t, email, 'login') } };
    },
  },
  '/api/piranha/user/account/bind/check': { body: { email: 'bind-sample@example.com' } },
  '/api/piranha/user/account/bind/email': {
    body: {
      email: 'bind-sample@example.com',
      email_code: '123456',
      request_id: 'request-id',
      password: PASSWORD,
      udid: 'udid-1',
      safer_limit: SIGNUP_LIMIT,
      ...SIGNUP_ACCEPT,
    },
    fresh: async () => {
      const tourist = await t.session();
      const email = emailUnique('bind');
      const check = envelopeOf(await t.post('/api/piranha/user/account/bind/check', { query: signedIn(tourist), body: { email } }));
      const email_code = await codeMake(t, email, 'bind', { userId: tourist.uid });
      return {
        query: signedIn(tourist),
        body: { email, email_code, request_id: check.data.request_id, password: PASSWORD, udid: 'udid-1', safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT },
      };
    },
  },
  '/api/v1/user/account/password/set/send_code': { body: { email: 'sample@example.com' }, fresh: async () => ({ body: { email: emailUnique() } }) },
  '/api/v1/user/account/password/set/check_code': {
    body: { email: 'sample@example.com', email_code: '123456' },
    fresh: async () => {
      const email = await samplePlayer();
      return { body: { email, email_code: await codeMake(t, email, 'reset') } };
    },
  },
  '/api/v1/user/account/password/set': {
    body: { email: 'sample@example.com', email_code: '123456', password: PASSWORD },
    fresh: async () => {
      const email = await samplePlayer();
      return { body: { email, email_code: await codeMake(t, email, 'reset'), password: PASSWORD } };
    },
  },
  '/api/user/account/sms/code/send': {
    body: { phone: '+5511987654321', purpose: 'login' },
    fresh: async () => ({ body: { phone: await smsSwitchOn(phoneUnique()), purpose: 'login' } }),
  },
  '/api/user/account/sms/code/check': {
    body: { phone: '+5511987654321', purpose: 'login', sms_code: '123456' },
    fresh: async () => {
      const phone = await smsSwitchOn(phoneUnique());
      const where = { appKey: 'piranha', channel: 'sms' as const, target: phone, purpose: 'login' as const };
      return { body: { phone, purpose: 'login', sms_code: (await codeCreate(t.db, where, t.clock.now())).code } };
    },
  },
  '/api/piranha/user/account/thirdparty/do': {
    body: {
      plat: 'google',
      app_type: 'web',
      union_id: 'google-sub-1',
      auth_params: 'header.payload.signature',
      third_info: '{}',
      dev_acc: 'device-1',
      action: 'login',
      extra: { super_uid: 1 },
      ...SIGNUP_ACCEPT,
    },
    fresh: async () => {
      const sub = `google${Math.random().toString(36).slice(2)}`;
      const auth_params = await google.mint({ sub, email: `${sub}@gmail.com`, email_verified: true });
      return {
        body: {
          plat: 'google',
          app_type: 'web',
          union_id: sub,
          auth_params,
          third_info: '{}',
          dev_acc: 'device-1',
          action: 'login',
          extra: {},
          ...SIGNUP_ACCEPT,
        },
      };
    },
  },
  '/api/user/account/info/update': { body: { nick: 'Renamed', lang: 'en-US' } },
  '/api/piranha/user/account/heartbeat': { body: {} },
  '/api/piranha/user/account/session/end': {
    body: { session_id: 1 },
    fresh: async () => {
      const own = await t.session();
      return { query: signedIn(own), body: { session_id: own.sessionId } };
    },
  },
  '/api/user/account/del_apply': { body: { confirm: 1, reason: 'sample' }, fresh: async () => ({ query: signedIn(await t.session()) }) },
  '/api/piranha/user/account/red_point_click': { body: { tab_key: 'me' } },
  '/api/user/account/thirdpart/login': {
    body: { plat: 'google', auth_params: 'header.payload.signature', union_id: 'google-sub-1', dev_acc: 'device-1', ...SIGNUP_ACCEPT },
    fresh: async () => {
      const sub = `google${Math.random().toString(36).slice(2)}`;
      return { body: { plat: 'google', auth_params: await google.mint({ sub }), union_id: sub, dev_acc: 'device-1', ...SIGNUP_ACCEPT } };
    },
  },
  '/api/piranha/user/account/visitor/bind': {
    body: { email: 'bind-sample@example.com', email_code: '123456', password: PASSWORD, safer_limit: SIGNUP_LIMIT, ...SIGNUP_ACCEPT },
    fresh: async () => {
      const tourist = await t.session();
      const email = emailUnique('older-bind');
      return {
        query: signedIn(tourist),
        body: {
          email,
          email_code: await codeMake(t, email, 'bind', { userId: tourist.uid }),
          password: PASSWORD,
          safer_limit: SIGNUP_LIMIT,
          ...SIGNUP_ACCEPT,
        },
      };
    },
  },
  '/api/piranha/user/account/tg_mini_app/login': {
    body: { init_data: 'auth_date=1&hash=00', ...SIGNUP_ACCEPT },
    fresh: async () => ({ body: { init_data: telegramInitData(), ...SIGNUP_ACCEPT } }),
  },
  '/api/piranha/user/account/tg_mini_app/bind': {
    body: { init_data: 'auth_date=1&hash=00', ...SIGNUP_ACCEPT },
    fresh: async () => ({ query: signedIn(await t.session()), body: { init_data: telegramInitData(), ...SIGNUP_ACCEPT } }),
  },
  // casino
  '/api/piranha/pg_game/hall/tabs': { query: { main_key: 'slots' } },
  '/api/piranha/pg_game/hall/list': { query: { tab_key: 'slots' } },
  '/api/piranha/pg_game/hall/banner': { query: { main_key: 'casino' } },
  '/api/piranha/pg_game/hall/search': { query: { keyword: 'koi' } },
  '/api/piranha/pg_game/hall/launch': { query: { game_platform: 'house', game_id: 'dice' } },
  '/api/piranha/pg_game/hall/favourite/add': { body: { game_platform: 'house', game_id: 'dice' } },
  '/api/piranha/pg_game/hall/favourite/del': { body: { game_platform: 'house', game_id: 'dice' } },
  '/api/piranha/pg_game/hall/feedback': { body: { content: 'Great games' } },
  '/api/piranha/pg_game/hall/ui/switch': { query: { switch: '1' } },
  '/api/piranha/pg_game/hall/game/tab/list': { query: { main_key: 'slots' } },
  '/api/piranha/pg_game/hall/game/info': { query: { game_platform: 'house', game_id: 'dice' } },
  '/api/piranha/pg_game/hall/history': { query: { page_size: '5' } },
  '/api/piranha/pg_game/hall/round': {
    query: { round_id: 'r000000000000000000000000' },
    fresh: async () => {
      const player = await playerWithGame(t, 'dice', 10_000);
      const round = await playRound(t, player, 'dice', 100, { target: 5000, direction: 'under' });
      return { query: { ...signedIn(player.session), round_id: round.data.round_id } };
    },
  },
  '/api/piranha/pg_game/hall/free_rounds': { query: { status: 'available' } },
  '/api/studio/house/session': { query: { token: STUDIO_TOKEN }, fresh: async () => ({ query: { token: (await playerWithGame(t, 'dice', 0)).token } }) },
  '/api/studio/house/rounds': { query: { token: STUDIO_TOKEN }, fresh: async () => ({ query: { token: (await playerWithGame(t, 'dice', 0)).token } }) },
  '/api/studio/house/round': {
    body: { token: STUDIO_TOKEN, game_id: 'dice', bet: 100, params: { target: 5000, direction: 'under' }, free_round: 0 },
    fresh: async () => ({
      body: { token: (await playerWithGame(t, 'dice', 10_000)).token, game_id: 'dice', bet: 100, params: { target: 5000, direction: 'under' } },
    }),
  },
  '/api/studio/house/round/action': {
    // Every optional field carries a value (a Mines reveal ignores Tower's door, video poker's holds and Blackjack's hand) so
    // each is probed by type.
    body: { token: STUDIO_TOKEN, round_id: 'r000000000000000000000000', action: 'reveal', tile: 0, door: 0, holds: 0, hand: 0 },
    fresh: async () => {
      const player = await playerWithGame(t, 'mines', 10_000);
      const round = await playRound(t, player, 'mines', 100, { mines: 1 });
      return { body: { token: player.token, round_id: round.data.round_id, action: 'reveal', tile: 0, holds: 0, hand: 0 } };
    },
  },
  '/api/studio/house/seed/client': {
    body: { token: STUDIO_TOKEN, client_seed: 'my-seed' },
    fresh: async () => ({ body: { token: (await playerWithGame(t, 'dice', 0)).token, client_seed: 'my-seed' } }),
  },
  '/api/studio/house/crash-live/state': {
    query: { token: STUDIO_TOKEN },
    fresh: async () => ({ query: { token: (await playerWithGame(t, 'crash', 0)).token } }),
  },
  '/api/studio/house/crash-live/history': {
    query: { token: STUDIO_TOKEN, limit: '10' },
    fresh: async () => ({ query: { token: (await playerWithGame(t, 'crash', 0)).token, limit: '10' } }),
  },
  '/api/studio/house/crash-live/bet': {
    body: { token: STUDIO_TOKEN, bet: 100, auto_cashout: 200 },
    fresh: async () => ({ body: { token: (await playerWithGame(t, 'crash', 10_000)).token, bet: 100, auto_cashout: 200 } }),
  },
  '/api/studio/house/crash-live/cashout': {
    body: { token: STUDIO_TOKEN, round_id: 'c00000000000000000000' },
    fresh: async () => {
      const { token, roundId } = await crashLiveBetInFlight();
      return { body: { token, round_id: roundId } };
    },
  },
  '/api/studio/house/seed/rotate': { body: { token: STUDIO_TOKEN }, fresh: async () => ({ body: { token: (await playerWithGame(t, 'dice', 0)).token } }) },
  ...PAYMENT_SAMPLES,
  ...BETTING_SAMPLES,
  ...BONUS_SAMPLES,
  ...MESSAGE_SAMPLES,
  ...HELP_SAMPLES,
  ...PUSH_SAMPLES,
  ...LOYALTY_SAMPLES,
  ...SAFER_SAMPLES,
  ...ACTIVITY_SAMPLES,
  ...INVITE_SAMPLES,
  ...WAVE_SAMPLES,
  ...AGENT_SAMPLES,
};

const TELEGRAM_BOT_TOKEN = '7000000002:TEST-bad-input';
let telegramUserId = 900_000;
/** initData of a new Telegram user, signed with this file's bot token. */
function telegramInitData(): string {
  const user = JSON.stringify({ id: (telegramUserId += 1), first_name: 'Sample' });
  return initDataSign({ auth_date: String(Math.floor(t.clock.now().getTime() / 1000)), user }, TELEGRAM_BOT_TOKEN);
}

/** SMS endpoints answer only while the operator's sms_switch is on (it ships off). */
async function smsSwitchOn<T>(value: T): Promise<T> {
  await t.rows(sql`update dynconfigs set enabled = 1 where key = 'sms_switch'`);
  return value;
}

/** One registered player for the samples that sign in; its password never changes (resets set the same one). */
let samplePlayerEmail: Promise<string> | undefined;
function samplePlayer(): Promise<string> {
  samplePlayerEmail ??= (async () => {
    const email = emailUnique('sample');
    await playerRegister(t, email);
    return email;
  })();
  return samplePlayerEmail;
}

const WRONG_TYPE_CANDIDATES: unknown[] = [12345, 'not-the-right-type', true, [], { nested: 1 }];

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** A value of another JSON type than the valid one, which the field's schema refuses. */
function wrongValueFor(schema: $ZodType, valid: unknown): unknown {
  const value = WRONG_TYPE_CANDIDATES.find((candidate) => kindOf(candidate) !== kindOf(valid) && !z.safeParse(schema, candidate).success);
  if (value === undefined) throw new Error('no wrong-typed value found for a field');
  return value;
}

function objectShape(schema: $ZodType): Record<string, $ZodType> {
  return schema instanceof $ZodObject ? (schema._zod.def.shape as Record<string, $ZodType>) : {};
}

const HUGE = 'x'.repeat(100_000);

/** What PostgreSQL cannot store: a NUL, and a lone surrogate (jsonb refuses it; it is no character at all). */
const UNSTORABLE = [
  ['a NUL', '\u0000'],
  ['a lone surrogate', '\uD800'],
] as const;

/** Every string in a sample body, with the path the refusal must name (`events.0.event`). */
function stringLeaves(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => stringLeaves(child, [...path, Array.isArray(value) ? Number(key) : key]));
}

/** A copy of `body` with `replacement` at `path`. */
function bodyWith(body: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(body)) return body.map((item, index) => (index === head ? bodyWith(item, rest, replacement) : item));
  const record = body as Record<string, unknown>;
  return { ...record, [head!]: bodyWith(record[head!], rest, replacement) };
}

/**
 * The JSON text of `body` with `{"a":{"a":…}}` nested `levels` deep under `field`: 5,000 levels is about 25 KB, well
 * under the body limit. Written as text, as a client would send it: JSON.stringify itself overflows on such a value.
 */
function bodyNestedDeep(body: unknown, field: string, levels: number): string {
  const placeholder = '"zz-deep-value"';
  const deep = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  return JSON.stringify({ ...(body as Record<string, unknown>), [field]: 'zz-deep-value' }).replace(placeholder, deep);
}
/** Long enough to break any field's maximum while the whole body stays under the 64 KiB body limit. */
const LONG = 'x'.repeat(60_000);
/** Routes that read larger bodies than the app's 64 KiB (two base64 photos on the identity check, decision 037). */
const BODY_LIMITS: Record<string, number> = { '/api/piranha/kyc/submit': 6 * 1024 * 1024 };
/** LONG, doubled until the field's schema refuses it (a photo field takes megabytes; its route's limit does too). */
function longFor(schema: $ZodType): string {
  let long = LONG;
  while (z.safeParse(schema, long).success) long += long;
  return long;
}
const STACK_TRACE = /\bat [^\n]*\(|\.ts:\d+:\d+|node_modules/;

let t: TestApp;
let session: IssuedSession;
let google: GoogleTestKeys;

const echoParams = endpoint({
  method: 'GET',
  path: '/api/test/echo-params',
  host: 'main',
  auth: 'none',
  query: z.object({}),
  body: z.undefined(),
  data: z.object({ p: z.string().nullable() }),
});

/** Operator endpoints (outside the contract) are on in this file, so their refusals can be checked too. */
const BAD_INPUT_OPS_TOKEN = 'bad-input-ops-token';

beforeAll(async () => {
  // High limits: this file sends many requests from one address and must not meet the rate limiter.
  // Social sign-in verifies tokens against a local key set, as its own tests do.
  google = await googleTestKeysCreate(() => t.clock.now());
  t = await testAppCreate({
    env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000', GOOGLE_JWKS_FILE: google.jwksFile, TELEGRAM_BOT_TOKEN, OPS_TOKEN: BAD_INPUT_OPS_TOKEN },
    geo: { countryOf: () => undefined },
    // The loyalty pass runs only where a test calls it: a pass of its own between two reads of `rank/list` would
    // recount the board the second read answers from (the poll lane's test compares the two answers byte for byte).
    jobsHeld: [LOYALTY_PASS_JOB],
  });
  session = await t.session();
  // What the handlers see of the common parameters, to prove an over-long p is dropped rather than passed on.
  routeRegister(t.app, t.deps, echoParams, async ({ ctx }) => ({ p: ctx.params.p ?? null }));
  await casinoSamplesPrepare();
  await bonusSamplesPrepare();
  await messageSamplesPrepare();
  await helpSamplesPrepare();
  await handoffSamplesPrepare();
  await agentSamplesPrepare();
  // A shared machine under load takes longer than the default minute to build the app and prepare every sample.
}, 480_000);
afterAll(() => t?.close());

let crashLiveSamples = 0;
/**
 * A Crash-live bet in flight at the pinned clock (decision 071): a round of the brand written to take off 1 ms from
 * now, the bet placed through the API, then the round moved to have taken off 2 s ago with its crash an hour away.
 */
async function crashLiveBetInFlight(): Promise<{ token: string; roundId: string }> {
  crashLiveSamples += 1;
  const player = await playerWithGame(t, 'crash', 10_000);
  const now = t.clock.now().getTime();
  const at = (offset: number) => new Date(now + offset).toISOString();
  const [chain] = await t.rows<{ id: string }>(
    sql`insert into crash_live_chains (app_key, secret, terminal_hash, salt, length, next_index) values ('piranha', 'sample', 'sample', 'sample', 1, 2) returning id::text`,
  );
  const roundId = `csample${crashLiveSamples}`;
  await t.rows(
    sql`insert into crash_live_rounds (public_id, app_key, seq, chain_id, chain_index, seed, crash_point, betting_at, takeoff_at, crash_at)
        values (${roundId}, 'piranha', ${-1_000_000 - crashLiveSamples}, ${chain!.id}::bigint, 1, 'sample', 100000000, ${at(-1000)}::timestamptz,
          ${at(1)}::timestamptz, ${at(3_600_000)}::timestamptz) returning id`,
  );
  const placed = envelopeOf(await t.post('/api/studio/house/crash-live/bet', { body: { token: player.token, bet: 100 } }));
  expect(placed.data.bet.round_id).toBe(roundId);
  await t.rows(sql`update crash_live_rounds set takeoff_at = ${at(-2000)}::timestamptz where public_id = ${roundId} returning id`);
  return { token: player.token, roundId };
}

/** GET samples are sent as they are (a GET cannot carry a fresh body): give the studio ones a real token and round. */
async function casinoSamplesPrepare(): Promise<void> {
  const player = await playerWithGame(t, 'dice', 10_000);
  const round = await playRound(t, player, 'dice', 100, { target: 5000, direction: 'under' });
  VALID['/api/studio/house/session']!.query = { token: player.token };
  VALID['/api/studio/house/rounds']!.query = { token: player.token };
  const crashPlayer = await playerWithGame(t, 'crash', 0);
  VALID['/api/studio/house/crash-live/state']!.query = { token: crashPlayer.token };
  VALID['/api/studio/house/crash-live/history']!.query = { token: crashPlayer.token, limit: '10' };
  VALID['/api/piranha/pg_game/hall/round']!.query = { ...signedIn(player.session), round_id: round.data.round_id };
}

async function send(definition: Endpoint, input: RequestInput = {}): Promise<TestResponse> {
  const entry = VALID[definition.path] ?? {};
  // A GET never reads its body, so even a request with a payload takes the fresh sample's query.
  const fresh = entry.fresh && input.body === undefined && (input.payload === undefined || definition.method === 'GET') ? await entry.fresh() : {};
  const sample = { query: { ...entry.query, ...fresh.query }, body: fresh.body ?? entry.body };
  const query = { ...signedIn(session), ...sample.query, ...input.query };
  const body = definition.method === 'POST' && input.payload === undefined ? (input.body ?? sample.body ?? {}) : undefined;
  const headers = { ...entry.headers, ...fresh.headers, ...input.headers };
  return t.request(definition.method, definition.path, { ...input, query, body, headers });
}

/** HTTP 200, a non-zero dm_error, the field named in data.field, and nothing that looks like a stack trace. */
function expectRefused(response: TestResponse, field: string, code: number = ERRORS.VALIDATION_FAILED.code) {
  expect(response.status).toBe(200);
  const envelope = envelopeOf(response);
  expect(envelope.dm_error).not.toBe(0);
  expect(envelope.dm_error).not.toBe(ERRORS.INTERNAL.code);
  expect(envelope.dm_error).toBe(code);
  expect(envelope.data.field).toBe(field);
  expect(envelope.error_msg).not.toBe('');
  expect(response.text).not.toMatch(STACK_TRACE);
  expect(response.text.length).toBeLessThan(2_000);
}

it('finds every endpoint the contract exports', () => {
  const names = ENDPOINTS.map((entry) => entry.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'globalConfigGet',
      'dynconfigGet',
      'areaCheck',
      'bannerList',
      'iconList',
      'popupList',
      'tabList',
      'azTabList',
      'azKeywordList',
      'logoGet',
      'pwaIndexGet',
      'errorReport',
      'mdUpload',
      'logReport',
      'balanceGet',
    ]),
  );
  // Each endpoint is exported once under one name.
  expect(new Set(ENDPOINTS.map((entry) => entry.label)).size).toBe(ENDPOINTS.length);
});

it('has a valid sample for every endpoint that takes a body or its own query fields', () => {
  const missing = ENDPOINTS.filter(({ definition }) => {
    const needsBody = definition.method === 'POST' && !definition.body.safeParse({}).success;
    const needsQuery = Object.keys(objectShape(definition.query)).length > 0;
    return (needsBody || needsQuery) && !VALID[definition.path];
  }).map((entry) => entry.label);
  expect(missing).toEqual([]);
});

describe.for(ENDPOINTS)('$label', ({ definition }) => {
  const isPost = definition.method === 'POST';
  const sample = VALID[definition.path] ?? {};

  it('accepts the valid sample (so the refusals below are about the bad input)', async () => {
    const response = await send(definition);
    expect(response.status).toBe(200);
    const envelope = envelopeOf(response);
    expect(envelope.dm_error).toBe(0);
    expect(definition.data.safeParse(envelope.data).success).toBe(true);
  });

  it('drops a p longer than 100 characters instead of refusing the request', async () => {
    for (const p of ['p'.repeat(101), HUGE]) {
      const envelope = envelopeOf(await send(definition, { query: { p } }));
      expect(envelope.dm_error).toBe(0);
    }
    expect(envelopeOf(await send(definition, { query: { p: 'p'.repeat(100) } })).dm_error).toBe(0);
  });

  it('refuses an unknown query parameter by name, even with a 100k-character value', async () => {
    expectRefused(await send(definition, { query: { zz_unknown: '1' } }), 'zz_unknown');
    expectRefused(await send(definition, { query: { zz_unknown: HUGE } }), 'zz_unknown');
  });

  it.for(COMMON_PARAM_NAMES.filter((name) => name !== 'p'))('refuses an over-long common parameter %s (1000 characters) by name', async (name) => {
    expectRefused(await send(definition, { query: { [name]: 'x'.repeat(1000) } }), name);
  });

  it('refuses 100k-character common parameters in the query or in a cookie', async () => {
    expectRefused(await send(definition, { query: { sid: HUGE } }), 'sid');
    expectRefused(await send(definition, { headers: { cookie: `lca_lang=${'x'.repeat(1000)}` } }), 'lca_lang');
  });

  it.for(COMMON_PARAM_NAMES)('refuses a NUL in the common parameter %s, in the query or in a cookie', async (name) => {
    expectRefused(await send(definition, { query: { [name]: 'x\u0000' } }), name);
    // Every request here carries uid and sid in the query, which wins over a cookie: their cookies are never read.
    if (name !== 'uid' && name !== 'sid') expectRefused(await send(definition, { headers: { cookie: `${name}=x%00` } }), name);
  });

  const sampleQuery = Object.entries(sample.query ?? {});
  if (sampleQuery.length > 0) {
    it.for(sampleQuery.map(([name]) => name))('refuses a NUL in query field %s, naming it', async (name) => {
      const response = await send(definition, { query: { [name]: `${sample.query![name]}\u0000` } });
      expectRefused(response, name);
      expect(envelopeOf(response).data.issue).toBe('invalid_characters');
    });
  }

  const ownQuery = Object.entries(objectShape(definition.query));
  if (ownQuery.length > 0) {
    it.for(ownQuery.map(([name]) => name))('refuses query field %s with the wrong type, or over-long', async (name) => {
      expectRefused(await send(definition, { query: { [name]: ['a', 'b'] } as RequestInput['query'] }), name);
      expectRefused(await send(definition, { query: { [name]: HUGE } }), name);
    });
  }

  if (isPost) {
    it('refuses a malformed or prototype-poisoning JSON body as field "body"', async () => {
      for (const payload of [
        '{"keys": [',
        '{bad json}',
        "{'single': 'quotes'}",
        '',
        '{"__proto__": {"polluted": true}}',
        '{"constructor": {"prototype": {"polluted": true}}}',
      ]) {
        const response = await send(definition, { payload });
        expectRefused(response, 'body');
      }
    });

    it('refuses a body that is not a JSON object, or not JSON at all', async () => {
      for (const payload of ['[]', '"text"', '42', 'true']) expectRefused(await send(definition, { payload }), 'body');
      expectRefused(await send(definition, { payload: 'plain words', headers: { 'content-type': 'text/plain' } }), 'body');
      expectRefused(await send(definition, { payload: '<a/>', headers: { 'content-type': 'application/xml' } }), 'content-type');
    });

    it('refuses a body over its limit (64 KiB, or the route\'s own) as field "body"', async () => {
      const firstKey = Object.keys(objectShape(definition.body))[0] ?? 'x';
      const limit = BODY_LIMITS[definition.path];
      const response = await send(definition, { body: { ...sample.body, [firstKey]: limit ? 'x'.repeat(limit + 1) : HUGE } });
      expectRefused(response, 'body');
      expect(envelopeOf(response).data.issue).toBe('too_large');
    });

    it('refuses an unknown body field by name', async () => {
      expectRefused(await send(definition, { body: { ...sample.body, zz_extra: 1 } }), 'zz_extra');
    });

    const fields = Object.entries(objectShape(definition.body));
    it.for(fields.map(([name]) => name))('refuses body field %s with the wrong type, by name', async (name) => {
      const schema = objectShape(definition.body)[name]!;
      const response = await send(definition, { body: { ...sample.body, [name]: wrongValueFor(schema, sample.body?.[name]) } });
      expectRefused(response, name);
      expect(envelopeOf(response).data.issue).toBe('invalid_type');
    });

    const stringFields = fields.filter(([name]) => typeof sample.body?.[name] === 'string').map(([name]) => name);
    if (stringFields.length > 0) {
      it.for(stringFields)('refuses an over-long %s (60k characters, or more than its maximum) by name', async (name) => {
        expectRefused(await send(definition, { body: { ...sample.body, [name]: longFor(objectShape(definition.body)[name]!) } }), name);
      });
    }

    const required = fields.filter(([, schema]) => !z.safeParse(schema, undefined).success).map(([name]) => name);
    if (required.length > 0) {
      it.for(required)('refuses a body without the required field %s, by name', async (name) => {
        const body: Record<string, unknown> = { ...sample.body };
        delete body[name];
        expectRefused(await send(definition, { body }), name);
      });
    }
    const leaves = stringLeaves(sample.body);
    if (leaves.length > 0) {
      it.for(UNSTORABLE)('refuses %s in any string of the body, naming where it is', async ([, character]) => {
        for (const leaf of leaves) {
          const response = await send(definition, { body: bodyWith(sample.body, leaf.path, `${leaf.value}${character}`) });
          expectRefused(response, leaf.path.join('.'));
          expect(envelopeOf(response).data.issue).toBe('invalid_characters');
        }
      });
    }

    it('refuses a NUL in a body key, naming the object that holds it', async () => {
      const response = await send(definition, { body: { ...sample.body, 'zz\u0000key': 1 } });
      expectRefused(response, 'body');
      expect(envelopeOf(response).data.issue).toBe('invalid_characters');
    });

    it('refuses JSON nested 5,000 levels deep, naming the top-level field', async () => {
      const firstKey = Object.keys(objectShape(definition.body))[0] ?? 'zz_deep';
      const deep = await send(definition, { payload: bodyNestedDeep(sample.body, firstKey, 5_000) });
      expectRefused(deep, firstKey);
      expect(envelopeOf(deep).data.issue).toBe('too_deep');
      const deepArray = await send(definition, { payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}` });
      expectRefused(deepArray, 'body');
    });
  } else {
    it('ignores a body sent with a GET, even malformed JSON (GET bodies are never parsed)', async () => {
      const envelope = envelopeOf(await send(definition, { payload: '{bad json' }));
      expect(envelope.dm_error).toBe(0);
    });
  }
});

describe('the pass-through parameter p', () => {
  it('reaches the handler up to 100 characters and is dropped beyond, from the query or a cookie', async () => {
    const echoed = async (input: RequestInput) => envelopeOf(await t.get(echoParams.path, input)).data.p;
    expect(await echoed({ query: { p: 'p'.repeat(100) } })).toBe('p'.repeat(100));
    expect(await echoed({ query: { p: 'p'.repeat(101) } })).toBeNull();
    expect(await echoed({ query: { p: HUGE } })).toBeNull();
    expect(await echoed({ headers: { cookie: `p=${'c'.repeat(20)}` } })).toBe('c'.repeat(20));
    expect(await echoed({ headers: { cookie: `p=${'c'.repeat(101)}` } })).toBeNull();
  });
});

describe('nested bad input names the path inside the body', () => {
  it('names keys.0 for an over-long dynconfig key', async () => {
    const response = await t.post('/api/v1/base/dynconfig/cfg/get', { body: { keys: ['k'.repeat(65)] } });
    expectRefused(response, 'keys.0');
  });

  it('names events.0.event for an empty tracking event name', async () => {
    const response = await t.post('/api/v1/component/ad/md/upload', { body: { events: [{ event: '', time: 1 }] } });
    expectRefused(response, 'events.0.event');
  });

  it('names data.loading_ms for a negative first-screen time', async () => {
    const response = await t.post('/api/v1/component/log/report', { body: { eid: 'first_screen', log_ses: 's', data: { loading_ms: -1 }, ui_version: 3 } });
    expectRefused(response, 'data.loading_ms');
  });
});

describe('malformed URLs are refused by the router itself', () => {
  it('answers bad percent-encoding in the path with the envelope, naming the path', async () => {
    for (const path of ['/api/%E0%A4%A', '/api/v1/conf/%ZZ', '/brand/%E0%A4%A.svg']) {
      const response = await t.get(path);
      expect(response.status, path).toBe(200);
      expectRefused(response, 'path');
      expect(response.headers['x-trace-id']).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("speaks the brand's language when refusing a malformed URL", async () => {
    const envelope = envelopeOf(await t.get('/api/%ZZ', { headers: { host: 'aguila.mx' } }));
    expect(envelope.error_msg).toBe(ERROR_MESSAGES['es-MX'].validationFailed);
  });

  it('answers an over-long path parameter with the envelope, naming the path', async () => {
    const response = await t.get(`/brand/${'a'.repeat(200)}.svg`);
    expectRefused(response, 'path');
  });

  it('tolerates bad percent-encoding in the query string (decoded leniently, then validated)', async () => {
    expect(envelopeOf(await t.get('/api/v1/conf/global?lca_lang=%E0%A4%A')).dm_error).toBe(0);
    expectRefused(await t.get('/api/v1/conf/global?zz%E0=1'), 'zz%E0');
  });

  it('refuses prototype-looking query names as unknown parameters', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expectRefused(await t.get(`/api/v1/conf/global?${name}=1`), name);
    }
  });
});

describe('pages outside the contract keep the input rules', () => {
  it('refuses a NUL in the sandbox mailbox address and in a sandbox payment reference, naming where', async () => {
    expectRefused(await t.get('/dev/mailbox', { query: { to: 'a\u0000@example.com' } }), 'to');
    expectRefused(await t.get('/dev/smsbox', { query: { to: '+55\u0000' } }), 'to');
    expectRefused(await t.get('/sandbox/pix/checkout/ref%00'), 'path');
    expectRefused(
      await t.post('/sandbox/pix/checkout/ref%00/approve', { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      'path',
    );
  });
});

describe('operator endpoints outside the contract', () => {
  it('POST /api/ops/feed/result accepts a valid correction and names the field of a bad one', async () => {
    // Four simulated hours on, the matches live at the start have ended and have results to correct.
    const feed = t.built.sports.feed;
    feed.tick(CLOCK_START.getTime() + 4 * 3600_000);
    const result = feed.results()[0];
    expect(result).toBeDefined();
    const post = (body: unknown, token = BAD_INPUT_OPS_TOKEN) => t.post('/api/ops/feed/result', { headers: { authorization: `Bearer ${token}` }, body });
    // The valid sample repeats the published revision: accepted, and nothing changes.
    const valid = { match_id: result!.matchId, revision: result!.revision, home: result!.score.home, away: result!.score.away };
    expect(envelopeOf(await post(valid))).toMatchObject({ dm_error: 0, data: { revision: result!.revision, changed: 0 } });
    expect(envelopeOf(await post(valid, 'not-the-token')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expectRefused(await post({ ...valid, match_id: 'seven' }), 'match_id');
    expectRefused(await post({ ...valid, revision: 0 }), 'revision');
    expectRefused(await post({ ...valid, home: 1000 }), 'home');
    expectRefused(await post({ ...valid, away: 1.5 }), 'away');
    expectRefused(await post({ ...valid, period_scores: [{ pe: 1002, home: 0 }] }), 'period_scores');
    expectRefused(await post({ ...valid, revision: result!.revision + 5 }), 'revision', ERRORS.RESULT_REVISION_INVALID.code);
    expectRefused(await post({ ...valid, match_id: 999_999_999 }), 'match_id', ERRORS.RESULT_NOT_FOUND.code);
  });

  it('POST /api/ops/activity/create and edit accept the kinds of decision 061 and name the field of a bad template', async () => {
    const post = (path: string, body: unknown, token = BAD_INPUT_OPS_TOKEN) =>
      t.post(`/api/ops/activity${path}`, { headers: { authorization: `Bearer ${token}` }, body });
    const start = Math.floor(t.clock.now().getTime() / 1000) - 60;
    const base = {
      app_key: 'pororoca',
      name: 'Bad input',
      start_time: start,
      end_time: start + 86_400,
      tiers: [{ threshold_minor: 1, reward_minor: 1_00 }],
      wagering: 0,
    };
    for (const kind of ['daily_cash', 'week_cash', 'free_bet'])
      expect(envelopeOf(await post('/create', { ...base, kind, theme: 'christmas' })).dm_error).toBe(0);
    const uiSwitch = envelopeOf(await post('/create', { ...base, kind: 'ui_switch_reward' }));
    expect(uiSwitch.dm_error).toBe(0);
    expect(envelopeOf(await post('/create', { ...base, kind: 'daily_cash' }, 'not-the-token')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expectRefused(await post('/create', { ...base, kind: 'christmas' }), 'kind');
    expectRefused(await post('/create', { ...base, kind: 'daily_cash', theme: 'easter' }), 'theme');
    expectRefused(await post('/create', { ...base, kind: 'free_bet', wagering: 2 }), 'wagering');
    expectRefused(await post('/create', { ...base, kind: 'ui_switch_reward', tiers: [{ threshold_minor: 5, reward_minor: 1_00 }] }), 'tiers');
    expectRefused(await post('/create', { ...base, kind: 'ui_switch_reward' }), 'kind');
    expectRefused(await post('/create', { ...base, kind: 'week_cash', tiers: [{ threshold_minor: 1, reward_minor: -1 }] }), 'tiers.0.reward_minor');
    const edit = { id: uiSwitch.data.id, name: 'Bad input', start_time: start, end_time: start + 86_400, tiers: base.tiers };
    expect(envelopeOf(await post('/edit', { ...edit, theme: 'christmas' })).data).toMatchObject({ kind: 'ui_switch_reward', theme: 'christmas' });
    expectRefused(
      await post('/edit', {
        ...edit,
        tiers: [
          { threshold_minor: 1, reward_minor: 1_00 },
          { threshold_minor: 2, reward_minor: 1_00 },
        ],
      }),
      'tiers',
    );
    expectRefused(await post('/edit', { ...edit, theme: 'halloween' }), 'theme');
    // The kind is fixed once created: an edit naming one is refused as an unknown field of the body.
    expectRefused(await post('/edit', { ...edit, kind: 'daily_cash' }), 'body');
    // A player's claim of a tier the activity does not have names the tier.
    const player = await t.session('pororoca');
    expectRefused(await t.post('/api/piranha/activity/receive', { query: signedIn(player), body: { activity_id: uiSwitch.data.id, tier: 3 } }), 'tier');
  });

  it('GET /api/ops/outbox accepts a valid filter and names a bad one (decision 042)', async () => {
    const get = (query: Record<string, string>, token = BAD_INPUT_OPS_TOKEN) =>
      t.get('/api/ops/outbox', { query, headers: { authorization: `Bearer ${token}` } });
    const valid = { status: 'pending', kind: 'payin_start', before_id: '9007199254' };
    const answer = envelopeOf(await get(valid));
    expect(answer.dm_error).toBe(0);
    expect(opsOutboxData.safeParse(answer.data).success).toBe(true);
    expect(envelopeOf(await get(valid, 'not-the-token')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expectRefused(await get({ ...valid, status: 'lost' }), 'status');
    expectRefused(await get({ ...valid, kind: 'X'.repeat(1000) }), 'kind');
    expectRefused(await get({ ...valid, before_id: '-1' }), 'before_id');
    expectRefused(await get({ ...valid, zz_unknown: '1' }), 'zz_unknown');
  });

  it('GET/POST /api/ops/loyalty/config accept the brand’s set and name the field of a bad reward amount or prize (decision 048)', async () => {
    const auth = (token = BAD_INPUT_OPS_TOKEN) => ({ authorization: `Bearer ${token}` });
    const post = (body: unknown, token = BAD_INPUT_OPS_TOKEN) => t.post('/api/ops/loyalty/config', { headers: auth(token), body });
    // A brand no other sample uses, so a change here reaches nobody else's players.
    const current = envelopeOf(await t.get('/api/ops/loyalty/config', { headers: auth(), query: { app_key: 'pororoca' } }));
    expect(current.dm_error).toBe(0);
    expect(envelopeOf(await t.get('/api/ops/loyalty/config', { headers: auth(), query: { app_key: 'Bad Brand' } })).dm_error).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
    const valid = {
      app_key: 'pororoca',
      level_up_reward: current.data.level_up_reward as number[],
      week_free: current.data.week_free as number[],
      month_free: current.data.month_free as number[],
      raffle_prizes: current.data.raffle_prizes as number[],
      rank_prizes: current.data.rank_prizes as Record<string, number[]>,
    };
    expect(envelopeOf(await post(valid))).toMatchObject({ dm_error: 0, data: { version: (current.data.version as number) + 1 } });
    expect(envelopeOf(await post(valid, 'not-the-token')).dm_error).toBe(ERRORS.UNAUTHORISED.code);
    expectRefused(await post({ ...valid, level_up_reward: [0, 1] }), 'level_up_reward');
    expectRefused(await post({ ...valid, week_free: valid.week_free.map((amount, level) => (level === 3 ? -1 : amount)) }), 'week_free.3');
    expectRefused(await post({ ...valid, month_free: valid.month_free.map((amount, level) => (level === 2 ? 1.5 : amount)) }), 'month_free.2');
    expectRefused(await post({ ...valid, raffle_prizes: [100, 50] }), 'raffle_prizes');
    expectRefused(await post({ ...valid, rank_prizes: { ...valid.rank_prizes, daily: Array(11).fill(1) } }), 'rank_prizes.daily');
    expectRefused(await post({ ...valid, rank_prizes: { daily: [1] } }), 'rank_prizes.weekly');
    expectRefused(await post({ ...valid, level_up_reward: [5, ...valid.level_up_reward.slice(1)] }), 'level_up_reward.0', ERRORS.LOYALTY_CONFIG_INVALID.code);
    expectRefused(await post({ ...valid, raffle_prizes: [1_000_000_000_000, 0, 0] }), 'raffle_prizes.0', ERRORS.LOYALTY_CONFIG_INVALID.code);
  });
});

describe('rank/list over the poll lane (decision 055)', () => {
  it('answers bad input after a kept answer exactly as Fastify does, never from the kept answer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const path = `${ACTIVITY}/rank/list`;
    const headers = { 'session-uid': String(session.uid), 'session-sid': session.sid, 'app-key': 'piranha' };
    const overHttp = async (query: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}?${query}`, { headers });
      return { status: response.status, text: await response.text() };
    };
    const kept = await overHttp('period=daily');
    expect(envelopeOf({ ...kept, headers: {}, json: JSON.parse(kept.text) }).dm_error).toBe(0);
    const answered = t.built.lane.counts.answered;
    expect((await overHttp('period=daily&_t=1700000000000')).text).toBe(kept.text);
    // PGlite keeps the session per node, so the lane answered the repeat; on PostgreSQL with the local bus it never does.
    expect(t.built.lane.counts.answered).toBe(answered + (t.testDatabase.driver === 'pglite' ? 1 : 0));
    const bad: [string, Record<string, string>, string | undefined][] = [
      ['period=daily&zz_unknown=1', { period: 'daily', zz_unknown: '1' }, 'zz_unknown'],
      ['period=monthly', { period: 'monthly' }, 'period'],
      ['period=daily&kind=loss', { period: 'daily', kind: 'loss' }, 'kind'],
      [`period=daily&_t=${'9'.repeat(33)}`, { period: 'daily', _t: '9'.repeat(33) }, '_t'],
      // A cache buster the lane does not take (not digits): Fastify's, which takes any short text.
      ['period=daily&_t=abc', { period: 'daily', _t: 'abc' }, undefined],
    ];
    for (const [query, asObject, field] of bad) {
      const lane = t.built.lane.counts.answered;
      const response = await overHttp(query);
      expect(t.built.lane.counts.answered).toBe(lane);
      const direct = await t.get(path, { query: { ...signedIn(session), ...asObject } });
      const envelope = JSON.parse(response.text) as { dm_error: number; data: { field?: string } };
      expect(envelope.dm_error).toBe(envelopeOf(direct).dm_error);
      if (field === undefined) expect(envelope.dm_error).toBe(0);
      else expectRefused({ ...response, headers: {}, json: envelope }, field);
    }
  });
});

/**
 * The web app manifest (decision 053) is read by the browser as is, so it is no envelope endpoint of the contract and
 * the loop above does not reach it: its refusals (which are envelopes) are checked here.
 */
describe(`GET ${PWA_MANIFEST_PATH} (a manifest, not an envelope)`, () => {
  it('answers the valid sample with a manifest', async () => {
    const response = await t.get(PWA_MANIFEST_PATH, {
      query: { app_group: 'br1', lca_lang: 'en-US', currency: 'BRL', lca_coun: 'BR', cv_prefix: 'PIRANH_BR', smid: 'dev-1' },
    });
    expect(response.status).toBe(200);
    expect(response.json.name).toBe('Piranha');
  });

  it.for(Object.keys(objectShape(pwaManifestQuery)))('refuses %s with a NUL, the wrong type, or over-long, by name', async (name) => {
    expectRefused(await t.get(PWA_MANIFEST_PATH, { query: { [name]: 'x\u0000' } }), name);
    expectRefused(await t.get(PWA_MANIFEST_PATH, { query: { [name]: ['a', 'b'] } }), name);
    expectRefused(await t.get(PWA_MANIFEST_PATH, { query: { [name]: HUGE } }), name);
  });

  it('refuses an unknown parameter by name', async () => {
    expectRefused(await t.get(PWA_MANIFEST_PATH, { query: { zz_unknown: '1' } }), 'zz_unknown');
  });
});

describe('the play-time limit’s fields (decision 054)', () => {
  it('POST /api/piranha/safer_play/limit takes minutes a day for time and names the field of a bad one', async () => {
    const session = await t.session();
    const post = (body: Record<string, unknown>) => t.post(`${SAFER}/limit`, { query: signedIn(session), body });
    expect(envelopeOf(await post({ kind: 'time', period: 'day', amount: 90 })).dm_error).toBe(0);
    expectRefused(await post({ kind: 'time', period: 'week', amount: 90 }), 'period', ERRORS.SAFER_TIME_LIMIT_INVALID.code);
    expectRefused(await post({ kind: 'time', period: 'day', amount: 1441 }), 'amount', ERRORS.SAFER_TIME_LIMIT_INVALID.code);
    expectRefused(await post({ kind: 'time', period: 'day', amount: 0 }), 'amount');
    expectRefused(await post({ kind: 'time', period: 'day', amount: 1.5 }), 'amount');
    expectRefused(await post({ kind: 'time', period: 'day', amount: '90' }), 'amount');
    expectRefused(await post({ kind: 'minutes', period: 'day', amount: 90 }), 'kind');
  });
});

describe('a limit’s currency (decision 065)', () => {
  it('POST /api/piranha/safer_play/limit takes one of the brand’s currencies and names the field of a bad one', async () => {
    const session = await t.session('orbit');
    const post = (body: Record<string, unknown>) => t.post(`${SAFER}/limit`, { query: signedIn(session), body });
    expect(envelopeOf(await post({ kind: 'loss', period: 'day', amount: 10_00, currency: 'BRL' })).dm_error).toBe(0);
    expectRefused(await post({ kind: 'loss', period: 'day', amount: 10_00, currency: 'KES' }), 'currency', ERRORS.SAFER_LIMIT_CURRENCY_INVALID.code);
    expectRefused(await post({ kind: 'time', period: 'day', amount: 30, currency: 'MXN' }), 'currency', ERRORS.SAFER_LIMIT_CURRENCY_INVALID.code);
    expectRefused(await post({ kind: 'loss', period: 'day', amount: 10_00, currency: 'brl' }), 'currency');
    expectRefused(await post({ kind: 'loss', period: 'day', amount: 10_00, currency: 22 }), 'currency');
    expectRefused(await post({ kind: 'loss', period: 'day', amount: 10_00, currency: ['BRL'] }), 'currency');
    expectRefused(await post({ kind: 'loss', period: 'day', amount: 10_00, currency: 'B'.repeat(5000) }), 'currency');
  });

  it('POST /api/piranha/safer_play/heartbeat takes no fields', async () => {
    const session = await t.session('orbit');
    expectRefused(await t.post(`${SAFER}/heartbeat`, { query: signedIn(session), body: { seconds: 3600 } }), 'seconds');
  });
});

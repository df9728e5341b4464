import {
  COMMON_PARAM_NAMES,
  cashbackHistory,
  opsLoyaltyConfigBody,
  raffleEntries,
  raffleInfo,
  rankList,
  taskCenterInfo,
  taskHint,
  taskReceive,
  vipInfo,
  vipReceive,
  vipSpin,
  vipSpinBalance,
  vipSpinDrawList,
  vipSpinMarqueeList,
  vipSpinSeedRotate,
} from '@piranha/contract';
import * as z from 'zod/mini';
import { VARIANT_PROFILES, loyaltyCampaignsDefault } from '@piranha/domain';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { etagMatches, POLL_BODY_GUARD_HEADER_NAMES, PRIVATE_POLL_CACHE_CONTROL, type PollLane } from '../../plugins/poll-lane.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import type { CampaignSeedRow } from '../bonus/bonus.repository.ts';
import { AppError } from '../../app-error.ts';
import { opsBodyParse } from '../../plugins/ops-body.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { opsLoyaltyConfigGet, opsLoyaltyConfigSet } from './loyalty-config.service.ts';
import { cashbackHistoryGet } from './loyalty-cashback.service.ts';
import { raffleEntriesGet, raffleInfoGet } from './loyalty-raffle.service.ts';
import { wheelBalanceGet, wheelDrawListGet, wheelMarqueeGet, wheelSeedRotatePost, wheelSpinPost } from './loyalty-wheel.service.ts';
import { rankListGet, taskCenterInfoGet, taskHintGet, taskReceivePost, vipInfoGet, vipReceivePost } from './loyalty.service.ts';
import { sidHash } from '../session/session.service.ts';
import { rankSettingsChanged, type RankAnswers, type RankBasis, type RankReadStart } from './rank-answers.ts';

const opsLoyaltyConfigQuery = z.strictObject({ app_key: z.string().check(z.regex(/^[a-z0-9_-]{2,32}$/)) });

const COMMON = new Set<string>(COMMON_PARAM_NAMES);
/** The endpoint's own query parameters (period, kind; the common ones, `_t` among them, left out: locale is keyed apart). */
function ownQueryOf(query: unknown): string {
  return JSON.stringify(Object.entries((query ?? {}) as Record<string, unknown>).filter(([name]) => !COMMON.has(name)));
}

/** The loyalty endpoints (spec §7: VIP info, receive VIP reward, task centre info, task hint, daily and weekly rank; issue 18). */
export function loyaltyRoutes(
  app: FastifyInstance,
  deps: RouteDeps & { opsToken?: string | undefined; lane?: PollLane | undefined; rankAnswers?: RankAnswers | undefined },
): void {
  // Operators (decision 045): the brand's ladder, tasks, cash-back rates and wheel prizes. Off unless OPS_TOKEN is set.
  app.get('/api/ops/loyalty/config', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const query = z.safeParse(opsLoyaltyConfigQuery, request.query);
    if (!query.success) throw new AppError('VALIDATION_FAILED', { field: query.error.issues[0]?.path.join('.') || 'app_key' });
    return envelopeOk(await opsLoyaltyConfigGet(deps.db, query.data.app_key));
  });
  app.post('/api/ops/loyalty/config', async (request) => {
    const saved = await opsLoyaltyConfigSet(deps.db, opsBodyParse(deps.opsToken, request, opsLoyaltyConfigBody), deps.now());
    // The prizes `rank/list` shows changed: every node drops the answers it kept (decision 055), before this answer.
    await rankSettingsChanged(deps.db, saved.app_key);
    return envelopeOk(saved);
  });

  routeRegister(app, deps, vipInfo, ({ user, ctx }) => vipInfoGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, vipReceive, ({ user, body, ctx }) => vipReceivePost(deps, user, ctx.variant.appKey, body.kind, body.level));
  routeRegister(app, deps, taskCenterInfo, ({ user, ctx }) => taskCenterInfoGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, taskHint, ({ user, ctx }) => taskHintGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, taskReceive, ({ user, body, ctx }) => taskReceivePost(deps, user, ctx.variant.appKey, body.task_id));
  routeRegister(app, deps, cashbackHistory, ({ user, query, ctx }) =>
    cashbackHistoryGet(deps, user, ctx.variant.appKey, query.page ?? 1, query.page_size ?? 20),
  );
  routeRegister(app, deps, vipSpinBalance, ({ user, ctx }) => wheelBalanceGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, vipSpin, ({ user, body, ctx }) => wheelSpinPost(deps, user, ctx.variant.appKey, body.client_seed));
  routeRegister(app, deps, vipSpinSeedRotate, ({ user, body, ctx }) => wheelSeedRotatePost(deps, user, ctx.variant.appKey, body.client_seed));
  routeRegister(app, deps, vipSpinDrawList, ({ user, query, ctx }) => wheelDrawListGet(deps, user, ctx.variant.appKey, query.page ?? 1, query.page_size ?? 50));
  routeRegister(app, deps, vipSpinMarqueeList, ({ user, ctx }) => wheelMarqueeGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, raffleInfo, ({ user, ctx }) => raffleInfoGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, raffleEntries, ({ user, query, ctx }) =>
    raffleEntriesGet(deps, user, ctx.variant.appKey, query.period_key, query.page ?? 1, query.page_size ?? 1000),
  );
  rankListRoute(app, deps);
}

/**
 * `rank/list` (decision 055): Fastify reads the board's snapshot and answers; the answer is kept with what it was
 * built from (`rank-answers.ts`), and a repeat of the same request — same path, query, session headers or cookies — is
 * answered by the poll lane ahead of Fastify while the session is in this node's session cache and the board's
 * snapshot, the brand's settings and the period are still those of the answer. Answers are private and revalidated
 * with an ETag, as the message polls' (decision 041); the lane counts them against the player's limit too.
 */
function rankListRoute(app: FastifyInstance, deps: RouteDeps & { lane?: PollLane | undefined; rankAnswers?: RankAnswers | undefined }): void {
  const { lane, rankAnswers } = deps;
  const reads = new WeakMap<object, { started: RankReadStart; basis: RankBasis }>();
  if (lane && rankAnswers) lane.route('GET', rankList.path, (cacheKey) => rankAnswers.lookup(cacheKey, deps.now().getTime()));
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || request.routeOptions.url !== rankList.path) return payload;
    // Only a successful answer is kept and revalidated; it is the player's own, so caches outside the browser keep none.
    if (!payload.startsWith('{"dm_error":0,')) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;
    void reply.header('etag', etag).header('cache-control', PRIVATE_POLL_CACHE_CONTROL);
    const read = reads.get(request.raw);
    const sid = request.ctx.params.sid;
    if (lane && rankAnswers && read && sid) {
      const { basis } = read;
      // The player and session beside the request's own key, so no other session's answer can ever match; the
      // brand and language of the request too, though the answer carries no text today.
      const cacheKey = `${rankList.path}|${basis.uid}|${sidHash(sid)}|${ownQueryOf(request.query)}|${request.ctx.variant.appKey}|${request.ctx.locale}|${request.ctx.params.lca_coun ?? ''}`;
      const answer = { bytes: Buffer.from(payload), etag, private: { rateKey: `user:${basis.uid}` } };
      if (rankAnswers.keep(cacheKey, read.started, basis, sidHash(sid), answer, deps.now().getTime())) lane.remember(request.raw, cacheKey);
    }
    if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
    // A 304 repeats what the lane's does (decision 012): Cache-Control and the ETag, none of the body's guards.
    for (const name of POLL_BODY_GUARD_HEADER_NAMES) reply.removeHeader(name);
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
  routeRegister(
    app,
    deps,
    rankList,
    ({ user, query, ctx, request }) => {
      // Taken before the read: a settings change or a dropped subscription during it leaves its answer unkept.
      const started = rankAnswers?.start();
      return rankListGet(deps, user, ctx.variant.appKey, query.period, query.kind ?? 'turnover', (basis) => {
        rankAnswers?.seen(basis.appKey, basis.boardKey, basis.refreshedAtMs);
        if (started) reads.set(request.raw, { started, basis });
      });
    },
    // A read-only poll: the session may come from this node's session cache (decision 041).
    { sessionCached: true },
  );
}

/** Every brand's loyalty campaigns of the bonus engine (inserted only when missing: an operator's pause stays). */
export function loyaltyCampaignRows(): CampaignSeedRow[] {
  return VARIANT_PROFILES.flatMap((profile) => loyaltyCampaignsDefault(profile).map((campaign) => ({ ...campaign, appKey: profile.appKey })));
}

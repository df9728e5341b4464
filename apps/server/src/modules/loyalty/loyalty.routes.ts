import {
  cashbackHistory,
  opsLoyaltyConfigBody,
  z,
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
import { VARIANT_PROFILES, loyaltyCampaignsDefault } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { campaignsSeed } from '../bonus/bonus.repository.ts';
import { AppError } from '../../app-error.ts';
import { opsBodyParse } from '../../plugins/ops-body.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { opsLoyaltyConfigGet, opsLoyaltyConfigSet } from './loyalty-config.service.ts';
import { cashbackHistoryGet } from './loyalty-cashback.service.ts';
import { raffleEntriesGet, raffleInfoGet } from './loyalty-raffle.service.ts';
import { wheelBalanceGet, wheelDrawListGet, wheelMarqueeGet, wheelSeedRotatePost, wheelSpinPost } from './loyalty-wheel.service.ts';
import { rankListGet, taskCenterInfoGet, taskHintGet, taskReceivePost, vipInfoGet, vipReceivePost } from './loyalty.service.ts';

const opsLoyaltyConfigQuery = z.strictObject({ app_key: z.string().check(z.regex(/^[a-z0-9_-]{2,32}$/)) });

/** The loyalty endpoints (spec §7: VIP info, receive VIP reward, task centre info, task hint, daily and weekly rank; issue 18). */
export function loyaltyRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken?: string | undefined }): void {
  // Operators (decision 045): the brand's ladder, tasks, cash-back rates and wheel prizes. Off unless OPS_TOKEN is set.
  app.get('/api/ops/loyalty/config', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const query = z.safeParse(opsLoyaltyConfigQuery, request.query);
    if (!query.success) throw new AppError('VALIDATION_FAILED', { field: query.error.issues[0]?.path.join('.') || 'app_key' });
    return envelopeOk(await opsLoyaltyConfigGet(deps.db, query.data.app_key));
  });
  app.post('/api/ops/loyalty/config', async (request) =>
    envelopeOk(await opsLoyaltyConfigSet(deps.db, opsBodyParse(deps.opsToken, request, opsLoyaltyConfigBody), deps.now())),
  );

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
  routeRegister(app, deps, rankList, ({ user, query, ctx }) => rankListGet(deps, user, ctx.variant.appKey, query.period, query.kind ?? 'turnover'));
}

/** Seeds every brand's loyalty campaigns of the bonus engine (inserted only when missing: an operator's pause stays). */
export async function loyaltyCampaignsSeed(db: Db, now: Date): Promise<void> {
  await campaignsSeed(
    db,
    VARIANT_PROFILES.flatMap((profile) => loyaltyCampaignsDefault(profile).map((campaign) => ({ ...campaign, appKey: profile.appKey }))),
    now,
  );
}

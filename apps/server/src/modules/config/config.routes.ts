import { messagePopupItems } from '../messages/messages.service.ts';
import {
  azKeywordList as azKeywordListEndpoint,
  azTabList,
  bannerList as bannerListEndpoint,
  dynconfigGet as dynconfigGetEndpoint,
  globalConfigGet,
  homeStaticSchema,
  iconList,
  logoGet,
  popupList,
  pwaIndexGet,
  tabList,
} from '@piranha/contract';
import { GLOBAL_STATS } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { ttlCacheCreate } from '../../lib/ttl-cache.ts';
import { azKeywordList, bannerList, contentList, dynconfigGet, globalStatsGet, globalStatsSet } from './config.service.ts';

const GLOBAL_STATS_TTL_MS = 1_000;

const opsGlobalStatsBody = z
  .object({ global_stats: z.union([z.literal(GLOBAL_STATS.normal), z.literal(GLOBAL_STATS.maintenance), z.literal(GLOBAL_STATS.news)]) })
  .strict();
const homeStaticParams = z.object({ group: z.string().regex(/^[a-z0-9_-]{1,32}$/), ui: z.coerce.number().int().min(1).max(9) });

export function configRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined }): void {
  // Every client polls this every 10 s; one query per second serves them all.
  const globalStats = ttlCacheCreate(GLOBAL_STATS_TTL_MS, () => globalStatsGet(deps.db));
  routeRegister(app, deps, globalConfigGet, async () => ({ global_stats: await globalStats.get() }));

  routeRegister(app, deps, dynconfigGetEndpoint, async ({ body, ctx, user, request }) => {
    const subject = user ? `u:${user.uid}` : ctx.params.smid ? `d:${ctx.params.smid}` : `ip:${request.ip}`;
    return { configs: await dynconfigGet(deps.db, body.keys, subject, ctx.variant) };
  });

  routeRegister(app, deps, bannerListEndpoint, async ({ query, ctx }) => ({
    list: await bannerList(deps.db, ctx.variant, ctx.locale, query.source, deps.now()),
  }));
  routeRegister(app, deps, iconList, async ({ ctx }) => ({ list: await contentList(deps.db, 'icon', ctx.variant, ctx.locale) }));
  // The operator's pop-ups, and for a signed-in player their unread pop-up messages (decision 028).
  routeRegister(app, deps, popupList, async ({ ctx, user }) => ({
    list: [...(await contentList(deps.db, 'popup', ctx.variant, ctx.locale)), ...(await messagePopupItems(deps, user, ctx))],
  }));
  routeRegister(app, deps, tabList, async ({ ctx }) => ({ list: await contentList(deps.db, 'tab', ctx.variant, ctx.locale) }));
  routeRegister(app, deps, azTabList, async ({ ctx }) => ({ list: await contentList(deps.db, 'az_tab', ctx.variant, ctx.locale) }));
  routeRegister(app, deps, azKeywordListEndpoint, async ({ ctx }) => ({ list: await azKeywordList(deps.db, ctx.locale) }));
  routeRegister(app, deps, logoGet, async ({ ctx }) => ({ logo: ctx.variant.favicon, name: ctx.variant.name }));
  // No installation reward is configured until the promotions capability defines one; say so honestly.
  routeRegister(app, deps, pwaIndexGet, async ({ ctx }) => ({ award_status: 0 as const, award_amount: 0, currency: ctx.variant.currency }));

  // Static home JSON per group and UI version, as the image CDN would serve it: public and cacheable.
  app.get('/cdn/home/:group/v:ui.json', async (request, reply) => {
    const params = homeStaticParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', { field: 'path' });
    const home = homeStaticSchema.parse({
      app_group: params.data.group,
      ui_version: params.data.ui,
      sections:
        params.data.ui >= 3
          ? [
              { key: 'casino', title: 'casino', route: '/game' },
              { key: 'sport', title: 'sport', route: '/sport' },
            ]
          : [
              { key: 'sport', title: 'sport', route: '/sport' },
              { key: 'casino', title: 'casino', route: '/game' },
            ],
    });
    return reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').send(home);
  });

  // Operators switch the whole product into maintenance or news mode. Off unless OPS_TOKEN is set.
  app.post('/api/ops/global-stats', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const body = opsGlobalStatsBody.safeParse(request.body);
    if (!body.success) throw new AppError('VALIDATION_FAILED', { field: 'global_stats' });
    await globalStatsSet(deps.db, body.data.global_stats);
    globalStats.invalidate();
    return envelopeOk(body.data);
  });
}

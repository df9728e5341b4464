import { messagePopupItems } from '../messages/messages.service.ts';
import {
  azKeywordList as azKeywordListEndpoint,
  azTabList,
  bannerList as bannerListEndpoint,
  dynconfigGet as dynconfigGetEndpoint,
  globalConfigGet,
  AREA_STATIC_PATH,
  AREA_STATIC_VERSION,
  areaStaticSchema,
  homeStaticSchema,
  opsDynconfigSetBody,
  iconList,
  logoGet,
  popupList,
  tabList,
} from '@piranha/contract';
import { createHash } from 'node:crypto';
import { GLOBAL_STATS, LANGUAGE_BY_COUNTRY, VARIANT_PROFILES } from '@piranha/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { ttlCacheCreate } from '../../lib/ttl-cache.ts';
import { azKeywordList, bannerList, contentList, dynconfigGet, dynconfigSet, globalStatsGet, globalStatsSet, popupListOperator } from './config.service.ts';

const GLOBAL_STATS_TTL_MS = 1_000;

const opsGlobalStatsBody = z
  .object({ global_stats: z.union([z.literal(GLOBAL_STATS.normal), z.literal(GLOBAL_STATS.maintenance), z.literal(GLOBAL_STATS.news)]) })
  .strict();
/** A document built once: its bytes and their ETag. */
interface StaticDocument {
  body: string;
  etag: string;
}

function staticDocumentOf(value: unknown): StaticDocument {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

function staticDocumentSend(request: FastifyRequest, reply: FastifyReply, document: StaticDocument) {
  void reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').header('etag', document.etag);
  if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(document.body);
}

const homeDocuments = new Map<string, StaticDocument>();

/** The home layout of a group for a UI version: the order of its sections (the footer's Game and Sport tabs follow it). */
function homeStatic(group: string, ui: number): StaticDocument {
  const key = `${group}/${ui}`;
  let document = homeDocuments.get(key);
  if (!document) {
    // Every UI version opens on the casino today, as the app's footer does; a group that should open on sports gets its own document.
    const sections = [
      { key: 'casino', title: 'casino', route: '/game' },
      { key: 'sport', title: 'sport', route: '/sport' },
    ];
    document = staticDocumentOf(homeStaticSchema.parse({ app_group: group, ui_version: ui, sections }));
    // Groups are a bounded set of brands; the cap only guards against a crawler inventing names.
    if (homeDocuments.size < 256) homeDocuments.set(key, document);
  }
  return document;
}

const areaStatic = staticDocumentOf(
  areaStaticSchema.parse({
    version: AREA_STATIC_VERSION,
    languages: LANGUAGE_BY_COUNTRY,
    cv_countries: Object.fromEntries(VARIANT_PROFILES.map((profile) => [profile.cvPrefix, profile.country])),
  }),
);

const homeStaticParams = z.object({ group: z.string().regex(/^[a-z0-9_-]{1,32}$/), ui: z.coerce.number().int().min(1).max(9) });

export function configRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined }): void {
  // Every client polls this every 10 s; one query per second serves them all.
  const globalStats = ttlCacheCreate(GLOBAL_STATS_TTL_MS, () => globalStatsGet(deps.db));
  routeRegister(app, deps, globalConfigGet, async () => ({ global_stats: await globalStats.get() }));

  routeRegister(app, deps, dynconfigGetEndpoint, async ({ body, ctx, user, request }) => {
    const subject = user ? `u:${user.uid}` : ctx.params.smid ? `d:${ctx.params.smid}` : `ip:${request.ip}`;
    return { configs: await dynconfigGet(deps.db, body.keys, subject, ctx.variant, user ? { userId: user.uid, now: deps.now() } : undefined) };
  });

  routeRegister(app, deps, bannerListEndpoint, async ({ query, ctx }) => ({
    list: await bannerList(deps.db, ctx.variant, ctx.locale, query.source, deps.now()),
  }));
  routeRegister(app, deps, iconList, async ({ ctx }) => ({ list: await contentList(deps.db, 'icon', ctx.variant, ctx.locale) }));
  // The operator's pop-ups, and for a signed-in player their unread pop-up messages (decision 028).
  routeRegister(app, deps, popupList, async ({ ctx, user }) => ({
    list: [...(await popupListOperator(deps.db, ctx.variant, ctx.locale)), ...(await messagePopupItems(deps, user, ctx))],
  }));
  routeRegister(app, deps, tabList, async ({ ctx }) => ({ list: await contentList(deps.db, 'tab', ctx.variant, ctx.locale) }));
  routeRegister(app, deps, azTabList, async ({ ctx }) => ({ list: await contentList(deps.db, 'az_tab', ctx.variant, ctx.locale) }));
  routeRegister(app, deps, azKeywordListEndpoint, async ({ ctx }) => ({ list: await azKeywordList(deps.db, ctx.locale) }));
  routeRegister(app, deps, logoGet, async ({ ctx }) => ({ logo: ctx.variant.favicon, name: ctx.variant.name }));
  // No installation reward is configured until the promotions capability defines one; say so honestly.

  // The image CDN's static documents (spec §7), served as the CDN would: public, cacheable, no credentials, each
  // built once and answered with an ETag. A change of shape gets a new versioned path, never a new body at an old one.
  app.get('/cdn/home/:group/v:ui.json', async (request, reply) => {
    const params = homeStaticParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', { field: 'path' });
    return staticDocumentSend(request, reply, homeStatic(params.data.group, params.data.ui));
  });
  app.get(AREA_STATIC_PATH, async (request, reply) => staticDocumentSend(request, reply, areaStatic));

  // Operators set a dynamic config (an A/B share, a switch, the hosts, the domain players move to). Off unless OPS_TOKEN is set.
  app.post('/api/ops/dynconfig', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const parsed = opsDynconfigSetBody.safeParse(request.body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: String(parsed.error.issues[0]?.path.join('.') || 'body') });
    return envelopeOk(await dynconfigSet(deps.db, parsed.data));
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

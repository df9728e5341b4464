import { endpoint, PWA_MANIFEST_PATH, pwaAwardCheck, pwaAwardReport, pwaIndexGet, pwaManifestQuery } from '@piranha/contract';
import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { queryParse, routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { pwaAwardCheckGet, pwaAwardReportGet, pwaManifestFor, type PwaDeps } from './pwa.service.ts';

/** The manifest's query, checked as every endpoint's is (an unknown or malformed parameter is refused by name). */
const pwaManifestGet = endpoint({
  method: 'GET',
  path: PWA_MANIFEST_PATH,
  host: 'main',
  auth: 'none',
  query: pwaManifestQuery,
  body: z.undefined(),
  data: z.unknown(),
});

/** Spec §7: the manifest per brand and language, the PWA index, the installed-web-app award check and report (decision 053). */
export function pwaRoutes(app: FastifyInstance, deps: RouteDeps & PwaDeps): void {
  app.get(PWA_MANIFEST_PATH, async (request, reply) => {
    const query = queryParse(pwaManifestGet, request.query);
    const manifest = pwaManifestFor(request.ctx.variant, query);
    // The same for every visitor of the brand and language: a browser may keep it a while (it re-checks on launch).
    return reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(manifest));
  });
  routeRegister(app, deps, pwaIndexGet, async ({ user, ctx }) => {
    const check = await pwaAwardCheckGet(deps, user, ctx.variant.appKey);
    return { ...check, award_status: check.award_status === 1 ? (1 as const) : (0 as const) };
  });
  routeRegister(app, deps, pwaAwardCheck, ({ user, ctx }) => pwaAwardCheckGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, pwaAwardReport, ({ user, ctx, query }) => pwaAwardReportGet(deps, user, ctx.variant.appKey, query.display_mode));
}

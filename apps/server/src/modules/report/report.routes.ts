import { errorReport, logReport, mdUpload, textRedact } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { errorReportInsert, trackingEventsInsert } from './report.repository.ts';

/** What clients report about themselves: failed calls, tracking events, first-screen timings. */
export function reportRoutes(app: FastifyInstance, deps: RouteDeps): void {
  // A failed call's query and body may hold a session, a password or a code (older clients sent uid/sid in every
  // URL): they are kept with those values replaced, like the server's own log.
  routeRegister(app, deps, errorReport, async ({ body, ctx, user }) => ({
    id: await errorReportInsert(deps.db, {
      userId: user?.uid,
      appKey: ctx.variant.appKey,
      payload: { ...body, query: textRedact(body.query), body: textRedact(body.body) },
    }),
  }));

  routeRegister(app, deps, mdUpload, async ({ body, ctx, user }) => {
    const ids = await trackingEventsInsert(
      deps.db,
      body.events.map((event) => ({ kind: 'md' as const, event: event.event, userId: user?.uid, appKey: ctx.variant.appKey, payload: event })),
    );
    return { accepted: ids.length };
  });

  routeRegister(app, deps, logReport, async ({ body, ctx, user }) => {
    const [id] = await trackingEventsInsert(deps.db, [
      { kind: 'log', event: body.eid, userId: user?.uid, appKey: ctx.variant.appKey, loadingMs: body.data.loading_ms, payload: body },
    ]);
    return { id: id! };
  });
}

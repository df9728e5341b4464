import { errorReport, isTrackingClientEvent, logReport, mdUpload, textRedact, trackingParamsKept, TRACKING_UPLOADS_PER_MINUTE } from '@piranha/contract';
import { rateLimitCheck } from '../../plugins/rate-limit.ts';
import type { FastifyInstance } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { dayOf } from '../tracking/tracking.repository.ts';
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

  // Only the catalogue's client events are stored (decision 030): a name the server owns ("deposit_credited", …) or
  // does not know is dropped, so a forged money fact never reaches the funnel. The user is the session's, never the body's.
  routeRegister(app, deps, mdUpload, async ({ body, ctx, user }) => {
    if (user) await rateLimitCheck(deps.rateStore, `md:u:${user.uid}`, TRACKING_UPLOADS_PER_MINUTE);
    const day = dayOf(deps.now());
    const ids = await trackingEventsInsert(
      deps.db,
      body.events.flatMap((event) => {
        const name = event.event;
        if (!isTrackingClientEvent(name)) return [];
        return [
          {
            kind: 'md' as const,
            event: name,
            userId: user?.uid,
            appKey: ctx.variant.appKey,
            // Parameters outside the catalogue's (a typed e-mail, a phone) are never stored.
            payload: { cc: event.cc, cv: event.cv, time: event.time, params: trackingParamsKept(name, event.params) },
            day,
            eid: event.eid,
            visitor: event.uuid ?? ctx.params.uuid,
          },
        ];
      }),
    );
    return { accepted: ids.length };
  });

  routeRegister(app, deps, logReport, async ({ body, ctx, user }) => {
    const [id] = await trackingEventsInsert(deps.db, [
      {
        kind: 'log',
        event: body.eid,
        userId: user?.uid,
        appKey: ctx.variant.appKey,
        loadingMs: body.data.loading_ms,
        payload: body,
        day: dayOf(deps.now()),
      },
    ]);
    return { id: id! };
  });
}

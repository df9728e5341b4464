import { pddInfo, pddOpen, pddVisit } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { pddExpirePass, pddInfoGet, pddOpenPost, pddVisitPost } from './pdd.service.ts';

/** Share-to-cash-out (spec §2 /thin/pdd, §7 pdd and envelope; decision 063). The reward is withdrawn by finance pdd/withdraw. */
export function pddRoutes(app: FastifyInstance, deps: RouteDeps): void {
  routeRegister(app, deps, pddInfo, ({ user, ctx, request }) =>
    pddInfoGet(deps, { user, appKey: ctx.variant.appKey, smid: ctx.params.smid, ip: request.ip }, { protocol: request.protocol, host: request.host }),
  );
  routeRegister(app, deps, pddOpen, ({ user, ctx, request }) =>
    pddOpenPost(deps, { user, appKey: ctx.variant.appKey, smid: ctx.params.smid, ip: request.ip }, { protocol: request.protocol, host: request.host }),
  );
  routeRegister(app, deps, pddVisit, ({ user, body, ctx, request }) =>
    pddVisitPost(deps, { user, appKey: ctx.variant.appKey, smid: ctx.params.smid, ip: request.ip }, body.code),
  );
}

/** Envelopes past their expiry are marked expired every minute (leader job; the status is computed from the clock regardless). */
export function pddExpireJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: 'pdd-expire', scope: 'leader', everyMs: 60_000, atStart: 'soon', run: () => pddExpirePass(db, now()).then(() => undefined) };
}
